package httpretry

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// response builds a canned answer with the given status, headers and body.
func response(status int, headers map[string]string, body string) *http.Response {
	h := http.Header{}
	for k, v := range headers {
		h.Set(k, v)
	}
	return &http.Response{
		StatusCode: status,
		Status:     strconv.Itoa(status) + " " + http.StatusText(status),
		Header:     h,
		Body:       io.NopCloser(strings.NewReader(body)),
	}
}

// hookSays is a RateLimit hook that always recognises a rate limit.
func hookSays(wait time.Duration) func(*http.Response, time.Time, int) (time.Duration, string, bool) {
	return func(*http.Response, time.Time, int) (time.Duration, string, bool) { return wait, "hook", true }
}

func hookSilent(*http.Response, time.Time, int) (time.Duration, string, bool) { return 0, "", false }

func TestDecide(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 28, 12, 0, 0, 0, time.UTC)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	allow := func(*http.Request) bool { return true }
	deny := func(*http.Request) bool { return false }
	tests := []struct {
		name       string
		method     string
		ctx        context.Context
		resp       *http.Response
		err        error
		tweak      func(*Transport)
		wantRetry  bool
		wantWait   time.Duration // exact when non-zero, else a backoff
		wantReason string        // when non-empty
	}{
		{name: "transport error, GET", method: "GET", err: errors.New("reset"), wantRetry: true, wantReason: "transport error: reset"},
		{name: "transport error, PUT", method: "PUT", err: errors.New("reset"), wantRetry: true},
		{name: "transport error, POST", method: "POST", err: errors.New("reset")},
		{name: "transport error, our context ended", method: "GET", ctx: cancelled, err: context.Canceled},
		{name: "502 GET", method: "GET", resp: response(502, nil, ""), wantRetry: true, wantReason: "502 Bad Gateway"},
		{name: "502 POST by default", method: "POST", resp: response(502, nil, "")},
		{name: "502 POST admitted by RetryServerError", method: "POST", resp: response(502, nil, ""), tweak: func(t *Transport) { t.RetryServerError = allow }, wantRetry: true},
		{name: "502 GET refused by RetryServerError", method: "GET", resp: response(502, nil, ""), tweak: func(t *Transport) { t.RetryServerError = deny }},
		{name: "503 Retry-After seconds", method: "GET", resp: response(503, map[string]string{"Retry-After": "3"}, ""), wantRetry: true, wantWait: 3 * time.Second, wantReason: "503 Service Unavailable (Retry-After)"},
		{name: "503 Retry-After date", method: "GET", resp: response(503, map[string]string{"Retry-After": now.Add(4 * time.Second).Format(http.TimeFormat)}, ""), wantRetry: true, wantWait: 4 * time.Second},
		{name: "429 Retry-After, POST", method: "POST", resp: response(429, map[string]string{"Retry-After": "7"}, ""), tweak: func(t *Transport) { t.RateLimit = hookSays(time.Hour) }, wantRetry: true, wantWait: 7 * time.Second, wantReason: "rate limited (Retry-After)"},
		{name: "429 RateLimit hook", method: "POST", resp: response(429, nil, ""), tweak: func(t *Transport) { t.RateLimit = hookSays(9 * time.Second) }, wantRetry: true, wantWait: 9 * time.Second, wantReason: "hook"},
		{name: "429 hook silent", method: "GET", resp: response(429, nil, ""), tweak: func(t *Transport) { t.RateLimit = hookSilent }, wantRetry: true, wantReason: "429 Too Many Requests"},
		{name: "429 bare", method: "GET", resp: response(429, nil, ""), wantRetry: true},
		{name: "403 Retry-After, not a rate-limit status", method: "GET", resp: response(403, map[string]string{"Retry-After": "2"}, ""), tweak: func(t *Transport) { t.RateLimit = hookSays(time.Second) }},
		{name: "403 Retry-After, a rate-limit status", method: "GET", resp: response(403, map[string]string{"Retry-After": "2"}, ""), tweak: func(t *Transport) { t.RateLimitStatuses = []int{403} }, wantRetry: true, wantWait: 2 * time.Second},
		{name: "403 hook, a rate-limit status", method: "POST", resp: response(403, nil, ""), tweak: func(t *Transport) { t.RateLimitStatuses, t.RateLimit = []int{403}, hookSays(5*time.Second) }, wantRetry: true, wantWait: 5 * time.Second},
		{name: "403 nothing, a rate-limit status", method: "GET", resp: response(403, nil, ""), tweak: func(t *Transport) { t.RateLimitStatuses, t.RateLimit = []int{403}, hookSilent }},
		{name: "404 never asks the hook", method: "GET", resp: response(404, nil, ""), tweak: func(t *Transport) { t.RateLimit = hookSays(time.Second) }},
		{name: "200", method: "GET", resp: response(200, nil, "")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rt := &Transport{MaxWait: time.Minute, BaseDelay: 100 * time.Millisecond, Now: func() time.Time { return now }}
			if tt.tweak != nil {
				tt.tweak(rt)
			}
			ctx := tt.ctx
			if ctx == nil {
				ctx = context.Background()
			}
			req, _ := http.NewRequestWithContext(ctx, tt.method, "https://api.example.com/x", nil)
			wait, reason, retry := rt.Decide(req, tt.resp, tt.err, 1)
			if retry != tt.wantRetry {
				t.Fatalf("retry = %v (%q), want %v", retry, reason, tt.wantRetry)
			}
			switch {
			case !retry:
			case tt.wantWait != 0 && wait != tt.wantWait:
				t.Errorf("wait = %v, want %v", wait, tt.wantWait)
			case tt.wantWait == 0 && (wait < 50*time.Millisecond || wait > 100*time.Millisecond):
				t.Errorf("wait = %v, want a first backoff within [50ms, 100ms]", wait)
			}
			if tt.wantReason != "" && reason != tt.wantReason {
				t.Errorf("reason = %q, want %q", reason, tt.wantReason)
			}
		})
	}
}

// TestRateLimitHookArguments checks the hook sees the clock and the attempt
// it needs to compute a reset or a growing wait.
func TestRateLimitHookArguments(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 28, 12, 0, 0, 0, time.UTC)
	var gotNow time.Time
	var gotAttempt int
	rt := &Transport{MaxWait: time.Minute, Now: func() time.Time { return now }}
	rt.RateLimit = func(_ *http.Response, n time.Time, attempt int) (time.Duration, string, bool) {
		gotNow, gotAttempt = n, attempt
		return 0, "", false
	}
	req, _ := http.NewRequest(http.MethodGet, "https://api.example.com/x", nil)
	rt.Decide(req, response(429, nil, ""), nil, 3)
	if !gotNow.Equal(now) || gotAttempt != 3 {
		t.Errorf("hook saw now %v, attempt %d; want %v, 3", gotNow, gotAttempt, now)
	}
}
