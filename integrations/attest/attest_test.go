package attest

import (
	"bytes"
	"context"
	"crypto"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/secure-systems-lab/go-securesystemslib/dsse"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const commit = "0123456789abcdef0123456789abcdef01234567"

func sum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// signedRun signs a run of two checks about the evidence and the summary
// with a new key of kind, and returns the bundle and the public key.
func signedRun(t *testing.T, kind Kind, evidence, summary []byte) ([]byte, []byte) {
	t.Helper()
	priv, pub, err := GenerateKey(kind)
	require.NoError(t, err)
	key, err := ParsePrivate(priv)
	require.NoError(t, err)
	return signWith(t, key, testRun(evidence, summary)), pub
}

func signWith(t testing.TB, key crypto.Signer, run Run) []byte {
	t.Helper()
	envs, err := SignRun(context.Background(), key, run)
	require.NoError(t, err)
	require.Len(t, envs, len(run.Checks)+1)
	var b bytes.Buffer
	require.NoError(t, WriteJSONL(&b, envs))
	return b.Bytes()
}

// testRun is a run of two checks, one failed, about evidence and summary.
func testRun(evidence, summary []byte) Run {
	return Run{Repo: "acme/web", Commit: commit, ResourceURI: "git+https://github.com/acme/web@" + commit, StoryKey: "KAN-1",
		Time: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC), VerifierID: "https://github.com/engineo/autoverify@test",
		Files:  []File{{"KAN-1-evidence-20261128T120000Z.txt", sum(evidence)}, {"KAN-1-auto-verify-summary.json", sum(summary)}},
		Config: []File{{"docs/stories/KAN-1.md", sum([]byte("story"))}},
		Checks: []Check{{Name: "go test ./...", Result: Passed, PassedTests: []string{"TestA", "TestB"}},
			{Name: "go vet ./...", Result: Failed, FailedTests: []string{"go vet ./..."}}},
		Passed: false, Levels: []string{"AUTOVERIFY_ITEMS", "AUTOVERIFY_REVIEWERS_2"}}
}

func TestSignAndVerify(t *testing.T) {
	t.Parallel()
	evidence, summary := []byte("evidence of the run\n"), []byte(`{"story_key":"KAN-1"}`)
	for _, kind := range []Kind{ECDSAP256, Ed25519} {
		bundle, pubPEM := signedRun(t, kind, evidence, summary)
		pub, err := ParsePublic(pubPEM)
		require.NoError(t, err)
		res, err := Verify(context.Background(), bundle, pub, Checks{
			Subjects: map[string][]byte{"evidence": evidence, "summary": summary}, Commit: commit})
		require.NoError(t, err, "%s", kind)
		assert.True(t, res.Whole)
		got := res.Statements
		require.Len(t, got, 3)
		assert.Equal(t, "go test ./...", got[0].Check)
		assert.Equal(t, TestResultType, got[0].PredicateType)
		assert.Equal(t, Passed, got[0].Result)
		assert.Equal(t, Failed, got[1].Result)
		assert.Equal(t, VSAType, got[2].PredicateType)
		assert.Equal(t, Failed, got[2].Result, "the run failed: one check failed")
		assert.Contains(t, got[2].Subjects, "acme/web")
	}
}

// tamper changes one envelope of bundle with edit.
func tamper(t *testing.T, bundle []byte, edit func(env *dsse.Envelope)) []byte {
	t.Helper()
	lines := bytes.Split(bytes.TrimSpace(bundle), []byte("\n"))
	var env dsse.Envelope
	require.NoError(t, json.Unmarshal(lines[0], &env))
	edit(&env)
	line, err := json.Marshal(env)
	require.NoError(t, err)
	lines[0] = line
	return bytes.Join(lines, []byte("\n"))
}

// flipByte flips one bit of the base64 text's decoded bytes at i.
func flipByte(t *testing.T, b64 string, i int) string {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(b64)
	require.NoError(t, err)
	raw[i%len(raw)] ^= 0x01
	return base64.StdEncoding.EncodeToString(raw)
}

