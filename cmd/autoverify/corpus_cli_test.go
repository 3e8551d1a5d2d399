package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/failure"
	"github.com/engineo/autoverify/bot/testresults"
)

// The failure-type corpus (bot/failure/testdata/corpus: real tools' runs,
// recorded by scripts/corpus) replayed through the real `autoverify run`,
// as a user runs it: the built binary, from the repository's root, the
// story's path only (relative), the default two reviewers in their own
// true copies, the default sandbox. Each case is a git repository whose
// story's one check is the recorded command; a fake tool named as the
// command's argv[0] — in bin/, or at the command's own relative path
// (./spin) — prints the recorded output and exits with the recorded code.
// It refuses any other arguments, so the command the classifier reads is
// the recorded one word for word. The only settings are the repository's
// own .autoverify.yml (the allowlist; a short command_timeout where the
// recording's runner deadline fired, the fake then sleeping past it) and
// ENGINEO_RUNNER_ENV=PATH=<repository>/bin:…, which puts the fakes first
// on the runner's PATH.
//
// The figure is compared with failure.Read on the same recordings
// (TestCorpus's in-process figure): with reviewers in true copies the two
// must agree on every replayed case. By default a fixed subset (one case
// in eight, by a hash of the name) runs; AUTOVERIFY_CORPUS_CLI=all
// replays every case (scripts/corpus/replay-cli.sh). As in TestCorpus,
// misses and disagreements on held-out parts are counted, not named,
// unless AUTOVERIFY_SHOW_HOLDOUT=1.

const corpusDir = "../../bot/failure/testdata/corpus"

// corpusRun is one recorded run and its label.
type corpusRun struct {
	name, label, split string
	argv               []string
	exit               int
	timedOut           bool
	out                []byte
}

