package gates

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestStructureFirst: a run the tool reports in structure is judged by
// that structure; the text patterns are the fallback, and never overrule
// a run that exited 0 with tests passing.
func TestStructureFirst(t *testing.T) {
	t.Parallel()
	const passingNamedAfterAnError = `{"Action":"start","Package":"ex/b"}
{"Action":"run","Package":"ex/b","Test":"TestSyntaxError"}
{"Action":"output","Package":"ex/b","Test":"TestSyntaxError","Output":"    b_test.go:3: syntax error: unexpected } (as expected)\n"}
{"Action":"pass","Package":"ex/b","Test":"TestSyntaxError"}
{"Action":"pass","Package":"ex/b"}
`
	const undefined = `{"ImportPath":"ex/a [ex/a.test]","Action":"build-output","Output":"# ex/a [ex/a.test]\n"}
{"ImportPath":"ex/a [ex/a.test]","Action":"build-output","Output":"a/a_test.go:3:30: undefined: Missing\n"}
{"ImportPath":"ex/a [ex/a.test]","Action":"build-fail"}
{"Action":"start","Package":"ex/a"}
{"Action":"fail","Package":"ex/a","FailedBuild":"ex/a [ex/a.test]"}
`
	const syntax = `{"ImportPath":"ex/d.test","Action":"build-output","Output":"d/d_test.go:3:28: expected '}', found 'EOF'\n"}
{"ImportPath":"ex/d.test","Action":"build-fail"}
{"Action":"start","Package":"ex/d"}
{"Action":"fail","Package":"ex/d","FailedBuild":"ex/d.test"}
`
	const setupFailedOldGo = `# ex/e
package ex/e
	imports ex/e from e.go: import cycle not allowed
{"Action":"output","Package":"ex/e","Output":"FAIL\tex/e [setup failed]\n"}
{"Action":"fail","Package":"ex/e"}
`
	const noTestEvents = `{"Action":"start","Package":"ex/f"}
{"Action":"output","Package":"ex/f","Output":"panic: init went wrong\n"}
{"Action":"fail","Package":"ex/f"}
`
	for name, tc := range map[string]struct {
		out             string
		exit            int
		matter          []string
		failed, missing bool
	}{
		"a passing test printing 'syntax error'":       {passingNamedAfterAnError, 0, []string{"TestSyntaxError"}, false, false},
		"the same, the whole suite":                    {passingNamedAfterAnError, 0, nil, false, false},
		"build-fail naming missing code":               {undefined, 1, []string{"TestA"}, true, true},
		"build-fail of a syntax error":                 {syntax, 1, []string{"TestD"}, true, false},
		"[setup failed] before Go 1.24":                {setupFailedOldGo, 1, nil, true, false},
		"a package failing with no test events":        {noTestEvents, 1, nil, true, false},
		"tests that matter ran, another did not build": {passingNamedAfterAnError + syntax, 1, []string{"TestSyntaxError"}, false, false},
	} {
		r := ParseGoTestJSON([]byte(tc.out))
		assert.True(t, r.Structured, name)
		f, m := r.Build(tc.exit, tc.matter)
		assert.Equal(t, tc.failed, f, "%s: failed", name)
		assert.Equal(t, tc.missing, m, "%s: missing only", name)
	}
	assert.Contains(t, ParseGoTestJSON([]byte(undefined)).Unbuilt["ex/a"], "undefined: Missing")
	assert.Contains(t, ParseGoTestJSON([]byte(setupFailedOldGo)).Unbuilt["ex/e"], "import cycle", "the text outside the events joins what did not build")

	// Without structure, text is read — but never against exit 0 with
	// tests passing.
	text := Results{Tests: map[string]string{"TestA": Pass}, Text: "--- PASS: TestSyntaxError\nSyntaxError in the fixture, as expected\n"}
	f, _ := text.Build(0, nil)
	assert.False(t, f, "exit 0 with tests passing is never a build failure")
	text = Results{Tests: map[string]string{}, Text: "E     SyntaxError: invalid syntax\n"}
	f, m := text.Build(2, nil)
	assert.True(t, f)
	assert.False(t, m)
}

func TestPytestStructure(t *testing.T) {
	t.Parallel()
	xml := func(cases string) []byte {
		return []byte(`<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest">` + cases + `</testsuite></testsuites>`)
	}
	collect := xml(`<testcase classname="" name="tests.test_imp" file="tests/test_imp.py"><error message="collection failure">E   ImportError: cannot import name 'mul' from 'calc'</error></testcase>`)
	r, err := ParseJUnitXML(collect)
	assert.NoError(t, err)
	f, m := r.Build(1, []string{"tests/test_imp.py::test_mul"})
	assert.True(t, f, "an <error> in collection: the module did not import")
	assert.True(t, m)
	assert.Contains(t, r.Unbuilt, "tests/test_imp.py")

	passing := xml(`<testcase classname="tests.test_err" name="test_syntax_error_message" file="tests/test_err.py"/>`)
	r, _ = ParseJUnitXML(append(passing, []byte("\nE   SyntaxError: printed by a passing test\n")...))
	f, _ = r.Build(0, nil)
	assert.False(t, f, "a structured pass")

	empty := xml(``)
	r, _ = ParseJUnitXML(empty)
	f, _ = r.Build(4, []string{"tests/test_a.py::test_a"})
	assert.True(t, f, "exit 4: a usage error, nothing ran")
	f, _ = r.Build(5, []string{"tests/test_a.py::test_a"})
	assert.False(t, f, "exit 5: no tests collected is nothing to build")
}
