// Package intake owns the front door of `autoverify serve`: the HTTP
// handlers that take webhook deliveries, prove they come from the sender
// (HMAC signature), drop repeats (Deduper) and hand the rest to a queue in
// a few milliseconds. Nothing here runs a verification; workers do, from the
// queue.
//
// # GitHub
//
// NewGitHub returns the handler for POST /webhooks/github. In order:
//
//	method not POST                               405 (Allow: POST)
//	body larger than MaxBody (default 25 MiB)     413
//	X-Hub-Signature-256 missing or wrong          401 (checked before any parsing)
//	X-GitHub-Delivery or X-GitHub-Event missing   400
//	body not valid JSON                           400
//	event "ping"                                  200 "pong"
//	event not in Events                           202 "ignored: <event>"
//	delivery ID or body seen in the last 24h      200 "duplicate"
//	queue says queue.ErrDuplicate                 200 "duplicate"
//	dedupe store or queue fails                   503 with Retry-After
//	otherwise                                     202 "accepted", job enqueued
//
// A delivery is a repeat when its delivery ID (GitHub's redeliveries keep
// it) or the SHA-256 of its body (a replay under a new ID) was seen within
// the dedupe window. Both keys are recorded in one atomic step, so of two
// identical deliveries racing each other exactly one is accepted. If the
// enqueue then fails, the keys are forgotten again (when the Deduper
// supports Forget) so that a redelivery is not mistaken for a repeat.
//
// GitHub does not retry failed deliveries on its own: after a 503 someone
// has to redeliver from the app's "Recent Deliveries" page (or through the
// API). The handler logs that with the delivery ID.
//
// The handler makes no network calls besides the Deduper and the Enqueue,
// both bounded by GitHubConfig.Timeout.
//
// # Reuse
//
// Verify checks a "sha256=<hex>" HMAC header and is meant for the Jira intake
// too (Jira sends X-Hub-Signature). MemoryDeduper and RedisDeduper serve any
// source; give each source its own key prefix.
package intake
