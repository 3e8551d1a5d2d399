package gaterun

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/mutate"
	"github.com/engineo/autoverify/bot/verify"
)

// The invariants of running mutants on several workers, with a runner that
// reads the tree it is shown: a mutant's status is what its file says
// (a line "kill", "live", "hang" or "broken"), so the statuses depend on
// what each command saw and nothing else.

// workerHead is the head tree: two files, four mutable lines each.
var workerHead = map[string][]byte{
	"a.go": []byte("package m\n\nvar a1 = 1\nvar a2 = 2\nvar a3 = 3\nvar a4 = 4\n"),
	"b.go": []byte("package m\n\nvar b1 = 1\nvar b2 = 2\nvar b3 = 3\nvar b4 = 4\n"),
}

// workerMutants are head's mutants, several to a file, with the status
// each must get.
func workerMutants() ([]mutate.Mutant, []mutate.Status) {
	plan := []struct {
		file string
		line int
		what string
		want mutate.Status
	}{
		{"a.go", 3, "kill", mutate.Killed}, {"a.go", 4, "live", mutate.Survived}, {"a.go", 5, "kill", mutate.Killed},
		{"a.go", 6, "hang", mutate.Timeout}, {"b.go", 3, "broken", mutate.NotCompiled}, {"b.go", 4, "kill", mutate.Killed},
		{"b.go", 5, "live", mutate.Survived}, {"b.go", 6, "kill", mutate.Killed},
	}
	var ms []mutate.Mutant
	var want []mutate.Status
	for _, c := range plan {
		lines := strings.Split(string(workerHead[c.file]), "\n")
		orig := lines[c.line-1]
		lines[c.line-1] = "// " + c.what
		ms = append(ms, mutate.Mutant{File: c.file, Line: c.line, Operator: mutate.OpDeleteStatement, Original: orig,
			Mutated: lines[c.line-1], Source: []byte(strings.Join(lines, "\n"))})
		want = append(want, c.want)
	}
	return ms, want
}

// treeRunner answers `go test -json` for the tree a command is shown.
// Before it answers it checks that the tree is the head's but for exactly
// one mutant, holds the command (so that the workers' commands overlap)
// and checks again: no other worker wrote into it meanwhile.
// ShowsSourceAtDir: the tree runner reads a copy as if at the head
// tree's path, as the sandbox shows it.
func (*treeRunner) ShowsSourceAtDir() bool { return true }

type treeRunner struct {
	t       *testing.T
	mutants map[string]bool // every mutant's source
	hold    time.Duration
	// block, when set, holds every command until its context ends.
	block bool

	mu       sync.Mutex
	dirs     map[string]bool // the directories commands ran in
	hosts    map[string]bool // the trees they were shown
	busy     map[string]bool
	running  int
	peak     int
	started  int
	onStart  func(started int)
	unsolved []string
}

func newTreeRunner(t *testing.T, ms []mutate.Mutant) *treeRunner {
	f := &treeRunner{t: t, mutants: map[string]bool{}, hold: 100 * time.Millisecond, dirs: map[string]bool{}, hosts: map[string]bool{}, busy: map[string]bool{}}
	for _, m := range ms {
		f.mutants[string(m.Source)] = true
	}
	return f
}

func (f *treeRunner) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	host := cmd.HostDir()
	f.mu.Lock()
	f.dirs[cmd.Dir], f.hosts[host] = true, true
	if f.busy[host] {
		f.unsolved = append(f.unsolved, "two commands at once in "+host)
	}
	f.busy[host] = true
	f.running++
	f.started++
	f.peak = max(f.peak, f.running)
	started, onStart := f.started, f.onStart
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.busy[host] = false
		f.running--
		f.mu.Unlock()
	}()
	if onStart != nil {
		onStart(started)
	}
	seen, err := f.mutantIn(host)
	if err != nil {
		return verify.Result{}, err
	}
	wait := f.hold
	if f.block {
		wait = time.Hour
	}
	select {
	case <-time.After(wait):
	case <-ctx.Done():
		return verify.Result{ExitCode: -1}, ctx.Err()
	}
	if again, err := f.mutantIn(host); err != nil || again != seen {
		return verify.Result{}, errors.New("the tree changed while its command ran")
	}
	return answer(seen), nil
}

