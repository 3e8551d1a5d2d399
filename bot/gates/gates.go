package gates

import (
	"fmt"
	"strings"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

// Gate is one of the spec's gates.
type Gate string

// The gates, as the spec spells them.
const (
	Red       Gate = "VERIFY_RED"
	Green     Gate = "VERIFY_GREEN"
	Refactor  Gate = "VERIFY_REFACTOR"
	Implement Gate = "VERIFY_IMPLEMENT"
)

// ParseGate reads a story's GATE= value (red, green, refactor, implement,
// mutate, or the spec's names).
func ParseGate(s string) (Gate, bool) {
	switch strings.ToUpper(strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(s)), "VERIFY_")) {
	case "RED":
		return Red, true
	case "GREEN":
		return Green, true
	case "REFACTOR":
		return Refactor, true
	case "IMPLEMENT":
		return Implement, true
	case "MUTATE":
		return Mutate, true
	}
	return "", false
}

// Classification is a gate's verdict, as the spec names them.
type Classification string

// The classifications.
const (
	Accept        Classification = "accept"
	RejectVanity  Classification = "reject_vanity"
	RejectSyntax  Classification = "reject_syntax"
	RejectFailure Classification = "reject_failure"
)

// Outcome is what one run of a test command showed, as the gates need it.
type Outcome struct {
	ExitCode int
	TimedOut bool
	// Tests are per-test results by name: "pass", "fail" or "skip".
	Tests map[string]string
	// BuildFailed is set when the tests did not compile or import at all;
	// MissingOnly when every such error names something the code under
	// test does not define yet (Go's "undefined: X", Python's "cannot
	// import name" / "has no attribute"): on the base that is how a test
	// of new code is red.
	BuildFailed, MissingOnly bool
}

// Build errors that only say something is not defined: the code under
// test is missing. Anything else (a syntax error) is the test's fault.
var (
	buildError    = lazyregexp.New(`(?m)(?:^\S+\.go:\d+:\d+: .+$|^(?:\w+\.)*\w*(?:Error|Exception): .+$|^# \S+$|setup failed|\[build failed\]|ERROR collecting|SyntaxError|IndentationError)`)
	missingSymbol = lazyregexp.New(`(?m)(?:undefined: \w+|has no field or method \w+|cannot import name '\w+'|has no attribute '\w+'|name '\w+' is not defined|No module named '[\w.]+')`)
	syntaxError   = lazyregexp.New(`(?m)(?:syntax error|SyntaxError|IndentationError|expected '[^']+', found|non-declaration statement)`)
)

// BuildFailure reads a test run's output for a failure to build or import
// the tests: failed (the tests never ran) and missingOnly (every error
// names something undefined, nothing is malformed).
func BuildFailure(output string, tests map[string]string) (failed, missingOnly bool) {
	if syntaxError().MatchString(output) {
		return true, false
	}
	if len(tests) > 0 {
		return false, false // tests ran: whatever failed, it built
	}
	if missingSymbol().MatchString(output) {
		return true, true
	}
	return buildError().MatchString(output), false
}

// Result is one gate's verdict with what it found.
type Result struct {
	Gate           Gate
	Classification Classification
	// Reason says why, in one line.
	Reason string
	// Tests are the test names the verdict rests on (vanity, broken,
	// failing, tampered).
	Tests []string
	// Setup says the gate judged nothing of the change: a command it rests
	// on could not run at all, for the environment's reason (a dependency
	// it could not download, a tool not installed). Its rejection is the
	// setup's to mend (ENV_ERROR), not the change's.
	Setup bool
}

// ClassifyRed judges the RED gate: the change's claimed tests (new,
// changed, and those claimed through data) run against the base's code
// (red: the head's versions there) must show the change is needed. It
// accepts when at least one fails there — or could not build only because
// the code under test is missing; new tests that pass beside it are
// guards. It rejects as vanity when none does and some prove nothing
// (see Traces.Lists), and as a failure when there is nothing to be red.
func ClassifyRed(ts Traces, red Outcome) Result {
	r := Result{Gate: Red}
	claimed, reds := 0, []string(nil)
	for _, n := range sortedNames(ts) {
		if t := ts[n]; t.claimed() {
			claimed++
			if t.red() {
				reds = append(reds, n)
			}
		}
	}
	switch {
	case claimed == 0:
		r.Classification, r.Reason = RejectFailure, "the change adds or changes no test: nothing can be red"
	case red.BuildFailed && !red.MissingOnly:
		r.Classification, r.Reason = RejectSyntax, "the tests do not compile or import on the base for another reason than missing code"
	case len(reds) > 0:
		r.Classification, r.Tests = Accept, reds
		r.Reason = fmt.Sprintf("%d new or changed tests fail on the base", len(reds))
		if red.BuildFailed && len(red.Tests) == 0 {
			r.Reason = "on the base the tests do not build because the code under test is missing"
		}
		if g := ts.Lists().Guards; len(g) > 0 {
			r.Reason += fmt.Sprintf("; %d pass there too, as guards: %s", len(g), strings.Join(g, ", "))
		}
	default:
		if v := ts.Lists().Vanity; len(v) > 0 {
			r.Classification, r.Tests = RejectVanity, v
			r.Reason = fmt.Sprintf("%d new or changed tests already pass (or are skipped) without the change, and none fails: %s", len(v), strings.Join(v, ", "))
			return r
		}
		r.Classification = RejectFailure
		r.Reason = "none of the new or changed tests ran and failed on the base"
	}
	return r
}

