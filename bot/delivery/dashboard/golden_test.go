package dashboard_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/runlog"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestPagesGolden compares whole pages with testdata/*.golden (go test
// ./bot/delivery/dashboard -update rewrites them): every word the
// dashboard shows comes from its embedded templates.
func TestPagesGolden(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	a := rec("run-a", "acme/web", "KAN-1", runlog.Passed, now.Add(-26*time.Hour))
	a.Author, a.Number, a.URL, a.Commit, a.Trigger = "alice", 3, "https://github.com/acme/web/pull/3", "0123456789abcdef", "/verify by @alice"
	b := rec("run-b", "acme/web", "KAN-2", runlog.Failed, now.Add(-2*time.Hour))
	b.Author, b.Ledger = "bob", runlog.Ledger{Cycles: 2, MaxCycles: 3, Fixes: 1, MaxFixes: 2}
	b.Matrix = []runlog.MatrixRow{{Check: "pnpm test", Environment: "node20", Result: "PASS", Passed: true}, {Check: "pnpm test", Environment: "node22", Result: "FAIL — TEST_FAILURE"}}
	b.AutoFixes = []runlog.AutoFix{{Type: "LINT_ERROR", Command: "pnpm lint --fix", Commit: "fedcba9876543210", ExitCode: 0}}
	b.Sections = []runlog.Section{{Title: "Checks", Rows: []runlog.Row{{Name: "tests were added", Result: "PASS", Passed: true}}},
		// VERIFY_MUTATE's score, as the history recorder writes it.
		{Title: "Mutation", Rows: []runlog.Row{{Name: "score", Result: "0.67 < 0.80", Detail: "2 killed, 0 timed out, 1 survived, 0 not compiled of 3 mutants"},
			{Name: "calc.go:5 zero_return", Result: "survived", Detail: "return -x → return 0"}}}}
	b.Notes = []string{"Approved by @carol for 0123456."}
	b.Evidence = []string{"KAN-2-evidence-20261125T100000Z.txt", "KAN-2-20261125T100000Z.intoto.jsonl"}
	b.Signing = "signed by key SHA256:" + strings.Repeat("ab", 32)
	c := rec("run-c", "acme/api", "KAN-3", runlog.Stopped, now.Add(-time.Hour))
	c.Problem = "nothing to verify: KAN-3 has no checklist"
	d := rec("run-d", "acme/api", "KAN-4", runlog.Active, now.Add(-90*time.Second))
	for _, r := range []runlog.Record{a, b, c, d} {
		e.put(r)
	}
	cl, _ := e.signIn()
	for name, path := range map[string]string{"overview": "/", "runs": "/runs", "run": "/runs/run-b", "runs-filtered": "/runs?failure=TEST_FAILURE"} {
		_, page := e.get(cl, path)
		page = csrfRe.ReplaceAllString(page, `name="csrf" value="CSRF"`)
		file := filepath.Join("testdata", name+".golden")
		if *update {
			require.NoError(t, os.WriteFile(file, []byte(page), 0o644))
			continue
		}
		want, err := os.ReadFile(file)
		require.NoError(t, err, "run go test ./bot/delivery/dashboard -update")
		assert.Equal(t, string(want), page, name)
	}
	_, page := e.get(client(), "/signin")
	page = preRe.ReplaceAllString(page, `name="pre" value="PRE"`)
	file := filepath.Join("testdata", "signin.golden")
	if *update {
		require.NoError(t, os.WriteFile(file, []byte(page), 0o644))
		return
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, string(want), page)
}
