package gates

import (
	"bufio"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"sort"
	"strings"
)

// This file reads per-test results from the two reports the gates ask
// for: `go test -json` and pytest's JUnit XML. It is deliberately minimal
// (names, pass/fail/skip, and what did not build) and will be replaced by
// bot/testresults, the general test-output reader, when that lands.

// Test outcomes as Outcome.Tests holds them.
const (
	Pass = "pass"
	Fail = "fail"
	Skip = "skip"
)

// Results are the per-test outcomes of one run of a test command.
type Results struct {
	// Tests maps a test's name, as the tool reports it (TestParse,
	// tests/test_x.py::TestK::test_y), to Pass, Fail or Skip.
	Tests map[string]string
	// Text is the run's output as a person would read it (go test's
	// output lines without the JSON framing; pytest's terminal output
	// without the XML), where BuildFailure looks for build errors when
	// the tool gave no structure.
	Text string
	// Uncollected are pytest's test modules that did not import: file →
	// the error.
	Uncollected map[string]string
	// Structured is set when the tool's own report was read (go test's
	// JSON events, pytest's JUnit XML): then Unbuilt, never a pattern over
	// Text, says what did not build.
	Structured bool
	// Unbuilt are what the tool states did not build or import, each with
	// its error: Go packages (import path) whose test binary failed to
	// build or set up (a build-fail event, FailedBuild, "[setup failed]"),
	// or that failed without running any test; pytest's modules that did
	// not collect (file).
	Unbuilt map[string]string
	// Packages are Go's per-test outcomes by package (import path → test
	// → outcome): KeyByPackage names a test its package shares with
	// others by that package.
	Packages map[string]map[string]string
	// Flaky are the tests (named as in Tests) that both passed and failed
	// in this run: a command that ran each test more than once (RED's
	// `-count=2`, see Repeat) saw them give both answers on the same
	// code. Tests holds Fail for them, as for any failure.
	Flaky map[string]bool
	// flakyIn is Flaky by Go package (import path → test), which
	// KeyByPackage names as it names Tests.
	flakyIn map[string]map[string]bool
	// pytest marks a JUnit report, whose exit codes 2, 3 and 4 say the run
	// itself broke (interrupted, internal error, usage error).
	pytest bool
}

// Count returns how many tests passed, failed and were skipped.
func (r Results) Count() (pass, fail, skip int) {
	for _, s := range r.Tests {
		switch s {
		case Pass:
			pass++
		case Fail:
			fail++
		case Skip:
			skip++
		}
	}
	return
}

// Only returns the outcomes of names that ran (for BuildFailure: did the
// tests that matter run at all?).
func (r Results) Only(names []string) map[string]string {
	out := map[string]string{}
	for _, n := range names {
		if s, ok := r.Tests[n]; ok {
			out[n] = s
		}
	}
	return out
}

// Build says whether the tests that matter (all, when matter is empty)
// could not build or import in this run, and whether every such error
// only names code that is missing (see BuildFailure). Structure first: with
// the tool's own report, only what it states did not build counts, and
// when every test that matters ran, it built — a test that passes while
// printing "syntax error" is a pass. Without structure the text is read
// (BuildFailure), but never against a run that exited 0 with tests
// passing.
func (r Results) Build(exitCode int, matter []string) (failed, missingOnly bool) {
	ran := r.Only(matter)
	if !r.Structured {
		if pass, _, _ := r.Count(); exitCode == 0 && pass > 0 {
			return false, false
		}
		return BuildFailure(r.Text, ran)
	}
	if len(matter) > 0 && len(ran) == len(matter) {
		return false, false
	}
	if len(r.Unbuilt) == 0 {
		// pytest interrupted, broken or misused before the tests that
		// matter ran: they did not import, for no missing code.
		broke := r.pytest && (exitCode == 2 || exitCode == 3 || exitCode == 4)
		return broke && len(ran) == 0, false
	}
	text := r.UnbuiltText()
	return true, !syntaxError().MatchString(text) && missingSymbol().MatchString(text)
}

// UnbuiltText is the errors of everything that did not build, in a stable
// order.
func (r Results) UnbuiltText() string {
	var b strings.Builder
	for _, k := range sortedNames(r.Unbuilt) {
		b.WriteString(r.Unbuilt[k])
		b.WriteByte('\n')
	}
	return b.String()
}

