package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/engineo/autoverify/bot/failure"
	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/checklist"
)

// RevisionSource is a Source that can put any revision's files in an empty
// directory: the base and the head of a change, for the gates. The CLI's
// work tree does it with git archive, the GitHub source with tarballs.
type RevisionSource interface {
	Extract(ctx context.Context, rev, dest string) error
}

// GateRunner runs the gates of a change (integrations/gaterun).
type GateRunner interface {
	RunGates(ctx context.Context, job GateJob) (gates.Report, error)
}

// GateJob is one gates run.
type GateJob struct {
	// Base and Head are the revisions compared; Trees fetches them.
	Base, Head string
	Trees      RevisionSource
	Runner     verify.Runner
	// Test is the test command's argv (already allowlisted); nil means
	// the ecosystem's default, which must pass Allowed. Static is
	// VERIFY_IMPLEMENT's check (allowlisted); nil means the gates'
	// choice: `go vet` for Go when allowed, for Python the first checker
	// allowed and installed where Runner runs (else none, and the report
	// says why: gates.Report.Unrun).
	Test, Static []string
	// Allowed checks a command the runner picks itself (a default test
	// command, the static checks) against the allowlist.
	Allowed  func(command string) ([]string, error)
	Timeout  time.Duration
	Redactor verify.Redactor
	// Vars are the story's gate variables.
	Vars map[string]string
	// TestFiles are more test-file patterns (settings); Guards the tests
	// the story marks as regression guards (GUARD=).
	TestFiles []string
	Guards    map[string]bool
	// Mutate runs VERIFY_MUTATE too (mutate: in .autoverify.yml, or a
	// GATE=mutate item); MutateMax and MutateThreshold are its cap and the
	// score it needs (0: the runner's defaults).
	Mutate          bool
	MutateMax       int
	MutateThreshold float64
	// Concurrency bounds the commands the gates run at once where they
	// can run several (VERIFY_MUTATE's mutants); 0 is one per CPU.
	Concurrency int
}

// GatesCheck is the gates stage: it runs the gates of the change when the
// story has GATE= items (each passes when its gate accepts) or the request
// asks for them (/verify gates: one outcome per gate), and keeps the
// report for evidence and reports (Verification.Gates).
type GatesCheck struct {
	Gates GateRunner
	// Redactor masks secrets in the gates' snippets.
	Redactor verify.Redactor
}

// Name names the stage.
func (GatesCheck) Name() string { return "gates" }

// gateItem is the synthetic item /verify gates reports a gate as.
func gateItem(g gates.Gate, command string) checklist.Item {
	return checklist.Item{ID: "gate-" + strings.ToLower(strings.TrimPrefix(string(g), "VERIFY_")), Text: string(g),
		Kind: checklist.Auto, Source: checklist.FromTag, Command: command, Gate: string(g)}
}

// Check runs the gates and adds their outcomes.
func (c GatesCheck) Check(ctx context.Context, v *Verification) error {
	items, guards := gatedItems(v.Story)
	for _, g := range v.Request.GateGuards {
		guards[g] = true
	}
	if len(items) == 0 && !v.Request.Gates {
		return nil
	}
	base := gateBase(v)
	trees, ok := v.Request.Source.(RevisionSource)
	switch {
	case base == "":
		failGates(v, items, "gates need a base revision to compare with: run with --gates-base REV, or on a pull request")
		return nil
	case !ok || c.Gates == nil:
		failGates(v, items, "gates cannot run here: this source cannot fetch the base's files")
		return nil
	}
	policy, err := v.Config.Policy()
	if err != nil {
		return err
	}
	runs := &gateRuns{gates: c.Gates, done: map[string]gateRun{}, job: GateJob{Base: base, Head: v.Subject.Commit, Trees: trees,
		Runner: v.Runner, Allowed: policy.Check, Timeout: v.Config.CommandTimeout, Redactor: c.Redactor,
		TestFiles: v.Config.GatesTestFiles, Guards: guards,
		Mutate: v.Config.Mutate || asksMutate(items), MutateMax: v.Config.MutateMax, MutateThreshold: v.Config.MutateThreshold,
		Concurrency: v.Config.Concurrency, Static: v.Request.GateStatic}}
	judgeGateItems(ctx, v, items, runs)
	if v.Request.Gates {
		reportEveryGate(ctx, v, runs)
	}
	return nil
}

