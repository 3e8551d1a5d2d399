package bot

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"sort"

	"github.com/engineo/autoverify/bot/claims"
	"github.com/engineo/autoverify/bot/consensus"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/ledger"
)

// Screen is a Check that also looks at a verification before anything
// runs, between reading the configuration and the checklist. It may stop
// the verification with a *Problem (nothing runs, no verify cycle is
// spent) or add items to the checklist (v.Required).
type Screen interface {
	Screen(ctx context.Context, v *Verification) error
}

// ProblemSignalRejected: an agent's READY_FOR_REVIEW or AUDIT_PASSED
// signal fails the spec's validation; nothing was run.
const ProblemSignalRejected ProblemKind = "signal_rejected"

// SignalRejected is the Err of a ProblemSignalRejected.
type SignalRejected struct {
	Signal claims.Kind
	// TaskID is the signal's task (else the story key).
	TaskID string
	// Reason is the spec's error text.
	Reason string
	// Author is whose claim it was.
	Author string
}

func (e *SignalRejected) Error() string {
	return fmt.Sprintf("SIGNAL REJECTED: %s: %s", e.TaskID, e.Reason)
}

// Claim is an agent's signal and what the audit made of it.
type Claim struct {
	Signal claims.Signal
	// Source says where the signal was read ("the pull request
	// description", "a comment by @alice", a file).
	Source string
	// Author is whose claim it is (the pull request's author, the Jira
	// issue's reporter, --author).
	Author     string
	Expected   []claims.Pair
	Validation claims.Validation
	// Audits are the expected pairs, claimed vs observed, once the
	// checks ran.
	Audits []claims.Audit
	// items maps the check items the screen added to their check names.
	items map[string]string
	// commands are the configuration's checks, in order.
	commands []claims.Command
	// runID is the run ID the trigger gave (a delivery's, kept by its
	// retries), "" when the pipeline names the run itself (the CLI): only
	// a given one deduplicates the ledger's counts.
	runID string
}

// FalseClaims returns the audits that are false claims.
func (c *Claim) FalseClaims() []claims.Audit {
	var out []claims.Audit
	for _, a := range c.Audits {
		if a.FalseClaim {
			out = append(out, a)
		}
	}
	return out
}

// Audit holds an agent's READY_FOR_REVIEW or AUDIT_PASSED signal against
// the evidence. As a Screen it finds the signal (the request's, else the
// subject's description), validates it against the configuration's
// checks: × environments: and rejects an invalid one before anything runs;
// a valid one adds its checks to the checklist. As a Check, once they ran,
// it compares every claimed row with the observed pair and marks each
// false claim on its check's outcome.
type Audit struct {
	// Ledger, when set, records each audited signal: the story's state
	// and its author's counts.
	Ledger ClaimLedger
}

// ClaimLedger records audited signals (*ledger.Ledger).
type ClaimLedger interface {
	RecordClaim(ctx context.Context, key string, r ledger.ClaimRecord) (ledger.Entry, error)
}

// claimLedger is l when it records signals, else nil.
func claimLedger(l Ledger) ClaimLedger {
	if cl, ok := l.(ClaimLedger); ok {
		return cl
	}
	return nil
}

var (
	_ Check  = Audit{}
	_ Screen = Audit{}
)

// Name implements Check.
func (Audit) Name() string { return "audit" }

// Screen implements Screen.
func (a Audit) Screen(ctx context.Context, v *Verification) error {
	text, source, author := v.Request.Signal, v.Request.SignalSource, v.Request.SignalAuthor
	// Text given to audit (a comment, a file) must hold an auditable
	// signal; the description is only looked at, and may have none.
	explicit := text != ""
	if !explicit {
		text, source = v.Subject.Body, "the pull request description"
	}
	if author == "" {
		author = v.Subject.Author
	}
	sig, ok := claims.Find(text)
	if !ok {
		if explicit {
			return noSignal(v.Request.Key, source, author)
		}
		return nil
	}
	cfg := v.Config
	if len(cfg.Checks) == 0 || len(cfg.Environments) == 0 {
		return unauditable(v, sig.Kind, source, explicit)
	}
	cmds := configCommands(cfg)
	expected := claims.Matrix(cmds, configEnvironments(cfg))
	val := claims.Validate(sig, expected)
	key, taskID := claimKeys(v, sig)
	v.Claim = &Claim{Signal: sig, Source: source, Author: author, Expected: expected, Validation: val, items: map[string]string{}, commands: cmds, runID: v.Request.RunID}
	if !val.Valid {
		if err := a.record(ctx, key, v, func(r *ledger.ClaimRecord) { r.Rejected = val.Error }); err != nil {
			return err
		}
		return &Problem{Kind: ProblemSignalRejected, Key: key, Err: &SignalRejected{Signal: sig.Kind, TaskID: taskID, Reason: val.Error, Author: author}}
	}
	return addCheckItems(v, cmds)
}

