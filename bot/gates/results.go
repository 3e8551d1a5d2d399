package gates

import (
	"bufio"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"strings"
)

// This file reads per-test results from the two reports the gates ask
// for: `go test -json` and pytest's JUnit XML. It is deliberately minimal
// (names and pass/fail/skip) and will be replaced by bot/testresults, the
// general test-output reader, when that lands.

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
	// without the XML), where BuildFailure looks for build errors.
	Text string
	// Uncollected are pytest's test modules that did not import: file →
	// the error.
	Uncollected map[string]string
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

// goEvent is one line of `go test -json` (cmd/test2json's TestEvent).
type goEvent struct {
	Action string
	Test   string
	Output string
}

// ParseGoTestJSON reads `go test -json` output. Top-level tests are named
// by function (subtests fold into their parent); the same name in several
// packages is one entry that fails when any of them failed. Lines that are
// not JSON (a build error printed before the events) are kept in Text.
func ParseGoTestJSON(out []byte) Results {
	r := Results{Tests: map[string]string{}}
	var text strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var ev goEvent
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &ev) != nil {
			text.Write(line)
			text.WriteByte('\n')
			continue
		}
		switch ev.Action {
		case "output", "build-output":
			text.WriteString(ev.Output)
		case "pass", "fail", "skip":
			if ev.Test == "" || strings.Contains(ev.Test, "/") {
				continue
			}
			r.Tests[ev.Test] = worse(r.Tests[ev.Test], ev.Action)
		}
	}
	r.Text = text.String()
	return r
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
// the function). A collection error (a test
// module that does not import) is no test: its message joins Text, where
// BuildFailure reads it.
func ParseJUnitXML(out []byte) (Results, error) {
	r := Results{Tests: map[string]string{}, Uncollected: map[string]string{}}
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
	var walk func(s junitSuite)
	walk = func(s junitSuite) {
		for _, c := range s.Cases {
			if c.Classname == "" && c.Error != nil {
				r.Text += "\n" + c.Error.Body
				if c.File != "" {
					r.Uncollected[c.File] = c.Error.Body
				}
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