func loadCorpusRuns(t *testing.T) []corpusRun {
	t.Helper()
	f, err := os.Open(filepath.Join(corpusDir, "labels.tsv"))
	require.NoError(t, err)
	defer f.Close()
	var runs []corpusRun
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for first := true; sc.Scan(); first = false {
		if first {
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		require.Len(t, cols, 5, sc.Text())
		r := corpusRun{name: cols[0], label: cols[1], split: cols[2]}
		raw, err := os.ReadFile(filepath.Join(corpusDir, r.name+".txt"))
		require.NoError(t, err)
		head, body, ok := bytes.Cut(raw, []byte("\n---\n"))
		require.True(t, ok, r.name)
		r.out = body
		for _, l := range strings.Split(string(head), "\n") {
			k, v, _ := strings.Cut(strings.TrimPrefix(l, "# "), ": ")
			switch k {
			case "cmd":
				r.argv = strings.Fields(v)
			case "exit":
				r.exit, err = strconv.Atoi(v)
				require.NoError(t, err, r.name)
			case "timed_out":
				r.timedOut = v == "true"
			}
		}
		runs = append(runs, r)
	}
	require.NoError(t, sc.Err())
	return runs
}

// inSubset is the default subset: one case in eight, by a hash of its
// name (whatever its split or label); one in 128 under -short (CI's quick
// subset).
func inSubset(name string) bool {
	if testing.Short() {
		return oneIn(name, 128)
	}
	return oneIn(name, 8)
}

// oneIn picks one name in n, by a hash of the name: a subset fixed by
// the names alone, whatever their split or label.
func oneIn(name string, n uint32) bool {
	h := fnv.New32a()
	h.Write([]byte(name))
	return h.Sum32()%n == 0
}

// inParallel calls do(i) for each i < n on workers goroutines at once.
func inParallel(n, workers int, do func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				do(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// replayable says why a recording cannot be replayed through the CLI, or
// "" when it can.
func replayable(r corpusRun) string {
	if len(r.argv) == 0 {
		return "no command"
	}
	if filepath.IsAbs(r.argv[0]) {
		return "argv[0] is an absolute path: no fake can stand there"
	}
	if _, report := testresults.WithReporting(r.argv, ""); report == testresults.FormatGoJSON && !bytes.Contains(r.out, []byte(`"Action":`)) {
		return "go test text: autoverify runs go test with -json, the recording holds go's text"
	}
	if _, err := storyCommand(r.argv); err != nil {
		return err.Error()
	}
	return ""
}

// storyCommand writes argv as a story's command: words of safe characters
// as they are, the others quoted so that the story's parser (a shell
// parser that refuses expansions) gives back the same words.
func storyCommand(argv []string) (string, error) {
	words := make([]string, len(argv))
	for i, a := range argv {
		switch {
		case a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=,+@%-") == "" && !strings.Contains(a, "-->"):
			words[i] = a
		case !strings.Contains(a, "'") && !strings.Contains(a, "-->"):
			words[i] = "'" + a + "'"
		case !strings.Contains(a, "-->"):
			// 'a'"'"'b': single-quoted parts joined by a quoted quote.
			words[i] = "'" + strings.ReplaceAll(a, "'", `'"'"'`) + "'"
		default:
			return "", fmt.Errorf("a word the story cannot hold: %q", a)
		}
	}
	return strings.Join(words, " "), nil
}

// fakeTool is the program that stands for the recorded one: it checks its
// arguments, prints the recorded output and exits with the recorded code
// (or sleeps past the check's time limit where the recording's runner
// deadline fired). Only /bin programs by path and shell builtins: the fake
// may itself be named cat, sh or test.
func fakeTool(dir string, r corpusRun) string {
	end := fmt.Sprintf("exit %d\n", r.exit)
	if r.timedOut {
		end = "exec /bin/sleep 600\n"
	}
	return "#!/bin/sh\n" +
		"R='" + dir + "/.replay'\n" +
		"if [ \"$(printf '%s\\n' \"$@\")\" != \"$(/bin/cat \"$R/args\")\" ]; then\n" +
		"\techo \"replay: the fake $0 got other arguments: $*\" >&2\n\texit 99\nfi\n" +
		"/bin/cat \"$R/output\"\n" + end
}

// replayRepo writes r's repository under dir and commits it; it returns
// the runner environment that puts its fakes on PATH.
func replayRepo(dir string, r corpusRun) (string, error) {
	cmd, err := storyCommand(r.argv)
	if err != nil {
		return "", err
	}
	config := fmt.Sprintf("allowlist: [%q]\n", r.argv[0])
	if r.timedOut {
		config += "command_timeout: 2s\n"
	}
	args := ""
	for _, a := range r.argv[1:] {
		args += a + "\n"
	}
	files := map[string]string{
		"S-1.md":          "<!-- AUTO:CMD=" + cmd + " -->\n- [ ] the recorded check\n",
		".autoverify.yml": config,
		".gitignore":      "reports/\n.autoverify/\n",
		".replay/output":  string(r.out),
		".replay/args":    strings.TrimSuffix(args, "\n"),
	}
	fake := filepath.Join(dir, "bin", r.argv[0])
	if strings.Contains(r.argv[0], "/") {
		fake = filepath.Join(dir, r.argv[0])
	}
	files[fake[len(dir)+1:]] = fakeTool(dir, r)
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
			return "", err
		}
	}
	if out, err := exec.Command("git", "-C", dir, "init", "-q").CombinedOutput(); err != nil {
		return "", fmt.Errorf("git init: %v: %s", err, out)
	}
	if err := commitAll(dir, "replay"); err != nil {
		return "", err
	}
	return "ENGINEO_RUNNER_ENV=PATH=" + filepath.Join(dir, "bin") + ":/usr/local/bin:/usr/bin:/bin", nil
}

// cliVerdict runs `autoverify run S-1.md` in dir and reads the summary:
// PASS or the failure type, and the verification status.
func cliVerdict(bin, dir, runnerEnv string) (verdict, status string, err error) {
	cmd := exec.Command(bin, "run", "S-1.md")
	cmd.Dir = dir
	cmd.Env = append(userEnv(), runnerEnv)
	out, runErr := cmd.CombinedOutput()
	res, err := storyResult(dir, out, runErr)
	if err != nil {
		return "", "", err
	}
	return res.verdict(), res.VerificationStatus, nil
}

// commitAll commits every file of the work tree dir, the story and its
// settings even where the project's .gitignore would keep them out.
func commitAll(dir, message string) error {
	for _, args := range [][]string{{"add", "-A"}, {"add", "-f", "S-1.md", ".autoverify.yml"}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", message}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			return fmt.Errorf("git %v: %v: %s", args, err, out)
		}
	}
	return nil
}

// summaryResult is the one result of S-1's summary.
type summaryResult struct {
	ExitCode           int     `json:"exit_code"`
	TimedOut           bool    `json:"timed_out"`
	Passed             bool    `json:"passed"`
	FailureType        *string `json:"failure_type"`
	VerificationStatus string  `json:"verification_status"`
}

// verdict is PASS or the failure type.
func (r summaryResult) verdict() string {
	switch {
	case r.Passed:
		return "PASS"
	case r.FailureType != nil:
		return *r.FailureType
	}
	return "(no type)"
}

// storyResult reads the result of `autoverify run S-1.md` in dir from
// its summary; out and runErr are the run's, for the error.
func storyResult(dir string, out []byte, runErr error) (summaryResult, error) {
	raw, err := os.ReadFile(filepath.Join(dir, "reports", "S-1-auto-verify-summary.json"))
	if err != nil {
		return summaryResult{}, fmt.Errorf("no summary (%v): %s", runErr, out)
	}
	var sum struct {
		Results []summaryResult `json:"results"`
	}
	if err := json.Unmarshal(raw, &sum); err != nil {
		return summaryResult{}, err
	}
	if len(sum.Results) != 1 {
		return summaryResult{}, fmt.Errorf("%d results, want 1: %s", len(sum.Results), out)
	}
	return sum.Results[0], nil
}

