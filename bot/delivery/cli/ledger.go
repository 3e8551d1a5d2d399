package cli

import (
	"sort"

	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/ledger"
)

// LedgerEntry is `autoverify ledger show`'s text of e under limits l.
func LedgerEntry(e ledger.Entry, l ledger.Limits) string {
	v := report.Entry{StoryKey: e.StoryKey, Cycles: e.AutoVerifyRuns, MaxCycles: l.MaxVerifyCycles,
		Fixes: e.AutoFixAttempts, MaxFixes: l.MaxAutoFixAttempts, LastFailureType: e.LastFailureType,
		LastFailureHash: e.LastFailureHash, LastFailureAt: e.LastFailureAt, LastCommit: e.VerifyLastCommitSHA}
	if ev := e.EnvironmentVerification; ev != nil {
		v.Signal = &report.Signal{Last: ev.LastSignal, Author: ev.DeveloperID, Status: ev.Status,
			Attempts: ev.SignalAttempts, Rejections: ev.SignalRejections, FalseClaims: len(ev.FalseClaims)}
	}
	for _, r := range e.InFlight {
		v.InFlight = append(v.InFlight, report.InFlight{RunID: r.RunID, Since: r.Since, Until: r.Until})
	}
	for _, r := range e.History {
		v.History = append(v.History, report.HistoryRun{At: r.At, Route: string(r.Route), Reason: r.Reason,
			Commit: r.Commit, Passed: r.Passed, Failed: r.Failed, Manual: r.Manual})
	}
	return report.LedgerEntry(v)
}

// Authors is `autoverify ledger authors`' table of counts, by name.
func Authors(counts map[string]ledger.ClaimCounts) string {
	rows := make([]report.Author, 0, len(counts))
	for name, c := range counts {
		rows = append(rows, report.Author{Name: name, Signals: c.Signals, Held: c.Held, FalseClaims: c.FalseClaims,
			FalsePairs: c.FalsePairs, Rejected: c.Rejected, Unverified: c.Unverified})
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].Name < rows[j].Name })
	return report.Authors(rows)
}
