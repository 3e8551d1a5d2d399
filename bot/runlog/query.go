package runlog

import (
	"math"
	"sort"
	"strings"
	"time"
)

// Counts are one scope's counters.
type Counts struct {
	Runs, Passed, Failed, Stopped, Active int64
	Finished, DurationMS                  int64
	// Failures counts runs per failure type.
	Failures map[string]int64
}

// CountsOf reads counters from a store's field map.
func CountsOf(fields map[string]int64) Counts {
	c := Counts{Runs: fields[FieldRuns], Passed: fields[FieldPassed], Failed: fields[FieldFailed],
		Stopped: fields[FieldStopped], Active: fields[FieldActive], Finished: fields[FieldFinished], DurationMS: fields[FieldDurationMS]}
	for k, v := range fields {
		if ft, ok := strings.CutPrefix(k, FieldFailurePrefix); ok && v > 0 {
			if c.Failures == nil {
				c.Failures = map[string]int64{}
			}
			c.Failures[ft] = v
		}
	}
	return c
}

// Add sums two scopes' counters (a reader's repositories).
func (c Counts) Add(o Counts) Counts {
	c.Runs += o.Runs
	c.Passed += o.Passed
	c.Failed += o.Failed
	c.Stopped += o.Stopped
	c.Active += o.Active
	c.Finished += o.Finished
	c.DurationMS += o.DurationMS
	for k, v := range o.Failures {
		if c.Failures == nil {
			c.Failures = map[string]int64{}
		}
		c.Failures[k] += v
	}
	return c
}

// PassRate is the spec's pass rate: passed over judged runs as a rounded
// whole percent, 100 when none was judged.
func (c Counts) PassRate() int {
	judged := c.Passed + c.Failed
	if judged == 0 {
		return 100
	}
	return int(math.Round(float64(c.Passed) / float64(judged) * 100))
}

// MeanDuration is the mean duration of finished runs.
func (c Counts) MeanDuration() time.Duration {
	if c.Finished == 0 {
		return 0
	}
	return time.Duration(c.DurationMS/c.Finished) * time.Millisecond
}

// FailureTypes are the failure types counted, most frequent first.
func (c Counts) FailureTypes() []string {
	var out []string
	for k := range c.Failures {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool {
		if c.Failures[out[i]] != c.Failures[out[j]] {
			return c.Failures[out[i]] > c.Failures[out[j]]
		}
		return out[i] < out[j]
	})
	return out
}

// Days are the UTC days ending with the day of now, oldest first.
func Days(now time.Time, n int) []time.Time {
	end := now.UTC().Truncate(24 * time.Hour)
	out := make([]time.Time, n)
	for i := range out {
		out[i] = end.AddDate(0, 0, i-n+1)
	}
	return out
}

// Query asks for a page of runs: newest first from one index, those
// that started before Before (Unix microseconds, see Cursor; 0 means from
// the newest).
type Query struct {
	Index  string
	Before int64
	Limit  int
}

// Page is one page of runs and the cursor of the next (0 at the end).
type Page struct {
	Runs []Record
	Next int64
}

// Cursor is the Query.Before that continues after r.
func Cursor(r Record) int64 { return r.Started.UnixMicro() }

// Cleared says who last cleared the history, and when.
type Cleared struct {
	By   string    `json:"by"`
	At   time.Time `json:"at"`
	Runs int64     `json:"runs"`
}
