package jira

import (
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/engineo/autoverify/integrations/httpretry"
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

// RoundTrip runs the shared retry loop with this service's policy.
func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	return (&httpretry.Transport{Next: t.next, MaxWait: t.maxWait, MaxAttempts: t.maxAttempts,
		Policy: policy{t}, Log: t.log, Service: "jira"}).RoundTrip(req)
}

// policy adapts the transport's decide and report to httpretry.Policy.
type policy struct{ t *retryTransport }

func (p policy) Decide(req *http.Request, resp *http.Response, err error, attempt int) (time.Duration, string, bool) {
	return p.t.decide(req, resp, err, attempt)
}

func (p policy) Report(req *http.Request, resp *http.Response, err error) { p.t.report(req, resp, err) }

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

// backoff is httpretry.Backoff from this transport's base delay.
func (t *retryTransport) backoff(attempt int) time.Duration {
	return httpretry.Backoff(t.baseDelay, t.maxWait, attempt)
}

// retryAfter, idempotent and sleep are the shared helpers.
var (
	retryAfter = httpretry.RetryAfter
	idempotent = httpretry.Idempotent
	sleep      = httpretry.Sleep
)

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
