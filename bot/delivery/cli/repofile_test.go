package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/repoconfig"
)

func TestReadRepoFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, repoconfig.Name)

	f, p, err := ReadRepoFile("")
	require.NoError(t, err)
	assert.Equal(t, repoconfig.Name, p, "no work directory, no file read")
	assert.Equal(t, repoconfig.File{}, f)

	f, p, err = ReadRepoFile(dir)
	require.NoError(t, err, "no file is no settings")
	assert.Equal(t, path, p)
	assert.Equal(t, repoconfig.File{}, f)

	require.NoError(t, os.WriteFile(path, []byte("allowlist: [true]\n"), 0o644))
	f, _, err = ReadRepoFile(dir)
	require.NoError(t, err)
	want, err := repoconfig.Parse([]byte("allowlist: [true]\n"))
	require.NoError(t, err)
	assert.Equal(t, want, f)

	require.NoError(t, os.WriteFile(path, []byte("timeout: 5m\n"), 0o644))
	_, _, err = ReadRepoFile(dir)
	require.Error(t, err)
	assert.Contains(t, err.Error(), dir+": ")
	assert.Contains(t, err.Error(), "field timeout not found")

	require.NoError(t, os.Remove(path))
	require.NoError(t, os.Mkdir(path, 0o755))
	_, _, err = ReadRepoFile(dir)
	assert.ErrorContains(t, err, path+": ", "a file it cannot read names its path")
}
