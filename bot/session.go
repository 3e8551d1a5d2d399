package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/engineo/autoverify/bot/failure"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/ledger"
)

// Ledger is the loop-safety memory a session consults; *ledger.Ledger
// implements it.
type Ledger interface {
	// Peek reads the story's entry without reserving anything.
	Peek(ctx context.Context, key string) (ledger.Entry, error)
	// BeginCycle reserves a verify cycle for runID (see
	// ledger.Ledger.BeginCycle).
	BeginCycle(ctx context.Context, key, runID string) (ledger.Entry, error)
	BeginFix(ctx context.Context, key string) (ledger.Entry, error)
	// Finish records the run, with blobs (the cache's results) in the
	// same write where the store can.
	Finish(ctx context.Context, key string, rec ledger.RunRecord, blobs ...ledger.Blob) (ledger.Entry, error)
}

// FixCommitter records what a fixer changed; integrations/git provides it
// for a local work tree.
type FixCommitter interface {
	// Prepare is called before a fixer runs; Commit after, and returns the
	// commit it made ("" when the fixer changed nothing committable).
	Prepare(ctx context.Context) error
	Commit(ctx context.Context, message string) (string, error)
}

// Fixer is an automatic fix for one failure type, already checked against
// the command policy.
type Fixer struct {
	Type    failure.Type
	Command string
	Argv    []string
}

// Session runs one story through verification, loop safety and auto-fix.
type Session struct {
	Verifier *verify.Verifier
	Ledger   Ledger
	Limits   ledger.Limits
	// Fixers maps failure types to fixers; ENV_ERROR and TIMEOUT never
	// have one.
	Fixers map[failure.Type]Fixer
	// Committer, when set, commits each fixer's changes.
	Committer FixCommitter
	// Checks, when set, runs the verification's further stages after the
	// items of the first verification, and returns the outcomes with
	// theirs added.
	Checks func(ctx context.Context, items []verify.Outcome) ([]verify.Outcome, error)
	// Prepare, when set, is called before any command runs (it fetches
	// the workspace); a verification served wholly from the result cache
	// never calls it.
	Prepare func(ctx context.Context) error
	// CountCached makes a verification served wholly from the result cache
	// count a verify cycle like any other; by default it does not (it ran
	// nothing).
	CountCached bool
	// RecordLater makes Run return once the run's route is decided, with
	// its ledger record still being written: Report.Recording is that
	// write, which the caller must Wait for, and Report.Entry the entry
	// as the write will leave it (ledger.Entry.WithRun of the entry the
	// session's last ledger call returned). The pipeline overlaps the
	// write's file syncs with the evidence's and the story's. A run with
	// no automated outcome is recorded before Run returns, as without it.
	RecordLater bool
	// ChecksRun says the Checks run commands of their own even when every
	// checklist item is cached (the gates of /verify gates): the run then
	// always reserves a cycle.
	ChecksRun bool
	Now       func() time.Time
}

// Cycle names what one verify cycle verifies.
type Cycle struct {
	Key    string
	RunID  string
	Story  *checklist.Story
	Dir    string
	Commit string
}

// FixOutcome is one auto-fix attempt.
type FixOutcome struct {
	Fixer  Fixer
	Result verify.Result
	// Commit is the commit holding the fixer's changes, if any.
	Commit string
	Err    string
}

// Report is a finished session.
type Report struct {
	Started     time.Time
	Outcomes    []verify.Outcome
	Fixes       []FixOutcome
	Route       ledger.Route
	Reason      string
	FailureHash string
	FailureType failure.Type
	// Entry is the ledger after the run was recorded (or, while
	// Recording is in flight, as it will be).
	Entry ledger.Entry
	// Recording is the ledger's write of the run when the session
	// returned before it ended (Session.RecordLater); nil otherwise.
	Recording *Recording
	// Cached is set when every result came from the result cache.
	Cached bool
	// VerificationStatus and Verifications are the independent
	// reviewers' verdicts (empty when reviewing is off; see
	// Verifications).
	VerificationStatus string
	Verifications      []ledger.Verification
}

// Counts returns passed and failed automated items.
func (r Report) Counts() (passed, failed int) {
	for _, o := range r.Outcomes {
		if o.Passed {
			passed++
		} else {
			failed++
		}
	}
	return
}

