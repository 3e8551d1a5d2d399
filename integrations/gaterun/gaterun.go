// Package gaterun runs the deterministic gates (bot/gates) over a change,
// SWE-bench style: it materialises the base's and the head's trees in a
// temporary directory (never the user's checkout), runs the test command
// through a bot.Runner on four mixes of code and tests, reads per-test
// results and hands them to the gates' rules.
//
// The runs, two trees, each reused so the build cache stays warm:
//
//	base tree:  B  base code + base tests, whole suite   (which tests passed before)
//	            R  base code + head's tests, only the new
//	               and changed ones                      (VERIFY_RED)
//	head tree:  G  head code + head tests, whole suite   (VERIFY_GREEN; untouched tests' REFACTOR)
//	            I  the static checks                      (VERIFY_IMPLEMENT)
//	            F  head code + the base's versions of the
//	               tests in changed or deleted test files (VERIFY_REFACTOR: an edited test cannot pass itself)
//
// B and G are the test command run twice; R and F run only what they must.
package gaterun

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/gates"
)

// Spec is one gates run.
type Spec struct {
	// Base and Head are the revisions compared (commits, for the record).
	Base, Head string
	Trees      Trees
	Runner     bot.Runner
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
	Redactor bot.Redactor
	// Allowed, when set, picks what Spec leaves open against the
	// allowlist: with Test nil the ecosystem's default test command, with
	// AutoStatic `go vet ./...` for Go (when allowed; else no IMPLEMENT).
	Allowed    func(command string) ([]string, error)
	AutoStatic bool
	// RetryDelay is the wait before another try after a transient runner
	// failure (bot.ErrTransient); nil means 1 s, then 2 s.
	RetryDelay func(attempt int) time.Duration
	// TempDir is where the trees go ("" is the system's); Now the clock.
	TempDir string
	Now     func() time.Time
}

