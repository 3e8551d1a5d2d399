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

func TestTreeHashSeesTheWorkTreeNotTheIndex(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	run := func(args ...string) string {
		out, err := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	run("init", "-q")
	write := func(name, content string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("main.go", "package main\n")
	write(".gitignore", "ignored/\n")
	run("add", ".")
	run("commit", "-q", "-m", "init")
	repo := Repo{Dir: dir}
	ctx := context.Background()
	exclude := []string{filepath.Join(dir, "reports"), filepath.Join(dir, "docs", "S-1.md")}

	clean, err := repo.TreeHash(ctx, exclude...)
	if err != nil {
		t.Fatal(err)
	}
	if clean != run("rev-parse", "HEAD^{tree}") {
		t.Errorf("a clean work tree hashes to %s, not HEAD's tree", clean)
	}
	write("reports/S-1-evidence.txt", "evidence")
	write("docs/S-1.md", "- [x] a\n  - Auto-verified: PASS\n")
	write("ignored/cache", "x")
	if h, _ := repo.TreeHash(ctx, exclude...); h != clean {
		t.Error("evidence, the story's markers or ignored files changed the hash")
	}
	write("new.go", "package main\n")
	untracked, _ := repo.TreeHash(ctx, exclude...)
	if untracked == clean {
		t.Error("an untracked file did not change the hash")
	}
	write("main.go", "package main // edited\n")
	edited, _ := repo.TreeHash(ctx, exclude...)
	if edited == untracked {
		t.Error("an edit did not change the hash")
	}
	if staged := run("diff", "--cached", "--name-only"); staged != "" {
		t.Errorf("the user's index was touched: %q staged", staged)
	}
	if _, err := (Repo{Dir: t.TempDir()}).TreeHash(ctx); err == nil {
		t.Error("outside git: want an error")
	}
	// Excluding a path .gitignore already ignores is fine (git itself
	// refuses to name one), and HeadAndTree gives HEAD as well.
	write(".gitignore", "ignored/\nreports/\n")
	head, tree, err := repo.HeadAndTree(ctx, exclude...)
	if err != nil || tree == "" || head != run("rev-parse", "HEAD") {
		t.Errorf("HeadAndTree = %q, %q, %v", head, tree, err)
	}
}
