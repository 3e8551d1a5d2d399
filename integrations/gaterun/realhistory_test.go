package gaterun_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/integrations/gaterun"
	"github.com/engineo/autoverify/integrations/git"
	"github.com/engineo/autoverify/integrations/local"
)

// TestRealHistory replays the real-history corpus (issue 30): commits of
// public projects, kept as git bundles in ../shared/realhistory, judged by
// the gates the way `autoverify gates --base BASE --head HEAD` judges them
// (gaterun.Run, the local runner, the ecosystem's test command and static
// checks), and compared with how a reviewer labels each change
// (testdata/realhistory/README.md).
//
// By default it runs a quick subset (quickCases) and asserts only what the
// gates already get right there; AUTOVERIFY_REALHISTORY_FULL=1 runs the
// whole corpus and prints the figures, tuned and each held-out part apart
// (scripts/realhistory.sh). Held-out cases are printed one by one only
// with AUTOVERIFY_REALHISTORY_SHOW_HELDOUT=1: they are for the end.
//
//	AUTOVERIFY_REALHISTORY        the bundles' directory (default ../shared/realhistory beside the repository)
//	AUTOVERIFY_REALHISTORY_CASES  comma-separated case names to run (any split)
//	AUTOVERIFY_REALHISTORY_REPORT a file the figures are written to as well
func TestRealHistory(t *testing.T) {
	bundles := realHistoryDir(t)
	cases, err := readCases(filepath.Join("testdata", "realhistory", "cases.tsv"))
	require.NoError(t, err)

	full := os.Getenv("AUTOVERIFY_REALHISTORY_FULL") == "1"
	named, only := map[string]bool{}, map[string]bool{}
	for _, n := range strings.Split(os.Getenv("AUTOVERIFY_REALHISTORY_CASES"), ",") {
		if n = strings.TrimSpace(n); n != "" {
			named[n], only[n] = true, true
		}
	}
	picked := len(named) > 0
	var run []rhCase
	for _, c := range cases {
		delete(only, c.Name)
		q, quick := quickCases[c.Name]
		quick = quick && (q.short || !testing.Short())
		if (picked && named[c.Name]) || (!picked && (full || quick)) {
			run = append(run, c)
		}
	}
	require.Empty(t, only, "AUTOVERIFY_REALHISTORY_CASES names cases that cases.tsv lacks")
	if !full && !picked {
		t.Logf("the quick subset: %d of %d cases (%d quick ones, fewer under -short; AUTOVERIFY_REALHISTORY_FULL=1 or scripts/realhistory.sh runs them all)", len(run), len(cases), len(quickCases))
	}

	py := realHistoryPython(t)
	clones := &cloneCache{root: t.TempDir(), bundles: bundles}
	showHeld := os.Getenv("AUTOVERIFY_REALHISTORY_SHOW_HELDOUT") == "1"
	var outcomes []outcome
	for _, c := range run {
		t.Run(c.Name, func(t *testing.T) {
			o := replay(t, clones, py, c)
			outcomes = append(outcomes, o)
			if c.Split == splitTuned || showHeld {
				t.Log(o.line())
			}
			if want, ok := quickCases[c.Name]; ok {
				want.check(t, o)
			}
		})
	}

	var buf bytes.Buffer
	writeFigures(&buf, outcomes, showHeld)
	t.Log("\n" + buf.String())
	if p := os.Getenv("AUTOVERIFY_REALHISTORY_REPORT"); p != "" {
		require.NoError(t, os.WriteFile(p, buf.Bytes(), 0o644))
	}
}

// quickCase is what the quick subset asserts of a case: only what the
// gates already get right (the rest is printed, not asserted, until the
// gates are fixed — then tighten these).
type quickCase struct {
	// rejected: the change is not accepted; right: judged as labelled.
	rejected, right bool
	// short: kept under `go test -short` (CI's quick subset): the cases
	// of the smallest suites, one per rule they exercise.
	short bool
}

func (q quickCase) check(t *testing.T, o outcome) {
	t.Helper()
	require.NoError(t, o.Err, "the gates could not run")
	if q.rejected {
		assert.False(t, o.Verdict.accepted(), "%s must be rejected: %s", o.Case.Name, o.line())
	}
	if q.right {
		assert.Empty(t, o.Problems, "%s is judged as labelled today: %s", o.Case.Name, o.line())
	}
}