func sortedNames[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// goEvent is one line of `go test -json` (cmd/test2json's TestEvent, and
// the go command's build events).
type goEvent struct {
	Action      string
	Package     string
	ImportPath  string
	Test        string
	Output      string
	FailedBuild string
}

// goPackage is what one package's events showed.
type goPackage struct {
	tests  bool
	output strings.Builder
}

// ParseGoTestJSON reads `go test -json` output. Top-level tests are named
// by function (subtests fold into their parent); the same name in several
// packages is one entry in Tests that fails when any of them failed, and
// one per package in Packages. Lines that are not JSON (a build error
// printed before the events, by Go before 1.24) are kept in Text.
// Packages that did not build, and packages that failed without a test
// event, are Unbuilt.
func ParseGoTestJSON(out []byte) Results {
	r := Results{Tests: map[string]string{}, Unbuilt: map[string]string{}, Packages: map[string]map[string]string{}}
	var text, plain strings.Builder
	builds := map[string]*strings.Builder{} // build-output by ImportPath
	pkgs := map[string]*goPackage{}
	pkg := func(p string) *goPackage {
		if pkgs[p] == nil {
			pkgs[p] = &goPackage{}
		}
		return pkgs[p]
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var ev goEvent
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &ev) != nil || ev.Action == "" {
			text.Write(line)
			text.WriteByte('\n')
			plain.Write(line)
			plain.WriteByte('\n')
			continue
		}
		r.Structured = true
		switch ev.Action {
		case "build-output":
			if builds[ev.ImportPath] == nil {
				builds[ev.ImportPath] = &strings.Builder{}
			}
			builds[ev.ImportPath].WriteString(ev.Output)
			text.WriteString(ev.Output)
		case "output":
			text.WriteString(ev.Output)
			if ev.Test == "" {
				pkg(ev.Package).output.WriteString(ev.Output)
			}
		case "run":
			pkg(ev.Package).tests = true
		case "pass", "fail", "skip":
			r.goOutcome(ev, pkg(ev.Package), builds, plain.String())
		}
	}
	r.Text = text.String()
	return r
}

// goOutcome records one pass, fail or skip event: a test's, or a
// package's (which may say the package did not build).
func (r *Results) goOutcome(ev goEvent, p *goPackage, builds map[string]*strings.Builder, plain string) {
	if ev.Test != "" {
		p.tests = true
		if strings.Contains(ev.Test, "/") {
			return
		}
		r.Tests[ev.Test] = worse(r.Tests[ev.Test], ev.Action)
		if r.Packages[ev.Package] == nil {
			r.Packages[ev.Package] = map[string]string{}
		}
		before := r.Packages[ev.Package][ev.Test]
		if (before == Pass && ev.Action == Fail) || (before == Fail && ev.Action == Pass) {
			r.markFlaky(ev.Package, ev.Test)
		}
		r.Packages[ev.Package][ev.Test] = worse(before, ev.Action)
		return
	}
	if ev.Action != "fail" {
		return
	}
	switch {
	case ev.FailedBuild != "":
		msg := p.output.String()
		if b := builds[ev.FailedBuild]; b != nil {
			msg = b.String() + msg
		}
		r.Unbuilt[ev.Package] = msg
	case !p.tests:
		// No test ran: it did not build (Go before 1.24 says so only in
		// text outside the events), set up, or start (an init panic).
		r.Unbuilt[ev.Package] = plain + p.output.String()
	}
}

// markFlaky records that test gave both answers in pkg.
func (r *Results) markFlaky(pkg, test string) {
	if r.flakyIn == nil {
		r.flakyIn, r.Flaky = map[string]map[string]bool{}, map[string]bool{}
	}
	if r.flakyIn[pkg] == nil {
		r.flakyIn[pkg] = map[string]bool{}
	}
	r.flakyIn[pkg][test] = true
	r.Flaky[test] = true
}

// KeyByPackage names Go tests for the gates: by function, except that a
// name in repeated (one several packages share) is named by its package's
// directory as well (GoTestName), so the packages' tests stay apart. module
// is the module path the import paths start with.
func (r *Results) KeyByPackage(module string, repeated map[string]bool) {
	if len(repeated) == 0 || len(r.Packages) == 0 {
		return
	}
	tests := map[string]string{}
	var flaky map[string]bool
	for pkg, ts := range r.Packages {
		for test, st := range ts {
			name := test
			if repeated[test] {
				name = GoTestName(PackageDir(module, pkg), test)
			}
			tests[name] = worse(tests[name], st)
			if r.flakyIn[pkg][test] {
				if flaky == nil {
					flaky = map[string]bool{}
				}
				flaky[name] = true
			}
		}
	}
	r.Tests, r.Flaky = tests, flaky
}

