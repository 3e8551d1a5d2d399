package gaterun

// The runs: the base's track (RED, then the base's suite) beside the
// head's (GREEN, the static checks, REFACTOR's base versions).

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/engineo/autoverify/bot/gates"
)

// runs are the commands of one gates run (nil: not run).
type runs struct {
	b, r, g, i, ib, f *run
	redNote           string
	// bBeside: B ran in RED's tree without the added and edited tests
	// (see baseTrack); bFix is the base's versions of the
	// edited tests on the base's code, run only when their result there
	// decides (see beforeOfEdited).
	bBeside bool
	bFix    *run
	// gc is the change's tests at head, run apart from G (headSuite;
	// nil: they ran in G).
	gc *run
	// m is VERIFY_MUTATE's (nil: not asked for).
	m *mutation
}

// runAll runs the two tracks at once: on the base tree RED, then the
// base's suite; on the head tree the head's suite, the static checks, then
// REFACTOR's base versions; then, only when the head's static checks
// failed, the base's (see baseStatic).
func (s *Spec) runAll(ctx context.Context, p *plan, baseDir, headDir string) (*runs, error) {
	rs := &runs{}
	var wg sync.WaitGroup
	var bErr, hErr error
	wg.Add(2)
	go func() {
		defer wg.Done()
		bErr = s.baseTrack(ctx, p, baseDir, rs)
	}()
	go func() {
		defer wg.Done()
		hErr = s.headTrack(ctx, p, headDir, rs)
	}()
	wg.Wait()
	if bErr != nil {
		return nil, bErr
	}
	if hErr != nil {
		return nil, hErr
	}
	if err := s.beforeOfEdited(ctx, p, baseDir, rs); err != nil {
		return nil, err
	}
	if err := s.baseStatic(ctx, p, baseDir, rs); err != nil {
		return nil, err
	}
	return rs, nil
}

// beforeOfEdited runs, after B ran in RED's tree, the base's versions of
// the edited tests on the base's code, when their result there decides:
// for one whose base version does not pass at head (rewritten, or edited
// to pass: see gates.Lists) or that is not red (pass-to-pass only if its
// base version passed on the base). A table edit whose new row fails on
// the base and whose base version still passes at head — the common
// fix — needs no such run. The results join B's.
func (s *Spec) beforeOfEdited(ctx context.Context, p *plan, dir string, rs *runs) error {
	if !rs.bBeside {
		return nil
	}
	var need []string
	for _, n := range p.change.Changed {
		if result(rs.f, n) != gates.Pass || result(rs.r, n) != gates.Fail {
			need = append(need, n)
		}
	}
	if len(need) == 0 {
		return nil
	}
	fix, err := s.exec(ctx, dir, s.Test, need, filesOf(need, p.baseFileOf))
	if err != nil {
		return err
	}
	if err := s.refill(ctx, dir, fix, need, p.baseFileOf); err != nil {
		return err
	}
	rs.bFix = fix
	tests := maps.Clone(rs.b.results.Tests)
	for _, n := range need {
		if st, ok := fix.results.Tests[n]; ok {
			tests[n] = st
		}
	}
	rs.b.results.Tests = tests
	return nil
}

// result is test n's status in r ("" when r is nil or has none).
func result(r *run, n string) string {
	if r == nil {
		return ""
	}
	return r.results.Tests[n]
}

// baseStatic runs the static checks on the base, what the head's findings
// are compared with, only when the head's failed: a head that passes is
// accepted without a comparison, so the base's run would be work for
// nothing (a whole `go vet` on a real project). The base track has left
// the base's own tests in the tree.
func (s *Spec) baseStatic(ctx context.Context, p *plan, dir string, rs *runs) error {
	if rs.i == nil || rs.i.res.ExitCode == 0 || rs.i.res.TimedOut {
		return nil
	}
	var err error
	rs.ib, err = s.staticRun(ctx, p, dir)
	return err
}

