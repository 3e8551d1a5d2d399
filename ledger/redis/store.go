package redis

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"sync"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/engineo/autoverify/ledger"
)

// Defaults.
const (
	DefaultPrefix      = "autoverify:"
	DefaultLockTTL     = 10 * time.Second
	DefaultLockWait    = 15 * time.Second
	DefaultDialTimeout = 2 * time.Second
	// maxCASAttempts bounds how often Update re-runs fn because the value
	// changed under it. With the lock held that never happens; it takes a
	// lock expiry and a competing writer each time.
	maxCASAttempts = 16
)

// Store is a ledger.Store on Redis. It is safe for concurrent use, and any
// number of Stores (in any number of processes) may share one Redis.
type Store struct {
	rdb         *goredis.Client
	prefix      string
	lockTTL     time.Duration
	lockWait    time.Duration
	dialTimeout time.Duration
	url         string // redacted
	local       localLocks

	closeOnce sync.Once
	closeErr  error
}

var _ ledger.Store = (*Store)(nil)

// Option configures New.
type Option func(*Store)

// WithPrefix sets the prefix of every key (default "autoverify:").
func WithPrefix(p string) Option { return func(s *Store) { s.prefix = p } }

// WithLockTTL sets how long a per-story lock lives if its owner never
// releases it (default 10 s). It should comfortably exceed one update.
func WithLockTTL(d time.Duration) Option { return func(s *Store) { s.lockTTL = d } }

// WithLockWait sets how long Update waits for a story's lock before giving
// up (default 15 s, longer than the lock TTL so that a dead owner's lock
// expires before waiters give up). The context's deadline also applies.
func WithLockWait(d time.Duration) Option { return func(s *Store) { s.lockWait = d } }

// WithDialTimeout sets the connect timeout, which also bounds the start-up
// PING (default 2 s, unless the URL sets dial_timeout).
func WithDialTimeout(d time.Duration) Option { return func(s *Store) { s.dialTimeout = d } }

// New connects to the Redis at rawURL (redis://[[user]:password@]host:port/db
// or rediss:// for TLS, as in ENGINEO_REDIS_URL) and PINGs it, failing fast
// with an error that names the URL without its password.
func New(ctx context.Context, rawURL string, opts ...Option) (*Store, error) {
	s := &Store{
		prefix:   DefaultPrefix,
		lockTTL:  DefaultLockTTL,
		lockWait: DefaultLockWait,
		url:      RedactURL(rawURL),
	}
	for _, o := range opts {
		o(s)
	}
	if s.lockTTL <= 0 || s.lockWait <= 0 {
		return nil, fmt.Errorf("ledger: redis lock TTL (%s) and lock wait (%s) must be positive", s.lockTTL, s.lockWait)
	}
	opt, err := goredis.ParseURL(rawURL)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // url.Error repeats the URL, password and all
		}
		return nil, fmt.Errorf("ledger: invalid redis URL %s: %w — check ENGINEO_REDIS_URL", s.url, err)
	}
	switch {
	case s.dialTimeout > 0:
		opt.DialTimeout = s.dialTimeout
	case opt.DialTimeout == 0:
		opt.DialTimeout = DefaultDialTimeout
	}
	s.dialTimeout = opt.DialTimeout
	opt.DisableIdentity = true       // CLIENT SETINFO is noise, and unknown before Redis 7.2
	opt.ContextTimeoutEnabled = true // callers' deadlines bound every command
	if err := probe(ctx, rawURL, opt.DialTimeout); err != nil {
		return nil, fmt.Errorf("ledger: redis at %s unreachable: %w — check ENGINEO_REDIS_URL", s.url, err)
	}
	s.rdb = goredis.NewClient(opt)
	return s, nil
}

// probe PINGs once, without the client's retries, so that a refused
// connection fails New at once and a silent one within the dial timeout.
func probe(ctx context.Context, rawURL string, dialTimeout time.Duration) error {
	opt, err := goredis.ParseURL(rawURL)
	if err != nil {
		return err
	}
	opt.DialTimeout, opt.MaxRetries, opt.DialerRetries, opt.DisableIdentity, opt.PoolSize = dialTimeout, -1, 1, true, 1
	opt.ReadTimeout, opt.WriteTimeout, opt.ContextTimeoutEnabled = dialTimeout, dialTimeout, true
	c := goredis.NewClient(opt)
	defer c.Close()
	ctx, cancel := context.WithTimeout(ctx, dialTimeout)
	defer cancel()
	return c.Ping(ctx).Err()
}

// RedactURL returns rawURL with any password replaced by "***", for
// messages and logs. A URL that does not parse is not echoed at all.
func RedactURL(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "(unparsable URL)"
	}
	if u.User == nil {
		return u.String()
	}
	if _, has := u.User.Password(); !has {
		return u.String()
	}
	name := u.User.Username()
	u.User = nil
	rest := u.String() // scheme://host...
	scheme := u.Scheme + "://"
	return scheme + url.PathEscape(name) + ":***@" + rest[len(scheme):]
}

