// Package queue defines the work queue between webhook intake and workers.
// Intake only validates, deduplicates and enqueues; workers take jobs and
// run them. Two implementations exist: an in-process queue for the embedded
// default (this package) and a durable Redis queue (integrations/asynq) so
// that a restart or crash loses no accepted job.
//
// This package owns the contract both honour — Job, Handler, Queue, Stats
// and ErrDuplicate — and Memory, the in-process implementation.
//
// # Memory
//
// Memory keeps everything in the process: a bounded FIFO of waiting jobs
// (Enqueue fails with ErrFull instead of blocking when it is full), the IDs
// it accepted during the last 24 hours in a bounded LRU (a repeated ID gets
// ErrDuplicate), a fixed pool of workers, and retries with exponential
// backoff. A handler's panic is recovered and treated as a returned error.
//
// Memory is not durable. Jobs that wait in its buffer or for a retry, and
// jobs whose handler is cut short, are lost when the process exits or
// crashes; so is the memory of accepted IDs. A graceful Shutdown drains the
// running jobs but still drops the waiting ones when the process then
// exits. Use the Redis queue (integrations/asynq) when an accepted delivery
// must survive a restart.
package queue