// baseTrack: RED (the head's tests and data over the base's code), then
// the base's suite B. When plan.besideRed holds and RED's run built, B
// runs in RED's tree with the added and edited tests left out (besideRed):
// the others are the same program there, and the touched packages compile
// once on the base, not twice. Otherwise the base's own tests go back
// first. The track ends with the base's own tests in the
// tree (IMPLEMENT's base run may follow).
func (s *Spec) baseTrack(ctx context.Context, p *plan, dir string, rs *runs) error {
	mixed, err := s.red(ctx, p, dir, rs)
	if err != nil {
		return err
	}
	if mixed && p.besideRed && !outcome(rs.r, p.claimed).BuildFailed && rs.redNote == "" {
		b, ok, err := s.besideRed(ctx, dir, p)
		if err != nil {
			return err
		}
		// A package RED did not run may not build with the head's tests
		// (a benchmark of new code, say): then B again, alone.
		if ok && len(b.results.Unbuilt) == 0 {
			rs.b, rs.bBeside = b, true
			rs.b.results.Tests = without(b.results.Tests, p.claimed)
		}
	}
	if mixed {
		if err := s.mix(dir, p.headFiles.tests, p.baseFiles.tests, p.headData, p.baseData); err != nil {
			return err
		}
	}
	if rs.b == nil {
		if rs.b, err = s.exec(ctx, dir, s.Test, nil, nil); err != nil {
			return err
		}
	}
	want := p.touchedBase
	if rs.bBeside {
		// The edited tests' base versions run only when they decide
		// (beforeOfEdited), not because the cap cut them.
		want = slices.DeleteFunc(slices.Clone(want), func(n string) bool { return slices.Contains(p.change.Changed, n) })
	}
	return s.refill(ctx, dir, rs.b, want, p.baseFileOf)
}

// besideRed runs the base's suite in RED's tree, the base's code with the
// head's tests, leaving the change's added and edited tests out
// (gates.Leave): they are compiled in, as RED built them, and do not run,
// so none of them can panic, print over the runner's cap or change state
// the base's tests see. ok is false when they cannot be named exactly.
func (s *Spec) besideRed(ctx context.Context, dir string, p *plan) (r *run, ok bool, err error) {
	full, err := s.testArgv(dir, s.Test)
	if err != nil {
		return nil, false, err
	}
	if full, ok = gates.Leave(s.Ecosystem, full, p.claimed, sortedKeys(p.baseFileOf)); !ok {
		return nil, false, nil
	}
	r, err = s.execParsed(ctx, &run{argv: full, at: s.now()}, dir)
	return r, err == nil, err
}

// red runs RED: the head's tests and data over the base's code, then
// pruneRed's second look; mixed says the tree now holds the head's tests.
func (s *Spec) red(ctx context.Context, p *plan, dir string, rs *runs) (mixed bool, err error) {
	if len(p.redFiles) == 0 {
		return false, nil
	}
	if err = s.mix(dir, p.baseFiles.tests, p.headFiles.tests, p.baseData, p.headData); err != nil {
		return false, err
	}
	if err = s.compile(ctx, dir); err != nil {
		return true, err
	}
	if rs.r, err = s.execRed(ctx, dir, p.claimed, p.redFiles); err != nil {
		return true, err
	}
	if len(p.unparsable) == 0 {
		rs.r, rs.redNote, err = s.pruneRed(ctx, dir, p.headFiles.tests, p.headFileOf, p.claimed, rs.r)
	}
	if err != nil {
		return true, err
	}
	rerun, err := s.rerunUnreported(rs.r, p.claimed, p.headFileOf, func(names, files []string) (*run, error) {
		return s.execRed(ctx, dir, names, files)
	})
	if err != nil {
		return true, err
	}
	note, err := s.settleFlaky(ctx, dir, rs.r, p.claimed, p.headFileOf)
	if err != nil {
		return true, err
	}
	rs.redNote = note + rerun + rs.redNote
	return true, s.refill(ctx, dir, rs.r, p.claimed, p.headFileOf)
}

