package workspace

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCloneCopiesFilesModesAndLinksWithoutFollowing(t *testing.T) {
	t.Parallel()
	src := filepath.Join(t.TempDir(), "repo")
	require.NoError(t, os.MkdirAll(filepath.Join(src, "pkg"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(src, "pkg", "run.sh"), []byte("#!/bin/sh\necho ok\n"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(src, "README"), []byte("hello"), 0o644))
	outside := filepath.Join(t.TempDir(), "secret")
	require.NoError(t, os.WriteFile(outside, []byte("s3cret"), 0o600))
	require.NoError(t, os.Symlink(outside, filepath.Join(src, "leak")))

	dst, release, err := Copier{Dir: t.TempDir()}.Clone(context.Background(), src)
	require.NoError(t, err)
	assert.Equal(t, "repo", filepath.Base(dst), "the copy keeps the workspace's name")
	b, err := os.ReadFile(filepath.Join(dst, "README"))
	require.NoError(t, err)
	assert.Equal(t, "hello", string(b))
	st, err := os.Stat(filepath.Join(dst, "pkg", "run.sh"))
	require.NoError(t, err)
	assert.NotZero(t, st.Mode()&0o100, "execute bit kept")
	target, err := os.Readlink(filepath.Join(dst, "leak"))
	require.NoError(t, err, "a link stays a link")
	assert.Equal(t, outside, target)

	// Writes in the copy never reach the original.
	require.NoError(t, os.WriteFile(filepath.Join(dst, "README"), []byte("changed"), 0o644))
	b, _ = os.ReadFile(filepath.Join(src, "README"))
	assert.Equal(t, "hello", string(b))

	release()
	_, err = os.Stat(dst)
	assert.True(t, os.IsNotExist(err), "release removes the copy")
}

func TestCloneOfAMissingDirectoryNamesIt(t *testing.T) {
	t.Parallel()
	_, _, err := Copier{Dir: t.TempDir()}.Clone(context.Background(), "/nonexistent/ws")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "/nonexistent/ws")
}

func TestCloneLeavesOutAutoverifysOwnDirectories(t *testing.T) {
	t.Parallel()
	src := filepath.Join(t.TempDir(), "repo")
	for _, f := range []string{"main.go", "reports/S-1-evidence.txt", "state/ledger.db", "pkg/reports/keep.txt"} {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(src, f)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(src, f), []byte(f), 0o644))
	}
	require.NoError(t, os.Symlink("main.go", filepath.Join(src, "link")))
	outside := t.TempDir()
	c := Copier{Dir: t.TempDir(), Skip: []string{filepath.Join(src, "reports"), filepath.Join(src, "state"), outside, src}}
	dst, release, err := c.Clone(context.Background(), src)
	require.NoError(t, err)
	defer release()
	for _, gone := range []string{"reports", "state"} {
		_, err := os.Lstat(filepath.Join(dst, gone))
		assert.True(t, os.IsNotExist(err), "%s was copied", gone)
	}
	for _, kept := range []string{"main.go", "pkg/reports/keep.txt"} {
		b, err := os.ReadFile(filepath.Join(dst, kept))
		require.NoError(t, err, "only the named directories are left out")
		assert.Equal(t, kept, string(b))
	}
	target, err := os.Readlink(filepath.Join(dst, "link"))
	require.NoError(t, err, "links stay links when some paths are skipped")
	assert.Equal(t, "main.go", target)
}

// BenchmarkClone copies (and releases) a small git work tree, the one
// `autoverify run` copies for a second reviewer of a one-item story.
func BenchmarkClone(b *testing.B) {
	src := filepath.Join(b.TempDir(), "repo")
	require.NoError(b, os.MkdirAll(src, 0o755))
	require.NoError(b, os.WriteFile(filepath.Join(src, "S-1.md"), []byte("- [ ] a `true`\n"), 0o644))
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=b", "-c", "user.email=b@b", "commit", "-q", "-m", "init"}} {
		out, err := exec.Command("git", append([]string{"-C", src}, args...)...).CombinedOutput()
		require.NoError(b, err, "git %v: %s", args, out)
	}
	c := Copier{Dir: b.TempDir()}
	for b.Loop() {
		_, release, err := c.Clone(context.Background(), src)
		if err != nil {
			b.Fatal(err)
		}
		release()
	}
}

func TestReleaseInTheBackground(t *testing.T) {
	t.Parallel()
	src := filepath.Join(t.TempDir(), "repo")
	require.NoError(t, os.MkdirAll(filepath.Join(src, "a", "b"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(src, "a", "b", "f"), []byte("x"), 0o644))
	var removals sync.WaitGroup
	dst, release, err := Copier{Dir: t.TempDir(), Removals: &removals}.Clone(context.Background(), src)
	require.NoError(t, err)
	release()
	removals.Wait()
	_, err = os.Stat(filepath.Dir(dst))
	assert.True(t, os.IsNotExist(err), "the copy is gone once the removals are waited for")
	_, err = os.Stat(filepath.Join(src, "a", "b", "f"))
	assert.NoError(t, err, "the original stays")
}
