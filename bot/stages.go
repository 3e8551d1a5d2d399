package bot

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/engineo/autoverify/bot/evidence"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/ledger"
)

// subject resolves what is verified.
func (p *Pipeline) subject(ctx context.Context, v *Verification) error {
	s, err := v.Request.Source.Subject(ctx)
	if err != nil {
		return err
	}
	v.Subject = s
	return nil
}

// config reads .autoverify.yml where the subject's configuration lives
// (a pull request's base branch, a work tree) and resolves the settings.
func (p *Pipeline) config(ctx context.Context, v *Verification) error {
	s := v.Subject
	path := repoconfig.Name
	if s.BaseRef == "" {
		path = filepath.Join(s.Repo, repoconfig.Name)
	}
	var file repoconfig.File
	raw, err := v.Request.Source.File(ctx, s.BaseRef, repoconfig.Name)
	switch {
	case errors.Is(err, ErrNotFound):
	case err != nil:
		var problem *Problem
		if errors.As(err, &problem) {
			return err
		}
		return fmt.Errorf("reading %s of %s at %q: %w", repoconfig.Name, s.Repo, s.BaseRef, err)
	default:
		v.ConfigFile = raw
		if file, err = repoconfig.Parse(raw); err != nil {
			where := ""
			if s.BaseRef == "" {
				where = s.Repo
			}
			return &Problem{Kind: ProblemConfig, Path: where, Ref: s.BaseRef, Err: err}
		}
	}
	cfg, err := v.Request.Configure(file, path)
	if err != nil {
		return &Problem{Kind: ProblemConfig, Ref: s.BaseRef, Err: err}
	}
	v.Config = cfg
	return nil
}

