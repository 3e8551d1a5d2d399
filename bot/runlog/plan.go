package runlog

import (
	"errors"
	"sort"
	"strings"
	"time"
)

// Index names. An index lists run IDs newest first (by start); its name
// is its kind and its value.
const (
	IndexAll = "all"
	// ReposSet is the set of repositories that have runs (a set, not an
	// index: members are names).
	ReposSet = "repos"
)

// IndexRepo, IndexStory... name the index of one value.
func IndexRepo(repo string) string         { return "repo:" + repo }
func IndexStory(story string) string       { return "story:" + story }
func IndexRoute(route string) string       { return "route:" + route }
func IndexFailure(ft string) string        { return "failure:" + ft }
func IndexAuthor(author string) string     { return "author:" + author }
func IndexStatus(s Status) string          { return "status:" + string(s) }
func ScopeRepo(repo string) string         { return "repo:" + repo }
func ScopeStory(repo, story string) string { return "story:" + repo + "|" + story }

// ScopeAll counts every run.
const ScopeAll = "all"

// Counter fields.
const (
	FieldRuns     = "runs"
	FieldPassed   = "passed"
	FieldFailed   = "failed"
	FieldStopped  = "stopped"
	FieldActive   = "active"
	FieldFinished = "finished"
	// FieldDurationMS sums the durations of finished runs.
	FieldDurationMS = "dur_ms"
	// FieldFailurePrefix + a failure type counts runs that had it.
	FieldFailurePrefix = "ft:"
)

// DayFormat names a day bucket.
const DayFormat = "2006-01-02"

// DayKey is the counter key of scope's bucket for day (UTC).
func DayKey(scope string, day time.Time) string {
	return "day|" + scope + "|" + day.UTC().Format(DayFormat)
}

// IndexEntry is one run in one index.
type IndexEntry struct {
	Index string
	ID    string
	// Score orders the index: the run's start in Unix microseconds (a
	// float64 holds it exactly, for Redis).
	Score int64
}

// Delta moves one counter field.
type Delta struct {
	Key   string // a scope or a DayKey
	Field string
	N     int64
}

// Change is everything one write does.
type Change struct {
	Record Record
	Add    []IndexEntry
	Remove []IndexEntry
	Deltas []Delta
	// Repos are the members to add to ReposSet.
	Repos []string
	// Days are the day buckets the change touches (stores expire them).
	Days []string
}

// ErrInvalid is a record a store refuses.
var ErrInvalid = errors.New("runlog: invalid record")

// Check validates a record before it is written.
func Check(r Record) error {
	switch {
	case r.ID == "" || len(r.ID) > 200 || strings.ContainsAny(r.ID, "/\\\x00 "):
		return errors.Join(ErrInvalid, errors.New("run ID must be a non-empty name without slashes or spaces"))
	case r.Started.IsZero():
		return errors.Join(ErrInvalid, errors.New("run "+r.ID+" has no start time"))
	case r.Status != Active && r.Status != Passed && r.Status != Failed && r.Status != Stopped:
		return errors.Join(ErrInvalid, errors.New("run "+r.ID+": unknown status "+string(r.Status)))
	}
	return nil
}

