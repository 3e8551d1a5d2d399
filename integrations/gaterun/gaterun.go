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
	"errors"
	"fmt"
	"go/build"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/workspace"
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

// buildLayers names a build layer for each tree where two or more Go
// commands run, on a runner that can lay one over its build cache
// (verify.BuildLayerer): RED's tree (RED, then the base's suite) and the
// head's when more than its suite runs there. Each is compiled once, by a
// step that runs none of its code (compile), and every later command in
// the tree reads what it compiled instead of compiling it again; the
// layers go with the trees.
func (s *Spec) buildLayers(tmp string, p *plan, baseDir, headDir string) map[string]string {
	l, ok := s.Runner.(verify.BuildLayerer)
	if !ok || !l.LayersBuildCache() {
		return nil
	}
	if _, ok := gates.CompileOnly(s.Ecosystem, s.Test, ""); !ok {
		return nil
	}
	layers := map[string]string{}
	if len(p.redFiles) > 0 {
		layers[baseDir] = tmp + "/layer-base"
	}
	if p.headApart != nil || s.Static != nil || s.Mutate || len(p.touchedBase) > 0 {
		layers[headDir] = tmp + "/layer-head"
	}
	return layers
}

// cacheShower is a runner that says where its commands see the Go build
// cache, and so a build layer's files (the local sandbox: at the cache's
// own path); "" when it lays no layer.
type cacheShower interface {
	BuildCacheDir() string
}

// testBinaries names, for each tree with a build layer, the directory its
// compile step links the test binaries into and its later go test
// commands run them from (gates.CompileOnly, gates.WithBinaries): inside
// the build cache as the commands see it, so that the binaries are in the
// layer, written by the step that runs nothing of the tree and read
// copy-on-write by the rest; named for this gates run, so that nothing
// another run left at that path outside a layer (a runner that fell back
// from the sandbox writes the real cache) can stand in for a binary. None
// for a test command that names packages beyond the tree, where two of
// the trees' packages, with tests or without, would get one binary name
// (go test -o dir/ then refuses to run at all), or on a runner that does
// not say where its cache is.
func (s *Spec) testBinaries(tmp string, p *plan) map[string]string {
	cs, ok := s.Runner.(cacheShower)
	if !ok || len(s.layers) == 0 || cs.BuildCacheDir() == "" {
		return nil
	}
	bins := cs.BuildCacheDir() + "/autoverify-test-binaries/" + filepath.Base(tmp) + "/"
	// Every package of either tree, with tests or without: go test -o
	// dir/ checks all it matches.
	dirs := map[string]bool{}
	for _, tree := range []string{p.baseDir, p.headDir} {
		pkgs, err := goPackageDirs(tree)
		if err != nil {
			return nil
		}
		for _, d := range pkgs {
			dirs[d] = true
		}
	}
	for _, tree := range []string{p.baseDir, p.headDir} {
		if s.modules[tree] == "" || gates.BinaryNamesClash(s.modules[tree], sortedKeys(dirs)) {
			return nil
		}
	}
	out := map[string]string{}
	for dir := range s.layers {
		full, err := s.testArgv(dir, s.Test)
		if err != nil {
			continue
		}
		if _, ok := gates.CompileOnly(s.Ecosystem, full, bins); ok {
			out[dir] = bins
		}
	}
	s.binsRun = bins
	return out
}

// removeBins removes this run's test binaries from the runner's cache
// where a command wrote them there outside a layer (a runner that fell
// back from the sandbox runs the compile step on the host).
func (s *Spec) removeBins() {
	if s.binsRun != "" {
		_ = os.RemoveAll(s.binsRun)
	}
}

// compile is dir's compile step, when it has a build layer: the test
// command's packages compiled into the layer (gates.CompileOnly), nothing
// of the tree run. A failure is left to the commands, which compile what
// is missing and report it themselves; only the run's end stops the gates.
func (s *Spec) compile(ctx context.Context, dir string) error {
	if s.layers[dir] == "" {
		return nil
	}
	full, err := s.testArgv(dir, s.Test)
	if err != nil {
		return err
	}
	argv, ok := gates.CompileOnly(s.Ecosystem, full, s.bins[dir])
	if !ok {
		return nil
	}
	_ = s.runCmd(ctx, &run{argv: argv, at: s.now(), writeLayer: true}, dir)
	return ctx.Err()
}

