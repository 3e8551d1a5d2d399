// Package history keeps the run history the dashboard shows: Recorder is
// the publisher every trigger (the CLI, the server) adds to its
// verifications, recording each run as active when it begins, its items as
// they land, and its verdict, problem or failure when it ends. It is a
// view of the verification, not part of it: when the history cannot be
// written the recorder warns and the run goes on.
package history

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/bot/runlog"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/checklist"
)

// RunLog stores run records for the dashboard (integrations/runlog).
type RunLog interface {
	Put(ctx context.Context, r runlog.Record) error
}

// Recorder is the publisher that keeps the run history: Begin records
// the run as active with its items pending, Publish completes it (or
// records the problem that stopped it), and Failed ends a run whose
// pipeline gave up with an error. The history is a view, not the
// verification: when it cannot be written the recorder warns and the run
// goes on.
type Recorder struct {
	Log RunLog
	// Warn is told when the history could not be written; nil is quiet.
	Warn func(msg string, err error)
	// LocalRepo names the repository of a run on a work tree (the CLI's),
	// which has no owner/name; empty means the subject's own.
	LocalRepo string
	// IssueURL links a story key to its issue (Jira); nil means no link.
	IssueURL func(key string) string
	// AbsPath makes an evidence directory absolute, so a dashboard in
	// another process and directory finds it (AbsDir); nil keeps it as
	// written.
	AbsPath func(string) string
	// Redactor masks secrets in what further checks found (items come
	// redacted in the summary).
	Redactor bot.StringRedactor
	// Now is the clock; nil means time.Now.
	Now func() time.Time

	// Pending, when set, makes every write of the history happen in the
	// background — still in order, run by run — counted in the group, so
	// that a run's start and end cost the verdict no file sync; the caller
	// (the CLI) waits on it before it exits. Nil writes a run's start and
	// end before Begin and Publish return (a server's dashboard shows them
	// at once); progress is written in the background either way.
	Pending *sync.WaitGroup
	// Settle, with Pending, holds each record of a run still going this
	// long before writing it, and drops it if a newer record of the run
	// comes meanwhile (the newer one says everything it did). A run that
	// ends sooner is written once, at its end, instead of once at its
	// start and once per item: in a quick `autoverify run` those writes
	// (a file lock, a transaction and two syncs each) ran beside the
	// ledger's and the evidence's, on the way to the verdict. The
	// dashboard sees a run as active after Settle. Zero writes every
	// record.
	Settle time.Duration

	mu     sync.Mutex
	active map[string]*activeRun // by run ID, from Begin to the end
	// marked are runs whose end Mark recorded, by run ID, until Publish.
	marked map[string]*activeRun
}

// activeRun is a running run's record, updated as its items land.
type activeRun struct {
	mu  sync.Mutex
	rec runlog.Record
	// written is closed once the newest write of the run is done. Progress
	// is written in the background, in order, so that a check's landing
	// costs no file sync on the way to the verdict (the ledger and the
	// evidence are written meanwhile); the run's end comes after it.
	written chan struct{}
	// newer is closed when a record newer than the last one queued is
	// queued (see Settle).
	newer chan struct{}
	// unredacted is set while rec's item texts and commands are as the
	// story has them: Begin leaves masking them to its background write
	// (settle), since the first redaction of a process waits for
	// gitleaks' rules to be read, a few milliseconds a run's start need
	// not wait for.
	unredacted bool
}

// settle masks the run's item texts and commands if Begin left them.
// The caller holds a.mu.
func (r *Recorder) settle(a *activeRun) {
	if a.unredacted {
		a.rec.Items = r.redactItems(a.rec.Items)
		a.unredacted = false
	}
}

// redactItems returns items with their texts and commands masked, in a
// fresh slice.
func (r *Recorder) redactItems(items []runlog.Item) []runlog.Item {
	items = slices.Clone(items)
	for i := range items {
		it := &items[i]
		it.Text, it.Command = r.redact(it.Text), r.redact(it.Command)
	}
	return items
}