// ClassifyGreen judges the GREEN gate: at head, every new and changed test
// (and every test claimed through data that was red) passes, and the head
// builds: head.BuildFailed, or newlyUnbuilt — what the tool says does not
// build at head but did on the base — is a syntax rejection.
func ClassifyGreen(ts Traces, head Outcome, newlyUnbuilt []string) Result {
	r := Result{Gate: Green}
	if head.BuildFailed || len(newlyUnbuilt) > 0 {
		r.Classification, r.Reason, r.Tests = RejectSyntax, "the tests do not compile or import at head", newlyUnbuilt
		if len(newlyUnbuilt) > 0 {
			r.Reason += ": " + strings.Join(newlyUnbuilt, ", ")
		}
		return r
	}
	proof := ts.proof()
	var failing []string
	for _, name := range proof {
		if ts[name].Green != Pass {
			failing = append(failing, name)
		}
	}
	switch {
	case len(failing) > 0:
		r.Classification, r.Tests = RejectFailure, failing
		r.Reason = fmt.Sprintf("%d new or changed tests do not pass at head: %s", len(failing), strings.Join(failing, ", "))
	case head.TimedOut || (head.ExitCode != 0 && len(proof) == 0):
		r.Classification, r.Reason = RejectFailure, "the test command failed at head"
	default:
		r.Classification, r.Reason = Accept, fmt.Sprintf("all %d new or changed tests pass at head", len(proof))
	}
	return r
}

// ClassifyRefactor judges the REFACTOR gate: the base's versions of the
// tests that passed on the base run against the head's code (after) and
// must all still pass; no existing test may have been weakened
// (tampered), nor had its expectation rewritten (rewritten: a behaviour
// change a person must accept, not the gates).
func ClassifyRefactor(ts Traces, after Outcome) Result {
	r := Result{Gate: Refactor}
	if after.BuildFailed {
		r.Classification, r.Reason = RejectSyntax, "the base's tests do not compile or import against the head's code"
		return r
	}
	l := ts.Lists()
	var why []string
	if len(l.Tampered) > 0 {
		var names []string
		for _, t := range ts.Weakened() {
			names = append(names, t.Test+" ("+t.How+")")
		}
		r.Tests = append(r.Tests, names...)
		why = append(why, "existing tests were weakened by the change: "+strings.Join(names, ", "))
	}
	if len(l.Rewritten) > 0 {
		r.Tests = append(r.Tests, l.Rewritten...)
		why = append(why, fmt.Sprintf("the change rewrites what %d existing tests expect (their base versions fail at head): %s", len(l.Rewritten), strings.Join(l.Rewritten, ", ")))
	}
	if len(l.Broken) > 0 {
		r.Tests = append(r.Tests, l.Broken...)
		why = append(why, fmt.Sprintf("%d tests that passed on the base fail at head: %s", len(l.Broken), strings.Join(l.Broken, ", ")))
	}
	passed := 0
	for _, t := range ts {
		if t.Before == Pass {
			passed++
		}
	}
	switch {
	case len(why) > 0:
		r.Classification, r.Reason = RejectFailure, strings.Join(why, "; ")
	case after.TimedOut:
		r.Classification, r.Reason = RejectFailure, "the suite timed out at head"
	default:
		r.Classification, r.Reason = Accept, fmt.Sprintf("all %d tests that passed on the base still pass", passed)
	}
	return r
}

// Variables are the spec's gate variables.
var Variables = []string{"mission_id", "worktree_dir", "test_file", "test_dir", "ac_index", "ac_title", "surface_area", "project_root"}

var varRef = lazyregexp.New(`\{(\w+)\}`)

// Substitute replaces {name} in each word of argv with vars[name]. An
// unknown name is an error naming it; a known one without a value becomes
// "". Values are inserted as data: argv is never handed to a shell, so a
// value with spaces or ";" stays one word's text.
func Substitute(argv []string, vars map[string]string) ([]string, error) {
	known := map[string]bool{}
	for _, v := range Variables {
		known[v] = true
	}
	out := make([]string, len(argv))
	for i, w := range argv {
		var err error
		out[i] = varRef().ReplaceAllStringFunc(w, func(m string) string {
			name := m[1 : len(m)-1]
			if !known[name] {
				err = fmt.Errorf("unknown gate variable {%s}; known: {%s}", name, strings.Join(Variables, "}, {"))
				return m
			}
			return vars[name]
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Slug is the spec's URL-safe form of an acceptance criterion's title
// ({ac_title}).
func Slug(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(title) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}