// plan is what the change did to the tests, and so what each run runs.
type plan struct {
	baseFiles, headFiles files
	// baseData and headData are the test data the change touched, each
	// tree's (what RED and REFACTOR overlay).
	baseData, headData map[string][]byte
	change             gates.Change
	// claimed are the tests RED runs on the base's code: new, changed,
	// and reached through data.
	claimed []string
	// baseSrc and headSrc are the trees' non-test Go or Python files, read for
	// VERIFY_MUTATE (nil when it does not run).
	baseSrc, headSrc map[string][]byte
	// unparsable are head test files that do not parse.
	unparsable []string
	// touchedBase are the base's tests F runs in their base versions at
	// head (refactorTests).
	touchedBase []string
	// besideRed: B may run in RED's tree (see canRunBesideRed).
	besideRed bool
	// headCodeBeside: the head's suite runs test code the change touched
	// beside tests it did not claim (see headCodeBeside).
	headCodeBeside bool
	// staticFiles are the files the change adds or edits that the static
	// checks read, when they read each file alone and run on those only:
	// staticTool, the check without its tree's path (see staticScope;
	// nil: over the whole trees).
	staticFiles []string
	staticTool  []string
	// headApart is the head's suite without the claimed tests (see
	// headSuite); nil when there are none, or when they cannot be named
	// exactly, and G runs whole.
	headApart []string
	// narrowG: headApart runs only the packages of the change's test
	// files (see narrowHeadSuite).
	narrowG    bool
	baseFileOf map[string]string
	headFileOf map[string]string
	redFiles   []string
	// notRun are the tests the change adds or edits where the test
	// command cannot reach them (see leaveOtherModules).
	notRun []string
	// baseDir is the base's tree; taken caches the names each of its Go
	// packages declares (basePackage).
	baseDir, headDir string
	taken            map[string]map[string]bool
}

// wholeF says F runs the whole test command over the base's tests, not
// only touchedBase's packages or files: the change has tests that the
// head's suite could not leave out (headApart is nil), or test code that
// runs there beside the tests it did not claim (headCodeBeside). Every
// base test then takes its result at head from F, where the base's test
// code stands in for the change's.
func (p *plan) wholeF() bool {
	return p.headCodeBeside || (len(p.claimed) > 0 && p.headApart == nil)
}

// basePackage is what the gates know of test file f's package on the
// base: the standard library's import paths, and the names it declared
// (all of them taken when its files cannot be read).
func (p *plan) basePackage(f string) gates.BasePackage {
	dir := path.Dir(f)
	names, cached := p.taken[dir]
	if !cached {
		names, _ = packageNames(filepath.Join(p.baseDir, filepath.FromSlash(dir))) // nil when unreadable
		p.taken[dir] = names
	}
	taken := func(n string) bool { return names[n] }
	if names == nil {
		taken = func(string) bool { return true }
	}
	return gates.BasePackage{Std: stdPackage, Taken: taken}
}

// leaveOtherModules takes out of the trees' test files those in a Go
// module of their own (a regular go.mod in a directory below the tree's
// root): the root's `go test ./...` never reaches another module (not
// with a go.work either), and naming such a package on a command line
// without a go.work is an error. In the real-history replay golang-lru
// d582c453 changed TestARC in arc/, a module of its own, and GREEN read
// its missing result as a failure. Those tests are compared apart, named
// with their directory (sub::TestX, never a root test's name): the ones
// the change adds or edits there are not run and prove nothing either
// way (notRun); the ones it deletes, skips or strips of assertions are
// tampered, as anywhere. A base test the root reached and a go.mod made
// at head takes out of reach stays in the base's files, and reads as
// deleted; a head test a removed go.mod brings into reach is compared
// with its base version.
func (s *Spec) leaveOtherModules(p *plan) (notRun []string, tampered []gates.Tamper) {
	if s.Ecosystem != gates.Go {
		return nil, nil
	}
	headOut := takeFiles(p.headFiles.tests, func(f string) bool { return inNestedModule(p.headDir, f) })
	baseOut := takeFiles(p.baseFiles.tests, func(f string) bool {
		_, reachedAtHead := p.headFiles.tests[f]
		return inNestedModule(p.baseDir, f) && !reachedAtHead
	})
	for f := range headOut {
		if _, reachedOnBase := p.baseFiles.tests[f]; reachedOnBase {
			delete(headOut, f) // the base's test, deleted from the root's reach
		}
	}
	qualified := func(files map[string][]byte) []gates.TestFunc {
		funcs, _ := funcsOf(s.Ecosystem, files)
		for i := range funcs {
			funcs[i].Name = gates.GoTestName(path.Dir(funcs[i].File), funcs[i].Name)
		}
		return funcs
	}
	c := gates.Compare(qualified(baseOut), qualified(headOut))
	notRun = append(c.Added, c.Changed...)
	sort.Strings(notRun)
	return notRun, c.Tampered
}

// takeFiles removes from files those out says are out, and returns them.
func takeFiles(files map[string][]byte, out func(string) bool) map[string][]byte {
	taken := map[string][]byte{}
	for f, b := range files {
		if out(f) {
			taken[f] = b
			delete(files, f)
		}
	}
	return taken
}

