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

// TestRunTellsOwnPackageFromDependency runs real go and pytest commands
// through `autoverify run`: an import of a package the tree itself should
// have (example.com/shop/utilz in the shop module, calc.statistics beside
// calc's other modules) is the code's fault; an import of a dependency
// nobody installed, in the same words, is the setup's. The tools print
// the two alike; the tree the command ran in tells them apart.
func TestRunTellsOwnPackageFromDependency(t *testing.T) {
	h := newGoHarness(t)
	t.Parallel()
	h.env["GOTOOLCHAIN"] = "local"
	h.env["GOFLAGS"] = "-mod=mod"
	h.env["GOPROXY"] = "off"
	// One reviewer (lighter than the default two): each reviewer's reading
	// of its own tree is bot/verify's TestEachReviewerReadsItsOwnTree.
	h.env["ENGINEO_REVIEWERS"] = "1"
	h.env["ENGINEO_AUTOVERIFY_ALLOWLIST"] = "go build,/usr/bin/python3 -m pytest"
	h.write("go.mod", "module example.com/shop\n\ngo 1.22\n")
	h.write("own/own.go", "package own\n\nimport \"example.com/shop/utilz\"\n\nvar _ = utilz.X\n")
	h.write("dep/dep.go", "package dep\n\nimport \"github.com/pkg/errors\"\n\nvar _ = errors.New\n")
	story := "# KAN-9\n\n<!-- AUTO:CMD=go build ./own/ -->\n- [ ] own package\n<!-- AUTO:CMD=go build ./dep/ -->\n- [ ] a dependency\n"
	python := false
	if _, err := os.Stat("/usr/bin/python3"); err == nil && exec.Command("/usr/bin/python3", "-m", "pytest", "--version").Run() == nil {
		python = true
		h.write("calc/__init__.py", "")
		h.write("calc/ops.py", "def add(a, b):\n    return a + b\n")
		h.write("test_stats.py", "from calc.statistics import mean\n\n\ndef test_mean():\n    assert mean([1, 3]) == 2\n")
		story += "<!-- AUTO:CMD=/usr/bin/python3 -m pytest -q test_stats.py -->\n- [ ] python\n"
	}
	path := h.write("KAN-9.md", story)
	assert.Equal(t, exitFailed, h.run("run", path, "--workdir", h.dir), h.stderr.String())

	raw, err := os.ReadFile(filepath.Join(h.dir, "reports", "KAN-9-auto-verify-summary.json"))
	require.NoError(t, err)
	var sum struct {
		Results []struct {
			Command     string  `json:"command"`
			FailureType *string `json:"failure_type"`
		} `json:"results"`
	}
	require.NoError(t, json.Unmarshal(raw, &sum))
	got := map[string]string{}
	for _, r := range sum.Results {
		require.NotNil(t, r.FailureType, r.Command)
		got[r.Command] = *r.FailureType
	}
	assert.Equal(t, "CODE_ERROR", got["go build ./own/"], string(raw))
	assert.Equal(t, "ENV_ERROR", got["go build ./dep/"], string(raw))
	if python {
		assert.Equal(t, "CODE_ERROR", got["/usr/bin/python3 -m pytest -q test_stats.py"], string(raw))
	} else {
		t.Log("SKIPPED the pytest half: Debian's /usr/bin/python3 with pytest is not installed")
	}
}
