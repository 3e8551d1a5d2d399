package gaterun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/mutate"
)

// DefaultMutateMax is how many mutants VERIFY_MUTATE runs when Spec leaves
// MutateMax zero: each runs a package's tests, so the cap bounds the gate's
// time on a long change (bot/mutate spreads it over files and lines).
const DefaultMutateMax = 50

// minMutantTimeout is the least time a mutant's tests get: the GREEN run
// can be quick enough that a multiple of it would cut a slow compile.
const minMutantTimeout = 10 * time.Second

// mutation is VERIFY_MUTATE's run: its verdict, its record (nil when no
// mutant could be made or the gate did not apply) and the run its
// evidence shows — the first survivor's, else the first mutant's.
type mutation struct {
	res    gates.Result
	report *gates.MutationReport
	shown  *run
}

// isMutable says whether a mutant may be made of the file at rel: Go's
// non-test .go files outside testdata directories (the go tool skips
// them), Python's non-test .py files (mutate.IsPythonSource, and not a
// test file by the repository's own patterns either).
func isMutable(eco gates.Ecosystem, rel string, extra []string) bool {
	if eco == gates.Python {
		return mutate.IsPythonSource(rel) && !gates.IsTestFile(eco, rel, extra)
	}
	return strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") &&
		!strings.HasPrefix(rel, "testdata/") && !strings.Contains(rel, "/testdata/")
}

// mutateHead runs VERIFY_MUTATE in the head tree after G: the mutants of
// the changed lines run (runMutants), each against its tests (Go: its
// package's; Python: the change's test files, see pythonTestFiles), and
// are scored.
func (s *Spec) mutateHead(ctx context.Context, p *plan, dir string, g *run) (*mutation, error) {
	if o := outcome(g, nil); g == nil || o.TimedOut || o.BuildFailed {
		return &mutation{res: gates.Result{Gate: gates.Mutate, Classification: gates.RejectFailure,
			Reason: "not run: the head's suite did not build or finish (see VERIFY_GREEN)"}}, nil
	}
	set, notRun, err := s.mutants(ctx, p)
	if err != nil || notRun != "" {
		return &mutation{res: gates.Result{Gate: gates.Mutate, Classification: gates.Accept, Reason: notRun}}, err
	}
	start := time.Now()
	results, runs, err := s.runMutants(ctx, p, dir, set.Mutants, g)
	if err != nil {
		return nil, err
	}
	m := &mutation{}
	shownSurvivor := false
	for i, r := range results {
		if m.shown == nil || (r.Status == mutate.Survived && !shownSurvivor) {
			m.shown, shownSurvivor = runs[i], r.Status == mutate.Survived
		}
	}
	sum, err := mutate.Summarize(results)
	if err != nil {
		return nil, fmt.Errorf("gates: scoring mutants: %w", err)
	}
	rep := gates.MutationOf(sum, set.Skipped, s.MutateThreshold)
	rep.ElapsedMS, rep.HeadSuiteMS = time.Since(start).Milliseconds(), g.res.Duration.Milliseconds()
	m.report, m.res = &rep, gates.ClassifyMutate(rep)
	return m, nil
}

// runMutants runs mutants on mutantWorkers workers, each in its own tree
// (mutantTrees): a worker writes one mutant at a time over its file, runs
// its tests and puts the file back before taking the next, so no mutant
// sees another's write. results and runs are in the mutants' order,
// whatever finishes first. The first error, or ctx's end, stops every
// worker; the copies are gone when runMutants returns.
func (s *Spec) runMutants(ctx context.Context, p *plan, dir string, mutants []mutate.Mutant, g *run) ([]mutate.Result, []*run, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	trees, release, err := s.mutantTrees(ctx, dir, s.mutantWorkers(len(mutants)))
	if err != nil {
		return nil, nil, err
	}
	defer release()
	results, runs := make([]mutate.Result, len(mutants)), make([]*run, len(mutants))
	timeout := s.mutantTimeout(g)
	var (
		wg    sync.WaitGroup
		once  sync.Once
		first error
	)
	next := make(chan int)
	for _, t := range trees {
		wg.Go(func() {
			for i := range next {
				var err error
				if results[i], runs[i], err = s.runOne(ctx, p, t, mutants[i], timeout, g); err != nil {
					once.Do(func() { first = err; cancel() })
					return
				}
			}
		})
	}
	feed(ctx, next, len(mutants))
	wg.Wait()
	if first == nil {
		first = ctx.Err()
	}
	if first != nil {
		return nil, nil, first
	}
	if err := s.retryTimeouts(ctx, p, trees[0], results, runs, timeout, g); err != nil {
		return nil, nil, err
	}
	return results, runs, nil
}

// retryTimeouts runs each mutant that timed out once more, alone, once
// every worker is done: its timeout comes from the head's suite run
// without the workers beside it, and a mutant that only ran slow among
// them (it would have survived) must not count as killed. A mutant that
// loops for ever times out again, at twice the cost.
func (s *Spec) retryTimeouts(ctx context.Context, p *plan, t tree, results []mutate.Result, runs []*run, timeout time.Duration, g *run) error {
	for i, res := range results {
		if res.Status != mutate.Timeout {
			continue
		}
		var err error
		if results[i], runs[i], err = s.runOne(ctx, p, t, res.Mutant, timeout, g); err != nil {
			return err
		}
	}
	return nil
}