// plan reads both trees' tests and data and works out the change's claim.
func (s *Spec) plan(baseDir, headDir string) (*plan, error) {
	p := &plan{baseDir: baseDir, headDir: headDir, taken: map[string]map[string]bool{}}
	var err error
	if p.baseFiles, err = readFiles(baseDir, s.Ecosystem, s.TestFiles, s.Mutate); err != nil {
		return nil, err
	}
	if p.headFiles, err = readFiles(headDir, s.Ecosystem, s.TestFiles, s.Mutate); err != nil {
		return nil, err
	}
	notRun, outOfReachTampered := s.leaveOtherModules(p)
	p.notRun = notRun
	touchedData := differ(p.baseFiles.data, p.headFiles.data)
	if p.baseData, err = loadData(baseDir, p.baseFiles.data, touchedData); err != nil {
		return nil, err
	}
	if p.headData, err = loadData(headDir, p.headFiles.data, touchedData); err != nil {
		return nil, err
	}
	baseFuncs, _ := funcsOf(s.Ecosystem, p.baseFiles.tests)
	headFuncs, unparsable := funcsOf(s.Ecosystem, p.headFiles.tests)
	p.unparsable = unparsable
	// A head test file that does not parse is RED's and GREEN's
	// reject_syntax; its tests are not "deleted" (tampered) for that.
	for _, u := range unparsable {
		for _, bf := range baseFuncs {
			if bf.File == u {
				headFuncs = append(headFuncs, bf)
			}
		}
	}
	baseFuncs, headFuncs, s.repeated = gates.QualifyRepeated(s.Ecosystem, baseFuncs, headFuncs)
	s.modules = map[string]string{}
	for _, dir := range []string{baseDir, headDir} {
		if raw, err := os.ReadFile(dir + "/go.mod"); err == nil {
			s.modules[dir] = gates.ModulePath(raw)
		}
	}
	p.baseFileOf, p.headFileOf = fileOf(baseFuncs), fileOf(headFuncs)
	p.change = gates.Compare(baseFuncs, headFuncs)
	p.change.Tampered = append(p.change.Tampered, outOfReachTampered...)
	p.change.Data = s.dataClaims(p, headFuncs)
	p.claimed = append(append(append([]string(nil), p.change.Added...), p.change.Changed...), p.change.Data...)
	sort.Strings(p.claimed)

	var clean, dirty bool
	p.touchedBase, clean, dirty = s.refactorTests(p, baseFuncs)
	p.besideRed = clean && s.canRunBesideRed(p)
	p.headCodeBeside = s.headCodeBeside(p, headFuncs, dirty)
	p.redFiles = append(filesOf(p.claimed, p.headFileOf), unparsable...)
	p.baseSrc, p.headSrc = p.baseFiles.sources, p.headFiles.sources
	// {test_file} and {test_dir} name the change's (first) test file in
	// every run, unless the story set them.
	if len(p.redFiles) > 0 && s.Vars["test_file"] == "" {
		vars := map[string]string{"test_file": p.redFiles[0], "test_dir": path.Dir(p.redFiles[0])}
		for k, v := range s.Vars {
			if v != "" || vars[k] == "" {
				vars[k] = v
			}
		}
		s.Vars = vars
	}
	if len(p.claimed) > 0 {
		if p.headApart, err = s.withoutClaimed(headDir, p); err != nil {
			return nil, err
		}
	}
	s.staticScope(p)
	if p.wholeF() {
		// The head's suite cannot vouch for the tests the change did not
		// claim (see wholeF): every base test runs in its base version
		// at head, in F, where the change's test code is not.
		p.touchedBase = p.touchedBase[:0]
		for _, f := range baseFuncs {
			p.touchedBase = append(p.touchedBase, f.Name)
		}
		s.narrowHeadSuite(p)
	}
	return p, nil
}

// narrowHeadSuite narrows a Go head's suite to the packages of the
// change's test files when F runs every base test because of the change's
// test code (headCodeBeside): every other package's test files are the
// same at both ends, so F's run of them is the head's suite's, and
// running them twice would only cost a compile. Not with VERIFY_MUTATE,
// whose mutants take each test's result at head from G. GREEN's "newly
// unbuilt" then reads F for the packages G no longer runs (judge).
func (s *Spec) narrowHeadSuite(p *plan) {
	if s.Ecosystem != gates.Go || !p.headCodeBeside || p.headApart == nil || s.Mutate {
		return
	}
	files := changedAtHead(p.baseFiles.tests, p.headFiles.tests)
	if narrowed := gates.InPackages(p.headApart, files); len(files) > 0 && !slices.Equal(narrowed, p.headApart) {
		p.headApart, p.narrowG = narrowed, true
	}
}

// headCodeBeside reports whether the head's suite, even with the change's
// claimed tests left out, runs test code the change touched in the
// process (or, for Go, the run) of tests it did not claim — code that
// could set up what the change broke, so that those tests pass there
// and nowhere else:
//   - Go: a package whose touched test files do not keep its other tests
//     the same program (dirty, see refactorTests). Its test binary runs
//     their init, variables and TestMain even when every test is
//     skipped, and its unclaimed tests call its changed helpers; go test
//     runs every package of ./... in one sandbox, so a file they write
//     reaches another package's tests.
//   - pytest: a touched Python file among the test data (a conftest.py,
//     which pytest imports as it collects its directory whatever it
//     deselects, or a helper module) or a changed test-named module with
//     no test of its own (a helper others import). Test modules the
//     change touched outside their functions are claimed whole and left
//     out (--ignore), so their import-time code does not run.
func (s *Spec) headCodeBeside(p *plan, headFuncs []gates.TestFunc, dirty bool) bool {
	switch s.Ecosystem {
	case gates.Go:
		return dirty
	case gates.Python:
		for _, f := range changedAtHead(p.baseFiles.data, p.headFiles.data) {
			if strings.HasSuffix(f, ".py") {
				return true
			}
		}
		hasTests := filesWithTests(headFuncs)
		for _, f := range changedAtHead(p.baseFiles.tests, p.headFiles.tests) {
			if !hasTests[f] {
				return true
			}
		}
	}
	return false
}