// screen runs every Check that is also a Screen, before anything runs.
func (p *Pipeline) screen(ctx context.Context, v *Verification) error {
	for _, c := range p.Checks {
		if s, ok := c.(Screen); ok {
			if err := s.Screen(ctx, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// checklist finds the story's checklist and adds what a screen requires
// (a valid signal's checks): with them, a missing checklist is no problem.
func (p *Pipeline) checklist(ctx context.Context, v *Verification) error {
	err := p.readChecklist(ctx, v)
	if len(v.Required) == 0 {
		return err
	}
	var problem *Problem
	if err != nil && (!errors.As(err, &problem) || problem.Kind != ProblemNoChecklist) {
		return err
	}
	if err != nil {
		if v.Key == "" && v.Claim != nil {
			v.Key = v.Claim.Signal.TaskID
		}
		if v.Key == "" {
			return err
		}
		policy, perr := v.Config.Policy()
		if perr != nil {
			return &Problem{Kind: ProblemConfig, Ref: v.Subject.BaseRef, Err: perr}
		}
		if v.Fixers, perr = FixersFrom(v.Config.AutoFix, policy); perr != nil {
			return &Problem{Kind: ProblemConfig, Ref: v.Subject.BaseRef, Err: fmt.Errorf("%s: %w", repoconfig.Name, perr)}
		}
		v.Story, v.ChecklistSource, v.FromSubject = &checklist.Story{}, v.Claim.Source, false
	}
	v.Story.Items = append(v.Story.Items, v.Required...)
	return nil
}

// readChecklist finds the story key and the checklist: the subject's own
// checklist (a pull request's description, the CLI's story file) when it
// has task items, else the story file at the subject's commit.
func (p *Pipeline) readChecklist(ctx context.Context, v *Verification) error {
	s, cfg := v.Subject, v.Config
	policy, err := cfg.Policy()
	if err != nil {
		return &Problem{Kind: ProblemConfig, Ref: s.BaseRef, Err: err}
	}
	key := v.Request.Key
	if key == "" {
		key = checklist.FindKey(s.Title, s.Branch, s.Body)
	}
	if key == "" {
		return &Problem{Kind: ProblemNoChecklist, Path: cfg.StoryFile("{key}")}
	}
	v.Key = key
	if v.Request.GatesOnly {
		v.Story = &checklist.Story{}
		return nil
	}
	if s.ChecklistRequired {
		story, err := checklist.Parse(s.Checklist, policy)
		if err != nil {
			return &Problem{Kind: ProblemStory, Key: key, Path: s.ChecklistSource, Err: err}
		}
		if len(story.Items) == 0 {
			return &Problem{Kind: ProblemNoChecklist, Key: key, Path: s.ChecklistSource, Err: checklist.ErrNoChecklist}
		}
		v.Story, v.ChecklistSource, v.FromSubject = story, s.ChecklistSource, true
	} else if story, err := checklist.Parse(s.Checklist, policy); s.Checklist != nil && err == nil && len(story.Items) > 0 {
		v.Story, v.ChecklistSource, v.FromSubject = story, s.ChecklistSource, true
	} else {
		path := cfg.StoryFile(key)
		raw, err := v.Request.Source.File(ctx, s.Commit, path)
		switch {
		case errors.Is(err, ErrNotFound):
			return &Problem{Kind: ProblemNoChecklist, Key: key, Path: path}
		case err != nil:
			return fmt.Errorf("reading %s at %s: %w", path, s.Commit, err)
		}
		story, err := checklist.Parse(raw, policy)
		if err != nil || len(story.Items) == 0 {
			return &Problem{Kind: ProblemNoChecklist, Key: key, Path: path}
		}
		v.Story, v.ChecklistSource = story, "`"+path+"`"
	}
	fixers, err := FixersFrom(cfg.AutoFix, policy)
	if err != nil {
		return &Problem{Kind: ProblemConfig, Ref: s.BaseRef, Err: fmt.Errorf("%s: %w", repoconfig.Name, err)}
	}
	v.Fixers = fixers
	return nil
}

// begin names the run and tells the publishers a verification is about
// to run.
func (p *Pipeline) begin(ctx context.Context, v *Verification) error {
	if v.Request.RunID == "" {
		v.Request.RunID = LocalRunID(v.Key, v.Started)
	}
	for _, pub := range p.publishers(v) {
		if err := pub.Begin(ctx, v); err != nil {
			return err
		}
	}
	return nil
}

// workspace names where the checks run; its files are fetched only when a
// check must run (see the verify stage).
func (p *Pipeline) workspace(ctx context.Context, v *Verification) error {
	ws, err := v.Request.Source.Workspace(ctx, v.Subject)
	if err != nil {
		return err
	}
	if ws.Release != nil {
		v.release = append(v.release, ws.Release)
	}
	v.Workspace, v.fill = ws.Dir, ws.Fill
	return nil
}

// runners builds the runners the configuration names. A run of the gates
// alone builds no environment: the gates run on the default runner only,
// and an environment's services would start for nothing.
func (p *Pipeline) runners(ctx context.Context, v *Verification) error {
	cfg := v.Config
	if v.Request.GatesOnly {
		cfg.Environments = nil
	}
	r, envs, release, err := p.Runners.Runners(ctx, cfg, v.Workspace)
	if err != nil {
		return &Problem{Kind: ProblemConfig, Ref: v.Subject.BaseRef, Err: err}
	}
	v.release = append(v.release, release)
	v.Runner, v.Environments = r, envs
	return nil
}

// LocalRunID names a run without an ID (the CLI's) by its story and its
// start, before anything is recorded under the name. A random suffix keeps
// runs of one story started in the same second apart (their cycles are
// reserved and recorded under the ID).
func LocalRunID(key string, started time.Time) string {
	var b [3]byte
	_, _ = rand.Read(b[:])
	suffix := "-" + hex.EncodeToString(b[:])
	if key == "" {
		return "local-" + started.UTC().Format(evidence.TimeFormat) + suffix
	}
	return "local-" + key + "-" + started.UTC().Format(evidence.TimeFormat) + suffix
}

// FixableSource is a Source whose work tree is the user's own (the CLI),
// so what a fixer changes can be committed. Auto-fix runs only for such
// sources: on a server a fix would change a throw-away workspace and
// "pass" code nobody pushed.
type FixableSource interface {
	FixCommitter(v *Verification) FixCommitter
}

// verify runs the verify cycle: the checklist items (in every
// environment), then the pipeline's Checks, loop safety and auto-fix.
func (p *Pipeline) verify(ctx context.Context, v *Verification) error {
	cfg := v.Config
	if v.Request.RunID == "" {
		v.Request.RunID = LocalRunID(v.Key, v.Started)
	}
	reviewing := &verify.Reviewing{N: cfg.Reviewers, Workspaces: p.Workspaces, Tests: p.Tests}
	var caching *verify.Caching
	if p.Cache != nil {
		version := p.Version
		n := reviewing.Count()
		if n > 1 {
			// A pass verified by n reviewers is not one a single run saw.
			version += fmt.Sprintf("+reviewers=%d", n)
		}
		// A pass is cached only when every reviewer passed with one
		// result (a flaky pass is escalated, never stored), under a key
		// naming the number of reviewers: a later run with as many
		// reviewers may take it. --no-cache and /verify fresh run
		// everything.
		read := !v.Request.NoCache
		caching = &verify.Caching{Cache: p.Cache, Tree: v.Subject.Tree, Version: version, RunID: v.Request.RunID, Read: read, Writes: p.CacheWrites}
	}
	sess := &Session{
		Verifier: &verify.Verifier{Runner: v.Runner, Redactor: p.Redactor, Concurrency: cfg.Concurrency,
			Timeout: cfg.CommandTimeout, Environments: v.Environments, Caching: caching, Reviewing: reviewing, Now: p.Now,
			Landed: p.landed(ctx, v), Trees: p.Trees},
		Ledger: p.Ledger, Limits: p.Limits, Now: p.Now, Prepare: v.fill, CountCached: p.CountCached,
		// The evidence and the story are written while the ledger records
		// the run; publish waits for it (awaitRecording). Not with an
		// agent's signal: its audit writes the story's entry during the
		// checks, after the entry the record would be worked out from.
		RecordLater: v.Claim == nil,
		// /verify gates runs the gates' commands whatever the cache holds.
		ChecksRun: v.Request.Gates,
		Checks: func(ctx context.Context, outcomes []verify.Outcome) ([]verify.Outcome, error) {
			v.Report.Outcomes = outcomes
			for _, c := range p.Checks {
				if err := c.Check(ctx, v); err != nil {
					return nil, fmt.Errorf("%s: %w", c.Name(), err)
				}
			}
			return v.Report.Outcomes, nil
		},
	}
	if fs, ok := v.Request.Source.(FixableSource); ok && len(v.Fixers) > 0 {
		sess.Fixers, sess.Committer = v.Fixers, fs.FixCommitter(v)
	}
	rep, err := sess.Run(ctx, Cycle{Key: v.Key, RunID: v.Request.RunID, Story: v.Story, Dir: v.Workspace, Commit: v.Subject.Commit})
	v.Report = rep
	var refused *ledger.RefusedError
	switch {
	case errors.As(err, &refused):
		return &Problem{Kind: ProblemRefused, Key: v.Key, Err: refused}
	case err != nil && len(rep.Outcomes) == 0:
		return fmt.Errorf("verifying %s: %w", v.Key, err)
	case err != nil:
		// The commands ran but the ledger could not record them: keep
		// the evidence and report it, and say so.
		v.LedgerErr = err
	}
	return nil
}

// record writes the evidence file and the summary.
func (p *Pipeline) record(_ context.Context, v *Verification) error {
	v.Record = NewRecord(v.Key, v.Story, v.Report, p.Redactor)
	v.Record.Evidence.Claims = claimsSummary(v.Claim, p.Redactor)
	if v.Gates != nil {
		v.Record.Evidence.Gates = v.Gates
	}
	for _, t := range v.Timings {
		v.Record.Evidence.Stages = append(v.Record.Evidence.Stages, evidence.StageTime{Stage: t.Stage, Seconds: t.Duration.Seconds()})
	}
	v.Record.Evidence.Signing = &evidence.Signing{Reason: Unsigned}
	if p.Attester != nil {
		v.Record.Evidence.Signing = &evidence.Signing{Fingerprint: p.Attester.Fingerprint()}
	}
	dir := v.Request.ArtifactsDir
	if dir == "" {
		dir = v.Config.ArtifactsDir
	}
	files, err := p.Artifacts.Write(dir, v.Record.Evidence)
	if err != nil {
		return fmt.Errorf("writing evidence of %s: %w", v.Key, err)
	}
	v.Files = files
	return nil
}

// attest signs the run's verdict beside its evidence, when a key is
// configured. A failure to sign leaves the verdict standing, unsigned, and
// says why (AttestationErr): the checks ran and are recorded.
func (p *Pipeline) attest(ctx context.Context, v *Verification) error {
	if p.Attester == nil || v.Files.Evidence == "" {
		return nil
	}
	v.Attestation, v.AttestationErr = p.Attester.Attest(ctx, v)
	return nil
}

// report makes the redacted, linked view every publisher renders.
func (p *Pipeline) report(_ context.Context, v *Verification) error {
	v.Summary = ReportRun(ReportInput{Key: v.Key, RunID: v.Request.RunID, Commit: v.Subject.Commit, Source: v.ChecklistSource,
		Story: v.Story, Record: v.Record, Report: v.Report, Limits: p.Limits, Files: v.Files, URL: v.Request.Link, Redactor: p.Redactor, Claim: v.Claim})
	v.Summary.Notes = v.Request.Notes
	if v.Gates != nil {
		g := v.Gates.View()
		v.Summary.Gates = &g
	}
	if v.Request.RerunFailed {
		v.Summary.Notes = append(v.Summary.Notes, p.rerunNote(v.Report.Outcomes))
	}
	v.Summary.Attestation = p.reportAttestation(v)
	return nil
}

// reportAttestation is what reports say of the run's attestation, signed
// or not (nil when the run wrote no evidence).
func (p *Pipeline) reportAttestation(v *Verification) *report.Attestation {
	switch {
	case v.Files.Evidence == "":
		return nil
	case p.Attester == nil:
		return &report.Attestation{Unsigned: true}
	}
	a := &report.Attestation{Key: p.Attester.Fingerprint()}
	if v.AttestationErr != nil {
		a.Error = redactFunc(p.Redactor)(v.AttestationErr.Error())
		return a
	}
	a.File = filepath.Base(v.Attestation)
	if v.Request.Link != nil {
		a.URL = v.Request.Link(a.File)
	}
	return a
}

// rerunNote says what a rerun of the failed items ran and what it carried
// over.
func (p *Pipeline) rerunNote(outcomes []verify.Outcome) string {
	if p.Cache == nil {
		return "Re-run of failed items: the result cache is off (ENGINEO_CACHE=0), so every check ran again."
	}
	ran, kept := 0, 0
	for _, o := range outcomes {
		if o.Cached != nil {
			kept++
		} else {
			ran++
		}
	}
	return fmt.Sprintf("Re-run of failed items: %d ran again; %d passes carried over from earlier runs of this tree.", ran, kept)
}