// mutantIn is the one mutated file's content in host; an error when the
// tree is not the head's with exactly one file replaced by a mutant.
func (f *treeRunner) mutantIn(host string) (string, error) {
	var found []string
	for name, head := range workerHead {
		raw, err := os.ReadFile(filepath.Join(host, name))
		if err != nil {
			return "", err
		}
		if string(raw) == string(head) {
			continue
		}
		if !f.mutants[string(raw)] {
			return "", errors.New(name + " is neither the head's nor one mutant: " + string(raw))
		}
		found = append(found, string(raw))
	}
	if len(found) != 1 {
		return "", fmt.Errorf("want exactly one mutated file, got %d", len(found))
	}
	return found[0], nil
}

// answer is go test -json's report of the package with the mutant src.
func answer(src string) verify.Result {
	const run = `{"Action":"run","Package":"m","Test":"TestM"}` + "\n"
	switch {
	case strings.Contains(src, "// kill"):
		return verify.Result{ExitCode: 1, Output: []byte(run + `{"Action":"fail","Package":"m","Test":"TestM"}` + "\n" + `{"Action":"fail","Package":"m"}` + "\n")}
	case strings.Contains(src, "// hang"):
		return verify.Result{ExitCode: -1, TimedOut: true}
	case strings.Contains(src, "// broken"):
		return verify.Result{ExitCode: 1, Output: []byte(`{"ImportPath":"m","Action":"build-output","Output":"a.go:3: undefined: x\n"}` + "\n" +
			`{"Action":"fail","Package":"m","FailedBuild":"m"}` + "\n")}
	}
	return verify.Result{Output: []byte(run + `{"Action":"pass","Package":"m","Test":"TestM"}` + "\n" + `{"Action":"pass","Package":"m"}` + "\n")}
}

// workerTree writes the head tree into a new directory.
func workerTree(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "head")
	require.NoError(t, os.Mkdir(dir, 0o755))
	require.NoError(t, overlay(dir, nil, workerHead))
	return dir
}

func workerSpec(r verify.Runner, workers int, copies string) *Spec {
	return &Spec{Runner: r, Ecosystem: gates.Go, Test: []string{"go", "test", "./..."}, Concurrency: workers, TempDir: copies, cpus: 8}
}

// workerG is the head's suite: TestM passes.
var workerG = &run{results: gates.Results{Structured: true, Tests: map[string]string{"TestM": gates.Pass}}}

func TestMutantsOnWorkersAgreeWithOneAtATime(t *testing.T) {
	mutants, want := workerMutants()
	for _, workers := range []int{1, 2, 3, 8} {
		dir, copies := workerTree(t), t.TempDir()
		f := newTreeRunner(t, mutants)
		s := workerSpec(f, workers, copies)
		results, runs, err := s.runMutants(context.Background(), &plan{headSrc: workerHead}, dir, mutants, workerG)
		require.NoError(t, err, "%d workers", workers)
		require.Len(t, results, len(mutants))
		require.Len(t, runs, len(mutants))
		for i, r := range results {
			assert.Equal(t, mutants[i], r.Mutant, "%d workers: results in the mutants' order", workers)
			assert.Equal(t, want[i], r.Status, "%d workers: %s:%d", workers, r.Mutant.File, r.Mutant.Line)
			assert.Equal(t, "go test -json .", gates.CommandLine(runs[i].argv))
		}
		assert.Empty(t, f.unsolved, "%d workers", workers)
		assert.Equal(t, map[string]bool{dir: true}, f.dirs, "every command runs at the head tree's path")
		assert.GreaterOrEqual(t, len(f.hosts), len(mutants), "every mutant's command (and a timed-out one's retry) runs on a copy of its own (runFresh)")
		for host := range f.hosts {
			assert.True(t, strings.HasPrefix(host, copies+string(filepath.Separator)), "%s: a copy, where the spec puts copies", host)
		}
		assert.LessOrEqual(t, f.peak, workers)
		if workers > 1 {
			assert.Greater(t, f.peak, 1, "%d workers ran mutants at once", workers)
		}
		for name, src := range workerHead {
			raw, err := os.ReadFile(filepath.Join(dir, name))
			require.NoError(t, err)
			assert.Equal(t, string(src), string(raw), "the head tree is put back")
		}
		left, err := os.ReadDir(copies)
		require.NoError(t, err)
		assert.Empty(t, left, "%d workers: every copy is released", workers)
	}
}