// PackageDir is the directory of a package of module, relative to the
// module's root ("." for the root); an import path outside module is
// returned as it is.
func PackageDir(module, importPath string) string {
	switch {
	case module == "":
		return importPath
	case importPath == module:
		return "."
	case strings.HasPrefix(importPath, module+"/"):
		return importPath[len(module)+1:]
	}
	return importPath
}

// worse merges two outcomes of one name: fail beats pass beats skip.
func worse(a, b string) string {
	rank := map[string]int{"": 0, Skip: 1, Pass: 2, Fail: 3}
	if rank[b] > rank[a] {
		return b
	}
	return a
}

type junitCase struct {
	Classname string    `xml:"classname,attr"`
	Name      string    `xml:"name,attr"`
	File      string    `xml:"file,attr"`
	Failure   *struct{} `xml:"failure"`
	Error     *struct {
		Message string `xml:"message,attr"`
		Body    string `xml:",chardata"`
	} `xml:"error"`
	Skipped *struct{} `xml:"skipped"`
}

type junitSuite struct {
	Cases  []junitCase  `xml:"testcase"`
	Suites []junitSuite `xml:"testsuite"`
}

// ParseJUnitXML reads pytest's JUnit XML (junit_family=xunit1, which
// carries each case's file) from out, where it may be surrounded by
// pytest's terminal output (it is written to /dev/stdout so that every
// runner, a container's too, hands it back). Tests are named as pytest
// names them: file::name or file::Class::name (parameters folded into
// the function). A collection error (a test module that does not import)
// is no test: it is Uncollected and Unbuilt, and its message joins Text.
func ParseJUnitXML(out []byte) (Results, error) {
	r := Results{Tests: map[string]string{}, Uncollected: map[string]string{}, Unbuilt: map[string]string{}, pytest: true}
	start := bytes.Index(out, []byte("<?xml"))
	end := bytes.LastIndex(out, []byte("</testsuites>"))
	if start < 0 || end < start {
		r.Text = string(out)
		return r, fmt.Errorf("no JUnit XML report in the output")
	}
	end += len("</testsuites>")
	r.Text = string(out[:start]) + string(out[end:])
	var doc junitSuite
	if err := xml.Unmarshal(out[start:end], &doc); err != nil {
		return r, fmt.Errorf("reading the JUnit XML report: %w", err)
	}
	r.Structured = true
	var walk func(s junitSuite)
	walk = func(s junitSuite) {
		for _, c := range s.Cases {
			if c.Classname == "" && c.Error != nil {
				r.Text += "\n" + c.Error.Body
				file := c.File
				if file == "" {
					file = c.Name
				} else {
					r.Uncollected[file] = c.Error.Body
				}
				r.Unbuilt[file] = c.Error.Body
				continue
			}
			name := pytestName(c)
			switch {
			case c.Failure != nil || c.Error != nil:
				r.Tests[name] = worse(r.Tests[name], Fail)
			case c.Skipped != nil:
				r.Tests[name] = worse(r.Tests[name], Skip)
			default:
				r.Tests[name] = worse(r.Tests[name], Pass)
			}
		}
		for _, sub := range s.Suites {
			walk(sub)
		}
	}
	walk(doc)
	return r, nil
}

// pytestName rebuilds a node ID from a case: the classname is the module's
// dotted path, then any classes.
func pytestName(c junitCase) string {
	// A parametrised case (test_y[1]) is one test function: the gates
	// judge functions, and any failing case fails it.
	if i := strings.IndexByte(c.Name, '['); i > 0 {
		c.Name = c.Name[:i]
	}
	if c.File == "" {
		return c.Classname + "::" + c.Name
	}
	module := strings.ReplaceAll(strings.TrimSuffix(c.File, ".py"), "/", ".")
	classes := strings.TrimPrefix(strings.TrimPrefix(c.Classname, module), ".")
	if classes == "" || classes == c.Classname {
		return c.File + "::" + c.Name
	}
	return c.File + "::" + strings.ReplaceAll(classes, ".", "::") + "::" + c.Name
}
