package attest

import (
	"fmt"
	"time"

	testresult "github.com/in-toto/attestation/go/predicates/test_result/v0"
	vsa "github.com/in-toto/attestation/go/predicates/vsa/v1"
	ita1 "github.com/in-toto/attestation/go/v1"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// The predicate types autoverify's statements carry.
const (
	// TestResultType is in-toto's test-result predicate: one per check.
	TestResultType = "https://in-toto.io/attestation/test-result/v0.1"
	// VSAType is SLSA's Verification Summary: one per run.
	VSAType = "https://slsa.dev/verification_summary/v1"
)

// The results a test-result predicate and a VSA state.
const (
	Passed = "PASSED"
	Warned = "WARNED"
	Failed = "FAILED"
)

// File is a file a statement names by its SHA-256 (hex).
type File struct {
	Name, SHA256 string
}

// Check is one check's result: one test-result statement.
type Check struct {
	// Name says what was checked: the command, with its environment and
	// gate when it has them.
	Name string
	// Result is Passed, Warned or Failed.
	Result string
	// PassedTests, WarnedTests and FailedTests are the tests the tool
	// reported; a check whose tool reports no tests names its command.
	PassedTests, WarnedTests, FailedTests []string
	URL                                   string
}

// Run is a verdict to attest.
type Run struct {
	// Repo and Commit are what was verified (Commit "" outside git).
	Repo, Commit string
	// ResourceURI names them for the VSA (git+https://…@sha).
	ResourceURI string
	StoryKey    string
	Time        time.Time
	// VerifierID names autoverify and its build.
	VerifierID string
	// Files are the run's evidence and summary: subjects of every
	// statement. Config are the story (first: the VSA's policy) and
	// .autoverify.yml, by digest.
	Files, Config []File
	Checks        []Check
	// Passed is the run's verdict; Levels what was verified (items,
	// gates, reviewers' consensus).
	Passed bool
	Levels []string
	URL    string
}

// CheckStatements are the run's test-result statements, one per check,
// every one about the commit and the run's files.
func CheckStatements(r Run) ([]*ita1.Statement, error) {
	subjects := r.subjects()
	var out []*ita1.Statement
	for _, c := range r.Checks {
		pred := &testresult.TestResult{Result: c.Result, Url: c.URL, Configuration: descriptors(r.Config),
			PassedTests: c.PassedTests, WarnedTests: c.WarnedTests, FailedTests: c.FailedTests}
		st, err := statement(subjects, TestResultType, pred)
		if err != nil {
			return nil, fmt.Errorf("attest: the statement of %s: %w", c.Name, err)
		}
		out = append(out, st)
	}
	return out, nil
}

// Input is a signed statement the run's verdict rests on: the VSA names
// each by the SHA-256 of its DSSE payload, so a bundle with one removed,
// added or swapped does not verify.
type Input struct {
	Name, PayloadSHA256 string
}

// SummaryStatement is the run's SLSA Verification Summary: its verdict,
// the levels verified, the story as policy, and inputs (the checks'
// statements).
func SummaryStatement(r Run, inputs []Input) (*ita1.Statement, error) {
	result := Failed
	if r.Passed {
		result = Passed
	}
	summary := &vsa.VerificationSummary{
		Verifier:     &vsa.VerificationSummary_Verifier{Id: r.VerifierID},
		TimeVerified: timestamppb.New(r.Time), ResourceUri: r.ResourceURI,
		VerificationResult: result, VerifiedLevels: r.Levels,
	}
	// The policy is the story: what was to be verified (its checklist).
	if len(r.Config) > 0 {
		summary.Policy = &vsa.VerificationSummary_Policy{Uri: r.Config[0].Name, Digest: map[string]string{"sha256": r.Config[0].SHA256}}
	}
	for _, in := range inputs {
		summary.InputAttestations = append(summary.InputAttestations,
			&vsa.VerificationSummary_InputAttestation{Uri: in.Name, Digest: map[string]string{"sha256": in.PayloadSHA256}})
	}
	st, err := statement(r.subjects(), VSAType, summary)
	if err != nil {
		return nil, fmt.Errorf("attest: the run's verification summary: %w", err)
	}
	return st, nil
}

// subjects are the commit (a gitCommit digest) and the run's files.
func (r Run) subjects() []*ita1.ResourceDescriptor {
	var out []*ita1.ResourceDescriptor
	if r.Commit != "" {
		out = append(out, &ita1.ResourceDescriptor{Name: r.Repo, Digest: map[string]string{"gitCommit": r.Commit}})
	}
	return append(out, descriptors(r.Files)...)
}

func descriptors(files []File) []*ita1.ResourceDescriptor {
	var out []*ita1.ResourceDescriptor
	for _, f := range files {
		out = append(out, &ita1.ResourceDescriptor{Name: f.Name, Digest: map[string]string{"sha256": f.SHA256}})
	}
	return out
}

// statement wraps pred in a Statement v1 about subjects and validates it.
func statement(subjects []*ita1.ResourceDescriptor, predicateType string, pred proto.Message) (*ita1.Statement, error) {
	raw, err := protojson.Marshal(pred)
	if err != nil {
		return nil, err
	}
	var s structpb.Struct
	if err := protojson.Unmarshal(raw, &s); err != nil {
		return nil, err
	}
	st := &ita1.Statement{Type: ita1.StatementTypeUri, Subject: subjects, PredicateType: predicateType, Predicate: &s}
	return st, st.Validate()
}