// enqueue writes rec after the run's earlier writes, in the background;
// with mask, its items' texts and commands are masked there first (see
// activeRun.unredacted). The caller holds a.mu.
func (r *Recorder) enqueue(ctx context.Context, a *activeRun, rec runlog.Record, mask bool) {
	prev, done := a.written, make(chan struct{})
	a.written = done
	if a.newer != nil {
		close(a.newer)
	}
	newer := make(chan struct{})
	a.newer = newer
	if r.Pending != nil {
		r.Pending.Add(1)
	}
	go func() {
		defer close(done)
		if r.Pending != nil {
			defer r.Pending.Done()
		}
		if prev != nil {
			<-prev
		}
		if r.Settle > 0 && r.Pending != nil && rec.Status == runlog.Active {
			t := time.NewTimer(r.Settle)
			select {
			case <-newer:
				t.Stop()
				return
			case <-t.C:
			}
		}
		if mask {
			rec.Items = r.redactItems(rec.Items)
		}
		r.put(ctx, rec)
	}()
}

// end writes a run's last record: after its progress, in the background
// with Pending, before returning without.
func (r *Recorder) end(ctx context.Context, a *activeRun, rec runlog.Record) {
	if a == nil {
		a = &activeRun{}
	}
	if r.Pending != nil {
		a.mu.Lock()
		r.enqueue(ctx, a, rec, false)
		a.mu.Unlock()
		return
	}
	a.wait()
	r.put(ctx, rec)
}

// wait returns once every progress write of the run is done.
func (a *activeRun) wait() {
	if a == nil {
		return
	}
	a.mu.Lock()
	w := a.written
	a.mu.Unlock()
	if w != nil {
		<-w
	}
}

var _ bot.ProgressPublisher = (*Recorder)(nil)

// Begin records the run as active.
func (r *Recorder) Begin(ctx context.Context, v *bot.Verification) error {
	rec := r.base(v)
	rec.Status = runlog.Active
	if v.Story != nil {
		for _, it := range v.Story.Items {
			rec.Items = append(rec.Items, runlog.Item{ID: it.ID, Text: it.Text, Command: it.Command, Kind: string(it.Kind),
				Checked: it.Checked && it.Kind == checklist.Manual})
		}
	}
	run := &activeRun{rec: rec, unredacted: true}
	r.mu.Lock()
	if r.active == nil {
		r.active = map[string]*activeRun{}
	}
	r.active[rec.ID] = run
	r.mu.Unlock()
	if r.Pending != nil {
		run.mu.Lock()
		r.enqueue(ctx, run, rec, true)
		run.mu.Unlock()
		return nil
	}
	run.mu.Lock()
	r.settle(run)
	rec = run.rec
	run.mu.Unlock()
	r.put(ctx, rec)
	return nil
}

// Progress records one item's outcome while the run goes on.
func (r *Recorder) Progress(ctx context.Context, v *bot.Verification, o verify.Outcome) {
	r.mu.Lock()
	run := r.active[v.Request.RunID]
	r.mu.Unlock()
	if run == nil {
		return
	}
	run.mu.Lock()
	defer run.mu.Unlock()
	r.settle(run)
	// A fresh slice per write: a store may keep the record it was given.
	run.rec.Items = slices.Clone(run.rec.Items)
	for i := range run.rec.Items {
		it := &run.rec.Items[i]
		if it.ID != o.Item.ID {
			continue
		}
		it.Ran, it.Passed, it.FailureType, it.ExitCode = true, o.Passed, string(o.FailureType), o.Result.ExitCode
		it.DurationMS, it.TimedOut, it.Output = o.Result.Duration.Milliseconds(), o.Result.TimedOut, runlog.Tail(r.redact(string(o.Result.Output)))
		if o.Cached != nil {
			it.CachedFrom = o.Cached.RunID
		}
	}
	r.enqueue(ctx, run, run.rec, false)
}

