package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"

	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/ledger"
)

// LedgerReader is the ledger `autoverify ledger` reads and resets (a
// ledger.Store); the counts per author come from a store that is also a
// ledger.AuthorCounter.
type LedgerReader interface {
	Get(ctx context.Context, key string) (ledger.Entry, error)
	Reset(ctx context.Context, key string) error
}

// ShowLedger is `autoverify ledger show KEY [--json]`: it writes key's
// entry under limits l as LedgerEntry words it, or with asJSON the entry,
// its limits and, when the store counts them, the counts of whoever made
// the story's claims (author_claims).
func ShowLedger(ctx context.Context, w io.Writer, store LedgerReader, key string, l ledger.Limits, asJSON bool) error {
	e, err := store.Get(ctx, key)
	if err != nil {
		return fmt.Errorf("reading the ledger of %s: %w", key, err)
	}
	if !asJSON {
		_, err := io.WriteString(w, LedgerEntry(e, l))
		return err
	}
	var authors map[string]ledger.ClaimCounts
	if ev := e.EnvironmentVerification; ev != nil && ev.DeveloperID != "" {
		if ac, ok := store.(ledger.AuthorCounter); ok {
			all, err := ac.AuthorClaims(ctx)
			if err != nil {
				return err
			}
			authors = map[string]ledger.ClaimCounts{ev.DeveloperID: all[ev.DeveloperID]}
		}
	}
	return WriteJSON(w, struct {
		ledger.Entry
		Limits       ledger.Limits                 `json:"limits"`
		AuthorClaims map[string]ledger.ClaimCounts `json:"author_claims,omitempty"`
	}{e, l, authors})
}

// ResetLedger is `autoverify ledger reset KEY`: it deletes key's entry
// and says so on w.
func ResetLedger(ctx context.Context, w io.Writer, store LedgerReader, key string) error {
	if err := store.Reset(ctx, key); err != nil {
		return fmt.Errorf("resetting %s: %w", key, err)
	}
	_, err := fmt.Fprintf(w, "%s: ledger reset; verify cycles and auto-fix attempts start again from 0\n", key)
	return err
}

// ShowAuthors is `autoverify ledger authors [--json]`: whose claims
// held, as Authors words it or as JSON. A store that does not count
// claims per author is an error.
func ShowAuthors(ctx context.Context, w io.Writer, store LedgerReader, asJSON bool) error {
	ac, ok := store.(ledger.AuthorCounter)
	if !ok {
		return fmt.Errorf("the %T ledger does not count claims per author", store)
	}
	counts, err := ac.AuthorClaims(ctx)
	if err != nil {
		return err
	}
	if asJSON {
		return WriteJSON(w, counts)
	}
	_, err = io.WriteString(w, Authors(counts))
	return err
}

// WriteJSON writes v as indented JSON, the form every --json prints.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

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
