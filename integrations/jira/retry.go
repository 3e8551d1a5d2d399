package jira

import (
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/engineo/autoverify/integrations/httpretry"
)

// newRetryTransport returns the shared retry policy (package httpretry)
// configured for Jira, to sit above the auth transport. Jira keeps the
// policy's defaults — a 5xx is retried for idempotent methods only, since a
// POST that answers 5xx may have been applied and its caller looks before
// trying again (AddCommentOnce, Transition) — and adds one signal of its
// own: a 429 without Retry-After may name its end in X-RateLimit-Reset.
//
// Jira docs: https://developer.atlassian.com/cloud/jira/platform/rate-limiting/
func newRetryTransport(next http.RoundTripper, maxWait time.Duration, maxAttempts int, observe func(string, string, int), log *slog.Logger) *httpretry.Transport {
	t := &httpretry.Transport{
		Next:        next,
		MaxWait:     maxWait,
		MaxAttempts: maxAttempts,
		BaseDelay:   time.Second,
		Service:     "jira",
		Log:         log,
		RateLimit:   rateLimit,
	}
	if observe != nil {
		t.Observe = func(method, path string, status int, _ http.Header) { observe(method, path, status) }
	}
	return t
}

// rateLimit is the transport's RateLimit hook: the wait X-RateLimit-Reset
// names.
func rateLimit(resp *http.Response, now time.Time, _ int) (time.Duration, string, bool) {
	d, ok := rateLimitReset(resp.Header, now)
	if !ok {
		return 0, "", false
	}
	return d, "rate limited (X-RateLimit-Reset)", true
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
