// Package redis keeps the run history in Redis, for servers: one record
// per run, a sorted set per index and a hash per counter scope and day.
// Every write is one WATCH/MULTI transaction that reads the run's previous
// record and applies the change runlog.Plan works out, so concurrent
// writers (several replicas) never count a run twice.
//
// Keys, under the prefix (default "autoverify:runs:"):
//
//	run:{id}        the record (JSON)
//	idx:{index}     sorted set of run IDs, scored by start (Unix µs)
//	cnt:{key}       hash of counters of a scope or a day bucket
//	repos           set of repositories with runs
//	seq             incremented by every write (the dashboard's live feed)
//	cleared         who last cleared the history (JSON)
//
// Runs past retention are forgotten (out of every index and counter) by
// later writes, a few at a time; day buckets also expire on their own.
// Clearing the history deletes keys with SCAN + DEL and is not atomic: a
// run written during a clear may keep part of its counters.
package redis

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/engineo/autoverify/bot/runlog"
)

// Store is the run history in Redis.
type Store struct {
	rc goredis.UniversalClient
	// ownsClient is set by Open: Close closes the client.
	ownsClient bool
	prefix     string
	retention  time.Duration
	now        func() time.Time
}

// Option configures New.
type Option func(*Store)

// WithPrefix sets the key prefix (default "autoverify:runs:").
func WithPrefix(p string) Option { return func(s *Store) { s.prefix = p } }

// WithRetention forgets runs older than d (default 90 days); 0 keeps
// them.
func WithRetention(d time.Duration) Option { return func(s *Store) { s.retention = d } }

// WithClock sets the clock retention is measured by.
func WithClock(now func() time.Time) Option { return func(s *Store) { s.now = now } }

// New returns the store over rc; the caller closes rc.
func New(rc goredis.UniversalClient, opts ...Option) *Store {
	s := &Store{rc: rc, prefix: "autoverify:runs:", retention: 90 * 24 * time.Hour, now: time.Now}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Open connects to the Redis at rawURL (ENGINEO_REDIS_URL) and returns a
// store on a client of its own, which Close closes. ctx bounds the first
// ping, so an unreachable Redis fails here, naming its address (never the
// URL's password).
func Open(ctx context.Context, rawURL string, opts ...Option) (*Store, error) {
	opt, err := goredis.ParseURL(rawURL)
	if err != nil {
		return nil, fmt.Errorf("ENGINEO_REDIS_URL: %w", err)
	}
	rc := goredis.NewClient(opt)
	if err := rc.Ping(ctx).Err(); err != nil {
		_ = rc.Close()
		return nil, fmt.Errorf("run history: Redis at %s: %w", opt.Addr, err)
	}
	s := New(rc, opts...)
	s.ownsClient = true
	return s, nil
}

// Close closes the client of a store Open made; a store made with New
// leaves its client to the caller.
func (s *Store) Close() error {
	if s.ownsClient {
		return s.rc.Close()
	}
	return nil
}

func (s *Store) runKey(id string) string   { return s.prefix + "run:" + id }
func (s *Store) idxKey(name string) string { return s.prefix + "idx:" + name }
func (s *Store) cntKey(key string) string  { return s.prefix + "cnt:" + key }

// score is an index score (Unix microseconds, which a float64 holds
// exactly).
func score(us int64) float64 { return float64(us) }

// Put records r, replacing the run's previous record, and forgets a few
// runs past retention.
func (s *Store) Put(ctx context.Context, r runlog.Record) error {
	if err := runlog.Check(r); err != nil {
		return err
	}
	key := s.runKey(r.ID)
	for attempt := 0; attempt < 50; attempt++ {
		err := s.rc.Watch(ctx, func(tx *goredis.Tx) error {
			old, err := s.get(ctx, tx, r.ID)
			if err != nil {
				return err
			}
			c, err := runlog.Plan(old, r)
			if err != nil {
				return err
			}
			expired, err := s.expired(ctx, tx, r.ID)
			if err != nil {
				return err
			}
			_, err = tx.TxPipelined(ctx, func(p goredis.Pipeliner) error {
				s.apply(ctx, p, c, true)
				for _, e := range expired {
					s.apply(ctx, p, runlog.Forget(e), false)
					p.Del(ctx, s.runKey(e.ID))
				}
				p.Incr(ctx, s.prefix+"seq")
				return nil
			})
			return err
		}, key)
		if errors.Is(err, goredis.TxFailedErr) {
			continue
		}
		if err != nil {
			return fmt.Errorf("run history: writing run %s: %w", r.ID, err)
		}
		return nil
	}
	return fmt.Errorf("run history: writing run %s: too much contention", r.ID)
}

// expired reads up to runlog.PruneBatch runs past retention (not id),
// watching their keys.
func (s *Store) expired(ctx context.Context, tx *goredis.Tx, id string) ([]runlog.Record, error) {
	if s.retention <= 0 {
		return nil, nil
	}
	cutoff := score(s.now().Add(-s.retention).UnixMicro())
	ids, err := tx.ZRangeArgs(ctx, goredis.ZRangeArgs{Key: s.idxKey(runlog.IndexAll), Start: "-inf",
		Stop: "(" + strconv.FormatFloat(cutoff, 'f', 0, 64), ByScore: true, Count: runlog.PruneBatch}).Result()
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	var out []runlog.Record
	for _, eid := range ids {
		if eid == id {
			continue
		}
		if err := tx.Watch(ctx, s.runKey(eid)).Err(); err != nil {
			return nil, err
		}
		r, err := s.get(ctx, tx, eid)
		if err != nil {
			return nil, err
		}
		if r == nil { // gone already: drop the stale entry
			r = &runlog.Record{ID: eid}
		}
		out = append(out, *r)
	}
	return out, nil
}

func (s *Store) get(ctx context.Context, c goredis.Cmdable, id string) (*runlog.Record, error) {
	raw, err := c.Get(ctx, s.runKey(id)).Bytes()
	if errors.Is(err, goredis.Nil) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("run history: reading run %s: %w", id, err)
	}
	var r runlog.Record
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("run history: decoding run %s: %w", id, err)
	}
	return &r, nil
}

