package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gatesWeakTest is red on the base (Abs(-2) is -2 there) but checks only
// the sign: a fix that returned 0 for negative numbers would pass it.
const gatesWeakTest = "\nfunc TestAbsSign(t *testing.T) {\n\tif Abs(-2) < 0 {\n\t\tt.Fatal(\"-2\")\n\t}\n}\n"

func TestGatesCLIMutate(t *testing.T) {
	long(t)
	h := newHarness(t)
	repo, base := calcRepo(t, h)
	weak := gitCommit(t, repo, "fix, weakly tested", map[string]string{"calc.go": gatesCalcFixed, "calc_test.go": gatesCalcTest + gatesWeakTest})

	code := h.run("gates", "--workdir", repo, "--base", base, "--head", weak, "--mutate")
	out := h.stdout.String()
	require.Equal(t, 1, code, "stdout: %s\nstderr: %s", out, h.stderr.String())
	assert.Contains(t, out, "REJECTED")
	assert.Contains(t, out, "VERIFY_RED       accept")
	assert.Contains(t, out, "VERIFY_MUTATE    reject_weak    exit 0  go test -json .")
	assert.Contains(t, out, "mutation      score 0.67 (threshold 0.80, 3 mutants); survivors:\n                calc.go:5  zero_return  return -x → return 0\n")
	t.Logf("gates --mutate, weak test:\n%s", out)

	code = h.run("gates", "--workdir", repo, "--base", base, "--head", weak, "--mutate", "--mutate-threshold", "0.6")
	assert.Equal(t, 0, code, "a lower threshold accepts 2 of 3 killed: %s", h.stdout.String())

	out2, err := exec.Command("git", "-C", repo, "checkout", "-q", "-b", "strong", base).CombinedOutput()
	require.NoError(t, err, "%s", out2)
	strong := gitCommit(t, repo, "fix, tested", map[string]string{"calc.go": gatesCalcFixed, "calc_test.go": gatesCalcTest + gatesNegTest})
	code = h.run("gates", "--workdir", repo, "--base", base, "--head", strong, "--mutate", "--json")
	require.Equal(t, 0, code, "stdout: %s\nstderr: %s", h.stdout.String(), h.stderr.String())
	var rep struct {
		Mutation struct {
			Score     float64 `json:"score"`
			Killed    int     `json:"killed"`
			Total     int     `json:"total"`
			Threshold float64 `json:"threshold"`
			Survivors []any   `json:"survivors"`
		} `json:"mutation"`
	}
	require.NoError(t, json.Unmarshal(h.stdout.Bytes(), &rep))
	assert.Equal(t, 1.0, rep.Mutation.Score)
	assert.Equal(t, 3, rep.Mutation.Killed)
	assert.Equal(t, 3, rep.Mutation.Total)
	assert.Equal(t, 0.8, rep.Mutation.Threshold)
	assert.Equal(t, []any{}, rep.Mutation.Survivors)

	code = h.run("gates", "--workdir", repo, "--base", base, "--mutate", "--mutate-threshold", "1.5")
	assert.Equal(t, 2, code)
	assert.Contains(t, h.stderr.String(), "--mutate-threshold 1.5: give a score in (0, 1]")
	code = h.run("gates", "--workdir", repo, "--base", base, "--mutate", "--mutate-max", "0")
	assert.Equal(t, 2, code)
	assert.Contains(t, h.stderr.String(), "--mutate-max 0: give at least 1 mutant")

	// The work tree's .autoverify.yml turns the gate on, as on the
	// server; a flag beats its threshold.
	require.NoError(t, os.WriteFile(filepath.Join(repo, ".autoverify.yml"), []byte("mutate: true\nmutate_threshold: 0.6\n"), 0o644))
	code = h.run("gates", "--workdir", repo, "--base", base, "--head", weak)
	assert.Equal(t, 0, code, "0.67 reaches the file's 0.6: %s", h.stdout.String())
	assert.Contains(t, h.stdout.String(), "VERIFY_MUTATE    accept")
	code = h.run("gates", "--workdir", repo, "--base", base, "--head", weak, "--mutate-threshold", "0.8")
	assert.Equal(t, 1, code, "the flag's 0.8 rejects: %s", h.stdout.String())
	require.NoError(t, os.WriteFile(filepath.Join(repo, ".autoverify.yml"), []byte("mutate_max: 0\n"), 0o644))
	code = h.run("gates", "--workdir", repo, "--base", base, "--head", weak)
	assert.Equal(t, 2, code)
	assert.Contains(t, h.stderr.String(), ".autoverify.yml: mutate_max 0: give at least 1 mutant")

	// ENGINEO_MUTATE and ENGINEO_MUTATE_THRESHOLD mean the file's keys
	// and beat them; a flag beats them both.
	require.NoError(t, os.WriteFile(filepath.Join(repo, ".autoverify.yml"), []byte("mutate: false\nmutate_threshold: 0.9\n"), 0o644))
	h.env["ENGINEO_MUTATE"], h.env["ENGINEO_MUTATE_THRESHOLD"] = "1", "0.6"
	code = h.run("gates", "--workdir", repo, "--base", base, "--head", weak)
	assert.Equal(t, 0, code, "the variables' gate and 0.6 accept 0.67: %s", h.stdout.String())
	assert.Contains(t, h.stdout.String(), "VERIFY_MUTATE    accept")
	code = h.run("gates", "--workdir", repo, "--base", base, "--head", weak, "--mutate-threshold", "0.8")
	assert.Equal(t, 1, code, "the flag's 0.8 rejects: %s", h.stdout.String())
	h.env["ENGINEO_MUTATE_MAX"] = "0"
	code = h.run("gates", "--workdir", repo, "--base", base, "--head", weak)
	assert.Equal(t, 2, code)
	assert.Contains(t, h.stderr.String(), `ENGINEO_MUTATE_MAX="0": want a whole number of at least 1`)
}