var _ bot.Marker = (*Recorder)(nil)

// Mark records how the run ended once its evidence is written, while the
// ledger records the run (see bot.Marker), so that the history's file syncs
// overlap the ledger's instead of following them: with Pending (the CLI's
// embedded history, written in the background anyway). Publish records the
// end again only if the pipeline made the report again from the ledger's
// answer (bot.Verification.Remade).
func (r *Recorder) Mark(ctx context.Context, v *bot.Verification) error {
	if r.Pending == nil {
		// Written as it goes (the server's history): not before the
		// ledger's record is durable, so no crash leaves the history
		// showing a verdict the ledger does not have.
		return nil
	}
	a := r.done(v)
	if a == nil {
		a = &activeRun{}
	}
	r.mu.Lock()
	if r.marked == nil {
		r.marked = map[string]*activeRun{}
	}
	r.marked[v.Request.RunID] = a
	r.mu.Unlock()
	r.end(ctx, a, r.Finished(v))
	return nil
}

// Publish records how the run ended, unless Mark has and nothing changed
// since.
func (r *Recorder) Publish(ctx context.Context, v *bot.Verification) error {
	r.mu.Lock()
	a, marked := r.marked[v.Request.RunID]
	delete(r.marked, v.Request.RunID)
	r.mu.Unlock()
	switch {
	case !marked:
		r.end(ctx, r.done(v), r.Finished(v))
	case v.Remade():
		r.end(ctx, a, r.Finished(v))
	}
	return nil
}

// done forgets a run's progress and returns it, so that its end is
// written after it.
func (r *Recorder) done(v *bot.Verification) *activeRun {
	r.mu.Lock()
	defer r.mu.Unlock()
	run := r.active[v.Request.RunID]
	delete(r.active, v.Request.RunID)
	return run
}

// Failed records a run whose pipeline returned err before publishing:
// it stopped without a verdict.
func (r *Recorder) Failed(ctx context.Context, v *bot.Verification, err error) {
	if v == nil || err == nil {
		return
	}
	run := r.done(v)
	rec := r.base(v)
	rec.Status, rec.Finished, rec.Problem = runlog.Stopped, r.now(), r.redact(err.Error())
	r.end(ctx, run, rec)
}

func (r *Recorder) put(ctx context.Context, rec runlog.Record) {
	// A canceled request (shutdown) still leaves its run's end behind.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := r.Log.Put(ctx, rec); err != nil && r.Warn != nil {
		r.Warn(fmt.Sprintf("run history: could not record run %s; the verification goes on", rec.ID), err)
	}
}

func (r *Recorder) redact(s string) string {
	if r.Redactor == nil {
		return s
	}
	return r.Redactor.String(s)
}

func (r *Recorder) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

// base is what is known of a run from its start.
func (r *Recorder) base(v *bot.Verification) runlog.Record {
	id := v.Request.RunID
	if id == "" {
		id = bot.LocalRunID(v.Key, v.Started)
		v.Request.RunID = id
	}
	s := v.Subject
	rec := runlog.Record{ID: id, Repo: s.Repo, Story: v.Key, Trigger: v.Request.Trigger, Author: s.Author,
		Commit: s.Commit, URL: s.URL, Number: s.Number, Started: v.Started, Notes: v.Request.Notes}
	if s.BaseRef == "" {
		rec.Local = true
		if r.LocalRepo != "" {
			rec.Repo = r.LocalRepo
		}
	}
	if rec.Repo == "" {
		rec.Repo = "(unknown)"
	}
	if r.IssueURL != nil && v.Key != "" {
		rec.IssueURL = r.IssueURL(v.Key)
	}
	return rec
}

