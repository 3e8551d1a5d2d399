package gaterun

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The static report that names the files treeFile reads is written by the
// change's code: it must not reach outside the tree.
func TestTreeFileStaysInTheTree(t *testing.T) {
	t.Parallel()
	outside := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(outside, "secret.py"), []byte("x as x\n"), 0o600))
	tree := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(tree, "api.py"), []byte("from m import x as x\n"), 0o600))
	require.NoError(t, os.Symlink(filepath.Join(outside, "secret.py"), filepath.Join(tree, "link.py")))
	read := treeFile(tree)
	assert.Equal(t, "from m import x as x\n", string(read("./api.py")))
	assert.Nil(t, read("../"+filepath.Base(outside)+"/secret.py"), "a path out of the tree")
	assert.Nil(t, read(filepath.Join(outside, "secret.py")), "an absolute path")
	assert.Nil(t, read("link.py"), "a symlink out of the tree")
}
