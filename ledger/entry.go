package ledger

import (
	"time"
)

// HistoryLimit bounds the run history kept per story.
const HistoryLimit = 50

// Entry is one story's ledger, with the spec's field names.
type Entry struct {
	StoryKey            string     `json:"story_key"`
	AutoVerifyRuns      int        `json:"auto_verify_runs"`
	AutoFixAttempts     int        `json:"auto_fix_attempts"`
	LastFailureHash     string     `json:"last_failure_hash"`
	LastFailureType     string     `json:"last_failure_type"`
	LastFailureAt       *time.Time `json:"last_failure_at"`
	VerifyLastCommitSHA string     `json:"verify_last_commit_sha"`
	// LastRoute is the route of the newest finished run.
	LastRoute Route       `json:"last_route,omitempty"`
	History   []RunRecord `json:"history,omitempty"`
	// EnvironmentVerification is the story's signal state (an agent's
	// READY_FOR_REVIEW / AUDIT_PASSED and its audit), once there is one.
	EnvironmentVerification *EnvironmentVerification `json:"environment_verification,omitempty"`
}

// RunRecord is one verification in the history.
type RunRecord struct {
	At          time.Time `json:"at"`
	RunID       string    `json:"run_id,omitempty"`
	Commit      string    `json:"commit"`
	Route       Route     `json:"route"`
	Reason      string    `json:"reason"`
	Passed      int       `json:"passed"`
	Failed      int       `json:"failed"`
	Manual      int       `json:"manual"`
	FailureHash string    `json:"failure_hash,omitempty"`
	FailureType string    `json:"failure_type,omitempty"`
	AutoFix     bool      `json:"auto_fix,omitempty"`
	// Cached is set when every result came from the result cache.
	Cached bool `json:"cached,omitempty"`
}

// Limits are the loop-safety caps.
type Limits struct {
	MaxAutoFixAttempts int `json:"max_auto_fix_attempts"`
	MaxVerifyCycles    int `json:"max_verify_cycles"`
}

// DefaultLimits are the spec's defaults.
var DefaultLimits = Limits{MaxAutoFixAttempts: 2, MaxVerifyCycles: 3}

// CyclesExhausted reports whether no verify cycle is left.
func (e Entry) CyclesExhausted(l Limits) bool { return e.AutoVerifyRuns >= l.MaxVerifyCycles }

// FixesExhausted reports whether no auto-fix attempt is left.
func (e Entry) FixesExhausted(l Limits) bool { return e.AutoFixAttempts >= l.MaxAutoFixAttempts }

func (e *Entry) appendHistory(r RunRecord) {
	e.History = append(e.History, r)
	if n := len(e.History) - HistoryLimit; n > 0 {
		e.History = append([]RunRecord(nil), e.History[n:]...)
	}
}
