package workspace

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCopiesGoToMemoryWhenTheyFit: with no directory named, a copy goes
// to a memory file system (the temporary directory when it is one, else
// /dev/shm) while this process's copies there fit in a quarter of its free
// space, and to the temporary directory when they would not; what a copy
// reserved is given back when it is released.
func TestCopiesGoToMemoryWhenTheyFit(t *testing.T) {
	if !usableMemory(memoryFS) {
		t.Skipf("no usable tmpfs at %s on this machine", memoryFS)
	}
	src := filepath.Join(t.TempDir(), "repo")
	require.NoError(t, os.MkdirAll(src, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(src, "f"), []byte("x"), 0o644))
	dst, release, err := Copier{}.Clone(context.Background(), src)
	require.NoError(t, err)
	assert.True(t, inMemory(dst), "a small tree's copy is in memory: %s", dst)
	release()
	assert.Zero(t, inMemoryNow.Load(), "released: nothing reserved")

	dir, free := Copier{}.place(1 << 62)
	free()
	assert.Equal(t, os.TempDir(), dir, "a tree that does not fit stays on the temporary directory")
	dir, free = Copier{Dir: "/named"}.place(1)
	free()
	assert.Equal(t, "/named", dir, "a named directory always wins")
	if inMemory(os.TempDir()) {
		return
	}
	// Two copies that each fit, but not together: the second goes to disk.
	half := min(freeBytes(memoryFS), memoryHeadroom()) / memoryShare * 6 / 10
	first, freeFirst := Copier{}.place(half)
	second, freeSecond := Copier{}.place(half)
	assert.Equal(t, memoryFS, first)
	assert.Equal(t, os.TempDir(), second, "the copies a process holds in memory share one budget")
	freeSecond()
	freeFirst()
	freeFirst() // twice is once
	assert.Zero(t, inMemoryNow.Load())
}

// TestNoexecMemoryIsNotUsed: a tmpfs mounted noexec would fail every
// program of the tree in the copy (./gradlew, node_modules/.bin) and not
// in the original; it is not used for copies.
func TestNoexecMemoryIsNotUsed(t *testing.T) {
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "noexec,size=1m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here (needs root): %s", out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", dir).Run() })
	assert.True(t, inMemory(dir))
	assert.False(t, usableMemory(dir), "a noexec tmpfs is not for copies")
}

// TestCopiesWhoseOwnerIsGoneAreSwept: a copy holds a lock for as long as
// it exists; a later copy's sweep removes the copies whose lock it can
// take (their process was killed before it could remove them — on a
// memory file system they hold memory), keeps those whose owner holds it
// (in this process or any other, in any PID namespace), and removes a copy
// without a lock only once it is a day old.
func TestCopiesWhoseOwnerIsGoneAreSwept(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(t.TempDir(), "repo")
	require.NoError(t, os.MkdirAll(src, 0o755))
	held, release, err := Copier{Dir: dir}.Clone(context.Background(), src)
	require.NoError(t, err)
	defer release()
	// A copy whose owner is gone: its lock file is there, unlocked.
	orphan := filepath.Join(dir, copyPrefix+"orphan")
	require.NoError(t, os.MkdirAll(filepath.Join(orphan, "repo"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(orphan, lockName), nil, 0o600))
	// Copies without a lock (made before copies had one), old and young,
	// and someone else's directory.
	old, young, other := filepath.Join(dir, copyPrefix+"old"), filepath.Join(dir, copyPrefix+"young"), filepath.Join(dir, "someone-else")
	for _, d := range []string{old, young, other} {
		require.NoError(t, os.MkdirAll(filepath.Join(d, "repo"), 0o755))
	}
	day := time.Now().Add(-25 * time.Hour)
	require.NoError(t, os.Chtimes(old, day, day))
	require.NoError(t, os.Chtimes(other, day, day))

	sweepStale(dir, time.Now())
	for path, stays := range map[string]bool{filepath.Dir(held): true, orphan: false, old: false, young: true, other: true} {
		_, err := os.Stat(path)
		assert.Equal(t, stays, err == nil, path)
	}
	release()
	_, err = os.Stat(filepath.Dir(held))
	assert.True(t, os.IsNotExist(err), "released: the copy and its lock are gone")
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		assert.False(t, strings.HasPrefix(e.Name(), copyPrefix) && e.Name() != filepath.Base(young), "left: %s", e.Name())
	}
}

// TestAKilledOwnersCopyIsSwept: a process that made a copy and was killed
// leaves it; the next copy's sweep removes it.
func TestAKilledOwnersCopyIsSwept(t *testing.T) {
	if os.Getenv("AUTOVERIFY_WORKSPACE_CHILD") != "" {
		src := filepath.Join(os.Getenv("AUTOVERIFY_WORKSPACE_CHILD"), "src")
		_ = os.MkdirAll(src, 0o755)
		dst, _, err := Copier{Dir: os.Getenv("AUTOVERIFY_WORKSPACE_CHILD")}.Clone(context.Background(), src)
		if err != nil {
			os.Exit(3)
		}
		os.Stdout.WriteString(dst + "\n")
		time.Sleep(time.Minute) // killed before it releases
		return
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestAKilledOwnersCopyIsSwept$")
	cmd.Env = append(os.Environ(), "AUTOVERIFY_WORKSPACE_CHILD="+dir)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	line := make([]byte, 4096)
	n, _ := out.Read(line)
	copied := strings.TrimSpace(string(line[:n]))
	require.DirExists(t, copied)
	sweepStale(dir, time.Now())
	assert.DirExists(t, copied, "its owner is alive")
	require.NoError(t, cmd.Process.Kill())
	_ = cmd.Wait()
	sweepStale(dir, time.Now())
	assert.NoDirExists(t, filepath.Dir(copied), "its owner was killed")
}
