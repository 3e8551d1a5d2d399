package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The upstream part of the failure-type corpus: scenarios on real public
// projects' trees (../shared/realhistory's bundles: a commit, and a recipe
// of ours that changes it — another commit's tests over its code, a
// deleted file, a syntax error), each labelled with the type it was built
// to produce and verified through the real `autoverify run` with the
// defaults: the story's path only, two reviewers, the sandbox, the real
// command on the real tree (no recorded output, no fake). The repository
// keeps only the facts (scripts/corpus/upstream/cases.tsv) and the recipes
// (prepare.sh); the projects' code and its outputs stay out of it.
//
// A case whose exit code differs from the one recorded when it was built
// did not reproduce here (a tool or a runner difference) and is counted
// apart, not scored. Held-out misses are counted, not named, unless
// AUTOVERIFY_SHOW_HOLDOUT=1. Every case runs real suites twice, so plain
// go test runs a few (upstreamQuick) and AUTOVERIFY_UPSTREAM=1
// (scripts/corpus/upstream-cli.sh) all of them.

const upstreamDir = "../../scripts/corpus/upstream"

// upstreamSplits are the part's halves, in the order they are reported:
// each recording's tune half and its held-out half (upstream2: a second
// recording, blind to the first's results; upstream3, a third).
var upstreamSplits = []string{"upstream-tune", "upstream-heldout", "upstream2-tune", "upstream2-heldout", "upstream3-tune", "upstream3-heldout", "upstream4-tune", "upstream4-heldout", "upstream5-tune", "upstream5-heldout", "upstream6-tune", "upstream6-heldout", "upstream7-tune", "upstream7-heldout", "upstream8-tune", "upstream8-heldout", "upstream9-tune", "upstream9-heldout", "upstream10-tune", "upstream10-heldout", "upstream11-tune", "upstream11-heldout", "upstream12-tune", "upstream12-heldout", "upstream13-tune", "upstream13-heldout", "upstream14-tune", "upstream14-heldout", "upstream15-tune", "upstream15-heldout", "upstream16-tune", "upstream16-heldout", "upstream17-tune", "upstream17-heldout", "upstream18-tune", "upstream18-heldout", "upstream19-tune", "upstream19-heldout", "upstream20-tune", "upstream20-heldout"}

// upstreamCase is one row of cases.tsv.
type upstreamCase struct {
	name, project, commit, recipe, command, timeout, exit, label, split, reason string
}

func loadUpstreamCases(t *testing.T) []upstreamCase {
	t.Helper()
	f, err := os.Open(filepath.Join(upstreamDir, "cases.tsv"))
	require.NoError(t, err)
	defer f.Close()
	var cases []upstreamCase
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		if first || strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		c := strings.Split(sc.Text(), "\t")
		require.Len(t, c, 10, "cases.tsv: %q", sc.Text())
		uc := upstreamCase{c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9]}
		require.Contains(t, upstreamSplits, uc.split, uc.name)
		if uc.timeout != "-" {
			// command_timeout is a Go duration: "15" was once recorded
			// for 15 s, and the CLI rightly refused the configuration.
			_, err := time.ParseDuration(uc.timeout)
			require.NoError(t, err, "cases.tsv: %s: the timeout column", uc.name)
		}
		require.True(t, strings.TrimSpace(uc.command) != "" && !strings.Contains(uc.command, "-->"), "%s: a command a story's tag can hold", uc.name)
		cases = append(cases, uc)
	}
	require.NoError(t, sc.Err())
	return cases
}

// upstreamRepo prepares c's tree in dir (prepare.sh) and commits a story
// whose one check is c's command, with the allowlist its first word needs
// and c's time limit.
func upstreamRepo(dir string, c upstreamCase) error {
	prep := exec.Command("bash", filepath.Join(upstreamDir, "prepare.sh"), c.name, dir)
	if out, err := prep.CombinedOutput(); err != nil {
		return fmt.Errorf("prepare.sh: %v: %s", err, out)
	}
	words := strings.Fields(c.command)
	config := fmt.Sprintf("allowlist: [%q]\n", words[0])
	if c.timeout != "-" {
		config += "command_timeout: " + c.timeout + "\n"
	}
	files := map[string]string{
		"S-1.md":          "<!-- AUTO:CMD=" + c.command + " -->\n- [ ] the scenario's check\n",
		".autoverify.yml": config,
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			return err
		}
	}
	ignore, _ := os.ReadFile(filepath.Join(dir, ".gitignore"))
	ignore = append(ignore, "\nreports/\n.autoverify/\n"...)
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), ignore, 0o644); err != nil {
		return err
	}
	return commitAll(dir, "story")
}

// upstreamVerdict runs `autoverify run S-1.md` in dir: PASS or the failure
// type, the exit code ("killed" when the runner's limit cut it off) and
// the verification status.
func upstreamVerdict(bin, dir string) (verdict, exit, status string, err error) {
	// The cases were recorded with an empty Go module cache (a fresh
	// CI machine's), and the sandbox shows the user's copy-on-write:
	// the host's would let a dependency the recording could not fetch
	// be found (go-cmp's xerrors of 2020).
	modCache := dir + ".modcache"
	if err := os.Mkdir(modCache, 0o755); err != nil {
		return "", "", "", err
	}
	defer os.RemoveAll(modCache)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "run", "S-1.md")
	cmd.Dir = dir
	cmd.Env = append(userEnv(), "GOMODCACHE="+modCache)
	out, runErr := cmd.CombinedOutput()
	r, err := storyResult(dir, out, runErr)
	if err != nil {
		return "", "", "", err
	}
	exit = strconv.Itoa(r.ExitCode)
	if r.TimedOut {
		exit = "killed"
	}
	return r.verdict(), exit, r.VerificationStatus, nil
}

