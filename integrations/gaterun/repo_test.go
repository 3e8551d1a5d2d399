package gaterun_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// repo is a real git repository a test builds commit by commit.
type repo struct {
	t   *testing.T
	Dir string
}

func newRepo(t *testing.T) *repo {
	t.Helper()
	r := &repo{t: t, Dir: t.TempDir()}
	r.git("init", "-q", "-b", "main")
	r.git("config", "user.email", "t@example.com")
	r.git("config", "user.name", "t")
	r.git("config", "commit.gpgsign", "false")
	return r
}

func (r *repo) git(args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", append([]string{"-C", r.Dir}, args...)...)
	out, err := cmd.CombinedOutput()
	require.NoError(r.t, err, "git %v: %s", args, out)
	return strings.TrimSpace(string(out))
}

// commit writes files ("" removes one), commits and returns the hash.
func (r *repo) commit(msg string, files map[string]string) string {
	r.t.Helper()
	for p, body := range files {
		full := filepath.Join(r.Dir, p)
		if body == "" {
			require.NoError(r.t, os.Remove(full))
			continue
		}
		require.NoError(r.t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(r.t, os.WriteFile(full, []byte(body), 0o644))
	}
	r.git("add", "-A")
	r.git("commit", "-q", "--allow-empty", "-m", msg)
	return r.git("rev-parse", "HEAD")
}

// branch starts a change from base: the work tree goes back to base.
func (r *repo) branch(base string) { r.git("checkout", "-q", "--detach", base) }

// listing is every path of the checkout (without .git) and git's status:
// what a gates run must leave exactly as it was.
func (r *repo) listing() string {
	r.t.Helper()
	var paths []string
	require.NoError(r.t, filepath.WalkDir(r.Dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(r.Dir, p)
		paths = append(paths, rel)
		return nil
	}))
	sort.Strings(paths)
	return strings.Join(paths, "\n") + "\n--status--\n" + r.git("status", "--porcelain", "--ignored") +
		"\n--worktrees--\n" + r.git("worktree", "list", "--porcelain")
}

// pythonWithPytest finds a python3 that can import pytest (the system's,
// from the python3-pytest package, when the PATH's has none).
func pythonWithPytest(t *testing.T) string {
	t.Helper()
	for _, py := range []string{"python3", "/usr/bin/python3"} {
		if exec.CommandContext(context.Background(), py, "-c", "import pytest").Run() == nil {
			if abs, err := exec.LookPath(py); err == nil {
				return abs
			}
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no python3 with pytest: scripts/test.sh installs python3-pytest")
	}
	t.Skip("SKIPPED LOUDLY: no python3 with pytest (apt-get install python3-pytest)")
	return ""
}

func runGit(dir string, args ...string) (string, error) {
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
	return string(out), err
}

// long skips t under `go test -short`, the quick subset CI runs
// (scripts/test.sh): it keeps one end-to-end case of each gate and verdict
// and the attacks on the gates' own trees, and leaves the rest (each a
// few real go or pytest runs in the sandbox, 4-20 s) to
// scripts/test-long.sh, which runs every test.
func long(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("long: bash scripts/test-long.sh runs it")
	}
}
