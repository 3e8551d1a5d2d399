package queue

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"
)

// ErrFull is returned by Memory.Enqueue when its buffer holds as many
// waiting jobs as it may; the caller should answer "try again later".
var ErrFull = errors.New("queue full")

// ErrClosed is returned by Memory.Enqueue and Memory.Start after Shutdown.
var ErrClosed = errors.New("queue: shut down")

// Defaults of the in-process queue.
const (
	DefaultBuffer      = 1024
	DefaultDedupeTTL   = 24 * time.Hour
	DefaultDedupeMax   = 100_000
	DefaultAttempts    = 3
	defaultBackoffBase = time.Second
	defaultBackoffMax  = time.Minute
)

// MemoryOption configures a Memory queue.
type MemoryOption func(*memoryConfig)

type memoryConfig struct {
	buffer    int
	dedupeTTL time.Duration
	dedupeMax int
	attempts  int
	backoff   func(attempt int) time.Duration
	logger    *slog.Logger
}

// WithBuffer bounds the number of jobs waiting to run (default 1024).
func WithBuffer(n int) MemoryOption {
	return func(c *memoryConfig) {
		if n > 0 {
			c.buffer = n
		}
	}
}

// WithDedupe sets how long accepted job IDs are remembered (default 24h)
// and how many at most (default 100,000; the oldest are forgotten first).
func WithDedupe(ttl time.Duration, limit int) MemoryOption {
	return func(c *memoryConfig) {
		if ttl > 0 {
			c.dedupeTTL = ttl
		}
		if limit > 0 {
			c.dedupeMax = limit
		}
	}
}

// WithAttempts sets how many times a job runs at most, the first run
// included (default 3).
func WithAttempts(n int) MemoryOption {
	return func(c *memoryConfig) {
		if n > 0 {
			c.attempts = n
		}
	}
}

// WithBackoff sets the wait before retry number attempt (1 for the first
// retry). The default doubles from 1s up to 1m.
func WithBackoff(f func(attempt int) time.Duration) MemoryOption {
	return func(c *memoryConfig) {
		if f != nil {
			c.backoff = f
		}
	}
}

// WithLogger sets where failed and dropped jobs are reported (default
// slog.Default()).
func WithLogger(l *slog.Logger) MemoryOption {
	return func(c *memoryConfig) {
		if l != nil {
			c.logger = l
		}
	}
}

func defaultBackoff(attempt int) time.Duration {
	d := defaultBackoffBase
	for i := 1; i < attempt && d < defaultBackoffMax; i++ {
		d *= 2
	}
	return min(d, defaultBackoffMax)
}

// Memory is the in-process Queue: see the package documentation for what
// it guarantees and what it loses on a crash. It is safe for concurrent
// use.
type Memory struct {
	workers int
	cfg     memoryConfig
	now     func() time.Time

	mu       sync.Mutex
	cond     *sync.Cond
	ready    []*memEntry // FIFO of jobs waiting to run
	retrying map[*memEntry]*time.Timer
	active   int
	seen     *idSet
	started  bool
	closed   bool

	wg      sync.WaitGroup
	baseCtx context.Context
	cancel  context.CancelFunc
}

type memEntry struct {
	job     Job
	attempt int       // runs so far
	since   time.Time // when it (re)entered the ready list
}

var _ Queue = (*Memory)(nil)

// NewMemory returns an in-process queue that runs workers goroutines (at
// least one) once Start is called.
func NewMemory(workers int, opts ...MemoryOption) *Memory {
	cfg := memoryConfig{
		buffer:    DefaultBuffer,
		dedupeTTL: DefaultDedupeTTL,
		dedupeMax: DefaultDedupeMax,
		attempts:  DefaultAttempts,
		backoff:   defaultBackoff,
		logger:    slog.Default(),
	}
	for _, o := range opts {
		o(&cfg)
	}
	ctx, cancel := context.WithCancel(context.Background())
	m := &Memory{
		workers:  max(workers, 1),
		cfg:      cfg,
		now:      time.Now,
		retrying: make(map[*memEntry]*time.Timer),
		seen:     newIDSet(cfg.dedupeTTL, cfg.dedupeMax),
		baseCtx:  ctx,
		cancel:   cancel,
	}
	m.cond = sync.NewCond(&m.mu)
	return m
}

