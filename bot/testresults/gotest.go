package testresults

import (
	"bytes"
	"strings"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

// goEvent is one line of `go test -json` (cmd/test2json's TestEvent).
type goEvent struct {
	Action      string
	Package     string
	Test        string
	Output      string
	FailedBuild string
	ImportPath  string
}

// parseGoJSON reads `go test -json`. Tests are counted at the top level
// (TestA, not TestA/sub): a failing subtest fails its parent, which go
// itself reports, so counting both would count one failure twice. A
// package that failed with no failing test (a build failure, a panic in
// TestMain or init, a -timeout panic) is a failing case named after the
// package. Lines that are not JSON (a build error go printed on stderr)
// are ignored.
func parseGoJSON(out []byte) (Results, bool) {
	if !bytes.Contains(out, []byte(`"Action":`)) {
		return Results{}, false
	}
	run := goRun{tests: map[goKey]*goState{}, pkgs: map[string]*goState{}}
	seen := false
	for _, l := range bytes.Split(out, []byte("\n")) {
		var ev goEvent
		if _, ok := event(l, &ev); ok {
			seen = true
			run.add(&ev)
		}
	}
	if !seen {
		return Results{}, false
	}
	r := Results{Cases: run.cases()}
	finish(&r)
	return r, true
}

// goRun is what go test -json said, by top-level test and by package.
type goRun struct {
	tests map[goKey]*goState
	order []goKey // tests in the order they were first heard of
	pkgs  map[string]*goState
}

type goKey struct{ pkg, test string }

// goState is how a test or a package ended (empty: it never did) and what
// it printed.
type goState struct {
	status Status
	out    strings.Builder
	// subFailed: a subtest reported its own failure.
	subFailed bool
	// failedBefore: an earlier run of the test (go test -count=N runs it
	// N times in one binary) failed; a later run's pass does not undo it.
	failedBefore bool
}

// add records one event.
func (run *goRun) add(ev *goEvent) {
	pkg := ev.Package
	if pkg == "" {
		pkg = ev.ImportPath // build events name the package so
	}
	if ev.Test == "" {
		run.addPackage(pkg, ev)
	} else {
		run.addTest(pkg, ev)
	}
}

func (run *goRun) addPackage(pkg string, ev *goEvent) {
	p := run.pkgs[pkg]
	if p == nil {
		p = &goState{}
		run.pkgs[pkg] = p
	}
	switch ev.Action {
	case "output", "build-output":
		p.out.WriteString(ev.Output)
	case "fail", "build-fail":
		p.status = Fail
	case "pass":
		p.status = Pass
	case "skip":
		p.status = Skip
	}
}

// addTest files a subtest's output under its top-level test, but not its
// verdict: go reports the parent's.
func (run *goRun) addTest(pkg string, ev *goEvent) {
	top, _, _ := strings.Cut(ev.Test, "/")
	k := goKey{pkg, top}
	st := run.tests[k]
	if st == nil {
		st = &goState{}
		run.tests[k] = st
		run.order = append(run.order, k)
	}
	switch ev.Action {
	case "output":
		st.out.WriteString(ev.Output)
	case "run":
		if ev.Test == top && st.status != "" {
			// Run again (-count): not ended until it says so.
			st.failedBefore = st.failedBefore || st.status == Fail
			st.status = ""
		}
	case "pass", "fail", "skip":
		if ev.Test == top {
			st.status = Status(ev.Action)
		} else if ev.Action == "fail" {
			st.subFailed = true
		}
	}
}

// cases lists the tests in the order go started them, then the packages
// that failed with no failing test (in name order, for a stable list).
// Names carry the package only when there are several.
func (run *goRun) cases() []Case {
	multi := len(run.pkgs) > 1
	var cases []Case
	failedIn := map[string]bool{}
	timedOut := run.timedOut()
	for _, k := range run.order {
		st := run.tests[k]
		status := st.status
		if status == "" || st.failedBefore {
			// A test that never ended: the package died under it (a
			// panic, a -timeout). It failed, as one whose earlier run
			// did.
			status = Fail
		}
		name := k.test
		if multi {
			name = k.pkg + "." + k.test
		}
		c := Case{Name: name, Status: status, CutOff: st.status == "" && timedOut[k.pkg], SubtestFailed: st.subFailed}
		if status == Fail {
			failedIn[k.pkg] = true
			c.Failure = goFailure(st.out.String())
			if c.CutOff {
				c.Failure = endedByTimeLimit(st.out.String(), c.Failure)
			}
		}
		cases = append(cases, c)
	}
	for _, pkg := range sortedKeys(run.pkgs) {
		p := run.pkgs[pkg]
		if p.status == Fail && !failedIn[pkg] {
			cases = append(cases, Case{Name: pkg, Status: Fail, Failure: goFailure(p.out.String())})
		}
	}
	return cases
}

// timedOut are the packages whose test binary go test's -timeout stopped
// (its panic, printed under the test that was running or the package).
// Each package has a binary of its own, so a time limit in one stops no
// test of another.
func (run *goRun) timedOut() map[string]bool {
	out := map[string]bool{}
	says := func(st *goState) bool { return strings.Contains(st.out.String(), goTimeLimitPanic) }
	for k, st := range run.tests {
		if says(st) {
			out[k.pkg] = true
		}
	}
	for pkg, st := range run.pkgs {
		if says(st) {
			out[pkg] = true
		}
	}
	return out
}

// goTimeLimitPanic starts the line go test's -timeout prints under the
// test that was running when it stopped the binary.
const goTimeLimitPanic = "panic: test timed out after "

// endedByTimeLimit puts the time limit's panic first in a cut-off test's
// failure when the test's output holds it: that test was running when the
// limit fired, and a test that printed a lot before (go-cmp's diff tests
// under their debug tag draw every step) would otherwise show only its
// first lines, which say nothing of what ended it.
func endedByTimeLimit(out, failure string) string {
	i := strings.Index(out, goTimeLimitPanic)
	if i < 0 || strings.Contains(failure, goTimeLimitPanic) {
		return failure
	}
	line, _, _ := strings.Cut(out[i:], "\n")
	keep := []string{strings.TrimSpace(line)}
	for _, l := range strings.Split(failure, "\n") {
		if len(keep) == failureLines {
			break
		}
		if l != "" {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// goNoise are go test's own framing lines, not what a test said.
var goNoise = lazyregexp.New(`^\s*(=== (RUN|PAUSE|CONT|NAME)|--- (PASS|FAIL|SKIP):|PASS$|FAIL$|ok\s|FAIL\s|exit status \d+$)`)

// goFailure keeps the first lines a failing test printed, without go's
// framing.
func goFailure(s string) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) == "" || goNoise().MatchString(l) {
			continue
		}
		keep = append(keep, strings.TrimSpace(l))
		if len(keep) == failureLines {
			break
		}
	}
	return strings.Join(keep, "\n")
}

var (
	goResultLine = lazyregexp.New(`^--- (PASS|FAIL|SKIP): (\S+)`)
	goPkgLine    = lazyregexp.New(`^(ok|FAIL|\?)\s+\S+\s+(\(cached\)|[\d.]+s|\[[^\]]+\])`)
	goPkgFail    = lazyregexp.New(`^FAIL\s+\S+\s+\[(build|setup) failed\]`)
	goRunLine    = lazyregexp.New(`^=== RUN\s+`)
)

// parseGoText reads go test's text output. With -v every test is named;
// without it only failures are, and a package's "ok" line hides how many
// tests passed: Partial is then set and Run and Passed are lower bounds.
func parseGoText(out []byte) (Results, bool) {
	ls := lines(out)
	var r Results
	sawResult, sawPkg, verbose, hiddenPasses := false, false, false, false
	var started []string // top-level tests in "=== RUN" order
	panicLine := ""
	for i, l := range ls {
		if panicLine == "" && strings.HasPrefix(l, "panic: ") {
			panicLine = l
		}
		// Every line go's framing writes starts with one of these; the
		// rest (tests' logs) is not run through the patterns.
		if l == "" || !(l[0] == '-' || l[0] == '=' || l[0] == 'o' || l[0] == 'F' || l[0] == '?') {
			continue
		}
		if goRunLine().MatchString(l) {
			verbose = true
			if name := strings.TrimSpace(l[len("=== RUN"):]); !strings.Contains(name, "/") {
				started = append(started, name)
			}
		}
		if m := goResultLine().FindStringSubmatch(l); m != nil {
			sawResult = true
			if strings.Contains(m[2], "/") {
				continue // a subtest: its parent reports it (test2json un-indents them)
			}
			c := Case{Name: m[2], Status: goStatus(m[1])}
			if c.Status == Fail {
				c.Failure = indentedAfter(ls, i)
				if c.Failure == "" {
					c.Failure = loggedBefore(ls, i, m[2])
				}
			}
			r.Cases = append(r.Cases, c)
			continue
		}
		if goPkgFail().MatchString(l) {
			sawPkg = true
			f := strings.Fields(l)
			r.Cases = append(r.Cases, Case{Name: f[1], Status: Fail, Failure: strings.Join(f[2:], " ")})
			continue
		}
		if goPkgLine().MatchString(l) {
			sawPkg = true
			if strings.HasPrefix(l, "ok") && !strings.Contains(l, "[no tests to run]") {
				hiddenPasses = true
			}
		}
	}
	if !sawResult && !sawPkg {
		return Results{}, false
	}
	// A test that started and never reported died with its binary (a
	// panic, a -timeout): it failed.
	ended := map[string]bool{}
	for _, c := range r.Cases {
		ended[c.Name] = true
	}
	for _, name := range started {
		if !ended[name] {
			ended[name] = true
			r.Cases = append(r.Cases, Case{Name: name, Status: Fail, Failure: panicLine})
		}
	}
	finish(&r)
	// A passing package without -v prints no --- PASS lines.
	if hiddenPasses && !verbose {
		r.Partial = true
	}
	return r, true
}

func goStatus(s string) Status {
	switch s {
	case "PASS":
		return Pass
	case "SKIP":
		return Skip
	}
	return Fail
}

// indentedAfter keeps the first indented lines after line i: what go
// prints under a "--- FAIL" line.
func indentedAfter(ls []string, i int) string {
	var keep []string
	for _, l := range ls[i+1:] {
		if !strings.HasPrefix(l, "    ") && !strings.HasPrefix(l, "\t") {
			break
		}
		t := strings.TrimSpace(l)
		if t == "" || goNoise().MatchString(l) {
			continue
		}
		keep = append(keep, t)
		if len(keep) == failureLines {
			break
		}
	}
	return strings.Join(keep, "\n")
}

// loggedBefore keeps what test name logged between its "=== RUN" line and
// line i (go test -v prints a test's log before its verdict).
func loggedBefore(ls []string, i int, name string) string {
	start := -1
	for j := i - 1; j >= 0; j-- {
		if strings.TrimSpace(strings.TrimPrefix(ls[j], "=== RUN")) == name && strings.HasPrefix(ls[j], "=== RUN") {
			start = j
			break
		}
	}
	if start < 0 {
		return ""
	}
	var keep []string
	for _, l := range ls[start+1 : i] {
		t := strings.TrimSpace(l)
		if t == "" || goNoise().MatchString(l) {
			continue
		}
		keep = append(keep, t)
		if len(keep) == failureLines {
			break
		}
	}
	return strings.Join(keep, "\n")
}
