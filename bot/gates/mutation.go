package gates

import (
	"fmt"
	"strings"

	"github.com/engineo/autoverify/bot/mutate"
)

// Mutate is the fifth gate: the change's tests must notice the changed
// code broken on purpose (bot/mutate). GREEN shows the tests pass with the
// change; only a mutant shows they would fail without it.
const Mutate Gate = "VERIFY_MUTATE"

// RejectWeak is VERIFY_MUTATE's rejection: the tests pass, but too many
// deliberate breaks of the changed lines pass them too.
const RejectWeak Classification = "reject_weak"

// MutationReport is VERIFY_MUTATE's record, the report's "mutation".
type MutationReport struct {
	// Score is (killed+timeout) over (killed+timeout+survived); 1 when
	// nothing was scored.
	Score       float64 `json:"score"`
	Killed      int     `json:"killed"`
	Survived    int     `json:"survived"`
	Timeout     int     `json:"timeout"`
	NotCompiled int     `json:"not_compiled"`
	Total       int     `json:"total"`
	// SkippedByCap counts changed lines left unmutated by the cap.
	SkippedByCap int        `json:"skipped_by_cap"`
	Threshold    float64    `json:"threshold"`
	Survivors    []Survivor `json:"survivors"`
	// ElapsedMS is the gate's wall time, HeadSuiteMS the head's whole
	// suite's (GREEN): what the gate costs, in runs of the suite.
	ElapsedMS   int64 `json:"elapsed_ms"`
	HeadSuiteMS int64 `json:"head_suite_ms"`
}

// Survivor is a mutant every test passed: where a test is missing.
type Survivor struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Operator string `json:"operator"`
	Original string `json:"original"`
	Mutated  string `json:"mutated"`
}

// String names a survivor as a reviewer looks it up: file:line operator.
func (s Survivor) String() string { return fmt.Sprintf("%s:%d %s", s.File, s.Line, s.Operator) }

// MutationOf is the record of a summarized run: skipped lines left out by
// the cap, threshold the score must reach (<= 0: mutate.DefaultThreshold).
func MutationOf(s mutate.Summary, skipped int, threshold float64) MutationReport {
	if threshold <= 0 {
		threshold = mutate.DefaultThreshold
	}
	m := MutationReport{Score: s.Score, Killed: s.Killed, Survived: s.Survived, Timeout: s.Timeout,
		NotCompiled: s.NotCompiled, Total: s.Total, SkippedByCap: skipped, Threshold: threshold, Survivors: []Survivor{}}
	for _, v := range s.Survivors {
		m.Survivors = append(m.Survivors, Survivor{File: v.File, Line: v.Line, Operator: v.Operator,
			Original: strings.TrimSpace(v.Original), Mutated: strings.TrimSpace(v.Mutated)})
	}
	return m
}

// ClassifyMutate judges VERIFY_MUTATE: it accepts when the score reaches
// the threshold, or when there was nothing to mutate (no changed non-test
// line gave a mutant, or none compiled: neither says the tests are weak);
// otherwise it rejects as weak, naming the survivors.
func ClassifyMutate(m MutationReport) Result {
	r := Result{Gate: Mutate, Classification: Accept}
	scored := m.Killed + m.Timeout + m.Survived
	capped := ""
	if m.SkippedByCap > 0 {
		capped = fmt.Sprintf("; %d changed lines left out by the cap", m.SkippedByCap)
	}
	switch {
	case m.Total == 0:
		r.Reason = "nothing to mutate: no changed non-test line gives a mutant"
		return r
	case scored == 0:
		r.Reason = fmt.Sprintf("nothing to score: none of the %d mutants compiled", m.Total)
		return r
	}
	counts := fmt.Sprintf("score %.2f (%d killed, %d timed out, %d survived, %d not compiled of %d mutants)",
		m.Score, m.Killed, m.Timeout, m.Survived, m.NotCompiled, m.Total)
	if mutate.Verdict(mutate.Summary{Score: m.Score}, m.Threshold) {
		r.Reason = fmt.Sprintf("%s ≥ %.2f%s", counts, m.Threshold, capped)
		return r
	}
	for _, s := range m.Survivors {
		r.Tests = append(r.Tests, s.String())
	}
	r.Classification = RejectWeak
	r.Reason = fmt.Sprintf("%s < %.2f: the tests pass with these lines broken: %s%s",
		counts, m.Threshold, strings.Join(r.Tests, ", "), capped)
	return r
}
