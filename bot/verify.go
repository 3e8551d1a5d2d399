package bot

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/engineo/autoverify/bot/failure"
	"github.com/engineo/autoverify/checklist"
)

// Redactor removes secrets from text before it is stored or posted.
type Redactor interface {
	Bytes([]byte) []byte
}

// Verifier runs the automated items of a story.
type Verifier struct {
	Runner   Runner
	Redactor Redactor
	// Concurrency bounds commands running at once; zero means one per CPU.
	Concurrency int
	// Timeout is each command's limit; zero leaves it to the runner.
	Timeout time.Duration
	// Environments, when set, make a matrix run: each check runs in every
	// environment (or the one its ENV= names) and Runner is not used.
	Environments []Environment
	// RetryDelay, when set, replaces the wait between attempts after a
	// transient runner error (tests make it short).
	RetryDelay func(attempt int) time.Duration
	// Caching, when set, serves passing results of the same command on
	// the same tree in the same environment from the cache, and stores
	// new passes.
	Caching *Caching
	// Now is the clock for cache entries; nil means time.Now.
	Now func() time.Time
}

// Outcome is the verdict on one automated item.
type Outcome struct {
	Item checklist.Item
	// Result is what the runner saw; its Output is already redacted.
	Result      Result
	Passed      bool
	FailureType failure.Type // empty on a pass
	// Pairs are the per-environment results of a matrix run (nil
	// otherwise); Reason explains a matrix failure that is not one
	// command's (environment_disagreement, INFRA_BLOCKED).
	Pairs  []Pair
	Reason string
	// Cached is set when the result came from the result cache (for a
	// matrix run, when every pair's did).
	Cached *CacheHit
	// FalseClaims word each pair of this check an agent claimed otherwise
	// than observed (see Audit); any of them routes to a person.
	FalseClaims []string

	unavailable bool
}

// CacheHit says where a cached result came from.
type CacheHit struct {
	RunID string
	At    time.Time
}

// Verify runs every automated item of items (checked or not) in dir, in
// parallel up to the concurrency bound, and returns outcomes in story
// order. A runner that cannot run a command (an engine down) yields an
// ENV_ERROR outcome naming the problem rather than aborting the others.
// Verify returns an error only when ctx is cancelled.
func (v *Verifier) Verify(ctx context.Context, items []checklist.Item, dir string) ([]Outcome, error) {
	var auto []checklist.Item
	for _, it := range items {
		if it.Kind == checklist.Auto {
			auto = append(auto, it)
		}
	}
	if len(v.Environments) > 0 {
		return v.verifyMatrix(ctx, auto, dir)
	}
	outcomes := make([]Outcome, len(auto))
	err := v.each(ctx, len(auto), func(i int) { outcomes[i] = v.verifyOne(ctx, auto[i], dir) })
	if err != nil {
		return nil, err
	}
	return outcomes, nil
}

// each calls fn(0..count-1) on goroutines, at most Concurrency (default:
// one per CPU) at a time, waits for them all, and returns ctx's error if it
// ended meanwhile. Plain and matrix runs share it.
func (v *Verifier) each(ctx context.Context, count int, fn func(i int)) error {
	n := v.Concurrency
	if n <= 0 {
		n = runtime.NumCPU()
	}
	sem := make(chan struct{}, n)
	var wg sync.WaitGroup
	for i := 0; i < count; i++ {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			wg.Wait()
			return ctx.Err()
		}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			fn(i)
		}()
	}
	wg.Wait()
	return ctx.Err()
}

func (v *Verifier) verifyOne(ctx context.Context, it checklist.Item, dir string) Outcome {
	return v.runOn(ctx, v.Runner, it, dir)
}

