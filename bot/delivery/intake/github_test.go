package intake

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/engineo/autoverify/bot/delivery/queue"
)

var secret = []byte("It's a Secret to Everybody")

// fakeQueue records jobs; it does no deduplication of its own, so the tests
// see exactly what the intake lets through.
type fakeQueue struct {
	mu   sync.Mutex
	jobs []queue.Job
	err  error
}

func (q *fakeQueue) Enqueue(_ context.Context, j queue.Job) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.err != nil {
		return q.err
	}
	q.jobs = append(q.jobs, j)
	return nil
}

func (q *fakeQueue) setErr(err error) { q.mu.Lock(); q.err = err; q.mu.Unlock() }

func (q *fakeQueue) count() int { q.mu.Lock(); defer q.mu.Unlock(); return len(q.jobs) }

type failingDeduper struct{}

func (failingDeduper) Seen(context.Context, ...string) (bool, error) {
	return false, errors.New("connection refused")
}

// recorder is an Observer that notes every call.
type recorder struct {
	mu    sync.Mutex
	calls []string
}

func (r *recorder) add(s string)        { r.mu.Lock(); r.calls = append(r.calls, s); r.mu.Unlock() }
func (r *recorder) Received(src string) { r.add("received " + src) }
func (r *recorder) Rejected(src, ev string, why Reason) {
	r.add(fmt.Sprintf("rejected %s %q %s", src, ev, why))
}
func (r *recorder) Pong(src string)        { r.add("pong " + src) }
func (r *recorder) Ignored(src, ev string) { r.add("ignored " + src + " " + ev) }
func (r *recorder) Deduplicated(src, ev string, why Reason) {
	r.add(fmt.Sprintf("duplicate %s %s %s", src, ev, why))
}
func (r *recorder) Accepted(src, ev string, _ time.Duration) { r.add("accepted " + src + " " + ev) }
func (r *recorder) Failed(src, ev string, why Reason) {
	r.add(fmt.Sprintf("failed %s %s %s", src, ev, why))
}

func (r *recorder) last() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.calls) == 0 {
		return ""
	}
	return r.calls[len(r.calls)-1]
}

func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

const commentBody = `{"action":"created","issue":{"number":7},"comment":{"id":1,"body":"/verify"}}`

type delivery struct {
	method string
	id     string
	event  string
	body   string
	sig    string // "" signs body with secret; "-" sends no signature
	chunk  bool   // hide the length (chunked transfer)
}

func (d delivery) request() *http.Request {
	method := d.method
	if method == "" {
		method = http.MethodPost
	}
	var body io.Reader = strings.NewReader(d.body)
	if d.chunk {
		body = io.MultiReader(body) // not a type NewRequest can size
	}
	r := httptest.NewRequest(method, "/webhooks/github", body)
	if d.chunk {
		r.ContentLength = -1
	}
	if d.id != "" {
		r.Header.Set("X-GitHub-Delivery", d.id)
	}
	if d.event != "" {
		r.Header.Set("X-GitHub-Event", d.event)
	}
	switch d.sig {
	case "":
		r.Header.Set("X-Hub-Signature-256", Sign(secret, []byte(d.body)))
	case "-":
	default:
		r.Header.Set("X-Hub-Signature-256", d.sig)
	}
	r.Header.Set("Content-Type", "application/json")
	return r
}

func comment(id string) delivery {
	return delivery{id: id, event: "issue_comment", body: commentBody}
}

