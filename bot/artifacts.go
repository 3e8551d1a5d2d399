package bot

import (
	"fmt"
	"sort"

	"github.com/engineo/autoverify/bot/claims"
	"github.com/engineo/autoverify/bot/evidence"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/ledger"
)

// StringRedactor redacts short texts such as commands and item texts.
type StringRedactor interface {
	String(string) string
}

// Record is a finished session made ready to store and post: item texts,
// commands and reasons redacted (they may hold a secret as much as output
// can), and the evidence record built.
type Record struct {
	Evidence evidence.Run
	Outcomes []verify.Outcome
	Rejected []checklist.Item
}

// NewRecord builds the record of a session's report for story key.
func NewRecord(key string, story *checklist.Story, rep Report, red StringRedactor) Record {
	redactItem := func(it *checklist.Item) {
		if red != nil {
			it.Command, it.Text, it.Reason = red.String(it.Command), red.String(it.Text), red.String(it.Reason)
		}
	}
	var rec Record
	_, _, rejected := story.Counts()
	manual := story.ManualRemaining()
	for _, it := range story.Items {
		if it.Kind == checklist.Rejected {
			redactItem(&it)
			rec.Rejected = append(rec.Rejected, it)
		}
	}
	rec.Outcomes = append([]verify.Outcome(nil), rep.Outcomes...)
	for i := range rec.Outcomes {
		redactItem(&rec.Outcomes[i].Item)
	}
	run := evidence.Run{StoryKey: key, Time: rep.Started, ManualCount: manual + rejected,
		Route: string(rep.Route), RouteReason: rep.Reason, Ledger: summaryLedger(rep.Entry), VerificationStatus: rep.VerificationStatus}
	for _, o := range rec.Outcomes {
		if o.Pairs == nil {
			r := evidence.Result{
				ItemID: o.Item.ID, Line: o.Item.Line, Text: o.Item.Text, Command: o.Item.Command,
				ExitCode: o.Result.ExitCode, Duration: o.Result.Duration, TimedOut: o.Result.TimedOut,
				Passed: o.Passed, FailureType: o.FailureType, Output: o.Result.Output, OmittedBytes: o.Result.OmittedBytes,
				Tests: o.Tests, Reason: o.Reason,
			}
			if o.Cached != nil {
				r.CachedFrom, r.CachedAt = o.Cached.RunID, o.Cached.At
			}
			if o.Review != nil {
				v := o.Review.Ledger(o.Item.ID, "")
				r.Verification = &v
			}
			run.Results = append(run.Results, r)
			continue
		}
		// A matrix run records each (check, environment) pair.
		for _, p := range o.Pairs {
			required := p.RequiredExitCode
			r := evidence.Result{
				ItemID: o.Item.ID, Line: o.Item.Line, Text: o.Item.Text, Command: o.Item.Command,
				ExitCode: p.Result.ExitCode, Duration: p.Result.Duration, TimedOut: p.Result.TimedOut,
				Passed: p.Passed, FailureType: p.FailureType, Output: p.Result.Output, OmittedBytes: p.Result.OmittedBytes,
				Environment: p.Environment, RequiredExitCode: &required, Tests: p.Tests, Reason: p.Reason,
			}
			if p.Cached != nil {
				r.CachedFrom, r.CachedAt = p.Cached.RunID, p.Cached.At
			}
			if p.Review != nil {
				v := p.Review.Ledger(o.Item.ID, p.Environment)
				r.Verification = &v
			}
			run.Results = append(run.Results, r)
		}
	}
	for _, f := range rep.Fixes {
		cmd, msg := f.Fixer.Command, f.Err
		if red != nil {
			cmd, msg = red.String(cmd), red.String(msg)
		}
		run.Fixes = append(run.Fixes, evidence.Fix{FailureType: f.Fixer.Type, Command: cmd,
			ExitCode: f.Result.ExitCode, Duration: f.Result.Duration, Commit: f.Commit, Error: msg, Output: f.Result.Output})
	}
	run.Disagreements, run.InfraBlocked = matrixFacts(rec.Outcomes)
	rec.Evidence = run
	return rec
}

// matrixFacts lists a matrix run's disagreements (a check that passed in
// some environments and failed in others) and blocked environments.
func matrixFacts(outcomes []verify.Outcome) ([]evidence.Disagreement, []evidence.InfraBlocked) {
	var dis []evidence.Disagreement
	var blocked []evidence.InfraBlocked
	at := map[string]int{}
	for _, o := range outcomes {
		var passed, failed []string
		for _, p := range o.Pairs {
			switch {
			case p.Unavailable:
				i, ok := at[p.Environment]
				if !ok {
					i = len(blocked)
					at[p.Environment] = i
					blocked = append(blocked, evidence.InfraBlocked{Environment: p.Environment,
						Issue: fmt.Sprintf("Environment '%s' unavailable", p.Environment)})
				}
				blocked[i].Checks = append(blocked[i].Checks, o.Item.Command)
			case p.Passed:
				passed = append(passed, p.Environment)
			default:
				failed = append(failed, p.Environment)
			}
		}
		if len(passed) > 0 && len(failed) > 0 {
			sort.Strings(passed)
			sort.Strings(failed)
			dis = append(dis, evidence.Disagreement{Check: o.Item.Command, PassedEnvironments: passed, FailedEnvironments: failed, InvestigationNeeded: true})
		}
	}
	return dis, blocked
}

// claimsSummary is c as the summary records it.
func claimsSummary(c *Claim, red StringRedactor) *evidence.Claims {
	if c == nil || c.Audits == nil {
		return nil
	}
	s := &evidence.Claims{Signal: string(c.Signal.Kind), TaskID: c.Signal.TaskID, Author: c.Author, Pairs: []evidence.ClaimPair{}}
	if red != nil {
		s.TaskID, s.Author = red.String(s.TaskID), red.String(s.Author)
	}
	for _, a := range c.Audits {
		s.Pairs = append(s.Pairs, evidence.ClaimPair{Check: a.Check, Environment: a.Environment, ClaimedExitCode: a.ClaimedExitCode,
			ClaimedResult: a.ClaimedResult, ObservedExitCode: a.ObservedExitCode, ObservedResult: a.ObservedResult,
			FalseClaim: a.FalseClaim, Unverified: a.Unverified, Escalated: a.Escalated})
		if red != nil {
			s.Pairs[len(s.Pairs)-1].Escalated = red.String(a.Escalated)
		}
	}
	s.FalseClaims, s.Unverified = claims.Count(c.Audits)
	return s
}

// summaryLedger is the story's ledger entry as the summary shows it: the
// counters and this run's record, without the older runs the ledger keeps
// (up to 50; `autoverify ledger show` prints them). The summary describes
// one run, and re-encoding the whole history into every summary was a
// tenth of a quick run's own work (16 KB of JSON, indented, per run).
func summaryLedger(e ledger.Entry) ledger.Entry {
	if n := len(e.History); n > 1 {
		e.History = e.History[n-1:]
	}
	return e
}
