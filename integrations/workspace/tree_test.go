package workspace

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tree is the change's: a go.mod that links out of it, a directory
// that links out of it and a path that climbs out of it are not read;
// what is inside is.
func TestTreesStayInTheTree(t *testing.T) {
	t.Parallel()
	outside := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(outside, "go.mod"), []byte("module example.com/shop\n"), 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(outside, "utilz"), 0o755))
	dir := t.TempDir()
	require.NoError(t, os.Symlink(filepath.Join(outside, "go.mod"), filepath.Join(dir, "go.mod")))
	require.NoError(t, os.Symlink(filepath.Join(outside, "utilz"), filepath.Join(dir, "utilz")))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "own.go"), []byte("package shop\n"), 0o644))

	tree, closeTree, err := Trees{}.OpenTree(dir)
	require.NoError(t, err)
	defer func() { assert.NoError(t, closeTree()) }()
	_, err = fs.ReadFile(tree, "go.mod")
	assert.Error(t, err, "a go.mod linked from outside the tree was read")
	_, err = fs.Stat(tree, "utilz")
	assert.Error(t, err, "a directory linked from outside the tree was seen")
	_, err = fs.Stat(tree, "../"+filepath.Base(outside)+"/go.mod")
	assert.Error(t, err, "a path climbing out of the tree was seen")
	got, err := fs.ReadFile(tree, "own.go")
	require.NoError(t, err)
	assert.Equal(t, "package shop\n", string(got))
}
