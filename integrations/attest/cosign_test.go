package attest

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	ita1 "github.com/in-toto/attestation/go/v1"
	"github.com/secure-systems-lab/go-securesystemslib/dsse"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"
)

// cosignScript builds the cosign this test runs; its pinned version names
// the cache directory both look in.
const cosignScript = "../../scripts/cosign.sh"

// TestCosignVerifiesOurAttestations: Sigstore's cosign, the verifier most
// users will reach for, verifies every envelope SignRun makes — each
// check's test-result statement and the run's verification summary — with
// the public key alone, subject digest included (--check-claims), offline;
// and rejects a flipped byte of the payload, another key, a changed byte of
// the summary file, and the wrong predicate type. Ed25519 is checked too:
// cosign accepts it the same way.
//
// cosign is a 140 MB binary that takes minutes to build, so it is not a
// module dependency: `bash scripts/cosign.sh` builds it once into a cache
// this test finds (or AUTOVERIFY_COSIGN names one), and without it the test
// skips, saying so.
func TestCosignVerifiesOurAttestations(t *testing.T) {
	cosign := cosignBinary(t)
	evidence := []byte("evidence of the run\n")
	summary := []byte(`{"story_key":"KAN-1","verdict":"failed"}` + "\n")
	run := cosignRun(evidence, summary)
	dir := t.TempDir()
	summaryPath := filepath.Join(dir, run.Files[1].Name)
	require.NoError(t, os.WriteFile(summaryPath, summary, 0o644))
	changedSummary := filepath.Join(t.TempDir(), run.Files[1].Name)
	require.NoError(t, os.WriteFile(changedSummary, flipped(summary, 3), 0o644))

	// cosign's words (v2.6.5) for a DSSE signature that does not verify
	// with the key: a changed payload, or another key.
	const badSignature = "accepted signatures do not match threshold, Found: 0, Expected 1"
	for _, kind := range []Kind{ECDSAP256, Ed25519} {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(dir, string(kind))
			require.NoError(t, os.Mkdir(dir, 0o755))
			privPEM, pubPEM, err := GenerateKey(kind)
			require.NoError(t, err)
			key, err := ParsePrivate(privPEM)
			require.NoError(t, err)
			envs, err := SignRun(context.Background(), key, run)
			require.NoError(t, err)
			require.Len(t, envs, len(run.Checks)+1)
			pub := writeFile(t, dir, "key.pub", pubPEM)
			_, otherPEM, err := GenerateKey(kind)
			require.NoError(t, err)
			otherKey := writeFile(t, dir, "other.pub", otherPEM)

			types := []string{TestResultType, TestResultType, VSAType}
			for i, env := range envs {
				validStatement(t, env, types[i])
				path := writeEnvelope(t, dir, fmt.Sprintf("envelope-%d.json", i+1), env)
				out, err := cosign.verify(pub, path, types[i], summaryPath)
				assert.NoError(t, err, "cosign rejected envelope %d (%s):\n%s", i+1, types[i], out)
				assert.Contains(t, out, "Verified OK")
			}

			tampered := *envs[0]
			tampered.Payload = base64.StdEncoding.EncodeToString(flipped(payloadOf(t, envs[0]), 40))
			rejects := map[string]struct {
				key, envelope, predicateType, blob string
				want                               string
			}{
				"a byte of the payload flipped": {pub, writeEnvelope(t, dir, "tampered.json", &tampered), TestResultType, summaryPath,
					badSignature},
				"another key": {otherKey, filepath.Join(dir, "envelope-1.json"), TestResultType, summaryPath, badSignature},
				"a byte of the summary changed": {pub, filepath.Join(dir, "envelope-3.json"), VSAType, changedSummary,
					"no matching subject digest found"},
				"the wrong predicate type": {pub, filepath.Join(dir, "envelope-1.json"), VSAType, summaryPath, "invalid predicate type"},
			}
			for name, c := range rejects {
				out, err := cosign.verify(c.key, c.envelope, c.predicateType, c.blob)
				var exit *exec.ExitError
				if assert.ErrorAs(t, err, &exit, "%s: cosign accepted it:\n%s", name, out) {
					assert.NotZero(t, exit.ExitCode(), name)
				}
				assert.NotContains(t, out, "Verified OK", name)
				assert.Contains(t, out, c.want, name)
			}
		})
	}
}

// cosignRun is a run of two checks, one failed, about the evidence and the
// summary (the files cosign's --check-claims holds the statements to).
func cosignRun(evidence, summary []byte) Run {
	const head = "0123456789abcdef0123456789abcdef01234567"
	return Run{Repo: "acme/web", Commit: head, ResourceURI: "git+https://github.com/acme/web@" + head, StoryKey: "KAN-1",
		Time: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC), VerifierID: "https://github.com/engineo/autoverify@test",
		Files:  []File{{"KAN-1-evidence-20261128T120000Z.txt", digest(evidence)}, {"KAN-1-auto-verify-summary.json", digest(summary)}},
		Config: []File{{"docs/stories/KAN-1.md", digest([]byte("story"))}},
		Checks: []Check{{Name: "go test ./...", Result: Passed, PassedTests: []string{"TestA"}},
			{Name: "go vet ./...", Result: Failed, FailedTests: []string{"go vet ./..."}}},
		Levels: []string{"AUTOVERIFY_CHECKS"}}
}

