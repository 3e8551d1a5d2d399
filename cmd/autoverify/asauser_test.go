package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/integrations/github/githubtest"
)

// These tests run autoverify as a new user does: the built binary, from
// the repository's root, with no flag but the story's path (relative), the
// default two reviewers, the default cache, on small real repositories
// built here, whose tools are the real ones (go, pytest-3, python3). The
// only setting is the repository's own allowlist in .autoverify.yml.

// userRepo is a repository a user verifies, and the story in it.
type userRepo struct {
	name  string
	story string
	files map[string]string
	// setup finishes the repository once its files are written (dir is
	// its root), before the commit.
	setup func(t *testing.T, dir string)
}

const userGitignore = "__pycache__/\n.pytest_cache/\nreports/\n.autoverify/\n"

func userRepos() []userRepo {
	return []userRepo{
		{
			// A console script as a virtualenv installs it: its shebang
			// names the interpreter by the repository's absolute path.
			name:  "venv-tool",
			story: "<!-- AUTO:CMD=.venv/bin/lint -->\n- [ ] the linter passes\n",
			files: map[string]string{".autoverify.yml": "allowlist: [.venv/bin/lint]\n"},
			setup: func(t *testing.T, dir string) {
				bin := filepath.Join(dir, ".venv", "bin")
				require.NoError(t, os.MkdirAll(bin, 0o755))
				require.NoError(t, os.Symlink("/usr/bin/python3", filepath.Join(bin, "python")))
				lint := "#!" + filepath.Join(bin, "python") + "\nimport sys\nprint('lint: 0 problems in', sys.prefix and 'project')\n"
				require.NoError(t, os.WriteFile(filepath.Join(bin, "lint"), []byte(lint), 0o755))
			},
		},
		{
			name:  "dots",
			story: "<!-- AUTO:CMD=sh -c 'echo ok 1.2.3 pkg.name.v2; echo built ./dist/app-0.9.1.tar.gz in 1.25s.' -->\n- [ ] the build prints its version\n",
			files: map[string]string{".autoverify.yml": "allowlist: [sh -c]\n"},
		},
		{
			name:  "go-module",
			story: "- [ ] vet `go vet ./...`\n- [ ] tests `go test ./...`\n",
			files: map[string]string{
				".autoverify.yml": "allowlist: [go vet, go test]\n",
				"go.mod":          "module example.com/calc\n\ngo 1.22\n",
				"calc.go":         "package calc\n\n// Add adds.\nfunc Add(a, b int) int { return a + b }\n",
				"calc_test.go":    "package calc\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) {\n\tif Add(2, 3) != 5 {\n\t\tt.Fatal(\"2+3\")\n\t}\n}\n",
			},
		},
		{
			name:  "pytest",
			story: "- [ ] tests `pytest-3 -q`\n",
			files: map[string]string{
				".autoverify.yml": "allowlist: [pytest-3]\n",
				"calc.py":         "def add(a, b):\n    return a + b\n",
				"test_calc.py":    "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n",
			},
		},
	}
}

// newUserRepo writes r into a new git repository and commits it.
func newUserRepo(t *testing.T, r userRepo) string {
	t.Helper()
	files := map[string]string{"S-1.md": r.story, ".gitignore": userGitignore}
	for k, v := range r.files {
		files[k] = v
	}
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	if r.setup != nil {
		r.setup(t, dir)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "init"}} {
		out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
	return dir
}

// runAsUser is `autoverify run S-1.md` in dir, with the user's environment
// and nothing else: its exit code, output and wall time.
func runAsUser(t *testing.T, bin, dir string) (int, string, time.Duration) {
	t.Helper()
	cmd := exec.Command(bin, "run", "S-1.md")
	cmd.Dir = dir
	cmd.Env = userEnv()
	start := time.Now()
	out, err := cmd.CombinedOutput()
	elapsed := time.Since(start)
	if err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatalf("autoverify run: %v", err)
		}
	}
	return cmd.ProcessState.ExitCode(), string(out), elapsed
}

// userEnv is the test's environment without autoverify's settings (a CI
// machine's ENGINEO_* would not be a new user's).
func userEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "ENGINEO_") {
			env = append(env, kv)
		}
	}
	return env
}

// TestVerifiedAsAUserRunsIt: each repository's story is verified by the
// default two reviewers; run again on the unchanged tree, it is served
// from the cache, marked so, in under 100 ms. Before: a repo-local tool,
// or a passing output with dots, escalated as "no majority" or
// "digest_mismatch", and the second run ran everything again.
func TestVerifiedAsAUserRunsIt(t *testing.T) {
	t.Parallel()
	bin := cliBinary(t)
	for _, r := range userRepos() {
		t.Run(r.name, func(t *testing.T) {
			t.Parallel()
			dir := newUserRepo(t, r)
			code, out, first := runAsUser(t, bin, dir)
			require.Equal(t, 0, code, out)
			assert.Contains(t, out, "Reviewers: verified (2 independent runs of each check)", out)
			assert.NotContains(t, out, "escalated")

			// The fastest of up to ten cached re-verifies (it stops at
			// the first under the bound): one may wait for the rest of
			// the suite on a loaded machine.
			took := time.Hour
			for i := 0; i < 10 && (i < 3 || took >= 100*time.Millisecond); i++ {
				code, out, d := runAsUser(t, bin, dir)
				require.Equal(t, 0, code, out)
				assert.Contains(t, out, "PASS cached", "the run is served from the cache: %s", out)
				took = min(took, d)
			}
			t.Logf("%s: cached re-verify in %s (the first run: %s)", r.name, took.Round(time.Millisecond), first.Round(time.Millisecond))
			// The absolute bound holds on a machine with a core to spare;
			// under CI's own load (the race tests, the deploy check's
			// builds) a process start alone can take longer, so there it
			// is reported, and scripts/bench-realwork.sh measures it.
			if load, ok := loadAverage(); ok && load < float64(runtime.NumCPU()) {
				assert.Less(t, took, 100*time.Millisecond, "cached re-verify, end to end")
			} else {
				t.Logf("the 100 ms bound is not checked under a load of %.1f on %d CPUs", load, runtime.NumCPU())
			}
		})
	}
}