// rerunUnreported runs again (with exec), in rounds, the claimed tests r
// did not report although their package built: a test that panics ends
// its package's test binary (Go), and the tests after it never run, so
// they would stand in no bucket (the real-history replay: toml b535ff89's
// TestItemTypeString panicked on the base, and two new tests after it had
// no result). The test that ended a round has its result, so each round
// gains one; the rounds stop when one gains none. Results join r's; the
// note names the tests that ran again. RED and GREEN (the change's tests
// at head) both use it.
func (s *Spec) rerunUnreported(r *run, claimed []string, fileOf map[string]string, exec func(names, files []string) (*run, error)) (string, error) {
	if outcome(r, claimed).BuildFailed {
		return "", nil
	}
	var ranAgain []string
	for {
		var missing []string
		for _, n := range claimed {
			if _, ok := r.results.Tests[n]; !ok && fileOf[n] != "" {
				missing = append(missing, n)
			}
		}
		if len(missing) == 0 {
			break
		}
		again, err := exec(missing, filesOf(missing, fileOf))
		if err != nil {
			return "", err
		}
		tests, flaky := maps.Clone(r.results.Tests), maps.Clone(r.results.Flaky)
		if flaky == nil {
			flaky = map[string]bool{}
		}
		gained := false
		for _, n := range missing {
			if st, ok := again.results.Tests[n]; ok {
				tests[n], flaky[n], gained = st, again.results.Flaky[n], true
				ranAgain = append(ranAgain, n)
			}
		}
		r.results.Tests, r.results.Flaky = tests, flaky
		if !gained {
			break
		}
	}
	if len(ranAgain) == 0 {
		return "", nil
	}
	return fmt.Sprintf("%s did not run after a test ended their package's test binary and ran again without it; ", strings.Join(ranAgain, ", ")), nil
}

// execRed runs names (in files) over the base's code, Go's twice in one
// test binary (gates.Repeat: no second build): a failure on the base is
// the change's proof only when it is not the test's luck. In the
// real-history replay a timing test new in a change that proves nothing
// failed on the base under load, and one failure was taken for proof.
// pytest repeats a test only with a plugin, so its tests run once; so
// does a whole suite (no names: test files that do not parse).
func (s *Spec) execRed(ctx context.Context, dir string, names, files []string) (*run, error) {
	argv := s.Test
	if twice, ok := gates.Repeat(s.Ecosystem, argv, 2); ok && len(names) > 0 {
		argv = twice
	}
	return s.exec(ctx, dir, argv, names, files)
}

// settleFlaky decides the claimed tests that both failed and passed in
// RED's two runs of one binary: each runs once more, alone, in a fresh
// process, and a pass there makes it a pass on the base (its failure was
// the test's luck: the base's code can pass it, so it proves nothing). A
// failure there keeps it red: a test whose first run in a process fails
// and whose second passes on state the first left (a lazy
// initialisation the change fixes) fails first in every fresh process.
// It returns RED's note on those made a pass.
func (s *Spec) settleFlaky(ctx context.Context, dir string, r *run, claimed []string, fileOf map[string]string) (string, error) {
	var flaky []string
	for _, n := range claimed {
		if r.results.Flaky[n] && r.results.Tests[n] == gates.Fail {
			flaky = append(flaky, n)
		}
	}
	if len(flaky) == 0 {
		return "", nil
	}
	// -count=1: go test never answers it from its cache of passing runs.
	// (Only Go's runs mark tests flaky; any other command runs as it is.)
	argv, ok := gates.Repeat(s.Ecosystem, s.Test, 1)
	if !ok {
		argv = s.Test
	}
	again, err := s.exec(ctx, dir, argv, flaky, filesOf(flaky, fileOf))
	if err != nil {
		return "", err
	}
	tests := maps.Clone(r.results.Tests)
	var passed []string
	for _, n := range flaky {
		if again.results.Tests[n] == gates.Pass {
			tests[n] = gates.Pass
			passed = append(passed, n)
		}
	}
	r.results.Tests = tests
	if len(passed) == 0 {
		return "", nil
	}
	return fmt.Sprintf("%s failed in one of two runs on the base and passed in the other and again alone: the base's code can pass them, so they count as passing there; ", strings.Join(passed, ", ")), nil
}

