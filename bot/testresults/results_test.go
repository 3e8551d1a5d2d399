package testresults

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseRealOutputs reads what real tools printed (testdata/, recorded
// from the tools installed here: go 1.26, pytest 7, Python 3.11 unittest,
// node 20, cargo 1.9x, RSpec 3, minitest 5, PHPUnit 9, CTest 3.25, bats 1.8,
// JUnit 4.13) for small suites with known passes, failures and skips.
func TestParseRealOutputs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file                         string
		format                       Format
		run, passed, failed, skipped int
		names                        []string
		gist                         string // in the first failure's text
	}{
		{"go-json.txt", FormatGoJSON, 4, 2, 2, 1, []string{"TestFail", "TestSub"}, "got 1, want 2"},
		{"go-verbose.txt", FormatGoText, 4, 2, 2, 1, []string{"TestFail", "TestSub"}, "got 1, want 2"},
		{"pytest.txt", FormatPytest, 3, 1, 2, 1, []string{"tests/test_a.py::test_fail", "tests/test_a.py::TestK::test_method_fail"}, "AssertionError: math is broken"},
		{"pytest-q.txt", FormatPytest, 3, 1, 2, 1, []string{"tests/test_a.py::test_fail", "tests/test_a.py::TestK::test_method_fail"}, "math is broken"},
		{"pytest-junit.xml", FormatJUnit, 3, 1, 2, 1, []string{"tests.test_a.test_fail", "tests.test_a.TestK.test_method_fail"}, "AssertionError: math is broken"},
		{"unittest.txt", FormatUnittest, 3, 1, 2, 1, []string{"test_u.T.test_err", "test_u.T.test_bad"}, "ValueError: boom"},
		{"node-tap.txt", FormatTAP, 4, 2, 2, 1, []string{"breaks", "inner bad"}, "2 !== 3"},
		{"node-spec.txt", FormatNodeSpec, 4, 2, 2, 1, []string{"breaks", "inner bad"}, "2 !== 3"},
		{"cargo.txt", FormatCargo, 2, 1, 1, 1, []string{"tests::breaks"}, "left: 2"},
		{"rspec.txt", FormatRSpec, 2, 1, 1, 1, []string{"Calc adds"}, "expected: 3"},
		{"minitest.txt", FormatMinitest, 3, 1, 2, 1, []string{"TestCalc#test_err", "TestCalc#test_add"}, "RuntimeError: boom"},
		{"phpunit.txt", FormatPHPUnit, 2, 1, 1, 1, []string{"CalcTest::testAdd"}, "Failed asserting that 2 is identical to 3."},
		{"ctest.txt", FormatCTest, 3, 2, 1, 0, []string{"add_bad"}, "Failed"},
		{"bats.txt", FormatTAP, 2, 1, 1, 1, []string{"breaks"}, "-eq 3"},
		{"junit4.txt", FormatJUnit4, 2, 1, 1, 0, []string{"CalcTest.testAdd"}, "expected:<3> but was:<2>"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			raw, err := os.ReadFile(filepath.Join("testdata", tt.file))
			require.NoError(t, err)
			var r Results
			if filepath.Ext(tt.file) == ".xml" {
				r, err = ParseJUnit(raw)
				require.NoError(t, err)
			} else {
				r = Parse(raw)
			}
			assert.Equal(t, tt.format, r.Format)
			assert.Equal(t, [4]int{tt.run, tt.passed, tt.failed, tt.skipped}, [4]int{r.Run, r.Passed, r.Failed, r.Skipped}, "run, passed, failed, skipped")
			assert.Equal(t, tt.names, r.FailedNames())
			require.NotEmpty(t, r.Failures())
			assert.Contains(t, r.Failures()[0].Failure, tt.gist)
			assert.False(t, r.Partial)
		})
	}
}

func TestGoTextWithoutVerboseIsPartial(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("testdata/go-plain.txt")
	require.NoError(t, err)
	r := Parse(raw)
	assert.Equal(t, FormatGoText, r.Format)
	// Without -v, go names only failures; the passing package hides its count.
	assert.Equal(t, []string{"TestFail", "TestSub"}, r.FailedNames())
	assert.Equal(t, 2, r.Failed)
	assert.Contains(t, r.Failures()[0].Failure, "got 1, want 2")
	assert.Contains(t, r.Failures()[1].Failure, "sub broke")

	ok := Parse([]byte("ok  \texample.com/x\t0.002s\n"))
	assert.True(t, ok.Partial)
	assert.Equal(t, "tests passed (the tool did not count them)", ok.Summary(3))
}

