package dashboard_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/delivery/dashboard"
	"github.com/engineo/autoverify/bot/runlog"
	"github.com/engineo/autoverify/integrations/redistest"
	runbolt "github.com/engineo/autoverify/integrations/runlog/bolt"
	runredis "github.com/engineo/autoverify/integrations/runlog/redis"
)

const benchRuns = 100_000

// seed100k writes 100,000 runs over 40 repositories, 3,000 stories and 30
// days into a bbolt history in dir and says how long it took.
func seed100k(b *testing.B, dir string) time.Duration {
	s, err := runbolt.Open(dir, runbolt.WithRetention(0))
	require.NoError(b, err)
	start := time.Now()
	var batch []runlog.Record
	for i := range benchRuns {
		batch = append(batch, benchRecord(i))
		if len(batch) == 5000 {
			require.NoError(b, s.PutBatch(context.Background(), batch))
			batch = batch[:0]
		}
	}
	return time.Since(start)
}

func benchRecord(i int) runlog.Record {
	st := runlog.Passed
	switch {
	case i >= benchRuns-10:
		st = runlog.Active
	case i%10 < 2:
		st = runlog.Failed
	case i%50 == 7:
		st = runlog.Stopped
	}
	at := now.Add(-30 * 24 * time.Hour).Add(time.Duration(i) * (30 * 24 * time.Hour / benchRuns))
	r := runlog.Record{ID: fmt.Sprintf("run-%06d", i), Repo: fmt.Sprintf("acme/repo-%02d", i%40), Story: fmt.Sprintf("KAN-%d", i%3000),
		Status: st, Started: at, Author: fmt.Sprintf("dev%d", i%25), Number: i % 500}
	if st != runlog.Active {
		r.Finished = at.Add(time.Duration(20+i%100) * time.Second)
	}
	out := strings.Repeat("ok line of output\n", 10)
	items := []runlog.Item{{ID: "a", Text: "unit tests", Command: "pnpm test", Kind: "auto", Ran: st != runlog.Active, Passed: st == runlog.Passed, Output: out},
		{ID: "b", Text: "lint", Command: "pnpm lint", Kind: "auto", Ran: st != runlog.Active, Passed: true, Output: "0 problems"},
		{ID: "c", Text: "copy reviewed", Kind: "manual"}}
	if st == runlog.Failed {
		items[0].FailureType = []string{"TEST_FAILURE", "LINT_ERROR", "TYPE_ERROR", "TIMEOUT"}[i%4]
		r.Route = "needs_fix"
	} else if st == runlog.Passed {
		r.Route = "verified"
	}
	r.Items = items
	return r
}

// seedRedis100k writes the same runs to a Redis history, 16 writers at
// once.
func seedRedis100k(b *testing.B, s *runredis.Store) time.Duration {
	start := time.Now()
	var wg sync.WaitGroup
	next := make(chan int, 1024)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := s.Put(context.Background(), benchRecord(i)); err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	for i := range benchRuns {
		next <- i
	}
	close(next)
	wg.Wait()
	return time.Since(start)
}

// BenchmarkOverview100k renders the overview over 100,000 stored runs, for
// the token's admin (every repository) and for a GitHub user who can read
// 20 of the 40 repositories, over bbolt and over Redis. Run it once:
// go test -run X -bench Overview100k -benchtime=20x ./bot/delivery/dashboard
// (seeding takes a while).
func BenchmarkOverview100k(b *testing.B) {
	dir := b.TempDir()
	b.Logf("bolt: seeded %d runs in %s", benchRuns, seed100k(b, dir).Round(time.Second))
	store, err := runbolt.Open(dir, runbolt.WithRetention(0))
	require.NoError(b, err)
	overviewBench(b, "bolt", store)
	rc := redistest.Client(b, 11, "the Redis overview benchmark")
	prefix := fmt.Sprintf("bench-runs-%d:", time.Now().UnixNano())
	b.Cleanup(func() {
		iter := rc.Scan(context.Background(), 0, prefix+"*", 5000).Iterator()
		var keys []string
		for iter.Next(context.Background()) {
			keys = append(keys, iter.Val())
		}
		for len(keys) > 0 {
			n := min(len(keys), 1000)
			rc.Unlink(context.Background(), keys[:n]...)
			keys = keys[n:]
		}
	})
	rs := runredis.New(rc, runredis.WithPrefix(prefix), runredis.WithRetention(0))
	b.Logf("redis: seeded %d runs in %s", benchRuns, seedRedis100k(b, rs).Round(time.Second))
	overviewBench(b, "redis", rs)
}

func overviewBench(b *testing.B, name string, store dashboard.History) {
	var readable []string
	for i := 0; i < 40; i += 2 {
		readable = append(readable, fmt.Sprintf("acme/repo-%02d", i))
	}
	gh := &fakeGitHub{read: map[string][]string{"alice": readable}}
	d, err := dashboard.New(dashboard.Config{History: store, Token: token, GitHub: gh, Now: func() time.Time { return now }})
	require.NoError(b, err)
	defer d.Close()
	srv := httptest.NewServer(d)
	defer srv.Close()
	reader := func() *http.Cookie {
		c := client()
		gh.base = "alice"
		resp, err := c.Get(srv.URL + "/auth/github")
		require.NoError(b, err)
		resp.Body.Close()
		u, _ := url.Parse(resp.Header.Get("Location"))
		resp, err = c.Get(srv.URL + u.RequestURI())
		require.NoError(b, err)
		resp.Body.Close()
		su, _ := url.Parse(srv.URL)
		for _, ck := range c.Jar.Cookies(su) {
			if ck.Name == "av_session" {
				return ck
			}
		}
		b.Fatal("no session")
		return nil
	}()
	for _, tc := range []struct {
		name string
		auth func(*http.Request)
		want string
	}{
		{name + "/admin", func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }, `id="stat-total">100000<`},
		{name + "/reader20", func(r *http.Request) { r.AddCookie(reader) }, `id="stat-total">50000<`},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var slowest time.Duration
			for b.Loop() {
				req := httptest.NewRequest(http.MethodGet, "/", nil)
				tc.auth(req)
				rec := httptest.NewRecorder()
				start := time.Now()
				d.ServeHTTP(rec, req)
				slowest = max(slowest, time.Since(start))
				if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), tc.want) {
					b.Fatalf("%d, want %s in the page", rec.Code, tc.want)
				}
			}
			b.ReportMetric(float64(slowest.Microseconds())/1000, "slowest-ms")
		})
	}
}

// BenchmarkRecordRun is one run's two writes (active, then finished) to
// the embedded history: two fsynced transactions.
func BenchmarkRecordRun(b *testing.B) {
	s, err := runbolt.Open(b.TempDir())
	require.NoError(b, err)
	i := 0
	for b.Loop() {
		r := benchRecord(i % (benchRuns - 20))
		r.ID = fmt.Sprint("rec-", i)
		active := r
		active.Status, active.Finished = runlog.Active, time.Time{}
		require.NoError(b, s.Put(context.Background(), active))
		require.NoError(b, s.Put(context.Background(), r))
		i++
	}
}
