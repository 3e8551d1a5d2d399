package workspace

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCopiesGoToMemoryWhenTheyFit: with no directory named, a copy goes
// to a memory file system (the temporary directory when it is one, else
// /dev/shm) when the tree fits in a quarter of its free space, and to the
// temporary directory when it does not.
func TestCopiesGoToMemoryWhenTheyFit(t *testing.T) {
	if !inMemory(memoryFS) {
		t.Skipf("no tmpfs at %s on this machine", memoryFS)
	}
	src := filepath.Join(t.TempDir(), "repo")
	require.NoError(t, os.MkdirAll(src, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(src, "f"), []byte("x"), 0o644))
	dst, release, err := Copier{}.Clone(context.Background(), src)
	require.NoError(t, err)
	defer release()
	assert.True(t, inMemory(dst), "a small tree's copy is in memory: %s", dst)

	assert.Equal(t, os.TempDir(), Copier{}.place(1<<62), "a tree that does not fit stays on the temporary directory")
	assert.Equal(t, "/named", Copier{Dir: "/named"}.place(1), "a named directory always wins")
}

// TestStaleCopiesAreSwept: a copy a killed run left in the memory file
// system is removed by a later run once it is a day old; younger copies
// and other entries stay.
func TestStaleCopiesAreSwept(t *testing.T) {
	dir := t.TempDir()
	old, young, other := filepath.Join(dir, copyPrefix+"old"), filepath.Join(dir, copyPrefix+"young"), filepath.Join(dir, "someone-else")
	for _, d := range []string{old, young, other} {
		require.NoError(t, os.MkdirAll(filepath.Join(d, "repo"), 0o755))
	}
	day := time.Now().Add(-25 * time.Hour)
	require.NoError(t, os.Chtimes(old, day, day))
	require.NoError(t, os.Chtimes(other, day, day))
	sweepStale(dir, time.Now())
	left, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range left {
		names = append(names, e.Name())
	}
	assert.Equal(t, "autoverify-reviewer-young someone-else", strings.Join(names, " "))
}

// TestCopiesOfAGoneProcessAreSwept: a copy whose process (in this PID
// namespace) is gone is removed at once — a server killed mid-run leaves
// its copies, which on a memory file system hold memory; a copy of a live
// process, or of another PID namespace (another container sharing the
// directory), stays until it is a day old.
func TestCopiesOfAGoneProcessAreSwept(t *testing.T) {
	if pidNamespace() == "0" {
		t.Skip("no PID namespace to read on this system")
	}
	gone := exec.Command("true")
	require.NoError(t, gone.Run())
	dir := t.TempDir()
	ns := pidNamespace()
	names := map[string]bool{ // name → stays
		copyPrefix + ns + "-" + strconv.Itoa(gone.Process.Pid) + "-1":       false,
		copyPrefix + ns + "-" + strconv.Itoa(os.Getpid()) + "-2":            true,
		copyPrefix + "1" + ns + "-" + strconv.Itoa(gone.Process.Pid) + "-3": true,
		copyPrefix + "12345": true, // the old form: no owner
	}
	for n := range names {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, n, "repo"), 0o755))
	}
	sweepStale(dir, time.Now())
	for n, stays := range names {
		_, err := os.Stat(filepath.Join(dir, n))
		assert.Equal(t, stays, err == nil, n)
	}
	// What Clone makes carries this process.
	src := filepath.Join(t.TempDir(), "repo")
	require.NoError(t, os.MkdirAll(src, 0o755))
	dst, release, err := Copier{Dir: t.TempDir()}.Clone(context.Background(), src)
	require.NoError(t, err)
	defer release()
	assert.True(t, strings.HasPrefix(filepath.Base(filepath.Dir(dst)), copyPrefix+ns+"-"+strconv.Itoa(os.Getpid())+"-"), dst)
}
