package evidence

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/engineo/autoverify/bot/failure"
	"github.com/engineo/autoverify/bot/testresults"
	"github.com/engineo/autoverify/ledger"
)

// TestNames is how many failing tests' names a one-line account lists.
const TestNames = 10

// TimeFormat is the spec's UTC timestamp in artifact names.
const TimeFormat = "20060102T150405Z"

// Result is one command's outcome as the artifacts record it.
type Result struct {
	ItemID   string
	Line     int
	Text     string
	Command  string
	ExitCode int
	Duration time.Duration
	TimedOut bool
	Passed   bool
	// FailureType is empty on a pass.
	FailureType failure.Type
	// Output is the redacted, capped output.
	Output       []byte
	OmittedBytes int64
	// Environment and RequiredExitCode are set for matrix runs, where each
	// result is one (check, environment) pair.
	Environment      string
	RequiredExitCode *int
	// CachedFrom, when set, is the run whose result this is: nothing ran
	// now (the same command, tree and environment passed then).
	CachedFrom string
	CachedAt   time.Time
	// Tests are the tests the command ran, read from its output.
	Tests testresults.Results
	// Reason says why a command that exited as required failed (a test
	// command that ran no tests).
	Reason string
	// Verification is the independent reviewers' verdict on this result
	// (nil when reviewing is off or the result was cached).
	Verification *ledger.Verification
}

// Run is one verification of a story.
type Run struct {
	StoryKey    string
	Time        time.Time
	Results     []Result
	ManualCount int
	// Route, RouteReason and Ledger are set once the ledger has recorded
	// the run; Fixes lists auto-fix attempts.
	Route       string
	RouteReason string
	Ledger      any
	Fixes       []Fix
	// Stages are the pipeline stages that ran before the evidence was
	// written, with their wall time: where the time to verdict went.
	Stages []StageTime
	// Signing says whether and with which key the run is attested (nil:
	// the summary says nothing of it).
	Signing *Signing
	// Gates is the gates run (bot/gates.Report), when the gates ran.
	Gates any
	// VerificationStatus is the reviewers' verdict on the whole run
	// (empty when reviewing is off).
	VerificationStatus string
	// Disagreements and InfraBlocked are a matrix run's checks that passed
	// in some environments and failed in others, and the environments that
	// could not run; Claims is the audit of an agent's signal.
	Disagreements []Disagreement
	InfraBlocked  []InfraBlocked
	Claims        *Claims
}

// Disagreement is the spec's environment_disagreement details.
type Disagreement struct {
	Check               string   `json:"check"`
	PassedEnvironments  []string `json:"passed_environments"`
	FailedEnvironments  []string `json:"failed_environments"`
	InvestigationNeeded bool     `json:"investigation_needed"`
}

// InfraBlocked is the spec's INFRA_BLOCKED report for one environment.
type InfraBlocked struct {
	Environment string   `json:"environment"`
	Issue       string   `json:"issue"`
	Checks      []string `json:"checks"`
}

// Claims is an audited signal as the summary records it.
type Claims struct {
	Signal      string      `json:"signal"`
	TaskID      string      `json:"task_id"`
	Author      string      `json:"author,omitempty"`
	Pairs       []ClaimPair `json:"pairs"`
	FalseClaims int         `json:"false_claims"`
	Unverified  int         `json:"unverified"`
}

// ClaimPair is one expected pair, claimed vs observed.
type ClaimPair struct {
	Check            string `json:"check"`
	Environment      string `json:"environment"`
	ClaimedExitCode  int    `json:"claimed_exit_code"`
	ClaimedResult    string `json:"claimed_result"`
	ObservedExitCode int    `json:"observed_exit_code"`
	ObservedResult   string `json:"observed_result"`
	FalseClaim       bool   `json:"false_claim"`
	Unverified       bool   `json:"unverified,omitempty"`
	// Escalated says why the pair's reviewers disagreed (unverified).
	Escalated string `json:"escalated,omitempty"`
}

// StageTime is one pipeline stage's wall time.
type StageTime struct {
	Stage   string  `json:"stage"`
	Seconds float64 `json:"seconds"`
}

// Fix is one auto-fix attempt as the artifacts record it.
type Fix struct {
	FailureType     failure.Type  `json:"failure_type"`
	Command         string        `json:"command"`
	ExitCode        int           `json:"exit_code"`
	Duration        time.Duration `json:"-"`
	DurationSeconds float64       `json:"duration_seconds"`
	Commit          string        `json:"commit,omitempty"`
	Error           string        `json:"error,omitempty"`
	Output          []byte        `json:"-"`
}

