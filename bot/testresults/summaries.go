package testresults

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

// count returns the number before word in s ("3 failed" → 3), or 0.
func count(s string, re func() *regexp.Regexp) int {
	m := re().FindStringSubmatch(s)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

func num(word string) func() *regexp.Regexp {
	return lazyregexp.New(`(\d+) ` + word + `\b`)
}

func field(word string) func() *regexp.Regexp {
	return lazyregexp.New(word + `:? (\d+)`)
}

var (
	jestTests   = lazyregexp.New(`^Tests:\s+(.*\d+ total)$`)
	jestFailed  = num("failed")
	jestPassed  = num("passed")
	jestSkipped = num("skipped")
	jestTodo    = num("todo")
	jestTotal   = num("total")
	jestBullet  = lazyregexp.New(`^\s*● (.+)$`)
)

// parseJest reads jest's (and vitest's compatible) "Tests: 1 failed, 2
// passed, 3 total" line and the "● Suite › test" headings of failures.
func parseJest(out []byte) (Results, bool) {
	ls := lines(out)
	var r Results
	found := false
	for _, l := range ls {
		m := jestTests().FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			continue
		}
		found = true
		r.Failed, r.Passed = count(m[1], jestFailed), count(m[1], jestPassed)
		r.Skipped = count(m[1], jestSkipped) + count(m[1], jestTodo)
		r.Run = count(m[1], jestTotal) - r.Skipped
	}
	if !found {
		return Results{}, false
	}
	seen := map[string]bool{}
	for i, l := range ls {
		m := jestBullet().FindStringSubmatch(l)
		if m == nil || seen[m[1]] || strings.HasPrefix(m[1], "Test suite failed to run") {
			continue
		}
		seen[m[1]] = true
		var keep []string
		for _, s := range ls[i+1:] {
			t := strings.TrimSpace(s)
			if jestBullet().MatchString(s) || strings.HasPrefix(t, "at ") {
				break
			}
			if t != "" {
				keep = append(keep, t)
			}
			if len(keep) == failureLines {
				break
			}
		}
		r.Cases = append(r.Cases, Case{Name: m[1], Status: Fail, Failure: strings.Join(keep, "\n")})
	}
	return r, true
}

var (
	mavenTotal   = lazyregexp.New(`Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)\s*$`)
	mavenFailure = lazyregexp.New(`^\[ERROR\] (\S+?)(?:\(([\w.$]+)\))?\s+(?:--\s+)?Time elapsed: .*<<< (FAILURE|ERROR)!`)
)

// parseMaven reads Maven Surefire's text: the totals line after
// "Results:" (the last "Tests run:" line without a class name) and the
// "<<< FAILURE!" line of each failing test, whose next line is the
// assertion.
func parseMaven(out []byte) (Results, bool) {
	ls := lines(out)
	var r Results
	found := false
	for _, l := range ls {
		if strings.Contains(l, "Time elapsed") {
			continue
		}
		m := mavenTotal().FindStringSubmatch(l)
		if m == nil {
			continue
		}
		found = true
		run, _ := strconv.Atoi(m[1])
		f, _ := strconv.Atoi(m[2])
		e, _ := strconv.Atoi(m[3])
		s, _ := strconv.Atoi(m[4])
		r = Results{Run: run - s, Failed: f + e, Skipped: s, Passed: run - s - f - e}
	}
	if !found {
		return Results{}, false
	}
	for i, l := range ls {
		m := mavenFailure().FindStringSubmatch(l)
		if m == nil {
			continue
		}
		name := m[1]
		if m[2] != "" { // Surefire 2: "testAdd(com.x.AppTest)"
			name = m[2] + "." + m[1]
		}
		gist := ""
		if i+1 < len(ls) {
			gist = strings.TrimSpace(ls[i+1])
		}
		r.Cases = append(r.Cases, Case{Name: name, Status: Fail, Failure: gist})
	}
	return r, true
}

var (
	gradleTotal = lazyregexp.New(`^(\d+) tests? completed(?:, (\d+) failed)?(?:, (\d+) skipped)?`)
	gradleCase  = lazyregexp.New(`^(\S.*?) > (.+?) (FAILED|SKIPPED|PASSED)$`)
)

// parseGradle reads Gradle's test task text: "3 tests completed, 1
// failed" and "AppTest > testAdd() FAILED" followed by the indented
// exception. A passing Gradle build prints no count, so it is not read.
func parseGradle(out []byte) (Results, bool) {
	ls := lines(out)
	var r Results
	found := false
	for _, l := range ls {
		m := gradleTotal().FindStringSubmatch(l)
		if m == nil {
			continue
		}
		found = true
		total, _ := strconv.Atoi(m[1])
		f, _ := strconv.Atoi(m[2])
		s, _ := strconv.Atoi(m[3])
		r = Results{Run: total - s, Failed: f, Skipped: s, Passed: total - s - f}
	}
	if !found {
		return Results{}, false
	}
	for i, l := range ls {
		m := gradleCase().FindStringSubmatch(l)
		if m == nil || m[3] != "FAILED" {
			continue
		}
		var keep []string
		for _, s := range ls[i+1:] {
			if !strings.HasPrefix(s, " ") {
				break
			}
			if t := strings.TrimSpace(s); t != "" {
				keep = append(keep, t)
			}
			if len(keep) == failureLines {
				break
			}
		}
		r.Cases = append(r.Cases, Case{Name: m[1] + "." + m[2], Status: Fail, Failure: strings.Join(keep, "\n")})
	}
	return r, true
}

