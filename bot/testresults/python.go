package testresults

import (
	"strconv"
	"strings"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

var (
	// pytest's last line: "==== 1 failed, 2 passed, 1 skipped in 0.12s ====",
	// or with -q "1 failed, 2 passed in 0.12s", or "no tests ran in 0.01s".
	pytestSummary = lazyregexp.New(`^=*\s*((?:\d+ (?:failed|passed|skipped|errors?|xfailed|xpassed|deselected|warnings?|rerun)(?:, )?)+|no tests ran) in [\d.]+s(?: \([^)]*\))?\s*=*$`)
	pytestCount   = lazyregexp.New(`(?P<n>\d+) (?P<word>failed|passed|skipped|errors?|xfailed|xpassed)`)
	pytestShort   = lazyregexp.New(`^(FAILED|ERROR) (?P<name>\S+?)(?: - (?P<gist>.*))?$`)
	pytestSection = lazyregexp.New(`^_{3,} (?:ERROR at \w+ of )?(\S.*?) _{3,}$`)
)

// pytestText reads pytest's text output: the counts of its last line and
// the names of its "short test summary info" (FAILED/ERROR lines, printed
// by default since pytest 6). An error (in a fixture, or collecting a
// file) counts as a failure; xfailed counts as skipped, xpassed as passed.
var pytestText = summary{
	totals: totalsLines{shapes: []totalsLine{{re: pytestSummary, trim: true, words: &wordCounts{re: pytestCount, as: map[string]count{
		"failed": failed, "error": failed, "errors": failed,
		"passed": passed, "xpassed": passed,
		"skipped": skipped, "xfailed": skipped,
	}}}}},
	above: true,
	cases: cases{line: pytestShort, once: true, gists: pytestFailures, key: sectionName},
}

// pytestFailures keeps the E lines of each failure's section, by the
// section's name ("test_a", "TestK.test_b", "ERROR collecting
// tests/test_x.py"). A test's setup, call and teardown sections share a
// name and their lines. Blank E lines are kept as pytest printed them:
// they part the halves of a diff.
func pytestFailures(ls []string) map[string]string {
	sections := map[string][]string{}
	cur := ""
	for _, l := range ls {
		if m := pytestSection().FindStringSubmatch(l); m != nil {
			cur = m[1]
			continue
		}
		if cur != "" && strings.HasPrefix(l, "E ") && len(sections[cur]) < failureLines {
			sections[cur] = append(sections[cur], strings.TrimSpace(l[1:]))
		}
	}
	gists := make(map[string]string, len(sections))
	for name, said := range sections {
		gists[name] = strings.Join(said, "\n")
	}
	return gists
}

// sectionName is how pytest titles a failure section for a node id:
// "tests/test_x.py::TestK::test_b[1]" → "TestK.test_b[1]"; a file (no
// "::": "ERROR test_x.py" in the short summary) is one pytest could not
// collect, titled "ERROR collecting test_x.py", whose lines say why.
func sectionName(nodeid string) string {
	parts := strings.Split(nodeid, "::")
	if len(parts) == 1 {
		return "ERROR collecting " + nodeid
	}
	return strings.Join(parts[1:], ".")
}

var (
	unittestRan     = lazyregexp.New(`^Ran (\d+) tests? in [\d.]+s$`)
	unittestVerdict = lazyregexp.New(`^(OK|FAILED|NO TESTS RAN)(?: \((.*)\))?$`)
	unittestCount   = lazyregexp.New(`(failures|errors|skipped|expected failures|unexpected successes)=(\d+)`)
	unittestHead    = lazyregexp.New(`^(FAIL|ERROR|UNEXPECTED SUCCESS): (\S+) \(([^)]+)\)`)
)

// parseUnittest reads python -m unittest's text: "Ran N tests", then "OK"
// or "FAILED (failures=1, errors=2, skipped=1)". Skipped tests are part of
// unittest's N; they are not counted as run here. It is not a summary:
// its totals take two lines, and its names and tracebacks follow rules of
// their own.
func parseUnittest(out []byte) (Results, bool) {
	ls := lines(out)
	ran := -1
	var r Results
	for i, l := range ls {
		m := unittestRan().FindStringSubmatch(l)
		if m == nil {
			continue
		}
		ran, _ = strconv.Atoi(m[1])
		for _, v := range ls[i+1:] {
			vm := unittestVerdict().FindStringSubmatch(strings.TrimSpace(v))
			if vm == nil {
				continue
			}
			for _, c := range unittestCount().FindAllStringSubmatch(vm[2], -1) {
				n, _ := strconv.Atoi(c[2])
				switch c[1] {
				case "failures", "errors", "unexpected successes":
					r.Failed += n
				case "skipped":
					r.Skipped += n
				}
			}
			break
		}
	}
	if ran < 0 {
		return Results{}, false
	}
	r.Run = ran - r.Skipped
	r.Passed = r.Run - r.Failed
	for i, l := range ls {
		m := unittestHead().FindStringSubmatch(l)
		if m == nil {
			continue
		}
		// Python 3.11+ prints the full id in parentheses; older ones the
		// class only.
		name := m[3]
		if !strings.HasSuffix(name, "."+m[2]) {
			name += "." + m[2]
		}
		r.Cases = append(r.Cases, Case{Name: name, Status: Fail, Failure: unittestFailure(ls[i+1:])})
	}
	return r, true
}

// unittestFailure keeps the exception lines of a traceback (those not
// indented, after "Traceback"), up to the next separator.
func unittestFailure(rest []string) string {
	var keep []string
	started := false
	for _, l := range rest {
		if strings.HasPrefix(l, "-----") {
			if started {
				break
			}
			started = true
			continue
		}
		if strings.HasPrefix(l, "=====") {
			break
		}
		if l == "" || strings.HasPrefix(l, " ") || strings.HasPrefix(l, "Traceback") {
			continue
		}
		keep = append(keep, l)
		if len(keep) == failureLines {
			break
		}
	}
	return strings.Join(keep, "\n")
}