// upstreamQuick is the subset go test runs without AUTOVERIFY_UPSTREAM=1:
// one tune case in upstreamQuickOneIn, by a hash of its name, so that the
// recipes, the bundles and the replay keep working; the figures are the
// script's. Tune cases only.
func upstreamQuick(c upstreamCase) bool {
	if !strings.HasSuffix(c.split, "-tune") {
		return false // CI's log must not tell a held-out verdict
	}
	return oneIn(c.name, upstreamQuickOneIn())
}

// upstreamQuickOneIn: one in 96 without -short (six of the 619 tune
// cases, about a minute); one in 256 under -short, CI's quick subset
// (two: a compile error and a failing test), whose ten minutes this
// test's minute weighed on (the longest package's longest test after the
// CLI's build, 2026-12-02).
func upstreamQuickOneIn() uint32 {
	if testing.Short() {
		return 256
	}
	return 96
}

type upstreamRun struct {
	c                 upstreamCase
	got, exit, status string
	err               error
}

// TestUpstreamThroughTheCLI scores the upstream part through the CLI:
// per split, the verdicts that match the label among the cases that
// reproduced; a passing scenario read as a failure is an error.
func TestUpstreamThroughTheCLI(t *testing.T) {
	bundles := os.Getenv("AUTOVERIFY_REALHISTORY")
	if bundles == "" {
		bundles = filepath.Join("..", "..", "..", "shared", "realhistory")
	}
	if _, err := os.Stat(filepath.Join(bundles, "README.md")); err != nil {
		t.Skipf("SKIPPED LOUDLY: no real-history bundles at %s (set AUTOVERIFY_REALHISTORY to the directory with the *.bundle files): %v", bundles, err)
	}
	bin := cliBinary(t)
	show := os.Getenv("AUTOVERIFY_SHOW_HOLDOUT") == "1"
	full := os.Getenv("AUTOVERIFY_UPSTREAM") == "1"
	var only []string
	if s := os.Getenv("AUTOVERIFY_UPSTREAM_CASES"); s != "" {
		only = strings.Split(s, ",")
	}
	var todo []upstreamRun
	for _, c := range loadUpstreamCases(t) {
		if (only == nil && (full || upstreamQuick(c))) || slices.Contains(only, c.name) {
			todo = append(todo, upstreamRun{c: c})
		}
	}
	if !full && only == nil {
		t.Logf("the quick subset: %d of the cases (one tune case in %d by name; scripts/corpus/upstream-cli.sh runs them all)", len(todo), upstreamQuickOneIn())
	}
	root := t.TempDir()
	start := time.Now()
	inParallel(len(todo), max(1, runtime.NumCPU()/2), func(i int) {
		r := &todo[i]
		dir := filepath.Join(root, strconv.Itoa(i))
		if r.err = upstreamRepo(dir, r.c); r.err == nil {
			r.got, r.exit, r.status, r.err = upstreamVerdict(bin, dir)
		}
		os.RemoveAll(dir)
	})
	// The quick subset's few cases would show a held-out verdict in
	// the table: it holds them to a verdict and to no pass misread only.
	reportUpstream(t, todo, show, full || only != nil, time.Since(start))
}

func reportUpstream(t *testing.T, todo []upstreamRun, show, table bool, took time.Duration) {
	type figures struct{ right, total, notReproduced, broken int }
	by := map[string]*figures{}
	for _, s := range upstreamSplits {
		by[s] = &figures{}
	}
	for _, r := range todo {
		f := by[r.c.split]
		named := strings.HasSuffix(r.c.split, "-tune") || show
		switch {
		case r.err != nil:
			f.broken++
			if named {
				t.Errorf("%s: no verdict: %v", r.c.name, r.err)
			} else {
				t.Errorf("a held-out case gave no verdict (AUTOVERIFY_SHOW_HOLDOUT=1 names it)")
			}
			continue
		case r.exit != r.c.exit:
			f.notReproduced++
			if named {
				t.Logf("not reproduced [%s] %s: exit %s, recorded %s", r.c.split, r.c.name, r.exit, r.c.exit)
			}
			continue
		}
		f.total++
		if r.got == r.c.label {
			f.right++
		} else if named {
			t.Logf("miss [%s] %-40s want %-12s got %-12s (%s)", r.c.split, r.c.name, r.c.label, r.got, r.status)
		}
		if r.c.label == "PASS" && r.got != "PASS" {
			if named {
				t.Errorf("%s: a passing scenario read by the CLI as %s (%s)", r.c.name, r.got, r.status)
			} else {
				t.Errorf("a held-out passing scenario read by the CLI as a failure (AUTOVERIFY_SHOW_HOLDOUT=1 names it)")
			}
		}
	}
	t.Logf("ran %d upstream cases through `autoverify run` (defaults) in %s", len(todo), took.Round(time.Second))
	if !table {
		return
	}
	t.Logf("| split | through the CLI | not reproduced | no verdict |")
	for _, s := range upstreamSplits {
		f := by[s]
		if f.total+f.notReproduced+f.broken == 0 {
			continue
		}
		t.Logf("| %s | %s | %d | %d |", s, rate(f.right, f.total), f.notReproduced, f.broken)
	}
}
