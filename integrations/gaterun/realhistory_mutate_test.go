package gaterun_test

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

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/integrations/gaterun"
)

// TestRealHistoryMutation measures VERIFY_MUTATE on the real fixes of the
// real-history corpus, Go and Python (issue 32): for each, the mutation score of its
// changed lines with the project's own tests, the mutants by status, and
// what the gate costs in runs of the head's whole suite — with the mutants
// one at a time (Concurrency 1, run first) and on workers (one per CPU),
// which must give the same verdict. It is a
// measurement, not a rule that was tuned (nothing here feeds back into
// bot/mutate), so tuned and held-out cases are both run and reported
// apart. It runs only with AUTOVERIFY_REALHISTORY_MUTATE=1
// (scripts/realhistory-mutate.sh): a quarter of an hour on two cores;
// AUTOVERIFY_REALHISTORY_MUTATE_ECO=go or python keeps one ecosystem,
// AUTOVERIFY_REALHISTORY_CASES=name,… the fixes named.
func TestRealHistoryMutation(t *testing.T) {
	if os.Getenv("AUTOVERIFY_REALHISTORY_MUTATE") != "1" {
		t.Skip("a measurement: AUTOVERIFY_REALHISTORY_MUTATE=1 (scripts/realhistory-mutate.sh) runs it")
	}
	bundles := realHistoryDir(t)
	cases, err := readCases(filepath.Join("testdata", "realhistory", "cases.tsv"))
	require.NoError(t, err)
	clones := &cloneCache{root: t.TempDir(), bundles: bundles}
	py := realHistoryPython(t)
	named := map[string]bool{}
	for _, n := range strings.Split(os.Getenv("AUTOVERIFY_REALHISTORY_CASES"), ",") {
		if n = strings.TrimSpace(n); n != "" {
			named[n] = true
		}
	}
	var lines []string
	for _, c := range cases {
		if c.Label != "fix" || c.badHead() || (len(named) > 0 && !named[c.Name]) {
			continue
		}
		dir, err := clones.get(c.Project)
		require.NoError(t, err)
		eco, _ := gaterun.Detect(dir)
		if only := os.Getenv("AUTOVERIFY_REALHISTORY_MUTATE_ECO"); only != "" && string(eco) != only {
			continue
		}
		if eco == gates.Python && py == "" {
			t.Logf("%s: no python3 with pytest, not run", c.Name)
			continue
		}
		require.NoError(t, fetchGoModules(dir, c.Base, c.Head))
		seq, err := runGatesWith(dir, py, c.Base, c.Head, true, 1)
		require.NoError(t, err, c.Name)
		start := time.Now()
		rep, err := runGatesWith(dir, py, c.Base, c.Head, true, 0)
		require.NoError(t, err, c.Name)
		m := rep.Mutation
		require.NotNil(t, m, c.Name)
		require.NotNil(t, seq.Mutation, c.Name)
		a, b := *seq.Mutation, *m
		a.ElapsedMS, a.HeadSuiteMS, b.ElapsedMS, b.HeadSuiteMS = 0, 0, 0, 0
		assert.Equal(t, a, b, "%s: the same verdict one mutant at a time and on workers", c.Name)
		changed, err := changedSourceLines(dir, c.Base, c.Head, eco)
		require.NoError(t, err, c.Name)
		lines = append(lines, fmt.Sprintf("| %s | %s | %d | %.2f | %d | %d | %d | %d | %d | %d | %d | %s | %s | %s |", c.Name, c.Split, changed, m.Score,
			m.Total, m.Killed, m.Timeout, m.Survived, m.NotCompiled, m.SkippedByCap, m.ElapsedMS, costRatio(seq.Mutation), costRatio(m), time.Since(start).Round(time.Second)))
		for _, s := range m.Survivors {
			t.Logf("%s survivor %s:%d %s: %s -> %s", c.Name, s.File, s.Line, s.Operator, s.Original, s.Mutated)
		}
	}
	header := "| case | split | changed lines | score | mutants | killed | timeout | survived | not compiled | left by cap | gate ms | one at a time / head suite | on workers / head suite | whole gates run |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
	t.Logf("VERIFY_MUTATE on the real fixes (on %d CPUs):\n%s\n%s", runtime.NumCPU(), header, strings.Join(lines, "\n"))
}

// changedSourceLines counts the lines base..head adds or removes in the
// files a mutant may be made of (non-test Go or Python sources): the
// change's size as the cost target ("a change of up to 20 lines")
// reads it.
func changedSourceLines(dir, base, head string, eco gates.Ecosystem) (int, error) {
	out, err := exec.Command("git", "-C", dir, "diff", "--numstat", base, head).Output()
	if err != nil {
		return 0, fmt.Errorf("git diff --numstat %s %s: %w", base, head, err)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 || !isSource(eco, f[2]) {
			continue
		}
		added, _ := strconv.Atoi(f[0])
		removed, _ := strconv.Atoi(f[1])
		n += added + removed
	}
	return n, nil
}

// isSource says whether the gate may mutate rel (gaterun's isMutable, seen
// from outside the package).
func isSource(eco gates.Ecosystem, rel string) bool {
	if eco == gates.Python {
		return strings.HasSuffix(rel, ".py") && !gates.IsTestFile(eco, rel, nil)
	}
	return strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") &&
		!strings.HasPrefix(rel, "testdata/") && !strings.Contains(rel, "/testdata/")
}

// costRatio is what the gate cost in runs of the head's whole suite.
func costRatio(m *gates.MutationReport) string {
	if m.HeadSuiteMS <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", float64(m.ElapsedMS)/float64(m.HeadSuiteMS))
}
