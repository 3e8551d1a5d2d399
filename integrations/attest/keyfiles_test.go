package attest

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteKeyPair: the pair is written with the private half readable by
// its owner alone, names the fingerprint of what it wrote, and is never
// written over an existing file of either name, leaving no half pair.
func TestWriteKeyPair(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	prefix := filepath.Join(dir, "ci")
	fp, err := WriteKeyPair(Ed25519, prefix)
	require.NoError(t, err)
	st, err := os.Stat(prefix + ".key")
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm())
	priv, err := os.ReadFile(prefix + ".key")
	require.NoError(t, err)
	key, err := ParsePrivate(priv)
	require.NoError(t, err)
	want, err := Fingerprint(key.Public())
	require.NoError(t, err)
	assert.Equal(t, want, fp)
	pub, err := os.ReadFile(prefix + ".pub")
	require.NoError(t, err)
	_, err = ParsePublic(pub)
	require.NoError(t, err)

	for name, kept := range map[string]string{"both": "ci", "private": "priv", "public": "pub"} {
		t.Run(name, func(t *testing.T) {
			p := filepath.Join(dir, kept)
			existing := map[string]string{"both": ".key", "private": ".key", "public": ".pub"}[name]
			if kept != "ci" {
				require.NoError(t, os.WriteFile(p+existing, []byte("kept\n"), 0o644))
			}
			_, err := WriteKeyPair(ECDSAP256, p)
			require.ErrorIs(t, err, fs.ErrExist)
			var pe *fs.PathError
			require.True(t, errors.As(err, &pe))
			assert.Equal(t, p+existing, pe.Path)
			if kept != "ci" {
				got, _ := os.ReadFile(p + existing)
				assert.Equal(t, "kept\n", string(got), "untouched")
				other := map[string]string{".key": ".pub", ".pub": ".key"}[existing]
				assert.NoFileExists(t, p+other, "no half pair")
			}
		})
	}
	got, _ := os.ReadFile(prefix + ".key")
	assert.Equal(t, priv, got, "never overwritten")
}

// TestLoadAttester: the key WriteKeyPair wrote signs as the key it named;
// a missing file is a path error, a file that is no key another error.
func TestLoadAttester(t *testing.T) {
	t.Parallel()
	prefix := filepath.Join(t.TempDir(), "ci")
	fp, err := WriteKeyPair(ECDSAP256, prefix)
	require.NoError(t, err)
	a, err := LoadAttester(prefix+".key", "https://example.com/verifier")
	require.NoError(t, err)
	got, err := Fingerprint(a.Key.Public())
	require.NoError(t, err)
	assert.Equal(t, fp, got)

	_, err = LoadAttester(prefix+".missing", "v")
	var pe *fs.PathError
	assert.True(t, errors.As(err, &pe), "%v", err)
	_, err = LoadAttester(prefix+".pub", "v")
	require.Error(t, err)
	assert.False(t, errors.As(err, &pe), "a public key is read, and refused: %v", err)
}
