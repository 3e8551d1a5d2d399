package ledger

import (
	"context"
	"fmt"
	"time"
)

// The task statuses of environment-verification.md's state tracking.
const (
	StatusImplementing = "implementing"
	StatusPendingAudit = "pending_audit"
	StatusAuditPassed  = "audit_passed"
)

// runIDsKept bounds the run IDs an entry remembers to count a retried
// delivery once.
const runIDsKept = 20

// EnvironmentVerification is a story's signal state, with the spec's field
// names (required_environments … signal_attempts) and autoverify's own
// (what it observed, the false claims, the rejections).
type EnvironmentVerification struct {
	RequiredEnvironments []string              `json:"required_environments"`
	VerificationCommands []VerificationCommand `json:"verification_commands"`
	// DeveloperResults are the rows of the latest READY_FOR_REVIEW,
	// AuditorResults those of the latest AUDIT_PASSED (nil until one).
	DeveloperResults []PairResult `json:"developer_results"`
	AuditorResults   []PairResult `json:"auditor_results"`
	SignalAttempts   int          `json:"signal_attempts"`
	// ObservedResults are what autoverify's own run of the latest valid
	// signal saw; FalseClaims the pairs it claimed otherwise.
	ObservedResults  []PairResult `json:"observed_results"`
	FalseClaims      []FalseClaim `json:"false_claims"`
	SignalRejections int          `json:"signal_rejections"`
	// LastRejection is the spec's reason of the latest rejection.
	LastRejection string `json:"last_rejection,omitempty"`
	// Status is implementing, pending_audit or audit_passed.
	Status      string    `json:"status"`
	DeveloperID string    `json:"developer_id,omitempty"`
	LastSignal  string    `json:"last_signal"`
	UpdatedAt   time.Time `json:"updated_at"`
	// RunIDs are the latest runs counted, so a retried delivery of the
	// same run counts once.
	RunIDs []string `json:"run_ids,omitempty"`
}

// VerificationCommand is one checks: entry as the spec's state has it.
type VerificationCommand struct {
	Check       string `json:"check"`
	Environment string `json:"environment"`
	ExitCode    int    `json:"exit_code"`
}

// PairResult is one (check, environment) row.
type PairResult struct {
	Check       string `json:"check"`
	Environment string `json:"environment"`
	ExitCode    int    `json:"exit_code"`
	Result      string `json:"result"`
}

// FalseClaim is a pair claimed otherwise than observed.
type FalseClaim struct {
	Check            string `json:"check"`
	Environment      string `json:"environment"`
	ClaimedExitCode  int    `json:"claimed_exit_code"`
	ClaimedResult    string `json:"claimed_result"`
	ObservedExitCode int    `json:"observed_exit_code"`
	ObservedResult   string `json:"observed_result"`
}

// ClaimRecord is one audited signal.
type ClaimRecord struct {
	RunID string
	At    time.Time
	// Signal is READY_FOR_REVIEW or AUDIT_PASSED; Author whose claim it is.
	Signal, Author       string
	RequiredEnvironments []string
	Commands             []VerificationCommand
	// Claimed are the signal's rows.
	Claimed []PairResult
	// Rejected is the spec's reason when the signal was rejected (nothing
	// ran); else Observed and FalseClaims are the audit's, and Unverified
	// counts pairs that could not run.
	Rejected    string
	Observed    []PairResult
	FalseClaims []FalseClaim
	Unverified  int
}

// ClaimCounts are one author's signals: how many were audited and held,
// rejected, had false claims (and how many pairs were false), or had pairs
// that could not be checked.
type ClaimCounts struct {
	Signals     int `json:"signals"`
	Held        int `json:"held"`
	Rejected    int `json:"rejected"`
	FalseClaims int `json:"false_claims"`
	FalsePairs  int `json:"false_pairs"`
	Unverified  int `json:"unverified"`
}