// run is one command's record.
type run struct {
	argv    []string
	at      time.Time
	res     bot.Result
	results gates.Results
	// attempt is how many tries the runner needed (a transient runner
	// failure is tried again, as for checklist items).
	attempt int
}

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
	baseFiles, err := testFiles(baseDir, s.Ecosystem, s.TestFiles)
	if err != nil {
		return rep, err
	}
	headFiles, err := testFiles(headDir, s.Ecosystem, s.TestFiles)
	if err != nil {
		return rep, err
	}
	baseFuncs, baseFileOf, _ := funcsOf(s.Ecosystem, baseFiles)
	headFuncs, headFileOf, unparsable := funcsOf(s.Ecosystem, headFiles)
	// A head test file that does not parse is RED's and GREEN's
	// reject_syntax; its tests are not "deleted" (tampered) for that.
	for _, p := range unparsable {
		for _, bf := range baseFuncs {
			if baseFileOf[bf.Name] == p {
				headFuncs = append(headFuncs, bf)
			}
		}
	}
	change := gates.Compare(baseFuncs, headFuncs)
	claimed := append(append([]string(nil), change.Added...), change.Changed...)
	sort.Strings(claimed)

	// The test files the change touched, and the base tests in them: F
	// runs those in their base versions.
	var touchedBase []string
	for _, f := range baseFuncs {
		if string(headFiles[baseFileOf[f.Name]]) != string(baseFiles[baseFileOf[f.Name]]) {
			touchedBase = append(touchedBase, f.Name)
		}
	}
	redFiles := filesOf(claimed, headFileOf)
	redFiles = append(redFiles, unparsable...)
	// {test_file} and {test_dir} name the change's (first) test file in
	// every run, unless the story set them.
	if len(redFiles) > 0 && s.Vars["test_file"] == "" {
		vars := map[string]string{"test_file": redFiles[0], "test_dir": path.Dir(redFiles[0])}
		for k, v := range s.Vars {
			if v != "" || vars[k] == "" {
				vars[k] = v
			}
		}
		s.Vars = vars
	}

	var b, r, g, i, f *run
	var bErr, hErr error
	var redNote string
	wg.Add(2)
	go func() {
		defer wg.Done()
		if b, bErr = s.exec(ctx, baseDir, s.Test, nil, nil); bErr != nil || len(redFiles) == 0 {
			return
		}
		if bErr = s.mix(baseDir, baseFiles, headFiles); bErr != nil {
			return
		}
		r, bErr = s.exec(ctx, baseDir, s.Test, claimed, redFiles)
		if bErr == nil && len(unparsable) == 0 {
			r, redNote, bErr = s.pruneRed(ctx, baseDir, headFiles, headFileOf, claimed, r)
		}
	}()
	go func() {
		defer wg.Done()
		if g, hErr = s.exec(ctx, headDir, s.Test, nil, nil); hErr != nil {
			return
		}
		if s.Static != nil {
			if i, hErr = s.execPlain(ctx, headDir, s.Static); hErr != nil {
				return
			}
		}
		if len(touchedBase) == 0 {
			return
		}
		if hErr = s.mix(headDir, headFiles, baseFiles); hErr != nil {
			return
		}
		f, hErr = s.exec(ctx, headDir, s.Test, touchedBase, filesOf(touchedBase, baseFileOf))
	}()
	wg.Wait()
	if bErr != nil {
		return rep, bErr
	}
	if hErr != nil {
		return rep, hErr
	}
	s.judge(&rep, change, claimed, unparsable, touchedBase, redNote, b, r, g, i, f)
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
	allowed := s.Allowed
	if allowed == nil {
		allowed = func(c string) ([]string, error) {
			return nil, fmt.Errorf("command `%s` is not in the allowlist", c)
		}
	}
	if s.Test == nil {
		argv, err := allowed(gates.CommandLine(gates.DefaultTest[s.Ecosystem]))
		if err != nil {
			return fmt.Errorf("gates: the default test command: %w", err)
		}
		s.Test = argv
	}
	if _, err := gates.ReportingArgv(s.Ecosystem, s.Test); err != nil {
		return err
	}
	if s.Static == nil && s.AutoStatic && s.Ecosystem == gates.Go {
		// Not allowlisted: no IMPLEMENT gate, and a GATE=implement item
		// says it did not run; the other gates need only the tests.
		if argv, err := allowed(gates.CommandLine(gates.DefaultStatic[gates.Go][0])); err == nil {
			s.Static = argv
		}
	}
	return nil
}

// Engine runs gates for the pipeline (bot.GateRunner).
type Engine struct {
	// TempDir is where trees go ("" is the system's).
	TempDir string
}

var _ bot.GateRunner = Engine{}

// RunGates runs job's gates: the test command given or the ecosystem's
// default, and Go's go vet, each only when allowlisted.
func (e Engine) RunGates(ctx context.Context, job bot.GateJob) (gates.Report, error) {
	return Run(ctx, Spec{Base: job.Base, Head: job.Head, Trees: job.Trees, Runner: job.Runner, Test: job.Test,
		Allowed: job.Allowed, AutoStatic: true, Vars: job.Vars, Timeout: job.Timeout, Redactor: job.Redactor, TempDir: e.TempDir,
		TestFiles: job.TestFiles, Guards: job.Guards})
}