// gatedItems returns the story's GATE= items, which the gates judge, and
// the tests it marks as regression guards (GUARD=), which every gates run
// of the story is told of.
func gatedItems(story *checklist.Story) ([]checklist.Item, map[string]bool) {
	var items []checklist.Item
	guards := map[string]bool{}
	if story == nil {
		return items, guards
	}
	for _, it := range story.Items {
		if it.Kind == checklist.Auto && it.Gate != "" {
			items = append(items, it)
		}
		for _, g := range it.Guards {
			guards[g] = true
		}
	}
	return items, guards
}

// asksMutate reports whether a GATE=mutate item is among items: then every
// gates run of the story makes mutants, so the story's items share one run
// rather than paying for the suite twice.
func asksMutate(items []checklist.Item) bool {
	return slices.ContainsFunc(items, func(it checklist.Item) bool { return it.Gate == string(gates.Mutate) })
}

// gateBase is the revision the change is compared with: the one the
// request names (--gates-base), else the subject's base commit, else its
// base branch; "" when there is none (a work tree with no base).
func gateBase(v *Verification) string {
	if v.Request.GateBase != "" {
		return v.Request.GateBase
	}
	if v.Subject.BaseCommit != "" {
		return v.Subject.BaseCommit
	}
	return v.Subject.BaseRef
}

// failGates fails every gate check the run was asked for with reason, as
// an environment error: the gates could not run at all, which says
// nothing of the change.
func failGates(v *Verification, items []checklist.Item, reason string) {
	if v.Request.Gates {
		items = append(slices.Clip(items), gateItem(gates.Red, ""))
	}
	for _, it := range items {
		v.Report.Outcomes = append(v.Report.Outcomes, verify.Outcome{Item: it, FailureType: failure.EnvError, Reason: reason,
			Result: verify.Result{ExitCode: -1, Output: []byte("autoverify: " + reason + "\n")}})
	}
}

// gateRuns runs the gates once per test command: GATE=red and GATE=green
// items with the same CMD share one run instead of each paying for its
// own.
type gateRuns struct {
	gates GateRunner
	// job is every run's job; each run sets its Test and Vars.
	job  GateJob
	done map[string]gateRun
}

// gateRun is one gates run's answer.
type gateRun struct {
	rep gates.Report
	err error
}

// run runs the gates with the test command argv (nil: the ecosystem's
// default) and the spec's variables, or returns the answer of the same
// run made before.
func (g *gateRuns) run(ctx context.Context, argv []string, vars map[string]string) (gates.Report, error) {
	key := strings.Join(argv, "\x00")
	if strings.Contains(key, "{") {
		// The command uses the item's variables: its own run.
		key += "\x00" + vars["ac_index"]
	}
	if d, ok := g.done[key]; ok {
		return d.rep, d.err
	}
	job := g.job
	job.Test, job.Vars = argv, vars
	rep, err := g.gates.RunGates(ctx, job)
	g.done[key] = gateRun{rep, err}
	return rep, err
}

// judgeGateItems judges each GATE= item by its gate. The spec's variables
// name the story as the mission and the item as its acceptance criterion,
// numbered by the item's place in the story.
func judgeGateItems(ctx context.Context, v *Verification, items []checklist.Item, runs *gateRuns) {
	index := map[string]int{}
	if v.Story != nil {
		for i, it := range v.Story.Items {
			index[it.ID] = i + 1
		}
	}
	for _, it := range items {
		rep, err := runs.run(ctx, it.Argv, map[string]string{"mission_id": v.Key, "ac_index": fmt.Sprintf("AC-%d", index[it.ID]), "ac_title": gates.Slug(it.Text),
			"project_root": v.Workspace})
		if err != nil {
			v.Report.Outcomes = append(v.Report.Outcomes, gateError(it, err))
			continue
		}
		v.Gates = &rep
		v.Report.Outcomes = append(v.Report.Outcomes, gateOutcome(it, rep, gates.Gate(it.Gate)))
	}
}

