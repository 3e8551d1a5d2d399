package gates

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseGoTestJSON(t *testing.T) {
	t.Parallel()
	out := `# example.com/x
{"Action":"start","Package":"a"}
{"Action":"run","Package":"a","Test":"TestA"}
{"Action":"output","Package":"a","Test":"TestA","Output":"=== RUN   TestA\n"}
{"Action":"run","Package":"a","Test":"TestA/sub"}
{"Action":"fail","Package":"a","Test":"TestA/sub"}
{"Action":"pass","Package":"a","Test":"TestA"}
{"Action":"pass","Package":"a","Test":"TestB"}
{"Action":"skip","Package":"a","Test":"TestC"}
{"Action":"fail","Package":"b","Test":"TestB"}
{"Action":"build-output","ImportPath":"c","Output":"./c_test.go:3:2: undefined: Mul\n"}
{"Action":"fail","Package":"c"}
`
	r := ParseGoTestJSON([]byte(out))
	assert.Equal(t, map[string]string{"TestA": Pass, "TestB": Fail, "TestC": Skip}, r.Tests, "subtests fold into their parent; a name failing in any package fails")
	assert.Contains(t, r.Text, "# example.com/x\n")
	assert.Contains(t, r.Text, "=== RUN   TestA\n")
	assert.Contains(t, r.Text, "undefined: Mul")
	p, f, s := r.Count()
	assert.Equal(t, []int{1, 1, 1}, []int{p, f, s})
	assert.Equal(t, map[string]string{"TestB": Fail}, r.Only([]string{"TestB", "TestZ"}))
	assert.Empty(t, r.Flaky, "a pass in one package and a failure in another are two tests, not a flake")
}

// TestParseGoTestJSONRepeated: `go test -count=2` reports each run of a
// test; one that failed and passed on the same code is Flaky (and fails),
// one that failed twice is not, and a name two packages share is flaky
// only in the package where it flaked, once KeyByPackage names it so.
func TestParseGoTestJSONRepeated(t *testing.T) {
	t.Parallel()
	out := `{"Action":"run","Package":"m/a","Test":"TestFlip"}
{"Action":"fail","Package":"m/a","Test":"TestFlip"}
{"Action":"run","Package":"m/a","Test":"TestRed"}
{"Action":"fail","Package":"m/a","Test":"TestRed"}
{"Action":"run","Package":"m/a","Test":"TestShared"}
{"Action":"pass","Package":"m/a","Test":"TestShared"}
{"Action":"run","Package":"m/a","Test":"TestFlip"}
{"Action":"pass","Package":"m/a","Test":"TestFlip"}
{"Action":"run","Package":"m/a","Test":"TestRed"}
{"Action":"fail","Package":"m/a","Test":"TestRed"}
{"Action":"run","Package":"m/a","Test":"TestShared"}
{"Action":"fail","Package":"m/a","Test":"TestShared"}
{"Action":"fail","Package":"m/a"}
{"Action":"run","Package":"m/b","Test":"TestShared"}
{"Action":"fail","Package":"m/b","Test":"TestShared"}
{"Action":"run","Package":"m/b","Test":"TestShared"}
{"Action":"fail","Package":"m/b","Test":"TestShared"}
{"Action":"fail","Package":"m/b"}
`
	r := ParseGoTestJSON([]byte(out))
	assert.Equal(t, map[string]string{"TestFlip": Fail, "TestRed": Fail, "TestShared": Fail}, r.Tests)
	assert.Equal(t, map[string]bool{"TestFlip": true, "TestShared": true}, r.Flaky)
	r.KeyByPackage("m", map[string]bool{"TestShared": true})
	assert.Equal(t, map[string]bool{"TestFlip": true, GoTestName("a", "TestShared"): true}, r.Flaky)
	assert.Equal(t, Fail, r.Tests[GoTestName("b", "TestShared")])
}