// noSignal rejects a request that named a signal where none is: its task
// is the story key, else where the signal was to be read.
func noSignal(key, source, author string) error {
	task := key
	if task == "" {
		task = source
	}
	return &Problem{Kind: ProblemSignalRejected, Key: key, Err: &SignalRejected{TaskID: task, Author: author,
		Reason: "No READY_FOR_REVIEW or AUDIT_PASSED signal found (a line starting READY_FOR_REVIEW: <task_id>)"}}
}

// unauditable handles a signal with no checks: and environments: to hold
// it against: a configuration problem when the request named it, else a
// note on the run, which goes on unaudited.
func unauditable(v *Verification, kind claims.Kind, source string, explicit bool) error {
	if explicit {
		return &Problem{Kind: ProblemConfig, Ref: v.Subject.BaseRef, Err: fmt.Errorf(
			"the %s signal cannot be audited: .autoverify.yml has no checks: and environments: to hold it against; add them", kind)}
	}
	v.Request.Notes = append(v.Request.Notes, fmt.Sprintf(
		"%s has a %s signal, not audited: .autoverify.yml has no checks: and environments:.", source, kind))
	return nil
}

// configCommands are the configuration's checks, in claims' order, so
// that the expected matrix and the ledger's record do not depend on map
// order.
func configCommands(cfg settings.Config) []claims.Command {
	cmds := make([]claims.Command, 0, len(cfg.Checks))
	for name, c := range cfg.Checks {
		cmds = append(cmds, claims.Command{Check: name, Command: c.Command, Environment: c.Environment, ExitCode: c.ExitCode})
	}
	claims.SortCommands(cmds)
	return cmds
}

// configEnvironments are the configuration's environment names, sorted
// for the same reason.
func configEnvironments(cfg settings.Config) []string {
	envs := make([]string, 0, len(cfg.Environments))
	for name := range cfg.Environments {
		envs = append(envs, name)
	}
	sort.Strings(envs)
	return envs
}

// claimKeys names what a signal is about: key is the story the ledger
// records it under (the request's, else one found in the subject, else
// the signal's task), taskID the task a rejection names (the signal's,
// else the story).
func claimKeys(v *Verification, sig claims.Signal) (key, taskID string) {
	key = v.Request.Key
	if key == "" {
		key = checklist.FindKey(v.Subject.Title, v.Subject.Branch, v.Subject.Body)
	}
	taskID = sig.TaskID
	if taskID == "" {
		taskID = key
	}
	if key == "" {
		key = taskID
	}
	return key, taskID
}

// addCheckItems adds an automated item per configured check to the
// checklist, so that a valid signal's claims are held against runs; a
// check the allowlist refuses is a configuration problem, and nothing
// runs.
func addCheckItems(v *Verification, cmds []claims.Command) error {
	policy, err := v.Config.Policy()
	if err != nil {
		return &Problem{Kind: ProblemConfig, Ref: v.Subject.BaseRef, Err: err}
	}
	for _, c := range cmds {
		argv, err := policy.Check(c.Command)
		if err != nil {
			return &Problem{Kind: ProblemConfig, Ref: v.Subject.BaseRef, Err: fmt.Errorf("checks: %s: %w", c.Check, err)}
		}
		env := c.Environment
		if env == "ALL" {
			env = ""
		}
		id := checkItemID(c.Check)
		v.Claim.items[id] = c.Check
		v.Required = append(v.Required, checklist.Item{ID: id, Text: c.Check, Kind: checklist.Auto, Source: checklist.FromTag,
			Command: c.Command, Argv: argv, Environment: env, ExitCode: c.ExitCode})
	}
	return nil
}

// logSignalRejected logs the spec's signal_rejected event (task,
// developer, reason) when v stopped on a rejected signal.
func logSignalRejected(log *slog.Logger, v *Verification) {
	var rej *SignalRejected
	if v == nil || v.Problem == nil || !errors.As(v.Problem, &rej) {
		return
	}
	log.Info("signal_rejected", "task_id", rej.TaskID, "developer_id", rej.Author, "reason", rej.Reason, "signal", string(rej.Signal), "story", v.Problem.Key)
}

// LogOutcome logs how a delivered run ended, the same way for every
// delivery: "run stopped" with the problem (a refused or rejected run ran
// nothing), or "run finished" with the route and counts.
func LogOutcome(log *slog.Logger, req Request, v *Verification) {
	if v.Problem != nil {
		log.Info("run stopped", "run", req.RunID, "problem", string(v.Problem.Kind), "trigger", req.Trigger)
		logSignalRejected(log, v)
		return
	}
	if v.LedgerErr != nil {
		log.Error("the run finished but the ledger did not record it", "run", req.RunID, "err", v.LedgerErr)
	}
	passed, failed := v.Report.Counts()
	log.Info("run finished", "run", req.RunID, "story", v.Key, "route", v.Report.Route, "passed", passed, "failed", failed, "trigger", req.Trigger)
}