// without is tests less names.
func without(tests map[string]string, names []string) map[string]string {
	out := make(map[string]string, len(tests))
	for n, st := range tests {
		out[n] = st
	}
	for _, n := range names {
		delete(out, n)
	}
	return out
}

// headTrack: G, the static checks at head, the mutants when asked for
// (while the tree still holds the head's tests), then the base's versions
// of the touched tests (and their data) over the head's code for REFACTOR.
func (s *Spec) headTrack(ctx context.Context, p *plan, dir string, rs *runs) error {
	if err := s.compile(ctx, dir); err != nil {
		return err
	}
	err := s.headSuite(ctx, p, dir, rs)
	if err != nil {
		return err
	}
	if s.Static != nil {
		if rs.i, err = s.staticRun(ctx, p, dir); err != nil {
			return err
		}
	}
	if s.Mutate {
		if rs.m, err = s.mutateHead(ctx, p, dir, rs.atHead(p)); err != nil {
			return err
		}
	}
	if len(p.touchedBase) == 0 {
		return nil
	}
	if err = s.mix(dir, p.headFiles.tests, p.baseFiles.tests, p.headData, p.baseData); err != nil {
		return err
	}
	only := p.touchedBase
	if p.wholeF() {
		only = nil
	}
	if rs.f, err = s.exec(ctx, dir, s.Test, only, filesOf(only, p.baseFileOf)); err != nil {
		return err
	}
	return s.refill(ctx, dir, rs.f, p.touchedBase, p.baseFileOf)
}

// headSuite runs G, the head's suite. When the change added or edited
// tests (or reached them through data), G leaves them out and they run
// after it in a command of their own (gc): a test tool runs a package's
// (Go) or the whole suite's (pytest) tests in one process, in file order,
// so a new test that runs first could switch on what the change broke,
// and an untouched test would pass only beside it. Its result at head is
// the head's code's, as a user of the code meets it. When the change's
// tests cannot be named exactly (gates.Leave: a Go name several packages
// share, the user's own -skip, a pytest ID that prefixes another), G runs
// whole, and every base test runs in its base version at head (plan).
func (s *Spec) headSuite(ctx context.Context, p *plan, dir string, rs *runs) error {
	var err error
	again := func(names, files []string) (*run, error) { return s.exec(ctx, dir, s.Test, names, files) }
	if p.headApart != nil {
		if rs.g, err = s.execParsed(ctx, &run{argv: p.headApart, at: s.now()}, dir); err != nil {
			return err
		}
		if rs.gc, err = s.exec(ctx, dir, s.Test, p.claimed, p.redFiles); err != nil {
			return err
		}
		if _, err = s.rerunUnreported(rs.gc, p.claimed, p.headFileOf, again); err != nil {
			return err
		}
		return s.refill(ctx, dir, rs.gc, p.claimed, p.headFileOf)
	}
	if rs.g, err = s.exec(ctx, dir, s.Test, nil, nil); err != nil {
		return err
	}
	if _, err = s.rerunUnreported(rs.g, p.claimed, p.headFileOf, again); err != nil {
		return err
	}
	return s.refill(ctx, dir, rs.g, p.claimed, p.headFileOf)
}

