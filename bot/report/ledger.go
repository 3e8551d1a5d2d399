package report

import "time"

// Entry is a story's ledger entry as `autoverify ledger show` prints it
// (ledger.Entry with its limits, in report's own types: report imports
// nothing).
type Entry struct {
	StoryKey string
	// Cycles and Fixes are the verify cycles and auto-fix attempts spent;
	// MaxCycles and MaxFixes their limits.
	Cycles, MaxCycles int
	Fixes, MaxFixes   int
	LastFailureType   string
	LastFailureHash   string
	// LastFailureAt is nil when nothing failed yet.
	LastFailureAt *time.Time
	LastCommit    string
	// Signal is the story's signal state, once it has one.
	Signal *Signal
	// InFlight are the runs that reserved a cycle and have not recorded
	// it yet.
	InFlight []InFlight
	// History is the finished (and lost) runs, oldest first.
	History []HistoryRun
}

// Signal is the state of a story's READY_FOR_REVIEW / AUDIT_PASSED
// signals.
type Signal struct {
	// Last is the latest signal, Author whose it was; Status is
	// implementing, pending_audit or audit_passed.
	Last, Author, Status string
	Attempts, Rejections int
	FalseClaims          int
}

// InFlight is a verify cycle a run reserved: lost unless renewed by
// Until.
type InFlight struct {
	RunID        string
	Since, Until time.Time
}

// HistoryRun is one run in a story's history.
type HistoryRun struct {
	At                     time.Time
	Route, Reason, Commit  string
	Passed, Failed, Manual int
}

// LedgerEntry is `autoverify ledger show`'s terminal text of e.
func LedgerEntry(e Entry) string { return render("ledger-entry.txt.tmpl", e) }

// Author is one author's claims as `autoverify ledger authors` lists them
// (ledger.ClaimCounts).
type Author struct {
	Name                                                         string
	Signals, Held, FalseClaims, FalsePairs, Rejected, Unverified int
}

// Authors is `autoverify ledger authors`' table of rows, in their order.
func Authors(rows []Author) string { return render("authors.txt.tmpl", rows) }