// Files names the artifacts a run wrote.
type Files struct {
	Evidence, Summary string // paths
	Timestamp         string
}

// EvidenceName is {KEY}-evidence-{timestamp}.txt.
func EvidenceName(key, timestamp string) string {
	return key + "-evidence-" + timestamp + ".txt"
}

// SummaryName is {KEY}-auto-verify-summary.json.
func SummaryName(key string) string { return key + "-auto-verify-summary.json" }

// Summary is the spec's summary object, in the spec's field order, plus
// manual_count.
type Summary struct {
	StoryKey      string          `json:"story_key"`
	Timestamp     string          `json:"timestamp"`
	Results       []SummaryResult `json:"results"`
	AllPassed     bool            `json:"all_passed"`
	TotalCommands int             `json:"total_commands"`
	PassedCount   int             `json:"passed_count"`
	FailedCount   int             `json:"failed_count"`
	ManualCount   int             `json:"manual_count"`
	Route         string          `json:"route,omitempty"`
	RouteReason   string          `json:"route_reason,omitempty"`
	Ledger        any             `json:"ledger,omitempty"`
	AutoFixes     []Fix           `json:"auto_fixes,omitempty"`
	Stages        []StageTime     `json:"stages,omitempty"`
	Gates         any             `json:"gates,omitempty"`
	// VerificationStatus is "verified" only when independent reviewers
	// verified every result (the multi-agent spec's field).
	VerificationStatus string `json:"verification_status,omitempty"`
	// A matrix run's disagreements and blocked environments, and an
	// audited signal: fields, not only text.
	EnvironmentDisagreements []Disagreement `json:"environment_disagreements,omitempty"`
	InfraBlocked             []InfraBlocked `json:"infra_blocked,omitempty"`
	Claims                   *Claims        `json:"claims,omitempty"`
	// Attestation names the run's signed attestation and its key, or says
	// the run is unsigned (never absent: a gap is not silent).
	Attestation *SummaryAttestation `json:"attestation,omitempty"`
}

// SummaryAttestation is the summary's word on the run's attestation: the
// file beside it (it cannot hold that file's digest: the attestation holds
// the summary's) and the signing key's fingerprint, or why there is none.
type SummaryAttestation struct {
	Signed         bool   `json:"signed"`
	File           string `json:"file,omitempty"`
	KeyFingerprint string `json:"key_fingerprint,omitempty"`
	Reason         string `json:"reason,omitempty"`
}

// Signing is how a run is to be signed: with the key Fingerprint names,
// or (Fingerprint "") not at all, for Reason.
type Signing struct {
	Fingerprint, Reason string
}

// AttestationName is {KEY}-{timestamp}.intoto.jsonl: the run's in-toto
// bundle beside its evidence.
func AttestationName(key, timestamp string) string { return key + "-" + timestamp + ".intoto.jsonl" }

// SummaryResult has exactly the spec's per-result fields.
type SummaryResult struct {
	ItemID          string        `json:"item_id"`
	Command         string        `json:"command"`
	ExitCode        int           `json:"exit_code"`
	DurationSeconds float64       `json:"duration_seconds"`
	TimedOut        bool          `json:"timed_out"`
	Passed          bool          `json:"passed"`
	FailureType     *failure.Type `json:"failure_type"`
	// Matrix runs only.
	Environment      string `json:"environment,omitempty"`
	RequiredExitCode *int   `json:"required_exit_code,omitempty"`
	// Cached results only: nothing ran; CachedRunID produced the result.
	Cached      bool   `json:"cached,omitempty"`
	CachedRunID string `json:"cached_run_id,omitempty"`
	// Reviewed results only: the multi-agent spec's fields.
	VerificationStatus string                  `json:"verification_status,omitempty"`
	VerifierResults    []ledger.VerifierResult `json:"verifier_results,omitempty"`
	ConsensusDigest    string                  `json:"consensus_digest,omitempty"`
	EscalationReason   string                  `json:"escalation_reason,omitempty"`
	FlakyTests         []string                `json:"flaky_tests,omitempty"`
	// Tests are the per-test counts, when the tool's output was read;
	// Reason says why a run that exited as required failed.
	Tests  *SummaryTests `json:"tests,omitempty"`
	Reason string        `json:"reason,omitempty"`
}

