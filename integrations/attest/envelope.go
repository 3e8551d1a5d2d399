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

// Sign puts each statement in a DSSE envelope signed with key.
func Sign(ctx context.Context, key crypto.Signer, statements []*ita1.Statement) ([]*dsse.Envelope, error) {
	sv, err := newSigner(key)
	if err != nil {
		return nil, err
	}
	signer, err := dsse.NewEnvelopeSigner(sv)
	if err != nil {
		return nil, fmt.Errorf("attest: %w", err)
	}
	out := make([]*dsse.Envelope, 0, len(statements))
	for _, st := range statements {
		payload, err := protojson.Marshal(st)
		if err != nil {
			return nil, fmt.Errorf("attest: encoding a statement: %w", err)
		}
		env, err := signer.SignPayload(ctx, PayloadType, payload)
		if err != nil {
			return nil, fmt.Errorf("attest: signing: %w", err)
		}
		out = append(out, env)
	}
	return out, nil
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
}

// Verified is one envelope that holds.
type Verified struct {
	PredicateType string `json:"predicate_type"`
	// Result is the test result's or the VSA's verdict.
	Result   string   `json:"result"`
	Subjects []string `json:"subjects"`
}

// Error says why an attestation does not hold (Verify's answer when the
// input could be read).
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

// Verify checks every envelope of data (an .intoto.jsonl bundle, or one
// envelope's JSON): the signature with pub (the envelope's keyid is never
// trusted), the statement and its predicate, and checks. It returns what
// held, or an *Error saying what did not; another error is input it
// cannot read.
func Verify(ctx context.Context, data []byte, pub crypto.PublicKey, checks Checks) ([]Verified, error) {
	envs, err := envelopes(data)
	if err != nil {
		return nil, err
	}
	v, err := newVerifier(pub)
	if err != nil {
		return nil, err
	}
	ev, err := dsse.NewEnvelopeVerifier(v)
	if err != nil {
		return nil, err
	}
	var out []Verified
	for i, env := range envs {
		got, err := verifyOne(ctx, ev, env, checks)
		if err != nil {
			return out, &Error{Msg: fmt.Sprintf("envelope %d of %d: %v", i+1, len(envs), err)}
		}
		out = append(out, got)
	}
	return out, nil
}

// envelopes reads a bundle (one envelope per line) or one envelope.
func envelopes(data []byte) ([]*dsse.Envelope, error) {
	var one dsse.Envelope
	if err := json.Unmarshal(data, &one); err == nil && one.Payload != "" {
		return []*dsse.Envelope{&one}, nil
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
			return nil, fmt.Errorf("line %d is not a DSSE envelope", n)
		}
		out = append(out, &env)
	}
	if len(out) == 0 {
		return nil, errors.New("no DSSE envelope in it")
	}
	return out, sc.Err()
}

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
	got := Verified{PredicateType: st.GetPredicateType()}
	if got.Result, err = predicateResult(&st); err != nil {
		return Verified{}, err
	}
	for _, s := range st.GetSubject() {
		got.Subjects = append(got.Subjects, s.GetName())
	}
	return got, checkSubjects(&st, checks)
}

// predicateResult reads the predicate as its type says and returns its
// verdict.
func predicateResult(st *ita1.Statement) (string, error) {
	raw, err := protojson.Marshal(st.GetPredicate())
	if err != nil {
		return "", err
	}
	var msg interface {
		proto.Message
	}
	var result func() string
	switch st.GetPredicateType() {
	case TestResultType:
		tr := &testresult.TestResult{}
		msg, result = tr, tr.GetResult
	case VSAType:
		s := &vsa.VerificationSummary{}
		msg, result = s, s.GetVerificationResult
	default:
		return "", fmt.Errorf("predicate type %q is not one autoverify signs", st.GetPredicateType())
	}
	if err := protojson.Unmarshal(raw, msg); err != nil {
		return "", fmt.Errorf("predicate %s: %w", st.GetPredicateType(), err)
	}
	if r := result(); !slices.Contains([]string{Passed, Warned, Failed}, r) {
		return "", fmt.Errorf("predicate %s: result %q", st.GetPredicateType(), r)
	}
	return result(), nil
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
