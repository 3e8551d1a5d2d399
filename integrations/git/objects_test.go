package git

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// revParseAnswer is what git says readHead should say.
func revParseAnswer(t *testing.T, dir string) (top, index, head, tree string) {
	t.Helper()
	out := run(t, dir, "rev-parse", "--path-format=absolute", "--git-path", "index", "--show-toplevel", "HEAD", "HEAD^{tree}")
	l := strings.Split(out, "\n")
	require.Len(t, l, 4)
	return l[1], l[0], l[2], l[3]
}

// TestReadHeadAgreesWithGit checks readHead against git rev-parse in every
// layout it reads — a loose commit, a packed commit and packed refs after
// gc (also with a 64-bit offset table), a detached HEAD, a subdirectory —
// and that it declines the layouts it leaves to git.
func TestReadHeadAgreesWithGit(t *testing.T) {
	newRepo := func(t *testing.T) string {
		dir := t.TempDir()
		run(t, dir, "init", "-q")
		write(t, filepath.Join(dir, "a.txt"), "a\n")
		write(t, filepath.Join(dir, "sub", "b.txt"), "b\n")
		run(t, dir, "add", ".")
		run(t, dir, "commit", "-qm", "one")
		write(t, filepath.Join(dir, "a.txt"), "a2\n")
		run(t, dir, "commit", "-qam", "two\n\nwith a body")
		return dir
	}
	agree := func(t *testing.T, dir string) {
		t.Helper()
		top, index, head, tree, ok := readHead(dir)
		require.True(t, ok, "readHead declined")
		wTop, wIndex, wHead, wTree := revParseAnswer(t, dir)
		assert.Equal(t, []string{wTop, wIndex, wHead, wTree}, []string{top, index, head, tree})
	}
	t.Run("loose", func(t *testing.T) { agree(t, newRepo(t)) })
	t.Run("subdirectory", func(t *testing.T) { agree(t, filepath.Join(newRepo(t), "sub")) })
	t.Run("packed", func(t *testing.T) {
		dir := newRepo(t)
		run(t, dir, "gc", "-q", "--aggressive")
		_, err := os.Stat(filepath.Join(dir, ".git", "refs", "heads", "main"))
		require.True(t, os.IsNotExist(err), "gc left a loose ref")
		agree(t, dir)
	})
	t.Run("detached", func(t *testing.T) {
		dir := newRepo(t)
		run(t, dir, "checkout", "-q", "HEAD~1")
		agree(t, dir)
	})
	declines := func(t *testing.T, dir string) {
		t.Helper()
		_, _, _, _, ok := readHead(dir)
		assert.False(t, ok)
	}
	t.Run("no commits", func(t *testing.T) {
		dir := t.TempDir()
		run(t, dir, "init", "-q")
		declines(t, dir)
	})
	t.Run("worktree", func(t *testing.T) {
		dir := newRepo(t)
		wt := filepath.Join(t.TempDir(), "wt")
		run(t, dir, "worktree", "add", "-q", wt)
		declines(t, wt)
	})
	t.Run("not a repository", func(t *testing.T) { declines(t, t.TempDir()) })
	t.Run("tampered commit", func(t *testing.T) {
		dir := newRepo(t)
		head := run(t, dir, "rev-parse", "HEAD")
		// A loose object whose bytes do not hash to its name is refused,
		// not read.
		obj := filepath.Join(dir, ".git", "objects", head[:2], head[2:])
		other := run(t, dir, "rev-parse", "HEAD~1")
		raw, err := os.ReadFile(filepath.Join(dir, ".git", "objects", other[:2], other[2:]))
		require.NoError(t, err)
		require.NoError(t, os.Chmod(obj, 0o644))
		require.NoError(t, os.WriteFile(obj, raw, 0o644))
		declines(t, dir)
	})
	t.Run("replaced", func(t *testing.T) {
		dir := newRepo(t)
		run(t, dir, "replace", "HEAD", "HEAD~1")
		declines(t, dir)
		run(t, dir, "pack-refs", "--all")
		declines(t, dir)
	})
	t.Run("sha256", func(t *testing.T) {
		dir := t.TempDir()
		run(t, dir, "init", "-q", "--object-format=sha256")
		write(t, filepath.Join(dir, "a.txt"), "a\n")
		run(t, dir, "add", ".")
		run(t, dir, "commit", "-qm", "one")
		declines(t, dir)
	})
}

// TestReadHeadDeclinesWithGitVariables: GIT_DIR and the like move the
// repository where a walk up from the directory would not look.
func TestReadHeadDeclinesWithGitVariables(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "init", "-q")
	write(t, filepath.Join(dir, "a.txt"), "a\n")
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-qm", "one")
	_, _, _, _, ok := readHead(dir)
	require.True(t, ok)
	t.Setenv("GIT_DIR", filepath.Join(dir, ".git"))
	_, _, _, _, ok = readHead(dir)
	assert.False(t, ok)
}

func TestBranchOID(t *testing.T) {
	assert.Equal(t, "0123456789012345678901234567890123456789",
		branchOID("# branch.oid 0123456789012345678901234567890123456789\x00# branch.head main\x00? x\x00"))
	assert.Equal(t, "", branchOID("# branch.oid (initial)\x00# branch.head main\x00"))
	assert.Equal(t, "", branchOID("? x\x00"))
}

// TestFindInIndexLargeOffset reads an offset from a version 2 index's
// 64-bit table, which git writes only for packs over 2 GiB (and refuses
// in smaller ones), so the index is built here.
func TestFindInIndexLargeOffset(t *testing.T) {
	ids := [][]byte{bytes.Repeat([]byte{0x10}, 20), bytes.Repeat([]byte{0xab}, 20), bytes.Repeat([]byte{0xac}, 20)}
	var b bytes.Buffer
	b.Write([]byte{0xff, 't', 'O', 'c', 0, 0, 0, 2})
	for i := 0; i < 256; i++ {
		n := 0
		for _, id := range ids {
			if int(id[0]) <= i {
				n++
			}
		}
		_ = binary.Write(&b, binary.BigEndian, uint32(n))
	}
	for _, id := range ids {
		b.Write(id)
	}
	b.Write(make([]byte, 4*len(ids)))                       // CRCs
	_ = binary.Write(&b, binary.BigEndian, uint32(12))      // small offset
	_ = binary.Write(&b, binary.BigEndian, uint32(1<<31|1)) // the second large one
	_ = binary.Write(&b, binary.BigEndian, uint32(1<<31|0)) // the first large one
	_ = binary.Write(&b, binary.BigEndian, uint64(5<<32))   // large 0
	_ = binary.Write(&b, binary.BigEndian, uint64(7<<32+3)) // large 1
	path := filepath.Join(t.TempDir(), "pack-x.idx")
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
	for i, want := range []int64{12, 7<<32 + 3, 5 << 32} {
		off, found, err := findInIndex(path, ids[i])
		require.NoError(t, err)
		assert.True(t, found)
		assert.Equal(t, want, off, "id %d", i)
	}
	_, found, err := findInIndex(path, bytes.Repeat([]byte{0xaa}, 20))
	require.NoError(t, err)
	assert.False(t, found)
}