// quickCases are the tuned cases `go test` runs by default: small suites
// (about a minute together on two cores), real fixes, a real vanity and a
// real notest commit, and four bad heads — chosen so that each rule of
// issue 30 is exercised: structure first (every Go run), one bucket per
// test (2d0692c2's changed TestIsZero), guards and changed tests that pass
// on the base (d1d6a857), a skipped new test as vanity, tests that are
// data (go-cmp's golden file, toml's helper), IMPLEMENT on the change
// (go-cmp's and toml's go vet findings of the base), and a new test that
// switches on what the change broke for the tests run after it. Each asserts what the
// gates get right there; the full corpus prints the rest.
var quickCases = map[string]quickCase{
	"tomli/fix/8b962e13":            {right: true},
	"tomli/fix/d1d6a857":            {right: true, short: true},
	"go-cmp/fix/4664e24d":           {right: true},
	"toml/fix/0e879cbd":             {right: true},
	"uuid/vanity/16939daf":          {rejected: true, right: true, short: true},
	"uuid/notest/53dda83e":          {rejected: true, right: true},
	"mux/strip-asserts/976b5364":    {rejected: true, right: true},
	"markupsafe/skip-new/3d809aed":  {rejected: true, right: true, short: true},
	"go-cmp/skip-existing/2d0692c2": {rejected: true, right: true},
	"tomli/switch-state/8b962e13":   {rejected: true, right: true, short: true},
}

// replay runs one case: its head (a bad head is built by the recipe and
// committed), the gates over base..head, and the comparison with the label.
func replay(t *testing.T, clones *cloneCache, py string, c rhCase) outcome {
	o := outcome{Case: c}
	dir, err := clones.get(c.Project)
	if err != nil {
		o.Err = err
		return o
	}
	head := c.Head
	if c.badHead() {
		if head, err = buildBadHead(dir, c); err != nil {
			o.Err = fmt.Errorf("building the bad head: %w", err)
			return o
		}
	}
	if err := fetchGoModules(dir, c.Base, head); err != nil {
		o.Err = err
		return o
	}
	rep, err := runGates(dir, py, c.Base, head)
	if err != nil {
		o.Err = err
		return o
	}
	if o.Verdict, err = verdictOf(rep); err != nil {
		o.Err = err
		return o
	}
	o.Problems = judge(c, o.Verdict)
	return o
}

