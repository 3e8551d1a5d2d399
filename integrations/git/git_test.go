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

// oldTreeHash is how TreeHash worked before it read git status first
// (issue 19): every path staged into a copy of the index with `git add -A
// :/`, excluded paths kept as the index has them, `git write-tree`. It is
// the reference the faster path must agree with.
func oldTreeHash(t *testing.T, dir string, exclude []string) string {
	t.Helper()
	top := run(t, dir, "rev-parse", "--show-toplevel")
	indexPath := run(t, dir, "rev-parse", "--path-format=absolute", "--git-path", "index")
	tmp := filepath.Join(t.TempDir(), "index")
	if raw, err := os.ReadFile(indexPath); err == nil {
		require.NoError(t, os.WriteFile(tmp, raw, 0o600))
	}
	args := []string{"add", "-A", "--", ":/"}
	for _, p := range AbsPaths(exclude...) {
		rel, err := filepath.Rel(top, p)
		require.NoError(t, err)
		if exec.Command("git", "-C", dir, "check-ignore", "-q", "--", p).Run() != nil { // not ignored
			args = append(args, ":(exclude,top)"+filepath.ToSlash(rel))
		}
	}
	hash := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_INDEX_FILE="+tmp)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
		return strings.TrimSpace(string(out))
	}
	hash(args...)
	return hash("write-tree")
}

// TestTreeHashAgreesWithStagingEverything walks a work tree through the
// changes a user makes and checks, at each step, that HeadAndTree gives
// what staging everything would (oldTreeHash), that the hash moves exactly
// when the content the checks see moves, and that the user's index file
// is never written.
func TestTreeHashAgreesWithStagingEverything(t *testing.T) {
	t.Parallel()
	if out, err := exec.Command("git", "add", "-h").CombinedOutput(); !strings.Contains(string(out), "pathspec-from-file") {
		t.Skipf("git add has no --pathspec-from-file (git < 2.26): %v", err)
	}
	dir := t.TempDir()
	run(t, dir, "init", "-q")
	write(t, filepath.Join(dir, "main.go"), "package main\n")
	write(t, filepath.Join(dir, "pkg", "run.sh"), "#!/bin/sh\n")
	write(t, filepath.Join(dir, "docs", "S-1.md"), "- [ ] a `true`\n")
	write(t, filepath.Join(dir, ".gitignore"), "ignored/\nstate/\n")
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-q", "-m", "init")
	exclude := []string{filepath.Join(dir, "reports"), filepath.Join(dir, "state"), filepath.Join(dir, "docs", "S-1.md")}
	index := filepath.Join(dir, ".git", "index")
	indexBefore, err := os.ReadFile(index)
	require.NoError(t, err)
	stBefore, err := os.Stat(index)
	require.NoError(t, err)
	ctx := context.Background()

	steps := []struct {
		name   string
		change func()
		// same: the hash must equal the previous step's; otherwise it
		// must differ from every hash seen so far.
		same bool
	}{
		{"clean", func() {}, false},
		{"unchanged again", func() {}, true},
		{"the story's markers, evidence and state rewritten", func() {
			write(t, filepath.Join(dir, "docs", "S-1.md"), "- [x] a `true`\n  - Auto-verified: PASS\n")
			write(t, filepath.Join(dir, "reports", "S-1-evidence.txt"), "evidence")
			write(t, filepath.Join(dir, "state", "ledger.db"), "db")
		}, true},
		{"an ignored file", func() { write(t, filepath.Join(dir, "ignored", "cache"), "x") }, true},
		{"an untracked file", func() { write(t, filepath.Join(dir, "new.go"), "package main\n") }, false},
		{"an untracked file in a new directory, with a glob and a space in its name", func() {
			write(t, filepath.Join(dir, "new dir", "*.go"), "package x\n")
		}, false},
		{"a tracked file edited", func() { write(t, filepath.Join(dir, "main.go"), "package main // edited\n") }, false},
		{"a file mode changed", func() { require.NoError(t, os.Chmod(filepath.Join(dir, "pkg", "run.sh"), 0o755)) }, false},
		{"a tracked file deleted", func() { require.NoError(t, os.Remove(filepath.Join(dir, "main.go"))) }, false},
	}
	seen := map[string]string{}
	var last string
	for _, s := range steps {
		s.change()
		head, tree, err := Repo{Dir: dir}.HeadAndTree(ctx, exclude...)
		require.NoError(t, err, s.name)
		assert.Equal(t, run(t, dir, "rev-parse", "HEAD"), head, s.name)
		assert.Equal(t, oldTreeHash(t, dir, exclude), tree, "%s: differs from staging everything", s.name)
		if s.same {
			assert.Equal(t, last, tree, "%s: the hash moved", s.name)
		} else if prev, ok := seen[tree]; ok {
			assert.Fail(t, "the hash did not move", "%s: same hash as %q", s.name, prev)
		}
		// From a subdirectory, the same answer.
		_, sub, err := Repo{Dir: filepath.Join(dir, "pkg")}.HeadAndTree(ctx, exclude...)
		require.NoError(t, err)
		assert.Equal(t, tree, sub, "%s: from a subdirectory", s.name)
		if _, ok := seen[tree]; !ok {
			seen[tree] = s.name
		}
		last = tree
	}
	after, err := os.ReadFile(index)
	require.NoError(t, err)
	stAfter, err := os.Stat(index)
	require.NoError(t, err)
	assert.Equal(t, indexBefore, after, "the user's index was written")
	assert.Equal(t, stBefore.ModTime(), stAfter.ModTime(), "the user's index was rewritten")
	assert.Empty(t, run(t, dir, "diff", "--cached", "--name-only"), "nothing staged in the user's index")
}

