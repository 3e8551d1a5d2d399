package httpretry

import (
	"net/http"
	"slices"
	"time"
)

// Decide says whether to retry req after attempt number attempt answered
// resp or failed with err, after how long, and why (for the log). It is the
// policy RoundTrip follows, exported so services can test their hooks
// against it; it does not apply MaxWait or MaxAttempts, which RoundTrip
// does.
func (t *Transport) Decide(req *http.Request, resp *http.Response, err error, attempt int) (wait time.Duration, reason string, retry bool) {
	if err != nil {
		if req.Context().Err() != nil || !Idempotent(req.Method) {
			return 0, "", false
		}
		return t.Backoff(attempt), "transport error: " + err.Error(), true
	}
	now := t.now()
	code := resp.StatusCode
	switch {
	case code >= 500:
		if !t.retryServerError(req) {
			return 0, "", false
		}
		if d, ok := RetryAfter(resp.Header, now); ok {
			return d, resp.Status + " (Retry-After)", true
		}
		return t.Backoff(attempt), resp.Status, true
	case code == http.StatusTooManyRequests || slices.Contains(t.RateLimitStatuses, code):
		if d, ok := RetryAfter(resp.Header, now); ok {
			return d, "rate limited (Retry-After)", true
		}
		if t.RateLimit != nil {
			if d, why, ok := t.RateLimit(resp, now, attempt); ok {
				return d, why, true
			}
		}
		if code == http.StatusTooManyRequests {
			return t.Backoff(attempt), resp.Status, true
		}
	}
	return 0, "", false
}

// retryServerError applies RetryServerError, idempotent methods by default:
// a POST that answered 5xx may have been applied.
func (t *Transport) retryServerError(req *http.Request) bool {
	if t.RetryServerError == nil {
		return Idempotent(req.Method)
	}
	return t.RetryServerError(req)
}
