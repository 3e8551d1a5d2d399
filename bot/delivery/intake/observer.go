package intake

import "time"

// Reason says why a delivery was rejected, deduplicated or failed; metrics
// use it as a label. The set is fixed, so labels stay bounded.
type Reason string

// Reasons.
const (
	ReasonMethod    Reason = "method"    // not POST (405)
	ReasonTooLarge  Reason = "too_large" // body over MaxBody (413)
	ReasonReadBody  Reason = "read_body" // the body could not be read (400)
	ReasonSignature Reason = "signature" // signature missing or wrong (401)
	ReasonDelivery  Reason = "delivery"  // no usable delivery ID (400)
	ReasonEvent     Reason = "event"     // no event header (400)
	ReasonJSON      Reason = "json"      // body is not JSON (400)
	ReasonSeen      Reason = "seen"      // delivery ID or body hash seen before (200)
	ReasonQueueDup  Reason = "queue"     // the queue already had the job ID (200)
	ReasonDedupe    Reason = "dedupe"    // the dedupe store failed (503)
	ReasonEnqueue   Reason = "enqueue"   // the queue failed (503)
)

// Observer receives the outcome of every delivery, for metrics. source is
// "github" (later "jira"). Event names are passed only once the signature
// verified, so unauthenticated requests cannot inflate label sets; before
// that, event is "".
//
// Every request produces one Received and then exactly one of Rejected,
// Pong, Ignored, Deduplicated, Accepted or Failed. Calls happen on the
// request path: keep them cheap and non-blocking.
type Observer interface {
	Received(source string)
	Rejected(source, event string, reason Reason)
	Pong(source string)
	Ignored(source, event string)
	Deduplicated(source, event string, reason Reason)
	Accepted(source, event string, took time.Duration)
	Failed(source, event string, reason Reason)
}

// NopObserver ignores everything; embed it to implement only some methods.
type NopObserver struct{}

func (NopObserver) Received(string)                        {}
func (NopObserver) Rejected(string, string, Reason)        {}
func (NopObserver) Pong(string)                            {}
func (NopObserver) Ignored(string, string)                 {}
func (NopObserver) Deduplicated(string, string, Reason)    {}
func (NopObserver) Accepted(string, string, time.Duration) {}
func (NopObserver) Failed(string, string, Reason)          {}