// validStatement holds env's payload to the in-toto attestation library's
// own rules for a Statement v1, as any consumer decoding it would.
func validStatement(t *testing.T, env *dsse.Envelope, predicateType string) {
	t.Helper()
	assert.Equal(t, PayloadType, env.PayloadType)
	var st ita1.Statement
	require.NoError(t, protojson.Unmarshal(payloadOf(t, env), &st))
	assert.NoError(t, st.Validate())
	assert.Equal(t, predicateType, st.GetPredicateType())
}

func payloadOf(t *testing.T, env *dsse.Envelope) []byte {
	t.Helper()
	payload, err := env.DecodeB64Payload()
	require.NoError(t, err)
	return payload
}

// flipped is b with one bit of its byte at i flipped.
func flipped(b []byte, i int) []byte {
	out := bytes.Clone(b)
	out[i] ^= 0x01
	return out
}

func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, data, 0o644))
	return path
}

func writeEnvelope(t *testing.T, dir, name string, env *dsse.Envelope) string {
	t.Helper()
	data, err := json.Marshal(env)
	require.NoError(t, err)
	return writeFile(t, dir, name, data)
}

// cosignCmd runs a cosign binary offline.
type cosignCmd struct {
	path string
	// unshare runs it in a network namespace of its own, when the
	// machine lets this test make one.
	unshare bool
	// tufRoot is an empty TUF cache: cosign finds no trust root there and
	// skips fetching one (a key verifies without).
	tufRoot string
}

// cosignBinary finds cosign (AUTOVERIFY_COSIGN, or where scripts/cosign.sh
// builds it) or skips the test.
func cosignBinary(t *testing.T) cosignCmd {
	t.Helper()
	path := os.Getenv("AUTOVERIFY_COSIGN")
	if path == "" {
		var err error
		path, err = cosignCachePath()
		require.NoError(t, err)
	}
	if info, err := os.Stat(path); err != nil || info.IsDir() || info.Mode()&0o111 == 0 {
		t.Skipf("cosign interop not checked: no cosign at %s; run `bash scripts/cosign.sh` to build it (or set AUTOVERIFY_COSIGN)", path)
	}
	c := cosignCmd{path: path, unshare: canUnshareNet(), tufRoot: t.TempDir()}
	if c.unshare {
		t.Logf("%s runs under `unshare -n`: no network at all", path)
	} else {
		t.Logf("%s runs with the network (unshare -n is not permitted here), kept offline by TUF_ROOT and TUF_MIRROR", path)
	}
	return c
}

// cosignCachePath is where scripts/cosign.sh puts the version it pins.
func cosignCachePath() (string, error) {
	script, err := os.ReadFile(cosignScript)
	if err != nil {
		return "", fmt.Errorf("reading the pinned cosign version: %w", err)
	}
	m := regexp.MustCompile(`(?m)^readonly COSIGN_VERSION=(v\S+)$`).FindSubmatch(script)
	if m == nil {
		return "", fmt.Errorf("%s: no `readonly COSIGN_VERSION=v…` line", cosignScript)
	}
	cache := os.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("finding cosign's cache: %w", err)
		}
		cache = filepath.Join(home, ".cache")
	}
	return filepath.Join(cache, "autoverify", "cosign-"+string(m[1]), "cosign"), nil
}

// canUnshareNet says whether `unshare -n` works here (root, or user
// namespaces allowed).
func canUnshareNet() bool {
	return exec.Command("unshare", "-n", "true").Run() == nil
}

// verify runs cosign verify-blob-attestation on the envelope at envelope
// with the key at key, holding its statement to predicateType and the
// SHA-256 of the blob, and returns its combined output.
func (c cosignCmd) verify(key, envelope, predicateType, blob string) (string, error) {
	args := []string{c.path, "verify-blob-attestation", "--key", key, "--signature", envelope,
		"--type", predicateType, "--insecure-ignore-tlog", "--check-claims=true", blob}
	if c.unshare {
		args = append([]string{"unshare", "-n"}, args...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	// Without a network namespace, these keep it offline all the same: a
	// custom TUF mirror with no cached root.json is never fetched from.
	cmd.Env = append(os.Environ(), "TUF_ROOT="+c.tufRoot, "TUF_MIRROR=http://127.0.0.1:9")
	out, err := cmd.CombinedOutput()
	return strings.TrimSpace(string(out)), err
}