func (s *Store) apply(ctx context.Context, p goredis.Pipeliner, c runlog.Change, write bool) {
	if write {
		raw, _ := json.Marshal(c.Record) // plain data: cannot fail
		p.Set(ctx, s.runKey(c.Record.ID), raw, 0)
	}
	if c.Record.Repo == "" && !write { // a stale index entry with no record
		p.ZRem(ctx, s.idxKey(runlog.IndexAll), c.Record.ID)
		return
	}
	for _, e := range c.Remove {
		p.ZRem(ctx, s.idxKey(e.Index), e.ID)
	}
	for _, e := range c.Add {
		p.ZAdd(ctx, s.idxKey(e.Index), goredis.Z{Score: score(e.Score), Member: e.ID})
	}
	for _, d := range c.Deltas {
		p.HIncrBy(ctx, s.cntKey(d.Key), d.Field, d.N)
	}
	for _, day := range c.Days {
		if t, err := time.Parse(runlog.DayFormat, day[len(day)-len(runlog.DayFormat):]); err == nil && s.retention > 0 {
			p.ExpireAt(ctx, s.cntKey(day), t.Add(s.retention+48*time.Hour))
		}
	}
	for _, r := range c.Repos {
		p.SAdd(ctx, s.prefix+"repos", r)
	}
}

// Get returns one run.
func (s *Store) Get(ctx context.Context, id string) (runlog.Record, bool, error) {
	r, err := s.get(ctx, s.rc, id)
	if err != nil || r == nil {
		return runlog.Record{}, false, err
	}
	return *r, true, nil
}

// List returns a page of an index, newest first.
func (s *Store) List(ctx context.Context, q runlog.Query) (runlog.Page, error) {
	limit := q.Limit
	if limit <= 0 {
		limit = 50
	}
	max := "+inf"
	if q.Before > 0 {
		max = "(" + strconv.FormatInt(q.Before, 10)
	}
	zs, err := s.rc.ZRevRangeByScoreWithScores(ctx, s.idxKey(q.Index), &goredis.ZRangeBy{Max: max, Min: "-inf", Count: int64(limit + 1)}).Result()
	if err != nil {
		return runlog.Page{}, fmt.Errorf("run history: listing %s: %w", q.Index, err)
	}
	var p runlog.Page
	if len(zs) > limit {
		zs = zs[:limit]
		p.Next = int64(zs[limit-1].Score)
	}
	if len(zs) == 0 {
		return p, nil
	}
	keys := make([]string, len(zs))
	for i, z := range zs {
		keys[i] = s.runKey(z.Member.(string))
	}
	vals, err := s.rc.MGet(ctx, keys...).Result()
	if err != nil {
		return runlog.Page{}, fmt.Errorf("run history: reading runs of %s: %w", q.Index, err)
	}
	for i, v := range vals {
		str, ok := v.(string)
		if !ok {
			continue // forgotten meanwhile
		}
		var r runlog.Record
		if err := json.Unmarshal([]byte(str), &r); err != nil {
			return runlog.Page{}, fmt.Errorf("run history: decoding %s: %w", keys[i], err)
		}
		p.Runs = append(p.Runs, r)
	}
	return p, nil
}

