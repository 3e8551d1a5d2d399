// Package gaterun runs the deterministic gates (bot/gates) over a change,
// SWE-bench style: it materialises the base's and the head's trees in a
// temporary directory (never the user's checkout), runs the test command
// through a verify.Runner on four mixes of code and tests, reads per-test
// results and hands them to the gates' rules.
//
// The runs, two trees, each reused so the build cache stays warm:
//
//	base tree:  R  base code + head's tests, only the new
//	               and changed ones                      (VERIFY_RED)
//	            B  base code + base tests, whole suite   (which tests passed before; in R's
//	               tree when every test the change did not edit is the
//	               same program there, and then the edited tests' base
//	               versions only when their result on the base decides)
//	head tree:  G  head code + head tests, whole suite   (VERIFY_GREEN; untouched tests' REFACTOR)
//	            I  the static checks                      (VERIFY_IMPLEMENT)
//	            F  head code + the base's versions of the
//	               tests the change edited or deleted, and of
//	               every test of a Go package (a pytest file)
//	               whose test files' top level it changed       (VERIFY_REFACTOR: an edited test cannot pass itself)
//
// B and G are the test command run twice; R and F run only what they must:
// a change that only adds tests runs no F (gates.KeepsUnchangedTests), and
// where B can run in R's tree the touched packages compile once on the
// base.
package gaterun

import (
	"context"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/verify"
)

// Spec is one gates run.
type Spec struct {
	// Base and Head are the revisions compared (commits, for the record).
	Base, Head string
	Trees      Trees
	Runner     verify.Runner
	Ecosystem  gates.Ecosystem
	// Test is the test command's argv as the user gave it (already past
	// the allowlist); gate variables in it are substituted per run and the
	// reporting flags are added (see gates.ReportingArgv).
	Test []string
	// Static is the static checks' argv (VERIFY_IMPLEMENT); nil runs no
	// IMPLEMENT gate.
	Static []string
	// TestFiles are more test-file patterns (.autoverify.yml).
	TestFiles []string
	// Guards are tests the story marks as regression guards: passing on
	// the base is what they are for.
	Guards map[string]bool
	// Vars are the story's gate variables; worktree_dir, test_file and
	// test_dir are set per run.
	Vars    map[string]string
	Timeout time.Duration
	// Redactor masks secrets in the snippets; nil keeps output as is.
	Redactor verify.Redactor
	// Allowed, when set, picks what Spec leaves open against the
	// allowlist: with Test nil the ecosystem's default test command, with
	// AutoStatic the ecosystem's static check (pickStatic): `go vet ./...`
	// for Go, for Python the first of gates.StaticCandidates installed
	// where Runner runs (when allowed; else no IMPLEMENT, and
	// Report.Unrun says why).
	Allowed    func(command string) ([]string, error)
	AutoStatic bool
	// RetryDelay is the wait before another try after a transient runner
	// failure (verify.ErrTransient); nil means 1 s, then 2 s.
	RetryDelay func(attempt int) time.Duration
	// TempDir is where the trees go ("" is the system's); Now the clock.
	TempDir string
	Now     func() time.Time
	// Mutate runs VERIFY_MUTATE after the head's suite: mutants of the
	// changed non-test lines (bot/mutate), each against its package's
	// tests (Go) or the change's test files (Python). MutateMax caps the mutants (0: DefaultMutateMax, < 0: no
	// cap); MutateThreshold is the score to reach (0: 0.8).
	Mutate          bool
	MutateMax       int
	MutateThreshold float64
	// MutatePython makes Python's mutants ("": DefaultMutatePython); when
	// it is missing, VERIFY_MUTATE accepts saying it did not run.
	MutatePython string
	// Concurrency bounds the mutants VERIFY_MUTATE runs at once: one per
	// CPU, at most Concurrency when it is set (0: no bound). More than the
	// CPUs would not go faster (a test run is mostly CPU) and would slow
	// each mutant's run towards its timeout, which GREEN's run sets. Each
	// worker after the first runs its mutants in its own copy of the head
	// tree, made by Copies and shown at the head tree's path
	// (verify.Command.Source), so that no mutant sees another's file and
	// build caches keyed by path still serve.
	Concurrency int
	// Copies copies a tree for each command (see runFresh) and the head
	// tree for VERIFY_MUTATE's workers; nil is a workspace.Copier into
	// TempDir (the system's: a memory file system when the temporary
	// directory is on a disk and the tree fits).
	Copies verify.WorkspaceCloner

	// cpus is what the mutants' workers may use (0: runtime.NumCPU; tests
	// set it, see export_test.go).
	cpus int

	// repeated are the Go test names several packages share (named by
	// package, gates.QualifyRepeated); modules the module path of each
	// tree (by directory). Run sets them.
	repeated map[string]bool
	modules  map[string]string
	// srcPath: a Python src layout in either tree, whose test commands
	// run under `env PYTHONPATH=src` in both (srcLayout, testArgv).
	srcPath bool
	// layers are the trees' build layers, by directory (see buildLayers).
	layers map[string]string
	// bins are the directories of the trees' test binaries, by tree
	// directory, and binsRun this run's (see testBinaries).
	bins    map[string]string
	binsRun string
	// staticUnrun says why AutoStatic found no static check to run.
	staticUnrun string
}

