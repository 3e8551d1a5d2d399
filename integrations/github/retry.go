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
	"time"

	"github.com/engineo/autoverify/integrations/httpretry"

	gh "github.com/google/go-github/v60/github"
)

// retryTransport sits under the go-github client (and under ghinstallation,
// so token requests are retried too) and retries what GitHub tells us is
// temporary: 5xx, 429, and 403s that are rate limits. It honours
// Retry-After and X-RateLimit-Reset, since retrying early against a rate
// limit is what gets an integration banned, and it refuses to sleep longer
// than maxWait: such a limit comes back as the error it is.
//
// A request is retried only when its body can be replayed (GetBody), and a
// transport error only for idempotent methods — a POST that died on the
// wire may have been applied.
type retryTransport struct {
	next        http.RoundTripper
	maxWait     time.Duration
	maxAttempts int
	baseDelay   time.Duration // first 5xx backoff; doubles per attempt
	observe     func(method, path string, status, remaining int)
	log         *slog.Logger
	now         func() time.Time
}

func newRetryTransport(next http.RoundTripper, maxWait time.Duration, maxAttempts int, observe func(string, string, int, int), log *slog.Logger) *retryTransport {
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

// peekLimit bounds how much of a 403 body we read to tell a rate limit from
// a permission error; GitHub's error bodies are a few hundred bytes.
const peekLimit = 64 << 10

// RoundTrip runs the shared retry loop with this service's policy.
func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	return (&httpretry.Transport{Next: t.next, MaxWait: t.maxWait, MaxAttempts: t.maxAttempts,
		Policy: policy{t}, Log: t.log, Service: "github"}).RoundTrip(req)
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
	status, remaining := 0, -1
	if err == nil && resp != nil {
		status = resp.StatusCode
		if v, perr := strconv.Atoi(resp.Header.Get("X-RateLimit-Remaining")); perr == nil {
			remaining = v
		}
	}
	t.observe(req.Method, req.URL.Path, status, remaining)
}

// decide says whether to retry and after how long. A 403 body is peeked at
// (and put back) to recognise a secondary rate limit.
func (t *retryTransport) decide(req *http.Request, resp *http.Response, err error, attempt int) (time.Duration, string, bool) {
	if err != nil {
		if req.Context().Err() != nil || !idempotent(req.Method) {
			return 0, "", false
		}
		return t.backoff(attempt), "transport error: " + err.Error(), true
	}
	code := resp.StatusCode
	switch {
	case code >= 500 && req.Context().Value(noServerErrorRetry{}) != nil:
		return 0, "", false
	case code >= 500:
		if d, ok := retryAfter(resp.Header, t.now()); ok {
			return d, resp.Status, true
		}
		return t.backoff(attempt), resp.Status, true
	case code == http.StatusTooManyRequests || code == http.StatusForbidden:
		if d, ok := retryAfter(resp.Header, t.now()); ok {
			return d, "rate limited (Retry-After)", true
		}
		if resp.Header.Get("X-RateLimit-Remaining") == "0" {
			if reset, perr := strconv.ParseInt(resp.Header.Get("X-RateLimit-Reset"), 10, 64); perr == nil {
				// A second of slack for clock skew between us and GitHub.
				d := time.Unix(reset, 0).Sub(t.now()) + time.Second
				return max(d, time.Second), "primary rate limit exhausted", true
			}
		}
		if code == http.StatusTooManyRequests {
			return t.backoff(attempt), resp.Status, true
		}
		if secondaryRateLimit(resp) {
			// GitHub: with no header to go by, wait at least a minute,
			// and exponentially longer while it persists.
			return time.Minute << (attempt - 1), "secondary rate limit", true
		}
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

// secondaryRateLimit peeks at a 403 body for GitHub's wording ("You have
// exceeded a secondary rate limit", formerly "abuse detection") and puts
// what it read back in front of the rest of the body.
func secondaryRateLimit(resp *http.Response) bool {
	head, err := io.ReadAll(io.LimitReader(resp.Body, peekLimit))
	resp.Body = replayedBody{Reader: io.MultiReader(bytes.NewReader(head), resp.Body), Closer: resp.Body}
	if err != nil {
		return false
	}
	lower := strings.ToLower(string(head))
	return strings.Contains(lower, "secondary rate limit") || strings.Contains(lower, "abuse")
}

type replayedBody struct {
	io.Reader
	io.Closer
}

// noServerErrorRetry is a context key: requests carrying it are not retried
// on 5xx. GitHub may have applied a POST that timed out into a 502, so a
// blind retry of a create can duplicate it; callers that can look first
// (list, then create) use withoutServerErrorRetry and retry themselves.
type noServerErrorRetry struct{}

func withoutServerErrorRetry(ctx context.Context) context.Context {
	return context.WithValue(ctx, noServerErrorRetry{}, true)
}

// isServerError reports whether err is GitHub answering 5xx.
func isServerError(err error) bool {
	var er *gh.ErrorResponse
	return errors.As(err, &er) && er.Response != nil && er.Response.StatusCode >= 500
}