// refactorTests are the base's tests F runs in their base versions at
// head: those the change edited or deleted, those it reaches through data,
// and every test of a scope where a touched test file does not keep its
// unchanged tests the same program (gates.KeepsUnchangedTests) — the
// file's for pytest, the package's (its directory) for Go, whose test
// files share one scope. A test that is the same program at both ends has
// GREEN's result at head, as an untouched file's tests always had. clean
// says no scope was dirty and no test deleted: every test the change did
// not edit is the same program at both ends; dirty says a scope was.
func (s *Spec) refactorTests(p *plan, baseFuncs []gates.TestFunc) (tests []string, clean, dirty bool) {
	scope := func(file string) string {
		if s.Ecosystem == gates.Go {
			return path.Dir(file)
		}
		return file
	}
	dirtyScopes := map[string]bool{}
	for _, f := range differ(p.baseFiles.tests, p.headFiles.tests) {
		if !gates.KeepsUnchangedTests(s.Ecosystem, present(p.baseFiles.tests, f), present(p.headFiles.tests, f), p.basePackage(f)) {
			dirtyScopes[scope(f)] = true
		}
	}
	edited := map[string]bool{}
	for _, n := range append(append([]string(nil), p.change.Changed...), p.change.Data...) {
		edited[n] = true
	}
	clean = len(dirtyScopes) == 0
	for _, f := range baseFuncs {
		_, kept := p.headFileOf[f.Name]
		clean = clean && kept
		if dirtyScopes[scope(f.File)] || edited[f.Name] || !kept {
			tests = append(tests, f.Name)
		}
	}
	return tests, clean, len(dirtyScopes) > 0
}

// packageNames are the top-level names of the Go files in dir; ok is
// false when one cannot be read or parsed.
func packageNames(dir string) (map[string]bool, bool) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, false
	}
	var srcs [][]byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, false
		}
		srcs = append(srcs, b)
	}
	return gates.PackageNames(srcs...)
}

// canRunBesideRed reports whether B may run in RED's tree, the base's code
// with the head's tests, once the change's scopes are clean (refactorTests):
// the tests it did not edit are then the same program there, and those it
// added or edited are RED's. Not when it reaches tests through data (their
// base versions read the base's data) or a test file does not parse — and,
// for pytest, not when it adds a module, whose import-time code would run
// beside the base's tests.
func (s *Spec) canRunBesideRed(p *plan) bool {
	if len(p.change.Added)+len(p.change.Changed) == 0 || len(p.change.Data) > 0 || len(p.unparsable) > 0 || len(differ(p.baseFiles.data, p.headFiles.data)) > 0 {
		return false
	}
	if s.Ecosystem == gates.Python {
		for f := range p.headFiles.tests {
			if _, ok := p.baseFiles.tests[f]; !ok {
				return false
			}
		}
	}
	return true
}

// stdPackage reports whether path is a package of the standard library
// (go/build finds it under GOROOT), whatever the module's own path looks
// like.
func stdPackage(path string) bool {
	p, err := build.Default.Import(path, "", build.FindOnly)
	return err == nil && p.Goroot
}

// present is m's file f, nil when m lacks it (an empty file is not nil).
func present(m map[string][]byte, f string) []byte {
	b, ok := m[f]
	if ok && b == nil {
		b = []byte{}
	}
	return b
}

// dataClaims are the untouched tests the change reaches through data
// (gates.ClaimData): those of test files changed outside their functions,
// and those that read changed test data.
func (s *Spec) dataClaims(p *plan, headFuncs []gates.TestFunc) []string {
	hasTests := filesWithTests(headFuncs)
	var changedFiles []string
	data := differ(p.baseFiles.data, p.headFiles.data)
	for _, f := range differ(p.baseFiles.tests, p.headFiles.tests) {
		b, inBase := p.baseFiles.tests[f]
		h, inHead := p.headFiles.tests[f]
		switch {
		case s.Ecosystem == gates.Python && inHead && !hasTests[f]:
			// A test-named module with no test is a helper other test
			// modules import: its import-time code runs beside their
			// tests, so it reaches them as data does.
			data = append(data, f)
		case inBase && inHead && gates.DataChanged(s.Ecosystem, b, h, p.basePackage(f)):
			changedFiles = append(changedFiles, f)
		}
	}
	untouched := map[string]bool{}
	for _, n := range p.change.Untouched {
		untouched[n] = true
	}
	var out []string
	for _, n := range gates.ClaimData(s.Ecosystem, changedFiles, data, headFuncs) {
		if untouched[n] {
			out = append(out, n)
		}
	}
	return out
}