func TestMutantWorkersStopWhenCancelled(t *testing.T) {
	mutants, _ := workerMutants()
	dir, copies := workerTree(t), t.TempDir()
	f := newTreeRunner(t, mutants)
	f.block = true
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f.onStart = func(started int) {
		if started == 3 {
			cancel()
		}
	}
	time.AfterFunc(10*time.Second, cancel) // one at a time, the third never starts
	s := workerSpec(f, 3, copies)
	start := time.Now()
	_, _, err := s.runMutants(ctx, &plan{headSrc: workerHead}, dir, mutants, workerG)
	require.Error(t, err)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Less(t, time.Since(start), 5*time.Second, "the workers stop when the run is cancelled")
	assert.Equal(t, 3, f.started, "no mutant starts after the cancel")
	left, err := os.ReadDir(copies)
	require.NoError(t, err)
	assert.Empty(t, left, "a cancelled run leaves no copy behind")
	for name, src := range workerHead {
		raw, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		assert.Equal(t, string(src), string(raw), "the head tree is put back")
	}
}

func TestMutantWorkers(t *testing.T) {
	for name, c := range map[string]struct {
		cpus, concurrency, mutants, want int
	}{
		"one per CPU":                         {4, 0, 10, 4},
		"at most the run's concurrency":       {4, 3, 10, 3},
		"never more than the CPUs":            {2, 8, 10, 2},
		"one at a time":                       {4, 1, 10, 1},
		"never more than the mutants":         {4, 4, 2, 2},
		"one worker even with nothing to run": {4, 4, 0, 1},
	} {
		assert.Equal(t, c.want, (&Spec{Runner: shower(true), Concurrency: c.concurrency, cpus: c.cpus}).mutantWorkers(c.mutants), name)
	}
	assert.GreaterOrEqual(t, (&Spec{Runner: shower(true)}).mutantWorkers(100), 1, "the default is one per CPU")
	// A runner that cannot show a copy at the head tree's path (the local
	// runner without its sandbox, Docker, Kubernetes) runs mutants one at
	// a time in the head tree: a copy's command would name the head tree.
	assert.Equal(t, 1, (&Spec{Runner: shower(false), cpus: 4}).mutantWorkers(10), "copies not shown at the head's path")
}

// shower is a runner that says whether it shows a copy at Dir.
type shower bool

func (shower) Run(context.Context, verify.Command) (verify.Result, error) {
	return verify.Result{}, nil
}
func (s shower) ShowsSourceAtDir() bool { return bool(s) }

// slowOnce times out the first command that runs a "live" mutant (a
// mutant no test kills) and answers every other as treeRunner does: a
// mutant that only ran slow beside the workers.
type slowOnce struct {
	*treeRunner
	mu   sync.Mutex
	done bool
}

func (s *slowOnce) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	src, err := s.mutantIn(cmd.HostDir())
	s.mu.Lock()
	first := err == nil && strings.Contains(src, "// live") && !s.done
	if first {
		s.done = true
	}
	s.mu.Unlock()
	if first {
		return verify.Result{ExitCode: -1, TimedOut: true}, nil
	}
	return s.treeRunner.Run(ctx, cmd)
}

// TestATimedOutMutantIsRunAgainAlone: a mutant that timed out among the
// workers runs once more, alone, once they are done; one that only ran
// slow then counts as what it is (here survived), one that loops for ever
// times out again and stays a timeout.
func TestATimedOutMutantIsRunAgainAlone(t *testing.T) {
	mutants, want := workerMutants()
	for _, workers := range []int{1, 3} {
		f := &slowOnce{treeRunner: newTreeRunner(t, mutants)}
		s := workerSpec(f, workers, t.TempDir())
		results, _, err := s.runMutants(context.Background(), &plan{headSrc: workerHead}, workerTree(t), mutants, workerG)
		require.NoError(t, err)
		for i, r := range results {
			assert.Equal(t, want[i], r.Status, "%d workers: %s:%d", workers, r.Mutant.File, r.Mutant.Line)
		}
		assert.True(t, f.done, "the slow run happened")
	}
}