// runOn runs one check on one runner and judges it.
func (v *Verifier) runOn(ctx context.Context, r Runner, it checklist.Item, dir string) Outcome {
	key := v.Caching.key(r, it.Argv)
	if key != "" && v.Caching.Read {
		if c, ok, err := v.Caching.Cache.GetResult(ctx, key); err == nil && ok && c.ExitCode == it.ExitCode {
			return Outcome{Item: it, Passed: true, Cached: &CacheHit{RunID: c.RunID, At: c.At},
				Result: Result{ExitCode: c.ExitCode, Output: c.Output, OmittedBytes: c.OmittedBytes, Duration: c.Duration}}
		}
	}
	cmd := Command{ItemID: it.ID, Argv: it.Argv, Dir: dir, Timeout: v.Timeout}
	res, err := r.Run(ctx, cmd)
	tries := 1
	for ; err != nil && errors.Is(err, ErrTransient) && tries < transientTries && ctx.Err() == nil; tries++ {
		select {
		case <-time.After(v.retryDelay(tries)):
		case <-ctx.Done():
		}
		res, err = r.Run(ctx, cmd)
	}
	if err != nil {
		// The command did not run: the runner is unavailable (engine
		// down, image missing), an environment problem for a person and
		// never a code failure; in a matrix it blocks the environment
		// (INFRA_BLOCKED).
		msg := fmt.Sprintf("autoverify: runner could not run the command: %v\n", err)
		if tries > 1 {
			msg = fmt.Sprintf("autoverify: runner could not run the command (tried %d times): %v\n", tries, err)
		}
		res = Result{ExitCode: -1, Output: []byte(msg)}
		return Outcome{Item: it, Result: v.redact(res), FailureType: failure.EnvError, unavailable: true}
	}
	o := Outcome{Item: it, Passed: !res.TimedOut && res.ExitCode == it.ExitCode}
	if !o.Passed {
		o.FailureType = failure.Classify(failure.Failure{
			Argv: it.Argv, ExitCode: res.ExitCode, TimedOut: res.TimedOut, Output: res.Output,
		})
		if it.ExitCode != 0 && res.ExitCode == 0 && !res.TimedOut {
			// The check wanted a failure (a RED gate) and got success:
			// nothing in the output explains it, so say so plainly.
			o.FailureType = failure.TestFailure
		}
	}
	o.Result = v.redact(res)
	if key != "" && o.Passed {
		// Best effort: a cache that cannot store costs a rerun, nothing
		// more.
		_ = v.Caching.Cache.PutResult(ctx, key, CachedResult{RunID: v.Caching.RunID, At: v.now(), ExitCode: o.Result.ExitCode,
			Duration: o.Result.Duration, Output: o.Result.Output, OmittedBytes: o.Result.OmittedBytes})
	}
	return o
}

func (v *Verifier) now() time.Time {
	if v.Now != nil {
		return v.Now()
	}
	return time.Now()
}

// AllCached reports whether every check of items (in every environment it
// runs in) has a usable cached result, so that a verification can skip
// fetching its workspace and reserving a verify cycle.
func (v *Verifier) AllCached(ctx context.Context, items []checklist.Item) bool {
	if v.Caching == nil || !v.Caching.Read || v.Caching.Cache == nil {
		return false
	}
	n := 0
	for _, it := range items {
		if it.Kind != checklist.Auto {
			continue
		}
		for _, r := range v.runnersFor(it) {
			key := v.Caching.key(r, it.Argv)
			if key == "" {
				return false
			}
			c, ok, err := v.Caching.Cache.GetResult(ctx, key)
			if err != nil || !ok || c.ExitCode != it.ExitCode {
				return false
			}
			n++
		}
	}
	return n > 0
}

// runnersFor lists the runners item runs on: the default one, or in a
// matrix every environment it names (nil for an unknown one).
func (v *Verifier) runnersFor(it checklist.Item) []Runner {
	if len(v.Environments) == 0 {
		return []Runner{v.Runner}
	}
	var out []Runner
	for _, e := range v.Environments {
		if it.Environment == "" || it.Environment == e.Name {
			out = append(out, e.Runner)
		}
	}
	if len(out) == 0 {
		out = append(out, nil)
	}
	return out
}

// transientTries bounds attempts of a command whose runner failed in a way
// that may pass (ErrTransient).
const transientTries = 3

// retryDelay is the wait before attempt n+1 after a transient runner error:
// 1 s, then 2 s, unless RetryDelay says otherwise.
func (v *Verifier) retryDelay(n int) time.Duration {
	if v.RetryDelay != nil {
		return v.RetryDelay(n)
	}
	return time.Duration(n) * time.Second
}

func (v *Verifier) redact(r Result) Result {
	if v.Redactor != nil {
		r.Output = v.Redactor.Bytes(r.Output)
	}
	return r
}

// Marks turns outcomes into evidence markers for the story, naming the
// evidence file. Rejected items get a marker too, so their author sees why
// the tag did not run, and their box is left alone.
func Marks(outcomes []Outcome, rejected []checklist.Item, evidenceFile string) map[string]checklist.Mark {
	marks := make(map[string]checklist.Mark, len(outcomes)+len(rejected))
	for _, o := range outcomes {
		marks[o.Item.ID] = checklist.Mark{Passed: o.Passed, Text: MarkText(o, evidenceFile)}
	}
	for _, it := range rejected {
		marks[it.ID] = checklist.Mark{KeepBox: true, Text: "Auto-verify: REJECTED — " + it.Reason}
	}
	return marks
}

// MarkText is the evidence sub-bullet text for one outcome.
func MarkText(o Outcome, evidenceFile string) string {
	see := fmt.Sprintf(" (see `%s`)", evidenceFile)
	switch {
	case o.Passed && o.Cached != nil:
		return "Auto-verified: PASS (cached: same tree, command and environment as an earlier run)" + see
	case o.Passed:
		return "Auto-verified: PASS" + see
	case o.Reason != "":
		return fmt.Sprintf("Auto-verified: FAIL — %s (%s)", o.FailureType, o.Reason) + see
	case o.Result.TimedOut:
		return fmt.Sprintf("Auto-verified: FAIL — %s after %s", o.FailureType, o.Result.Duration.Round(time.Second)) + see
	default:
		return fmt.Sprintf("Auto-verified: FAIL — %s, exit code %d", o.FailureType, o.Result.ExitCode) + see
	}
}