// TestRunStoryGateMutate: a story's GATE=mutate item runs the gates with
// mutants and passes only when the change's tests notice its lines broken:
// a test that checks only the sign leaves `return -x → return 0` alive.
func TestRunStoryGateMutate(t *testing.T) {
	long(t)
	h := newHarness(t)
	repo, base := calcRepo(t, h)
	gitCommit(t, repo, "fix, weakly tested", map[string]string{"calc.go": gatesCalcFixed, "calc_test.go": gatesCalcTest + gatesWeakTest})
	story := h.write("KAN-31.md", "# KAN-31\n\n<!-- AUTO:GATE=green -->\n- [ ] the tests pass\n<!-- AUTO:GATE=mutate -->\n- [ ] and notice the fix broken\n")

	code := h.run("run", story, "--workdir", repo, "--gates-base", base)
	assert.Equal(t, 1, code, "stdout: %s\nstderr: %s", h.stdout.String(), h.stderr.String())
	sum := readGateSummary(t, h, "KAN-31")
	require.Len(t, sum.Results, 2)
	assert.True(t, sum.Results[0].Passed, "GREEN accepts the weak test")
	assert.False(t, sum.Results[1].Passed, "MUTATE rejects it")
	require.NotNil(t, sum.Gates.Mutation)
	assert.Equal(t, 1, sum.Gates.Mutation.Survived)
	assert.Contains(t, h.stdout.String(), "VERIFY_MUTATE reject_weak")

	out, err := exec.Command("git", "-C", repo, "checkout", "-q", "-b", "strong", base).CombinedOutput()
	require.NoError(t, err, "%s", out)
	gitCommit(t, repo, "fix, tested", map[string]string{"calc.go": gatesCalcFixed, "calc_test.go": gatesCalcTest + gatesNegTest})
	code = h.run("run", story, "--workdir", repo, "--gates-base", base)
	require.Equal(t, 0, code, "stdout: %s\nstderr: %s", h.stdout.String(), h.stderr.String())
	sum = readGateSummary(t, h, "KAN-31")
	assert.True(t, sum.AllPassed)
	require.NotNil(t, sum.Gates.Mutation)
	assert.Equal(t, 3, sum.Gates.Mutation.Killed)
}

// gateSummary is the part of a run's summary JSON these tests read.
type gateSummary struct {
	AllPassed bool `json:"all_passed"`
	Results   []struct {
		Passed bool `json:"passed"`
	} `json:"results"`
	Gates struct {
		Mutation *struct {
			Killed   int `json:"killed"`
			Survived int `json:"survived"`
		} `json:"mutation"`
	} `json:"gates"`
}

func readGateSummary(t *testing.T, h *harness, key string) gateSummary {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(h.dir, "reports", key+"-auto-verify-summary.json"))
	require.NoError(t, err)
	var sum gateSummary
	require.NoError(t, json.Unmarshal(raw, &sum), "%s", raw)
	return sum
}

// TestServeVerifyGatesMutate: with `mutate: true` in the base branch's
// .autoverify.yml, `/verify gates` runs VERIFY_MUTATE too, and the check
// run and the sticky comment show its verdict and survivors, each survivor
// an annotation on its line.
func TestServeVerifyGatesMutate(t *testing.T) {
	redisURL := testRedisURL(t)
	fake, _ := gatesPullRequest(t, "allowlist: [true, go test, go vet]\nmutate: true\n", "allowlist: [true, go test, go vet]\n", gatesWeakTest)
	srv := startServer(t, serverEnv(t, fake, redisURL))

	body := "/verify gates"
	cid := fake.AddComment("acme", "web", 7, "alice", body)
	code, _ := srv.deliver(t, "issue_comment", "d-mutate-1", commentEvent(cid, "alice", body), testSecret)
	require.Equal(t, 202, code)
	waitForWithin(t, "the gates run", 3*time.Minute, func() bool { return len(completedRuns(fake)) == 1 })
	run := completedRuns(fake)[0]
	summary := run.GetOutput().GetSummary()
	assert.Equal(t, "failure", run.GetConclusion(), "%s\n%s", summary, srv.logString())
	assert.Contains(t, summary, "| VERIFY_GREEN | ✅ accept |")
	assert.Contains(t, summary, "| VERIFY_MUTATE | ❌ reject_weak |", "the base's mutate: true, not the head's file, turns it on")
	assert.Contains(t, summary, "calc.go:5")
	waitFor(t, "the sticky comment", func() bool {
		c := stickyComments(fake)
		return len(c) == 1 && strings.Contains(c[0].GetBody(), "VERIFY_MUTATE")
	})
	// The annotations are added before the comment is posted.
	anns := fake.CheckRunAnnotations("acme", "web", run.GetID())
	require.Len(t, anns, 1, "one annotation per survivor")
	assert.Equal(t, "calc.go", anns[0].GetPath(), "repository-relative, not the gates' temporary tree")
	assert.Equal(t, 5, anns[0].GetStartLine())
	assert.Equal(t, "failure", anns[0].GetAnnotationLevel())
	assert.Equal(t, "Survived mutant: zero_return", anns[0].GetTitle())
	assert.Equal(t, "return -x → return 0: no test fails with this line broken", anns[0].GetMessage())
	t.Logf("check run summary:\n%s", summary)
}