func TestParseJUnitXML(t *testing.T) {
	t.Parallel()
	out := `============ test session starts ============
collected 4 items / 1 error
<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" errors="1" failures="1" skipped="1" tests="5">` +
		`<testcase classname="" name="tests.test_imp" file="tests/test_imp.py"><error message="collection failure">E   ImportError: cannot import name 'mul' from 'calc'</error></testcase>` +
		`<testcase classname="tests.test_calc" name="test_add" file="tests/test_calc.py" line="1"/>` +
		`<testcase classname="tests.test_calc" name="test_bad" file="tests/test_calc.py" line="3"><failure message="assert 2 == 3">x</failure></testcase>` +
		`<testcase classname="tests.test_calc.TestK" name="test_y" file="tests/test_calc.py" line="6"/>` +
		`<testcase classname="tests.test_calc" name="test_s" file="tests/test_calc.py" line="9"><skipped message="unconditional skip"/></testcase>` +
		`<testcase classname="tests.test_calc" name="test_p[1]" file="tests/test_calc.py"/>` +
		`<testcase classname="tests.test_calc" name="test_p[2]" file="tests/test_calc.py"><failure/></testcase>` +
		`</testsuite></testsuites>
--------- generated xml file: /dev/stdout ---------
=========== 1 failed, 2 passed in 0.1s ===========
`
	r, err := ParseJUnitXML([]byte(out))
	require.NoError(t, err)
	assert.Equal(t, map[string]string{
		"tests/test_calc.py::test_add":      Pass,
		"tests/test_calc.py::test_bad":      Fail,
		"tests/test_calc.py::TestK::test_y": Pass,
		"tests/test_calc.py::test_s":        Skip,
		"tests/test_calc.py::test_p":        Fail,
	}, r.Tests, "a collection error is no test; parameters fold into the function")
	assert.Contains(t, r.Text, "cannot import name 'mul'", "the collection error is where BuildFailure reads it")
	assert.Contains(t, r.Uncollected["tests/test_imp.py"], "cannot import name 'mul'")
	assert.Contains(t, r.Text, "1 failed, 2 passed")
	assert.NotContains(t, r.Text, "<testcase")
	failed, missing := BuildFailure(r.Text, r.Only([]string{"tests/test_imp.py::test_mul"}))
	assert.True(t, failed)
	assert.True(t, missing)

	_, err = ParseJUnitXML([]byte("no report here"))
	assert.Error(t, err)
}

func TestReportJSONShape(t *testing.T) {
	t.Parallel()
	var r Report
	r.Normalize()
	raw, err := json.Marshal(r)
	require.NoError(t, err)
	assert.JSONEq(t, `{"base":"","head":"","gates":[],"tests":{"fail_to_pass":[],"pass_to_pass":[],"guards":[],"vanity":[],"broken":[],"rewritten":[],"tampered":[],"not_run":[]}}`, string(raw))
	r.Gates = []Evidence{{Gate: Red, Command: "go test", Classification: Accept, Reason: "not in the JSON", Attempt: 1}}
	raw, err = json.Marshal(r.Gates[0])
	require.NoError(t, err)
	var keys map[string]any
	require.NoError(t, json.Unmarshal(raw, &keys))
	assert.ElementsMatch(t, []string{"gate", "command", "exit_code", "classification", "snippet", "timestamp", "attempt"}, mapKeys(keys))
}

func mapKeys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestSnippetCutsOnACharacter(t *testing.T) {
	t.Parallel()
	long := make([]byte, 0, 2000)
	for len(long) < 2000 {
		long = append(long, "é"...)
	}
	s := Snippet(long)
	assert.LessOrEqual(t, len(s), SnippetBytes)
	assert.Greater(t, len(s), SnippetBytes-2)
	assert.NotContains(t, s, "\uFFFD")
	assert.Equal(t, "short", Snippet([]byte("short")))
	assert.Equal(t, "aé", Prefix("aéb", 3))
	assert.Equal(t, "a", Prefix("aéb", 2), "never half of é")
	assert.Equal(t, "", Prefix("é", 1))
	assert.Equal(t, "aéb", Prefix("aéb", 9))
	assert.Equal(t, `go test -run '^(TestA|TestB)$' 'a b' x`, CommandLine([]string{"go", "test", "-run", "^(TestA|TestB)$", "a b", "x"}))
}

// TestUnrunInTheJSON: a gate that could not run is in the JSON, beside
// the spec's fields, and only when there is one.
func TestUnrunInTheJSON(t *testing.T) {
	t.Parallel()
	r := Report{Base: "b", Head: "h"}
	r.Normalize()
	out, err := json.Marshal(r)
	require.NoError(t, err)
	assert.NotContains(t, string(out), "unrun")
	r.Unrun = []Unrun{{Gate: Implement, Reason: "`pyflakes .` is not installed where the commands run"}}
	out, err = json.Marshal(r)
	require.NoError(t, err)
	assert.Contains(t, string(out), `"unrun":[{"gate":"VERIFY_IMPLEMENT","reason":"`+"`pyflakes .` is not installed where the commands run"+`"}]`)
}
