package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/engineo/autoverify/bot/evidence"
	"github.com/engineo/autoverify/bot/failure"
	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/ledger"
)

// Pipeline verifies stories. Every trigger — `autoverify run`, a /verify
// comment, a pull request push, a Jira transition — builds a Request and
// calls Run; the stages below are the one place a verification is written
// down. A Pipeline is built once with the parts every verification shares
// and is safe for concurrent use.
type Pipeline struct {
	Options
	// Checks are the verification's stages, run in order inside a verify
	// cycle once the checklist items have run (see Check). New builds the
	// list; adding a stage means adding it there.
	Checks []Check
}

// SecretRedactor masks secrets in output and in short texts.
type SecretRedactor interface {
	verify.Redactor
	StringRedactor
}

// Artifacts stores a run's evidence file and summary in a directory
// (integrations/artifacts on disk).
type Artifacts interface {
	Write(dir string, run evidence.Run) (evidence.Files, error)
}

// Runners builds the runners a resolved configuration names for a
// workspace: the default runner and the environments of a matrix.
// release frees what was built (warm containers); it is never nil when
// err is nil. An error is a configuration the runners cannot honour, shown
// to the author as such.
type Runners interface {
	Runners(ctx context.Context, cfg settings.Config, workspace string) (r verify.Runner, envs []verify.Environment, release func(), err error)
}

// Check is a verification stage that runs inside the story's verify cycle
// after the checklist items: gates, reviewers and claim audits are Checks.
// It adds what it found to v.Report.Outcomes (one Outcome per check it
// judged, so routing, evidence and reports treat every stage alike).
type Check interface {
	Name() string
	Check(ctx context.Context, v *Verification) error
}

// Options are the parts New wires together: what every verification of a
// Pipeline shares.
type Options struct {
	Ledger   Ledger
	Limits   ledger.Limits
	Redactor SecretRedactor
	// Artifacts stores evidence files and summaries.
	Artifacts Artifacts
	// Runners builds the runners a configuration names.
	Runners Runners
	// Publishers report every verification (metrics, logs, run records),
	// besides those of the request.
	Publishers []Publisher
	// Cache, when set, keeps passing results by tree, command and
	// environment, so the same check is not run twice.
	Cache verify.ResultCache
	// CacheWrites, when set, makes the cache's writes of a verification
	// wait until its verify cycle is recorded, then happen in the
	// background counted in the group (see Caching.Writes).
	CacheWrites *sync.WaitGroup
	// Version is autoverify's build, part of every cache key.
	Version string
	// Workspaces copies the workspace for each independent reviewer after
	// the first (see Reviewing); nil makes reviewers share it.
	Workspaces verify.WorkspaceCloner
	// Trees opens the tree a failed command ran in for the failure
	// reading (integrations/workspace.Trees); nil reads the output alone.
	Trees verify.TreeOpener
	// Tests reads per-test outcomes from a check's output for the
	// reviewers' digest; nil digests the normalised output.
	Tests func(argv []string, output []byte) map[string]string
	// CountCached makes a verification served wholly from the cache count
	// a verify cycle (by default it does not: it ran nothing).
	CountCached bool
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Gates runs the gates of a change (GATE= items, /verify gates); nil
	// makes such items fail, saying the gates cannot run here.
	Gates GateRunner
	// Attester signs every verdict (integrations/attest); nil leaves runs
	// unsigned, and their summaries say so.
	Attester Attester
}

// Attester signs what a verification found: statements of its checks and
// of its verdict, about the commit and the run's evidence and summary,
// written beside them (integrations/attest).
type Attester interface {
	// Fingerprint names the signing key.
	Fingerprint() string
	// Attest writes the run's attestation and returns its path.
	Attest(ctx context.Context, v *Verification) (string, error)
}

// Unsigned is what a summary says of a run no key signs.
const Unsigned = "unsigned: no signing key (set ENGINEO_SIGNING_KEY to a PEM private key; autoverify keys generate makes one)"

// New builds the pipeline with every stage in its place. It is the one
// list of verification stages the CLI and the server share.
func New(o Options) *Pipeline {
	return &Pipeline{Options: o,
		Checks: []Check{GatesCheck{Gates: o.Gates, Redactor: o.Redactor}, Audit{Ledger: claimLedger(o.Ledger)}}}
}