func TestTextOfRestoresGoText(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("testdata/go-json.txt")
	require.NoError(t, err)
	text := TextOf(raw, true)
	assert.Contains(t, string(text), "    a_test.go:6: got 1, want 2\n--- FAIL: TestFail (0.00s)\n")
	assert.NotContains(t, string(text), `"Action"`)
	// Read again as text, the counts agree with the JSON's.
	r := Parse(text)
	assert.Equal(t, []string{"TestFail", "TestSub"}, r.FailedNames())
	plain := []byte("no json here\n")
	assert.Equal(t, plain, TextOf(plain, false))
	// A stderr line between events is kept.
	mixed := []byte("{\"Action\":\"output\",\"Output\":\"a\\n\"}\n# pkg\nx.go:1:1: undefined: y\n{\"Action\":\"output\",\"Output\":\"b\\n\"}\n")
	assert.Equal(t, "a\n# pkg\nx.go:1:1: undefined: y\nb\n", string(TextOf(mixed, false)))
	// Without -v, only failing tests' lines are kept, as go test prints.
	quiet := string(TextOf(raw, false))
	assert.Contains(t, quiet, "a_test.go:6: got 1, want 2\n--- FAIL: TestFail (0.00s)\n")
	assert.Contains(t, quiet, "sub broke")
	assert.NotContains(t, quiet, "TestPass")
	assert.NotContains(t, quiet, "=== RUN")
	assert.Contains(t, quiet, "FAIL\texample.com/tr\t")
}

func TestParseZeroTests(t *testing.T) {
	t.Parallel()
	for name, out := range map[string]string{
		"go no test files":   "?   \texample.com/x\t[no test files]\n",
		"go no tests to run": "testing: warning: no tests to run\nPASS\nok  \texample.com/x\t0.002s [no tests to run]\n",
		"go json no tests":   `{"Action":"start","Package":"p"}` + "\n" + `{"Action":"output","Package":"p","Output":"PASS\n"}` + "\n" + `{"Action":"pass","Package":"p"}` + "\n",
		"pytest":             "============================ no tests ran in 0.01s =============================\n",
		"unittest":           "\n----------------------------------------------------------------------\nRan 0 tests in 0.000s\n\nNO TESTS RAN\n",
		"node tap":           "TAP version 13\n1..0\n# tests 0\n# suites 0\n# pass 0\n# fail 0\n",
		"cargo":              "running 0 tests\n\ntest result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n",
		"jest":               "Tests:       0 total\n",
		"phpunit":            "No tests executed!\n",
		"ctest":              "No tests were found!!!\n",
	} {
		r := Parse([]byte(out))
		assert.True(t, r.Known(), name)
		assert.Zero(t, r.Run, name)
		assert.False(t, r.Partial, name)
		assert.Equal(t, "no tests ran", r.Summary(3), name)
	}
}

func TestParseDocumentedFormats(t *testing.T) {
	t.Parallel()
	// Tools not installable offline here (Maven's plugins, Gradle, jest,
	// nextest): their documented output shapes.
	tests := []struct {
		name, out                    string
		format                       Format
		run, passed, failed, skipped int
		names                        []string
	}{
		{"maven surefire 3", "[INFO] Running com.x.AppTest\n[ERROR] Tests run: 3, Failures: 1, Errors: 0, Skipped: 1, Time elapsed: 0.02 s <<< FAILURE! -- in com.x.AppTest\n[ERROR] com.x.AppTest.testAdd -- Time elapsed: 0.005 s <<< FAILURE!\norg.opentest4j.AssertionFailedError: expected: <3> but was: <2>\n\tat com.x.AppTest.testAdd(AppTest.java:10)\n\n[INFO] Results:\n[INFO]\n[ERROR] Failures: \n[ERROR]   AppTest.testAdd:10 expected: <3> but was: <2>\n[INFO]\n[ERROR] Tests run: 3, Failures: 1, Errors: 0, Skipped: 1\n",
			FormatMaven, 2, 1, 1, 1, []string{"com.x.AppTest.testAdd"}},
		{"maven surefire 2", "[ERROR] testAdd(com.x.AppTest)  Time elapsed: 0.005 s  <<< FAILURE!\njava.lang.AssertionError: expected:<3> but was:<2>\n[ERROR] Tests run: 2, Failures: 1, Errors: 0, Skipped: 0\n",
			FormatMaven, 2, 1, 1, 0, []string{"com.x.AppTest.testAdd"}},
		{"gradle", "> Task :test FAILED\n\nAppTest > testAdd() FAILED\n    org.opentest4j.AssertionFailedError at AppTest.java:10\n\n3 tests completed, 1 failed, 1 skipped\n",
			FormatGradle, 2, 1, 1, 1, []string{"AppTest.testAdd()"}},
		{"jest", "FAIL ./sum.test.js\n  ● sum › adds\n\n    expect(received).toBe(expected)\n\n      at Object.<anonymous> (sum.test.js:3:20)\n\nTest Suites: 1 failed, 1 total\nTests:       1 failed, 1 skipped, 2 passed, 4 total\n",
			FormatJest, 3, 2, 1, 1, []string{"sum › adds"}},
		{"nextest", "    Starting 3 tests across 1 binary (1 test skipped)\n        PASS [   0.003s] tr tests::adds\n        FAIL [   0.004s] tr tests::breaks\n--- STDOUT:              tr tests::breaks ---\n\nrunning 1 test\nthread 'tests::breaks' panicked at src/lib.rs:6:27:\nassertion `left == right` failed\n------------\n     Summary [   0.010s] 2 tests run: 1 passed, 1 failed, 1 skipped\n        FAIL [   0.004s] tr tests::breaks\n",
			FormatNextest, 2, 1, 1, 1, []string{"tr tests::breaks"}},
	}
	for _, tt := range tests {
		r := Parse([]byte(tt.out))
		assert.Equal(t, tt.format, r.Format, tt.name)
		assert.Equal(t, [4]int{tt.run, tt.passed, tt.failed, tt.skipped}, [4]int{r.Run, r.Passed, r.Failed, r.Skipped}, tt.name)
		assert.Equal(t, tt.names, r.FailedNames(), tt.name)
	}
}

