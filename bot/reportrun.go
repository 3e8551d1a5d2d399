package bot

import (
	"errors"
	"path/filepath"
	"sort"

	"github.com/engineo/autoverify/bot/evidence"
	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/ledger"
)

// ReportInput is what ReportRun needs.
type ReportInput struct {
	Key, RunID, Commit, Source string
	Story                      *checklist.Story
	Record                     Record
	Report                     Report
	Limits                     ledger.Limits
	Files                      evidence.Files
	// URL links an artifact file; nil or "" means no link.
	URL      func(file string) string
	Redactor StringRedactor
	// Claim is the audited signal, when there was one.
	Claim *Claim
}

// ReportRun turns a finished session into what the PR comment, the check
// run and the Jira comment render.
func ReportRun(in ReportInput) report.Run {
	red := redactFunc(in.Redactor)
	rep := in.Report
	rr := report.Run{
		StoryKey: in.Key, RunID: in.RunID, Commit: in.Commit, Source: in.Source,
		Route: string(rep.Route), Reason: red(rep.Reason),
		Cycles: rep.Entry.AutoVerifyRuns, MaxCycles: in.Limits.MaxVerifyCycles,
		Fixes: rep.Entry.AutoFixAttempts, MaxFixes: in.Limits.MaxAutoFixAttempts,
		EvidenceFile: filepath.Base(in.Files.Evidence), SummaryFile: filepath.Base(in.Files.Summary),
	}
	if in.URL != nil {
		rr.EvidenceURL, rr.SummaryURL = in.URL(rr.EvidenceFile), in.URL(rr.SummaryFile)
	}
	rr.Items = reportItems(in, red)
	rr.Matrix, rr.Environments = reportMatrix(in)
	rr.VerificationStatus = rep.VerificationStatus
	for _, o := range in.Record.Outcomes {
		rr.Reviews = appendReview(rr.Reviews, o.Item.Command, "", o.Review, red)
		for _, p := range o.Pairs {
			rr.Reviews = appendReview(rr.Reviews, o.Item.Command, p.Environment, p.Review, red)
		}
	}
	if c := in.Claim; c != nil && c.Audits != nil {
		rr.Claim = reportClaim(c, red)
	}
	for _, f := range in.Record.Evidence.Fixes {
		rr.AutoFixes = append(rr.AutoFixes, report.AutoFix{Type: string(f.FailureType), Command: f.Command, Commit: f.Commit, ExitCode: f.ExitCode})
	}
	return rr
}

// redactFunc masks secrets with r; with no redactor it keeps text as it
// is.
func redactFunc(r StringRedactor) func(string) string {
	return func(s string) string {
		if r == nil {
			return s
		}
		return r.String(s)
	}
}

// reportItems are the story's items in its order, each with what became
// of it: an automated item's run (its outcome, matched by ID), a rejected
// item's reason.
func reportItems(in ReportInput, red func(string) string) []report.Item {
	byID := map[string]verify.Outcome{}
	for _, o := range in.Record.Outcomes {
		byID[o.Item.ID] = o
	}
	rejected := map[string]checklist.Item{}
	for _, it := range in.Record.Rejected {
		rejected[it.ID] = it
	}
	var items []report.Item
	for _, it := range in.Story.Items {
		ri := report.Item{Line: it.Line, ID: it.ID, Text: red(it.Text), Kind: string(it.Kind), Checked: it.Checked}
		switch it.Kind {
		case checklist.Auto:
			o := byID[it.ID]
			ri.Command, ri.Ran, ri.Passed = o.Item.Command, true, o.Passed
			ri.FailureType, ri.ExitCode, ri.Duration, ri.TimedOut = string(o.FailureType), o.Result.ExitCode, o.Result.Duration, o.Result.TimedOut
			ri.Output = string(o.Result.Output)
			ri.Tests = o.Tests.Summary(report.TestNames)
			if o.Cached != nil {
				ri.CachedFrom = o.Cached.RunID
			}
		case checklist.Rejected:
			rj := rejected[it.ID]
			ri.Command, ri.Reason = rj.Command, rj.Reason
		}
		items = append(items, ri)
	}
	return items
}

