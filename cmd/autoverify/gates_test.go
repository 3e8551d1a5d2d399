package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/integrations/github/githubtest"
)

// gitCommit writes files into dir ("" removes one), commits and returns
// the commit.
func gitCommit(t *testing.T, dir, msg string, files map[string]string) string {
	t.Helper()
	git := func(args ...string) string {
		out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
		return strings.TrimSpace(string(out))
	}
	if _, err := os.Stat(filepath.Join(dir, ".git")); err != nil {
		git("init", "-q", "-b", "main")
		git("config", "user.email", "t@example.com")
		git("config", "user.name", "t")
	}
	for p, body := range files {
		full := filepath.Join(dir, p)
		if body == "" {
			require.NoError(t, os.Remove(full))
			continue
		}
		require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(t, os.WriteFile(full, []byte(body), 0o644))
	}
	git("add", "-A")
	git("commit", "-q", "-m", msg)
	return git("rev-parse", "HEAD")
}

const (
	gatesCalc      = "package calc\n\nfunc Abs(x int) int { return x }\n"
	gatesCalcFixed = "package calc\n\nfunc Abs(x int) int {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n"
	gatesCalcTest  = "package calc\n\nimport \"testing\"\n\nfunc TestAbsPositive(t *testing.T) {\n\tif Abs(3) != 3 {\n\t\tt.Fatal(\"3\")\n\t}\n}\n"
	gatesNegTest   = "\nfunc TestAbsNegative(t *testing.T) {\n\tif Abs(-2) != 2 {\n\t\tt.Fatal(\"-2\")\n\t}\n}\n"
)

// gatesJSON is `gates --json`'s documented shape, read strictly.
type gatesJSON struct {
	Base  string `json:"base"`
	Head  string `json:"head"`
	Gates []struct {
		Gate           string `json:"gate"`
		Command        string `json:"command"`
		ExitCode       int    `json:"exit_code"`
		Classification string `json:"classification"`
		Snippet        string `json:"snippet"`
		Timestamp      string `json:"timestamp"`
		Attempt        int    `json:"attempt"`
	} `json:"gates"`
	Tests struct {
		FailToPass []string `json:"fail_to_pass"`
		PassToPass []string `json:"pass_to_pass"`
		Guards     []string `json:"guards"`
		Vanity     []string `json:"vanity"`
		Broken     []string `json:"broken"`
		Rewritten  []string `json:"rewritten"`
		Tampered   []string `json:"tampered"`
		NotRun     []string `json:"not_run"`
	} `json:"tests"`
}

func decodeGates(t *testing.T, raw []byte) gatesJSON {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	var g gatesJSON
	require.NoError(t, dec.Decode(&g), "%s", raw)
	return g
}

// calcRepo is a git repository in the harness's directory, with go test
// and go vet allowed, whose first commit is the unfixed calc package (Abs
// returns x as is) and its test of positive numbers; it returns the
// repository and that commit.
func calcRepo(t *testing.T, h *harness) (repo, base string) {
	t.Helper()
	h.env["ENGINEO_AUTOVERIFY_ALLOWLIST"] = "go test,go vet"
	repo = filepath.Join(h.dir, "repo")
	require.NoError(t, os.MkdirAll(repo, 0o755))
	return repo, gitCommit(t, repo, "base", map[string]string{"go.mod": "module example.com/calc\n\ngo 1.22\n", "calc.go": gatesCalc, "calc_test.go": gatesCalcTest})
}