// runOne runs mu in t against its tests (runMutant); a run cut short by
// ctx's end is an error, never a status.
func (s *Spec) runOne(ctx context.Context, p *plan, t tree, mu mutate.Mutant, timeout time.Duration, g *run) (mutate.Result, *run, error) {
	st, r, err := s.runMutant(ctx, t, mu, p.headSrc[mu.File], s.mutantTests(p, mu.File), timeout, g)
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return mutate.Result{}, nil, err
	}
	return mutate.Result{Mutant: mu, Status: st}, r, nil
}

// feed sends 0..n-1 on next, in order, until ctx ends, then closes it.
func feed(ctx context.Context, next chan<- int, n int) {
	defer close(next)
	for i := range n {
		if ctx.Err() != nil {
			return
		}
		select {
		case next <- i:
		case <-ctx.Done():
			return
		}
	}
}

// mutantTrees are n workers' trees: the head tree dir itself, and n-1
// copies of it, made at once and before any mutant is written into dir.
// Each copy is shown at dir when its commands run (verify.Command.Source):
// paths in the tree, and build caches keyed by them (Go's), stay the
// head's. release removes the copies.
func (s *Spec) mutantTrees(ctx context.Context, dir string, n int) ([]tree, func(), error) {
	trees := []tree{{dir: dir, host: dir}}
	if n <= 1 {
		return trees, func() {}, nil
	}
	copier := s.copier()
	hosts, releases, errs := make([]string, n-1), make([]func(), n-1), make([]error, n-1)
	var wg sync.WaitGroup
	for k := range hosts {
		wg.Go(func() { hosts[k], releases[k], errs[k] = copier.Clone(ctx, dir) })
	}
	wg.Wait()
	release := func() {
		for _, r := range releases {
			if r != nil {
				r()
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		release()
		return nil, nil, fmt.Errorf("gates: copying the head tree for the mutants: %w", err)
	}
	for _, h := range hosts {
		trees = append(trees, tree{dir: dir, host: h})
	}
	return trees, release, nil
}

// DefaultMutatePython is the interpreter that makes Python's mutants when
// Spec leaves MutatePython empty: the system's, never a project's
// virtualenv, since the script needs only the standard library and must
// not pick up anything the tree installs.
const DefaultMutatePython = "/usr/bin/python3"

// mutateScriptTimeout bounds the script's work on one file: a parse and an
// unparse per changed line, far less than any test run.
const mutateScriptTimeout = time.Minute

// mutants makes the change's mutants, within the cap. notRun, when set,
// is why the gate cannot run here (no Python to make them with): the gate
// then accepts saying so, as asking for it must never fail a project.
func (s *Spec) mutants(ctx context.Context, p *plan) (set mutate.Set, notRun string, err error) {
	limit := s.MutateMax
	if limit == 0 {
		limit = DefaultMutateMax
	}
	if s.Ecosystem != gates.Python {
		set, err = mutate.ForChange(p.headSrc, mutate.ChangedLines(p.baseSrc, p.headSrc), limit)
	} else {
		py := s.MutatePython
		if py == "" {
			py = DefaultMutatePython
		}
		if _, serr := os.Stat(py); serr != nil {
			return set, "not run: no python3 (" + py + ") to make the Python mutants with", nil
		}
		run := s.pythonExec(py)
		set, err = mutate.PythonForChange(ctx, run, p.headSrc, mutate.ChangedPythonLines(p.baseSrc, p.headSrc), limit)
	}
	if err != nil {
		return set, "", fmt.Errorf("gates: making mutants: %w", err)
	}
	return set, "", nil
}

// pythonExec runs mutate.PythonScript with py, isolated (-I: no user site,
// no environment variables, no script or working directory on sys.path;
// -S: no site), from an empty temporary directory outside the tree. It
// only parses the tree's code, so it runs here rather than in the
// runner's sandbox.
func (s *Spec) pythonExec(py string) mutate.PythonExec {
	return func(ctx context.Context, stdin []byte) ([]byte, error) {
		cwd, err := os.MkdirTemp(s.TempDir, "autoverify-pymutate-*")
		if err != nil {
			return nil, fmt.Errorf("a directory to run python in: %w", err)
		}
		defer os.RemoveAll(cwd)
		ctx, cancel := context.WithTimeout(ctx, mutateScriptTimeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, py, "-I", "-S", "-c", mutate.PythonScript)
		cmd.Dir, cmd.Stdin, cmd.Env = cwd, bytes.NewReader(stdin), []string{}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("%s: %w: %s", py, err, gates.Snippet(stderr.Bytes()))
		}
		return out, nil
	}
}

// mutantTests are the test files a mutant of file runs against (nil: the
// package's for Go, whose command is narrowed by file). For Python, the
// change's own test files (those of its claimed tests): the gate judges
// the change's tests. A change that claims none (a refactor) gets the
// test files beside the module, in its tests/ directory or in the root's;
// with none of those either, the whole suite (nil).
func (s *Spec) mutantTests(p *plan, file string) []string {
	if s.Ecosystem != gates.Python {
		return nil
	}
	if files := filesOf(p.claimed, p.headFileOf); len(files) > 0 {
		return files
	}
	dir := path.Dir(file)
	var out []string
	for _, f := range sortedKeys(p.headFiles.tests) {
		d := path.Dir(f)
		if d == dir || d == path.Join(dir, "tests") || d == "tests" || strings.HasPrefix(d, "tests/") {
			out = append(out, f)
		}
	}
	return out
}

// mutantTimeout bounds one mutant's tests: three times the head's whole
// suite (G), at least minMutantTimeout, at most the spec's command
// timeout. A mutant that loops forever is then noticed, as a timeout.
func (s *Spec) mutantTimeout(g *run) time.Duration {
	t := max(minMutantTimeout, 3*g.res.Duration)
	if s.Timeout > 0 && t > s.Timeout {
		t = s.Timeout
	}
	return t
}

// mutantWorkers is how many workers run n mutants: one per CPU, at most
// Concurrency when it is set, never more than the mutants, at least one;
// and one when the runner cannot show a worker's copy at the head tree's
// path (verify.SourceShower): a command there would name the head tree
// ({worktree_dir}, an absolute path), where the first worker's mutant is,
// and test that instead of its own (and Docker's fresh containers would
// rebuild every mutant from a cold cache).
func (s *Spec) mutantWorkers(n int) int {
	if !s.showsCopies() {
		return 1
	}
	w := s.cpus
	if w <= 0 {
		w = runtime.NumCPU()
	}
	if s.Concurrency > 0 {
		w = min(w, s.Concurrency)
	}
	return max(1, min(w, n))
}

// tree is where a mutant runs: dir is the head tree's path, as commands
// see it; host holds the files (dir itself, or a worker's copy shown at
// dir: verify.Command.Source).
type tree struct{ dir, host string }

// runMutant writes mu over its file in t, runs only its tests (Go: its
// package's; Python: the test files given), puts the original back and
// says what the run showed. Python's bytecode caches go each time: a
// mutant the same size as its original, written in the same second, would
// otherwise be run from the other's cache.
func (s *Spec) runMutant(ctx context.Context, t tree, mu mutate.Mutant, orig []byte, tests []string, timeout time.Duration, g *run) (mutate.Status, *run, error) {
	file := map[string][]byte{mu.File: orig}
	err := overlay(t.host, file, map[string][]byte{mu.File: mu.Source})
	if err == nil && s.Ecosystem == gates.Python {
		err = dropCaches(t.host)
	}
	if err != nil {
		return "", nil, fmt.Errorf("gates: writing the mutant of %s:%d: %w", mu.File, mu.Line, err)
	}
	r, err := s.execMutant(ctx, t, mu.File, tests, timeout)
	rerr := overlay(t.host, map[string][]byte{mu.File: mu.Source}, file)
	if rerr == nil && s.Ecosystem == gates.Python {
		rerr = dropCaches(t.host)
	}
	if rerr != nil && err == nil {
		err = fmt.Errorf("gates: restoring %s after its mutant: %w", mu.File, rerr)
	}
	if err != nil {
		return "", nil, err
	}
	if s.Ecosystem == gates.Python {
		return pythonMutantStatus(r, g), r, nil
	}
	return mutantStatus(r, g), r, nil
}

// mutantStatus reads a mutant's run: killed when a test that did not fail
// at head (G) fails — a test already failing there notices nothing —,
// timeout when the runner stopped it, not_compiled when its package did
// not build (by go test's own report), survived otherwise.
func mutantStatus(r, g *run) mutate.Status {
	if r.res.TimedOut {
		return mutate.Timeout
	}
	if failed, _ := r.results.Build(r.res.ExitCode, nil); failed {
		return mutate.NotCompiled
	}
	for name, st := range r.results.Tests {
		if st == gates.Fail && g.results.Tests[name] != gates.Fail {
			return mutate.Killed
		}
	}
	return mutate.Survived
}

// pythonMutantStatus reads a Python mutant's pytest run as mutantStatus
// reads Go's, where "did not build" is pytest's: a test module that no
// longer imports (an <error> in collection) that imported at head, or
// pytest's exit 2 (interrupted, which collection errors cause). Python
// compiles a module when it is imported, so that is its not_compiled.
func pythonMutantStatus(r, g *run) mutate.Status {
	if r.res.TimedOut {
		return mutate.Timeout
	}
	if r.res.ExitCode == 2 {
		return mutate.NotCompiled
	}
	for file := range r.results.Unbuilt {
		if _, before := g.results.Unbuilt[file]; !before {
			return mutate.NotCompiled
		}
	}
	for name, st := range r.results.Tests {
		if st == gates.Fail && g.results.Tests[name] != gates.Fail {
			return mutate.Killed
		}
	}
	return mutate.Survived
}
