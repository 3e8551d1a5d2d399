package workspace

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

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

// A FIFO where a file is read, even one swapped in while the reading
// looks, never makes the reading wait for a writer.
func TestTreesNeverWaitOnAFIFO(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "go.mod"), 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	tree, closeTree, err := Trees{}.OpenTree(dir)
	require.NoError(t, err)
	defer func() { _ = closeTree() }()
	done := make(chan error, 1)
	go func() {
		_, err := fs.ReadFile(tree, "go.mod")
		done <- err
	}()
	select {
	case err := <-done:
		assert.Error(t, err, "a FIFO read as a file")
	case <-time.After(10 * time.Second):
		t.Fatal("opening a FIFO named go.mod waited for a writer")
	}
}

// A link inside the tree reads as a link (fs.Lstat), so the failure
// reading can refuse to judge a path through one.
func TestTreesShowLinksAsLinks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "real", "pkg"), 0o755))
	require.NoError(t, os.Symlink("real", filepath.Join(dir, "alias")))
	tree, closeTree, err := Trees{}.OpenTree(dir)
	require.NoError(t, err)
	defer func() { _ = closeTree() }()
	st, err := fs.Lstat(tree, "alias")
	require.NoError(t, err)
	assert.Equal(t, fs.ModeSymlink, st.Mode().Type())
	entries, err := fs.ReadDir(tree, ".")
	require.NoError(t, err)
	require.Len(t, entries, 2)
	assert.Equal(t, "alias", entries[0].Name())
	assert.Equal(t, "real", entries[1].Name())
}