// Request is one verification to run.
type Request struct {
	// RunID names the run in evidence, reports and the ledger history; a
	// retried delivery keeps its ID, so it finds its check run again.
	RunID string
	// Trigger says who or what asked, for logs ("/verify by @alice").
	Trigger string
	// Source is where the subject, its configuration, its checklist and
	// its workspace come from.
	Source Source
	// Key forces the story key (a Jira issue, the CLI's --story-key);
	// empty finds it in the subject.
	Key string
	// Configure resolves the configuration from the repository's
	// .autoverify.yml as the subject's base has it (path names the file in
	// errors). The CLI and the server differ in precedence, so the trigger
	// supplies it.
	Configure func(file repoconfig.File, path string) (settings.Config, error)
	// ArtifactsDir is where this run's evidence goes; empty means the
	// configuration's artifacts directory.
	ArtifactsDir string
	// Link gives the URL of one of the run's artifact files; nil means no
	// links.
	Link func(file string) string
	// Publishers report this verification, after the pipeline's own.
	Publishers []Publisher
	// Notes are sentences reports show about this run (who approved it,
	// what was rerun).
	Notes []string
	// NoCache runs every check even when a cached result exists
	// (--no-cache, /verify fresh, GitHub's Re-run); passes are still
	// stored.
	NoCache bool
	// Signal is an agent's READY_FOR_REVIEW or AUDIT_PASSED text to audit
	// (a comment, a file); empty means the subject's description is
	// looked at. SignalSource names where it came from, SignalAuthor whose
	// claim it is (empty: the subject's author).
	Signal, SignalSource, SignalAuthor string
	// Gates runs the gates of the change even when no item asks for them
	// (/verify gates); GateBase is the revision they compare with (empty:
	// the subject's base branch).
	Gates    bool
	GateBase string
	// GatesOnly runs the gates of the change and nothing else: no
	// checklist is read and the run's only checks are the gates
	// (`autoverify gates`). It needs Key, and implies Gates.
	GatesOnly bool
	// GateTest and GateStatic are the gates' test command and
	// VERIFY_IMPLEMENT's check (allowlisted) when the request names them
	// (see GateJob). GateGuards are tests the requester declares
	// regression guards.
	GateTest, GateStatic []string
	GateGuards           []string
	// RerunFailed runs again only what failed (/verify failed, the check
	// run's "Re-run failed items"): passes of the same tree, command and
	// environment carry over from the result cache, and the reports say
	// how many of each.
	RerunFailed bool
}

// Verification is one run of the pipeline: what each stage found, in the
// order the stages ran. Publishers read it.
type Verification struct {
	Request Request
	Started time.Time
	Subject Subject
	Config  settings.Config
	Key     string
	Story   *checklist.Story
	// ChecklistSource says where the checklist came from ("the pull
	// request description", a file path); FromSubject is set when it is
	// the subject's own text, whose markers a publisher may rewrite.
	ChecklistSource string
	FromSubject     bool
	Workspace       string
	Runner          verify.Runner
	Environments    []verify.Environment
	Fixers          map[failure.Type]Fixer
	// Claim is the agent's signal and its audit, when there is one.
	Claim *Claim
	// Required are checklist items a screen adds (a valid signal's
	// checks); they make a checklist of their own optional.
	Required []checklist.Item
	// Report is the verify cycle: outcomes, fixes, route and ledger entry.
	Report Report
	// LedgerErr is set when the checks ran but the ledger could not record
	// them; the evidence is still written and reported.
	LedgerErr error
	Record    Record
	Files     evidence.Files
	// Attestation is the run's signed attestation (the .intoto.jsonl
	// beside its evidence), "" when unsigned; AttestationErr why signing
	// failed (the verdict stands, unsigned).
	Attestation    string
	AttestationErr error
	// ConfigFile is .autoverify.yml as the configuration was read from
	// (nil when there is none): the attestations name it by digest.
	ConfigFile []byte
	// Summary is what reports render (redacted, with links).
	Summary report.Run
	// Problem, when set, is why the verification stopped before a verdict
	// (bad configuration, nothing to verify, cycles spent).
	Problem *Problem
	// Gates is the last gates run's report, when the gates ran.
	Gates *gates.Report
	// Timings are how long each stage took, in order (publish last), for
	// the time-to-verdict breakdown in metrics and run records.
	Timings []StageTiming
	// fill fetches the workspace's files before the first check runs.
	fill func(ctx context.Context) error
	// release frees what stages acquired (workspace, runners), last first.
	release []func()
	// remade is set when the summary and report were made again from the
	// ledger's record of the run (awaitRecording).
	remade bool
}

// Remade reports whether the summary and the report were made again,
// after the ledger recorded the run differently from the entry they were
// first made with (a failed write, or another run of the story in
// between): a Marker that published from the first must publish again.
func (v *Verification) Remade() bool { return v.remade }

// StageTiming is one stage's wall time.
type StageTiming struct {
	Stage    string
	Duration time.Duration
}

// Ran reports whether the verification reached a verdict.
func (v *Verification) Ran() bool { return v.Problem == nil && v.Summary.RunID != "" }

// Failed reports whether anything the run judged failed: a story item
// that failed or was rejected, or one of the run's own checks that is no
// story item (the gates of /verify gates and autoverify gates).
func (v *Verification) Failed() bool {
	_, failed, _, rejected := v.Summary.Counts()
	_, checksFailed := v.Report.Counts()
	return failed > 0 || rejected > 0 || checksFailed > 0
}

// stage is one step of Run; it returns a *Problem to stop with something
// to tell the author, or another error to give up (the trigger retries).
type stage struct {
	name string
	run  func(ctx context.Context, v *Verification) error
}

