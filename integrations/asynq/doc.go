// Package asynq is the durable queue.Queue: jobs live in Redis through
// github.com/hibiken/asynq, so an accepted webhook survives a restart, a
// crash or a killed worker. It owns the task format (type
// "autoverify:webhook", payload the JSON of a queue.Job), the mapping of
// asynq's options and errors onto queue.Queue, and the routing of asynq's
// log to slog.
//
// # Deduplication
//
// Every job is enqueued with asynq.TaskID(job.ID), so Redis refuses a second
// task with the same ID while the first exists (queue.ErrDuplicate), and
// with asynq.Retention (24h by default) so a completed task, and with it the
// ID, stays for a day after it ran. A task that used up its retries is
// archived and keeps its ID as long as it stays in the archive.
//
// # Durability and recovery
//
// Enqueue returns only after Redis has stored the task. A worker takes a
// task under a lease that its heartbeat extends every 5 seconds by 30
// seconds (asynq's LeaseDuration, a constant in v0.26 that cannot be
// configured). Shutdown stops taking tasks, waits for the running ones until
// its context ends, and then hands the unfinished ones back to the pending
// list (asynq's requeue), so a deploy loses nothing and does not count a
// retry.
//
// A worker that dies without Shutdown (SIGKILL, OOM, power loss) leaves its
// tasks active with a lease nobody extends. asynq's recoverer, which every
// running server runs at start and then once a minute, moves a task to the
// retry set once its lease expired more than 30 seconds ago; the retry
// counts against MaxRetry and waits for the retry delay, then the forwarder
// (every 5 seconds by default, WithRetryCheckInterval) makes it pending
// again. So a killed worker's job runs again:
//
//	lease expiry  25–30 s after the kill (last heartbeat + 30 s)
//	+ 30 s        the recoverer's clock-skew allowance
//	+ 0–60 s      until the next recoverer pass (immediately if a server starts later)
//	+ retry delay (WithRetryDelay; asynq's default is 15 s or more)
//	+ 0–5 s       until the forwarder moves it to pending
//
// that is about 1 to 2 minutes plus the retry delay with asynq's defaults.
// Measured: 60 s from the kill to the job running again, with a 50 ms retry
// delay and a new worker started right after the kill
// (TestKilledWorkerJobRunsAfterRestart with AUTOVERIFY_ASYNQ_REAL_LEASE=1).
// None of the 30 s constants is configurable in v0.26, so handlers must be
// idempotent: a job can run again after a crash even if it had finished its
// work but not yet reported success.
//
// # Redis
//
// New dials the URL with go-redis (redis://, rediss:// and unix:// forms);
// NewFromClient shares an existing client, for example with the intake's
// Redis deduper, so one connection pool serves both; OpenServer opens
// the queue the way `autoverify serve` runs it (its retry delays and poll
// interval, and why) and hands back its client for the deduper. The
// server, client and inspector all use that one client.
package asynq
