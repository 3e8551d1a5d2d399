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
)

func run(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main"}, args...)...)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "git %v: %s", args, out)
	return strings.TrimSpace(string(out))
}

func write(t *testing.T, path, s string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(s), 0o644))
}

func TestCommitFixCommitsOnlyWhatTheFixerChangedAndPushesOnlyIt(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	root := t.TempDir()
	remote := filepath.Join(root, "remote.git")
	dir := filepath.Join(root, "work")
	run(t, root, "init", "--bare", remote)
	run(t, root, "init", dir)
	write(t, filepath.Join(dir, "a.go"), "package a\n")
	write(t, filepath.Join(dir, "story.md"), "- [ ] x\n")
	write(t, filepath.Join(dir, "wip.go"), "package a // mine\n")
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-m", "init")
	run(t, dir, "remote", "add", "origin", remote)
	run(t, dir, "push", "-u", "origin", "main")

	repo := Repo{Dir: dir}
	head, err := repo.Head(ctx)
	require.NoError(t, err)
	assert.Len(t, head, 40)

	write(t, filepath.Join(dir, "wip.go"), "package a // my uncommitted work\n")
	before, err := repo.Status(ctx)
	require.NoError(t, err)

	// The fixer edits a.go and wip.go; the run writes evidence and markers.
	write(t, filepath.Join(dir, "a.go"), "package a\n\n// fixed\n")
	write(t, filepath.Join(dir, "wip.go"), "package a // my uncommitted work, reformatted\n")
	write(t, filepath.Join(dir, "reports", "K-1-evidence.txt"), "ev\n")
	write(t, filepath.Join(dir, "story.md"), "- [x] x\n")
	realDir, _ := filepath.EvalSymlinks(dir)
	sha, skipped, err := repo.CommitFix(ctx, before, "autoverify: fix", []string{filepath.Join(realDir, "reports"), filepath.Join(realDir, "story.md")})
	require.NoError(t, err)
	require.NotEmpty(t, sha)
	assert.Equal(t, []string{"wip.go"}, skipped)
	assert.Equal(t, "a.go", run(t, dir, "show", "--name-only", "--format=", sha))

	// A later local commit (evidence) must not be pushed with the fix.
	run(t, dir, "add", "reports")
	run(t, dir, "commit", "-m", "evidence")
	require.NoError(t, repo.Push(ctx, sha))
	assert.Equal(t, sha, run(t, remote, "rev-parse", "main"))
}

func TestNotARepo(t *testing.T) {
	t.Parallel()
	_, err := Repo{Dir: t.TempDir()}.Head(context.Background())
	assert.ErrorIs(t, err, ErrNotRepo)
}