// reportMatrix is the environment matrix: a row per check and environment,
// named by the audited claim's check name when the check came from one,
// and the environments that ran, sorted.
func reportMatrix(in ReportInput) ([]report.MatrixRow, []string) {
	var rows []report.MatrixRow
	envs := map[string]bool{}
	for _, o := range in.Record.Outcomes {
		for _, p := range o.Pairs {
			envs[p.Environment] = true
			res := "PASS"
			switch {
			case p.Unavailable:
				res = "INFRA_BLOCKED"
			case !p.Passed:
				res = "FAIL — " + string(p.FailureType)
			}
			name := o.Item.ID
			if in.Claim != nil && in.Claim.items[o.Item.ID] != "" {
				name = in.Claim.items[o.Item.ID]
			}
			rows = append(rows, report.MatrixRow{Name: name, Check: o.Item.Command, Environment: p.Environment,
				ExitCode: p.Result.ExitCode, Required: p.RequiredExitCode, Result: res, Passed: p.Passed, Cached: p.Cached != nil})
		}
	}
	var names []string
	for e := range envs {
		names = append(names, e)
	}
	sort.Strings(names)
	return rows, names
}

// reportClaim is the audit of an agent's signal: each expected pair,
// claimed vs observed. Its free text (the task ID, the author, where the
// signal was read, why reviewers disagreed) is redacted: a report quotes it
// back.
func reportClaim(c *Claim, red func(string) string) *report.Claim {
	pairs := make([]report.ClaimPair, 0, len(c.Audits))
	for _, a := range c.Audits {
		pairs = append(pairs, report.ClaimPair{Check: a.Check, Environment: a.Environment,
			ClaimedResult: a.ClaimedResult, ClaimedExitCode: a.ClaimedExitCode, ObservedResult: a.ObservedResult,
			ObservedExitCode: a.ObservedExitCode, FalseClaim: a.FalseClaim, Unverified: a.Unverified, Escalated: red(a.Escalated)})
	}
	return report.NewClaim(string(c.Signal.Kind), red(c.Signal.TaskID), red(c.Author), red(c.Source), pairs)
}

// ReportProblem is the view of a problem that publishers render, with its
// message redacted (it may quote a configuration value).
func ReportProblem(p *Problem, red StringRedactor) report.Problem {
	rp := report.Problem{Kind: string(p.Kind), StoryKey: p.Key, Path: p.Path, Ref: p.Ref, Pinned: p.Pinned, Commit: p.Commit}
	switch p.Kind {
	case ProblemNoChecklist:
		rp.StoryPath, rp.Path = p.Path, ""
	case ProblemSignalRejected:
		var rej *SignalRejected
		if errors.As(p.Err, &rej) {
			rp.TaskID, rp.Detail = rej.TaskID, rej.Reason
			if red != nil {
				rp.TaskID, rp.Detail = red.String(rp.TaskID), red.String(rp.Detail)
			}
			return rp
		}
	case ProblemRefused:
		var refused *ledger.RefusedError
		if errors.As(p.Err, &refused) {
			rp.Cycles, rp.MaxCycles = refused.Entry.AutoVerifyRuns, refused.Limit
		}
	}
	if p.Err != nil {
		rp.Detail = p.Err.Error()
		if red != nil {
			rp.Detail = red.String(rp.Detail)
		}
	}
	return rp
}

func appendReview(out []report.Review, check, env string, rv *verify.Review, red func(string) string) []report.Review {
	if rv == nil {
		return out
	}
	v := rv.Ledger("", env)
	r := report.Review{Check: check, Environment: env, Status: v.Status, Reason: v.Reason, Summary: red(v.Summary), Flaky: v.FlakyTests}
	for _, vr := range v.VerifierResults {
		r.Reviewers = append(r.Reviewers, report.Reviewer{ID: vr.VerifierID, Status: vr.Status, Summary: red(vr.Summary), Digest: vr.Digest})
	}
	return append(out, r)
}
