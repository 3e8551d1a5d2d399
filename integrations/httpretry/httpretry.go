package httpretry

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// DrainLimit bounds how much of a discarded response body is read so the
// connection can be reused.
const DrainLimit = 64 << 10

// DefaultBaseDelay is the first backoff when Transport.BaseDelay is zero.
const DefaultBaseDelay = time.Second

// Transport retries requests under the package's policy (see the package
// documentation). Configure it once and share it: it keeps no per-request
// state, so it is safe for concurrent use as long as its fields are not
// changed while requests are in flight.
type Transport struct {
	Next        http.RoundTripper
	MaxWait     time.Duration
	MaxAttempts int
	// BaseDelay is the first backoff, doubled per attempt; zero means
	// DefaultBaseDelay.
	BaseDelay time.Duration
	// Service names the API in log lines ("github", "jira").
	Service string
	// Log receives a warning per retry and per refused wait; nil discards.
	Log *slog.Logger

	// RetryServerError says whether a 5xx answer to req may be repeated;
	// nil means for idempotent methods only.
	RetryServerError func(req *http.Request) bool
	// RateLimitStatuses are statuses besides 429 that the service also
	// uses for rate limits (GitHub's 403); they are retried only when
	// Retry-After or RateLimit recognises a rate limit.
	RateLimitStatuses []int
	// RateLimit reads the service's own rate-limit signal of a 429 (or a
	// RateLimitStatuses answer) that carries no Retry-After: how long to
	// wait, a reason for the log, and whether it found one. It may read
	// resp.Body if it puts the bytes back.
	RateLimit func(resp *http.Response, now time.Time, attempt int) (wait time.Duration, reason string, ok bool)
	// Observe, when set, is called after every attempt with the status and
	// headers of the answer (0 and nil when there was none), e.g. for
	// metrics.
	Observe func(method, path string, status int, h http.Header)
	// Now is the clock for Retry-After dates and rate-limit resets; nil
	// means time.Now.
	Now func() time.Time
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
				return nil, fmt.Errorf("%s: replaying the body of %s %s: %w", t.Service, req.Method, req.URL.Path, err)
			}
			r = req.Clone(ctx)
			r.Body = body
		}
		resp, err := t.Next.RoundTrip(r)
		t.observe(req, resp, err)
		if !replayable || attempt >= t.MaxAttempts {
			return resp, err
		}
		wait, reason, retry := t.Decide(req, resp, err, attempt)
		if !retry {
			return resp, err
		}
		if wait > t.MaxWait {
			t.log().Warn(t.Service+": not retrying, the wait the service asks for exceeds the maximum",
				"method", req.Method, "path", req.URL.Path, "reason", reason, "wait", wait, "max_wait", t.MaxWait)
			return resp, err
		}
		if resp != nil {
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, DrainLimit))
			_ = resp.Body.Close()
		}
		t.log().Warn(t.Service+": retrying", "method", req.Method, "path", req.URL.Path,
			"reason", reason, "attempt", attempt, "wait", wait)
		if err := Sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// observe reports one attempt to Observe.
func (t *Transport) observe(req *http.Request, resp *http.Response, err error) {
	if t.Observe == nil {
		return
	}
	status, h := 0, http.Header(nil)
	if err == nil && resp != nil {
		status, h = resp.StatusCode, resp.Header
	}
	t.Observe(req.Method, req.URL.Path, status, h)
}

func (t *Transport) log() *slog.Logger {
	if t.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return t.Log
}

func (t *Transport) now() time.Time {
	if t.Now == nil {
		return time.Now()
	}
	return t.Now()
}

// Backoff is the wait before retry number attempt when the service named
// none: Backoff from BaseDelay, capped at MaxWait. Callers that retry a
// whole operation themselves (look, then create again) use it too, so they
// pace themselves like the transport.
func (t *Transport) Backoff(attempt int) time.Duration {
	base := t.BaseDelay
	if base <= 0 {
		base = DefaultBaseDelay
	}
	return Backoff(base, t.MaxWait, attempt)
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
