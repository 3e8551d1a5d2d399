package asynq

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	hasynq "github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"github.com/engineo/autoverify/bot/delivery/queue"
)

// TaskType is the asynq task type of every job.
const TaskType = "autoverify:webhook"

// Defaults.
const (
	DefaultQueue              = "autoverify"
	DefaultMaxRetry           = 5
	DefaultTimeout            = time.Hour
	DefaultRetention          = 24 * time.Hour
	DefaultConcurrency        = 10
	DefaultShutdownGrace      = 2 * time.Second
	DefaultPollInterval       = time.Second
	DefaultRetryCheckInterval = 5 * time.Second
)

// Option configures a Queue.
type Option func(*config)

type config struct {
	queue       string
	maxRetry    int
	timeout     time.Duration
	retention   time.Duration
	concurrency int
	grace       time.Duration
	poll        time.Duration
	retryCheck  time.Duration
	retryDelay  func(n int, err error) time.Duration
	logger      *slog.Logger
}

// WithQueue sets the asynq queue name (default "autoverify"). Producers and
// workers must agree on it.
func WithQueue(name string) Option { return func(c *config) { c.queue = name } }

// WithMaxRetry sets how many times a failed job is retried (default 5);
// 0 means never.
func WithMaxRetry(n int) Option {
	return func(c *config) {
		if n >= 0 {
			c.maxRetry = n
		}
	}
}

// WithTimeout bounds one run of a job (default 1h); its context is
// cancelled then and the run counts as failed.
func WithTimeout(d time.Duration) Option {
	return func(c *config) {
		if d > 0 {
			c.timeout = d
		}
	}
}

// WithRetention sets how long a completed job, and so its ID, is kept
// (default 24h): the window in which a repeated ID is still refused.
func WithRetention(d time.Duration) Option {
	return func(c *config) {
		if d > 0 {
			c.retention = d
		}
	}
}

// WithConcurrency sets how many jobs this process runs at once (default 10).
func WithConcurrency(n int) Option {
	return func(c *config) {
		if n > 0 {
			c.concurrency = n
		}
	}
}

// WithShutdownGrace sets how long Shutdown still waits, once its context
// has ended, before handing unfinished jobs back to the queue (default 2s).
func WithShutdownGrace(d time.Duration) Option {
	return func(c *config) {
		if d > 0 {
			c.grace = d
		}
	}
}

// WithPollInterval sets how often an idle worker looks for new jobs
// (asynq's TaskCheckInterval, default 1s).
func WithPollInterval(d time.Duration) Option {
	return func(c *config) {
		if d > 0 {
			c.poll = d
		}
	}
}

// WithRetryCheckInterval sets how often jobs whose retry is due move back to
// the pending list (asynq's DelayedTaskCheckInterval, default 5s).
func WithRetryCheckInterval(d time.Duration) Option {
	return func(c *config) {
		if d > 0 {
			c.retryCheck = d
		}
	}
}

// WithRetryDelay sets the wait before retry n+1 of a job that has been
// retried n times. The default is asynq's DefaultRetryDelayFunc (n⁴ + 15 s
// plus jitter).
func WithRetryDelay(f func(n int, err error) time.Duration) Option {
	return func(c *config) { c.retryDelay = f }
}

// WithLogger sets the logger (default slog.Default()). asynq's own log goes
// there too, at warn level and above, with component=asynq.
func WithLogger(l *slog.Logger) Option {
	return func(c *config) {
		if l != nil {
			c.logger = l
		}
	}
}

// Queue is the Redis-backed queue.Queue. It is safe for concurrent use.
type Queue struct {
	cfg       config
	rdb       *redis.Client
	ownsRedis bool
	client    *hasynq.Client
	inspector *hasynq.Inspector
	enqOpts   []hasynq.Option

	mu     sync.Mutex
	srv    *hasynq.Server
	closed bool
	active tracker
}

var _ queue.Queue = (*Queue)(nil)

// New connects to the Redis at redisURL (redis://[user:pass@]host:port/db,
// rediss://, unix://) and returns a Queue that owns the connection:
// Shutdown closes it.
func New(redisURL string, opts ...Option) (*Queue, error) {
	ro, err := redis.ParseURL(redisURL)
	if err != nil {
		return nil, fmt.Errorf("asynq: parse redis URL: %w", err)
	}
	q, err := NewFromClient(redis.NewClient(ro), opts...)
	if err != nil {
		return nil, err
	}
	q.ownsRedis = true
	return q, nil
}

