package queue

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"
)

// Job is one accepted webhook delivery.
type Job struct {
	// ID is the delivery ID (X-GitHub-Delivery, X-Atlassian-Webhook-
	// Identifier); a queue accepts each ID once.
	ID string `json:"id"`
	// Source is "github" or "jira".
	Source string `json:"source"`
	// Event is the event name (X-GitHub-Event, or the Jira webhookEvent).
	Event string `json:"event"`
	// Payload is the delivery body as received.
	Payload json.RawMessage `json:"payload"`
	// Received is when intake accepted the delivery.
	Received time.Time `json:"received"`
}

// Handler runs a job. A returned error makes the queue retry the job later
// (with backoff, a bounded number of times); return nil for jobs that must
// not be retried, after reporting their failure.
type Handler func(ctx context.Context, job Job) error

// ErrDuplicate is returned by Enqueue for a job ID already accepted.
var ErrDuplicate = errors.New("queue: duplicate job")

// Queue accepts jobs and runs them on workers.
type Queue interface {
	// Enqueue stores the job; it returns ErrDuplicate for a known ID.
	Enqueue(ctx context.Context, job Job) error
	// Start runs workers that call h until Shutdown.
	Start(h Handler) error
	// Shutdown stops taking new work, waits for running jobs until ctx
	// ends, and leaves unstarted jobs queued (durable queues keep them
	// across restarts).
	Shutdown(ctx context.Context) error
	// Ping reports whether the queue's backing store is reachable.
	Ping(ctx context.Context) error
	// Stats reports the queue depth and the age of the oldest waiting job.
	Stats(ctx context.Context) (Stats, error)
}

// Stats describes the waiting work.
type Stats struct {
	Pending   int
	Active    int
	OldestAge time.Duration
}

// Off takes the place of the queue when autoverify is switched off
// (ENGINEO_AUTOVERIFY_ENABLED=0): intake still checks and acknowledges
// every delivery, and Off logs it in one line and runs nothing.
type Off struct{ Logger *slog.Logger }

// Enqueue logs the delivery and drops it.
func (o Off) Enqueue(_ context.Context, job Job) error {
	o.Logger.Info("autoverify is disabled (ENGINEO_AUTOVERIFY_ENABLED=0): delivery acknowledged, nothing run",
		"delivery", job.ID, "source", job.Source, "event", job.Event)
	return nil
}