func TestGitHubStatuses(t *testing.T) {
	big := `{"pad":"` + strings.Repeat("x", 2048) + `"}`
	tests := []struct {
		name       string
		prime      []delivery // sent first, each must be accepted
		send       delivery
		queueErr   error
		dedup      Deduper
		wantStatus int
		wantBody   string
		wantJobs   int
		wantObs    string
	}{
		{name: "valid", send: comment("d-1"), wantStatus: 202, wantBody: "accepted", wantJobs: 1, wantObs: `accepted github issue_comment`},
		{name: "missing signature", send: delivery{id: "d-1", event: "issue_comment", body: commentBody, sig: "-"}, wantStatus: 401, wantObs: `rejected github "" signature`},
		{name: "wrong signature", send: delivery{id: "d-1", event: "issue_comment", body: commentBody, sig: Sign([]byte("other"), []byte(commentBody))}, wantStatus: 401, wantObs: `rejected github "" signature`},
		{name: "signature of another body", send: delivery{id: "d-1", event: "issue_comment", body: commentBody, sig: Sign(secret, []byte(commentBody+" "))}, wantStatus: 401},
		{name: "wrong prefix", send: delivery{id: "d-1", event: "issue_comment", body: commentBody, sig: "sha1=" + strings.TrimPrefix(Sign(secret, []byte(commentBody)), "sha256=")}, wantStatus: 401},
		{name: "bare hex", send: delivery{id: "d-1", event: "issue_comment", body: commentBody, sig: strings.TrimPrefix(Sign(secret, []byte(commentBody)), "sha256=")}, wantStatus: 401},
		{name: "oversized body", send: delivery{id: "d-1", event: "issue_comment", body: big}, wantStatus: 413, wantObs: `rejected github "" too_large`},
		{name: "oversized chunked body", send: delivery{id: "d-1", event: "issue_comment", body: big, chunk: true}, wantStatus: 413},
		{name: "chunked body within the cap", send: delivery{id: "d-1", event: "issue_comment", body: commentBody, chunk: true}, wantStatus: 202, wantBody: "accepted", wantJobs: 1},
		{name: "malformed JSON", send: delivery{id: "d-1", event: "issue_comment", body: `{"action":`}, wantStatus: 400, wantObs: `rejected github "issue_comment" json`},
		{name: "unknown event", send: delivery{id: "d-1", event: "star", body: `{"action":"created"}`}, wantStatus: 202, wantBody: "ignored: star", wantObs: "ignored github star"},
		{name: "our own check run completing", send: delivery{id: "d-1", event: "check_run", body: `{"action":"completed"}`}, wantStatus: 202, wantBody: "ignored: check_run", wantObs: "ignored github check_run"},
		{name: "a rerun asked for on the check run", send: delivery{id: "d-1", event: "check_run", body: `{"action":"requested_action"}`}, wantStatus: 202, wantBody: "accepted", wantJobs: 1},
		{name: "GitHub's Re-run", send: delivery{id: "d-1", event: "check_run", body: `{"action":"rerequested"}`}, wantStatus: 202, wantBody: "accepted", wantJobs: 1},
		{name: "ping", send: delivery{id: "d-1", event: "ping", body: `{"zen":"Keep it logically awesome."}`}, wantStatus: 200, wantBody: "pong", wantObs: "pong github"},
		{name: "missing delivery ID", send: delivery{event: "issue_comment", body: commentBody}, wantStatus: 400, wantObs: `rejected github "issue_comment" delivery`},
		{name: "overlong delivery ID", send: delivery{id: strings.Repeat("a", 129), event: "issue_comment", body: commentBody}, wantStatus: 400},
		{name: "missing event", send: delivery{id: "d-1", body: commentBody}, wantStatus: 400, wantObs: `rejected github "" event`},
		{name: "GET", send: delivery{method: http.MethodGet, id: "d-1", event: "issue_comment"}, wantStatus: 405, wantObs: `rejected github "" method`},
		{name: "duplicate ID", prime: []delivery{comment("d-1")}, send: delivery{id: "d-1", event: "issue_comment", body: `{"other":"body"}`}, wantStatus: 200, wantBody: "duplicate", wantJobs: 1, wantObs: "duplicate github issue_comment seen"},
		{name: "redelivery", prime: []delivery{comment("d-1")}, send: comment("d-1"), wantStatus: 200, wantBody: "duplicate", wantJobs: 1},
		{name: "duplicate body with new ID", prime: []delivery{comment("d-1")}, send: comment("d-2"), wantStatus: 200, wantBody: "duplicate", wantJobs: 1},
		{name: "different deliveries", prime: []delivery{comment("d-1")}, send: delivery{id: "d-2", event: "pull_request", body: `{"action":"opened"}`}, wantStatus: 202, wantBody: "accepted", wantJobs: 2},
		{name: "queue error", send: comment("d-1"), queueErr: errors.New("redis: connection refused"), wantStatus: 503, wantObs: "failed github issue_comment enqueue"},
		{name: "queue says duplicate", send: comment("d-1"), queueErr: fmt.Errorf("asynq: %w", queue.ErrDuplicate), wantStatus: 200, wantBody: "duplicate", wantObs: "duplicate github issue_comment queue"},
		{name: "dedupe store error", send: comment("d-1"), dedup: failingDeduper{}, wantStatus: 503, wantObs: "failed github issue_comment dedupe"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := &fakeQueue{}
			obs := &recorder{}
			h := NewGitHub(GitHubConfig{Secret: secret, Queue: q, Dedup: tc.dedup, MaxBody: 1024, Logger: quietLogger(), Observer: obs})
			for _, p := range tc.prime {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, p.request())
				if rec.Code != http.StatusAccepted {
					t.Fatalf("priming delivery %s: %d %s", p.id, rec.Code, rec.Body)
				}
			}
			q.setErr(tc.queueErr)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, tc.send.request())
			if rec.Code != tc.wantStatus {
				t.Fatalf("status %d (%q), want %d", rec.Code, rec.Body, tc.wantStatus)
			}
			if got := strings.TrimSpace(rec.Body.String()); tc.wantBody != "" && got != tc.wantBody {
				t.Fatalf("body %q, want %q", got, tc.wantBody)
			}
			if n := q.count(); n != tc.wantJobs {
				t.Fatalf("%d jobs enqueued, want %d", n, tc.wantJobs)
			}
			if tc.wantObs != "" && obs.last() != tc.wantObs {
				t.Fatalf("last observation %q, want %q (all: %q)", obs.last(), tc.wantObs, obs.calls)
			}
			switch tc.wantStatus {
			case 405:
				if rec.Header().Get("Allow") != "POST" {
					t.Fatalf("Allow = %q", rec.Header().Get("Allow"))
				}
			case 503:
				if rec.Header().Get("Retry-After") != "60" {
					t.Fatalf("Retry-After = %q", rec.Header().Get("Retry-After"))
				}
			}
		})
	}
}