// Run verifies the story in four steps: open the verify cycle (reserve
// it in the ledger, or serve every check from the result cache), run the
// checks, route the result (trying fixers while the route is needs_fix
// and attempts and cycles remain), and record the run.
//
// The invariant it keeps is loop safety: no command of a check starts
// before its cycle is reserved, a refused run (*ledger.RefusedError)
// executes nothing, and a reserved cycle always ends recorded — with its
// outcome, or as aborted with the cause on an error or a cancellation. A
// process killed outright stops renewing its reservation, which the
// ledger then records as lost (ledger.Ledger.BeginCycle).
func (s *Session) Run(ctx context.Context, req Cycle) (Report, error) {
	rep := Report{Started: s.now()}
	later := false
	defer func() {
		// Results queued for the cache are stored once the run is
		// recorded (Caching.Writes): here, or by a Recording.
		if !later {
			s.Verifier.Caching.Flush(ctx)
		}
	}()
	defer s.Verifier.ReleasePrewarmed()
	before, err := s.open(ctx, req, &rep)
	if err != nil {
		return rep, err
	}
	stopRenewing := s.renew(ctx, req, !rep.Cached || s.CountCached)
	defer stopRenewing()
	if err := s.check(ctx, req, &rep); err != nil {
		return rep, s.finishAborted(ctx, req, rep, err)
	}
	route := router{s: s, req: req, rep: &rep}
	last, err := route.fixLoop(ctx, before)
	if err != nil {
		return rep, s.finishAborted(ctx, req, rep, err)
	}
	stopRenewing()
	later, err = s.record(ctx, req, &rep, last, route.commit)
	return rep, err
}

func (s *Session) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// open opens the run's verify cycle and returns the ledger's entry as it
// was before it. When every check can be served from the result cache
// (and no stage runs commands of its own), the outcomes are taken from it
// and nothing runs, so no cycle is reserved unless CountCached says so.
// Otherwise the workspace is fetched and the cycle reserved, in that
// order, after a read of the ledger has shown the run is not refused
// (neither a download nor a reviewer's copy for a run the ledger refuses).
// The reviewers' copies are made while the ledger reserves the cycle:
// copying runs nothing of the story.
func (s *Session) open(ctx context.Context, req Cycle, rep *Report) (ledger.Entry, error) {
	if !s.ChecksRun {
		if outcomes, ok := s.Verifier.Cached(ctx, req.Story.Items); ok {
			rep.Outcomes, rep.Cached = outcomes, true
			if s.CountCached {
				return s.Ledger.BeginCycle(ctx, req.Key, req.RunID)
			}
			return s.Ledger.Peek(ctx, req.Key)
		}
	}
	e, err := s.Ledger.Peek(ctx, req.Key)
	if err != nil {
		return e, err
	}
	if err := e.Refusal(s.Limits); err != nil {
		return e, err
	}
	if s.Prepare != nil {
		if err := s.Prepare(ctx); err != nil {
			return e, err
		}
	}
	s.Verifier.Prewarm(ctx, req.Story.Items, req.Dir)
	return s.Ledger.BeginCycle(ctx, req.Key, req.RunID)
}