// filesWithTests are the files that hold at least one of funcs.
func filesWithTests(funcs []gates.TestFunc) map[string]bool {
	out := map[string]bool{}
	for _, f := range funcs {
		out[f.File] = true
	}
	return out
}

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

// outcome is what the rules need of a run, for the tests that matter.
func outcome(r *run, matter []string) gates.Outcome {
	if r == nil {
		return gates.Outcome{Tests: map[string]string{}}
	}
	o := gates.Outcome{ExitCode: r.res.ExitCode, TimedOut: r.res.TimedOut, Tests: r.results.Tests}
	o.BuildFailed, o.MissingOnly = r.results.Build(r.res.ExitCode, matter)
	return o
}

// judge classifies the runs and fills the report.
func (s *Spec) judge(rep *gates.Report, p *plan, rs *runs) {
	atHead := rs.atHead(p)
	red, head := outcome(rs.r, p.claimed), outcome(atHead, p.claimed)
	after := s.after(p, rs)
	traces := gates.TraceChange(p.change, gates.Runs{Before: outcome(rs.b, nil), Red: red, Green: head, After: after}, s.Guards)
	rep.Tests = traces.Lists()
	rep.Weakened = traces.Weakened()

	// VERIFY_GREEN: the claimed tests at head, and a head that builds.
	env := s.environmentOf(p, rs)
	greenRes := s.setupFirst(gates.ClassifyGreen(traces, head, s.newlyUnbuiltAtHead(p, rs, atHead)), p, env, nil, rs.gc, rs.g)
	// VERIFY_RED: the same tests over the base's code. Code they name that
	// the base lacks is RED's proof, unless the head could not run either:
	// then it is missing at both ends (a src layout not on the path).
	redProof := rs.r
	if greenRes.Setup {
		redProof = nil
	}
	redRes := s.setupFirst(gates.ClassifyRed(traces, red), p, env, redProof, rs.r)
	redRes.Reason = rs.redNote + redRes.Reason
	shadows := s.toolShadows(p)
	greenRes = s.shadowed(greenRes, shadows)
	if len(p.unparsable) > 0 {
		why := "test files do not parse: " + strings.Join(p.unparsable, ", ")
		redRes = gates.Result{Gate: gates.Red, Classification: gates.RejectSyntax, Tests: p.unparsable, Reason: why}
		greenRes = gates.Result{Gate: gates.Green, Classification: gates.RejectSyntax, Tests: p.unparsable, Reason: why}
		rep.Tests.FailToPass = nil
	}
	if len(p.notRun) > 0 {
		rep.Tests.NotRun = p.notRun
		note := fmt.Sprintf("; the test command never reaches %d tests the change adds or edits, in a module of their own: %s", len(p.notRun), strings.Join(p.notRun, ", "))
		redRes.Reason += note
		greenRes.Reason += note
	}
	green := rs.g
	if rs.gc != nil {
		green = rs.gc
	}
	rep.Gates = append(rep.Gates, s.evidence(redRes, rs.r), s.evidence(greenRes, green))

	// VERIFY_REFACTOR: every base test, in its base version, at head's
	// code. REFACTOR rests on two commands: B says which tests passed
	// before, F (when a test file or data changed) runs their base
	// versions at head.
	refRes := s.shadowed(s.setupFirst(s.unknownAtHead(gates.ClassifyRefactor(traces, after), traces, rs), p, env, rs.f, rs.b, rs.g, rs.gc, rs.bFix, rs.f), shadows)
	be := s.evidence(refRes, rs.b)
	be.Reason = "the base's suite at the base (which tests passed before); " + refRes.Reason
	if rs.bBeside {
		be.Reason = "the base's suite at the base, in RED's tree without the change's new and edited tests (which tests passed before); " + refRes.Reason
	}
	rep.Gates = append(rep.Gates, be)
	if rs.gc != nil {
		ge := s.evidence(refRes, rs.g)
		ge.Reason = "the head's suite without the change's new and edited tests (which tests still pass at head); " + refRes.Reason
		if p.narrowG {
			ge.Reason = "the head's suite without the change's new and edited tests, in their packages (the base's tests of every package ran in their base versions at head); " + refRes.Reason
		}
		rep.Gates = append(rep.Gates, ge)
	}
	if rs.bFix != nil {
		fe := s.evidence(refRes, rs.bFix)
		fe.Reason = "the base's versions of the edited tests at the base; " + refRes.Reason
		rep.Gates = append(rep.Gates, fe)
	}
	if rs.f != nil {
		rep.Gates = append(rep.Gates, s.evidence(refRes, rs.f))
	}

	// VERIFY_IMPLEMENT: the static checks at head, against the base's.
	if rs.i != nil || p.staticTool != nil {
		rep.Gates = append(rep.Gates, s.implement(p, rs, env))
	}
	if s.staticUnrun != "" {
		rep.Unrun = append(rep.Unrun, gates.Unrun{Gate: gates.Implement, Reason: s.staticUnrun})
	}

	// VERIFY_MUTATE: the changed lines broken one at a time, at head.
	if rs.m != nil {
		rep.Gates = append(rep.Gates, s.evidence(rs.m.res, rs.m.shown))
		rep.Mutation = rs.m.report
	}
}