// checkItemID names a check's checklist item: 8 hex digits like a story
// item's, from a text no story item hashes.
func checkItemID(check string) string {
	sum := sha256.Sum256([]byte("autoverify checks: " + check))
	return hex.EncodeToString(sum[:4])
}

// Check implements Check: it compares the claimed rows with the pairs the
// checks' outcomes observed and puts each false claim on its outcome.
func (a Audit) Check(ctx context.Context, v *Verification) error {
	c := v.Claim
	if c == nil || !c.Validation.Valid {
		return nil
	}
	var observed []claims.Observation
	at := map[string]int{}
	for i, o := range v.Report.Outcomes {
		name, ok := c.items[o.Item.ID]
		if !ok {
			continue
		}
		at[name] = i
		for _, p := range o.Pairs {
			observed = append(observed, claims.Observation{Check: name, Environment: p.Environment,
				ExitCode: p.Result.ExitCode, Passed: p.Passed, Unavailable: p.Unavailable, Escalated: escalation(p.Review)})
		}
	}
	c.Audits = claims.Compare(c.Validation.Claims, c.Expected, observed)
	for _, au := range c.Audits {
		if i, ok := at[au.Check]; ok && au.FalseClaim {
			o := &v.Report.Outcomes[i]
			o.FalseClaims = append(o.FalseClaims, FalseClaimText(au))
		}
	}
	return a.record(ctx, v.Key, v, func(r *ledger.ClaimRecord) {
		for _, au := range c.Audits {
			switch {
			case au.Unverified:
				r.Unverified++
			default:
				r.Observed = append(r.Observed, ledger.PairResult{Check: au.Check, Environment: au.Environment, ExitCode: au.ObservedExitCode, Result: au.ObservedResult})
			}
			if au.FalseClaim {
				r.FalseClaims = append(r.FalseClaims, ledger.FalseClaim{Check: au.Check, Environment: au.Environment,
					ClaimedExitCode: au.ClaimedExitCode, ClaimedResult: au.ClaimedResult, ObservedExitCode: au.ObservedExitCode, ObservedResult: au.ObservedResult})
			}
		}
	})
}

// record writes the claim of v to the ledger under key, with what fill
// adds (the rejection, or the audit).
func (a Audit) record(ctx context.Context, key string, v *Verification, fill func(r *ledger.ClaimRecord)) error {
	c := v.Claim
	if a.Ledger == nil || c == nil || key == "" {
		return nil
	}
	r := ledger.ClaimRecord{RunID: c.runID, Signal: string(c.Signal.Kind), Author: c.Author}
	seen := map[string]bool{}
	for _, p := range c.Expected {
		if !seen[p.Environment] {
			seen[p.Environment] = true
			r.RequiredEnvironments = append(r.RequiredEnvironments, p.Environment)
		}
	}
	sort.Strings(r.RequiredEnvironments)
	for _, cmd := range c.commands {
		env := cmd.Environment
		if env == "" {
			env = "ALL"
		}
		r.Commands = append(r.Commands, ledger.VerificationCommand{Check: cmd.Check, Environment: env, ExitCode: cmd.ExitCode})
	}
	keys := make([]claims.Key, 0, len(c.Validation.Claims))
	for k := range c.Validation.Claims {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return keys[i].Check < keys[j].Check || keys[i].Check == keys[j].Check && keys[i].Environment < keys[j].Environment
	})
	for _, k := range keys {
		cl := c.Validation.Claims[k]
		r.Claimed = append(r.Claimed, ledger.PairResult{Check: k.Check, Environment: k.Environment, ExitCode: cl.ExitCode, Result: cl.Result})
	}
	fill(&r)
	if _, err := a.Ledger.RecordClaim(ctx, key, r); err != nil {
		return fmt.Errorf("recording the %s signal of %s: %w", c.Signal.Kind, key, err)
	}
	return nil
}

// FalseClaimText words one false claim: the pair, claimed vs observed.
func FalseClaimText(a claims.Audit) string {
	claimed := fmt.Sprintf("%s (exit %d)", a.ClaimedResult, a.ClaimedExitCode)
	if a.ClaimedExitCode < 0 {
		claimed = a.ClaimedResult + " (exit not a number)"
	}
	return fmt.Sprintf("%s in %s: claimed %s, observed %s (exit %d)", a.Check, a.Environment, claimed, a.ObservedResult, a.ObservedExitCode)
}

// falseClaimsOf lists the false claims of outcomes, in order.
func falseClaimsOf(outcomes []verify.Outcome) []string {
	var out []string
	for _, o := range outcomes {
		out = append(out, o.FalseClaims...)
	}
	return out
}

// escalation says why rv's reviewers disagreed, or "" when they did not.
func escalation(rv *verify.Review) string {
	if rv == nil || rv.Status != consensus.Escalated {
		return ""
	}
	return string(rv.Reason) + ": " + rv.Summary
}