// Finished is the record of a run that ended (a verdict, or a problem).
func (r *Recorder) Finished(v *bot.Verification) runlog.Record {
	rec := r.base(v)
	rec.Finished = r.now()
	if v.Problem != nil {
		rec.Status, rec.Problem = runlog.Stopped, r.redact(v.Problem.Error())
		return rec
	}
	sum := v.Summary
	rec.Route, rec.Reason, rec.Notes = sum.Route, sum.Reason, sum.Notes
	rec.Ledger = runlog.Ledger{Cycles: sum.Cycles, MaxCycles: sum.MaxCycles, Fixes: sum.Fixes, MaxFixes: sum.MaxFixes}
	rec.Environments = sum.Environments
	rec.Items = historyItems(sum.Items)
	for _, m := range sum.Matrix {
		rec.Matrix = append(rec.Matrix, runlog.MatrixRow{Check: m.Check, Environment: m.Environment, Result: m.Result, Passed: m.Passed})
	}
	for _, f := range sum.AutoFixes {
		rec.AutoFixes = append(rec.AutoFixes, runlog.AutoFix{Type: f.Type, Command: f.Command, Commit: f.Commit, ExitCode: f.ExitCode})
	}
	if checks := r.checkRows(v); len(checks) > 0 {
		rec.Sections = append(rec.Sections, runlog.Section{Title: "Checks", Rows: checks})
	}
	if len(sum.Reviews) > 0 {
		rec.Sections = append(rec.Sections, r.reviewersSection(sum))
	}
	if v.Gates != nil && v.Gates.Mutation != nil {
		rec.Sections = append(rec.Sections, r.mutationSection(v.Gates))
	}
	// The evidence file is this run's own (the summary is the story's
	// latest, overwritten by the next run).
	if f := v.Files.Evidence; f != "" {
		rec.Evidence, rec.EvidenceDir = []string{filepath.Base(f)}, filepath.Dir(f)
		if r.AbsPath != nil {
			rec.EvidenceDir = r.AbsPath(rec.EvidenceDir)
		}
	}
	rec.Signing = signing(sum.Attestation)
	if a := sum.Attestation; a != nil && a.File != "" {
		rec.Evidence = append(rec.Evidence, a.File)
	}
	rec.Status = finishedStatus(v, rec.Items)
	return rec
}

// historyItems are the story's items as the summary reports them, with
// their output cut to the tail the history keeps.
func historyItems(items []report.Item) []runlog.Item {
	var out []runlog.Item
	for _, it := range items {
		out = append(out, runlog.Item{ID: it.ID, Text: it.Text, Command: it.Command, Kind: it.Kind, Ran: it.Ran,
			Passed: it.Passed, Checked: it.Checked, FailureType: it.FailureType, ExitCode: it.ExitCode,
			DurationMS: it.Duration.Milliseconds(), TimedOut: it.TimedOut, Output: runlog.Tail(it.Output), Reason: it.Reason,
			CachedFrom: it.CachedFrom})
	}
	return out
}

// checkRows are the outcomes of the pipeline's further Checks (gates,
// reviewers, claim audits): they are not story items, so they get a
// section of their own. Their names and details are redacted here, since
// they do not come through the summary, whose items already are.
func (r *Recorder) checkRows(v *bot.Verification) []runlog.Row {
	inStory := map[string]bool{}
	for _, it := range v.Summary.Items {
		inStory[it.ID] = true
	}
	var checks []runlog.Row
	for _, o := range v.Report.Outcomes {
		if inStory[o.Item.ID] {
			continue
		}
		res := "PASS"
		if !o.Passed {
			res = "FAIL"
			if o.FailureType != "" {
				res += " — " + string(o.FailureType)
			}
		}
		name := o.Item.Text
		if name == "" {
			name = o.Item.ID
		}
		checks = append(checks, runlog.Row{Name: r.redact(name), Result: res, Passed: o.Passed, Detail: r.redact(o.Reason)})
	}
	return checks
}