func TestGitHubJobFields(t *testing.T) {
	q := &fakeQueue{}
	h := NewGitHub(GitHubConfig{Secret: secret, Queue: q, Logger: quietLogger()})
	before := time.Now()
	rec := httptest.NewRecorder()
	d := comment("72d3162e-cc78-11e3-81ab-4c9367dc0958")
	d.body = "{ \"action\": \"created\",\n \"comment\": {\"body\": \"/verify \\u00e9\"} }"
	h.ServeHTTP(rec, d.request())
	if rec.Code != http.StatusAccepted || q.count() != 1 {
		t.Fatalf("status %d, %d jobs", rec.Code, q.count())
	}
	j := q.jobs[0]
	if j.ID != d.id || j.Source != "github" || j.Event != "issue_comment" || string(j.Payload) != d.body {
		t.Fatalf("job %+v", j)
	}
	if j.Received.Before(before.Add(-time.Second)) || j.Received.After(time.Now()) || j.Received.Location() != time.UTC {
		t.Fatalf("Received = %v", j.Received)
	}
}

// A failed enqueue forgets the delivery, so GitHub's (manual) redelivery of
// it is accepted instead of being taken for a duplicate.
func TestGitHubRedeliveryAfterQueueFailure(t *testing.T) {
	for name, mk := range dedupers(t, time.Hour) {
		t.Run(name, func(t *testing.T) {
			q := &fakeQueue{err: errors.New("down")}
			h := NewGitHub(GitHubConfig{Secret: secret, Queue: q, Dedup: mk(t), Logger: quietLogger(), RetryAfter: 5 * time.Second})
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, comment("d-9").request())
			if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "5" {
				t.Fatalf("status %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
			}
			q.setErr(nil)
			rec = httptest.NewRecorder()
			h.ServeHTTP(rec, comment("d-9").request())
			if rec.Code != http.StatusAccepted || q.count() != 1 {
				t.Fatalf("redelivery: status %d (%s), %d jobs", rec.Code, rec.Body, q.count())
			}
		})
	}
}

