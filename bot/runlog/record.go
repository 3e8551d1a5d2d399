package runlog

import (
	"time"
)

// Status is where a run stands.
type Status string

// The statuses of a run.
const (
	Active  Status = "active"
	Passed  Status = "passed"
	Failed  Status = "failed"
	Stopped Status = "stopped"
)

// Record is one run as the dashboard shows it: everything is already
// redacted by the publisher that wrote it.
type Record struct {
	ID string `json:"id"`
	// Repo is "owner/name", or the work directory of a CLI run (Local).
	Repo  string `json:"repo"`
	Local bool   `json:"local,omitempty"`
	Story string `json:"story"`
	// Route is the ledger's route (VERIFIED, FIX_REQUIRED, ...).
	Route   string `json:"route,omitempty"`
	Reason  string `json:"reason,omitempty"`
	Status  Status `json:"status"`
	Trigger string `json:"trigger,omitempty"`
	Author  string `json:"author,omitempty"`
	Commit  string `json:"commit,omitempty"`
	// URL links the pull request; Number is its number.
	URL    string `json:"url,omitempty"`
	Number int    `json:"number,omitempty"`
	// IssueURL links the story's issue (Jira), when known.
	IssueURL string    `json:"issue_url,omitempty"`
	Started  time.Time `json:"started"`
	Finished time.Time `json:"finished,omitzero"`
	Items    []Item    `json:"items,omitempty"`
	// Environments and Matrix are set for matrix runs.
	Environments []string    `json:"environments,omitempty"`
	Matrix       []MatrixRow `json:"matrix,omitempty"`
	AutoFixes    []AutoFix   `json:"auto_fixes,omitempty"`
	Notes        []string    `json:"notes,omitempty"`
	// Ledger are the story's ledger counters after the run.
	Ledger Ledger `json:"ledger"`
	// Evidence names the run's evidence files (no directories).
	Evidence []string `json:"evidence,omitempty"`
	// EvidenceDir is where those files are; never shown.
	EvidenceDir string `json:"evidence_dir,omitempty"`
	// Signing says whether the verdict is signed, and by which key (the
	// attestation itself is among Evidence).
	Signing string `json:"signing,omitempty"`
	// Problem is why the run stopped before a verdict.
	Problem string `json:"problem,omitempty"`
	// Sections are what further stages found (gates, reviewers, claims):
	// open-ended, so a new stage needs no new field.
	Sections []Section `json:"sections,omitempty"`
}

// Item is one checklist item of a run.
type Item struct {
	ID          string `json:"id"`
	Text        string `json:"text"`
	Command     string `json:"command,omitempty"`
	Kind        string `json:"kind"`
	Ran         bool   `json:"ran,omitempty"`
	Passed      bool   `json:"passed,omitempty"`
	Checked     bool   `json:"checked,omitempty"`
	FailureType string `json:"failure_type,omitempty"`
	ExitCode    int    `json:"exit_code,omitempty"`
	DurationMS  int64  `json:"duration_ms,omitempty"`
	TimedOut    bool   `json:"timed_out,omitempty"`
	// Output is the tail of the redacted output (OutputTail bytes).
	Output     string `json:"output,omitempty"`
	Reason     string `json:"reason,omitempty"`
	CachedFrom string `json:"cached_from,omitempty"`
}

// OutputTail is how much of an item's output a record keeps; the evidence
// file has all of it.
const OutputTail = 16 << 10

// Tail keeps the last OutputTail bytes of s, cut at a line start.
func Tail(s string) string {
	if len(s) <= OutputTail {
		return s
	}
	s = s[len(s)-OutputTail:]
	for i := 0; i < len(s) && i < 512; i++ {
		if s[i] == '\n' {
			return "…\n" + s[i+1:]
		}
	}
	return "…" + s
}

// MatrixRow is one check in one environment.
type MatrixRow struct {
	Check       string `json:"check"`
	Environment string `json:"environment"`
	Result      string `json:"result"`
	Passed      bool   `json:"passed"`
}

// AutoFix is one auto-fix attempt.
type AutoFix struct {
	Type     string `json:"type"`
	Command  string `json:"command"`
	Commit   string `json:"commit,omitempty"`
	ExitCode int    `json:"exit_code"`
}

// Ledger are a story's loop-safety counters.
type Ledger struct {
	Cycles    int `json:"cycles"`
	MaxCycles int `json:"max_cycles"`
	Fixes     int `json:"fixes"`
	MaxFixes  int `json:"max_fixes"`
}

// Section is what one further stage found.
type Section struct {
	Title string `json:"title"`
	Rows  []Row  `json:"rows"`
}

// Row is one finding of a section.
type Row struct {
	Name   string `json:"name"`
	Result string `json:"result"`
	Passed bool   `json:"passed"`
	Detail string `json:"detail,omitempty"`
}

// Duration is how long the run took; zero while it is active.
func (r Record) Duration() time.Duration {
	if r.Finished.IsZero() {
		return 0
	}
	return r.Finished.Sub(r.Started)
}

// FailureTypes are the distinct failure types of the run's items, in
// order.
func (r Record) FailureTypes() []string {
	var out []string
	seen := map[string]bool{}
	for _, it := range r.Items {
		if it.FailureType != "" && !seen[it.FailureType] {
			seen[it.FailureType] = true
			out = append(out, it.FailureType)
		}
	}
	return out
}

// LastActivity is when the run last changed.
func (r Record) LastActivity() time.Time {
	if r.Finished.After(r.Started) {
		return r.Finished
	}
	return r.Started
}
