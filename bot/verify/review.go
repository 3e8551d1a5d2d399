package verify

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/engineo/autoverify/bot/consensus"
	"github.com/engineo/autoverify/bot/failure"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/ledger"
)

// Reviewing makes every check that runs be run by N independent
// reviewers, each in a fresh runner instance and its own copy of the
// workspace, in parallel within the concurrency bound; a check passes only
// when their consensus (bot/consensus) says verified. A flaky pass — one
// reviewer passes, another fails, or both pass with different results — is
// escalated to a person instead of counting as verified.
type Reviewing struct {
	// N is the number of reviewers; 1 or less turns reviewing off.
	N int
	// Workspaces copies the workspace for each reviewer after the first,
	// so that no reviewer sees files another wrote. Nil makes every
	// reviewer share the workspace (tests of the rules only).
	Workspaces WorkspaceCloner
	// Tests reads per-test outcomes ("pass", "fail", "skip" by test name)
	// from a check's output, for the digest and to name flaky tests; nil,
	// or an empty answer, makes the digest use the normalised output.
	Tests func(argv []string, output []byte) map[string]string
}

// Count is how many reviewers run each check: at least one.
func (r *Reviewing) Count() int {
	if r == nil || r.N < 1 {
		return 1
	}
	return r.N
}

// WorkspaceCloner copies a workspace for a reviewer. release removes the
// copy; it is never nil when err is nil.
type WorkspaceCloner interface {
	Clone(ctx context.Context, dir string) (copy string, release func(), err error)
}

// TreeOpener opens the tree a command ran in, read-only and confined to
// it, for the failure reading (failure.Failure.Tree: a missing package of
// the tree's own is the code's, a dependency's the setup's). The tree is
// the change's, and the command has just run in it.
type TreeOpener interface {
	OpenTree(dir string) (tree fs.FS, close func() error, err error)
}

// FreshRunner is a runner that keeps warm instances between commands (the
// Docker runner's warm container). Reviewers never use a warm instance:
// Fresh returns a runner that starts a new one for every command. A runner
// that is not a FreshRunner already starts fresh (a new sandbox per
// command, a Job per command).
type FreshRunner interface {
	Fresh() Runner
}

// Review is the reviewers' verdict on one check, with each reviewer's run.
type Review struct {
	consensus.Verdict
	Reviewers []ReviewerRun
}

// ReviewerRun is what one reviewer saw.
type ReviewerRun struct {
	ID     int
	Passed bool
	// Error is set when the reviewer's runner could not run the check
	// (after the bounded retries): neither a pass nor a failure.
	Error       string
	ExitCode    int
	FailureType failure.Type
	Duration    time.Duration
	Digest      string
	// Attempts counts the runs the runner needed: more than one when it
	// was unavailable at first and a retry answered.
	Attempts int
	// Output is the reviewer's redacted output.
	Output []byte
}

// Status is "pass", "fail" or "error".
func (r ReviewerRun) Status() string {
	switch {
	case r.Error != "":
		return "error"
	case r.Passed:
		return "pass"
	}
	return "fail"
}

// Summary is one line about the run.
func (r ReviewerRun) Summary() string {
	var s string
	switch {
	case r.Error != "":
		return "runner unavailable: " + r.Error
	case r.Passed:
		s = fmt.Sprintf("exit %d in %s", r.ExitCode, r.Duration.Round(time.Millisecond))
	default:
		s = fmt.Sprintf("%s, exit %d in %s", r.FailureType, r.ExitCode, r.Duration.Round(time.Millisecond))
	}
	if r.Attempts > 1 {
		s += fmt.Sprintf(" (runner unavailable at first; answered on attempt %d)", r.Attempts)
	}
	return s
}

// Ledger is the review as the ledger history and the summary JSON keep it.
func (rv *Review) Ledger(itemID, environment string) ledger.Verification {
	out := ledger.Verification{ItemID: itemID, Environment: environment, Status: string(rv.Status),
		ConsensusDigest: rv.Digest, Reason: string(rv.Reason), FlakyTests: rv.Flaky, Summary: rv.Summary}
	for _, r := range rv.Reviewers {
		out.VerifierResults = append(out.VerifierResults, ledger.VerifierResult{
			VerifierID: "reviewer-" + strconv.Itoa(r.ID), Status: r.Status(), Summary: r.Summary(), Digest: r.Digest})
	}
	return out
}

// workspaces hands each reviewer its work directory: the workspace itself
// for the first, a copy for each other, made once per verification and
// only when a check must run.
type workspaces struct {
	dir    string
	n      int
	cloner WorkspaceCloner

	once    sync.Once
	dirs    []string
	err     error
	release []func()
}

func (w *workspaces) reviewerDirs(ctx context.Context) ([]string, error) {
	w.once.Do(func() { w.copyAll(ctx) })
	return w.dirs, w.err
}