// reportEveryGate runs the gates with the request's test command (else
// the ecosystem's default) and reports one outcome per gate that ran
// (/verify gates, autoverify gates), each gate once however many commands
// it ran.
func reportEveryGate(ctx context.Context, v *Verification, runs *gateRuns) {
	rep, err := runs.run(ctx, v.Request.GateTest, map[string]string{"mission_id": v.Key, "project_root": v.Workspace})
	if err != nil {
		v.Report.Outcomes = append(v.Report.Outcomes, gateError(gateItem(gates.Red, ""), err))
		return
	}
	v.Gates = &rep
	seen := map[gates.Gate]bool{}
	for _, e := range rep.Gates {
		if !seen[e.Gate] {
			seen[e.Gate] = true
			v.Report.Outcomes = append(v.Report.Outcomes, gateOutcome(gateItem(e.Gate, e.Command), rep, e.Gate))
		}
	}
}

// gateOutcome judges an item by its gate: it passes when every command of
// that gate accepted.
func gateOutcome(it checklist.Item, rep gates.Report, g gates.Gate) verify.Outcome {
	o := verify.Outcome{Item: it, Passed: true, Verdict: string(gates.Accept)}
	var out strings.Builder
	found, ran := false, false
	for _, e := range rep.Gates {
		if e.Gate != g {
			continue
		}
		if !ran && e.Command != "" {
			// The gate's first command's exit, as its evidence says: RED
			// accepts a test that fails on the base, exit 1. A rejection
			// below gives the rejecting command's; a gate that had
			// nothing to run (a row without a command, exit -1) keeps 0.
			o.Result.ExitCode, ran = e.ExitCode, true
		}
		found = true
		// The time of the commands the evidence shows: every one for
		// RED, GREEN, REFACTOR and IMPLEMENT; for MUTATE the one mutant's
		// run it shows (a survivor's if any), not every mutant's.
		o.Result.Duration += e.Duration
		fmt.Fprintf(&out, "%s %s (exit %d): %s\n$ %s\n%s\n", e.Gate, e.Classification, e.ExitCode, e.Reason, e.Command, e.Snippet)
		if e.Classification != gates.Accept {
			o.Passed, o.Reason, o.Verdict = false, fmt.Sprintf("%s %s: %s", e.Gate, e.Classification, e.Reason), string(e.Classification)
			o.Result.ExitCode = e.ExitCode
			o.FailureType = failure.TestFailure
			if e.Classification == gates.RejectSyntax {
				o.FailureType = failure.CodeError
			}
			if e.Setup {
				o.FailureType = failure.EnvError
			}
		}
	}
	if !found {
		o.Passed, o.FailureType, o.Verdict = false, failure.EnvError, ""
		o.Reason = notRun(rep, g)
		out.WriteString(o.Reason + "\n")
	}
	o.Result.Output = []byte(out.String())
	return o
}

// notRun says why a gate an item asked for has no verdict in the report:
// the gates' own word when they give one (rep.Unrun).
func notRun(rep gates.Report, g gates.Gate) string {
	for _, u := range rep.Unrun {
		if u.Gate == g {
			return fmt.Sprintf("%s did not run: %s", g, u.Reason)
		}
	}
	if g == gates.Mutate {
		return fmt.Sprintf("%s did not run: the gates ran without mutants", g)
	}
	return fmt.Sprintf("%s did not run: the gates found no static check to run", g)
}

// gateError is an item whose gates could not run (a tree not fetched, a
// command refused by the allowlist).
func gateError(it checklist.Item, err error) verify.Outcome {
	msg := "autoverify: gates: " + err.Error() + "\n"
	return verify.Outcome{Item: it, FailureType: failure.EnvError, Reason: err.Error(), Result: verify.Result{ExitCode: -1, Output: []byte(msg)}}
}
