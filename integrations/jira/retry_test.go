package jira

import (
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestRateLimitReset(t *testing.T) {
	now := time.Date(2026, 1, 28, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		v    string
		want time.Duration
		ok   bool
	}{
		{"2026-01-28T12:02Z", 2 * time.Minute, true},
		{"2026-01-28T12:00:30Z", 30 * time.Second, true},
		{"2026-01-28T11:00Z", 0, true},
		{"", 0, false},
		{"tomorrow", 0, false},
	} {
		h := http.Header{}
		if tc.v != "" {
			h.Set("X-RateLimit-Reset", tc.v)
		}
		got, ok := rateLimitReset(h, now)
		if got != tc.want || ok != tc.ok {
			t.Errorf("rateLimitReset(%q) = %v, %v; want %v, %v", tc.v, got, ok, tc.want, tc.ok)
		}
	}
}

func TestBackoffIsBoundedAndJittered(t *testing.T) {
	rt := newRetryTransport(nil, 3*time.Second, 5, nil, nil)
	for attempt := 1; attempt <= 10; attempt++ {
		d := rt.Backoff(attempt)
		full := min(time.Second<<(attempt-1), 3*time.Second)
		if d < full/2 || d > full {
			t.Errorf("backoff(%d) = %v, want within [%v, %v]", attempt, d, full/2, full)
		}
	}
}

func TestMentionsRun(t *testing.T) {
	for _, tc := range []struct {
		body, run string
		want      bool
	}{
		{"report\n\n" + RunLine("r1"), "r1", true},
		{"report\n\n" + RunLine("r12"), "r1", false},
		{"report\n\n" + RunLine("r1"), "r12", false},
		{"autoverify run r1", "r1", true},
		{"see autoverify run r1.", "r1", false}, // '.' may be part of an ID
		{"{color:#97a0af}autoverify run r1{color}", "r1", true},
		{"autoverify run r12 and autoverify run r1\n", "r1", true},
		{"autoverify r1", "r1", false},
		{"", "r1", false},
	} {
		if got := mentionsRun(tc.body, tc.run); got != tc.want {
			t.Errorf("mentionsRun(%q, %q) = %v, want %v", tc.body, tc.run, got, tc.want)
		}
	}
}

func TestRunIDIn(t *testing.T) {
	for _, tc := range []struct {
		body, id string
		ok       bool
	}{
		{"report\n\n" + RunLine("20260128T120000Z-ab12"), "20260128T120000Z-ab12", true},
		{"autoverify run r1 then autoverify run r2", "r2", true},
		{"/verify please", "", false},
		{"autoverify run ", "", false},
	} {
		id, ok := RunIDIn(tc.body)
		if id != tc.id || ok != tc.ok {
			t.Errorf("RunIDIn(%q) = %q, %v; want %q, %v", tc.body, id, ok, tc.id, tc.ok)
		}
	}
}

func TestTruncateRunes(t *testing.T) {
	if got := truncateRunes("héllo", 5); got != "héllo" {
		t.Fatalf("short string changed: %q", got)
	}
	long := strings.Repeat("é", 100)
	got := truncateRunes(long, 40)
	if n := utf8.RuneCountInString(got); n != 40 || !utf8.ValidString(got) || !strings.HasSuffix(got, "_(truncated)_") {
		t.Fatalf("truncateRunes = %q (%d runes)", got, n)
	}
}