// after is the base's versions at head: F's results for the tests of
// touched files (and data), or for every test when F ran whole; G's for
// the rest (same test, same code).
func (s *Spec) after(p *plan, rs *runs) gates.Outcome {
	inF := map[string]bool{}
	for _, n := range p.touchedBase {
		inF[n] = true
	}
	atHead := map[string]string{}
	names := append([]string(nil), p.touchedBase...)
	if rs.b != nil {
		for n := range rs.b.results.Tests {
			names = append(names, n)
		}
	}
	whole := p.wholeF()
	for _, n := range names {
		src := rs.g
		if inF[n] || whole {
			// F ran the whole test command over the base's tests: its
			// result is every base test's, the examples' too, which
			// are not among touchedBase (and which a narrowed G does
			// not run).
			src = rs.f
		}
		if src != nil {
			if st, ok := src.results.Tests[n]; ok {
				atHead[n] = st
			}
		}
	}
	o := gates.Outcome{Tests: atHead}
	if rs.f != nil {
		fo := outcome(rs.f, p.touchedBase)
		o.BuildFailed, o.MissingOnly, o.TimedOut, o.ExitCode = fo.BuildFailed, fo.MissingOnly, fo.TimedOut, fo.ExitCode
	}
	if rs.g != nil && rs.g.res.TimedOut {
		o.TimedOut = true
	}
	return o
}

// unknownAtHead: a test that passed on the base and has no result at head
// was reported in output the runner's cap cut, or did not run there at
// all (the head's test configuration left it out: a pytest addopts
// --deselect, say). Nobody then knows whether it still passes, and
// REFACTOR cannot accept; "all N still pass" would be a claim the runs do
// not make.
func (s *Spec) unknownAtHead(res gates.Result, ts gates.Traces, rs *runs) gates.Result {
	if res.Classification != gates.Accept {
		return res
	}
	var unknown []string
	for n, t := range ts {
		if t.Before == gates.Pass && t.After == "" && t.Weakened == "" {
			unknown = append(unknown, n)
		}
	}
	if len(unknown) == 0 {
		return res
	}
	sort.Strings(unknown)
	why := fmt.Sprintf("%d tests that passed on the base have no result at head", len(unknown))
	if n := cut(rs.g) + cut(rs.gc) + cut(rs.f); n > 0 {
		why += fmt.Sprintf(": the runner cut %d bytes of output (raise ENGINEO_OUTPUT_LIMIT)", n)
	} else {
		why += ": the head's run left them out (its test configuration, a filter): " + strings.Join(unknown, ", ")
	}
	return gates.Result{Gate: gates.Refactor, Classification: gates.RejectFailure, Tests: unknown, Reason: why}
}

// newlyUnbuiltAtHead is what does not build at head but did on the base:
// by the head's runs, and, where G ran only the change's packages
// (narrowG), by F for the packages G did not run that the head still has
// (their test files are the same in F as at head; a package the change
// deleted is REFACTOR's, whose base tests cannot build there).
func (s *Spec) newlyUnbuiltAtHead(p *plan, rs *runs, atHead *run) []string {
	out := newlyUnbuilt(rs.b, atHead)
	if !p.narrowG || rs.f == nil {
		return out
	}
	for _, k := range newlyUnbuilt(rs.b, rs.f) {
		_, ran := rs.g.results.Packages[k]
		_, unbuilt := rs.g.results.Unbuilt[k]
		if !ran && !unbuilt && !slices.Contains(out, k) && hasCode(p.headDir, s.modules[p.headDir], k) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// hasCode reports whether Go package importPath of module, in the tree at
// root, has a non-test Go file there (false when the path is not the
// module's).
func hasCode(root, module, importPath string) bool {
	rel, ok := strings.CutPrefix(importPath, module)
	if !ok || module == "" || (rel != "" && rel[0] != '/') {
		return false
	}
	files, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(rel, "/")), "*.go"))
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			return true
		}
	}
	return false
}

