package git

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/integrations/git/prestatus"
)

// resetAhead forgets a prestarted status (prestatus.Start counts once per
// process); these tests are not parallel for that reason.
func resetAhead() { prestatus.Reset() }

// countingGit puts a git on PATH that logs each subcommand it runs before
// running the real one, and returns the log's path.
func countingGit(t *testing.T) string {
	real, err := exec.LookPath("git")
	require.NoError(t, err)
	bin := t.TempDir()
	log := filepath.Join(bin, "calls")
	script := "#!/bin/sh\nfor a in \"$@\"; do case $a in status|rev-parse|write-tree|add|read-tree|update-index) echo $a >> " + log + "; break;; esac; done\nexec " + real + " \"$@\"\n"
	require.NoError(t, os.WriteFile(filepath.Join(bin, "git"), []byte(script), 0o755))
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	return log
}

func calls(t *testing.T, log string) []string {
	b, err := os.ReadFile(log)
	if os.IsNotExist(err) {
		return nil
	}
	require.NoError(t, err)
	return strings.Fields(string(b))
}

// TestPrestartedStatusIsUsed: HeadAndTree of the directory prestatus.Start
// was given takes its answer instead of running git status again, and
// gives the same hash.
func TestPrestartedStatusIsUsed(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "init", "-q")
	write(t, filepath.Join(dir, "a.go"), "package a\n")
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-q", "-m", "one")
	write(t, filepath.Join(dir, "b.go"), "package a // untracked\n")
	want, wantTree, err := Repo{Dir: dir}.HeadAndTree(context.Background())
	require.NoError(t, err)

	log := countingGit(t)
	resetAhead()
	t.Cleanup(resetAhead)
	prestatus.Start(dir)
	prestatus.Wait()
	before := len(calls(t, log))
	assert.Equal(t, 1, before, "the prestarted status")
	head, tree, err := Repo{Dir: filepath.Join(dir, ".")}.HeadAndTree(context.Background())
	require.NoError(t, err)
	assert.Equal(t, want, head)
	assert.Equal(t, wantTree, tree)
	assert.NotContains(t, calls(t, log)[before:], "status", "HeadAndTree ran status again")
}

// TestPrestartedStatusOfAnotherHeadIsNotUsed: when HEAD moves between the
// prestarted status and HeadAndTree (here a soft reset: the work tree stays
// as it was, so it now differs from HEAD where the status said it did
// not), HeadAndTree asks git again and hashes the work tree as it is.
func TestPrestartedStatusOfAnotherHeadIsNotUsed(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "init", "-q")
	write(t, filepath.Join(dir, "a.go"), "package a\n")
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-q", "-m", "one")
	write(t, filepath.Join(dir, "a.go"), "package a // two\n")
	run(t, dir, "commit", "-q", "-am", "two")
	two := run(t, dir, "rev-parse", "HEAD^{tree}")

	resetAhead()
	t.Cleanup(resetAhead)
	prestatus.Start(dir) // clean against "two"
	prestatus.Wait()
	run(t, dir, "reset", "-q", "--soft", "HEAD~1")
	head, tree, err := Repo{Dir: dir}.HeadAndTree(context.Background())
	require.NoError(t, err)
	assert.Equal(t, run(t, dir, "rev-parse", "HEAD"), head)
	assert.Equal(t, two, tree, "the work tree still holds two's a.go")
}

// TestPrestartedStatusOfAnotherDirectoryIsNotUsed: only HeadAndTree of
// the same directory takes it.
func TestPrestartedStatusOfAnotherDirectoryIsNotUsed(t *testing.T) {
	one, two := t.TempDir(), t.TempDir()
	for i, dir := range []string{one, two} {
		run(t, dir, "init", "-q")
		write(t, filepath.Join(dir, "a.go"), strings.Repeat("package a\n", i+1))
		run(t, dir, "add", ".")
		run(t, dir, "commit", "-q", "-m", "one")
	}
	write(t, filepath.Join(one, "a.go"), "package a // dirty\n")
	resetAhead()
	t.Cleanup(resetAhead)
	prestatus.Start(one)
	prestatus.Wait()
	_, tree, err := Repo{Dir: two}.HeadAndTree(context.Background())
	require.NoError(t, err)
	assert.Equal(t, run(t, two, "rev-parse", "HEAD^{tree}"), tree)
}
