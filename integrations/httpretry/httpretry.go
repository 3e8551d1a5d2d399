// Package httpretry is the retry loop shared by autoverify's API clients
// (GitHub, Jira): replay a request while the service says the failure is
// temporary, sleeping as long as it asks but never longer than a maximum.
// What counts as temporary is each service's business (a Policy); the loop,
// the body replay, the draining and the waiting are the same everywhere.
package httpretry

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

// Policy decides, per service, whether and when to retry.
type Policy interface {
	// Decide says whether to retry after this attempt and after how long,
	// with a reason for the log.
	Decide(req *http.Request, resp *http.Response, err error, attempt int) (wait time.Duration, reason string, retry bool)
	// Report is called after every attempt (metrics).
	Report(req *http.Request, resp *http.Response, err error)
}

// DrainLimit bounds how much of a discarded response body is read so the
// connection can be reused.
const DrainLimit = 64 << 10

// Transport retries requests under Policy. A request whose body cannot be
// replayed (no GetBody) is never retried, and no sleep is longer than
// MaxWait: a longer wait comes back as the response it is.
type Transport struct {
	Next        http.RoundTripper
	MaxWait     time.Duration
	MaxAttempts int
	Policy      Policy
	Log         *slog.Logger
	// Service names the API in log lines ("github", "jira").
	Service string
}

// RoundTrip implements http.RoundTripper.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
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
		resp, err := t.Next.RoundTrip(r)
		t.Policy.Report(req, resp, err)
		if !replayable || attempt >= t.MaxAttempts {
			return resp, err
		}
		wait, reason, retry := t.Policy.Decide(req, resp, err, attempt)
		if !retry {
			return resp, err
		}
		if wait > t.MaxWait {
			t.Log.Warn(t.Service+": not retrying, the wait the service asks for exceeds the maximum",
				"method", req.Method, "path", req.URL.Path, "reason", reason, "wait", wait, "max_wait", t.MaxWait)
			return resp, err
		}
		if resp != nil {
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, DrainLimit))
			_ = resp.Body.Close()
		}
		t.Log.Warn(t.Service+": retrying", "method", req.Method, "path", req.URL.Path,
			"reason", reason, "attempt", attempt, "wait", wait)
		if err := Sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// Backoff is exponential from base with jitter (half fixed, half random, so
// clients that failed together do not retry together), capped at maxWait.
func Backoff(base, maxWait time.Duration, attempt int) time.Duration {
	d := base << (attempt - 1)
	if d <= 0 || d > maxWait {
		d = maxWait
	}
	half := d / 2
	return half + rand.N(half+1)
}

// RetryAfter reads Retry-After in either of its forms (delay-seconds or an
// HTTP date).
func RetryAfter(h http.Header, now time.Time) (time.Duration, bool) {
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

// Idempotent reports whether repeating a request cannot change its effect
// (RFC 9110 §9.2.2): only those are retried after a transport error.
func Idempotent(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodPut, http.MethodDelete:
		return true
	}
	return false
}

// Sleep waits d or until ctx ends.
func Sleep(ctx context.Context, d time.Duration) error {
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