// Counts returns the counters of scopes and day buckets.
func (s *Store) Counts(ctx context.Context, keys ...string) (map[string]runlog.Counts, error) {
	cmds := make([]*goredis.MapStringStringCmd, len(keys))
	_, err := s.rc.Pipelined(ctx, func(p goredis.Pipeliner) error {
		for i, k := range keys {
			cmds[i] = p.HGetAll(ctx, s.cntKey(k))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("run history: reading counters: %w", err)
	}
	out := make(map[string]runlog.Counts, len(keys))
	for i, k := range keys {
		m := cmds[i].Val()
		if len(m) == 0 {
			continue
		}
		fields := make(map[string]int64, len(m))
		for f, v := range m {
			if n, err := strconv.ParseInt(v, 10, 64); err == nil && n != 0 {
				fields[f] = n
			}
		}
		out[k] = runlog.CountsOf(fields)
	}
	return out, nil
}

// Repos lists the repositories with runs.
func (s *Store) Repos(ctx context.Context) ([]string, error) {
	out, err := s.rc.SMembers(ctx, s.prefix+"repos").Result()
	if err != nil {
		return nil, fmt.Errorf("run history: reading repositories: %w", err)
	}
	sort.Strings(out)
	return out, nil
}

// Seq changes whenever the history does.
func (s *Store) Seq(ctx context.Context) (int64, error) {
	n, err := s.rc.Get(ctx, s.prefix+"seq").Int64()
	if errors.Is(err, goredis.Nil) {
		return 0, nil
	}
	return n, err
}

// Clear forgets every run (not atomically: see the package doc) and
// records who cleared them.
func (s *Store) Clear(ctx context.Context, by string, at time.Time) (runlog.Cleared, error) {
	cl := runlog.Cleared{By: by, At: at}
	n, err := s.rc.ZCard(ctx, s.idxKey(runlog.IndexAll)).Result()
	if err != nil {
		return cl, fmt.Errorf("run history: clearing: %w", err)
	}
	cl.Runs = n
	for _, pattern := range []string{"run:*", "idx:*", "cnt:*", "repos"} {
		iter := s.rc.Scan(ctx, 0, s.prefix+pattern, 1000).Iterator()
		var batch []string
		for iter.Next(ctx) {
			if batch = append(batch, iter.Val()); len(batch) == 500 {
				if err := s.rc.Unlink(ctx, batch...).Err(); err != nil {
					return cl, fmt.Errorf("run history: clearing: %w", err)
				}
				batch = batch[:0]
			}
		}
		if err := iter.Err(); err != nil {
			return cl, fmt.Errorf("run history: clearing: %w", err)
		}
		if len(batch) > 0 {
			if err := s.rc.Unlink(ctx, batch...).Err(); err != nil {
				return cl, fmt.Errorf("run history: clearing: %w", err)
			}
		}
	}
	raw, _ := json.Marshal(cl)
	if _, err := s.rc.TxPipelined(ctx, func(p goredis.Pipeliner) error {
		p.Set(ctx, s.prefix+"cleared", raw, 0)
		p.Incr(ctx, s.prefix+"seq")
		return nil
	}); err != nil {
		return cl, fmt.Errorf("run history: recording the clear: %w", err)
	}
	return cl, nil
}

// Cleared says who last cleared the history.
func (s *Store) Cleared(ctx context.Context) (runlog.Cleared, bool, error) {
	raw, err := s.rc.Get(ctx, s.prefix+"cleared").Bytes()
	if errors.Is(err, goredis.Nil) {
		return runlog.Cleared{}, false, nil
	}
	if err != nil {
		return runlog.Cleared{}, false, fmt.Errorf("run history: reading the last clear: %w", err)
	}
	var cl runlog.Cleared
	return cl, true, json.Unmarshal(raw, &cl)
}
