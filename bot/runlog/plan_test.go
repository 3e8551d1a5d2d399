package runlog_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/runlog"
)

var t0 = time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)

// apply folds changes into counters and index membership, as a store does.
type state struct {
	counters map[string]map[string]int64
	index    map[string]map[string]bool
	records  map[string]runlog.Record
}

func newState() *state {
	return &state{counters: map[string]map[string]int64{}, index: map[string]map[string]bool{}, records: map[string]runlog.Record{}}
}

func (s *state) put(t *testing.T, r runlog.Record) {
	t.Helper()
	var old *runlog.Record
	if o, ok := s.records[r.ID]; ok {
		old = &o
	}
	c, err := runlog.Plan(old, r)
	require.NoError(t, err)
	for _, e := range c.Remove {
		delete(s.index[e.Index], e.ID)
	}
	for _, e := range c.Add {
		if s.index[e.Index] == nil {
			s.index[e.Index] = map[string]bool{}
		}
		s.index[e.Index][e.ID] = true
	}
	for _, d := range c.Deltas {
		if s.counters[d.Key] == nil {
			s.counters[d.Key] = map[string]int64{}
		}
		s.counters[d.Key][d.Field] += d.N
	}
	s.records[r.ID] = c.Record
}

func TestPlanCountsARunOnceThroughItsLife(t *testing.T) {
	t.Parallel()
	s := newState()
	active := runlog.Record{ID: "r1", Repo: "acme/web", Story: "KAN-1", Status: runlog.Active, Started: t0}
	s.put(t, active)
	assert.Equal(t, runlog.Counts{Runs: 1, Active: 1}, runlog.CountsOf(s.counters[runlog.ScopeAll]))
	assert.True(t, s.index[runlog.IndexStatus(runlog.Active)]["r1"])

	done := active
	done.Status, done.Route, done.Finished = runlog.Failed, "FIX_REQUIRED", t0.Add(3*time.Second)
	done.Items = []runlog.Item{{ID: "a", Kind: "auto", Ran: true, FailureType: "TEST_FAILURE"}}
	s.put(t, done)
	s.put(t, done) // a retried delivery writes the same run again
	want := runlog.Counts{Runs: 1, Failed: 1, Finished: 1, DurationMS: 3000, Failures: map[string]int64{"TEST_FAILURE": 1}}
	assert.Equal(t, want, runlog.CountsOf(s.counters[runlog.ScopeAll]))
	assert.Equal(t, want, runlog.CountsOf(s.counters[runlog.ScopeRepo("acme/web")]))
	assert.Equal(t, want, runlog.CountsOf(s.counters[runlog.ScopeStory("acme/web", "KAN-1")]))
	assert.Equal(t, want, runlog.CountsOf(s.counters[runlog.DayKey(runlog.ScopeAll, t0)]))
	assert.False(t, s.index[runlog.IndexStatus(runlog.Active)]["r1"], "no longer active")
	assert.True(t, s.index[runlog.IndexStatus(runlog.Failed)]["r1"])
	assert.True(t, s.index[runlog.IndexFailure("TEST_FAILURE")]["r1"])
	assert.True(t, s.index[runlog.IndexRoute("FIX_REQUIRED")]["r1"])

	// A later write cannot move the run in time.
	moved := done
	moved.Started = t0.Add(time.Hour)
	s.put(t, moved)
	assert.Equal(t, t0, s.records["r1"].Started)
}

func TestPassRate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		c    runlog.Counts
		want int
	}{
		{runlog.Counts{}, 100},
		{runlog.Counts{Runs: 3, Stopped: 3}, 100},
		{runlog.Counts{Runs: 3, Passed: 2, Failed: 1}, 67},
		{runlog.Counts{Runs: 4, Passed: 1, Failed: 2, Stopped: 1}, 33},
		{runlog.Counts{Runs: 8, Passed: 1, Failed: 7}, 13},
	} {
		assert.Equal(t, tc.want, tc.c.PassRate(), "%+v", tc.c)
	}
}

func TestCheckRefusesBadRecords(t *testing.T) {
	t.Parallel()
	for name, r := range map[string]runlog.Record{
		"no id":      {Status: runlog.Active, Started: t0},
		"slash":      {ID: "../x", Status: runlog.Active, Started: t0},
		"no start":   {ID: "x", Status: runlog.Active},
		"bad status": {ID: "x", Status: "weird", Started: t0},
	} {
		_, err := runlog.Plan(nil, r)
		assert.ErrorIs(t, err, runlog.ErrInvalid, name)
	}
}

func TestTailKeepsTheEnd(t *testing.T) {
	t.Parallel()
	long := ""
	for len(long) < 3*runlog.OutputTail {
		long += "line of output\n"
	}
	long += "LAST"
	tail := runlog.Tail(long)
	assert.LessOrEqual(t, len(tail), runlog.OutputTail+8)
	assert.Contains(t, tail, "LAST")
	assert.Equal(t, "short", runlog.Tail("short"))
}