func TestVerifyFailsOnEveryChange(t *testing.T) {
	t.Parallel()
	evidence, summary := []byte("evidence of the run\n"), []byte(`{"story_key":"KAN-1"}`)
	bundle, pubPEM := signedRun(t, ECDSAP256, evidence, summary)
	pub, err := ParsePublic(pubPEM)
	require.NoError(t, err)
	_, otherPEM := signedRun(t, ECDSAP256, evidence, summary)
	other, err := ParsePublic(otherPEM)
	require.NoError(t, err)
	ctx := context.Background()
	changedEvidence := append([]byte(nil), evidence...)
	changedEvidence[0] ^= 0x01
	changedSummary := append([]byte(nil), summary...)
	changedSummary[3] ^= 0x01
	cases := map[string]struct {
		bundle []byte
		key    any
		checks Checks
		want   string
	}{
		"a byte of the payload": {tamper(t, bundle, func(e *dsse.Envelope) { e.Payload = flipByte(t, e.Payload, 40) }), pub, Checks{}, "signature does not verify"},
		"a byte of the signature": {tamper(t, bundle, func(e *dsse.Envelope) { e.Signatures[0].Sig = flipByte(t, e.Signatures[0].Sig, 10) }),
			pub, Checks{}, "signature does not verify"},
		"the payload type":      {tamper(t, bundle, func(e *dsse.Envelope) { e.PayloadType = "text/plain" }), pub, Checks{}, "payload type"},
		"the wrong key":         {bundle, other, Checks{}, "signature does not verify"},
		"a byte of evidence":    {bundle, pub, Checks{Subjects: map[string][]byte{"evidence": changedEvidence}}, "evidence is not a subject"},
		"a byte of the summary": {bundle, pub, Checks{Subjects: map[string][]byte{"summary": changedSummary}}, "summary is not a subject"},
		"another commit":        {bundle, pub, Checks{Commit: strings.Repeat("f", 40)}, "not ffff"},
	}
	for name, c := range cases {
		_, err := Verify(ctx, c.bundle, c.key, c.checks)
		var ve *Error
		require.True(t, errors.As(err, &ve), "%s: %v", name, err)
		assert.Contains(t, err.Error(), c.want, name)
	}
}

// TestVerifyNeverTrustsTheKeyID: an envelope whose keyid names the
// verifier's key but whose signature is another key's does not verify;
// one whose keyid was blanked still verifies by its signature.
func TestVerifyNeverTrustsTheKeyID(t *testing.T) {
	t.Parallel()
	bundle, pubPEM := signedRun(t, ECDSAP256, []byte("e"), []byte("s"))
	pub, err := ParsePublic(pubPEM)
	require.NoError(t, err)
	id, err := keyID(pub)
	require.NoError(t, err)
	forged, _ := signedRun(t, ECDSAP256, []byte("e"), []byte("s"))
	forged = tamper(t, forged, func(e *dsse.Envelope) { e.Signatures[0].KeyID = id })
	_, err = Verify(context.Background(), forged, pub, Checks{})
	assert.Error(t, err)
	blank := tamper(t, bundle, func(e *dsse.Envelope) { e.Signatures[0].KeyID = "" })
	_, err = Verify(context.Background(), blank, pub, Checks{})
	assert.NoError(t, err)
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	_, pubPEM, err := GenerateKey(ECDSAP256)
	require.NoError(t, err)
	pub, err := ParsePublic(pubPEM)
	require.NoError(t, err)
	for _, in := range []string{"", "not json\n", `{"payloadType":"x"}` + "\n"} {
		_, err := Verify(context.Background(), []byte(in), pub, Checks{})
		var ve *Error
		assert.Error(t, err, "%q", in)
		assert.False(t, errors.As(err, &ve), "%q is bad input, not a failed verification", in)
	}
	_, err = ParsePublic([]byte("-----BEGIN PRIVATE KEY-----\nAA==\n-----END PRIVATE KEY-----\n"))
	assert.Error(t, err)
	_, err = ParsePrivate(pubPEM)
	assert.Error(t, err)
	fp, err := Fingerprint(pub)
	require.NoError(t, err)
	assert.Regexp(t, `^SHA256:[0-9a-f]{64}$`, fp)
}

