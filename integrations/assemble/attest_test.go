package assemble_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/integrations/assemble"
	"github.com/engineo/autoverify/integrations/attest"
)

// signedRun signs a run of one passed check about evidence and summary,
// and returns the bundle and the signer's public key (PEM).
func signedRun(t *testing.T, evidence, summary []byte) (bundle, pub []byte) {
	t.Helper()
	priv, pub, err := attest.GenerateKey(attest.Ed25519)
	require.NoError(t, err)
	key, err := attest.ParsePrivate(priv)
	require.NoError(t, err)
	sum := func(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }
	commit := "0123456789abcdef0123456789abcdef01234567"
	envs, err := attest.SignRun(context.Background(), key, attest.Run{Repo: "acme/web", Commit: commit,
		ResourceURI: "git+https://github.com/acme/web@" + commit, StoryKey: "KAN-1",
		Time: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC), VerifierID: "https://github.com/engineo/autoverify@test",
		Files:  []attest.File{{Name: "KAN-1-evidence.txt", SHA256: sum(evidence)}, {Name: "KAN-1-auto-verify-summary.json", SHA256: sum(summary)}},
		Checks: []attest.Check{{Name: "go test ./...", Result: attest.Passed, PassedTests: []string{"TestA"}}},
		Passed: true, Levels: []string{"AUTOVERIFY_ITEMS"}})
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, attest.WriteJSONL(&b, envs))
	return b.Bytes(), pub
}

// TestVerifyAttestation: a bundle that holds verifies from its files; one
// that does not is an *attest.Error (exit 1); a file that cannot be read
// or used is the user's to fix (exit 2), named as `autoverify attest
// verify` takes it.
func TestVerifyAttestation(t *testing.T) {
	t.Parallel()
	evidence, summary := []byte("evidence of the run\n"), []byte(`{"story_key":"KAN-1"}`)
	bundle, pubPEM := signedRun(t, evidence, summary)
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, data, 0o600))
		return p
	}
	good := assemble.AttestationFiles{Bundle: write("run.intoto.jsonl", bundle), Key: write("ci.pub", pubPEM),
		Subjects: []string{write("evidence.txt", evidence), write("summary.json", summary)}, Passed: true}
	missing := filepath.Join(dir, "missing")

	res, err := assemble.VerifyAttestation(context.Background(), good)
	require.NoError(t, err)
	assert.True(t, res.Whole)
	assert.Len(t, res.Statements, 2)

	fails := map[string]func(f *assemble.AttestationFiles){
		"another commit":  func(f *assemble.AttestationFiles) { f.Commit = "another" },
		"another subject": func(f *assemble.AttestationFiles) { f.Subjects = []string{write("other.txt", []byte("other"))} },
	}
	for name, edit := range fails {
		f := good
		edit(&f)
		_, err := assemble.VerifyAttestation(context.Background(), f)
		var failed *attest.Error
		assert.ErrorAs(t, err, &failed, name)
		assert.False(t, cli.IsInputError(err), name)
	}

	bad := map[string]struct {
		edit func(f *assemble.AttestationFiles)
		msg  string
	}{
		"no bundle":    {func(f *assemble.AttestationFiles) { f.Bundle = missing }, "attestation " + missing + ": open " + missing + ": no such file or directory"},
		"not a bundle": {func(f *assemble.AttestationFiles) { f.Bundle = write("junk.jsonl", []byte("junk")) }, "attestation " + filepath.Join(dir, "junk.jsonl") + ": "},
		"no key":       {func(f *assemble.AttestationFiles) { f.Key = missing }, "--key " + missing + ": open " + missing + ": no such file or directory"},
		"not a key":    {func(f *assemble.AttestationFiles) { f.Key = good.Bundle }, "(autoverify keys public prints a signing key's)"},
		"no subject":   {func(f *assemble.AttestationFiles) { f.Subjects = []string{missing} }, "--subject " + missing + ": open " + missing + ": no such file or directory"},
	}
	for name, c := range bad {
		f := good
		c.edit(&f)
		_, err := assemble.VerifyAttestation(context.Background(), f)
		require.Error(t, err, name)
		assert.True(t, cli.IsInputError(err), "%s: %v", name, err)
		assert.Contains(t, err.Error(), c.msg, name)
	}
}
