package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/engineo/autoverify/bot/failure"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/ledger"
)

// Ledger is the loop-safety memory a session consults; *ledger.Ledger
// implements it.
type Ledger interface {
	// Peek reads the story's entry without reserving anything.
	Peek(ctx context.Context, key string) (ledger.Entry, error)
	BeginCycle(ctx context.Context, key string) (ledger.Entry, error)
	BeginFix(ctx context.Context, key string) (ledger.Entry, error)
	Finish(ctx context.Context, key string, rec ledger.RunRecord) (ledger.Entry, error)
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
	Verifier *Verifier
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
	Checks func(ctx context.Context, items []Outcome) ([]Outcome, error)
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
	Now         func() time.Time
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
	Result Result
	// Commit is the commit holding the fixer's changes, if any.
	Commit string
	Err    string
}

// Report is a finished session.
type Report struct {
	Started     time.Time
	Outcomes    []Outcome
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

// Run verifies the story. It reserves a verify cycle as the checks start
// (a story whose cycles are spent is refused with *ledger.RefusedError
// before anything runs; see beginAndVerify), routes the result, tries
// configured fixers while the route is needs_fix and attempts and cycles
// remain (each fix counts an attempt and each re-verification of the
// failed items a cycle), and records the run.
func (s *Session) Run(ctx context.Context, req Cycle) (Report, error) {
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	rep := Report{Started: now()}
	// Results queued for the cache are stored once the run is recorded
	// (Caching.Writes): here, or by a Recording.
	later := false
	defer func() {
		if !later {
			s.Verifier.Caching.flush(ctx)
		}
	}()
	cached := s.Verifier.AllCached(ctx, req.Story.Items)
	rep.Cached = cached
	var before ledger.Entry
	var err error
	if cached {
		if s.CountCached {
			before, err = s.Ledger.BeginCycle(ctx, req.Key)
		} else {
			before, err = s.Ledger.Peek(ctx, req.Key)
		}
		if err != nil {
			return rep, err
		}
		rep.Outcomes, err = s.Verifier.Verify(ctx, req.Story.Items, req.Dir)
	} else {
		// Neither fetch a workspace nor start a command for a run the
		// ledger will refuse.
		if e, err := s.Ledger.Peek(ctx, req.Key); err != nil {
			return rep, err
		} else if err := e.Refusal(s.Limits); err != nil {
			return rep, err
		}
		if s.Prepare != nil {
			if err := s.Prepare(ctx); err != nil {
				return rep, err
			}
		}
		// The reviewers' copies are made while the ledger opens the cycle.
		s.Verifier.Prewarm(ctx, req.Story.Items, req.Dir)
		defer s.Verifier.ReleasePrewarmed()
		var reserved bool
		before, rep.Outcomes, reserved, err = s.beginAndVerify(ctx, req)
		if !reserved {
			return rep, err
		}
	}
	if err == nil && s.Checks != nil {
		rep.Outcomes, err = s.Checks(ctx, rep.Outcomes)
	}
	if err != nil {
		return rep, s.finishAborted(ctx, req, rep, err)
	}
	// Manual items a person has already checked are done; only the rest
	// keep a story from being verified.
	_, _, rejected := req.Story.Counts()
	manual := req.Story.ManualRemaining()
	// commit is what is being verified: the request's, then each fix's.
	commit := req.Commit
	decide := func() {
		out := ledger.Outcome{Manual: manual, Rejected: rejected, Commit: commit}
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
		rep.Route, rep.Reason = ledger.Decide(before, out, s.Limits)
	}
	decide()
	// last is the entry as the ledger returned it last: what Finish will
	// change (RecordLater).
	last := before
	for rep.Route == ledger.NeedsFix {
		fixer, ok := s.fixerFor(rep.Outcomes)
		if !ok || before.CyclesExhausted(s.Limits) {
			break
		}
		fixing, err := s.Ledger.BeginFix(ctx, req.Key)
		if err != nil {
			if errors.Is(err, ledger.ErrFixesExhausted) {
				break
			}
			return rep, s.finishAborted(ctx, req, rep, err)
		}
		last = fixing
		fix := s.runFix(ctx, req, fixer)
		rep.Fixes = append(rep.Fixes, fix)
		if fix.Commit != "" {
			commit = fix.Commit
		}
		next, err := s.Ledger.BeginCycle(ctx, req.Key)
		if err != nil {
			var refused *ledger.RefusedError
			if errors.As(err, &refused) {
				break
			}
			return rep, s.finishAborted(ctx, req, rep, err)
		}
		before, last = next, next
		if err := s.reverifyFailed(ctx, req, &rep); err != nil {
			return rep, s.finishAborted(ctx, req, rep, err)
		}
		decide()
	}
	passed, failed := rep.Counts()
	if s.Verifier.Reviewing.n() > 1 {
		rep.VerificationStatus, rep.Verifications = Verifications(rep.Outcomes)
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
	blobs := s.Verifier.Caching.ledgerBlobs(s.Ledger)
	record := func(ctx context.Context) (ledger.Entry, error) {
		var e ledger.Entry
		var err error
		if len(blobs) > 0 {
			e, err = s.Ledger.(*ledger.Ledger).FinishWithBlobs(ctx, req.Key, rec, blobs)
		} else {
			e, err = s.Ledger.Finish(ctx, req.Key, rec)
		}
		if err != nil {
			return ledger.Entry{}, fmt.Errorf("recording the run of %s in the ledger: %w", req.Key, err)
		}
		return e, nil
	}
	if s.RecordLater && len(rep.Outcomes) > 0 {
		later = true
		rep.Entry = last.WithRun(rec)
		// Commands ran: the record is written even if ctx ends meanwhile
		// (as finishAborted does).
		rctx := context.WithoutCancel(ctx)
		rep.Recording = startRecording(func() (ledger.Entry, error) {
			e, err := record(rctx)
			s.Verifier.Caching.flush(rctx)
			return e, err
		})
		return rep, nil
	}
	rep.Entry, err = record(ctx)
	if err != nil {
		return rep, err
	}
	return rep, nil
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

// beginAndVerify reserves the verify cycle while the checks start, so that
// the reservation's durable write (file syncs in the embedded ledger, a
// round trip to Redis) is not on the way to the first command. The Peek
// before has refused a run whose cycles are spent; if a concurrent run
// took the last cycle since, the reservation fails, the checks are
// stopped and their outcomes dropped: the run is refused as if it had
// not started (reserved is false, the error says why).
func (s *Session) beginAndVerify(ctx context.Context, req Cycle) (before ledger.Entry, _ []Outcome, reserved bool, _ error) {
	vctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type reservation struct {
		before ledger.Entry
		err    error
	}
	began := make(chan reservation, 1)
	go func() {
		e, err := s.Ledger.BeginCycle(ctx, req.Key)
		if err != nil {
			cancel()
		}
		began <- reservation{e, err}
	}()
	outcomes, err := s.Verifier.Verify(vctx, req.Story.Items, req.Dir)
	b := <-began
	if b.err != nil {
		return ledger.Entry{}, nil, false, b.err
	}
	return b.before, outcomes, true, err
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
func (s *Session) fixerFor(outcomes []Outcome) (Fixer, bool) {
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
	res, err := s.Verifier.Runner.Run(ctx, Command{ItemID: "autofix", Argv: f.Argv, Dir: req.Dir, Timeout: s.Verifier.Timeout})
	if err != nil {
		fix.Err = err.Error()
		return fix
	}
	fix.Result = s.Verifier.redact(res)
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
func gateVerdicts(outcomes []Outcome) map[string]string {
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