// SummaryTests are one command's test counts: skipped tests did not run;
// failed_names lists the failing tests (all of them the output names).
type SummaryTests struct {
	Run         int      `json:"run"`
	Passed      int      `json:"passed"`
	Failed      int      `json:"failed"`
	Skipped     int      `json:"skipped"`
	FailedNames []string `json:"failed_names"`
	// Partial is set when the tool did not count passing tests (go test
	// without -json or -v): run and passed are then lower bounds.
	Partial bool `json:"partial,omitempty"`
}

// summaryTests is nil when the tool's output was not read.
func summaryTests(r testresults.Results) *SummaryTests {
	if !r.Known() {
		return nil
	}
	names := r.FailedNames()
	if names == nil {
		names = []string{}
	}
	return &SummaryTests{Run: r.Run, Passed: r.Passed, Failed: r.Failed, Skipped: r.Skipped, FailedNames: names, Partial: r.Partial}
}

// SummaryJSON renders the summary: the spec's fields plus manual_count.
func SummaryJSON(run Run, timestamp string) ([]byte, error) {
	results := make([]SummaryResult, 0, len(run.Results))
	passed := 0
	for _, r := range run.Results {
		sr := SummaryResult{
			ItemID:           r.ItemID,
			Command:          r.Command,
			ExitCode:         r.ExitCode,
			DurationSeconds:  float64(r.Duration.Milliseconds()) / 1000,
			TimedOut:         r.TimedOut,
			Passed:           r.Passed,
			Environment:      r.Environment,
			RequiredExitCode: r.RequiredExitCode,
			Cached:           r.CachedFrom != "",
			CachedRunID:      r.CachedFrom,
			Tests:            summaryTests(r.Tests),
			Reason:           r.Reason,
		}
		if v := r.Verification; v != nil {
			sr.VerificationStatus, sr.VerifierResults, sr.ConsensusDigest = v.Status, v.VerifierResults, v.ConsensusDigest
			sr.EscalationReason, sr.FlakyTests = v.Reason, v.FlakyTests
		}
		if r.Passed {
			passed++
		} else {
			ft := r.FailureType
			sr.FailureType = &ft
		}
		results = append(results, sr)
	}
	obj := Summary{
		StoryKey:      run.StoryKey,
		Timestamp:     timestamp,
		Results:       results,
		AllPassed:     passed == len(run.Results),
		TotalCommands: len(run.Results),
		PassedCount:   passed,
		FailedCount:   len(run.Results) - passed,
		ManualCount:   run.ManualCount,
		Route:         run.Route,
		RouteReason:   run.RouteReason,
		Ledger:        run.Ledger,
		Stages:        run.Stages,
		Gates:         run.Gates,

		VerificationStatus:       run.VerificationStatus,
		EnvironmentDisagreements: run.Disagreements,
		InfraBlocked:             run.InfraBlocked,
		Claims:                   run.Claims,
	}
	if run.Signing != nil {
		obj.Attestation = &SummaryAttestation{Reason: run.Signing.Reason}
		if run.Signing.Fingerprint != "" {
			obj.Attestation = &SummaryAttestation{Signed: true, File: AttestationName(run.StoryKey, timestamp), KeyFingerprint: run.Signing.Fingerprint}
		}
	}
	for _, f := range run.Fixes {
		f.DurationSeconds = float64(f.Duration.Milliseconds()) / 1000
		obj.AutoFixes = append(obj.AutoFixes, f)
	}
	b, err := json.MarshalIndent(obj, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encoding summary: %w", err)
	}
	return append(b, '\n'), nil
}

// EvidenceText renders the human-readable evidence file: a header with the
// run's figures, then each auto-fix attempt and each command's result, each
// with its output in full.
func EvidenceText(run Run, timestamp string) []byte {
	var b strings.Builder
	writeEvidenceHeader(&b, run, timestamp)
	for i, f := range run.Fixes {
		writeFix(&b, i, f)
	}
	for i, r := range run.Results {
		writeResult(&b, i, len(run.Results), r)
	}
	return []byte(b.String())
}

// writeEvidenceHeader writes the lines a reader checks first: which story,
// when, how many commands passed, and where the ledger routed the run.
func writeEvidenceHeader(b *strings.Builder, run Run, timestamp string) {
	passed := 0
	for _, r := range run.Results {
		if r.Passed {
			passed++
		}
	}
	fmt.Fprintf(b, "autoverify evidence\nstory: %s\ntimestamp: %s\ncommands: %d (passed %d, failed %d)\nmanual items: %d\n",
		run.StoryKey, timestamp, len(run.Results), passed, len(run.Results)-passed, run.ManualCount)
	if run.Route != "" {
		fmt.Fprintf(b, "route: %s (%s)\n", run.Route, run.RouteReason)
	}
}

