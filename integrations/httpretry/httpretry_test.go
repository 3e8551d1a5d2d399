package httpretry

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// fakeNext answers from a list of canned answers (the last one repeats) and
// records what it was sent and whether each answer's body was closed.
type fakeNext struct {
	answers []func() (*http.Response, error)
	bodies  []string
	closed  []*atomic.Bool
}

func (f *fakeNext) RoundTrip(req *http.Request) (*http.Response, error) {
	body := ""
	if req.Body != nil {
		b, _ := io.ReadAll(req.Body)
		_ = req.Body.Close()
		body = string(b)
	}
	f.bodies = append(f.bodies, body)
	resp, err := f.answers[min(len(f.bodies), len(f.answers))-1]()
	if resp != nil {
		c := new(atomic.Bool)
		f.closed = append(f.closed, c)
		resp.Body = closeRecorder{ReadCloser: resp.Body, closed: c}
	}
	return resp, err
}

type closeRecorder struct {
	io.ReadCloser
	closed *atomic.Bool
}

func (c closeRecorder) Close() error {
	c.closed.Store(true)
	return c.ReadCloser.Close()
}

func answer(status int, headers map[string]string, body string) func() (*http.Response, error) {
	return func() (*http.Response, error) { return response(status, headers, body), nil }
}

func failure(err error) func() (*http.Response, error) {
	return func() (*http.Response, error) { return nil, err }
}

func newTransport(next http.RoundTripper) *Transport {
	return &Transport{Next: next, MaxWait: time.Second, MaxAttempts: 5, BaseDelay: time.Millisecond, Service: "test"}
}

func TestRoundTripReplaysBodyAndDrainsDiscarded(t *testing.T) {
	t.Parallel()
	next := &fakeNext{answers: []func() (*http.Response, error){answer(429, map[string]string{"Retry-After": "0"}, "slow down"), answer(201, nil, "{}")}}
	req, _ := http.NewRequest(http.MethodPost, "https://api.example.com/x", bytes.NewBufferString("payload"))
	resp, err := newTransport(next).RoundTrip(req)
	if err != nil || resp.StatusCode != 201 {
		t.Fatalf("RoundTrip = %v, %v; want 201", resp, err)
	}
	if len(next.bodies) != 2 || next.bodies[0] != "payload" || next.bodies[1] != "payload" {
		t.Errorf("bodies sent = %q, want the payload twice", next.bodies)
	}
	if !next.closed[0].Load() || next.closed[1].Load() {
		t.Errorf("closed = [%v %v], want only the discarded answer closed", next.closed[0].Load(), next.closed[1].Load())
	}
}

func TestRoundTripStops(t *testing.T) {
	t.Parallel()
	t.Run("after MaxAttempts", func(t *testing.T) {
		t.Parallel()
		next := &fakeNext{answers: []func() (*http.Response, error){answer(502, nil, "down")}}
		rt := newTransport(next)
		rt.MaxAttempts = 3
		req, _ := http.NewRequest(http.MethodGet, "https://api.example.com/x", nil)
		resp, err := rt.RoundTrip(req)
		if err != nil || resp.StatusCode != 502 || len(next.bodies) != 3 {
			t.Fatalf("RoundTrip = %v, %v after %d attempts; want 502 after 3", resp, err, len(next.bodies))
		}
		if b, _ := io.ReadAll(resp.Body); string(b) != "down" {
			t.Errorf("last body = %q, want it unread", b)
		}
	})
	t.Run("body without GetBody", func(t *testing.T) {
		t.Parallel()
		next := &fakeNext{answers: []func() (*http.Response, error){answer(502, nil, "")}}
		req, _ := http.NewRequest(http.MethodGet, "https://api.example.com/x", io.NopCloser(strings.NewReader("x")))
		req.GetBody = nil
		if resp, _ := newTransport(next).RoundTrip(req); resp.StatusCode != 502 || len(next.bodies) != 1 {
			t.Errorf("status %d after %d attempts, want 502 after 1", resp.StatusCode, len(next.bodies))
		}
	})
	t.Run("wait beyond MaxWait", func(t *testing.T) {
		t.Parallel()
		next := &fakeNext{answers: []func() (*http.Response, error){answer(429, map[string]string{"Retry-After": "30"}, "limited")}}
		req, _ := http.NewRequest(http.MethodGet, "https://api.example.com/x", nil)
		start := time.Now()
		resp, err := newTransport(next).RoundTrip(req)
		if err != nil || resp.StatusCode != 429 || len(next.bodies) != 1 || time.Since(start) > 500*time.Millisecond {
			t.Fatalf("RoundTrip = %v, %v after %d attempts and %v; want the 429 at once", resp, err, len(next.bodies), time.Since(start))
		}
		if b, _ := io.ReadAll(resp.Body); string(b) != "limited" {
			t.Errorf("body = %q, want it unread", b)
		}
	})
	t.Run("context ends while waiting", func(t *testing.T) {
		t.Parallel()
		next := &fakeNext{answers: []func() (*http.Response, error){answer(429, map[string]string{"Retry-After": "1"}, "")}}
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/x", nil)
		start := time.Now()
		if _, err := newTransport(next).RoundTrip(req); !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 900*time.Millisecond {
			t.Errorf("err = %v after %v, want the deadline well before Retry-After", err, time.Since(start))
		}
	})
}