func TestParseUnknown(t *testing.T) {
	t.Parallel()
	for _, out := range []string{"", "hello\n", "error: something went wrong\n", "ok 1 looks like tap but has no plan\n"} {
		r := Parse([]byte(out))
		assert.False(t, r.Known(), out)
		assert.Equal(t, "", r.Summary(3))
	}
	_, err := ParseJUnit([]byte("<testsuite><testcase"))
	assert.ErrorContains(t, err, "JUnit XML")
}

func TestTAPDirectives(t *testing.T) {
	t.Parallel()
	// Perl's Test::More: "ok 4 # skip reason" has no description.
	r := Parse([]byte("1..4\nnot ok 1 - adds\nok 2 - subtracts\nnot ok 3 - lists\nok 4 # skip not yet\n"))
	assert.Equal(t, [4]int{3, 1, 2, 1}, [4]int{r.Run, r.Passed, r.Failed, r.Skipped})
	assert.Equal(t, []string{"adds", "lists"}, r.FailedNames())
	r = Parse([]byte("1..2\nok 1 - a # TODO later\nok 2 b\n"))
	assert.Equal(t, [4]int{1, 1, 0, 1}, [4]int{r.Run, r.Passed, r.Failed, r.Skipped})
}

func TestSummary(t *testing.T) {
	t.Parallel()
	r := Results{Format: FormatGoJSON, Run: 214, Passed: 211, Failed: 3, Cases: []Case{
		{Name: "TestA", Status: Fail}, {Name: "TestB", Status: Fail}, {Name: "TestC", Status: Fail}, {Name: "TestD", Status: Pass},
	}}
	assert.Equal(t, "3 of 214 tests failed: TestA, TestB, TestC", r.Summary(3))
	assert.Equal(t, "3 of 214 tests failed: TestA, TestB, …", r.Summary(2))
	r.Cases = r.Cases[:1]
	assert.Equal(t, "3 of 214 tests failed: TestA, …", r.Summary(3))
	assert.Equal(t, "1 test passed (2 skipped)", Results{Format: FormatPytest, Run: 1, Passed: 1, Skipped: 2}.Summary(3))
	assert.Equal(t, map[string]Status{"TestA": Fail}, r.Outcomes())
	dup := Results{Format: FormatTAP, Cases: []Case{{Name: "x", Status: Pass}, {Name: "x", Status: Fail}, {Name: "x", Status: Skip}}}
	assert.Equal(t, map[string]Status{"x": Fail}, dup.Outcomes())
}

func TestColouredOutput(t *testing.T) {
	t.Parallel()
	r := Parse([]byte("\x1b[31m--- FAIL: TestA (0.00s)\x1b[0m\r\n\x1b[1mFAIL\x1b[0m\texample.com/x\t0.01s\r\n"))
	assert.Equal(t, []string{"TestA"}, r.FailedNames())
}

