package verify

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/engineo/autoverify/bot/consensus"
	"github.com/engineo/autoverify/bot/failure"
	"github.com/engineo/autoverify/bot/testresults"
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
	// Reviewing, when set with N > 1, has every check that runs run by
	// independent reviewers (see Reviewing).
	Reviewing *Reviewing
	// Now is the clock for cache entries; nil means time.Now.
	Now func() time.Time
	// Trees, when set, opens the tree each failed command ran in for the
	// failure reading; nil reads the output alone.
	Trees TreeOpener
	// Landed, when set, hears of each check's outcome as it lands, from
	// the goroutine that ran it (not for matrix runs, whose outcomes
	// combine environments).
	Landed func(Outcome)

	slotsOnce sync.Once
	slots     chan struct{}
	// prewarmed are reviewers' copies Prewarm started, for the next
	// Verify of their directory.
	prewarmed *workspaces
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
	// Tests are the tests the command ran, read from its output (format
	// unknown when its tool's output was not recognised): counts, the
	// failing tests with the first lines of their failure, and each
	// test's outcome (Tests.Outcomes) for comparing runs.
	Tests testresults.Results
	// Cached is set when the result came from the result cache (for a
	// matrix run, when every pair's did).
	Cached *CacheHit
	// FalseClaims word each pair of this check an agent claimed otherwise
	// than observed (see Audit); any of them routes to a person.
	FalseClaims []string
	// Verdict is a gate item's classification (accept, reject_vanity …),
	// kept in the ledger's history.
	Verdict string
	// Review is the independent reviewers' verdict (nil when reviewing is
	// off, or for a cached result and a matrix check, whose pairs carry
	// theirs).
	Review *Review

	unavailable bool
	// attempts counts runs of the command after transient runner errors
	// (1 when the first run answered).
	attempts int
}

// Escalation describes the review that escalated this check (or one of
// its environments), or is "" when none did.
func (o Outcome) Escalation() string {
	reviews := []*Review{o.Review}
	envs := []string{""}
	for _, p := range o.Pairs {
		reviews, envs = append(reviews, p.Review), append(envs, p.Environment)
	}
	for i, rv := range reviews {
		if rv != nil && rv.Status == consensus.Escalated {
			where := o.Item.ID
			if envs[i] != "" {
				where += " in " + envs[i]
			}
			return fmt.Sprintf("%s: %s (%s)", where, rv.Reason, rv.Summary)
		}
	}
	return ""
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
		// GATE= items are the gates stage's (bot.GatesCheck), not a plain
		// exit code.
		if it.Kind == checklist.Auto && it.Gate == "" {
			auto = append(auto, it)
		}
	}
	ws := v.prewarmed
	v.prewarmed = nil
	if ws == nil || ws.dir != dir {
		ws.close()
		ws = v.newWorkspaces(dir)
	}
	defer ws.close()
	if len(v.Environments) > 0 {
		return v.verifyMatrix(ctx, auto, ws)
	}
	expect(v.Runner, len(auto)*ws.n)
	outcomes := make([]Outcome, len(auto))
	err := v.each(ctx, len(auto), func(i int) {
		outcomes[i] = v.runOn(ctx, v.Runner, auto[i], ws)
		if v.Landed != nil {
			v.Landed(outcomes[i])
		}
	})
	if err != nil {
		return nil, err
	}
	return outcomes, nil
}

// expect announces n commands to r if it prepares for them (see
// CommandPlanner); each check runs once per reviewer.
func expect(r Runner, n int) {
	if p, ok := r.(CommandPlanner); ok && n > 0 {
		p.Expect(n)
	}
}

// each calls fn(0..count-1) on goroutines, waits for them all, and
// returns ctx's error if it ended meanwhile. Plain and matrix runs share
// it. The concurrency bound is not kept here but around each command (see
// execute), so that a check's reviewers share it with every other check.
func (v *Verifier) each(ctx context.Context, count int, fn func(i int)) error {
	var wg sync.WaitGroup
	for i := 0; i < count; i++ {
		if ctx.Err() != nil {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(i)
		}()
	}
	wg.Wait()
	return ctx.Err()
}