func TestRoundTripBodyReplayError(t *testing.T) {
	t.Parallel()
	next := &fakeNext{answers: []func() (*http.Response, error){answer(502, nil, "")}}
	req, _ := http.NewRequest(http.MethodPut, "https://api.example.com/x", strings.NewReader("x"))
	boom := errors.New("boom")
	req.GetBody = func() (io.ReadCloser, error) { return nil, boom }
	_, err := newTransport(next).RoundTrip(req)
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "test: replaying the body of PUT /x") {
		t.Errorf("err = %v, want the GetBody error with context", err)
	}
}

func TestRoundTripObservesEveryAttempt(t *testing.T) {
	t.Parallel()
	next := &fakeNext{answers: []func() (*http.Response, error){
		failure(errors.New("reset")),
		answer(503, map[string]string{"X-Seen": "a"}, ""),
		answer(200, map[string]string{"X-Seen": "b"}, ""),
	}}
	var got []string
	rt := newTransport(next)
	rt.Observe = func(method, path string, status int, h http.Header) {
		got = append(got, method+" "+path+" "+http.StatusText(status)+" "+h.Get("X-Seen"))
	}
	req, _ := http.NewRequest(http.MethodGet, "https://api.example.com/x", nil)
	if _, err := rt.RoundTrip(req); err != nil {
		t.Fatal(err)
	}
	want := []string{"GET /x  ", "GET /x Service Unavailable a", "GET /x OK b"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("observed %q, want %q", got, want)
	}
}

func TestBackoffIsBoundedAndJittered(t *testing.T) {
	t.Parallel()
	for attempt := 1; attempt <= 70; attempt++ {
		d := Backoff(time.Second, 3*time.Second, attempt)
		full := 3 * time.Second
		if attempt <= 2 {
			full = time.Second << (attempt - 1)
		}
		if d < full/2 || d > full {
			t.Errorf("Backoff(1s, 3s, %d) = %v, want within [%v, %v]", attempt, d, full/2, full)
		}
	}
	// A zero BaseDelay means DefaultBaseDelay, never an immediate MaxWait.
	if d := (&Transport{MaxWait: time.Minute}).Backoff(1); d < DefaultBaseDelay/2 || d > DefaultBaseDelay {
		t.Errorf("Backoff(1) with no BaseDelay = %v, want within [%v, %v]", d, DefaultBaseDelay/2, DefaultBaseDelay)
	}
}

func TestRetryAfter(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 28, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		v    string
		want time.Duration
		ok   bool
	}{
		{"1", time.Second, true},
		{" 30 ", 30 * time.Second, true},
		{"0", 0, true},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second, true},
		{now.Add(-time.Minute).Format(http.TimeFormat), 0, true},
		{"", 0, false},
		{"-1", 0, false},
		{"soon", 0, false},
	} {
		h := http.Header{}
		if tc.v != "" {
			h.Set("Retry-After", tc.v)
		}
		got, ok := RetryAfter(h, now)
		if got != tc.want || ok != tc.ok {
			t.Errorf("RetryAfter(%q) = %v, %v; want %v, %v", tc.v, got, ok, tc.want, tc.ok)
		}
	}
}

func TestIdempotent(t *testing.T) {
	t.Parallel()
	for method, want := range map[string]bool{
		"GET": true, "HEAD": true, "OPTIONS": true, "PUT": true, "DELETE": true,
		"POST": false, "PATCH": false, "CONNECT": false,
	} {
		if got := Idempotent(method); got != want {
			t.Errorf("Idempotent(%s) = %v, want %v", method, got, want)
		}
	}
}

func TestSleep(t *testing.T) {
	t.Parallel()
	done, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		d    time.Duration
		want error
	}{
		{"zero, live context", context.Background(), 0, nil},
		{"zero, ended context", done, 0, context.Canceled},
		{"short wait", context.Background(), time.Millisecond, nil},
		{"ended context cuts a long wait", done, time.Hour, context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if err := Sleep(tt.ctx, tt.d); !errors.Is(err, tt.want) {
				t.Errorf("Sleep = %v, want %v", err, tt.want)
			}
		})
	}
}