// Enqueue buffers the job. It returns ErrDuplicate for an ID accepted in the
// dedupe window, ErrFull when the buffer is full (the ID is then not
// remembered, so a later attempt can succeed) and ErrClosed after Shutdown.
// It never blocks.
func (m *Memory) Enqueue(ctx context.Context, job Job) error {
	if job.ID == "" {
		return errors.New("queue: enqueue: job has no ID")
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("queue: enqueue %s: %w", job.ID, err)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	switch {
	case m.closed:
		return fmt.Errorf("queue: enqueue %s: %w", job.ID, ErrClosed)
	case m.seen.contains(job.ID, now):
		return fmt.Errorf("queue: enqueue %s: %w", job.ID, ErrDuplicate)
	case len(m.ready) >= m.cfg.buffer:
		return fmt.Errorf("queue: enqueue %s: %w (%d waiting)", job.ID, ErrFull, len(m.ready))
	}
	m.seen.add(job.ID, now)
	m.ready = append(m.ready, &memEntry{job: job, since: now})
	m.cond.Signal()
	return nil
}

// Start runs the workers. It fails if called twice or after Shutdown.
func (m *Memory) Start(h Handler) error {
	if h == nil {
		return errors.New("queue: start: nil handler")
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return fmt.Errorf("queue: start: %w", ErrClosed)
	}
	if m.started {
		return errors.New("queue: start: already started")
	}
	m.started = true
	m.wg.Add(m.workers)
	for range m.workers {
		go m.work(h)
	}
	return nil
}

// Shutdown refuses new jobs, stops the workers taking jobs, and waits for
// the running ones to finish. If ctx ends first it cancels the running
// handlers' context and returns ctx's error. Jobs that have not started
// (including those waiting for a retry) stay in memory: they are lost when
// the process exits.
func (m *Memory) Shutdown(ctx context.Context) error {
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return nil
	}
	m.closed = true
	// Jobs waiting for a retry go back to the ready list, so Stats keeps
	// counting them and nothing fires after Shutdown.
	for e, t := range m.retrying {
		t.Stop()
		e.since = m.now()
		m.ready = append(m.ready, e)
		delete(m.retrying, e)
	}
	m.cond.Broadcast()
	m.mu.Unlock()

	done := make(chan struct{})
	go func() { m.wg.Wait(); close(done) }()
	select {
	case <-done:
		m.cancel()
		return nil
	case <-ctx.Done():
		m.cancel()
		m.mu.Lock()
		n := m.active
		m.mu.Unlock()
		return fmt.Errorf("queue: shutdown: %d jobs still running, their context is cancelled: %w", n, ctx.Err())
	}
}

// Ping always succeeds: the in-process queue has no backing store.
func (m *Memory) Ping(context.Context) error { return nil }

// Stats reports the jobs waiting to run or for a retry (Pending), the jobs
// running (Active), and how long the first job of the ready list has waited
// since it (re)entered the list (OldestAge).
func (m *Memory) Stats(context.Context) (Stats, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := Stats{Pending: len(m.ready) + len(m.retrying), Active: m.active}
	if len(m.ready) > 0 {
		s.OldestAge = m.now().Sub(m.ready[0].since)
	}
	return s, nil
}

func (m *Memory) work(h Handler) {
	defer m.wg.Done()
	for {
		m.mu.Lock()
		for len(m.ready) == 0 && !m.closed {
			m.cond.Wait()
		}
		if m.closed {
			m.mu.Unlock()
			return
		}
		e := m.ready[0]
		m.ready[0] = nil
		m.ready = m.ready[1:]
		m.active++
		m.mu.Unlock()

		e.attempt++
		err := m.call(h, e.job)

		m.mu.Lock()
		m.active--
		if err != nil {
			m.failed(e, err)
		}
		m.mu.Unlock()
	}
}

// failed schedules a retry or gives the job up. m.mu is held.
func (m *Memory) failed(e *memEntry, err error) {
	log := m.cfg.logger.With("job", e.job.ID, "source", e.job.Source, "event", e.job.Event, "attempt", e.attempt)
	if e.attempt >= m.cfg.attempts {
		log.Error("queue: job failed, giving up", "attempts", m.cfg.attempts, "err", err)
		return
	}
	if m.closed {
		// Shutting down: keep the job queued (in memory) rather than
		// scheduling a timer nobody will wait for.
		e.since = m.now()
		m.ready = append(m.ready, e)
		log.Warn("queue: job failed during shutdown, left queued", "err", err)
		return
	}
	delay := m.cfg.backoff(e.attempt)
	log.Warn("queue: job failed, will retry", "retry_in", delay, "err", err)
	m.retrying[e] = time.AfterFunc(delay, func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		if _, ok := m.retrying[e]; !ok {
			return // Shutdown moved it already
		}
		delete(m.retrying, e)
		e.since = m.now()
		m.ready = append(m.ready, e)
		m.cond.Signal()
	})
}

// call runs h, turning a panic into an error.
func (m *Memory) call(h Handler, job Job) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("queue: handler panicked on job %s: %v\n%s", job.ID, r, debug.Stack())
		}
	}()
	if err := h(m.baseCtx, job); err != nil {
		return fmt.Errorf("queue: job %s: %w", job.ID, err)
	}
	return nil
}

// idSet remembers keys for ttl, at most limit of them, forgetting the oldest
// first. Every key gets the same ttl, so insertion order is expiry order
// and a list suffices. Not safe for concurrent use.
type idSet struct {
	ttl   time.Duration
	limit int
	order *list.List // of idItem, oldest first
	index map[string]*list.Element
}

type idItem struct {
	key     string
	expires time.Time
}

func newIDSet(ttl time.Duration, limit int) *idSet {
	return &idSet{ttl: ttl, limit: limit, order: list.New(), index: make(map[string]*list.Element)}
}

func (s *idSet) contains(key string, now time.Time) bool {
	s.expire(now)
	_, ok := s.index[key]
	return ok
}

func (s *idSet) add(key string, now time.Time) {
	s.expire(now)
	if _, ok := s.index[key]; ok {
		return
	}
	s.index[key] = s.order.PushBack(idItem{key: key, expires: now.Add(s.ttl)})
	for s.order.Len() > s.limit {
		s.remove(s.order.Front())
	}
}

func (s *idSet) expire(now time.Time) {
	for e := s.order.Front(); e != nil && !now.Before(e.Value.(idItem).expires); e = s.order.Front() {
		s.remove(e)
	}
}

func (s *idSet) remove(e *list.Element) {
	delete(s.index, e.Value.(idItem).key)
	s.order.Remove(e)
}