func TestGatesCLIGo(t *testing.T) {
	h := newHarness(t)
	repo, base := calcRepo(t, h)
	head := gitCommit(t, repo, "fix", map[string]string{"calc.go": gatesCalcFixed, "calc_test.go": gatesCalcTest + gatesNegTest})

	code := h.run("gates", "--workdir", repo, "--base", base, "--json")
	require.Equal(t, 0, code, "stdout: %s\nstderr: %s", h.stdout.String(), h.stderr.String())
	g := decodeGates(t, h.stdout.Bytes())
	assert.Equal(t, base, g.Base)
	assert.Equal(t, head, g.Head, "--head defaults to HEAD")
	var names []string
	for _, e := range g.Gates {
		names = append(names, e.Gate)
		assert.Equal(t, "accept", e.Classification, e.Gate)
		assert.Equal(t, 1, e.Attempt)
		assert.NotEmpty(t, e.Timestamp)
	}
	// A fix that only adds a test: the base's suite runs in RED's tree
	// with it left out, the head's suite without it and it apart, and no
	// base versions run at head.
	assert.Equal(t, []string{"VERIFY_RED", "VERIFY_GREEN", "VERIFY_REFACTOR", "VERIFY_REFACTOR", "VERIFY_IMPLEMENT"}, names)
	assert.Equal(t, "go test -run '^(TestAbsNegative)$' -json -count=2 .", g.Gates[0].Command)
	assert.Equal(t, "go test -run '^(TestAbsNegative)$' -json .", g.Gates[1].Command)
	assert.Equal(t, "go test -skip '^(TestAbsNegative)$' -json ./...", g.Gates[2].Command)
	assert.Equal(t, "go test -skip '^(TestAbsNegative)$' -json ./...", g.Gates[3].Command)
	assert.Equal(t, "go vet ./...", g.Gates[4].Command)
	assert.Equal(t, []string{"TestAbsNegative"}, g.Tests.FailToPass)
	assert.Equal(t, []string{"TestAbsPositive"}, g.Tests.PassToPass)
	assert.Equal(t, []string{}, g.Tests.Vanity)
	if testing.Short() {
		t.Log("-short: the guard, tampering and vanity runs below are left to scripts/test-long.sh")
		return
	}

	// A new test that passes on the base beside a red one is a guard
	// (issue 30: as a reviewer reads it), named or not.
	guarded := gitCommit(t, repo, "double", map[string]string{"double.go": "package calc\n\nfunc Double(x int) int { return 2 * x }\n",
		"double_test.go": "package calc\n\nimport \"testing\"\n\nfunc TestDouble(t *testing.T) {\n\tif Double(2) != 4 {\n\t\tt.Fatal(\"2\")\n\t}\n}\n\nfunc TestAbsTen(t *testing.T) {\n\tif Abs(10) != 10 {\n\t\tt.Fatal(\"10\")\n\t}\n}\n"})
	code = h.run("gates", "--workdir", repo, "--base", head, "--json")
	assert.Equal(t, 0, code, "a guard beside a red test: %s", h.stdout.String())
	g = decodeGates(t, h.stdout.Bytes())
	assert.Equal(t, []string{"TestAbsTen"}, g.Tests.Guards)
	assert.Equal(t, []string{}, g.Tests.Vanity)
	assert.Equal(t, []string{"TestDouble"}, g.Tests.FailToPass)
	code = h.run("gates", "--workdir", repo, "--base", head, "--guard", "TestAbsTen", "--json")
	assert.Equal(t, 0, code, "a regression guard is not vanity: %s", h.stdout.String())

	// A change that deletes the test and breaks nothing else is tampering.
	dropped := gitCommit(t, repo, "drop the test", map[string]string{"calc_test.go": "package calc\n"})
	code = h.run("gates", "--workdir", repo, "--base", guarded)
	assert.Equal(t, 1, code, "stdout: %s\nstderr: %s", h.stdout.String(), h.stderr.String())
	assert.Contains(t, h.stdout.String(), "REJECTED")
	assert.Contains(t, h.stdout.String(), "TestAbsNegative (deleted)")
	assert.Contains(t, h.stdout.String(), "VERIFY_REFACTOR  reject_failure")

	// A new test alone that passes on the base proves nothing: vanity,
	// unless named a guard.
	gitCommit(t, repo, "vanity", map[string]string{"more_test.go": "package calc\n\nimport \"testing\"\n\nfunc TestAbsEleven(t *testing.T) {\n\tif Abs(11) != 11 {\n\t\tt.Fatal(\"11\")\n\t}\n}\n"})
	code = h.run("gates", "--workdir", repo, "--base", dropped, "--json")
	assert.Equal(t, 1, code)
	g = decodeGates(t, h.stdout.Bytes())
	assert.Equal(t, []string{"TestAbsEleven"}, g.Tests.Vanity)
	assert.Equal(t, "reject_vanity", g.Gates[0].Classification)
	code = h.run("gates", "--workdir", repo, "--base", dropped, "--guard", "TestAbsEleven", "--json")
	g = decodeGates(t, h.stdout.Bytes())
	assert.Equal(t, []string{"TestAbsEleven"}, g.Tests.Guards, "named a guard: not vanity (nor proof: RED has nothing red)")
	assert.Equal(t, []string{}, g.Tests.Vanity)
}

