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

// newRetryTransport returns the shared retry policy (package httpretry)
// configured for GitHub. It sits under the go-github client and under
// ghinstallation, so token requests are retried too. What is GitHub's own:
//
//   - a 403 may be a rate limit, told apart from a permission error by
//     Retry-After, by X-RateLimit-Remaining: 0, or by the wording of the
//     body (a secondary rate limit); retrying early against a rate limit is
//     what gets an integration banned, so the wait GitHub names is kept;
//   - a 5xx is retried for every method, POST included, except for
//     requests made with withoutServerErrorRetry;
//   - Observe also reports X-RateLimit-Remaining, so metrics can watch it.
//
// GitHub API docs: https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api
func newRetryTransport(next http.RoundTripper, maxWait time.Duration, maxAttempts int, observe func(string, string, int, int), log *slog.Logger) *httpretry.Transport {
	t := &httpretry.Transport{
		Next:              next,
		MaxWait:           maxWait,
		MaxAttempts:       maxAttempts,
		BaseDelay:         time.Second,
		Service:           "github",
		Log:               log,
		RetryServerError:  serverErrorRetryAllowed,
		RateLimitStatuses: []int{http.StatusForbidden},
		RateLimit:         rateLimit,
	}
	if observe != nil {
		t.Observe = func(method, path string, status int, h http.Header) {
			remaining, err := strconv.Atoi(h.Get("X-RateLimit-Remaining"))
			if err != nil {
				remaining = -1
			}
			observe(method, path, status, remaining)
		}
	}
	return t
}

// peekLimit bounds how much of a 403 body we read to tell a rate limit from
// a permission error; GitHub's error bodies are a few hundred bytes.
const peekLimit = 64 << 10

// rateLimit reads GitHub's rate-limit signals beyond Retry-After: an
// exhausted primary limit (wait for X-RateLimit-Reset), else, on a 403, a
// secondary limit, which names no time.
func rateLimit(resp *http.Response, now time.Time, attempt int) (time.Duration, string, bool) {
	if resp.Header.Get("X-RateLimit-Remaining") == "0" {
		if reset, err := strconv.ParseInt(resp.Header.Get("X-RateLimit-Reset"), 10, 64); err == nil {
			// A second of slack for clock skew between us and GitHub.
			d := time.Unix(reset, 0).Sub(now) + time.Second
			return max(d, time.Second), "primary rate limit exhausted", true
		}
	}
	if resp.StatusCode == http.StatusForbidden && secondaryRateLimit(resp) {
		// GitHub: with no header to go by, wait at least a minute, and
		// exponentially longer while it persists.
		return time.Minute << (attempt - 1), "secondary rate limit", true
	}
	return 0, "", false
}

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

// serverErrorRetryAllowed is the transport's RetryServerError: every
// request may be repeated after a 5xx unless its caller opted out.
func serverErrorRetryAllowed(req *http.Request) bool {
	return req.Context().Value(noServerErrorRetry{}) == nil
}

// isServerError reports whether err is GitHub answering 5xx.
func isServerError(err error) bool {
	var er *gh.ErrorResponse
	return errors.As(err, &er) && er.Response != nil && er.Response.StatusCode >= 500
}
