package testresults

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
)

// Format names the output a Results was read from.
type Format string

// The formats Parse reads. FormatUnknown means no test tool's output was
// recognised: the counts are not known (not zero).
const (
	FormatUnknown  Format = "unknown"
	FormatGoJSON   Format = "go-json"
	FormatGoText   Format = "go-text"
	FormatJUnit    Format = "junit-xml"
	FormatTAP      Format = "tap"
	FormatNodeSpec Format = "node-spec"
	FormatPytest   Format = "pytest"
	FormatUnittest Format = "unittest"
	FormatCargo    Format = "cargo-test"
	FormatNextest  Format = "nextest"
	FormatJest     Format = "jest"
	FormatMaven    Format = "maven-surefire"
	FormatGradle   Format = "gradle"
	FormatRSpec    Format = "rspec"
	FormatMinitest Format = "minitest"
	FormatPHPUnit  Format = "phpunit"
	FormatCTest    Format = "ctest"
	FormatJUnit4   Format = "junit4-console"
)

// Status is how one test ended.
type Status string

// The statuses of a test.
const (
	Pass Status = "pass"
	Fail Status = "fail"
	Skip Status = "skip"
)

// Case is one test and how it ended. Failure holds the first lines of
// what the tool said about a failure (empty otherwise).
type Case struct {
	Name    string `json:"name"`
	Status  Status `json:"status"`
	Failure string `json:"failure,omitempty"`
	// CutOff says the test never reported an end because its package's
	// test binary was stopped by go test's -timeout (go test -json lists
	// the tests it cut off, parallel ones paused among them, only by
	// their start). It counts as failed; the time limit is what failed.
	CutOff bool `json:"-"`
	// SubtestFailed says one of its subtests reported a failure of its
	// own (go test -json), whatever ended the test after.
	SubtestFailed bool `json:"-"`
}

// Results is what one command's tests did.
type Results struct {
	Format Format `json:"format"`
	// Run counts tests that ran (passed + failed; skipped tests did not
	// run), as the tool counted them.
	Run     int `json:"run"`
	Passed  int `json:"passed"`
	Failed  int `json:"failed"`
	Skipped int `json:"skipped"`
	// Cases are the tests the output names, in the order it names them.
	// A tool that prints only a summary (jest, minitest) leaves passing
	// cases out; Failed still counts them all.
	Cases []Case `json:"cases,omitempty"`
	// Partial is set when the tool does not name or count passing tests
	// (go test without -v): Run and Passed are then lower bounds.
	Partial bool `json:"partial,omitempty"`
}

// Known reports whether the output was a test tool's whose counts were
// read.
func (r Results) Known() bool { return r.Format != "" && r.Format != FormatUnknown }

// FailedNames lists the failing tests' names, in output order.
func (r Results) FailedNames() []string {
	var names []string
	for _, c := range r.Cases {
		if c.Status == Fail {
			names = append(names, c.Name)
		}
	}
	return names
}

// Failures lists the failing cases, in output order.
func (r Results) Failures() []Case {
	var out []Case
	for _, c := range r.Cases {
		if c.Status == Fail {
			out = append(out, c)
		}
	}
	return out
}

// Outcomes maps each named test to how it ended, for comparing runs (a
// test that passed in one and failed in another is flaky). A name seen
// twice keeps its worst status.
func (r Results) Outcomes() map[string]Status {
	if len(r.Cases) == 0 {
		return nil
	}
	m := make(map[string]Status, len(r.Cases))
	for _, c := range r.Cases {
		if old, ok := m[c.Name]; ok && rank(old) >= rank(c.Status) {
			continue
		}
		m[c.Name] = c.Status
	}
	return m
}

func rank(s Status) int {
	switch s {
	case Fail:
		return 2
	case Pass:
		return 1
	}
	return 0
}

// Summary is the one-line account reports show: "3 of 214 tests failed:
// TestA, TestB, TestC, …" or "214 tests passed (2 skipped)". At most
// maxNames names are listed. Empty when the results are not known.
func (r Results) Summary(maxNames int) string {
	if !r.Known() {
		return ""
	}
	skipped := ""
	if r.Skipped > 0 {
		skipped = fmt.Sprintf(" (%d skipped)", r.Skipped)
	}
	if r.Partial {
		if r.Failed == 0 {
			return "tests passed (the tool did not count them)" + skipped
		}
		s := fmt.Sprintf("%d %s failed", r.Failed, plural(r.Failed))
		if names := r.FailedNames(); len(names) > 0 {
			s += ": " + joinNames(names, maxNames, r.Failed)
		}
		return s + skipped
	}
	if r.Failed == 0 {
		if r.Run == 0 {
			return "no tests ran" + skipped
		}
		return fmt.Sprintf("%d %s passed%s", r.Run, plural(r.Run), skipped)
	}
	s := fmt.Sprintf("%d of %d %s failed", r.Failed, r.Run, plural(r.Run))
	if names := r.FailedNames(); len(names) > 0 {
		s += ": " + joinNames(names, maxNames, r.Failed)
	}
	return s + skipped
}