// TestVerifyHoldsTheBundleWhole: every envelope below is validly signed
// by the run's key, yet a bundle with the failed check's statement
// removed, a statement repeated, the order changed, a statement of another
// run of the same key swapped in, or its verification summary gone, does
// not verify. And --passed refuses a validly signed failed verdict.
func TestVerifyHoldsTheBundleWhole(t *testing.T) {
	t.Parallel()
	priv, pubPEM, err := GenerateKey(ECDSAP256)
	require.NoError(t, err)
	key, err := ParsePrivate(priv)
	require.NoError(t, err)
	pub, err := ParsePublic(pubPEM)
	require.NoError(t, err)
	run := testRun([]byte("e"), []byte("s"))
	lines := bytes.Split(bytes.TrimSpace(signWith(t, key, run)), []byte("\n"))
	other := run
	other.Checks = []Check{{Name: "go vet ./...", Result: Passed, PassedTests: []string{"go vet ./..."}}, run.Checks[0]}
	otherLines := bytes.Split(bytes.TrimSpace(signWith(t, key, other)), []byte("\n"))
	join := func(ls ...[]byte) []byte { return bytes.Join(ls, []byte("\n")) }
	cases := map[string]struct {
		bundle []byte
		want   string
	}{
		"the failed check removed":    {join(lines[0], lines[2]), "names 2 check statements, the bundle holds 1"},
		"a check repeated":            {join(lines[0], lines[1], lines[1], lines[2]), "names 2 check statements, the bundle holds 3"},
		"two checks swapped":          {join(lines[1], lines[0], lines[2]), "envelope 1 is not the statement"},
		"another run's passing check": {join(lines[0], otherLines[0], lines[2]), "envelope 2 is not the statement"},
		"the verdict removed":         {join(lines[0], lines[1]), "does not end with the run's verification summary"},
		"another run's verdict":       {join(lines[0], lines[1], otherLines[2]), "envelope 1 is not the statement"},
	}
	for name, c := range cases {
		_, err := Verify(context.Background(), c.bundle, pub, Checks{})
		var ve *Error
		require.True(t, errors.As(err, &ve), "%s: %v", name, err)
		assert.Contains(t, err.Error(), c.want, name)
	}
	_, err = Verify(context.Background(), join(lines...), pub, Checks{})
	require.NoError(t, err, "the whole bundle")
	_, err = Verify(context.Background(), join(lines...), pub, Checks{Passed: true})
	assert.ErrorContains(t, err, "the run's verdict is FAILED, not PASSED")
	passing := run
	passing.Passed, passing.Checks = true, passing.Checks[:1]
	passingLines := bytes.Split(bytes.TrimSpace(signWith(t, key, passing)), []byte("\n"))
	_, err = Verify(context.Background(), join(passingLines...), pub, Checks{Passed: true})
	assert.NoError(t, err)

	// One envelope alone verifies as itself, and says it is not the
	// whole run; --passed needs the run's summary.
	res, err := Verify(context.Background(), lines[1], pub, Checks{})
	require.NoError(t, err)
	assert.False(t, res.Whole)
	assert.Equal(t, Failed, res.Statements[0].Result)
	_, err = Verify(context.Background(), passingLines[0], pub, Checks{Passed: true})
	assert.ErrorContains(t, err, "one check's statement")
	res, err = Verify(context.Background(), passingLines[1], pub, Checks{Passed: true})
	require.NoError(t, err)
	assert.False(t, res.Whole, "a summary naming a check not given")
	res, err = Verify(context.Background(), lines[2], pub, Checks{})
	require.NoError(t, err)
	assert.False(t, res.Whole, "a summary naming checks not given")
}

// BenchmarkSignRun: runs of 1, 5 and 20 checks of 50 tests each, signed
// (a statement per check and the run's summary) with each kind of key,
// and verified; the pipeline's attest stage is the signing and the hashing
// of the evidence and summary.
func BenchmarkSignRun(b *testing.B) {
	for _, n := range []int{1, 5, 20} {
		run := testRun([]byte("e"), []byte("s"))
		run.Checks = nil
		for i := range n {
			c := Check{Name: fmt.Sprintf("go test ./pkg%d/...", i), Result: Passed}
			for j := range 50 {
				c.PassedTests = append(c.PassedTests, fmt.Sprintf("TestCase%d", j))
			}
			run.Checks = append(run.Checks, c)
		}
		for _, kind := range []Kind{ECDSAP256, Ed25519} {
			priv, pubPEM, err := GenerateKey(kind)
			require.NoError(b, err)
			key, err := ParsePrivate(priv)
			require.NoError(b, err)
			pub, err := ParsePublic(pubPEM)
			require.NoError(b, err)
			b.Run(fmt.Sprintf("sign/%s/checks=%d", kind, n), func(b *testing.B) {
				for range b.N {
					if _, err := SignRun(context.Background(), key, run); err != nil {
						b.Fatal(err)
					}
				}
			})
			bundle := signWith(b, key, run)
			b.Run(fmt.Sprintf("verify/%s/checks=%d", kind, n), func(b *testing.B) {
				for range b.N {
					if _, err := Verify(context.Background(), bundle, pub, Checks{Commit: commit}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