// TestAFlakyTestIsEscalatedAsAUserRunsIt: a test that passes in the tree it
// was written in and fails in a copy made later — as a test that depends on
// when it runs passes one run in two — is escalated with the test named and
// routed to a person, never verified.
func TestAFlakyTestIsEscalatedAsAUserRunsIt(t *testing.T) {
	t.Parallel()
	bin := cliBinary(t)
	stamp := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	dir := newUserRepo(t, userRepo{
		name:  "flaky",
		story: "- [ ] tests `pytest-3 -q`\n",
		files: map[string]string{
			".autoverify.yml": "allowlist: [pytest-3]\n",
			"stamp":           "",
			"test_calc.py":    "import os\n\n\ndef test_stable():\n    assert 1 + 1 == 2\n\n\ndef test_flaky():\n    assert os.stat('stamp').st_mtime == " + fmt.Sprint(stamp.Unix()) + "\n",
		},
		setup: func(t *testing.T, dir string) {
			require.NoError(t, os.Chtimes(filepath.Join(dir, "stamp"), stamp, stamp))
		},
	})
	code, out, _ := runAsUser(t, bin, dir)
	assert.Equal(t, 1, code, out)
	assert.Contains(t, out, "escalated", out)
	assert.Contains(t, out, "human_attention", out)
	assert.Contains(t, out, "flaky: test_calc.py::test_flaky", out)
	assert.NotContains(t, out, "test_stable,")
}

// TestServeVerifiesAsTheCLIDoes: the same stories on a pull request, through
// `serve` and the fake GitHub with the server's defaults (two reviewers,
// the sandbox), reach the same verdicts as the CLI: verified, and a second
// /verify on the same head is served from the cache. The repository with a
// virtualenv is left out: its shebang names the path it was installed at,
// which a pull request's tarball does not have.
func TestServeVerifiesAsTheCLIDoes(t *testing.T) {
	redisURL := testRedisURL(t)
	for i, r := range userRepos() {
		if r.setup != nil {
			continue
		}
		t.Run(r.name, func(t *testing.T) {
			fake := githubtest.NewServer(t)
			fake.AddRepo("acme", "web", "main")
			fake.SetFiles("acme", "web", "main", map[string]string{".autoverify.yml": r.files[".autoverify.yml"]})
			files := map[string]string{".gitignore": userGitignore}
			for k, v := range r.files {
				files[k] = v
			}
			fake.SetFiles("acme", "web", headSHA, files)
			fake.AddPull("acme", "web", githubtest.PullSpec{Number: 7, Title: "KAN-25: a change", Body: r.story,
				HeadRef: "feature/KAN-25", HeadSHA: headSHA, BaseRef: "main"})
			fake.SetPermission("acme", "web", "alice", "write")
			srv := startServer(t, serverEnv(t, fake, redisURL))
			for round := range 2 {
				cid := fake.AddComment("acme", "web", 7, "alice", "/verify")
				code, msg := srv.deliver(t, "issue_comment", fmt.Sprintf("as-user-%d-%d", i, round), commentEvent(cid, "alice", "/verify"), testSecret)
				require.Equal(t, 202, code, msg)
				// The check run completes, then the comment is written:
				// wait for both (the second round's comment is the first,
				// edited).
				// Its checks build and test real code in the sandbox: a
				// cold build cache on a loaded CI machine took 77 s.
				waitForWithin(t, "the verdict and its comment", 3*time.Minute, func() bool {
					comments := stickyComments(fake)
					return len(completedRuns(fake)) == round+1 && len(comments) == 1 &&
						(round == 0 || strings.Contains(comments[0].GetBody(), "cached"))
				})
				cr := completedRuns(fake)[round]
				assert.Equal(t, "success", cr.GetConclusion(), "%s\n%s", cr.GetOutput().GetTitle(), cr.GetOutput().GetSummary())
				body := stickyComments(fake)[0].GetBody()
				assert.NotContains(t, body, "escalated", body)
				if round == 1 {
					assert.Contains(t, cr.GetOutput().GetSummary(), "cached", "the second /verify is served from the cache")
				}
			}
		})
	}
}

// loadAverage is the machine's one-minute load average (Linux).
func loadAverage() (float64, bool) {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(raw))
	if len(f) == 0 {
		return 0, false
	}
	v, err := strconv.ParseFloat(f[0], 64)
	return v, err == nil
}