// joinNames lists up to max names, with "…" when there are more failures
// than names shown.
func joinNames(names []string, max, failed int) string {
	more := len(names) > max || failed > len(names)
	if len(names) > max {
		names = names[:max]
	}
	s := strings.Join(names, ", ")
	if more {
		s += ", …"
	}
	return s
}

func plural(n int) string {
	if n == 1 {
		return "test"
	}
	return "tests"
}

// parser reads one format; ok is false when out is not that format.
// markers are literals one of which every output of the format contains:
// checked first, so a parser whose format is absent costs one scan.
type parser struct {
	format  Format
	markers []string
	parse   func(out []byte) (Results, bool)
}

// parsers are tried in order: structured formats first (their markers
// cannot appear by accident), then the runners' text summaries, most
// specific first. go text comes last because a Makefile or a script may
// run go test among other things, and its "--- FAIL" lines are then still
// the best account there is. Most text formats are a summary (a table of
// the tool's patterns, read by summary.go); the formats unlike the others
// have a parser of their own.
var parsers = []parser{
	{FormatGoJSON, []string{`"Action":`}, parseGoJSON},
	{FormatJUnit, []string{"<testsuite"}, parseJUnitOutput},
	{FormatNextest, []string{"Summary ["}, nextestText.parse},
	{FormatCargo, []string{"test result: "}, cargoText.parse},
	{FormatPytest, []string{" passed", " failed", "no tests ran", " error", " skipped", " xfailed", " xpassed", " deselected", " warning"}, pytestText.parse},
	{FormatUnittest, []string{"Ran "}, parseUnittest},
	{FormatNodeSpec, []string{"ℹ tests "}, nodeSpecText.parse},
	{FormatTAP, []string{"1.."}, parseTAP},
	{FormatJest, []string{"Tests:"}, jestText.parse},
	{FormatMaven, []string{"Tests run: "}, mavenText.parse},
	{FormatJUnit4, []string{"Tests run: ", "OK ("}, junitCoreText.parse},
	{FormatGradle, []string{" completed"}, gradleText.parse},
	{FormatRSpec, []string{" example"}, rspecText.parse},
	{FormatMinitest, []string{" assertions, "}, minitestText.parse},
	{FormatPHPUnit, []string{"OK (", "Tests: ", "No tests executed!"}, phpunitText.parse},
	{FormatCTest, []string{"tests passed, ", "No tests were found"}, ctestText.parse},
	{FormatGoText, []string{"--- ", "ok  ", "FAIL\t", "?   \t"}, parseGoText},
}

func (p parser) present(out []byte) bool {
	for _, m := range p.markers {
		if bytes.Contains(out, []byte(m)) {
			return true
		}
	}
	return false
}

// Parse reads a command's combined output. It returns FormatUnknown when no
// test tool's output is recognised.
func Parse(output []byte) Results {
	out := normalise(output)
	for _, p := range parsers {
		if !p.present(out) {
			continue
		}
		if r, ok := p.parse(out); ok {
			r.Format = p.format
			return r
		}
	}
	return Results{Format: FormatUnknown}
}

// normalise strips terminal colours and carriage returns, which tools add
// when they think they write to a terminal.
func normalise(b []byte) []byte {
	if bytes.IndexByte(b, 0x1b) >= 0 {
		b = ansiRe().ReplaceAll(b, nil)
	}
	if bytes.IndexByte(b, '\r') >= 0 {
		b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
	}
	return b
}

// lines splits out into lines without their newline.
func lines(out []byte) []string {
	s := string(out)
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// firstLines keeps the first n non-blank lines of s, trimmed, for a
// failure's gist.
func firstLines(s string, n int) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimRight(l, " \t")
		if strings.TrimSpace(l) == "" {
			continue
		}
		keep = append(keep, l)
		if len(keep) == n {
			break
		}
	}
	return strings.Join(keep, "\n")
}

// failureLines is how many lines of a failure Results keeps.
const failureLines = 5

// finish fills counts from cases when the tool printed no totals.
func finish(r *Results) {
	r.Passed, r.Failed, r.Skipped = 0, 0, 0
	for _, c := range r.Cases {
		switch c.Status {
		case Pass:
			r.Passed++
		case Fail:
			r.Failed++
		case Skip:
			r.Skipped++
		}
	}
	r.Run = r.Passed + r.Failed
}

// sortedKeys is for deterministic iteration of maps.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