// fetchGoModules downloads a Go project's modules at each commit on the
// host, as a CI's dependency step does before the checks: the gates run
// in the sandbox, which has no network, so a module missing from the
// cache would fail the build at head for a reason that is not the change.
// Python cases use the system's packages and need nothing.
func fetchGoModules(dir string, commits ...string) error {
	for _, c := range commits {
		wt, err := os.MkdirTemp("", "rh-modules-")
		if err != nil {
			return err
		}
		err = goModDownload(dir, wt, c)
		if rmErr := exec.Command("git", "-C", dir, "worktree", "remove", "--force", wt).Run(); rmErr != nil {
			_ = os.RemoveAll(wt)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func goModDownload(dir, wt, commit string) error {
	if out, err := exec.Command("git", "-C", dir, "worktree", "add", "-q", "--detach", "-f", wt, commit).CombinedOutput(); err != nil {
		return fmt.Errorf("checking out %s for its modules: %v: %s", commit, err, out)
	}
	if _, err := os.Stat(filepath.Join(wt, "go.mod")); err != nil {
		return nil
	}
	cmd := exec.Command("go", "mod", "download")
	cmd.Dir = wt
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go mod download at %s: %v: %s", commit, err, out)
	}
	return nil
}

// runGates is `autoverify gates --base base --head head` in dir, with
// the ecosystem's default test command (Python's with the interpreter
// that has pytest; the gates themselves put a src layout on the path) and
// its static checks as the CLI picks them.
func runGates(dir, py, base, head string) (gates.Report, error) {
	return runGatesWith(dir, py, base, head, false, 0)
}

// runGatesWith is runGates, with VERIFY_MUTATE when mutate is set.
func runGatesWith(dir, py, base, head string, mutate bool, concurrency int) (gates.Report, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	if cli := os.Getenv("AUTOVERIFY_REALHISTORY_CLI"); cli != "" && !mutate {
		return runCLI(ctx, cli, dir, base, head)
	}
	repo := git.Repo{Dir: dir}
	eco, ok := gaterun.Detect(dir)
	if !ok {
		return gates.Report{}, fmt.Errorf("%s: neither Go nor Python", dir)
	}
	test := gates.DefaultTest[eco]
	if eco == gates.Python {
		if py == "" {
			return gates.Report{}, fmt.Errorf("no python3 with pytest to run a Python suite")
		}
		test = []string{py, "-m", "pytest"}
	}
	runner, err := local.New(local.WithTimeout(10 * time.Minute))
	if err != nil {
		return gates.Report{}, err
	}
	return gaterun.Run(ctx, gaterun.Spec{Base: base, Head: head, Trees: gaterun.GitTrees{Repo: repo}, Runner: runner,
		Ecosystem: eco, Test: test, AutoStatic: true, Allowed: allowAll, Vars: map[string]string{"project_root": dir}, Mutate: mutate, Concurrency: concurrency})
}

// cliAllowlist is what a project judged by the gates allows: the
// ecosystems' default test commands and the static checks the CLI may pick.
const cliAllowlist = "go test,go vet,python3 -m pytest,python3 -m pyflakes,ruff check"

// runCLI is `autoverify gates --base base --head head --json` run by the
// built binary cli from dir, the clone's root, as a user runs it: no flag
// but the revisions, the default test command (`python3 -m pytest`, the
// sandbox's python3), the static check the gates pick where the commands run. The
// allowlist is set, as every project must (its default is pnpm's), and
// the ledger and reports go to a directory of their own per run, so that
// the loop-safety cap, which counts verify cycles by base and head, does
// not refuse a case judged before. The report is the JSON's: gates and
// buckets, no reasons (the evidence snippet stands in).
func runCLI(ctx context.Context, cli, dir, base, head string) (gates.Report, error) {
	state, err := os.MkdirTemp("", "rh-cli-")
	if err != nil {
		return gates.Report{}, err
	}
	defer os.RemoveAll(state)
	cmd := exec.CommandContext(ctx, cli, "gates", "--base", base, "--head", head, "--json")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ENGINEO_AUTOVERIFY_ALLOWLIST="+cliAllowlist,
		"ENGINEO_STATE_DIR="+filepath.Join(state, "state"), "ENGINEO_ARTIFACTS_DIR="+filepath.Join(state, "reports"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var rep gates.Report
	if jerr := json.Unmarshal(out, &rep); jerr != nil || len(rep.Gates) == 0 {
		return rep, fmt.Errorf("autoverify gates: %v (%v): %s", err, jerr, strings.TrimSpace(stderr.String()))
	}
	return rep, nil
}

// allowAll is an allowlist that takes the gates' own commands: the
// corpus runs only the default test command and static checks.
func allowAll(command string) ([]string, error) { return strings.Fields(command), nil }

// realHistoryDir finds the bundles, or skips loudly.
func realHistoryDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("AUTOVERIFY_REALHISTORY")
	if dir == "" {
		root, err := repoRoot()
		require.NoError(t, err)
		dir = filepath.Join(filepath.Dir(root), "shared", "realhistory")
	}
	if _, err := os.Stat(filepath.Join(dir, "README.md")); err != nil {
		t.Skipf("SKIPPED LOUDLY: no real-history bundles at %s (set AUTOVERIFY_REALHISTORY to the directory with the *.bundle files): %v", dir, err)
	}
	return dir
}

// repoRoot is the directory of this module's go.mod, above the test's
// working directory.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		if raw, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil && bytes.HasPrefix(raw, []byte("module github.com/engineo/autoverify\n")) {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod of github.com/engineo/autoverify above %s", dir)
		}
	}
}

// realHistoryPython is an interpreter with pytest (the Python projects'
// suites need it), or "" — Python cases then cannot run.
func realHistoryPython(t testing.TB) string {
	for _, py := range []string{"/usr/bin/python3", "python3"} {
		if exec.Command(py, "-c", "import pytest").Run() == nil {
			if abs, err := exec.LookPath(py); err == nil {
				return abs
			}
		}
	}
	t.Log("LOUDLY: no python3 with pytest (apt-get install python3-pytest): the Python cases cannot run")
	return ""
}