func TestGatesCLIPython(t *testing.T) {
	py := ""
	for _, c := range []string{"python3", "/usr/bin/python3"} {
		if exec.CommandContext(context.Background(), c, "-c", "import pytest").Run() == nil {
			py, _ = exec.LookPath(c)
			break
		}
	}
	if py == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("no python3 with pytest: scripts/test.sh installs python3-pytest")
		}
		t.Skip("SKIPPED LOUDLY: no python3 with pytest (apt-get install python3-pytest)")
	}
	h := newHarness(t)
	h.env["ENGINEO_AUTOVERIFY_ALLOWLIST"] = py + " -m pytest," + py + " -m pyflakes,pyflakes,ruff"
	repo := filepath.Join(h.dir, "repo")
	require.NoError(t, os.MkdirAll(repo, 0o755))
	base := gitCommit(t, repo, "base", map[string]string{"calc.py": "def absolute(x):\n    return x\n",
		"tests/test_calc.py": "from calc import absolute\n\n\ndef test_positive():\n    assert absolute(3) == 3\n"})
	gitCommit(t, repo, "fix", map[string]string{"calc.py": "def absolute(x):\n    return -x if x < 0 else x\n",
		"tests/test_calc.py": "from calc import absolute\n\n\ndef test_positive():\n    assert absolute(3) == 3\n\n\ndef test_negative():\n    assert absolute(-3) == 3\n"})
	code := h.run("gates", "--workdir", repo, "--base", base, "--test-cmd", py+" -m pytest", "--json")
	require.Equal(t, 0, code, "stdout: %s\nstderr: %s", h.stdout.String(), h.stderr.String())
	g := decodeGates(t, h.stdout.Bytes())
	assert.Equal(t, []string{"tests/test_calc.py::test_negative"}, g.Tests.FailToPass)
	assert.Equal(t, []string{"tests/test_calc.py::test_positive"}, g.Tests.PassToPass)
	// The checker is picked where the commands run (the sandbox), not by
	// asking the host's python3.
	if exec.CommandContext(context.Background(), py, "-I", "-c", "import pyflakes").Run() == nil {
		var implement []string
		for _, e := range g.Gates {
			if e.Gate == "VERIFY_IMPLEMENT" {
				implement = append(implement, e.Command)
			}
		}
		assert.Equal(t, []string{py + " -I -m pyflakes ./calc.py ./tests/test_calc.py"}, implement)
	}
	entries, err := os.ReadDir(filepath.Join(repo, "tests"))
	require.NoError(t, err)
	require.Len(t, entries, 1, "no __pycache__ in the checkout")
	_, err = os.Stat(filepath.Join(repo, ".pytest_cache"))
	assert.True(t, os.IsNotExist(err), "no .pytest_cache in the checkout")
}

func TestGatesCLIBadInput(t *testing.T) {
	h := newHarness(t)
	h.env["ENGINEO_AUTOVERIFY_ALLOWLIST"] = "go test,go vet,make"
	repo := filepath.Join(h.dir, "repo")
	require.NoError(t, os.MkdirAll(repo, 0o755))
	base := gitCommit(t, repo, "base", map[string]string{"go.mod": "module example.com/calc\n\ngo 1.22\n", "calc.go": gatesCalc})
	notRepo := t.TempDir()
	cases := map[string]struct {
		args []string
		env  map[string]string
		want string
	}{
		"no base":         {args: []string{"--workdir", repo}, want: "gates needs --base REV"},
		"unknown base":    {args: []string{"--workdir", repo, "--base", "nope"}, want: "--base nope: no such commit"},
		"option as base":  {args: []string{"--workdir", repo, "--base", "--output=x"}, want: "--base --output=x: no such commit"},
		"unknown head":    {args: []string{"--workdir", repo, "--base", base, "--head", "v9"}, want: "--head v9: no such commit"},
		"not a work tree": {args: []string{"--workdir", notRepo, "--base", "main"}, want: "not a git work tree"},
		"not allowlisted": {args: []string{"--workdir", repo, "--base", base, "--test-cmd", "go test -race ./..."}, env: map[string]string{"ENGINEO_AUTOVERIFY_ALLOWLIST": "go vet"}, want: "is not in the allowlist"},
		"shell syntax":    {args: []string{"--workdir", repo, "--base", base, "--test-cmd", "go test ./... ; rm -rf /"}, want: "commands run without a shell"},
		"no results":      {args: []string{"--workdir", repo, "--base", base, "--test-cmd", "make test"}, want: "per-test results"},
		"unknown var":     {args: []string{"--workdir", repo, "--base", base, "--test-cmd", "go test '{pkgs}'"}, want: "unknown gate variable {pkgs}"},
		"vet refused":     {args: []string{"--workdir", repo, "--base", base}, env: map[string]string{"ENGINEO_AUTOVERIFY_ALLOWLIST": "go test"}, want: "VERIFY_IMPLEMENT: command `go vet ./...` is not in the allowlist"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			for k, v := range c.env {
				old := h.env[k]
				h.env[k] = v
				defer func() { h.env[k] = old }()
			}
			code := h.run(append([]string{"gates"}, c.args...)...)
			assert.Equal(t, 2, code)
			assert.Contains(t, h.stderr.String(), c.want)
			assert.Equal(t, 1, strings.Count(h.stderr.String(), "\n"), "one line: %q", h.stderr.String())
			assert.Empty(t, h.stdout.String())
		})
	}
}