// Plan works out the write of next over old (nil when the run is new):
// the record, the index entries to add and remove and the counter moves
// from old's contribution to next's. A run keeps its first start time,
// so it stays in place in every index.
func Plan(old *Record, next Record) (Change, error) {
	if old != nil {
		next.Started = old.Started
	}
	if err := Check(next); err != nil {
		return Change{}, err
	}
	c := Change{Record: next}
	newIdx := indices(next)
	if old != nil {
		for name := range indices(*old) {
			if !newIdx[name] {
				c.Remove = append(c.Remove, IndexEntry{Index: name, ID: old.ID, Score: old.Started.UnixMicro()})
			}
		}
	}
	for name := range newIdx {
		c.Add = append(c.Add, IndexEntry{Index: name, ID: next.ID, Score: next.Started.UnixMicro()})
	}
	sort.Slice(c.Add, func(i, j int) bool { return c.Add[i].Index < c.Add[j].Index })
	sort.Slice(c.Remove, func(i, j int) bool { return c.Remove[i].Index < c.Remove[j].Index })

	moves := map[[2]string]int64{}
	if old != nil {
		for k, n := range contribution(*old) {
			moves[k] -= n
		}
	}
	for k, n := range contribution(next) {
		moves[k] += n
	}
	days := map[string]bool{}
	for k, n := range moves {
		if n != 0 {
			c.Deltas = append(c.Deltas, Delta{Key: k[0], Field: k[1], N: n})
			if strings.HasPrefix(k[0], "day|") {
				days[k[0]] = true
			}
		}
	}
	sort.Slice(c.Deltas, func(i, j int) bool {
		if c.Deltas[i].Key != c.Deltas[j].Key {
			return c.Deltas[i].Key < c.Deltas[j].Key
		}
		return c.Deltas[i].Field < c.Deltas[j].Field
	})
	for d := range days {
		c.Days = append(c.Days, d)
	}
	sort.Strings(c.Days)
	if old == nil || old.Repo != next.Repo {
		c.Repos = []string{next.Repo}
	}
	return c, nil
}

// indices are the indices that list r.
func indices(r Record) map[string]bool {
	m := map[string]bool{IndexAll: true, IndexRepo(r.Repo): true, IndexStatus(r.Status): true}
	if r.Story != "" {
		m[IndexStory(r.Story)] = true
	}
	if r.Route != "" {
		m[IndexRoute(r.Route)] = true
	}
	if r.Author != "" {
		m[IndexAuthor(r.Author)] = true
	}
	for _, ft := range r.FailureTypes() {
		m[IndexFailure(ft)] = true
	}
	return m
}

// contribution is what r adds to the counters.
func contribution(r Record) map[[2]string]int64 {
	out := map[[2]string]int64{}
	add := func(key string, durationsToo bool) {
		out[[2]string{key, FieldRuns}]++
		out[[2]string{key, string(statusField(r.Status))}]++
		if r.Status != Active && durationsToo {
			out[[2]string{key, FieldFinished}]++
			out[[2]string{key, FieldDurationMS}] += r.Duration().Milliseconds()
		}
		for _, ft := range r.FailureTypes() {
			out[[2]string{key, FieldFailurePrefix + ft}]++
		}
	}
	for _, scope := range []string{ScopeAll, ScopeRepo(r.Repo)} {
		add(scope, true)
		add(DayKey(scope, r.Started), true)
	}
	if r.Story != "" {
		add(ScopeStory(r.Repo, r.Story), true)
	}
	return out
}

func statusField(s Status) string {
	switch s {
	case Passed:
		return FieldPassed
	case Failed:
		return FieldFailed
	case Stopped:
		return FieldStopped
	}
	return FieldActive
}

// Forget works out the removal of old (past retention): out of every
// index, its contribution taken back from every counter, so totals
// always describe the runs kept.
func Forget(old Record) Change {
	c := Change{Record: old}
	for name := range indices(old) {
		c.Remove = append(c.Remove, IndexEntry{Index: name, ID: old.ID, Score: old.Started.UnixMicro()})
	}
	sort.Slice(c.Remove, func(i, j int) bool { return c.Remove[i].Index < c.Remove[j].Index })
	for k, n := range contribution(old) {
		c.Deltas = append(c.Deltas, Delta{Key: k[0], Field: k[1], N: -n})
	}
	sort.Slice(c.Deltas, func(i, j int) bool {
		if c.Deltas[i].Key != c.Deltas[j].Key {
			return c.Deltas[i].Key < c.Deltas[j].Key
		}
		return c.Deltas[i].Field < c.Deltas[j].Field
	})
	return c
}

// PruneBatch is how many expired runs one write forgets at most, so a
// write stays short however much has expired.
const PruneBatch = 20