// copyAll makes the copies; it runs once, under w.once.
func (w *workspaces) copyAll(ctx context.Context) {
	w.dirs = []string{w.dir}
	for len(w.dirs) < w.n {
		if w.cloner == nil {
			w.dirs = append(w.dirs, w.dir)
			continue
		}
		d, release, err := w.cloner.Clone(ctx, w.dir)
		if err != nil {
			w.err = fmt.Errorf("copying the workspace for reviewer %d: %w", len(w.dirs)+1, err)
			return
		}
		w.release = append(w.release, release)
		w.dirs = append(w.dirs, d)
	}
}

// close releases the copies, once a copy still being made is done.
func (w *workspaces) close() {
	if w == nil {
		return
	}
	w.once.Do(func() {})
	for _, r := range w.release {
		r()
	}
}

func (v *Verifier) newWorkspaces(dir string) *workspaces {
	ws := &workspaces{dir: dir, n: v.Reviewing.Count()}
	if v.Reviewing != nil {
		ws.cloner = v.Reviewing.Workspaces
	}
	return ws
}

// Prewarm starts copying dir for the reviewers after the first, in the
// background, when the next Verify of items in dir is sure to need the
// copies — more than one reviewer and an automated item (the session
// calls it only when the cache could not serve every check) — so that the
// copy overlaps what comes before the checks (the ledger's reservation;
// copying runs nothing of the story). Verify takes the copies;
// ReleasePrewarmed gives them back when no Verify follows (the ledger
// refused the run). The workspace must not change in between.
func (v *Verifier) Prewarm(ctx context.Context, items []checklist.Item, dir string) {
	if v.Reviewing.Count() < 2 || v.Reviewing.Workspaces == nil || v.prewarmed != nil {
		return
	}
	auto := false
	for _, it := range items {
		auto = auto || (it.Kind == checklist.Auto && it.Gate == "")
	}
	if !auto {
		return
	}
	ws := v.newWorkspaces(dir)
	v.prewarmed = ws
	started := make(chan struct{})
	go func() {
		// once.Do is entered before Prewarm returns, so a Verify or a
		// release waits for this copy instead of making its own.
		ws.once.Do(func() {
			close(started)
			ws.copyAll(ctx)
		})
	}()
	<-started
}

// ReleasePrewarmed removes copies Prewarm made that no Verify took.
func (v *Verifier) ReleasePrewarmed() {
	ws := v.prewarmed
	v.prewarmed = nil
	ws.close()
}

// review runs it on n reviewers in parallel and judges their consensus.
func (v *Verifier) review(ctx context.Context, r Runner, it checklist.Item, ws *workspaces) Outcome {
	dirs, err := ws.reviewerDirs(ctx)
	if err != nil {
		res := Result{ExitCode: -1, Output: []byte("autoverify: " + err.Error() + "\n")}
		return Outcome{Item: it, Result: v.Redact(res), FailureType: failure.EnvError, unavailable: true}
	}
	if f, ok := r.(FreshRunner); ok {
		r = f.Fresh()
	}
	runs := make([]Outcome, len(dirs))
	var wg sync.WaitGroup
	for k, dir := range dirs {
		// Each copy is shown at the workspace's own path (Command.Source).
		source := ""
		if dir != ws.dir {
			source = dir
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			runs[k] = v.execute(ctx, r, it, ws.dir, source)
		}()
	}
	wg.Wait()
	return v.judge(it, runs, dirs)
}

// judge folds the reviewers' runs into the check's outcome.
func (v *Verifier) judge(it checklist.Item, runs []Outcome, dirs []string) Outcome {
	rv := &Review{Reviewers: make([]ReviewerRun, len(runs))}
	results := make([]consensus.Result, len(runs))
	for k, o := range runs {
		rv.Reviewers[k], results[k] = v.reviewerRun(it, k, o, dirs)
	}
	rv.Verdict = consensus.Decide(results)
	o := Outcome{Item: it, Review: rv}
	pick := standIn(rv.Status, runs)
	switch {
	case rv.Status == consensus.Verified:
		o.Passed, o.Result, o.Tests = true, runs[pick].Result, runs[pick].Tests
		o.Result.Output = append([]byte(fmt.Sprintf("=== %s (digest %s) ===\n", rv.Summary, short(rv.Digest))), o.Result.Output...)
		return o
	case pick >= 0:
		o.Result, o.FailureType, o.Tests = runs[pick].Result, runs[pick].FailureType, runs[pick].Tests
	case rv.Reason == consensus.ReviewerError:
		o.Result, o.FailureType, o.unavailable = runs[0].Result, failure.EnvError, true
	default:
		// Every reviewer that ran passed, with different results: nothing
		// failed, and nothing is known to work.
		o.Result, o.FailureType = runs[0].Result, failure.Unknown
	}
	if rv.Status == consensus.Escalated {
		o.Reason = fmt.Sprintf("escalated: %s — %s", rv.Reason, rv.Summary)
	}
	if o.Reason == "" && pick >= 0 {
		// The run's own reason (a test command that ran no tests).
		o.Reason = runs[pick].Reason
	}
	o.Result.Output = everyReviewerOutput(rv)
	for _, r := range runs {
		o.Result.Duration = max(o.Result.Duration, r.Result.Duration)
		o.Result.TimedOut = o.Result.TimedOut || r.Result.TimedOut
	}
	return o
}

