package gates

import (
	"fmt"
	"sort"
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
// or the spec's names).
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
}

// ClassifyRed judges the RED gate: the head's new or changed tests
// (claimed) run against the base's code must fail — or fail to build only
// because the code under test is missing. A claimed test that passes there
// proves nothing (vanity), unless guards names it as a regression guard.
func ClassifyRed(claimed []string, base Outcome, guards map[string]bool) Result {
	r := Result{Gate: Red}
	switch {
	case len(claimed) == 0:
		r.Classification, r.Reason = RejectFailure, "the change adds or changes no test: nothing can be red"
	case base.BuildFailed && base.MissingOnly:
		r.Classification, r.Reason, r.Tests = Accept, "on the base the tests do not build because the code under test is missing", claimed
	case base.BuildFailed:
		r.Classification, r.Reason = RejectSyntax, "the tests do not compile or import on the base for another reason than missing code"
	default:
		var vanity, red []string
		for _, name := range claimed {
			switch base.Tests[name] {
			case "pass":
				if !guards[name] {
					vanity = append(vanity, name)
				}
			case "fail":
				red = append(red, name)
			}
		}
		switch {
		case len(vanity) > 0:
			r.Classification, r.Tests = RejectVanity, vanity
			r.Reason = fmt.Sprintf("%d new or changed tests already pass without the change: %s", len(vanity), strings.Join(vanity, ", "))
		case len(red) == 0:
			r.Classification = RejectFailure
			r.Reason = "none of the new or changed tests ran and failed on the base"
		default:
			r.Classification, r.Tests = Accept, red
			r.Reason = fmt.Sprintf("%d new or changed tests fail on the base", len(red))
		}
	}
	return r
}

// ClassifyGreen judges the GREEN gate: at head, every claimed test passes.
// It returns FAIL_TO_PASS too: the claimed tests that were red on the base
// (failed, or could not build there) and pass at head.
func ClassifyGreen(claimed []string, base, head Outcome) (Result, []string) {
	r := Result{Gate: Green}
	if head.BuildFailed {
		r.Classification, r.Reason = RejectSyntax, "the tests do not compile or import at head"
		return r, nil
	}
	var failing, failToPass []string
	for _, name := range claimed {
		if head.Tests[name] != "pass" {
			failing = append(failing, name)
			continue
		}
		if base.BuildFailed || base.Tests[name] == "fail" {
			failToPass = append(failToPass, name)
		}
	}
	switch {
	case len(failing) > 0:
		r.Classification, r.Tests = RejectFailure, failing
		r.Reason = fmt.Sprintf("%d new or changed tests do not pass at head: %s", len(failing), strings.Join(failing, ", "))
	case head.TimedOut || (head.ExitCode != 0 && len(claimed) == 0):
		r.Classification, r.Reason = RejectFailure, "the test command failed at head"
	default:
		r.Classification, r.Reason = Accept, fmt.Sprintf("all %d new or changed tests pass at head", len(claimed))
	}
	return r, failToPass
}

// ClassifyRefactor judges the REFACTOR gate: the base's versions of the
// tests that existed before (passToPass: tests that passed on the base)
// run against the head's code and must all still pass, and no existing
// test may have been weakened. It returns the broken tests.
func ClassifyRefactor(passToPass []string, head Outcome, tampered []Tamper) (Result, []string) {
	r := Result{Gate: Refactor}
	if head.BuildFailed {
		r.Classification, r.Reason = RejectSyntax, "the base's tests do not compile or import against the head's code"
		return r, nil
	}
	var broken []string
	for _, name := range passToPass {
		if s, ok := head.Tests[name]; ok && s != "pass" && s != "skip" {
			broken = append(broken, name)
		}
	}
	sort.Strings(broken)
	switch {
	case len(tampered) > 0:
		var names []string
		for _, t := range tampered {
			names = append(names, t.Test+" ("+t.How+")")
		}
		r.Classification, r.Tests = RejectFailure, append(names[:0:0], names...)
		r.Reason = "existing tests were weakened by the change: " + strings.Join(names, ", ")
	case len(broken) > 0:
		r.Classification, r.Tests = RejectFailure, broken
		r.Reason = fmt.Sprintf("%d tests that passed on the base fail at head: %s", len(broken), strings.Join(broken, ", "))
	case head.TimedOut:
		r.Classification, r.Reason = RejectFailure, "the suite timed out at head"
	default:
		r.Classification, r.Reason = Accept, fmt.Sprintf("all %d tests that passed on the base still pass", len(passToPass))
	}
	return r, broken
}

// ClassifyImplement judges the IMPLEMENT gate: the static checks exit 0.
func ClassifyImplement(o Outcome) Result {
	if o.ExitCode == 0 && !o.TimedOut {
		return Result{Gate: Implement, Classification: Accept, Reason: "static checks pass"}
	}
	return Result{Gate: Implement, Classification: RejectFailure, Reason: fmt.Sprintf("static checks failed (exit %d)", o.ExitCode)}
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
