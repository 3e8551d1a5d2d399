package testresults

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// summaries are the parsers table's summary entries, by format.
var summaries = map[Format]summary{
	FormatNextest:  nextestText,
	FormatCargo:    cargoText,
	FormatPytest:   pytestText,
	FormatNodeSpec: nodeSpecText,
	FormatJest:     jestText,
	FormatMaven:    mavenText,
	FormatJUnit4:   junitCoreText,
	FormatGradle:   gradleText,
	FormatRSpec:    rspecText,
	FormatMinitest: minitestText,
	FormatPHPUnit:  phpunitText,
	FormatCTest:    ctestText,
}

// TestSummaryPatterns compiles every pattern of the summaries (lazyregexp
// compiles them on first use only) and checks their groups are named as
// the engine reads them: a misspelt count would go uncounted, silently.
func TestSummaryPatterns(t *testing.T) {
	t.Parallel()
	counts := []string{"", string(total), string(ran), string(passed), string(failed), string(skipped)}
	for format, s := range summaries {
		t.Run(string(format), func(t *testing.T) {
			t.Parallel()
			switch ts := s.totals.(type) {
			case totalsLines:
				require.NotEmpty(t, ts.shapes)
				for _, shape := range ts.shapes {
					assert.Subset(t, counts, shape.re().SubexpNames(), shape.re().String())
					if shape.words != nil {
						checkWords(t, *shape.words)
					}
				}
			case countLines:
				checkWords(t, ts.wordCounts)
			default:
				t.Fatalf("totals of type %T", ts)
			}
			c := s.cases
			line := c.line()
			assert.Subset(t, []string{"", "name", "class", "status", "gist"}, line.SubexpNames(), line.String())
			assert.Equal(t, line.SubexpIndex("status") >= 0, c.statuses != nil, "%s: a status group is read by statuses", line)
			namer := line
			if c.nameBelow != nil {
				namer = c.nameBelow()
			}
			assert.GreaterOrEqual(t, namer.SubexpIndex("name"), 0, "%s names no test", namer)
			for _, p := range []pattern{c.region.from, c.region.open, c.region.close} {
				if p != nil {
					p()
				}
			}
			if c.under != nil {
				compile(c.under.endAt)
			}
		})
	}
	checkWords(t, tapTotals.wordCounts)
	for _, s := range []sections{{heading: cargoSection}, {heading: nextestOutput}, {heading: rspecHeading}} {
		assert.GreaterOrEqual(t, s.heading().SubexpIndex("name"), 0, s.heading().String())
	}
}

func checkWords(t *testing.T, w wordCounts) {
	t.Helper()
	re := w.re()
	assert.GreaterOrEqual(t, re.SubexpIndex("n"), 0, re.String())
	assert.GreaterOrEqual(t, re.SubexpIndex("word"), 0, re.String())
	assert.NotEmpty(t, w.as, re.String())
}

func compile(ps []pattern) []*regexp.Regexp {
	var out []*regexp.Regexp
	for _, p := range ps {
		out = append(out, p())
	}
	return out
}

// TestSummaryRules pins what the summaries' rules are for: the tools'
// habits the table spells out.
func TestSummaryRules(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, out                    string
		format                       Format
		run, passed, failed, skipped int
		names, gists                 []string
	}{
		{"cargo adds one totals line per test binary",
			"test a ... FAILED\ntest b ... ok\ntest result: FAILED. 1 passed; 1 failed; 1 ignored; 0 measured; 0 filtered out\ntest result: ok. 2 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out\n",
			FormatCargo, 4, 3, 1, 1, []string{"a"}, []string{""}},
		{"nextest: the first section with text, each status line once",
			"        FAIL [   0.004s] tr t::b\n--- STDOUT:              tr t::b ---\n\nrunning 1 test\n--- STDERR:              tr t::b ---\npanicked here\n\n     SIGSEGV [   0.001s] tr t::c\n     Summary [   0.010s] 2 tests run: 0 passed, 1 failed, 1 timed out, 2 skipped\n        FAIL [   0.004s] tr t::b\n     SIGSEGV [   0.001s] tr t::c\n",
			FormatNextest, 2, 0, 2, 2, []string{"tr t::b", "tr t::c"}, []string{"panicked here", ""}},
		{"ctest: no tests found leaves the totals",
			"67% tests passed, 1 tests failed out of 3\nThe following tests FAILED:\n\t  2 - add_bad (SEGFAULT)\nErrors while running CTest\nNo tests were found!!!\n",
			FormatCTest, 3, 2, 1, 0, []string{"add_bad"}, []string{"SEGFAULT"}},
		{"phpunit: failures and errors, not risky tests",
			"There was 1 error:\n\n1) A::b\nboom\n\nThere was 1 risky test:\n\n1) A::d\nrisky\n\nTests: 3, Assertions: 3, Errors: 1, Risky: 1, Skipped: 1.\n",
			FormatPHPUnit, 2, 1, 1, 1, []string{"A::b"}, []string{"boom"}},
		{"jest: a suite that failed to run is no test",
			"  ● Test suite failed to run\n\n    Cannot find module\n\n  ● sum › adds\n\n    expect(received).toBe(expected)\n\n      at Object.<anonymous> (sum.test.js:3:20)\n\nTests:       1 failed, 1 todo, 1 passed, 3 total\n",
			FormatJest, 2, 1, 1, 1, []string{"sum › adds"}, []string{"expect(received).toBe(expected)"}},
		{"pytest: what follows the totals line is not read",
			"____ test_a ____\nE   assert 1 == 2\nFAILED t.py::test_a - AssertionError\n==== 1 failed, 1 passed, 1 xfailed in 0.10s ====\nFAILED t.py::test_later\n",
			FormatPytest, 2, 1, 1, 1, []string{"t.py::test_a"}, []string{"assert 1 == 2"}},
		{"minitest: the name is under the heading",
			"  1) Error:\nTestCalc#test_err [calc_test.rb:9]:\nRuntimeError: boom\n\n2 runs, 2 assertions, 0 failures, 1 errors, 0 skips\n",
			FormatMinitest, 2, 1, 1, 0, []string{"TestCalc#test_err"}, []string{"RuntimeError: boom"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := Parse([]byte(tt.out))
			assert.Equal(t, tt.format, r.Format)
			assert.Equal(t, [4]int{tt.run, tt.passed, tt.failed, tt.skipped}, [4]int{r.Run, r.Passed, r.Failed, r.Skipped}, "run, passed, failed, skipped")
			assert.Equal(t, tt.names, r.FailedNames())
			var gists []string
			for _, c := range r.Failures() {
				gists = append(gists, c.Failure)
			}
			assert.Equal(t, tt.gists, gists)
		})
	}
}