// NewFromClient returns a Queue on an existing client, which the caller
// keeps owning (Shutdown does not close it).
func NewFromClient(rdb *redis.Client, opts ...Option) (*Queue, error) {
	if rdb == nil {
		return nil, errors.New("asynq: nil redis client")
	}
	cfg := config{
		queue:       DefaultQueue,
		maxRetry:    DefaultMaxRetry,
		timeout:     DefaultTimeout,
		retention:   DefaultRetention,
		concurrency: DefaultConcurrency,
		grace:       DefaultShutdownGrace,
		poll:        DefaultPollInterval,
		retryCheck:  DefaultRetryCheckInterval,
		logger:      slog.Default(),
	}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.queue == "" {
		return nil, errors.New("asynq: empty queue name")
	}
	return &Queue{
		cfg:       cfg,
		rdb:       rdb,
		client:    hasynq.NewClientFromRedisClient(rdb),
		inspector: hasynq.NewInspectorFromRedisClient(rdb),
		enqOpts: []hasynq.Option{
			hasynq.Queue(cfg.queue),
			hasynq.MaxRetry(cfg.maxRetry),
			hasynq.Timeout(cfg.timeout),
			hasynq.Retention(cfg.retention),
		},
	}, nil
}

// Name reports the asynq queue name.
func (q *Queue) Name() string { return q.cfg.queue }

// Enqueue stores the job in Redis. It returns queue.ErrDuplicate when a task
// with the job's ID exists (pending, running, retrying, archived, or
// completed within the retention).
func (q *Queue) Enqueue(ctx context.Context, job queue.Job) error {
	if job.ID == "" {
		return errors.New("asynq: enqueue: job has no ID")
	}
	payload, err := encodeJob(job)
	if err != nil {
		return fmt.Errorf("asynq: enqueue %s: %w", job.ID, err)
	}
	opts := append(q.enqOpts[:len(q.enqOpts):len(q.enqOpts)], hasynq.TaskID(job.ID))
	_, err = q.client.EnqueueContext(ctx, hasynq.NewTask(TaskType, payload), opts...)
	switch {
	case errors.Is(err, hasynq.ErrTaskIDConflict), errors.Is(err, hasynq.ErrDuplicateTask):
		return fmt.Errorf("asynq: enqueue %s: %w", job.ID, queue.ErrDuplicate)
	case err != nil:
		return fmt.Errorf("asynq: enqueue %s to queue %q: %w", job.ID, q.cfg.queue, err)
	}
	return nil
}

// Start runs an asynq server that calls h for the jobs of this queue. A
// returned error or a panic in h (asynq recovers it) schedules a retry
// until MaxRetry is used up; then the task is archived.
func (q *Queue) Start(h queue.Handler) error {
	if h == nil {
		return errors.New("asynq: start: nil handler")
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	switch {
	case q.closed:
		return errors.New("asynq: start: queue is shut down")
	case q.srv != nil:
		return errors.New("asynq: start: already started")
	}
	delay := hasynq.DefaultRetryDelayFunc
	if f := q.cfg.retryDelay; f != nil {
		delay = func(n int, err error, _ *hasynq.Task) time.Duration { return f(n, err) }
	}
	srv := hasynq.NewServerFromRedisClient(q.rdb, hasynq.Config{
		Concurrency:              q.cfg.concurrency,
		Queues:                   map[string]int{q.cfg.queue: 1},
		RetryDelayFunc:           delay,
		ShutdownTimeout:          q.cfg.grace,
		TaskCheckInterval:        q.cfg.poll,
		DelayedTaskCheckInterval: q.cfg.retryCheck,
		Logger:                   slogLogger{q.cfg.logger.With("component", "asynq", "queue", q.cfg.queue)},
		LogLevel:                 hasynq.WarnLevel,
	})
	if err := srv.Start(hasynq.HandlerFunc(func(ctx context.Context, t *hasynq.Task) error {
		return q.process(ctx, t, h)
	})); err != nil {
		return fmt.Errorf("asynq: start server: %w", err)
	}
	q.srv = srv
	return nil
}

func (q *Queue) process(ctx context.Context, t *hasynq.Task, h queue.Handler) error {
	if t.Type() != TaskType {
		return fmt.Errorf("asynq: unknown task type %q: %w", t.Type(), hasynq.SkipRetry)
	}
	job, err := decodeJob(t.Payload())
	if err != nil {
		// A payload that does not decode will never decode: archive it.
		return fmt.Errorf("asynq: %w: %w", err, hasynq.SkipRetry)
	}
	q.active.add(1)
	defer q.active.add(-1)
	return h(ctx, job)
}

// Shutdown stops taking jobs and waits for the running ones until ctx ends;
// then, within the shutdown grace, asynq hands every unfinished job back to
// the pending list (it runs again on the next worker, without counting as a
// retry) and cancels its context. It closes the Redis connection if New
// opened it.
func (q *Queue) Shutdown(ctx context.Context) error {
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		return nil
	}
	q.closed = true
	srv := q.srv
	q.mu.Unlock()

	var err error
	if srv != nil {
		srv.Stop()
		select {
		case <-q.active.idle():
		case <-ctx.Done():
			err = fmt.Errorf("asynq: shutdown: %d jobs still running, handing them back to the queue: %w",
				q.active.count(), ctx.Err())
		}
		srv.Shutdown() // at most the grace when jobs still run
	}
	if q.ownsRedis {
		if cerr := q.rdb.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("asynq: shutdown: close redis: %w", cerr)
		}
	}
	return err
}