// writeFix writes the i-th auto-fix attempt (counted from 0, shown from 1).
func writeFix(b *strings.Builder, i int, f Fix) {
	fmt.Fprintf(b, "\n=== auto-fix %d: %s for %s\nexit code: %d\nduration: %.3fs\n", i+1, f.Command, f.FailureType, f.ExitCode, f.Duration.Seconds())
	if f.Commit != "" {
		fmt.Fprintf(b, "commit: %s\n", f.Commit)
	}
	if f.Error != "" {
		fmt.Fprintf(b, "error: %s\n", f.Error)
	}
	writeOutput(b, f.Output)
}

// writeResult writes the i-th of n results (counted from 0, shown from 1):
// what ran, where and how it ended, then what its tests and reviewers
// said, then its output.
func writeResult(b *strings.Builder, i, n int, r Result) {
	status, ft := "PASS", "-"
	if !r.Passed {
		status, ft = "FAIL", string(r.FailureType)
	}
	fmt.Fprintf(b, "\n=== [%d/%d] %s\n", i+1, n, r.Command)
	if r.Environment != "" {
		fmt.Fprintf(b, "environment: %s\n", r.Environment)
	}
	if r.RequiredExitCode != nil {
		fmt.Fprintf(b, "required exit code: %d\n", *r.RequiredExitCode)
	}
	fmt.Fprintf(b, "item: %s (line %d) %s\n", r.ItemID, r.Line, r.Text)
	if r.CachedFrom != "" {
		fmt.Fprintf(b, "cached: not run now; this result is run %s's, %s, on the same tree, command and environment\n",
			r.CachedFrom, r.CachedAt.UTC().Format(time.RFC3339))
	}
	fmt.Fprintf(b, "command: %s\nexit code: %d\nduration: %.3fs\ntimed out: %t\nresult: %s\nfailure type: %s\n",
		r.Command, r.ExitCode, r.Duration.Seconds(), r.TimedOut, status, ft)
	if r.Reason != "" {
		fmt.Fprintf(b, "reason: %s\n", r.Reason)
	}
	writeTests(b, r.Tests)
	writeVerification(b, r.Verification)
	if r.OmittedBytes > 0 {
		fmt.Fprintf(b, "output: %d bytes kept, %d omitted\n", len(r.Output), r.OmittedBytes)
	}
	writeOutput(b, r.Output)
}

// writeTests writes the test counts read from a command's output and each
// failing test's message, indented so that a multi-line message stays
// under its test's name. It writes nothing when the output was not read.
func writeTests(b *strings.Builder, t testresults.Results) {
	s := t.Summary(TestNames)
	if s == "" {
		return
	}
	fmt.Fprintf(b, "tests: %s\n", s)
	for _, c := range t.Failures() {
		if c.Failure != "" {
			fmt.Fprintf(b, "  %s: %s\n", c.Name, strings.ReplaceAll(c.Failure, "\n", "\n    "))
		}
	}
}

// writeVerification writes the independent reviewers' verdict on a result
// and each reviewer's own, so a reader can see who disagreed. It writes
// nothing when the result was not reviewed.
func writeVerification(b *strings.Builder, v *ledger.Verification) {
	if v == nil {
		return
	}
	fmt.Fprintf(b, "verification: %s (%s)\n", v.Status, v.Summary)
	if v.ConsensusDigest != "" {
		fmt.Fprintf(b, "consensus digest: %s\n", v.ConsensusDigest)
	}
	if len(v.FlakyTests) > 0 {
		fmt.Fprintf(b, "flaky tests: %s\n", strings.Join(v.FlakyTests, ", "))
	}
	for _, vr := range v.VerifierResults {
		fmt.Fprintf(b, "  %s: %s, %s, digest %s\n", vr.VerifierID, vr.Status, vr.Summary, vr.Digest)
	}
}

// writeOutput writes a command's output between markers, ending it with a
// newline when it lacks one so that the end marker starts its own line.
func writeOutput(b *strings.Builder, out []byte) {
	b.WriteString("--- output ---\n")
	b.Write(out)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		b.WriteByte('\n')
	}
	b.WriteString("--- end output ---\n")
}
