package attest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVerifyFiles: a bundle that holds verifies from its files; one that
// does not is an *Error; a file that cannot be read or used is an
// *InputError naming it as `autoverify attest verify` takes it.
func TestVerifyFiles(t *testing.T) {
	t.Parallel()
	evidence, summary := []byte("evidence of the run\n"), []byte(`{"story_key":"KAN-1"}`)
	bundle, pubPEM := signedRun(t, Ed25519, evidence, summary)
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, data, 0o600))
		return p
	}
	good := VerifyRequest{Bundle: write("run.intoto.jsonl", bundle), Key: write("ci.pub", pubPEM),
		Subjects: []string{write("evidence.txt", evidence), write("summary.json", summary)}}
	missing := filepath.Join(dir, "missing")

	res, err := VerifyFiles(context.Background(), good)
	require.NoError(t, err)
	assert.True(t, res.Whole)
	assert.Len(t, res.Statements, 3)

	fails := map[string]func(r *VerifyRequest){
		"another commit":  func(r *VerifyRequest) { r.Commit = "another" },
		"not passed":      func(r *VerifyRequest) { r.Passed = true },
		"another subject": func(r *VerifyRequest) { r.Subjects = []string{write("other.txt", []byte("other"))} },
	}
	for name, edit := range fails {
		r := good
		edit(&r)
		_, err := VerifyFiles(context.Background(), r)
		var failed *Error
		assert.ErrorAs(t, err, &failed, name)
	}

	bad := map[string]struct {
		edit func(r *VerifyRequest)
		msg  string
	}{
		"no bundle":    {func(r *VerifyRequest) { r.Bundle = missing }, "attestation " + missing + ": open " + missing + ": no such file or directory"},
		"not a bundle": {func(r *VerifyRequest) { r.Bundle = write("junk.jsonl", []byte("junk")) }, "attestation " + filepath.Join(dir, "junk.jsonl") + ": "},
		"no key":       {func(r *VerifyRequest) { r.Key = missing }, "--key " + missing + ": open " + missing + ": no such file or directory"},
		"not a key":    {func(r *VerifyRequest) { r.Key = good.Bundle }, "(autoverify keys public prints a signing key's)"},
		"no subject":   {func(r *VerifyRequest) { r.Subjects = []string{missing} }, "--subject " + missing + ": open " + missing + ": no such file or directory"},
	}
	for name, c := range bad {
		r := good
		c.edit(&r)
		_, err := VerifyFiles(context.Background(), r)
		var input *InputError
		require.ErrorAs(t, err, &input, name)
		assert.Contains(t, input.Msg, c.msg, name)
	}
}