var (
	rspecTotal   = lazyregexp.New(`^(\d+) examples?, (\d+) failures?(?:, (\d+) pending)?`)
	rspecRerun   = lazyregexp.New(`^rspec (\S+) # (.+)$`)
	rspecHeading = lazyregexp.New(`^\s+\d+\) (.+)$`)
)

// parseRSpec reads RSpec's "3 examples, 1 failure, 1 pending" and the
// "rspec ./spec/x_spec.rb:4 # Calc adds" lines naming failures; a
// failure's gist is under its "1) Calc adds" heading.
func parseRSpec(out []byte) (Results, bool) {
	ls := lines(out)
	var r Results
	found := false
	for _, l := range ls {
		m := rspecTotal().FindStringSubmatch(l)
		if m == nil {
			continue
		}
		found = true
		total, _ := strconv.Atoi(m[1])
		f, _ := strconv.Atoi(m[2])
		p, _ := strconv.Atoi(m[3])
		r = Results{Run: total - p, Failed: f, Skipped: p, Passed: total - p - f}
	}
	if !found {
		return Results{}, false
	}
	gists := map[string]string{}
	for i, l := range ls {
		m := rspecHeading().FindStringSubmatch(l)
		if m == nil {
			continue
		}
		var keep []string
		for _, s := range ls[i+1:] {
			t := strings.TrimSpace(s)
			if rspecHeading().MatchString(s) || strings.HasPrefix(t, "# ./") || strings.HasPrefix(t, "Finished in") {
				break
			}
			if t != "" {
				keep = append(keep, t)
			}
			if len(keep) == failureLines {
				break
			}
		}
		if _, ok := gists[m[1]]; !ok {
			gists[m[1]] = strings.Join(keep, "\n")
		}
	}
	for _, l := range ls {
		if m := rspecRerun().FindStringSubmatch(l); m != nil {
			r.Cases = append(r.Cases, Case{Name: m[2], Status: Fail, Failure: gists[m[2]]})
		}
	}
	return r, true
}

var (
	minitestTotal = lazyregexp.New(`^(\d+) (?:runs|tests), \d+ assertions, (\d+) failures, (\d+) errors, (\d+) skips`)
	minitestHead  = lazyregexp.New(`^\s*\d+\) (Failure|Error):$`)
	minitestName  = lazyregexp.New(`^(\S+?#\S+?)(?: \[.*\])?:?$`)
)

// parseMinitest reads minitest's "3 runs, 4 assertions, 1 failures, 0
// errors, 1 skips" and its "1) Failure:\nTestCalc#test_add [file:6]:"
// blocks.
func parseMinitest(out []byte) (Results, bool) {
	ls := lines(out)
	var r Results
	found := false
	for _, l := range ls {
		m := minitestTotal().FindStringSubmatch(l)
		if m == nil {
			continue
		}
		found = true
		total, _ := strconv.Atoi(m[1])
		f, _ := strconv.Atoi(m[2])
		e, _ := strconv.Atoi(m[3])
		s, _ := strconv.Atoi(m[4])
		r = Results{Run: total - s, Failed: f + e, Skipped: s, Passed: total - s - f - e}
	}
	if !found {
		return Results{}, false
	}
	for i, l := range ls {
		if !minitestHead().MatchString(l) || i+1 >= len(ls) {
			continue
		}
		m := minitestName().FindStringSubmatch(strings.TrimSpace(ls[i+1]))
		if m == nil {
			continue
		}
		var keep []string
		for _, s := range ls[i+2:] {
			if strings.TrimSpace(s) == "" || minitestHead().MatchString(s) {
				break
			}
			keep = append(keep, strings.TrimSpace(s))
			if len(keep) == failureLines {
				break
			}
		}
		r.Cases = append(r.Cases, Case{Name: m[1], Status: Fail, Failure: strings.Join(keep, "\n")})
	}
	return r, true
}

var (
	phpunitOK     = lazyregexp.New(`^OK \((\d+) tests?, \d+ assertions?\)`)
	phpunitTotals = lazyregexp.New(`^Tests: (\d+), Assertions: \d+(.*)\.$`)
	phpunitFail   = field("(?:Failures|Errors)")
	phpunitSkip   = field("(?:Skipped|Incomplete)")
	phpunitHead   = lazyregexp.New(`^\d+\) (\S+::\S+?)(?: with data set .*)?$`)
)