func TestGitHubConcurrentIdenticalDeliveries(t *testing.T) {
	for name, mk := range dedupers(t, time.Hour) {
		t.Run(name, func(t *testing.T) {
			q := &fakeQueue{}
			srv := httptest.NewServer(NewGitHub(GitHubConfig{Secret: secret, Queue: q, Dedup: mk(t), Logger: quietLogger()}))
			defer srv.Close()
			var wg sync.WaitGroup
			var mu sync.Mutex
			codes := map[int]int{}
			start := make(chan struct{})
			for range 50 {
				wg.Go(func() {
					d := comment("same-delivery")
					r := d.request()
					req, err := http.NewRequest(http.MethodPost, srv.URL+"/webhooks/github", strings.NewReader(d.body))
					if err != nil {
						t.Error(err)
						return
					}
					req.Header = r.Header
					<-start
					resp, err := srv.Client().Do(req)
					if err != nil {
						t.Error(err)
						return
					}
					_, _ = io.Copy(io.Discard, resp.Body)
					_ = resp.Body.Close()
					mu.Lock()
					codes[resp.StatusCode]++
					mu.Unlock()
				})
			}
			close(start)
			wg.Wait()
			if q.count() != 1 || codes[202] != 1 || codes[200] != 49 {
				t.Fatalf("%d jobs enqueued, statuses %v; want 1 job, 1×202 and 49×200", q.count(), codes)
			}
		})
	}
}

func TestGitHubConfig(t *testing.T) {
	for _, cfg := range []GitHubConfig{{Queue: &fakeQueue{}}, {Secret: secret}, {Secret: secret, Queue: &fakeQueue{}, MaxBody: -1}} {
		if cfg.Validate() == nil {
			t.Errorf("Validate(%+v) = nil", cfg)
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("NewGitHub(%+v) did not panic", cfg)
				}
			}()
			NewGitHub(cfg)
		}()
	}
	// Events replaces the default set.
	q := &fakeQueue{}
	h := NewGitHub(GitHubConfig{Secret: secret, Queue: q, Logger: quietLogger(), Events: map[string]bool{"push": true}})
	for _, d := range []delivery{comment("x1"), {id: "x2", event: "push", body: `{"ref":"main"}`}} {
		h.ServeHTTP(httptest.NewRecorder(), d.request())
	}
	if q.count() != 1 || q.jobs[0].Event != "push" {
		t.Fatalf("jobs %+v", q.jobs)
	}
}

func TestVerify(t *testing.T) {
	body := []byte(`{"a":1}`)
	good := Sign(secret, body)
	for _, tc := range []struct {
		name   string
		secret []byte
		header string
		want   bool
	}{
		{"good", secret, good, true},
		{"upper-case hex", secret, "sha256=" + strings.ToUpper(strings.TrimPrefix(good, "sha256=")), true},
		{"empty header", secret, "", false},
		{"prefix only", secret, "sha256=", false},
		{"sha1 prefix", secret, "sha1=" + strings.TrimPrefix(good, "sha256="), false},
		{"upper-case prefix", secret, "SHA256=" + strings.TrimPrefix(good, "sha256="), false},
		{"truncated", secret, good[:len(good)-2], false},
		{"extended", secret, good + "00", false},
		{"not hex", secret, "sha256=" + strings.Repeat("zz", 32), false},
		{"one bit off", secret, good[:len(good)-1] + map[bool]string{true: "0", false: "1"}[good[len(good)-1] != '0'], false},
		{"other secret", []byte("x"), good, false},
		{"empty secret", nil, Sign(nil, body), false},
	} {
		if got := Verify(tc.secret, body, tc.header); got != tc.want {
			t.Errorf("%s: Verify = %v, want %v", tc.name, got, tc.want)
		}
	}
	// GitHub's documented example (docs.github.com, "Validating webhook
	// deliveries").
	if !Verify([]byte("It's a Secret to Everybody"), []byte("Hello, World!"),
		"sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17") {
		t.Error("GitHub's test vector does not verify")
	}
}
