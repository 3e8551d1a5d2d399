package claims

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// specPath finds environment-verification.md: $ENGINEO_SPEC_DIR, else the
// shared spec directory beside the repository (../shared/spec).
func specPath(t *testing.T) string {
	t.Helper()
	if d := os.Getenv("ENGINEO_SPEC_DIR"); d != "" {
		return filepath.Join(d, "environment-verification.md")
	}
	dir, err := filepath.Abs(".")
	require.NoError(t, err)
	for ; dir != filepath.Dir(dir); dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(filepath.Dir(dir), "shared", "spec", "environment-verification.md")
		}
	}
	return ""
}

// driver runs the spec's own Python — its code blocks, read from the spec
// at test time, not copied — on JSON cases from stdin.
const driver = `
import json, re, sys
src = open(sys.argv[1], encoding="utf-8").read()
g = {"re": re}
for block in re.findall(r"` + "```" + `python\n(.*?)` + "```" + `", src, re.S):
    if "MATRIX_HEADER_PATTERN =" in block or "def build_execution_matrix" in block or "def validate_ready_for_review_signal" in block:
        exec(block, g)
out = []
for c in json.load(sys.stdin):
    r = g["validate_ready_for_review_signal"](c["text"], "t", {"VERIFICATION_COMMANDS": c["commands"], "ENVIRONMENTS": c["envs"]})
    out.append({"valid": r["valid"], "error": r.get("error", "")})
json.dump(out, sys.stdout)
`

type pyCase struct {
	Text     string           `json:"text"`
	Commands []map[string]any `json:"commands"`
	Envs     []string         `json:"envs"`
	cmds     []Command
}

// genCase writes a signal the way agents get them wrong: pairs missing,
// failed, duplicated, exit codes with leading zeros, rows that are not
// rows, lines missing or misspelt.
func genCase(r *rand.Rand) pyCase {
	pick := func(p float64) bool { return r.Float64() < p }
	pool := []string{"native", "devcontainer", "ci", "docker-compose"}
	envs := pool[:1+r.IntN(3)]
	var c pyCase
	c.Envs = append([]string{}, envs...)
	for i := range 1 + r.IntN(4) {
		cmd := Command{Check: fmt.Sprintf("check_%d", i), Command: "x", ExitCode: r.IntN(3) * r.IntN(2)}
		switch r.IntN(4) {
		case 0:
			cmd.Environment = "ALL"
		case 1:
			cmd.Environment = pool[r.IntN(len(pool))]
		}
		c.cmds = append(c.cmds, cmd)
		m := map[string]any{"check": cmd.Check, "command": cmd.Command, "exit_code": cmd.ExitCode}
		if cmd.Environment != "" || pick(0.5) {
			m["environment"] = cmd.Environment
		}
		c.Commands = append(c.Commands, m)
	}
	var b strings.Builder
	b.WriteString("READY_FOR_REVIEW: t\n\nEnvironment Verification Matrix:\n")
	if pick(0.93) {
		b.WriteString("| Check | Environment | Exit Code | Result |\n|-------|-------------|-----------|--------|\n")
	} else {
		b.WriteString("| Check | Environment | Exit code | Result |\n")
	}
	for _, p := range Matrix(c.cmds, envs) {
		if pick(0.05) {
			continue
		}
		res, code := "PASS", fmt.Sprint(p.RequiredExitCode)
		if pick(0.07) {
			res, code = "FAIL", fmt.Sprint(1+r.IntN(2))
		}
		if pick(0.1) {
			code = "0" + code
		}
		row := fmt.Sprintf("| %s | %s | %s | %s |\n", p.Check, p.Environment, code, res)
		switch r.IntN(30) {
		case 0:
			row = strings.Replace(row, "| "+p.Check, "|"+p.Check, 1)
		case 1:
			row = strings.Replace(row, res, strings.ToLower(res), 1)
		case 2:
			row += fmt.Sprintf("| %s | %s | 1 | FAIL |\n", p.Check, p.Environment)
		case 3:
			row = fmt.Sprintf("| %s | %s | 0 | PASS | note |\n", p.Check, p.Environment)
		}
		b.WriteString(row)
	}
	if pick(0.1) {
		b.WriteString("| extra | elsewhere | 0 | PASS |\n")
	}
	b.WriteString("\n")
	if pick(0.93) {
		b.WriteString("Environments Tested: " + strings.Join(envs, ", ") + "\n")
	} else if pick(0.5) {
		b.WriteString("Environments Tested:\n")
	}
	if pick(0.93) {
		b.WriteString("All Required Environments: VERIFIED\n")
	} else {
		b.WriteString("All Required Environments: verified\n")
	}
	c.Text = b.String()
	return c
}

// TestAgainstSpecPython validates generated signals with this package and
// with the spec's own Python, and requires the same verdict and error text
// for every one.
func TestAgainstSpecPython(t *testing.T) {
	t.Parallel()
	spec := specPath(t)
	if _, err := os.Stat(spec); err != nil {
		t.Skipf("SKIPPED: the spec %s is not here (set ENGINEO_SPEC_DIR): %v", spec, err)
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skipf("SKIPPED: python3 is not installed: %v", err)
	}
	const n = 3000
	r := rand.New(rand.NewPCG(17, 2026))
	cases := make([]pyCase, n)
	for i := range cases {
		cases[i] = genCase(r)
	}
	in, err := json.Marshal(cases)
	require.NoError(t, err)
	cmd := exec.Command(py, "-c", driver, spec)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, stderr.String())
	var want []struct {
		Valid bool   `json:"valid"`
		Error string `json:"error"`
	}
	require.NoError(t, json.Unmarshal(out, &want))
	require.Len(t, want, n)
	valid, kinds := 0, map[string]int{}
	for i, c := range cases {
		got := ValidateText(ReadyForReview, c.Text, Matrix(c.cmds, c.Envs))
		if got.Valid != want[i].Valid || got.Error != want[i].Error {
			t.Fatalf("case %d differs from the spec's Python:\ngo: %v %q\npy: %v %q\ncommands %v envs %v\n%s",
				i, got.Valid, got.Error, want[i].Valid, want[i].Error, c.Commands, c.Envs, c.Text)
		}
		if got.Valid {
			valid++
		}
		kinds[strings.SplitN(got.Error, ":", 2)[0]]++
	}
	// The generator must exercise every outcome, or the comparison proves
	// little.
	t.Logf("%d valid of %d; errors by kind: %v", valid, n, kinds)
	require.Greater(t, valid, n/10)
	require.GreaterOrEqual(t, len(kinds), 7, "%v", kinds)
}
