package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gatesWeakTest is red on the base (Abs(-2) is -2 there) but checks only
// the sign: a fix that returned 0 for negative numbers would pass it.
const gatesWeakTest = "\nfunc TestAbsSign(t *testing.T) {\n\tif Abs(-2) < 0 {\n\t\tt.Fatal(\"-2\")\n\t}\n}\n"

func TestGatesCLIMutate(t *testing.T) {
	h := newHarness(t)
	h.env["ENGINEO_AUTOVERIFY_ALLOWLIST"] = "go test,go vet"
	repo := filepath.Join(h.dir, "repo")
	require.NoError(t, os.MkdirAll(repo, 0o755))
	base := gitCommit(t, repo, "base", map[string]string{"go.mod": "module example.com/calc\n\ngo 1.22\n", "calc.go": gatesCalc, "calc_test.go": gatesCalcTest})
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
}