// stages is the order of a verification:
// subject → config → screen → checklist → begin → workspace → runners → verify →
// record → report, then every publisher publishes.
func (p *Pipeline) stages() []stage {
	return []stage{
		{"subject", p.subject},
		{"config", p.config},
		{"screen", p.screen},
		{"checklist", p.checklist},
		{"begin", p.begin},
		{"workspace", p.workspace},
		{"runners", p.runners},
		{"verify", p.verify},
		{"record", p.record},
		{"attest", p.attest},
		{"report", p.report},
	}
}

// Run verifies what req names and publishes the result. It returns an
// error only for failures worth retrying (a code host or store that did
// not answer); problems the author must fix are published and returned as
// v.Problem. Resources a stage acquired are released before Run returns.
func (p *Pipeline) Run(ctx context.Context, req Request) (*Verification, error) {
	req.Gates = req.Gates || req.GatesOnly
	v := &Verification{Request: req, Started: p.now()}
	defer func() {
		// A stage that failed after verify leaves the ledger's write of
		// the run to finish here: nothing returns before it is durable.
		p.awaitRecording(ctx, v)
		for i := len(v.release) - 1; i >= 0; i-- {
			v.release[i]()
		}
	}()
	for _, s := range p.stages() {
		start := p.now()
		err := s.run(ctx, v)
		v.Timings = append(v.Timings, StageTiming{s.name, p.now().Sub(start)})
		var problem *Problem
		switch {
		case errors.As(err, &problem):
			v.Problem = problem
			return v, p.publish(ctx, v)
		case err != nil:
			return v, fmt.Errorf("%s: %w", s.name, err)
		}
	}
	return v, p.publish(ctx, v)
}

// Marker is a Publisher with a part that needs only the results and the
// evidence files, not the ledger's record of the run (the CLI's markers in
// the story file): the pipeline calls Mark for every such publisher
// before it waits for that record, so that their durable writes overlap,
// then Publish as for any other.
type Marker interface {
	Mark(ctx context.Context, v *Verification) error
}

// awaitRecording waits for the ledger's write of the run when the verify
// stage left it in flight (Session.RecordLater). The evidence, summary and
// report were made with the entry as that write was to leave it; when the
// ledger answers otherwise (the write failed, or another run of the story
// changed the entry in between on a shared store), they are made again
// from what it holds, so what is published is what is recorded.
func (p *Pipeline) awaitRecording(ctx context.Context, v *Verification) {
	r := v.Report.Recording
	if r == nil {
		return
	}
	v.Report.Recording = nil
	e, err := r.Wait()
	if err != nil {
		v.LedgerErr, e = err, ledger.Entry{}
	}
	if sameEntry(e, v.Report.Entry) {
		return
	}
	v.Report.Entry, v.remade = e, true
	v.Record.Evidence.Ledger = summaryLedger(e)
	if v.Files.Summary != "" {
		if rw, ok := p.Artifacts.(SummaryRewriter); ok {
			if err := rw.RewriteSummary(v.Files, v.Record.Evidence); err != nil && v.LedgerErr == nil {
				v.LedgerErr = fmt.Errorf("rewriting the summary of %s with the ledger's record: %w", v.Key, err)
			}
		}
		_ = p.report(ctx, v)
	}
}

// sameEntry reports whether a and b encode alike (the ledger's encoding:
// what the summary would show).
func sameEntry(a, b ledger.Entry) bool {
	ja, erra := json.Marshal(a)
	jb, errb := json.Marshal(b)
	return erra == nil && errb == nil && bytes.Equal(ja, jb)
}

// SummaryRewriter is Artifacts that can write a run's summary again in
// place, after the ledger's record of the run turned out different from
// the entry the summary was written with.
type SummaryRewriter interface {
	RewriteSummary(files evidence.Files, run evidence.Run) error
}

// publishers are the pipeline's and the request's, in that order.
func (p *Pipeline) publishers(v *Verification) []Publisher {
	return append(append([]Publisher(nil), p.Publishers...), v.Request.Publishers...)
}

// publish hands the verification to every publisher, even when one fails,
// and returns the first failure. Its own time is the last timing:
// publishers that report timings (metrics) see it as "publish" of the
// publishers before them.
func (p *Pipeline) publish(ctx context.Context, v *Verification) error {
	start := p.now()
	v.Timings = append(v.Timings, StageTiming{Stage: "publish"})
	defer func() { v.Timings[len(v.Timings)-1].Duration = p.now().Sub(start) }()
	var first error
	pubs := p.publishers(v)
	for _, pub := range pubs {
		if m, ok := pub.(Marker); ok {
			if err := m.Mark(ctx, v); err != nil && first == nil {
				first = err
			}
		}
	}
	p.awaitRecording(ctx, v)
	for _, pub := range pubs {
		if err := pub.Publish(ctx, v); err != nil && first == nil {
			first = err
		}
	}
	return first
}

func (p *Pipeline) now() time.Time {
	if p.Now != nil {
		return p.Now()
	}
	return time.Now()
}