// slot waits for room under the concurrency bound (Concurrency, default
// one per CPU) and returns the function that gives it back.
func (v *Verifier) slot(ctx context.Context) (func(), error) {
	v.slotsOnce.Do(func() {
		n := v.Concurrency
		if n <= 0 {
			n = runtime.NumCPU()
		}
		v.slots = make(chan struct{}, n)
	})
	select {
	case v.slots <- struct{}{}:
		return func() { <-v.slots }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// runOn runs one check on one runner — served from the cache, by the
// reviewers, or once — and judges it.
func (v *Verifier) runOn(ctx context.Context, r Runner, it checklist.Item, ws *workspaces) Outcome {
	key := v.Caching.key(r, it.Argv)
	if key != "" && v.Caching.Read {
		if o, ok := v.cached(ctx, r, it); ok {
			return o
		}
	}
	var o Outcome
	if ws.n > 1 {
		o = v.review(ctx, r, it, ws)
	} else {
		o = v.execute(ctx, r, it, ws.dir, "")
	}
	if key != "" && o.Passed {
		v.Caching.put(ctx, key, CachedResult{RunID: v.Caching.RunID, At: v.now(), ExitCode: o.Result.ExitCode,
			Duration: o.Result.Duration, Output: o.Result.Output, OmittedBytes: o.Result.OmittedBytes})
	}
	return o
}

// run runs cmd on r within the concurrency bound.
func (v *Verifier) run(ctx context.Context, r Runner, cmd Command) (Result, error) {
	done, err := v.slot(ctx)
	if err != nil {
		return Result{}, err
	}
	defer done()
	return r.Run(ctx, cmd)
}

// execute runs one check once in dir (showing source there, when set: see
// Command.Source), retrying a transient runner failure a bounded number of
// times, and judges the result.
func (v *Verifier) execute(ctx context.Context, r Runner, it checklist.Item, dir, source string) Outcome {
	// Ask the test tool for its structured report where that is safe
	// (go test -json); the text a person reads is restored below.
	argv, report := testresults.WithReporting(it.Argv, "")
	cmd := Command{ItemID: it.ID, Argv: argv, Dir: dir, Source: source, Timeout: v.Timeout}
	res, err := v.run(ctx, r, cmd)
	tries := 1
	for ; err != nil && errors.Is(err, ErrTransient) && tries < transientTries && ctx.Err() == nil; tries++ {
		select {
		case <-time.After(v.retryDelay(tries)):
		case <-ctx.Done():
		}
		res, err = v.run(ctx, r, cmd)
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
		return Outcome{Item: it, Result: v.Redact(res), FailureType: failure.EnvError, unavailable: true}
	}
	var tests *testresults.Results
	if report == testresults.FormatGoJSON {
		parsed := testresults.Parse(res.Output)
		tests = &parsed
		res.Output = testresults.TextOf(res.Output, verboseGoTest(it.Argv))
	}
	f := failure.Failure{Argv: it.Argv, ExitCode: res.ExitCode, TimedOut: res.TimedOut, Output: res.Output, Tests: tests}
	// A reviewer's tree is its copy (the command saw it at dir).
	if host := cmd.HostDir(); v.Trees != nil && host != "" && !f.Passes(it.ExitCode) {
		if tree, closeTree, err := v.Trees.OpenTree(host); err == nil {
			defer func() { _ = closeTree() }()
			f.Tree = tree
		}
	}
	reading := failure.Read(f, it.ExitCode)
	o := Outcome{Item: it, Passed: reading.Passed, FailureType: reading.Type, Reason: reading.Reason, Tests: reading.Tests, attempts: tries}
	if !o.Passed && it.ExitCode != 0 && res.ExitCode == 0 && !res.TimedOut {
		// The check wanted a failure (a RED gate) and got success:
		// nothing in the output explains it, so say so plainly.
		o.FailureType = failure.TestFailure
	}
	o.Result = v.Redact(res)
	o.Tests = v.redactTests(o.Tests)
	return o
}

// verboseGoTest reports whether a go test command asked for -v, so the
// text restored from -json keeps passing tests' lines only then.
func verboseGoTest(argv []string) bool {
	for _, a := range argv {
		if a == "-v" || a == "--v" || a == "-v=true" || a == "-test.v" || a == "-test.v=true" {
			return true
		}
	}
	return false
}

// redactTests removes secrets from the tests' names and failure lines,
// which were read from the output before it was redacted.
func (v *Verifier) redactTests(r testresults.Results) testresults.Results {
	if v.Redactor == nil || len(r.Cases) == 0 {
		return r
	}
	cases := make([]testresults.Case, len(r.Cases))
	for i, c := range r.Cases {
		c.Name = string(v.Redactor.Bytes([]byte(c.Name)))
		if c.Failure != "" {
			c.Failure = string(v.Redactor.Bytes([]byte(c.Failure)))
		}
		cases[i] = c
	}
	r.Cases = cases
	return r
}

func (v *Verifier) now() time.Time {
	if v.Now != nil {
		return v.Now()
	}
	return time.Now()
}

// Cached returns the outcomes of items' checks as the result cache has
// them, when every check (in every environment it runs in) has a usable
// cached result; ok is false otherwise, and nothing was run either way. A
// verification it serves runs no command, so it needs neither its
// workspace nor a verify cycle. Gate items always run.
func (v *Verifier) Cached(ctx context.Context, items []checklist.Item) (_ []Outcome, ok bool) {
	if v.Caching == nil || !v.Caching.Read || v.Caching.Cache == nil {
		return nil, false
	}
	var outcomes []Outcome
	for _, it := range items {
		if it.Kind != checklist.Auto {
			continue
		}
		if it.Gate != "" {
			return nil, false
		}
		var pairs []Pair
		for _, e := range v.environmentsFor(it) {
			o, hit := v.cached(ctx, e.Runner, it)
			if !hit {
				return nil, false
			}
			pairs = append(pairs, Pair{Environment: e.Name, RequiredExitCode: it.ExitCode, Result: o.Result, Passed: true,
				Cached: o.Cached, Tests: o.Tests})
		}
		if len(v.Environments) == 0 {
			outcomes = append(outcomes, outcomeOf(it, pairs[0]))
		} else {
			outcomes = append(outcomes, fold(it, pairs))
		}
	}
	if len(outcomes) == 0 {
		return nil, false
	}
	if v.Landed != nil && len(v.Environments) == 0 {
		for _, o := range outcomes {
			v.Landed(o)
		}
	}
	return outcomes, true
}

// outcomeOf is the outcome of a check that ran in one place only (no
// matrix) and passed there.
func outcomeOf(it checklist.Item, p Pair) Outcome {
	return Outcome{Item: it, Passed: true, Cached: p.Cached, Tests: p.Tests, Result: p.Result}
}

// cached is it's cached pass on r, if the cache holds one.
func (v *Verifier) cached(ctx context.Context, r Runner, it checklist.Item) (Outcome, bool) {
	key := v.Caching.key(r, it.Argv)
	if key == "" {
		return Outcome{}, false
	}
	c, ok, err := v.Caching.Cache.GetResult(ctx, key)
	if err != nil || !ok || c.ExitCode != it.ExitCode {
		return Outcome{}, false
	}
	return Outcome{Item: it, Passed: true, Cached: &CacheHit{RunID: c.RunID, At: c.At}, Tests: testresults.Parse(c.Output),
		Result: Result{ExitCode: c.ExitCode, Output: c.Output, OmittedBytes: c.OmittedBytes, Duration: c.Duration}}, true
}

// environmentsFor lists where item runs: the default runner (unnamed), or
// in a matrix every environment it names (one without a runner for an
// unknown name).
func (v *Verifier) environmentsFor(it checklist.Item) []Environment {
	if len(v.Environments) == 0 {
		return []Environment{{Runner: v.Runner}}
	}
	var out []Environment
	for _, e := range v.Environments {
		if it.Environment == "" || it.Environment == e.Name {
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		out = append(out, Environment{Name: it.Environment})
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

// Redact masks secrets in a result's output before anything shows or
// keeps it.
func (v *Verifier) Redact(r Result) Result {
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
