package attest

import (
	"bufio"
	"bytes"
	"context"
	"crypto"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	testresult "github.com/in-toto/attestation/go/predicates/test_result/v0"
	vsa "github.com/in-toto/attestation/go/predicates/vsa/v1"
	ita1 "github.com/in-toto/attestation/go/v1"
	"github.com/secure-systems-lab/go-securesystemslib/dsse"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// SignRun signs the run: each check's statement, then the run's
// verification summary naming them, each in a DSSE envelope signed with
// key (the summary last).
func SignRun(ctx context.Context, key crypto.Signer, r Run) ([]*dsse.Envelope, error) {
	sv, err := newSigner(key)
	if err != nil {
		return nil, err
	}
	signer, err := dsse.NewEnvelopeSigner(sv)
	if err != nil {
		return nil, fmt.Errorf("attest: %w", err)
	}
	checks, err := CheckStatements(r)
	if err != nil {
		return nil, err
	}
	out := make([]*dsse.Envelope, 0, len(checks)+1)
	inputs := make([]Input, 0, len(checks))
	for i, st := range checks {
		env, payload, err := signStatement(ctx, signer, st)
		if err != nil {
			return nil, err
		}
		out = append(out, env)
		inputs = append(inputs, Input{Name: r.Checks[i].Name, PayloadSHA256: hexSHA256(payload)})
	}
	summary, err := SummaryStatement(r, inputs)
	if err != nil {
		return nil, err
	}
	env, _, err := signStatement(ctx, signer, summary)
	if err != nil {
		return nil, err
	}
	return append(out, env), nil
}

func signStatement(ctx context.Context, signer *dsse.EnvelopeSigner, st *ita1.Statement) (*dsse.Envelope, []byte, error) {
	payload, err := protojson.Marshal(st)
	if err != nil {
		return nil, nil, fmt.Errorf("attest: encoding a statement: %w", err)
	}
	env, err := signer.SignPayload(ctx, PayloadType, payload)
	if err != nil {
		return nil, nil, fmt.Errorf("attest: signing: %w", err)
	}
	return env, payload, nil
}

func hexSHA256(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// WriteJSONL writes one envelope per line, the in-toto bundle format
// (.intoto.jsonl) cosign and GitHub read.
func WriteJSONL(w io.Writer, envelopes []*dsse.Envelope) error {
	for _, env := range envelopes {
		line, err := json.Marshal(env)
		if err != nil {
			return err
		}
		if _, err := w.Write(append(line, '\n')); err != nil {
			return err
		}
	}
	return nil
}

// Checks are what Verify holds every envelope to besides its signature.
type Checks struct {
	// Subjects are files each statement must name by their SHA-256.
	Subjects map[string][]byte
	// Commit, when set, must be each statement's gitCommit subject.
	Commit string
	// Passed requires the run's verdict (the VSA's result) to be PASSED.
	Passed bool
}

// Verified is one envelope that holds.
type Verified struct {
	// Check names a test-result statement's check (as the verification
	// summary names it).
	Check         string `json:"check,omitempty"`
	PredicateType string `json:"predicate_type"`
	// Result is the test result's or the VSA's verdict.
	Result   string   `json:"result"`
	Subjects []string `json:"subjects"`

	payloadSHA256 string
	inputs        []input // a VSA's input attestations
}

// Error says why an attestation does not hold (Verify's answer when the
// input could be read).
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

// Verification is what Verify found to hold.
type Verification struct {
	Statements []Verified `json:"statements"`
	// Whole is true when the input was a run's whole bundle, checked
	// complete against its verification summary; one envelope alone
	// (a check's, or a summary naming checks not given) is not.
	Whole bool `json:"whole"`
}

// Verify checks every envelope of data (an .intoto.jsonl bundle, or one
// envelope's JSON): the signature with pub (the envelope's keyid is never
// trusted), the statement and its predicate, checks, and a bundle's
// completeness. It returns what held, or an *Error saying what did not;
// another error is input it cannot read.
func Verify(ctx context.Context, data []byte, pub crypto.PublicKey, checks Checks) (Verification, error) {
	envs, single, err := envelopes(data)
	if err != nil {
		return Verification{}, err
	}
	v, err := newVerifier(pub)
	if err != nil {
		return Verification{}, err
	}
	ev, err := dsse.NewEnvelopeVerifier(v)
	if err != nil {
		return Verification{}, err
	}
	var out Verification
	for i, env := range envs {
		got, err := verifyOne(ctx, ev, env, checks)
		if err != nil {
			return out, &Error{Msg: fmt.Sprintf("envelope %d of %d: %v", i+1, len(envs), err)}
		}
		out.Statements = append(out.Statements, got)
	}
	last := out.Statements[len(out.Statements)-1]
	if single && !(last.PredicateType == VSAType && len(last.inputs) == 0) {
		// One envelope: its signature and subjects hold; the rest of
		// its run is not here to check.
		return out, passedCheck(last, checks)
	}
	if err := complete(out.Statements); err != nil {
		return out, &Error{Msg: err.Error()}
	}
	out.Whole = true
	return out, passedCheck(last, checks)
}

// passedCheck holds the run's verdict to checks.Passed.
func passedCheck(last Verified, checks Checks) error {
	switch {
	case !checks.Passed:
		return nil
	case last.PredicateType != VSAType:
		return &Error{Msg: "this is one check's statement: the run's verdict is in its verification summary (the bundle's last line)"}
	case last.Result != Passed:
		return &Error{Msg: fmt.Sprintf("the run's verdict is %s, not PASSED", last.Result)}
	}
	return nil
}

// envelopes reads a bundle (one envelope per line) or one envelope
// (single).
func envelopes(data []byte) ([]*dsse.Envelope, bool, error) {
	var one dsse.Envelope
	if err := json.Unmarshal(data, &one); err == nil && one.Payload != "" {
		return []*dsse.Envelope{&one}, true, nil
	}
	var out []*dsse.Envelope
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var env dsse.Envelope
		if err := json.Unmarshal(line, &env); err != nil || env.Payload == "" {
			return nil, false, fmt.Errorf("line %d is not a DSSE envelope", n)
		}
		out = append(out, &env)
	}
	if len(out) == 0 {
		return nil, false, errors.New("no DSSE envelope in it")
	}
	return out, false, sc.Err()
}

// complete holds a bundle to its verification summary: exactly one, last,
// whose input attestations are exactly the bundle's other statements (by
// the digest of each payload, in order). A statement removed (a failed
// check hidden), added or swapped from another run does not verify.
func complete(got []Verified) error {
	n := len(got)
	if n == 0 || got[n-1].PredicateType != VSAType {
		return errors.New("the bundle does not end with the run's verification summary: it is incomplete")
	}
	inputs := got[n-1].inputs
	if len(inputs) != n-1 {
		return fmt.Errorf("the verification summary names %d check statements, the bundle holds %d: a statement was removed or added", len(inputs), n-1)
	}
	for i, v := range got[:n-1] {
		if v.PredicateType == VSAType {
			return fmt.Errorf("envelope %d is a second verification summary", i+1)
		}
		if inputs[i].digest != v.payloadSHA256 {
			return fmt.Errorf("envelope %d is not the statement the verification summary names (%s): it was replaced", i+1, inputs[i].name)
		}
		got[i].Check = inputs[i].name
	}
	return nil
}

// input is an input attestation a verification summary names.
type input struct{ name, digest string }

func verifyOne(ctx context.Context, ev *dsse.EnvelopeVerifier, env *dsse.Envelope, checks Checks) (Verified, error) {
	if env.PayloadType != PayloadType {
		return Verified{}, fmt.Errorf("payload type %q, want %q", env.PayloadType, PayloadType)
	}
	if _, err := ev.Verify(ctx, env); err != nil {
		return Verified{}, errors.New("the signature does not verify with the given key")
	}
	payload, err := env.DecodeB64Payload()
	if err != nil {
		return Verified{}, fmt.Errorf("payload: %w", err)
	}
	var st ita1.Statement
	if err := protojson.Unmarshal(payload, &st); err != nil {
		return Verified{}, fmt.Errorf("payload is not an in-toto statement: %w", err)
	}
	if err := st.Validate(); err != nil {
		return Verified{}, fmt.Errorf("statement: %w", err)
	}
	got := Verified{PredicateType: st.GetPredicateType(), payloadSHA256: hexSHA256(payload)}
	if got.Result, got.inputs, err = predicateResult(&st); err != nil {
		return Verified{}, err
	}
	for _, s := range st.GetSubject() {
		got.Subjects = append(got.Subjects, s.GetName())
	}
	return got, checkSubjects(&st, checks)
}

// predicateResult reads the predicate as its type says and returns its
// verdict and, for a verification summary, the digests of its input
// attestations.
func predicateResult(st *ita1.Statement) (string, []input, error) {
	raw, err := protojson.Marshal(st.GetPredicate())
	if err != nil {
		return "", nil, err
	}
	var msg proto.Message
	var result func() string
	var summary *vsa.VerificationSummary
	switch st.GetPredicateType() {
	case TestResultType:
		tr := &testresult.TestResult{}
		msg, result = tr, tr.GetResult
	case VSAType:
		summary = &vsa.VerificationSummary{}
		msg, result = summary, summary.GetVerificationResult
	default:
		return "", nil, fmt.Errorf("predicate type %q is not one autoverify signs", st.GetPredicateType())
	}
	if err := protojson.Unmarshal(raw, msg); err != nil {
		return "", nil, fmt.Errorf("predicate %s: %w", st.GetPredicateType(), err)
	}
	if r := result(); !slices.Contains([]string{Passed, Warned, Failed}, r) {
		return "", nil, fmt.Errorf("predicate %s: result %q", st.GetPredicateType(), r)
	}
	var inputs []input
	for _, in := range summary.GetInputAttestations() {
		inputs = append(inputs, input{name: in.GetUri(), digest: in.GetDigest()["sha256"]})
	}
	return result(), inputs, nil
}

// checkSubjects holds the statement's subjects to checks.
func checkSubjects(st *ita1.Statement, checks Checks) error {
	digests := map[string]bool{}
	var commits []string
	for _, s := range st.GetSubject() {
		if d := s.GetDigest()["sha256"]; d != "" {
			digests[d] = true
		}
		if c := s.GetDigest()["gitCommit"]; c != "" {
			commits = append(commits, c)
		}
	}
	for name, content := range checks.Subjects {
		sum := sha256.Sum256(content)
		if !digests[hex.EncodeToString(sum[:])] {
			return fmt.Errorf("%s is not a subject: its SHA-256 %s is not among the statement's (changed since it was signed?)", name, hex.EncodeToString(sum[:]))
		}
	}
	if checks.Commit != "" && !slices.Contains(commits, checks.Commit) {
		return fmt.Errorf("the statement is about commit %v, not %s", commits, checks.Commit)
	}
	return nil
}