// Add returns c plus d.
func (c ClaimCounts) Add(d ClaimCounts) ClaimCounts {
	return ClaimCounts{c.Signals + d.Signals, c.Held + d.Held, c.Rejected + d.Rejected,
		c.FalseClaims + d.FalseClaims, c.FalsePairs + d.FalsePairs, c.Unverified + d.Unverified}
}

// Counts is what r adds to its author's counts.
func (r ClaimRecord) Counts() ClaimCounts {
	c := ClaimCounts{Signals: 1}
	switch {
	case r.Rejected != "":
		c.Rejected = 1
	case len(r.FalseClaims) > 0:
		c.FalseClaims, c.FalsePairs = 1, len(r.FalseClaims)
	case r.Unverified > 0:
		c.Unverified = 1
	default:
		c.Held = 1
	}
	return c
}

// AuthorCounter keeps per-author claim counts. Every store here offers it;
// Count is idempotent per run ID, so a retried delivery counts once.
type AuthorCounter interface {
	CountClaims(ctx context.Context, author, runID string, c ClaimCounts) error
	AuthorClaims(ctx context.Context) (map[string]ClaimCounts, error)
}

// RecordClaim records an audited signal in the story's entry (the spec's
// state) and in its author's counts. A run ID already recorded changes
// nothing.
func (l *Ledger) RecordClaim(ctx context.Context, key string, r ClaimRecord) (Entry, error) {
	if r.At.IsZero() {
		r.At = l.now()
	}
	e, err := l.Store.Update(ctx, key, func(e *Entry) error {
		ev := e.EnvironmentVerification
		if ev == nil {
			ev = &EnvironmentVerification{Status: StatusImplementing}
			e.EnvironmentVerification = ev
		}
		for _, id := range ev.RunIDs {
			if r.RunID != "" && id == r.RunID {
				return nil
			}
		}
		applyClaim(ev, r)
		return nil
	})
	if err != nil {
		return Entry{}, fmt.Errorf("recording the signal of %s: %w", key, err)
	}
	if ac, ok := l.Store.(AuthorCounter); ok && r.Author != "" {
		if err := ac.CountClaims(ctx, r.Author, r.RunID, r.Counts()); err != nil {
			return e, fmt.Errorf("counting the claims of %s: %w", r.Author, err)
		}
	}
	return e, nil
}

// applyClaim moves the state as the spec's coordinator does: a rejection
// or a false claim returns the task to implementing; a READY_FOR_REVIEW
// that holds is pending audit, an AUDIT_PASSED that holds has passed.
func applyClaim(ev *EnvironmentVerification, r ClaimRecord) {
	ev.RequiredEnvironments, ev.VerificationCommands = r.RequiredEnvironments, r.Commands
	ev.SignalAttempts++
	ev.LastSignal, ev.UpdatedAt = r.Signal, r.At
	claimed := append([]PairResult{}, r.Claimed...)
	if r.Signal == "AUDIT_PASSED" {
		ev.AuditorResults = claimed
	} else {
		ev.DeveloperResults = claimed
		ev.DeveloperID = r.Author
	}
	switch {
	case r.Rejected != "":
		ev.SignalRejections++
		ev.LastRejection = r.Rejected
		ev.Status = StatusImplementing
	default:
		ev.ObservedResults, ev.FalseClaims = r.Observed, r.FalseClaims
		switch {
		case len(r.FalseClaims) > 0 || r.Unverified > 0:
			ev.Status = StatusImplementing
		case r.Signal == "AUDIT_PASSED":
			ev.Status = StatusAuditPassed
		default:
			ev.Status = StatusPendingAudit
		}
	}
	if r.RunID != "" {
		ev.RunIDs = append(ev.RunIDs, r.RunID)
		if n := len(ev.RunIDs) - runIDsKept; n > 0 {
			ev.RunIDs = append([]string(nil), ev.RunIDs[n:]...)
		}
	}
}
