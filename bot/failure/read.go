package failure

import (
	"fmt"

	"github.com/engineo/autoverify/bot/testresults"
)

// Reading is the verdict on one command's run: whether it passed, why
// not, and the tests it ran.
type Reading struct {
	Passed bool
	// Type is empty on a pass.
	Type Type
	// Rule names the rule that decided Type (see Explain).
	Rule string
	// Reason is set when the exit code alone would have passed the
	// command: a test command that ran no tests.
	Reason string
	// Tests are the per-test results read from the whole output
	// (FormatUnknown when the tool's output was not recognised).
	Tests testresults.Results
}

// NoTestsRan is the Reading.Rule of a test command that exited as
// required but ran no test.
const NoTestsRan = "no tests ran"

// Passes says whether the command did what its check wanted: exited
// wantExit within its time.
func (f Failure) Passes(wantExit int) bool {
	return !f.TimedOut && f.ExitCode == wantExit
}

// Read judges a run against the exit code its check requires. A command
// passes when it exited as required and was not killed, except a test
// command that exited 0 having run no tests (none found, all filtered out
// or all skipped): it proves nothing, so it fails as a TEST_FAILURE with a
// reason saying so (SWE-bench's SUITE_RAN).
func Read(f Failure, wantExit int) Reading {
	var r Reading
	if f.Tests != nil {
		r.Tests = *f.Tests
	} else {
		r.Tests = testresults.Parse(f.Output)
	}
	r.Passed = f.Passes(wantExit)
	if r.Passed {
		if wantExit == 0 && testresults.NoTestsRan(f.Argv, r.Tests) {
			r.Passed, r.Type, r.Rule = false, TestFailure, NoTestsRan
			r.Reason = "the test command exited 0 but ran no tests"
			if r.Tests.Skipped > 0 {
				r.Reason = fmt.Sprintf("the test command exited 0 but ran no tests (%d skipped)", r.Tests.Skipped)
			}
		}
		return r
	}
	r.Type, r.Rule = Explain(f)
	return r
}