// run is one command's record.
type run struct {
	argv    []string
	at      time.Time
	res     verify.Result
	results gates.Results
	// attempt is how many tries the runner needed (a transient runner
	// failure is tried again, as for checklist items).
	attempt int
	// timeout bounds this command alone (0: the spec's Timeout).
	timeout time.Duration
	// source, when set, is the host directory shown at the command's
	// directory: a mutant worker's copy of the head tree (verify.Command.Source).
	source string
	// limit is the output kept (verify.Command.OutputLimit; 0: the
	// runner's cap).
	limit int
	// writeLayer: the command is the tree's compile step, whose cache
	// writes go into its build layer (see compile).
	writeLayer bool
	// tests: a test command, which runs the tree's kept test binaries
	// when it has them (see testBinaries); a static check does not.
	tests bool
	// dir is the tree the command ran in (runCmd sets it).
	dir string
}

// reportLimit is the output a test command keeps, so that its report is
// read whole: go test -json reports every subtest, and toml's suite
// prints 1.9 MB, past the runners' default cap of 1 MiB; the tests whose
// results fell in the cut then ran again alone (refill), which took half
// of the gates' time on one real fix (docs/benchmarks.md). A report past
// this still gets refill.
const reportLimit = 16 << 20

// snippetSource bounds the output evidence redacts to take its snippet
// from (the snippet is its first gates.SnippetBytes): as much as the
// runners' default cap kept before reports were read whole.
const snippetSource = 1 << 20

func (s *Spec) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// Run runs the gates and returns the report. An error means a gate could
// not run (a tree not extracted, a runner unavailable); failing tests are
// verdicts, never errors.
func Run(ctx context.Context, s Spec) (gates.Report, error) {
	rep := gates.Report{Base: s.Base, Head: s.Head}
	if s.Ecosystem != "" && s.Test != nil {
		if _, err := gates.ReportingArgv(s.Ecosystem, s.Test); err != nil {
			return rep, err
		}
	}
	tmp, err := os.MkdirTemp(s.TempDir, "autoverify-gates-*")
	if err != nil {
		return rep, fmt.Errorf("gates: temporary directory: %w", err)
	}
	defer os.RemoveAll(tmp)
	baseDir, headDir := tmp+"/base", tmp+"/head"
	var wg sync.WaitGroup
	var berr, herr error
	wg.Add(2)
	go func() { defer wg.Done(); berr = s.Trees.Extract(ctx, s.Base, baseDir) }()
	go func() { defer wg.Done(); herr = s.Trees.Extract(ctx, s.Head, headDir) }()
	wg.Wait()
	if berr != nil {
		return rep, fmt.Errorf("gates: base %s: %w", s.Base, berr)
	}
	if herr != nil {
		return rep, fmt.Errorf("gates: head %s: %w", s.Head, herr)
	}
	if err := s.settle(headDir); err != nil {
		return rep, err
	}
	// Not allowlisted or not installed: no IMPLEMENT gate, and the report
	// says why; the other gates need only the tests.
	s.pickStatic(ctx)
	// One decision for both trees: a head that drops the layout must not
	// run its tests against a copy of the package installed elsewhere
	// while the base's ran against its own.
	s.srcPath = s.Ecosystem == gates.Python && (srcLayout(baseDir) || srcLayout(headDir))
	p, err := s.plan(baseDir, headDir)
	if err != nil {
		return rep, err
	}
	s.layers = s.buildLayers(tmp, p, baseDir, headDir)
	s.bins = s.testBinaries(tmp, p)
	defer s.removeBins()
	rs, err := s.runAll(ctx, p, baseDir, headDir)
	if err != nil {
		return rep, err
	}
	s.judge(&rep, p, rs)
	rep.Normalize()
	return rep, nil
}

// settle fills in what the spec left open, from the head's tree: the
// ecosystem, the default test command and static checks (allowlisted).
func (s *Spec) settle(headDir string) error {
	if s.Ecosystem == "" {
		if eco, ok := gates.EcosystemOf(s.Test); ok {
			s.Ecosystem = eco
		} else if eco, ok := Detect(headDir); ok {
			s.Ecosystem = eco
		} else {
			return fmt.Errorf("gates: the head is neither Go (go.mod) nor Python (*.py, pyproject.toml); name the test command in the GATE= item's CMD=")
		}
	}
	if s.Test == nil {
		argv, err := s.allowed()(gates.CommandLine(gates.DefaultTest[s.Ecosystem]))
		if err != nil {
			return fmt.Errorf("gates: the default test command: %w", err)
		}
		s.Test = argv
	}
	_, err := gates.ReportingArgv(s.Ecosystem, s.Test)
	return err
}

// Engine runs gates for the pipeline (bot.GateRunner).
type Engine struct {
	// TempDir is where trees go ("" is the system's).
	TempDir string
}

var _ bot.GateRunner = Engine{}

// RunGates runs job's gates: the test command given or the ecosystem's
// default, and the static check given or the ecosystem's (pickStatic),
// each only when allowlisted; VERIFY_MUTATE too when the job asks for it.
func (e Engine) RunGates(ctx context.Context, job bot.GateJob) (gates.Report, error) {
	return Run(ctx, Spec{Base: job.Base, Head: job.Head, Trees: job.Trees, Runner: job.Runner, Test: job.Test, Static: job.Static,
		Allowed: job.Allowed, AutoStatic: true, Vars: job.Vars, Timeout: job.Timeout, Redactor: job.Redactor, TempDir: e.TempDir,
		TestFiles: job.TestFiles, Guards: job.Guards, Mutate: job.Mutate, MutateMax: job.MutateMax, MutateThreshold: job.MutateThreshold,
		Concurrency: job.Concurrency})
}