// inProcess is TestCorpus's reading of a run.
func inProcess(r corpusRun) string {
	rd := failure.Read(failure.Failure{Argv: r.argv, ExitCode: r.exit, TimedOut: r.timedOut, Output: r.out}, 0)
	if rd.Passed {
		return "PASS"
	}
	return string(rd.Type)
}

type replayed struct {
	run          corpusRun
	cli, process string
	status       string
	skip         string
	err          error
}

// TestCorpusThroughTheCLI replays recorded runs through `autoverify run`
// and holds the CLI to the in-process reading: the same type on every
// replayed case, no passing run read as a failure, no command refused.
func TestCorpusThroughTheCLI(t *testing.T) {
	t.Parallel()
	bin := cliBinary(t)
	full := os.Getenv("AUTOVERIFY_CORPUS_CLI") == "all"
	show := os.Getenv("AUTOVERIFY_SHOW_HOLDOUT") == "1"
	var todo []replayed
	for _, r := range loadCorpusRuns(t) {
		if full || inSubset(r.name) {
			todo = append(todo, replayed{run: r, skip: replayable(r)})
		}
	}
	root := t.TempDir()
	start := time.Now()
	inParallel(len(todo), max(2, runtime.NumCPU()), func(i int) {
		c := &todo[i]
		if c.skip != "" {
			return
		}
		c.process = inProcess(c.run)
		dir := filepath.Join(root, strconv.Itoa(i))
		env, err := replayRepo(dir, c.run)
		if err != nil {
			c.err = err
			return
		}
		c.cli, c.status, c.err = cliVerdict(bin, dir, env)
	})

	type figures struct{ cli, process, total, skipped, differ int }
	bySplit := map[string]*figures{}
	skips := map[string]int{}
	named := func(split string) bool { return split == "tune" || show }
	hiddenDiffer := 0
	for _, c := range todo {
		f := bySplit[c.run.split]
		if f == nil {
			f = &figures{}
			bySplit[c.run.split] = f
		}
		if c.skip != "" {
			f.skipped++
			reason := c.skip
			if strings.HasPrefix(reason, "a word") {
				reason = "a word the story cannot hold"
			}
			skips[reason]++
			continue
		}
		if c.err != nil {
			t.Errorf("%s: the CLI gave no verdict: %v", c.run.name, c.err)
			continue
		}
		f.total++
		if c.cli == c.run.label {
			f.cli++
		}
		if c.process == c.run.label {
			f.process++
		}
		if c.run.label == "PASS" && c.cli != "PASS" {
			t.Errorf("%s: a passing run read by the CLI as %s (%s)", c.run.name, c.cli, c.status)
		}
		if c.cli != c.process {
			f.differ++
			if named(c.run.split) {
				t.Errorf("%s: the CLI says %s (%s), in-process %s", c.run.name, c.cli, c.status, c.process)
			} else {
				hiddenDiffer++
			}
		} else if c.cli != c.run.label && named(c.run.split) {
			t.Logf("miss [%s] %-45s want %-12s got %s", c.run.split, c.run.name, c.run.label, c.cli)
		}
	}
	if hiddenDiffer > 0 {
		t.Errorf("%d held-out cases read differently by the CLI and in-process (AUTOVERIFY_SHOW_HOLDOUT=1 names them)", hiddenDiffer)
	}
	splitNames := make([]string, 0, len(bySplit))
	for s := range bySplit {
		splitNames = append(splitNames, s)
	}
	sort.Strings(splitNames)
	mode := "default subset (one case in eight; AUTOVERIFY_CORPUS_CLI=all for every case)"
	if testing.Short() {
		mode = "quick subset (one case in 128; AUTOVERIFY_CORPUS_CLI=all for every case)"
	}
	if full {
		mode = "every case"
	}
	t.Logf("replayed %d of %d cases through `autoverify run` (%s) in %s", len(todo)-sum(skips), len(todo), mode, time.Since(start).Round(time.Second))
	t.Logf("| split | through the CLI | in-process | differ | not replayable |")
	for _, s := range splitNames {
		f := bySplit[s]
		t.Logf("| %s | %s | %s | %d | %d |", s, rate(f.cli, f.total), rate(f.process, f.total), f.differ, f.skipped)
	}
	for reason, n := range skips {
		t.Logf("not replayable: %d: %s", n, reason)
	}
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func rate(right, total int) string {
	if total == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d (%.1f%%)", right, total, 100*float64(right)/float64(total))
}