// newlyUnbuilt is what does not build at head (by the tool's own report)
// but did on the base.
func newlyUnbuilt(b, g *run) []string {
	if g == nil {
		return nil
	}
	var out []string
	for k := range g.results.Unbuilt {
		if b != nil {
			if _, had := b.results.Unbuilt[k]; had {
				continue
			}
		}
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// implement judges VERIFY_IMPLEMENT. Where the check ran on the files the
// change touched (staticScope), none of them is a file it reads is a
// pass with nothing to read, and none of them on the base is a base with
// no finding: every finding at head is the change's.
func (s *Spec) implement(p *plan, rs *runs, env environment) gates.Evidence {
	if rs.i == nil {
		return s.evidence(gates.Result{Gate: gates.Implement, Classification: gates.Accept,
			Reason: "the change adds or edits no file the static checks read (they read each file alone)"}, nil)
	}
	base := s.check(rs.ib, p.baseDir)
	if p.staticTool != nil && rs.ib == nil {
		base = gates.Check{Ran: true}
	}
	res := s.staticSetupFirst(gates.ClassifyImplement(s.check(rs.i, p.headDir), base), p, env, rs)
	if p.staticTool != nil {
		res.Reason += fmt.Sprintf(" (on the %d files the change adds or edits: the checks read each file alone)", len(p.staticFiles))
	}
	return s.evidence(res, rs.i)
}

// check is a static-check run as IMPLEMENT reads it (nil: not run).
func check(r *run) gates.Check {
	if r == nil {
		return gates.Check{}
	}
	return gates.Check{Ran: true, ExitCode: r.res.ExitCode, TimedOut: r.res.TimedOut, Output: r.results.Text}
}

// check is a static run as IMPLEMENT reads it, the re-exports written as
// redundant aliases dropped from pyflakes' report (gates.DropReexports,
// the source read from tree); a report left with no finding is a pass.
func (s *Spec) check(r *run, tree string) gates.Check {
	c := check(r)
	if r == nil || !slices.ContainsFunc(s.Static, func(w string) bool { return strings.Contains(w, "pyflakes") }) {
		return c
	}
	kept := gates.DropReexports(c.Output, treeFile(tree))
	if kept != c.Output && len(gates.Findings(kept)) == 0 {
		c.ExitCode = 0
	}
	c.Output = kept
	return c
}

// treeFile reads a file of tree by the path a report names, never outside
// the tree (os.Root: no "..", no symlink out; the report is the change's
// code's to write). nil when it cannot.
func treeFile(tree string) func(string) []byte {
	return func(name string) []byte {
		root, err := os.OpenRoot(tree)
		if err != nil {
			return nil
		}
		defer root.Close()
		b, err := root.ReadFile(path.Clean(strings.TrimPrefix(name, "./")))
		if err != nil {
			return nil
		}
		return b
	}
}

// evidence is the spec's record of one gate command (r nil: the gate had
// nothing to run).
func (s *Spec) evidence(res gates.Result, r *run) gates.Evidence {
	e := gates.Evidence{Gate: res.Gate, Classification: res.Classification, Reason: res.Reason, Tests: res.Tests, Setup: res.Setup, Attempt: 1, ExitCode: -1, Timestamp: s.now()}
	if r == nil {
		e.Snippet = res.Reason
		return e
	}
	e.Command, e.ExitCode, e.Timestamp, e.Attempt = gates.CommandLine(r.argv), r.res.ExitCode, r.at, r.attempt
	e.Duration = r.res.Duration
	text := []byte(r.results.Text)
	if len(strings.TrimSpace(r.results.Text)) == 0 {
		text = r.res.Output
	}
	text = text[:min(len(text), snippetSource)]
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
	full, err := s.testArgv(dir, argv)
	if err != nil {
		return nil, err
	}
	if only != nil {
		full = gates.Restrict(s.Ecosystem, full, only, files)
	}
	return s.execParsed(ctx, &run{argv: full, at: s.now()}, dir)
}

// execMutant runs the test command in t within timeout, narrowed for a
// mutant of file: Go's to file's package, pytest's to tests (the whole
// suite when there are none), and reads its per-test results.
func (s *Spec) execMutant(ctx context.Context, t tree, file string, tests []string, timeout time.Duration) (*run, error) {
	full, err := s.testArgv(t.dir, s.Test)
	if err != nil {
		return nil, err
	}
	switch {
	case s.Ecosystem == gates.Go:
		full = gates.InPackages(full, []string{file})
	case len(tests) > 0:
		full = gates.Restrict(s.Ecosystem, full, nil, tests)
	}
	r := &run{argv: full, at: s.now(), timeout: timeout}
	if t.host != t.dir {
		r.source = t.host
	}
	return s.execParsed(ctx, r, t.dir)
}

// testArgv is the test command for dir: gate variables substituted, the
// tool's reporting flags added, and for a Python src layout in either tree
// under `env PYTHONPATH=src` (srcLayout, Spec.srcPath).
func (s *Spec) testArgv(dir string, argv []string) ([]string, error) {
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
	if err == nil && s.srcPath {
		full = append([]string{"env", "PYTHONPATH=src"}, full...)
	}
	return full, err
}

// execParsed runs r in dir and reads its per-test results.
func (s *Spec) execParsed(ctx context.Context, r *run, dir string) (*run, error) {
	r.limit, r.tests = reportLimit, true
	if err := s.runCmd(ctx, r, dir); err != nil {
		return nil, err
	}
	switch s.Ecosystem {
	case gates.Go:
		r.results = gates.ParseGoTestJSON(r.res.Output)
		r.results.KeyByPackage(s.modules[dir], s.repeated)
	case gates.Python:
		r.results, _ = gates.ParseJUnitXML(r.res.Output)
	}
	if strings.TrimSpace(r.results.Text) != "" {
		// Read: from here on evidence uses Text, so the raw report (up to
		// reportLimit) is not held for the rest of the gates run.
		r.res.Output = nil
	}
	return r, nil
}

// execPlain runs a static check in dir, with names after its arguments
// (files, which no gate variable is substituted in).
func (s *Spec) execPlain(ctx context.Context, dir string, argv, names []string) (*run, error) {
	sub, err := gates.Substitute(argv, map[string]string{"worktree_dir": dir})
	if err != nil {
		return nil, err
	}
	sub = append(isolated(sub), names...)
	r := &run{argv: sub, at: s.now()}
	if err := s.runCmd(ctx, r, dir); err != nil {
		return nil, err
	}
	r.results.Text = string(r.res.Output)
	return r, nil
}

// isolated is a static check `PYTHON [OPTIONS] -m TOOL …` run in Python's
// isolated mode (`PYTHON -I [OPTIONS] -m TOOL …`): with -m, Python puts the working
// directory, the change's tree, first on its path, so a pyflakes.py the
// change plants there runs instead of pyflakes and reports what it likes;
// -I leaves the directory (and PYTHON* variables and the user's own
// site-packages) out, and a checker reads the files it is given without
// importing them. Any other command is returned as it is.
func isolated(argv []string) []string {
	if len(argv) < 3 || !strings.HasPrefix(filepath.Base(argv[0]), "python") {
		return argv
	}
	for i := 1; i < len(argv)-1; i++ {
		switch w := argv[i]; {
		case w == "-m":
			return append([]string{argv[0], "-I"}, argv[1:]...)
		case w == "-W" || w == "-X" || w == "--check-hash-based-pycs":
			i++ // the option's value
		case !strings.HasPrefix(w, "-") || w == "-c" || w == "-":
			return argv // a script, a program text, or standard input: no -m
		}
	}
	return argv
}

// runFresh runs cmd on a throwaway version of its tree, shown at the
// tree's path: the command's processes run the change's code and tests,
// and whatever they write into the tree — a fixed source file, a test
// file, a conftest.py — vanishes with the command, so the next command
// (REFACTOR's base versions, the base's suite after RED) sees the tree as
// the gates left it, not as an earlier command's processes did. A runner
// that shows a tree copy-on-write (the local sandbox's overlay,
// verify.ThrowawayShower) is asked to: a mount, whatever the tree's size,
// and the host's tree is only read. One that only shows a copy at the
// tree's path gets a copy of the tree (37 ms in memory for toml's 4.8 MB,
// growing with the tree), as does a command whose overlay the kernel
// refused. Other runners run in the tree itself.
func (s *Spec) runFresh(ctx context.Context, runner verify.Runner, cmd verify.Command) (verify.Result, error) {
	if shower, ok := runner.(verify.ThrowawayShower); ok && shower.ShowsThrowaway() {
		cmd.Throwaway = true
		res, err := runner.Run(ctx, cmd)
		if !errors.Is(err, verify.ErrNoThrowaway) {
			return res, err
		}
		cmd.Throwaway = false
	}
	if !s.showsCopies() {
		return runner.Run(ctx, cmd)
	}
	copied, release, err := s.copier().Clone(ctx, cmd.HostDir())
	if err != nil {
		return verify.Result{}, fmt.Errorf("copying %s for the command: %w", cmd.HostDir(), err)
	}
	defer release()
	cmd.Source = copied
	return runner.Run(ctx, cmd)
}

// showsCopies says whether the runner shows a command's Source at its Dir
// (the local sandbox), so that a copy of a tree can stand in for it.
func (s *Spec) showsCopies() bool {
	shower, ok := s.Runner.(verify.SourceShower)
	return ok && shower.ShowsSourceAtDir()
}

// copier is what copies trees: Copies, or a workspace.Copier into TempDir.
func (s *Spec) copier() verify.WorkspaceCloner {
	if s.Copies != nil {
		return s.Copies
	}
	return workspace.Copier{Dir: s.TempDir}
}

// maxTries bounds tries of a command whose runner failed transiently.
const maxTries = 3

// runCmd runs r's argv in dir, trying again after a transient runner
// failure (an engine that did not answer); any other runner error means
// the gate could not run.
func (s *Spec) runCmd(ctx context.Context, r *run, dir string) error {
	var err error
	timeout := s.Timeout
	if r.timeout > 0 {
		timeout = r.timeout
	}
	r.dir = dir
	runner := s.Runner
	if f, ok := runner.(verify.FreshRunner); ok {
		// A warm instance (Docker's warm container) takes its directory's
		// files once, when it starts; the gates change a tree's files
		// between runs (RED's head tests over the base, REFACTOR's base
		// tests over the head, each mutant), so every command starts
		// fresh with the tree as it is now (and one kept for a copy would
		// outlive it).
		runner = f.Fresh()
	}
	argv := r.argv
	if bins := s.bins[dir]; bins != "" && r.tests {
		argv, _ = gates.WithBinaries(argv, bins)
	}
	for r.attempt = 1; ; r.attempt++ {
		r.res, err = s.runFresh(ctx, runner, verify.Command{ItemID: "gates", Argv: argv, Dir: dir, Source: r.source, Timeout: timeout, OutputLimit: r.limit,
			BuildLayer: s.layers[dir], WriteBuildLayer: r.writeLayer})
		if err == nil || !errors.Is(err, verify.ErrTransient) || r.attempt >= maxTries || ctx.Err() != nil {
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