// pruneRed gives RED a second look when the first run did not build
// because tests need code the base lacks. A Go package builds as a whole
// and a pytest module imports as a whole, so one such test would keep its
// neighbours from running on the base — and a vanity test could hide
// behind it. For Go it drops the functions the compiler named (they count
// as failing: red); for pytest it turns the missing imported names into
// None (the tests that use them fail). Then it runs the rest. When that
// still does not build, the first run stands. note says what was done.
func (s *Spec) pruneRed(ctx context.Context, dir string, headFiles map[string][]byte, headFileOf map[string]string, claimed []string, r *run) (*run, string, error) {
	if o := outcome(r, claimed); !o.BuildFailed || !o.MissingOnly {
		return r, "", nil
	}
	have, want := map[string][]byte{}, map[string][]byte{}
	var dropped, stubbed []string
	switch s.Ecosystem {
	case gates.Go:
		for file, lines := range gates.MissingAt(r.results.Text) {
			src, ok := headFiles[file]
			if !ok {
				continue
			}
			out, d, ok := gates.PruneGo(src, lines)
			if !ok || len(d) == 0 {
				continue
			}
			have[file], want[file] = src, out
			dropped = append(dropped, d...)
		}
	case gates.Python:
		for file, msg := range r.results.Uncollected {
			src, ok := headFiles[file]
			if !ok {
				continue
			}
			out, st, ok := gates.PrunePython(src, msg)
			if !ok {
				continue
			}
			have[file], want[file] = src, out
			stubbed = append(stubbed, st...)
		}
	}
	gone := map[string]bool{}
	for _, d := range dropped {
		gone[d] = true
	}
	var rest []string
	for _, n := range claimed {
		if !gone[n] {
			rest = append(rest, n)
		}
	}
	if len(want) == 0 || len(rest) == 0 {
		return r, "", nil
	}
	if err := overlay(dir, have, want); err != nil {
		return nil, "", err
	}
	if s.Ecosystem == gates.Python {
		if err := dropCaches(dir); err != nil {
			return nil, "", err
		}
	}
	r2, err := s.exec(ctx, dir, s.Test, rest, filesOf(rest, headFileOf))
	if err != nil {
		return nil, "", err
	}
	if o := outcome(r2, rest); o.BuildFailed || len(r2.results.Only(rest)) == 0 {
		return r, "", nil
	}
	tests := map[string]string{}
	for n, st := range r2.results.Tests {
		tests[n] = st
	}
	for _, d := range dropped {
		tests[d] = gates.Fail
	}
	r2.results.Tests = tests
	sort.Strings(dropped)
	sort.Strings(stubbed)
	if len(dropped) > 0 {
		return r2, fmt.Sprintf("%d tests need code the base lacks (%s) and cannot build there: red; the others ran: ", len(dropped), strings.Join(dropped, ", ")), nil
	}
	return r2, fmt.Sprintf("the base lacks %s: made None so the modules import and the tests that use them fail; ", strings.Join(stubbed, ", ")), nil
}

// mix overlays want's test files on a tree that holds have's, dropping
// Python's caches of the old ones.
func (s *Spec) mix(dir string, have, want map[string][]byte) error {
	if err := overlay(dir, have, want); err != nil {
		return err
	}
	if s.Ecosystem == gates.Python {
		return dropCaches(dir)
	}
	return nil
}

// outcome is what the rules need of a run, for the tests that matter.
func outcome(r *run, matter []string) gates.Outcome {
	if r == nil {
		return gates.Outcome{Tests: map[string]string{}}
	}
	o := gates.Outcome{ExitCode: r.res.ExitCode, TimedOut: r.res.TimedOut, Tests: r.results.Tests}
	o.BuildFailed, o.MissingOnly = gates.BuildFailure(r.results.Text, r.results.Only(matter))
	return o
}