// mutationSection shows VERIFY_MUTATE's score against its threshold, with
// the counts behind it, and each surviving mutant: where the change's
// tests miss a broken line. The survivors quote source lines, so they are
// redacted like the checks' details.
func (r *Recorder) mutationSection(rep *gates.Report) runlog.Section {
	m := rep.Mutation
	passed := gates.ClassifyMutate(*m).Classification == gates.Accept
	cmp := "<"
	if m.Score >= m.Threshold {
		cmp = "≥"
	}
	sec := runlog.Section{Title: "Mutation", Rows: []runlog.Row{{Name: "score", Passed: passed,
		Result: fmt.Sprintf("%.2f %s %.2f", m.Score, cmp, m.Threshold),
		Detail: fmt.Sprintf("%d killed, %d timed out, %d survived, %d not compiled of %d mutants", m.Killed, m.Timeout, m.Survived, m.NotCompiled, m.Total)}}}
	for _, s := range m.Survivors {
		sec.Rows = append(sec.Rows, runlog.Row{Name: r.redact(s.String()), Result: "survived",
			Detail: r.redact(s.Original + " → " + s.Mutated)})
	}
	return sec
}

// reviewersSection shows the independent reviewers' verdict on each
// check, titled with the run's overall verification status.
func (r *Recorder) reviewersSection(sum report.Run) runlog.Section {
	sec := runlog.Section{Title: "Reviewers"}
	if sum.VerificationStatus != "" {
		sec.Title += " — " + sum.VerificationStatus
	}
	for _, rv := range sum.Reviews {
		sec.Rows = append(sec.Rows, r.reviewRow(rv))
	}
	return sec
}

// reviewRow is one check's review: its verdict, and in the detail the
// reviewers' summary, each reviewer's status and the flaky tests, so that
// the history shows why a check was escalated.
func (r *Recorder) reviewRow(rv report.Review) runlog.Row {
	name := rv.Check
	if rv.Environment != "" {
		name += " in " + rv.Environment
	}
	result := rv.Status
	if rv.Reason != "" {
		result += " (" + rv.Reason + ")"
	}
	var detail []string
	if rv.Summary != "" {
		detail = append(detail, rv.Summary)
	}
	for _, who := range rv.Reviewers {
		detail = append(detail, who.ID+": "+who.Status)
	}
	if len(rv.Flaky) > 0 {
		detail = append(detail, "flaky: "+strings.Join(rv.Flaky, ", "))
	}
	return runlog.Row{Name: r.redact(name), Result: result, Passed: rv.Status == "verified", Detail: r.redact(strings.Join(detail, "; "))}
}

// finishedStatus is how a run with a verdict ended: failed when an item
// failed or was rejected, or when the ledger could not record the run (a
// verdict the ledger does not have is no pass), else passed.
func finishedStatus(v *bot.Verification, items []runlog.Item) runlog.Status {
	if v.Failed() || v.LedgerErr != nil {
		return runlog.Failed
	}
	for _, it := range items {
		if it.FailureType == "" && it.Ran && !it.Passed {
			// A failure with no type still counts as a failure.
			return runlog.Failed
		}
	}
	return runlog.Passed
}

// Around returns p that also records, with Failed, every run p gives up
// on with an error (a retry then writes the same run again).
func (r *Recorder) Around(p bot.PipelineRunner) bot.PipelineRunner {
	return recordFailures{p: p, r: r}
}

type recordFailures struct {
	p bot.PipelineRunner
	r *Recorder
}

func (f recordFailures) Run(ctx context.Context, req bot.Request) (*bot.Verification, error) {
	v, err := f.p.Run(ctx, req)
	if err != nil && v != nil && v.Subject.Repo != "" {
		f.r.Failed(ctx, v, err)
	}
	return v, err
}

// signing is the run page's word on the verdict's signature.
func signing(a *report.Attestation) string {
	switch {
	case a == nil:
		return ""
	case a.Unsigned:
		return "unsigned (no signing key is configured)"
	case a.Error != "":
		return "not signed: " + a.Error
	}
	return "signed by key " + a.Key
}

// AbsDir is dir made absolute, or dir as written where that fails: what a
// Recorder's AbsPath usually is.
func AbsDir(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		return abs
	}
	return dir
}