// renew keeps the run's reservation alive while it runs (see
// ledger.Ledger.Renew), when reserved is set and the ledger renews; the
// function it returns stops it and may be called more than once.
func (s *Session) renew(ctx context.Context, req Cycle, reserved bool) func() {
	r, ok := s.Ledger.(Renewer)
	if !reserved || !ok || req.RunID == "" {
		return func() {}
	}
	done := make(chan struct{})
	var once sync.Once
	go func() {
		t := time.NewTicker(r.RenewEvery())
		defer t.Stop()
		for {
			select {
			case <-t.C:
				// A renewal that fails is tried again at the next tick;
				// missing a few is what the lease allows for.
				_ = r.Renew(ctx, req.Key, req.RunID)
			case <-done:
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	return func() { once.Do(func() { close(done) }) }
}

// Renewer is a Ledger that keeps reservations alive while their run goes
// on (*ledger.Ledger).
type Renewer interface {
	Renew(ctx context.Context, key, runID string) error
	RenewEvery() time.Duration
}

// check runs the checklist's checks (unless the cache served them) and
// then the further stages (Checks).
func (s *Session) check(ctx context.Context, req Cycle, rep *Report) error {
	if !rep.Cached {
		outcomes, err := s.Verifier.Verify(ctx, req.Story.Items, req.Dir)
		if err != nil {
			return err
		}
		rep.Outcomes = outcomes
	}
	if s.Checks == nil {
		return nil
	}
	outcomes, err := s.Checks(ctx, rep.Outcomes)
	if err != nil {
		return err
	}
	rep.Outcomes = outcomes
	return nil
}

// router decides a run's route and runs the fix loop.
type router struct {
	s   *Session
	req Cycle
	rep *Report
	// commit is what is being verified: the request's, then each fix's.
	commit string
}

// decide routes the outcomes as they stand, with before the entry as the
// ledger had it before the current cycle.
func (r *router) decide(before ledger.Entry) {
	rep := r.rep
	_, _, rejected := r.req.Story.Counts()
	// Manual items a person has already checked are done; only the rest
	// keep a story from being verified.
	out := ledger.Outcome{Manual: r.req.Story.ManualRemaining(), Rejected: rejected, Commit: r.commit}
	var hashes []string
	for _, o := range rep.Outcomes {
		if o.Passed {
			out.Passed++
			continue
		}
		out.Failed++
		if e := o.Escalation(); e != "" {
			out.Escalated = append(out.Escalated, e)
		}
		out.FailureTypes = append(out.FailureTypes, string(o.FailureType))
		if !o.FailureType.AutoFixable() {
			out.Unfixable = append(out.Unfixable, string(o.FailureType))
		}
		hashes = append(hashes, failure.Hash(o.Item.Command, o.Result.ExitCode, o.Result.Output))
	}
	out.FailureHash = failure.CombineHashes(hashes)
	out.FalseClaims = falseClaimsOf(rep.Outcomes)
	rep.FailureHash = out.FailureHash
	rep.FailureType = ""
	if len(out.FailureTypes) > 0 {
		rep.FailureType = failure.Type(out.FailureTypes[0])
	}
	rep.Route, rep.Reason = ledger.Decide(before, out, r.s.Limits)
}

// fixLoop routes the run and, while the route is needs_fix, a fixer
// applies and attempts and cycles remain, fixes and verifies the failed
// items again: each fix reserves an attempt and each re-verification a
// cycle before anything runs. It returns the entry the ledger returned
// last (what recording the run changes).
func (r *router) fixLoop(ctx context.Context, before ledger.Entry) (ledger.Entry, error) {
	s, rep := r.s, r.rep
	r.commit = r.req.Commit
	r.decide(before)
	last := before
	for rep.Route == ledger.NeedsFix {
		fixer, ok := s.fixerFor(rep.Outcomes)
		if !ok || before.CyclesExhausted(s.Limits) {
			break
		}
		fixing, err := s.Ledger.BeginFix(ctx, r.req.Key)
		if errors.Is(err, ledger.ErrFixesExhausted) {
			break
		} else if err != nil {
			return last, err
		}
		last = fixing
		fix := s.runFix(ctx, r.req, fixer)
		rep.Fixes = append(rep.Fixes, fix)
		if fix.Commit != "" {
			r.commit = fix.Commit
		}
		next, err := s.Ledger.BeginCycle(ctx, r.req.Key, "")
		var refused *ledger.RefusedError
		if errors.As(err, &refused) {
			break
		} else if err != nil {
			return last, err
		}
		before, last = next, next
		if err := s.reverifyFailed(ctx, r.req, rep); err != nil {
			return last, err
		}
		r.decide(before)
	}
	return last, nil
}

// record writes the run's record to the ledger, with the passing results
// the cache keeps in the ledger's store. With RecordLater (and outcomes to
// record) the write goes on in the background: later is then true and
// rep.Recording is the write.
func (s *Session) record(ctx context.Context, req Cycle, rep *Report, last ledger.Entry, commit string) (later bool, err error) {
	passed, failed := rep.Counts()
	manual := req.Story.ManualRemaining()
	_, _, rejected := req.Story.Counts()
	// The run's verification status is always stated, with one reviewer
	// too (verified: every check passed; failed; escalated).
	if len(rep.Outcomes) > 0 {
		rep.VerificationStatus, rep.Verifications = verify.Verifications(rep.Outcomes)
	}
	rec := ledger.RunRecord{
		At: rep.Started, RunID: req.RunID, Commit: commit, Route: rep.Route, Reason: rep.Reason,
		Passed: passed, Failed: failed, Manual: manual + rejected,
		FailureHash: rep.FailureHash, FailureType: string(rep.FailureType), AutoFix: len(rep.Fixes) > 0, Cached: rep.Cached,
		Gates:              gateVerdicts(rep.Outcomes),
		VerificationStatus: rep.VerificationStatus, Verifications: rep.Verifications,
	}
	// The passing results go in the write that records the run, where
	// the cache shares the ledger's store.
	blobs := s.Verifier.Caching.LedgerBlobs()
	write := func(ctx context.Context) (ledger.Entry, error) {
		e, err := s.Ledger.Finish(ctx, req.Key, rec, blobs...)
		if err != nil {
			return ledger.Entry{}, fmt.Errorf("recording the run of %s in the ledger: %w", req.Key, err)
		}
		return e, nil
	}
	if !s.RecordLater || len(rep.Outcomes) == 0 {
		rep.Entry, err = write(ctx)
		return false, err
	}
	rep.Entry = last.WithRun(rec)
	// Commands ran: the record is written even if ctx ends meanwhile (as
	// finishAborted does).
	rctx := context.WithoutCancel(ctx)
	rep.Recording = startRecording(func() (ledger.Entry, error) {
		e, err := write(rctx)
		s.Verifier.Caching.Flush(rctx)
		return e, err
	})
	return true, nil
}

// Recording is the ledger's write of a finished run, still in flight
// when Session.Run returned (Session.RecordLater).
type Recording struct {
	done  chan struct{}
	entry ledger.Entry
	err   error
}

func startRecording(write func() (ledger.Entry, error)) *Recording {
	r := &Recording{done: make(chan struct{})}
	go func() {
		defer close(r.done)
		r.entry, r.err = write()
	}()
	return r
}

// Wait blocks until the run is recorded, and returns the entry as the
// ledger holds it then, or why the run could not be recorded.
func (r *Recording) Wait() (ledger.Entry, error) {
	<-r.done
	return r.entry, r.err
}

// finishAborted records a run that could not complete, so no executed
// command goes unrecorded, and returns the cause.
func (s *Session) finishAborted(ctx context.Context, req Cycle, rep Report, cause error) error {
	rec := ledger.RunRecord{At: rep.Started, RunID: req.RunID, Commit: req.Commit, Route: ledger.HumanAttention,
		Reason: "run aborted: " + cause.Error()}
	if _, err := s.Ledger.Finish(context.WithoutCancel(ctx), req.Key, rec); err != nil {
		return fmt.Errorf("%w (and recording it failed: %v)", cause, err)
	}
	return cause
}

// fixerFor picks the fixer for the first failed item, in story order, whose
// type has one.
func (s *Session) fixerFor(outcomes []verify.Outcome) (Fixer, bool) {
	for _, o := range outcomes {
		if o.Passed || !o.FailureType.AutoFixable() {
			continue
		}
		if f, ok := s.Fixers[o.FailureType]; ok {
			return f, true
		}
	}
	return Fixer{}, false
}

func (s *Session) runFix(ctx context.Context, req Cycle, f Fixer) FixOutcome {
	fix := FixOutcome{Fixer: f}
	if s.Committer != nil {
		if err := s.Committer.Prepare(ctx); err != nil {
			fix.Err = err.Error()
			return fix
		}
	}
	res, err := s.Verifier.Runner.Run(ctx, verify.Command{ItemID: "autofix", Argv: f.Argv, Dir: req.Dir, Timeout: s.Verifier.Timeout})
	if err != nil {
		fix.Err = err.Error()
		return fix
	}
	fix.Result = s.Verifier.Redact(res)
	if s.Committer != nil {
		msg := fmt.Sprintf("autoverify: auto-fix %s in %s with `%s`", f.Type, req.Key, f.Command)
		sha, err := s.Committer.Commit(ctx, msg)
		if err != nil {
			fix.Err = err.Error()
		}
		fix.Commit = sha
	}
	return fix
}

// reverifyFailed runs the failed items again and puts their new outcomes
// in place.
func (s *Session) reverifyFailed(ctx context.Context, req Cycle, rep *Report) error {
	var items []checklist.Item
	var idx []int
	for i, o := range rep.Outcomes {
		if !o.Passed {
			items = append(items, o.Item)
			idx = append(idx, i)
		}
	}
	again, err := s.Verifier.Verify(ctx, items, req.Dir)
	if err != nil {
		return err
	}
	for j, o := range again {
		rep.Outcomes[idx[j]] = o
	}
	return nil
}

// FixersFrom checks a type → command map (from .autoverify.yml) against the
// policy and returns the fixers, or an error naming the bad entry.
func FixersFrom(m map[string]string, policy checklist.Policy) (map[failure.Type]Fixer, error) {
	out := map[failure.Type]Fixer{}
	for k, cmd := range m {
		t := failure.Type(strings.ToUpper(strings.TrimSpace(k)))
		if !t.Valid() {
			return nil, fmt.Errorf("auto_fix: %q is not a fixable failure type; use one of CODE_ERROR, TEST_FAILURE, LINT_ERROR, TYPE_ERROR, UNKNOWN", k)
		}
		if !t.AutoFixable() {
			return nil, fmt.Errorf("auto_fix: %s is never auto-fixed (it is not a code problem); remove it", t)
		}
		argv, err := policy.Check(cmd)
		if err != nil {
			return nil, fmt.Errorf("auto_fix: %s: %w", t, err)
		}
		out[t] = Fixer{Type: t, Command: cmd, Argv: argv}
	}
	return out, nil
}

// gateVerdicts are the gates' classifications for the ledger's history: a
// gate judged by several items keeps its rejection.
func gateVerdicts(outcomes []verify.Outcome) map[string]string {
	var out map[string]string
	for _, o := range outcomes {
		if o.Item.Gate == "" || o.Verdict == "" {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		if prev, ok := out[o.Item.Gate]; !ok || prev == "accept" {
			out[o.Item.Gate] = o.Verdict
		}
	}
	return out
}