// cloneCache clones each bundle once per test run.
type cloneCache struct {
	root, bundles string
	dirs          map[string]string
}

func (cc *cloneCache) get(project string) (string, error) {
	if d, ok := cc.dirs[project]; ok {
		return d, nil
	}
	if cc.dirs == nil {
		cc.dirs = map[string]string{}
	}
	dir := filepath.Join(cc.root, project)
	if out, err := exec.Command("git", "clone", "-q", filepath.Join(cc.bundles, project+".bundle"), dir).CombinedOutput(); err != nil {
		return "", fmt.Errorf("cloning %s.bundle: %v: %s", project, err, out)
	}
	cc.dirs[project] = dir
	return dir, nil
}

// buildBadHead checks out c.Head in the clone, applies the recipe and
// commits the result (with a fixed author and date, so the same recipe
// gives the same commit id).
func buildBadHead(dir string, c rhCase) (string, error) {
	gitc := func(args ...string) (string, error) {
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=realhistory", "GIT_AUTHOR_EMAIL=realhistory@example.invalid",
			"GIT_COMMITTER_NAME=realhistory", "GIT_COMMITTER_EMAIL=realhistory@example.invalid",
			"GIT_AUTHOR_DATE=2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2026-01-01T00:00:00Z")
		out, err := cmd.CombinedOutput()
		if err != nil {
			return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out)), nil
	}
	if _, err := gitc("checkout", "-q", "--force", "--detach", c.Head); err != nil {
		return "", err
	}
	for _, st := range c.Recipe {
		p := filepath.Join(dir, filepath.FromSlash(st.File))
		src, err := os.ReadFile(p)
		if err != nil && st.Op != "revert" {
			return "", err
		}
		var base []byte
		if st.Op == "revert" {
			out, err := exec.Command("git", "-C", dir, "show", c.Base+":"+st.File).Output()
			if err != nil {
				return "", fmt.Errorf("%s at the base: %w", st.File, err)
			}
			base = out
		}
		out, err := st.apply(src, base)
		if err != nil {
			return "", err
		}
		if err := os.WriteFile(p, out, 0o644); err != nil {
			return "", err
		}
	}
	if _, err := gitc("commit", "-q", "-a", "-m", "realhistory bad head: "+c.Name); err != nil {
		return "", err
	}
	return gitc("rev-parse", "HEAD")
}

// line is one case's result for the log: "right" or what differs.
func (o outcome) line() string {
	c := o.Case
	head := fmt.Sprintf("%-34s %-9s", c.Name, c.Label)
	if o.Err != nil {
		return head + " ERROR " + o.Err.Error()
	}
	verdict := "accepted"
	if !o.Verdict.accepted() {
		verdict = "rejected (" + strings.Join(o.Verdict.rejections(), ", ") + ")"
	}
	if o.right() {
		return head + " right   " + verdict
	}
	line := head + " WRONG   " + verdict + ": " + strings.Join(o.Problems, "; ")
	var gs []string
	for g := range o.Verdict.Why {
		gs = append(gs, g)
	}
	sort.Strings(gs)
	for _, g := range gs {
		line += "\n      " + g + ": " + o.Verdict.Why[g]
	}
	return line
}

// writeFigures prints the figures per split (tuned, held-out, held-out-2),
// and the tuned cases one by one (the held-out parts' only when asked).
func writeFigures(buf *bytes.Buffer, outcomes []outcome, showHeld bool) {
	by := map[string]*figures{}
	for _, s := range splits {
		by[s] = &figures{}
	}
	for _, o := range outcomes {
		by[o.Case.Split].add(o)
	}
	fmt.Fprintln(buf, "real-history corpus: the gates against a reviewer's labels (issue 30)")
	for _, s := range splits {
		by[s].write(buf, s)
	}
	sorted := append([]outcome(nil), outcomes...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Case.Name < sorted[j].Case.Name })
	for _, s := range splits {
		if s != splitTuned && !showHeld {
			continue
		}
		fmt.Fprintf(buf, "%s cases:\n", s)
		for _, o := range sorted {
			if o.Case.Split == s {
				fmt.Fprintln(buf, "  "+o.line())
			}
		}
	}
}
