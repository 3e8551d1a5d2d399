package ledger

import (
	"fmt"
	"slices"
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
	// InFlight are the cycles reserved by runs that have not recorded
	// their outcome yet (see Ledger.BeginCycle); each is counted in
	// AutoVerifyRuns already.
	InFlight []Reservation `json:"in_flight,omitempty"`
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
	// Lost is set on the record of a run that reserved a cycle and
	// stopped renewing it without recording an outcome (its process was
	// killed, or lost the store): Route is human_attention, Reason says
	// when it was last heard of. Its cycle stays counted. A late Finish of
	// the same run replaces this record.
	Lost bool `json:"lost,omitempty"`
	// Gates are the gates' verdicts, gate → classification (VERIFY_RED →
	// reject_vanity), when gates ran.
	Gates map[string]string `json:"gates,omitempty"`
	// VerificationStatus is the reviewers' verdict on the whole run
	// ("verified" only when every reviewed result is); Verifications
	// hold each result's. Both are empty when reviewers are off.
	VerificationStatus string         `json:"verification_status,omitempty"`
	Verifications      []Verification `json:"verifications,omitempty"`
}

// Verification is the reviewers' verdict on one result (a check, or one
// (check, environment) pair), with the multi-agent spec's field names.
type Verification struct {
	ItemID      string `json:"item_id"`
	Environment string `json:"environment,omitempty"`
	// Status is "verified", "escalated" or "failed" (every reviewer saw
	// the check fail: an ordinary failure).
	Status          string           `json:"verification_status"`
	VerifierResults []VerifierResult `json:"verifier_results"`
	// ConsensusDigest is the passing reviewers' common digest (verified
	// only).
	ConsensusDigest string `json:"consensus_digest,omitempty"`
	// Reason says why a result was escalated (no_majority,
	// digest_mismatch, reviewer_error).
	Reason string `json:"escalation_reason,omitempty"`
	// FlakyTests names the tests whose outcome differed between reviewers.
	FlakyTests []string `json:"flaky_tests,omitempty"`
	Summary    string   `json:"summary,omitempty"`
}

// VerifierResult is one reviewer's run of a check.
type VerifierResult struct {
	VerifierID string `json:"verifier_id"`
	// Status is "pass", "fail", or "error" when the reviewer's runner
	// could not run the check (never counted as a code failure).
	Status  string `json:"status"`
	Summary string `json:"summary"`
	Digest  string `json:"digest,omitempty"`
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

// Reservation is a verify cycle a run reserved and has not recorded yet.
type Reservation struct {
	RunID string    `json:"run_id"`
	Since time.Time `json:"since"`
	// Until is when the reservation counts as lost unless the run renews
	// it before.
	Until time.Time `json:"until"`
}

// expireReservations records every reservation whose lease ended before
// now as a lost run. The route of the story is left as its last finished
// run set it: a lost run decided nothing.
func (e *Entry) expireReservations(now time.Time) {
	var kept []Reservation
	for _, r := range e.InFlight {
		if !r.Until.Before(now) {
			kept = append(kept, r)
			continue
		}
		e.appendHistory(RunRecord{At: r.Since, RunID: r.RunID, Route: HumanAttention, Lost: true,
			Reason: fmt.Sprintf("run lost: it reserved a verify cycle at %s and was not heard of after %s (its process was killed or lost the ledger); the cycle stays counted",
				r.Since.UTC().Format(time.RFC3339), r.Until.UTC().Format(time.RFC3339))})
	}
	e.InFlight = kept
}

// endReservation ends runID's reservation as its run is recorded, and
// drops the record of it as lost when its lease had already run out.
func (e *Entry) endReservation(runID string) {
	if runID == "" {
		return
	}
	n := len(e.InFlight)
	e.InFlight = slices.DeleteFunc(slices.Clone(e.InFlight), func(r Reservation) bool { return r.RunID == runID })
	if len(e.InFlight) == 0 {
		e.InFlight = nil
	}
	if len(e.InFlight) == n {
		e.History = slices.DeleteFunc(slices.Clone(e.History), func(r RunRecord) bool { return r.Lost && r.RunID == runID })
	}
}

func (e *Entry) appendHistory(r RunRecord) {
	e.History = append(e.History, r)
	if n := len(e.History) - HistoryLimit; n > 0 {
		e.History = append([]RunRecord(nil), e.History[n:]...)
	}
}
