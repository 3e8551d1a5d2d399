package gaterun

// The plan: what the change did to the tests, and so what each run runs.

import (
	"go/build"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/engineo/autoverify/bot/gates"
)

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
