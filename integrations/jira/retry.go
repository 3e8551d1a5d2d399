package jira

import (
	"context"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// retryTransport sits above the auth transport and retries what Jira tells
// us is temporary:
//
//   - 429 Too Many Requests, for any method (Jira rejected the request, so
//     repeating it cannot duplicate anything), after Retry-After (seconds or
//     an HTTP date) or X-RateLimit-Reset, else after a backoff;
//   - 5xx and transport errors, for idempotent methods only, with
//     exponential backoff and jitter (or the Retry-After a 503 may carry).
//
// A POST that answers 5xx may have been applied, so it comes back to the
// caller, which looks before trying again (AddCommentOnce, Transition).
// Nothing is retried whose body cannot be replayed (no GetBody), and no
// sleep is longer than maxWait: a longer rate limit is returned as the
// error it is.
type retryTransport struct {
	next        http.RoundTripper
	maxWait     time.Duration
	maxAttempts int
	baseDelay   time.Duration // first backoff; doubles per attempt
	observe     func(method, path string, status int)
	log         *slog.Logger
	now         func() time.Time
}

func newRetryTransport(next http.RoundTripper, maxWait time.Duration, maxAttempts int, observe func(string, string, int), log *slog.Logger) *retryTransport {
	return &retryTransport{
		next:        next,
		maxWait:     maxWait,
		maxAttempts: maxAttempts,
		baseDelay:   time.Second,
		observe:     observe,
		log:         log,
		now:         time.Now,
	}
}

// drainLimit bounds how much of a discarded response body is read so the
// connection can be reused.
const drainLimit = 64 << 10

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	hasBody := req.Body != nil && req.Body != http.NoBody
	replayable := !hasBody || req.GetBody != nil
	ctx := req.Context()
	for attempt := 1; ; attempt++ {
		r := req
		if attempt > 1 && hasBody {
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			r = req.Clone(ctx)
			r.Body = body
		}
		resp, err := t.next.RoundTrip(r)
		t.report(req, resp, err)
		if !replayable || attempt >= t.maxAttempts {
			return resp, err
		}
		wait, reason, retry := t.decide(req, resp, err, attempt)
		if !retry {
			return resp, err
		}
		if wait > t.maxWait {
			t.log.Warn("jira: not retrying, the wait Jira asks for exceeds the maximum",
				"method", req.Method, "path", req.URL.Path, "reason", reason,
				"wait", wait, "max_wait", t.maxWait)
			return resp, err
		}
		if resp != nil {
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, drainLimit))
			_ = resp.Body.Close()
		}
		t.log.Warn("jira: retrying", "method", req.Method, "path", req.URL.Path,
			"reason", reason, "attempt", attempt, "wait", wait)
		if err := sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

func (t *retryTransport) report(req *http.Request, resp *http.Response, err error) {
	if t.observe == nil {
		return
	}
	status := 0
	if err == nil && resp != nil {
		status = resp.StatusCode
	}
	t.observe(req.Method, req.URL.Path, status)
}

// decide says whether to retry and after how long.
func (t *retryTransport) decide(req *http.Request, resp *http.Response, err error, attempt int) (time.Duration, string, bool) {
	if err != nil {
		if req.Context().Err() != nil || !idempotent(req.Method) {
			return 0, "", false
		}
		return t.backoff(attempt), "transport error: " + err.Error(), true
	}
	code := resp.StatusCode
	switch {
	case code == http.StatusTooManyRequests:
		if d, ok := retryAfter(resp.Header, t.now()); ok {
			return d, "rate limited (Retry-After)", true
		}
		if d, ok := rateLimitReset(resp.Header, t.now()); ok {
			return d, "rate limited (X-RateLimit-Reset)", true
		}
		return t.backoff(attempt), resp.Status, true
	case code >= 500 && idempotent(req.Method):
		if d, ok := retryAfter(resp.Header, t.now()); ok {
			return d, resp.Status + " (Retry-After)", true
		}
		return t.backoff(attempt), resp.Status, true
	}
	return 0, "", false
}

// backoff is exponential with jitter (half fixed, half random, so clients
// that failed together do not retry together), capped at maxWait.
func (t *retryTransport) backoff(attempt int) time.Duration {
	d := t.baseDelay << (attempt - 1)
	if d <= 0 || d > t.maxWait {
		d = t.maxWait
	}
	half := d / 2
	return half + rand.N(half+1)
}

// retryAfter reads Retry-After in either of its forms (delay-seconds or an
// HTTP date).
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if s, err := strconv.Atoi(v); err == nil && s >= 0 {
		return time.Duration(s) * time.Second, true
	}
	if at, err := http.ParseTime(v); err == nil {
		return max(at.Sub(now), 0), true
	}
	return 0, false
}

// rateLimitReset reads Jira Cloud's X-RateLimit-Reset, an ISO 8601
// timestamp ("yyyy-MM-ddTHH:mmZ", or with seconds).
func rateLimitReset(h http.Header, now time.Time) (time.Duration, bool) {
	v := strings.TrimSpace(h.Get("X-RateLimit-Reset"))
	if v == "" {
		return 0, false
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04Z07:00", "2006-01-02T15:04Z"} {
		if at, err := time.Parse(layout, v); err == nil {
			return max(at.Sub(now), 0), true
		}
	}
	return 0, false
}

// idempotent reports whether repeating a request cannot change its effect
// (RFC 9110 §9.2.2).
func idempotent(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodPut, http.MethodDelete:
		return true
	}
	return false
}

func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}