// String names the store by its redacted URL and prefix.
func (s *Store) String() string { return fmt.Sprintf("redis ledger %s (prefix %q)", s.url, s.prefix) }

func (s *Store) dataKey(key string) string { return s.prefix + "ledger:{" + key + "}" }
func (s *Store) lockKey(key string) string { return s.prefix + "lock:{" + key + "}" }

func checkKey(key string) error {
	if key == "" {
		return errors.New("ledger: empty story key")
	}
	return nil
}

// read returns the entry and its raw stored form (nil when absent).
func (s *Store) read(ctx context.Context, key string) (ledger.Entry, []byte, error) {
	e := ledger.Entry{StoryKey: key}
	raw, err := s.rdb.Get(ctx, s.dataKey(key)).Bytes()
	if errors.Is(err, goredis.Nil) {
		return e, nil, nil
	}
	if err != nil {
		return ledger.Entry{}, nil, fmt.Errorf("ledger: reading %s from redis %s: %w", key, s.url, err)
	}
	if err := json.Unmarshal(raw, &e); err != nil {
		return ledger.Entry{}, nil, fmt.Errorf("ledger: decoding %s (redis key %s): %w", key, s.dataKey(key), err)
	}
	e.StoryKey = key
	return e, raw, nil
}

// Get implements ledger.Store.
func (s *Store) Get(ctx context.Context, key string) (ledger.Entry, error) {
	if err := checkKey(key); err != nil {
		return ledger.Entry{}, err
	}
	e, _, err := s.read(ctx, key)
	return e, err
}

// casScript sets KEYS[1] to ARGV[3] only if it still holds ARGV[2]
// (ARGV[1] == "1") or still does not exist (ARGV[1] == "0").
var casScript = goredis.NewScript(`
local cur = redis.call('GET', KEYS[1])
if ARGV[1] == '0' then
  if cur ~= false then return 0 end
elseif cur ~= ARGV[2] then
  return 0
end
redis.call('SET', KEYS[1], ARGV[3])
return 1
`)

// Update implements ledger.Store: lock, read, fn, compare-and-set, unlock.
func (s *Store) Update(ctx context.Context, key string, fn func(*ledger.Entry) error) (ledger.Entry, error) {
	if err := checkKey(key); err != nil {
		return ledger.Entry{}, err
	}
	if err := ctx.Err(); err != nil {
		return ledger.Entry{}, fmt.Errorf("ledger: updating %s: %w", key, err)
	}
	// The lock wait covers both the in-process queue and Redis.
	waitCtx, cancel := context.WithTimeoutCause(ctx, s.lockWait, errLockWait)
	defer cancel()
	unlock, err := s.local.lock(waitCtx, key)
	if err != nil {
		return ledger.Entry{}, s.lockWaitError(ctx, key, err)
	}
	defer unlock()
	l, err := s.acquire(waitCtx, key, s.lockTTL)
	if err != nil {
		return ledger.Entry{}, s.lockWaitError(ctx, key, err)
	}
	defer func() { _, _ = l.release() }()

	for range maxCASAttempts {
		e, old, err := s.read(ctx, key)
		if err != nil {
			return ledger.Entry{}, err
		}
		if err := fn(&e); err != nil {
			return ledger.Entry{}, err
		}
		e.StoryKey = key
		raw, err := json.Marshal(e)
		if err != nil {
			return ledger.Entry{}, fmt.Errorf("ledger: encoding %s: %w", key, err)
		}
		exists := "0"
		if old != nil {
			exists = "1"
		}
		ok, err := casScript.Run(ctx, s.rdb, []string{s.dataKey(key)}, exists, old, raw).Int()
		if err != nil {
			return ledger.Entry{}, fmt.Errorf("ledger: writing %s to redis %s: %w", key, s.url, err)
		}
		if ok == 1 {
			return e, nil
		}
		// The value changed although we held the lock: it expired and
		// another writer went ahead. Run fn again on what it wrote.
	}
	return ledger.Entry{}, fmt.Errorf("ledger: updating %s: the entry kept changing under the lock %d times; is the lock TTL (%s) shorter than an update?", key, maxCASAttempts, s.lockTTL)
}

// Reset implements ledger.Store.
func (s *Store) Reset(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if err := s.rdb.Del(ctx, s.dataKey(key)).Err(); err != nil {
		return fmt.Errorf("ledger: resetting %s in redis %s: %w", key, s.url, err)
	}
	return nil
}

// Ping implements ledger.Store.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.rdb.Ping(ctx).Err(); err != nil {
		return fmt.Errorf("ledger: redis at %s unreachable: %w — check ENGINEO_REDIS_URL", s.url, err)
	}
	return nil
}

// Close implements ledger.Store. It is idempotent.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		if err := s.rdb.Close(); err != nil {
			s.closeErr = fmt.Errorf("ledger: closing redis %s: %w", s.url, err)
		}
	})
	return s.closeErr
}
