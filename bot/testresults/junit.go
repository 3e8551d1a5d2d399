package testresults

import (
	"bytes"
	"encoding/xml"
	"fmt"
)

// junitSuite is the part of a JUnit XML <testsuite> (or <testsuites>)
// element that pytest --junitxml, jest-junit, Maven Surefire and Gradle
// all write: nested suites and test cases.
type junitSuite struct {
	Suites []junitSuite `xml:"testsuite"`
	Cases  []junitCase  `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	ClassName string        `xml:"classname,attr"`
	Failures  []junitReason `xml:"failure"`
	Errors    []junitReason `xml:"error"`
	Skipped   *junitReason  `xml:"skipped"`
}

type junitReason struct {
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

// ParseJUnit reads a JUnit XML report, as a file holds it. A test case
// with a <failure> or an <error> failed; one with <skipped> was skipped;
// any other passed. Names are classname.name (or name alone).
func ParseJUnit(data []byte) (Results, error) {
	var root junitSuite
	if err := xml.Unmarshal(data, &root); err != nil {
		return Results{Format: FormatUnknown}, fmt.Errorf("reading JUnit XML: %w", err)
	}
	r := Results{Format: FormatJUnit}
	var walk func(s junitSuite)
	walk = func(s junitSuite) {
		for _, c := range s.Cases {
			name := c.Name
			if c.ClassName != "" {
				name = c.ClassName + "." + c.Name
			}
			tc := Case{Name: name, Status: Pass}
			switch {
			case len(c.Failures) > 0 || len(c.Errors) > 0:
				tc.Status = Fail
				reason := append(append([]junitReason{}, c.Failures...), c.Errors...)[0]
				// The message is the assertion; the text often starts
				// with source code (pytest), so it is the fallback.
				tc.Failure = firstLines(reason.Message, failureLines)
				if tc.Failure == "" {
					tc.Failure = firstLines(reason.Text, failureLines)
				}
			case c.Skipped != nil:
				tc.Status = Skip
			}
			r.Cases = append(r.Cases, tc)
		}
		for _, sub := range s.Suites {
			walk(sub)
		}
	}
	walk(root)
	finish(&r)
	return r, nil
}

// parseJUnitOutput reads JUnit XML printed to the output (a report
// written to stdout, or cat'ed by a script).
func parseJUnitOutput(out []byte) (Results, bool) {
	i := bytes.Index(out, []byte("<testsuite"))
	if i < 0 {
		return Results{}, false
	}
	start := bytes.LastIndex(out[:i], []byte("<?xml"))
	if start < 0 {
		start = i
	}
	end := bytes.LastIndex(out, []byte("</testsuites>"))
	if end >= 0 {
		end += len("</testsuites>")
	} else if end = bytes.LastIndex(out, []byte("</testsuite>")); end >= 0 {
		end += len("</testsuite>")
	} else {
		return Results{}, false
	}
	if end <= start {
		return Results{}, false
	}
	r, err := ParseJUnit(out[start:end])
	return r, err == nil
}