// withoutClaimed is the head's suite with the change's tests left out
// (nil when they cannot be named exactly): Go's by -skip; pytest's by
// --deselect, and the changed test files that hold no other test by
// --ignore, so that their import-time code does not run either.
func (s *Spec) withoutClaimed(dir string, p *plan) ([]string, error) {
	full, err := s.testArgv(dir, s.Test)
	if err != nil {
		return nil, err
	}
	claimed := map[string]bool{}
	for _, n := range p.claimed {
		claimed[n] = true
	}
	var others []string
	keeps := map[string]bool{} // head test files holding a test G runs
	for n, f := range p.headFileOf {
		if !claimed[n] {
			others = append(others, n)
			keeps[f] = true
		}
	}
	sort.Strings(others)
	argv, ok := gates.Leave(s.Ecosystem, full, p.claimed, others)
	if !ok {
		return nil, nil
	}
	var ignore []string
	for _, f := range changedAtHead(p.baseFiles.tests, p.headFiles.tests) {
		if !keeps[f] {
			ignore = append(ignore, f)
		}
	}
	return gates.Ignore(s.Ecosystem, argv, ignore), nil
}

// atHead is the head's results as one run, for the rules that read the
// change's tests and the rest together: G's, with the change's tests'
// results from their own command when they ran apart (headSuite).
func (rs *runs) atHead(p *plan) *run {
	if rs.gc == nil || rs.g == nil {
		return rs.g
	}
	at := *rs.g
	at.results.Tests = maps.Clone(rs.g.results.Tests)
	for _, n := range p.claimed {
		if st, ok := rs.gc.results.Tests[n]; ok {
			at.results.Tests[n] = st
		}
	}
	at.results.Unbuilt = maps.Clone(rs.g.results.Unbuilt)
	if at.results.Unbuilt == nil {
		at.results.Unbuilt = map[string]string{}
	}
	maps.Copy(at.results.Unbuilt, rs.gc.results.Unbuilt)
	if at.res.ExitCode == 0 || ranNothing(rs.g) {
		at.res.ExitCode = rs.gc.res.ExitCode
	}
	at.res.TimedOut = at.res.TimedOut || rs.gc.res.TimedOut
	at.res.Duration += rs.gc.res.Duration
	at.res.OmittedBytes += rs.gc.res.OmittedBytes
	return &at
}

// ranNothing: pytest's exit 5, no test collected — G when every test of
// the suite is one the change added or edited (they ran apart, in GC). It
// says nothing of the head; tomli 9eb2125e's GREEN read it as a failure.
func ranNothing(r *run) bool {
	return r.res.ExitCode == 5 && r.results.Structured && len(r.results.Tests) == 0
}

// maxRefills bounds the tests refill runs alone after one cut run.
const maxRefills = 20

// refill: when the runner's output cap cut r's report (go test -json
// reports every subtest, and a table-driven suite can print megabytes)
// and tests of want have no result in it, each of them (up to maxRefills)
// runs again alone, in the same tree, and its result joins r's. What is
// still cut stays unknown (REFACTOR never accepts on faith).
func (s *Spec) refill(ctx context.Context, dir string, r *run, want []string, fileOf map[string]string) error {
	if r == nil || r.res.OmittedBytes == 0 {
		return nil
	}
	tries := 0
	for _, n := range want {
		if _, ok := r.results.Tests[n]; ok || fileOf[n] == "" || tries == maxRefills {
			continue
		}
		tries++
		files := []string{fileOf[n]}
		if s.Ecosystem == gates.Python {
			files = []string{n} // a pytest node ID runs just that test
		}
		one, err := s.exec(ctx, dir, s.Test, []string{n}, files)
		if err != nil {
			return err
		}
		if st, ok := one.results.Tests[n]; ok {
			r.results.Tests[n] = st
		}
	}
	return nil
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
	r2, err := s.execRed(ctx, dir, rest, filesOf(rest, headFileOf))
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

// mix overlays want's test files and the test data the change touched
// (wantData) on a tree that holds have's, dropping Python's caches of the
// old ones.
func (s *Spec) mix(dir string, have, want map[string][]byte, haveData, wantData map[string][]byte) error {
	if err := overlay(dir, have, want); err != nil {
		return err
	}
	if err := overlay(dir, haveData, wantData); err != nil {
		return err
	}
	if s.Ecosystem == gates.Python {
		return dropCaches(dir)
	}
	return nil
}