// TestTreeHashStagedChanges: what the user staged counts, at an excluded
// path too (the index's version of it is what the hash keeps), and a
// repository without commits hashes its files with no HEAD.
func TestTreeHashStagedChanges(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	run(t, dir, "init", "-q")
	write(t, filepath.Join(dir, "a.txt"), "a\n")
	head, tree, err := Repo{Dir: dir}.HeadAndTree(ctx)
	require.NoError(t, err, "no commits yet")
	assert.Empty(t, head)
	assert.Equal(t, oldTreeHash(t, dir, nil), tree)

	write(t, filepath.Join(dir, "S-1.md"), "story\n")
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-q", "-m", "init")
	exclude := []string{filepath.Join(dir, "S-1.md")}
	clean, err := Repo{Dir: dir}.TreeHash(ctx, exclude...)
	require.NoError(t, err)
	assert.Equal(t, run(t, dir, "rev-parse", "HEAD^{tree}"), clean)

	write(t, filepath.Join(dir, "S-1.md"), "story, staged\n")
	run(t, dir, "add", "S-1.md")
	staged, err := Repo{Dir: dir}.TreeHash(ctx, exclude...)
	require.NoError(t, err)
	assert.NotEqual(t, clean, staged, "a staged change at an excluded path is the index's version")
	assert.Equal(t, oldTreeHash(t, dir, exclude), staged)

	run(t, dir, "reset", "-q")
	write(t, filepath.Join(dir, "b.txt"), "b\n")
	run(t, dir, "add", "b.txt")
	require.NoError(t, os.Remove(filepath.Join(dir, "b.txt")))
	gone, err := Repo{Dir: dir}.TreeHash(ctx, exclude...)
	require.NoError(t, err)
	assert.Equal(t, clean, gone, "staged, then deleted from the work tree: the work tree wins")
	assert.Equal(t, oldTreeHash(t, dir, exclude), gone)
}

func TestParseStatus(t *testing.T) {
	t.Parallel()
	top := "/w"
	exclude := []string{"/w/reports", "/w/S-1.md"}
	for name, tc := range map[string]struct {
		out   string
		stage []string
		same  bool
	}{
		"clean":                     {"", nil, true},
		"excluded, work tree only":  {"1 .M N... 100644 100644 100644 a a S-1.md\x00? reports/e.txt\x00", nil, true},
		"excluded, staged":          {"1 M. N... 100644 100644 100644 a b S-1.md\x00", nil, false},
		"tracked edit with a space": {"1 .M N... 100644 100644 100644 a a my file.go\x00", []string{"my file.go"}, false},
		"staged only":               {"1 A. N... 000000 100644 100644 0 b new.go\x00", nil, false},
		"untracked":                 {"? x/y.go\x00", []string{"x/y.go"}, false},
		"unmerged":                  {"u UU N... 100644 100644 100644 100644 a b c c.go\x00", []string{"c.go"}, false},
		"renamed and changed":       {"2 RM N... 100644 100644 100644 a a R100 new.go\x00old.go\x00? z\x00", []string{"new.go", "z"}, false},
	} {
		stage, same, err := parseStatus(tc.out, top, exclude)
		require.NoError(t, err, name)
		assert.Equal(t, tc.stage, stage, name)
		assert.Equal(t, tc.same, same, name)
	}
	_, _, err := parseStatus("1 .M short\x00", top, exclude)
	assert.Error(t, err, "a malformed entry is an error, not a guess")
}