// reviewerRun is what reviewer k+1 saw, and its result as the consensus
// weighs it: an error when its runner was unavailable, else a digest of
// what it observed.
func (v *Verifier) reviewerRun(it checklist.Item, k int, o Outcome, dirs []string) (ReviewerRun, consensus.Result) {
	rr := ReviewerRun{ID: k + 1, Passed: o.Passed, ExitCode: o.Result.ExitCode, FailureType: o.FailureType,
		Duration: o.Result.Duration, Attempts: o.attempts, Output: o.Result.Output}
	cr := consensus.Result{Reviewer: k + 1, Passed: o.Passed}
	if o.unavailable {
		rr.Error = firstLine(o.Result.Output)
		cr.Error = rr.Error
		return rr, cr
	}
	cr.Tests = v.reviewerTests(it, o)
	cr.Digest = consensus.Digest(consensus.Canonical{ExitCode: o.Result.ExitCode, FailureType: string(o.FailureType),
		Tests: cr.Tests, Output: failure.Normalize(maskWorkspace(o.Result.Output, dirs[k], dirs[0]))})
	rr.Digest = cr.Digest
	return rr, cr
}

// maskWorkspace hides where a reviewer ran, which is not part of its
// result: the workspace's path, where its copy is shown, or the copy's own
// (a runner that cannot show a copy at the workspace's path runs in the
// copy). Only a real path is masked, never "." or "/".
func maskWorkspace(out []byte, dirs ...string) []byte {
	for _, d := range dirs {
		if filepath.IsAbs(d) && d != "/" {
			out = bytes.ReplaceAll(out, []byte(d), []byte("<workspace>"))
		}
	}
	return out
}

// reviewerTests are the per-test outcomes of a reviewer's run, which the
// digest compares and flaky tests are named from: Reviewing.Tests' reading
// of the output when set, else the tests the run's own reading named
// (bot/testresults); nil when neither names any.
func (v *Verifier) reviewerTests(it checklist.Item, o Outcome) map[string]string {
	if v.Reviewing.Tests != nil {
		return v.Reviewing.Tests(it.Argv, o.Result.Output)
	}
	outcomes := o.Tests.Outcomes()
	if len(outcomes) == 0 {
		return nil
	}
	tests := make(map[string]string, len(outcomes))
	for name, st := range outcomes {
		tests[name] = string(st)
	}
	return tests
}

// standIn picks the run that stands for the check: the first that passed
// when the reviewers verified it, else the first that ran and failed; -1
// when there is none.
func standIn(status consensus.Status, runs []Outcome) int {
	verified := status == consensus.Verified
	for k, r := range runs {
		if verified && r.Passed || !verified && !r.Passed && !r.unavailable {
			return k
		}
	}
	return -1
}

// everyReviewerOutput puts what every reviewer saw under one heading each,
// so that a person judging a check that was not verified can see it all.
func everyReviewerOutput(rv *Review) []byte {
	var b strings.Builder
	for _, r := range rv.Reviewers {
		fmt.Fprintf(&b, "=== reviewer %d: %s ===\n", r.ID, r.Summary())
		b.Write(r.Output)
		if n := len(r.Output); n > 0 && r.Output[n-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	fmt.Fprintf(&b, "=== reviewers: %s ===\n", rv.Summary)
	return []byte(b.String())
}

func firstLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	s = strings.TrimPrefix(s, "autoverify: ")
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

func short(digest string) string {
	if len(digest) > 12 {
		return digest[:12]
	}
	return digest
}

// Verifications lists the reviewers' verdict on every reviewed result and
// the run's overall status: "verified" only when every automated result
// is (a cached pass was verified by reviewers when it was stored: the
// reviewer count is part of its key), "escalated" when any result was,
// else "failed".
func Verifications(outcomes []Outcome) (string, []ledger.Verification) {
	status := string(consensus.Verified)
	var out []ledger.Verification
	note := func(rv *Review, id, env string, passed bool) {
		switch {
		case rv != nil:
			out = append(out, rv.Ledger(id, env))
			if rv.Status == consensus.Escalated {
				status = string(consensus.Escalated)
			} else if rv.Status != consensus.Verified && status == string(consensus.Verified) {
				status = string(consensus.Failed)
			}
		case !passed && status == string(consensus.Verified):
			// Not reviewed and not passed: an environment that could not
			// be set up at all.
			status = string(consensus.Failed)
		}
	}
	for _, o := range outcomes {
		if o.Pairs == nil {
			note(o.Review, o.Item.ID, "", o.Passed)
			continue
		}
		for _, p := range o.Pairs {
			note(p.Review, o.Item.ID, p.Environment, p.Passed)
		}
	}
	return status, out
}