// judge classifies the runs and fills the report.
func (s *Spec) judge(rep *gates.Report, change gates.Change, claimed, unparsable, touchedBase []string, redNote string, b, r, g, i, f *run) {
	// VERIFY_RED: the new and changed tests over the base's code.
	red := outcome(r, claimed)
	redRes := gates.ClassifyRed(claimed, red, s.Guards)
	redRes.Reason = redNote + redRes.Reason
	if len(unparsable) > 0 {
		redRes = gates.Result{Gate: gates.Red, Classification: gates.RejectSyntax, Tests: unparsable,
			Reason: "test files do not parse: " + strings.Join(unparsable, ", ")}
	}
	if redRes.Classification == gates.RejectVanity {
		rep.Tests.Vanity = redRes.Tests
	}
	rep.Gates = append(rep.Gates, s.evidence(redRes, r))

	// VERIFY_GREEN: the same tests at head.
	head := outcome(g, claimed)
	greenRes, failToPass := gates.ClassifyGreen(claimed, red, head)
	if len(unparsable) > 0 {
		greenRes = gates.Result{Gate: gates.Green, Classification: gates.RejectSyntax, Tests: unparsable,
			Reason: "test files do not parse: " + strings.Join(unparsable, ", ")}
		failToPass = nil
	}
	rep.Tests.FailToPass = failToPass
	rep.Gates = append(rep.Gates, s.evidence(greenRes, g))

	// VERIFY_REFACTOR: every base test, in its base version, at head's
	// code: F's result for the tests of touched files, G's for the rest
	// (same test, same code).
	inF := map[string]bool{}
	for _, n := range touchedBase {
		inF[n] = true
	}
	base := outcome(b, nil)
	atHead := map[string]string{}
	var passed []string
	for n, st := range base.Tests {
		if st == gates.Pass {
			passed = append(passed, n)
		}
	}
	sort.Strings(passed)
	for n := range base.Tests {
		src := g
		if inF[n] {
			src = f
		}
		if src != nil {
			if st, ok := src.results.Tests[n]; ok {
				atHead[n] = st
			}
		}
	}
	for _, n := range touchedBase {
		if _, ok := base.Tests[n]; !ok && f != nil {
			if st, ok := f.results.Tests[n]; ok {
				atHead[n] = st
			}
		}
	}
	tampered := append([]gates.Tamper(nil), change.Tampered...)
	already := map[string]bool{}
	for _, t := range tampered {
		already[t.Test] = true
	}
	// A changed test that failed on the base, fails in its base version at
	// head and passes as edited was edited to pass.
	for _, n := range change.Changed {
		if !already[n] && base.Tests[n] == gates.Fail && atHead[n] == gates.Fail && head.Tests[n] == gates.Pass {
			tampered = append(tampered, gates.Tamper{Test: n, How: "edited to pass (its base version still fails at head)"})
		}
	}
	sort.Slice(tampered, func(i, j int) bool { return tampered[i].Test < tampered[j].Test })
	refOut := gates.Outcome{Tests: atHead}
	if f != nil {
		fo := outcome(f, touchedBase)
		refOut.BuildFailed, refOut.MissingOnly, refOut.TimedOut, refOut.ExitCode = fo.BuildFailed, fo.MissingOnly, fo.TimedOut, fo.ExitCode
	}
	if g != nil && g.res.TimedOut {
		refOut.TimedOut = true
	}
	refRes, broken := gates.ClassifyRefactor(passed, refOut, tampered)
	// A test with no result at head either did not build (said above) or
	// was reported in output the runner's cap cut: then nobody knows
	// whether it still passes, and REFACTOR cannot accept.
	if refRes.Classification == gates.Accept && (cut(g) > 0 || cut(f) > 0) {
		var unknown []string
		for _, n := range passed {
			if _, ok := atHead[n]; !ok {
				unknown = append(unknown, n)
			}
		}
		if len(unknown) > 0 {
			refRes = gates.Result{Gate: gates.Refactor, Classification: gates.RejectFailure, Tests: unknown,
				Reason: fmt.Sprintf("%d tests that passed on the base have no result at head: the runner cut %d bytes of output (raise ENGINEO_OUTPUT_LIMIT)", len(unknown), cut(g)+cut(f))}
		}
	}
	rep.Tests.Broken = broken
	rep.Weakened = tampered
	for _, t := range tampered {
		rep.Tests.Tampered = append(rep.Tests.Tampered, t.Test)
	}
	brokenSet := map[string]bool{}
	for _, n := range broken {
		brokenSet[n] = true
	}
	for _, t := range tampered {
		brokenSet[t.Test] = true // a weakened test proves nothing kept
	}
	for _, n := range passed {
		if atHead[n] == gates.Pass && !brokenSet[n] {
			rep.Tests.PassToPass = append(rep.Tests.PassToPass, n)
		}
	}
	// REFACTOR rests on two commands: B says which tests passed before, F
	// (when a test file changed) runs their base versions at head.
	be := s.evidence(refRes, b)
	be.Reason = "the base's suite at the base (which tests passed before); " + refRes.Reason
	rep.Gates = append(rep.Gates, be)
	if f != nil {
		rep.Gates = append(rep.Gates, s.evidence(refRes, f))
	}

	// VERIFY_IMPLEMENT: the static checks at head.
	if i != nil {
		rep.Gates = append(rep.Gates, s.evidence(gates.ClassifyImplement(gates.Outcome{ExitCode: i.res.ExitCode, TimedOut: i.res.TimedOut}), i))
	}
}

