// Package httpretry is the one retry policy of autoverify's API clients
// (GitHub, Jira): replay a request while the service says the failure is
// temporary, sleeping as long as it asks but never longer than a maximum.
//
// The rules are the same for every service, so they live here once:
//
//   - a transport error is retried for idempotent methods only (a POST that
//     died on the wire may have been applied), unless our own context ended;
//   - a 5xx is retried after its Retry-After or an exponential backoff with
//     jitter, for the requests RetryServerError admits (idempotent methods
//     unless a service says otherwise);
//   - a 429 is retried for any method (the service refused it, so repeating
//     it cannot duplicate anything) after Retry-After, else after the
//     service's own rate-limit signal (the RateLimit hook), else after a
//     backoff;
//   - a status a service also uses for rate limits (RateLimitStatuses, e.g.
//     GitHub's 403) is retried only when Retry-After or RateLimit says it is
//     one;
//   - nothing is retried whose body cannot be replayed (no GetBody), nor
//     after MaxAttempts, and no sleep is longer than MaxWait: a longer rate
//     limit comes back as the response it is.
//
// What differs between services is data, not code: which headers announce
// a rate-limit reset, and which 5xx answers are safe to repeat. Those are
// the hooks on Transport.
package httpretry
