package github

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/engineo/autoverify/integrations/httpretry"
)

// stubTransport answers from a list of canned responses and records the
// bodies it was sent.
type stubTransport struct {
	answers []func() (*http.Response, error)
	bodies  []string
}

func (s *stubTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		b, _ := io.ReadAll(req.Body)
		_ = req.Body.Close()
		s.bodies = append(s.bodies, string(b))
	} else {
		s.bodies = append(s.bodies, "")
	}
	i := min(len(s.bodies)-1, len(s.answers)-1)
	return s.answers[i]()
}

func answer(status int, headers map[string]string, body string) func() (*http.Response, error) {
	return func() (*http.Response, error) {
		h := http.Header{}
		for k, v := range headers {
			h.Set(k, v)
		}
		return &http.Response{StatusCode: status, Status: strconv.Itoa(status) + " " + http.StatusText(status), Header: h, Body: io.NopCloser(strings.NewReader(body))}, nil
	}
}

func newTestRetry(next http.RoundTripper) *httpretry.Transport {
	rt := newRetryTransport(next, time.Second, 5, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	rt.BaseDelay = time.Millisecond
	return rt
}

func TestRetryDecisions(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_700_000_000, 0)
	tests := []struct {
		name      string
		status    int
		headers   map[string]string
		body      string
		wantRetry bool
		wantWait  time.Duration // exact when non-zero
	}{
		{"502", 502, nil, "", true, 0},
		{"503 with Retry-After", 503, map[string]string{"Retry-After": "3"}, "", true, 3 * time.Second},
		{"429 with Retry-After", 429, map[string]string{"Retry-After": "7"}, "", true, 7 * time.Second},
		{"429 bare", 429, nil, "", true, 0},
		{"403 secondary with Retry-After", 403, map[string]string{"Retry-After": "2"}, `{"message":"secondary rate limit"}`, true, 2 * time.Second},
		{"403 secondary, no headers", 403, nil, `{"message":"You have exceeded a secondary rate limit."}`, true, time.Minute},
		{"403 primary", 403, map[string]string{"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": strconv.FormatInt(now.Unix()+10, 10)}, "", true, 11 * time.Second},
		{"403 primary, reset passed", 403, map[string]string{"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": strconv.FormatInt(now.Unix()-10, 10)}, "", true, time.Second},
		{"403 permission", 403, map[string]string{"X-RateLimit-Remaining": "4000"}, `{"message":"Resource not accessible by integration"}`, false, 0},
		{"404", 404, nil, "", false, 0},
		{"422", 422, nil, "", false, 0},
		{"401", 401, nil, "", false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rt := newTestRetry(nil)
			rt.Now = func() time.Time { return now }
			resp, _ := answer(tt.status, tt.headers, tt.body)()
			req, _ := http.NewRequest(http.MethodGet, "https://api.github.com/x", nil)
			wait, _, retry := rt.Decide(req, resp, nil, 1)
			if retry != tt.wantRetry {
				t.Fatalf("retry = %v, want %v", retry, tt.wantRetry)
			}
			if tt.wantWait != 0 && wait != tt.wantWait {
				t.Errorf("wait = %v, want %v", wait, tt.wantWait)
			}
			// The body peeked at must still be readable in full.
			if b, _ := io.ReadAll(resp.Body); string(b) != tt.body {
				t.Errorf("body after decide = %q, want %q", b, tt.body)
			}
		})
	}
}

func TestRetryReplaysBody(t *testing.T) {
	t.Parallel()
	stub := &stubTransport{answers: []func() (*http.Response, error){answer(502, nil, ""), answer(201, nil, "{}")}}
	req, _ := http.NewRequest(http.MethodPost, "https://api.github.com/x", bytes.NewBufferString(`{"body":"hi"}`))
	resp, err := newTestRetry(stub).RoundTrip(req)
	if err != nil || resp.StatusCode != 201 {
		t.Fatalf("RoundTrip = %v, %v", resp, err)
	}
	if len(stub.bodies) != 2 || stub.bodies[1] != `{"body":"hi"}` {
		t.Errorf("bodies sent = %q", stub.bodies)
	}
}

func TestRetryLeavesUnreplayableAndUnsafeRequests(t *testing.T) {
	t.Parallel()
	t.Run("body without GetBody", func(t *testing.T) {
		stub := &stubTransport{answers: []func() (*http.Response, error){answer(502, nil, "")}}
		req, _ := http.NewRequest(http.MethodPost, "https://api.github.com/x", io.NopCloser(strings.NewReader("x")))
		req.GetBody = nil
		resp, _ := newTestRetry(stub).RoundTrip(req)
		if resp.StatusCode != 502 || len(stub.bodies) != 1 {
			t.Errorf("status %d after %d attempts, want 502 after 1", resp.StatusCode, len(stub.bodies))
		}
	})
	t.Run("POST transport error", func(t *testing.T) {
		fail := func() (*http.Response, error) { return nil, errors.New("connection reset") }
		stub := &stubTransport{answers: []func() (*http.Response, error){fail}}
		req, _ := http.NewRequest(http.MethodPost, "https://api.github.com/x", strings.NewReader("x"))
		if _, err := newTestRetry(stub).RoundTrip(req); err == nil || len(stub.bodies) != 1 {
			t.Errorf("err %v after %d attempts, want an error after 1", err, len(stub.bodies))
		}
	})
	t.Run("GET transport error", func(t *testing.T) {
		fail := func() (*http.Response, error) { return nil, errors.New("connection reset") }
		stub := &stubTransport{answers: []func() (*http.Response, error){fail, answer(200, nil, "")}}
		req, _ := http.NewRequest(http.MethodGet, "https://api.github.com/x", nil)
		if resp, err := newTestRetry(stub).RoundTrip(req); err != nil || resp.StatusCode != 200 {
			t.Errorf("RoundTrip = %v, %v; want 200 on the retry", resp, err)
		}
	})
	t.Run("context cancelled while waiting", func(t *testing.T) {
		stub := &stubTransport{answers: []func() (*http.Response, error){answer(429, map[string]string{"Retry-After": "1"}, "")}}
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.github.com/x", nil)
		start := time.Now()
		if _, err := newTestRetry(stub).RoundTrip(req); !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 900*time.Millisecond {
			t.Errorf("err = %v after %v", err, time.Since(start))
		}
	})
}