// A -timeout stops its own package's test binary only: the tests it cut
// off are marked so (the failure reading does not hold them against the
// time limit), a test of another package that never ended is not.
func TestGoJSONCutOffIsTheTimedOutPackagesOnly(t *testing.T) {
	out := strings.Join([]string{
		`{"Action":"run","Package":"m/slow","Test":"TestPar"}`,
		`{"Action":"pause","Package":"m/slow","Test":"TestPar"}`,
		`{"Action":"run","Package":"m/slow","Test":"TestSlow"}`,
		`{"Action":"output","Package":"m/slow","Test":"TestSlow","Output":"panic: test timed out after 2s\n"}`,
		`{"Action":"fail","Package":"m/slow"}`,
		`{"Action":"run","Package":"m/exit","Test":"TestRun"}`,
		`{"Action":"output","Package":"m/exit","Output":"FAIL\tm/exit\t0.003s\n"}`,
		`{"Action":"fail","Package":"m/exit"}`,
	}, "\n") + "\n"
	r := Parse([]byte(out))
	require.Equal(t, FormatGoJSON, r.Format)
	cut := map[string]bool{}
	for _, c := range r.Cases {
		require.Equal(t, Fail, c.Status, c.Name)
		cut[c.Name] = c.CutOff
	}
	require.Equal(t, map[string]bool{"m/slow.TestPar": true, "m/slow.TestSlow": true, "m/exit.TestRun": false}, cut)
}

// go test -count=N runs each test N times in one binary and reports each
// run: a test that passed once and was running again when the -timeout
// stopped the binary never ended (cut off, with the panic in its output),
// and a test that failed in any run failed, whatever a later run said.
func TestGoJSONRepeatedRuns(t *testing.T) {
	out := strings.Join([]string{
		`{"Action":"run","Package":"m","Test":"TestSlow"}`,
		`{"Action":"output","Package":"m","Test":"TestSlow","Output":"--- PASS: TestSlow (3.00s)\n"}`,
		`{"Action":"pass","Package":"m","Test":"TestSlow","Elapsed":3}`,
		`{"Action":"run","Package":"m","Test":"TestSlow"}`,
		`{"Action":"output","Package":"m","Test":"TestSlow","Output":"panic: test timed out after 5s\n"}`,
		`{"Action":"run","Package":"m","Test":"TestFlip"}`,
		`{"Action":"output","Package":"m","Test":"TestFlip","Output":"    flip_test.go:9: got 1, want 2\n"}`,
		`{"Action":"fail","Package":"m","Test":"TestFlip"}`,
		`{"Action":"run","Package":"m","Test":"TestFlip"}`,
		`{"Action":"pass","Package":"m","Test":"TestFlip"}`,
		`{"Action":"fail","Package":"m","Elapsed":5.007}`,
	}, "\n") + "\n"
	r := Parse([]byte(out))
	require.Equal(t, FormatGoJSON, r.Format)
	require.Len(t, r.Cases, 2)
	slow, flip := r.Cases[0], r.Cases[1]
	assert.Equal(t, Fail, slow.Status)
	assert.True(t, slow.CutOff, "the second run never ended")
	assert.Contains(t, slow.Failure, "panic: test timed out after 5s")
	assert.Equal(t, Fail, flip.Status, "the first run failed")
	assert.False(t, flip.CutOff)
}

// A test that printed more than the failure's first lines before the
// -timeout stopped it (go-cmp's diff tests under their debug tag draw
// every step) keeps the time limit's panic first in its failure: the
// first lines alone say nothing of what ended it. A bystander cut off
// without the panic in its output keeps its own lines.
func TestGoJSONCutOffFailureNamesTheTimeLimit(t *testing.T) {
	lines := []string{`{"Action":"run","Package":"m","Test":"TestDraw"}`}
	for i := 0; i < 3*failureLines; i++ {
		lines = append(lines, fmt.Sprintf(`{"Action":"output","Package":"m","Test":"TestDraw/#%d","Output":"step %d\n"}`, i, i))
	}
	lines = append(lines,
		`{"Action":"output","Package":"m","Test":"TestDraw/#9","Output":"panic: test timed out after 20s\n"}`,
		`{"Action":"output","Package":"m","Test":"TestDraw/#9","Output":"\trunning tests:\n"}`,
		`{"Action":"run","Package":"m","Test":"TestOther"}`,
		`{"Action":"output","Package":"m","Test":"TestOther","Output":"waiting\n"}`,
		`{"Action":"fail","Package":"m","Elapsed":20.01}`)
	r := Parse([]byte(strings.Join(lines, "\n") + "\n"))
	require.Len(t, r.Cases, 2)
	draw, other := r.Cases[0], r.Cases[1]
	assert.True(t, draw.CutOff)
	first, _, _ := strings.Cut(draw.Failure, "\n")
	assert.Equal(t, "panic: test timed out after 20s", first)
	assert.Contains(t, draw.Failure, "step 0", "its own first lines follow")
	assert.LessOrEqual(t, strings.Count(draw.Failure, "\n")+1, failureLines)
	assert.True(t, other.CutOff)
	assert.Equal(t, "waiting", other.Failure)
}