// A story's GATE= items go through the pipeline: `run --gates-base` judges
// them by the gates of base..HEAD, and the summary carries the gates.
func TestRunStoryWithGateItems(t *testing.T) {
	h := newHarness(t)
	repo, base := calcRepo(t, h)
	gitCommit(t, repo, "fix", map[string]string{"calc.go": gatesCalcFixed, "calc_test.go": gatesCalcTest + gatesNegTest})
	story := h.write("KAN-7.md", "# KAN-7\n\n<!-- AUTO:GATE=red CMD=go test ./... -->\n- [ ] the new test fails before the fix\n"+
		"<!-- AUTO:GATE=green CMD=go test ./... -->\n- [ ] and passes after it\n<!-- AUTO:GATE=refactor CMD=go test ./... -->\n- [ ] nothing else breaks\n")

	code := h.run("run", story, "--workdir", repo, "--gates-base", base)
	require.Equal(t, 0, code, "stdout: %s\nstderr: %s", h.stdout.String(), h.stderr.String())
	raw, err := os.ReadFile(filepath.Join(h.dir, "reports", "KAN-7-auto-verify-summary.json"))
	require.NoError(t, err)
	var sum struct {
		AllPassed bool `json:"all_passed"`
		Results   []struct {
			Command string `json:"command"`
			Passed  bool   `json:"passed"`
		} `json:"results"`
		Gates gatesJSON `json:"gates"`
	}
	require.NoError(t, json.Unmarshal(raw, &sum), "%s", raw)
	assert.True(t, sum.AllPassed)
	assert.Len(t, sum.Results, 3, "each GATE= item is a result")
	assert.Equal(t, base, sum.Gates.Base)
	assert.Equal(t, []string{"TestAbsNegative"}, sum.Gates.Tests.FailToPass)
	assert.Contains(t, h.stdout.String(), "every gate accepts", "the terminal shows the gates")
	assert.Contains(t, h.stdout.String(), "FAIL_TO_PASS  TestAbsNegative")
	require.Equal(t, 0, h.run("ledger", "show", "KAN-7", "--json"), h.stderr.String())
	assert.Contains(t, h.stdout.String(), `"gates": {`, "the ledger's history keeps the gates' verdicts")
	assert.Contains(t, h.stdout.String(), `"VERIFY_RED": "accept"`)

	// go vet not allowlisted: the other gates run, GATE=implement says why
	// it did not.
	h.env["ENGINEO_AUTOVERIFY_ALLOWLIST"] = "go test"
	impl := h.write("KAN-8.md", "# KAN-8\n\n<!-- AUTO:GATE=green CMD=go test ./... -->\n- [ ] green\n<!-- AUTO:GATE=implement CMD=go test ./... -->\n- [ ] vet\n")
	code = h.run("run", impl, "--workdir", repo, "--gates-base", base)
	assert.Equal(t, 1, code)
	assert.Contains(t, h.stdout.String(), "`go vet ./...` is not in the allowlist")
	raw, err = os.ReadFile(filepath.Join(h.dir, "reports", "KAN-8-auto-verify-summary.json"))
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"passed_count": 1`)
	h.env["ENGINEO_AUTOVERIFY_ALLOWLIST"] = "go test,go vet"

	// Without a base the items fail, saying what to do; nothing breaks.
	code = h.run("run", story, "--workdir", repo)
	assert.Equal(t, 1, code)
	assert.Contains(t, h.stdout.String()+h.stderr.String(), "--gates-base REV")
}

// TestServeVerifyGates: `/verify gates` on a pull request runs the gates
// against the pull request's base, both trees fetched as tarballs, and the
// check run and the sticky comment show each gate and the test lists.
func TestServeVerifyGates(t *testing.T) {
	redisURL := testRedisURL(t)
	cfg := "allowlist: [true, go test, go vet]\n"
	fake, baseSHA := gatesPullRequest(t, cfg, cfg, gatesNegTest)
	srv := startServer(t, serverEnv(t, fake, redisURL))

	body := "/verify gates"
	cid := fake.AddComment("acme", "web", 7, "alice", body)
	code, _ := srv.deliver(t, "issue_comment", "d-gates-1", commentEvent(cid, "alice", body), testSecret)
	require.Equal(t, 202, code)
	waitForWithin(t, "the gates run", 3*time.Minute, func() bool { return len(completedRuns(fake)) == 1 })
	run := completedRuns(fake)[0]
	summary := run.GetOutput().GetSummary()
	assert.Equal(t, "success", run.GetConclusion(), "%s\n%s", summary, srv.logString())
	assert.Contains(t, summary, "### Gates ✅ every gate accepts")
	assert.Contains(t, summary, "| VERIFY_RED | ✅ accept |")
	assert.Contains(t, summary, "| FAIL_TO_PASS | `TestAbsNegative` |")
	assert.Contains(t, summary, "Base `"+baseSHA[:12]+"`")
	waitFor(t, "the sticky comment", func() bool {
		c := stickyComments(fake)
		return len(c) == 1 && strings.Contains(c[0].GetBody(), "| PASS_TO_PASS | `TestAbsPositive` |")
	})
	assert.Contains(t, stickyComments(fake)[0].GetBody(), "`/verify gates`")

	// A push that adds a test passing without any fix: vanity, and the
	// pull request's check says so.
	const vanityHead = "3333333333333333333333333333333333333333"
	fake.SetFiles("acme", "web", vanityHead, map[string]string{".autoverify.yml": cfg, "go.mod": "module example.com/calc\n\ngo 1.22\n", "calc.go": gatesCalc,
		"calc_test.go": gatesCalcTest + "\nfunc TestAbsTen(t *testing.T) {\n\tif Abs(10) != 10 {\n\t\tt.Fatal(\"10\")\n\t}\n}\n"})
	fake.AddPull("acme", "web", githubtest.PullSpec{Number: 7, Title: "KAN-25: fix Abs", Body: "- [ ] Passes `true`\n",
		HeadRef: "feature/KAN-25", HeadSHA: vanityHead, BaseRef: "main", BaseSHA: baseSHA})
	cid = fake.AddComment("acme", "web", 7, "alice", body)
	code, _ = srv.deliver(t, "issue_comment", "d-gates-2", commentEvent(cid, "alice", body), testSecret)
	require.Equal(t, 202, code)
	waitForWithin(t, "the second gates run", 3*time.Minute, func() bool { return len(completedRuns(fake)) == 2 })
	run = completedRuns(fake)[1]
	assert.NotEqual(t, "success", run.GetConclusion())
	assert.Contains(t, run.GetOutput().GetSummary(), "| VERIFY_RED | ❌ reject_vanity |")
	assert.Contains(t, run.GetOutput().GetSummary(), "| vanity | `TestAbsTen` |")
	waitFor(t, "the vanity comment", func() bool {
		return strings.Contains(stickyComments(fake)[0].GetBody(), "| vanity | `TestAbsTen` |")
	})
}

// gatesPullRequest is a fake GitHub with pull request 7 of acme/web: the
// base fixes nothing (gatesCalc), the head fixes Abs with headTest added to
// the tests; baseCfg is the base branch's .autoverify.yml, headCfg the
// head's. It returns the fake and the base commit.
func gatesPullRequest(t *testing.T, baseCfg, headCfg, headTest string) (*githubtest.Server, string) {
	t.Helper()
	fake := githubtest.NewServer(t)
	fake.AddRepo("acme", "web", "main")
	const baseSHA = "1111111111111111111111111111111111111111"
	const prHead = "2222222222222222222222222222222222222222"
	gomod := "module example.com/calc\n\ngo 1.22\n"
	fake.SetFiles("acme", "web", baseSHA, map[string]string{".autoverify.yml": baseCfg, "go.mod": gomod, "calc.go": gatesCalc, "calc_test.go": gatesCalcTest})
	fake.SetFiles("acme", "web", "main", map[string]string{".autoverify.yml": baseCfg})
	fake.SetFiles("acme", "web", prHead, map[string]string{".autoverify.yml": headCfg, "go.mod": gomod, "calc.go": gatesCalcFixed, "calc_test.go": gatesCalcTest + headTest})
	fake.AddPull("acme", "web", githubtest.PullSpec{Number: 7, Title: "KAN-25: fix Abs", Body: "- [ ] Passes `true`\n",
		HeadRef: "feature/KAN-25", HeadSHA: prHead, BaseRef: "main", BaseSHA: baseSHA})
	fake.SetPermission("acme", "web", "alice", "write")
	return fake, baseSHA
}

// `autoverify gates` is a pipeline request like run's (issue 29): each run
// is a verify cycle of the change's own key, held to the ledger's cap like
// any other; it writes evidence and a summary whose results are the gates,
// and with --json stdout holds the report and nothing else, a refusal
// included.
func TestGatesCLIIsAPipelineRequest(t *testing.T) {
	long(t)
	h := newHarness(t)
	repo, base := calcRepo(t, h)
	head := gitCommit(t, repo, "fix", map[string]string{"calc.go": gatesCalcFixed, "calc_test.go": gatesCalcTest + gatesNegTest})
	key := "gates-" + base[:12] + "-" + head[:12]

	code := h.run("gates", "--workdir", repo, "--base", base, "--json")
	require.Equal(t, 0, code, "stdout: %s\nstderr: %s", h.stdout.String(), h.stderr.String())
	decodeGates(t, h.stdout.Bytes())
	assert.Contains(t, h.stderr.String(), "Ledger:   verify cycles 1/3", "with --json the run's lines go to stderr")
	summaryPath := filepath.Join(h.dir, "reports", key+"-auto-verify-summary.json")
	assert.Contains(t, h.stderr.String(), "Summary:  "+summaryPath)
	raw, err := os.ReadFile(summaryPath)
	require.NoError(t, err)
	var sum struct {
		StoryKey string `json:"story_key"`
		Results  []struct {
			ID     string `json:"item_id"`
			Passed bool   `json:"passed"`
		} `json:"results"`
		Gates struct {
			Tests struct {
				FailToPass []string `json:"fail_to_pass"`
			} `json:"tests"`
		} `json:"gates"`
	}
	require.NoError(t, json.Unmarshal(raw, &sum), "%s", raw)
	assert.Equal(t, key, sum.StoryKey, "the change's own key")
	var ids []string
	for _, it := range sum.Results {
		ids = append(ids, it.ID)
		assert.True(t, it.Passed, it.ID)
	}
	assert.Equal(t, []string{"gate-red", "gate-green", "gate-refactor", "gate-implement"}, ids, "the summary's results are the gates")
	assert.Equal(t, []string{"TestAbsNegative"}, sum.Gates.Tests.FailToPass)

	// The cap holds for gates as for any run: an agent that loops on a
	// change the gates reject (a test alone that passes on the base:
	// vanity) is stopped, and with --json stdout stays empty.
	vanity := gitCommit(t, repo, "vanity", map[string]string{"more_test.go": "package calc\n\nimport \"testing\"\n\nfunc TestAbsEleven(t *testing.T) {\n\tif Abs(11) != 11 {\n\t\tt.Fatal(\"11\")\n\t}\n}\n"})
	for i := 1; i <= 3; i++ {
		code = h.run("gates", "--workdir", repo, "--base", head)
		require.Equal(t, 1, code, "run %d: %s%s", i, h.stdout.String(), h.stderr.String())
		assert.Contains(t, h.stdout.String(), fmt.Sprintf("verify cycles %d/3", i))
	}
	code = h.run("gates", "--workdir", repo, "--base", head, "--json")
	assert.Equal(t, 1, code)
	assert.Empty(t, h.stdout.String(), "--json: nothing but the report on stdout, and there is none")
	vanityKey := "gates-" + head[:12] + "-" + vanity[:12]
	assert.Contains(t, h.stderr.String(), vanityKey+": refused")
	code = h.run("ledger", "show", vanityKey, "--json")
	require.Equal(t, 0, code, h.stderr.String())
	assert.Contains(t, h.stdout.String(), `"auto_verify_runs": 3`)

	// The kill switch is for runs stories and events trigger: gates asked
	// for by name still run (exit 0 would say every gate accepts).
	h.env["ENGINEO_AUTOVERIFY_ENABLED"] = "0"
	code = h.run("gates", "--workdir", repo, "--base", base)
	assert.Equal(t, 0, code, "%s%s", h.stdout.String(), h.stderr.String())
	assert.Contains(t, h.stdout.String(), "every gate accepts")
}
