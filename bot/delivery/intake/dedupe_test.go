package intake

import (
	"context"
	"sync"
	"testing"
	"time"
)

type testDeduper interface {
	Deduper
	Forgetter
}

// dedupers returns every implementation, the Redis one on the real test
// Redis (skipped, loudly, when none is reachable).
func dedupers(t *testing.T, ttl time.Duration) map[string]func(t *testing.T) testDeduper {
	return map[string]func(t *testing.T) testDeduper{
		"memory": func(*testing.T) testDeduper { return NewMemoryDeduper(ttl, 1000) },
		"redis": func(t *testing.T) testDeduper {
			rdb := testRedis(t)
			return NewRedisDeduper(rdb, uniquePrefix(t, rdb), ttl)
		},
	}
}

func TestDeduperContract(t *testing.T) {
	for name, mk := range dedupers(t, time.Hour) {
		t.Run(name, func(t *testing.T) {
			d := mk(t)
			ctx := context.Background()
			check := func(want bool, keys ...string) {
				t.Helper()
				got, err := d.Seen(ctx, keys...)
				if err != nil || got != want {
					t.Fatalf("Seen(%q) = %v, %v; want %v", keys, got, err, want)
				}
			}
			check(false, "id:1", "body:a")
			check(true, "id:1", "body:a")
			check(true, "id:2", "body:a") // new ID, same body
			check(true, "id:1", "body:b") // same ID, new body
			// The previous calls recorded their new keys as well.
			check(true, "id:2")
			check(true, "body:b")
			check(false, "id:3", "body:c")
			check(false)
			if err := d.Forget(ctx, "id:3", "body:c"); err != nil {
				t.Fatal(err)
			}
			check(false, "id:3", "body:c")
		})
	}
}

func TestDeduperOneWinnerUnderRace(t *testing.T) {
	for name, mk := range dedupers(t, time.Hour) {
		t.Run(name, func(t *testing.T) {
			d := mk(t)
			for round := range 20 {
				keys := []string{"id:" + string(rune('a'+round)), "body:" + string(rune('a'+round))}
				var wg sync.WaitGroup
				var mu sync.Mutex
				winners := 0
				start := make(chan struct{})
				for range 16 {
					wg.Go(func() {
						<-start
						seen, err := d.Seen(context.Background(), keys...)
						if err != nil {
							t.Error(err)
							return
						}
						if !seen {
							mu.Lock()
							winners++
							mu.Unlock()
						}
					})
				}
				close(start)
				wg.Wait()
				if winners != 1 {
					t.Fatalf("round %d: %d callers saw the keys as new, want 1", round, winners)
				}
			}
		})
	}
}

func TestMemoryDeduperExpiresAndIsBounded(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	d := NewMemoryDeduper(time.Hour, 3)
	d.now = func() time.Time { return now }
	ctx := context.Background()
	seen := func(keys ...string) bool {
		s, err := d.Seen(ctx, keys...)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if seen("a") || !seen("a") {
		t.Fatal("a not remembered")
	}
	now = now.Add(time.Hour - time.Nanosecond)
	if !seen("a") {
		t.Fatal("a forgotten before its TTL")
	}
	now = now.Add(time.Nanosecond)
	if seen("a") {
		t.Fatal("a remembered after its TTL")
	}
	// Limit 3: a (re-added just now), b, c, then d pushes out a.
	if seen("b", "c") || seen("d") {
		t.Fatal("new keys reported as seen")
	}
	if seen("a") {
		t.Fatal("the oldest key survived the size limit")
	}
	if !seen("d") {
		t.Fatal("recent key forgotten")
	}
	if d2 := NewMemoryDeduper(0, 0); d2.ttl != DefaultDedupeTTL || d2.limit != 100_000 {
		t.Fatalf("defaults: ttl %v limit %d", d2.ttl, d2.limit)
	}
}

func TestRedisDeduperSetsTTL(t *testing.T) {
	rdb := testRedis(t)
	prefix := uniquePrefix(t, rdb)
	d := NewRedisDeduper(rdb, prefix, 90*time.Second)
	if _, err := d.Seen(context.Background(), "k"); err != nil {
		t.Fatal(err)
	}
	ttl, err := rdb.PTTL(context.Background(), prefix+"k").Result()
	if err != nil || ttl <= 80*time.Second || ttl > 90*time.Second {
		t.Fatalf("PTTL = %v, %v; want about 90s", ttl, err)
	}
	if _, err := NewRedisDeduper(nil, "", 0).Seen(context.Background(), "k"); err == nil {
		t.Fatal("nil client did not fail")
	}
}