// evidence is the spec's record of one gate command (r nil: the gate had
// nothing to run).
func (s *Spec) evidence(res gates.Result, r *run) gates.Evidence {
	e := gates.Evidence{Gate: res.Gate, Classification: res.Classification, Reason: res.Reason, Tests: res.Tests, Attempt: 1, ExitCode: -1, Timestamp: s.now()}
	if r == nil {
		e.Snippet = res.Reason
		return e
	}
	e.Command, e.ExitCode, e.Timestamp, e.Attempt = gates.CommandLine(r.argv), r.res.ExitCode, r.at, r.attempt
	text := []byte(r.results.Text)
	if len(strings.TrimSpace(r.results.Text)) == 0 {
		text = r.res.Output
	}
	if s.Redactor != nil {
		text = s.Redactor.Bytes(text)
	}
	e.Snippet = gates.Snippet(text)
	return e
}

// cut is how many output bytes the runner dropped from r.
func cut(r *run) int64 {
	if r == nil {
		return 0
	}
	return r.res.OmittedBytes
}

// filesOf returns the distinct files of names.
func filesOf(names []string, fileOf map[string]string) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range names {
		if p := fileOf[n]; p != "" && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// exec runs the test command in dir, restricted to only (tests, in files)
// when given, and reads its per-test results.
func (s *Spec) exec(ctx context.Context, dir string, argv, only, files []string) (*run, error) {
	vars := map[string]string{}
	for k, v := range s.Vars {
		vars[k] = v
	}
	vars["worktree_dir"] = dir
	sub, err := gates.Substitute(argv, vars)
	if err != nil {
		return nil, err
	}
	full, err := gates.ReportingArgv(s.Ecosystem, sub)
	if err != nil {
		return nil, err
	}
	if only != nil {
		full = gates.Restrict(s.Ecosystem, full, only, files)
	}
	r := &run{argv: full, at: s.now()}
	if err := s.runCmd(ctx, r, dir); err != nil {
		return nil, err
	}
	switch s.Ecosystem {
	case gates.Go:
		r.results = gates.ParseGoTestJSON(r.res.Output)
	case gates.Python:
		r.results, _ = gates.ParseJUnitXML(r.res.Output)
	}
	return r, nil
}

// execPlain runs a static check in dir.
func (s *Spec) execPlain(ctx context.Context, dir string, argv []string) (*run, error) {
	sub, err := gates.Substitute(argv, map[string]string{"worktree_dir": dir})
	if err != nil {
		return nil, err
	}
	r := &run{argv: sub, at: s.now()}
	if err := s.runCmd(ctx, r, dir); err != nil {
		return nil, err
	}
	r.results.Text = string(r.res.Output)
	return r, nil
}

// maxTries bounds tries of a command whose runner failed transiently.
const maxTries = 3

// runCmd runs r's argv in dir, trying again after a transient runner
// failure (an engine that did not answer); any other runner error means
// the gate could not run.
func (s *Spec) runCmd(ctx context.Context, r *run, dir string) error {
	var err error
	for r.attempt = 1; ; r.attempt++ {
		r.res, err = s.Runner.Run(ctx, bot.Command{ItemID: "gates", Argv: r.argv, Dir: dir, Timeout: s.Timeout})
		if err == nil || !errors.Is(err, bot.ErrTransient) || r.attempt >= maxTries || ctx.Err() != nil {
			break
		}
		wait := time.Duration(r.attempt) * time.Second
		if s.RetryDelay != nil {
			wait = s.RetryDelay(r.attempt)
		}
		select {
		case <-time.After(wait):
		case <-ctx.Done():
		}
	}
	if err != nil {
		return fmt.Errorf("gates: running %s (%d tries): %w", gates.CommandLine(r.argv), r.attempt, err)
	}
	return nil
}