// Ping reports whether Redis answers.
func (q *Queue) Ping(ctx context.Context) error {
	if err := q.rdb.Ping(ctx).Err(); err != nil {
		return fmt.Errorf("asynq: ping redis: %w", err)
	}
	return nil
}

// Stats reads the queue's counters in one call (asynq's Inspector):
// Pending counts the pending, retry and scheduled tasks, Active the running
// ones, and OldestAge is asynq's latency, the age of the oldest pending
// task. A queue nothing was ever enqueued to reports zeros.
func (q *Queue) Stats(ctx context.Context) (queue.Stats, error) {
	if err := ctx.Err(); err != nil {
		return queue.Stats{}, fmt.Errorf("asynq: stats: %w", err)
	}
	info, err := q.inspector.GetQueueInfo(q.cfg.queue)
	if err != nil {
		// asynq reports an unknown queue with an internal error type; ask
		// for the list of queues to tell that case apart.
		if names, lerr := q.inspector.Queues(); lerr == nil && !slices.Contains(names, q.cfg.queue) {
			return queue.Stats{}, nil
		}
		return queue.Stats{}, fmt.Errorf("asynq: stats of queue %q: %w", q.cfg.queue, err)
	}
	return queue.Stats{
		Pending:   info.Pending + info.Retry + info.Scheduled,
		Active:    info.Active,
		OldestAge: info.Latency,
	}, nil
}

// encodeJob writes the JSON of job with its payload copied verbatim (so the
// worker sees the delivery body byte for byte as received; encoding/json
// would compact and re-escape it).
func encodeJob(job queue.Job) ([]byte, error) {
	payload := []byte(job.Payload)
	if len(payload) == 0 {
		payload = []byte("null")
	} else if !json.Valid(payload) {
		return nil, errors.New("payload is not valid JSON")
	}
	head, err := json.Marshal(struct {
		ID       string    `json:"id"`
		Source   string    `json:"source"`
		Event    string    `json:"event"`
		Received time.Time `json:"received"`
	}{job.ID, job.Source, job.Event, job.Received})
	if err != nil {
		return nil, fmt.Errorf("encode job: %w", err)
	}
	out := make([]byte, 0, len(head)+len(payload)+16)
	out = append(out, head[:len(head)-1]...) // drop the closing brace
	out = append(out, `,"payload":`...)
	out = append(out, payload...)
	return append(out, '}'), nil
}

func decodeJob(b []byte) (queue.Job, error) {
	var job queue.Job
	if err := json.Unmarshal(b, &job); err != nil {
		return queue.Job{}, fmt.Errorf("decode job: %w", err)
	}
	if job.ID == "" {
		return queue.Job{}, errors.New("decode job: no ID")
	}
	return job, nil
}

// tracker counts running handlers and tells when none are.
type tracker struct {
	mu   sync.Mutex
	n    int
	zero chan struct{} // closed while n == 0; nil means closed
}

var closedChan = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

func (t *tracker) add(d int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.n == 0 && d > 0 {
		t.zero = make(chan struct{})
	}
	t.n += d
	if t.n == 0 && t.zero != nil {
		close(t.zero)
		t.zero = nil
	}
}

func (t *tracker) idle() <-chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.zero == nil {
		return closedChan
	}
	return t.zero
}

func (t *tracker) count() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.n
}

// slogLogger routes asynq's log to slog. The server is configured at
// WarnLevel, so Debug and Info are only reached if that changes.
type slogLogger struct{ l *slog.Logger }

func (s slogLogger) Debug(args ...any) { s.l.Debug(fmt.Sprint(args...)) }
func (s slogLogger) Info(args ...any)  { s.l.Info(fmt.Sprint(args...)) }
func (s slogLogger) Warn(args ...any)  { s.l.Warn(fmt.Sprint(args...)) }
func (s slogLogger) Error(args ...any) { s.l.Error(fmt.Sprint(args...)) }

// Fatal logs at error level; asynq v0.26 never calls it, and a library must
// not exit the process.
func (s slogLogger) Fatal(args ...any) { s.l.Error(fmt.Sprint(args...), "asynq_level", "fatal") }