// parsePHPUnit reads PHPUnit's "OK (3 tests, 3 assertions)" or "Tests: 3,
// Assertions: 3, Failures: 1." and its "1) CalcTest::testAdd" blocks.
func parsePHPUnit(out []byte) (Results, bool) {
	ls := lines(out)
	var r Results
	found := false
	for _, l := range ls {
		if m := phpunitOK().FindStringSubmatch(l); m != nil {
			found = true
			n, _ := strconv.Atoi(m[1])
			r = Results{Run: n, Passed: n}
			continue
		}
		if l == "No tests executed!" {
			found = true
			r = Results{}
			continue
		}
		m := phpunitTotals().FindStringSubmatch(l)
		if m == nil {
			continue
		}
		found = true
		total, _ := strconv.Atoi(m[1])
		f, s := 0, 0
		for _, x := range phpunitFail().FindAllStringSubmatch(m[2], -1) {
			n, _ := strconv.Atoi(x[1])
			f += n
		}
		for _, x := range phpunitSkip().FindAllStringSubmatch(m[2], -1) {
			n, _ := strconv.Atoi(x[1])
			s += n
		}
		r = Results{Run: total - s, Failed: f, Skipped: s, Passed: total - s - f}
	}
	if !found {
		return Results{}, false
	}
	inFailures := false
	for i, l := range ls {
		if strings.HasPrefix(l, "There w") && (strings.Contains(l, "failure") || strings.Contains(l, "error")) {
			inFailures = true
			continue
		}
		if strings.HasPrefix(l, "There w") {
			inFailures = false
			continue
		}
		m := phpunitHead().FindStringSubmatch(l)
		if m == nil || !inFailures {
			continue
		}
		var keep []string
		for _, s := range ls[i+1:] {
			t := strings.TrimSpace(s)
			if t == "" || phpunitHead().MatchString(s) {
				break
			}
			keep = append(keep, t)
			if len(keep) == failureLines {
				break
			}
		}
		r.Cases = append(r.Cases, Case{Name: m[1], Status: Fail, Failure: strings.Join(keep, "\n")})
	}
	return r, true
}

var (
	ctestTotal  = lazyregexp.New(`^\d+% tests passed, (\d+) tests? failed out of (\d+)`)
	ctestFailed = lazyregexp.New(`^\s*\d+ - (\S+) \((Failed|SEGFAULT|Timeout|Exception|Subprocess aborted|Not Run|Child aborted|OTHER_FAULT|\w+)\)`)
	ctestNoTest = lazyregexp.New(`^No tests were found`)
)

// parseCTest reads CTest's "67% tests passed, 1 tests failed out of 3"
// and the list under "The following tests FAILED:".
func parseCTest(out []byte) (Results, bool) {
	ls := lines(out)
	var r Results
	found := false
	for _, l := range ls {
		if ctestNoTest().MatchString(l) {
			found = true
			continue
		}
		m := ctestTotal().FindStringSubmatch(l)
		if m == nil {
			continue
		}
		found = true
		f, _ := strconv.Atoi(m[1])
		total, _ := strconv.Atoi(m[2])
		r = Results{Run: total, Failed: f, Passed: total - f}
	}
	if !found {
		return Results{}, false
	}
	in := false
	for _, l := range ls {
		if strings.HasPrefix(l, "The following tests FAILED:") {
			in = true
			continue
		}
		if !in {
			continue
		}
		m := ctestFailed().FindStringSubmatch(l)
		if m == nil {
			break
		}
		r.Cases = append(r.Cases, Case{Name: m[1], Status: Fail, Failure: m[2]})
	}
	return r, true
}

var (
	junitCoreOK    = lazyregexp.New(`^OK \((\d+) tests?\)$`)
	junitCoreTotal = lazyregexp.New(`^Tests run: (\d+),\s+Failures: (\d+)$`)
	junitCoreHead  = lazyregexp.New(`^\d+\) (\w+)\(([\w.$]+)\)$`)
)

// parseJUnitCore reads JUnit 4's console runner (org.junit.runner.JUnitCore):
// "OK (3 tests)" or "FAILURES!!!\nTests run: 2,  Failures: 1" and its
// "1) testAdd(CalcTest)" blocks. It does not count @Ignore'd tests.
func parseJUnitCore(out []byte) (Results, bool) {
	ls := lines(out)
	var r Results
	found := false
	for _, l := range ls {
		if m := junitCoreOK().FindStringSubmatch(l); m != nil {
			found = true
			n, _ := strconv.Atoi(m[1])
			r = Results{Run: n, Passed: n}
		} else if m := junitCoreTotal().FindStringSubmatch(l); m != nil {
			found = true
			n, _ := strconv.Atoi(m[1])
			f, _ := strconv.Atoi(m[2])
			r = Results{Run: n, Failed: f, Passed: n - f}
		}
	}
	if !found {
		return Results{}, false
	}
	for i, l := range ls {
		m := junitCoreHead().FindStringSubmatch(l)
		if m == nil {
			continue
		}
		gist := ""
		if i+1 < len(ls) {
			gist = strings.TrimSpace(ls[i+1])
		}
		r.Cases = append(r.Cases, Case{Name: m[2] + "." + m[1], Status: Fail, Failure: gist})
	}
	return r, true
}
