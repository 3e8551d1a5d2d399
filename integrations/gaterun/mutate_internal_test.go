package gaterun

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/mutate"
	"github.com/engineo/autoverify/bot/verify"
)

func TestMutantStatus(t *testing.T) {
	head := &run{results: gates.Results{Structured: true, Tests: map[string]string{"TestOld": gates.Fail, "TestAbs": gates.Pass}}}
	mk := func(exit int, timedOut bool, tests map[string]string, unbuilt map[string]string) *run {
		return &run{res: verify.Result{ExitCode: exit, TimedOut: timedOut}, results: gates.Results{Structured: true, Tests: tests, Unbuilt: unbuilt}}
	}
	for name, c := range map[string]struct {
		r    *run
		want mutate.Status
	}{
		"a test that passed at head fails":         {mk(1, false, map[string]string{"TestOld": gates.Fail, "TestAbs": gates.Fail}, nil), mutate.Killed},
		"only a test already failing at head":      {mk(1, false, map[string]string{"TestOld": gates.Fail, "TestAbs": gates.Pass}, nil), mutate.Survived},
		"everything passes":                        {mk(0, false, map[string]string{"TestAbs": gates.Pass}, nil), mutate.Survived},
		"the runner stopped it":                    {mk(137, true, map[string]string{"TestAbs": gates.Fail}, nil), mutate.Timeout},
		"the package did not build":                {mk(1, false, map[string]string{}, map[string]string{"example.com/calc": "calc.go:5:10: undefined: y"}), mutate.NotCompiled},
		"a new subtest fails (none of its parent)": {mk(1, false, map[string]string{"TestAbs/neg": gates.Fail}, nil), mutate.Killed},
	} {
		assert.Equal(t, c.want, mutantStatus(c.r, head), name)
	}
}

func TestMutantTimeout(t *testing.T) {
	g := func(d time.Duration) *run { return &run{res: verify.Result{Duration: d}} }
	assert.Equal(t, 10*time.Second, (&Spec{}).mutantTimeout(g(time.Second)), "a quick suite still gets the floor")
	assert.Equal(t, 60*time.Second, (&Spec{}).mutantTimeout(g(20*time.Second)), "three times the head's suite")
	assert.Equal(t, 30*time.Second, (&Spec{Timeout: 30 * time.Second}).mutantTimeout(g(20*time.Second)), "never past the command timeout")
}

func TestPythonMutantStatus(t *testing.T) {
	head := &run{results: gates.Results{Structured: true, Tests: map[string]string{"t.py::test_old": gates.Fail, "t.py::test_abs": gates.Pass},
		Unbuilt: map[string]string{"tests/test_broken.py": "ImportError"}}}
	mk := func(exit int, timedOut bool, tests map[string]string, unbuilt map[string]string) *run {
		return &run{res: verify.Result{ExitCode: exit, TimedOut: timedOut}, results: gates.Results{Structured: true, Tests: tests, Unbuilt: unbuilt}}
	}
	for name, c := range map[string]struct {
		r    *run
		want mutate.Status
	}{
		"a test that passed at head fails":    {mk(1, false, map[string]string{"t.py::test_old": gates.Fail, "t.py::test_abs": gates.Fail}, nil), mutate.Killed},
		"only a test already failing at head": {mk(1, false, map[string]string{"t.py::test_old": gates.Fail, "t.py::test_abs": gates.Pass}, nil), mutate.Survived},
		"the runner stopped it":               {mk(137, true, map[string]string{"t.py::test_abs": gates.Fail}, nil), mutate.Timeout},
		"a test module no longer imports":     {mk(1, false, map[string]string{}, map[string]string{"t.py": "ZeroDivisionError"}), mutate.NotCompiled},
		"pytest interrupted":                  {mk(2, false, map[string]string{}, nil), mutate.NotCompiled},
		"a module already broken at head":     {mk(0, false, map[string]string{"t.py::test_abs": gates.Pass}, map[string]string{"tests/test_broken.py": "ImportError"}), mutate.Survived},
	} {
		assert.Equal(t, c.want, pythonMutantStatus(c.r, head), name)
	}
}

// TestIsMutable: Go's non-test files outside testdata directories (the go
// tool never builds them), Python's non-test modules.
func TestIsMutable(t *testing.T) {
	for rel, want := range map[string]bool{
		"calc.go": true, "pkg/calc.go": true, "calc_test.go": false, "README.md": false,
		"testdata/gen.go": false, "pkg/testdata/x/gen.go": false, "mytestdata/gen.go": true,
	} {
		if got := isMutable(gates.Go, rel, nil); got != want {
			t.Errorf("Go %s: %v, want %v", rel, got, want)
		}
	}
	for rel, want := range map[string]bool{"calc.py": true, "testdata/calc.py": true, "tests/test_calc.py": false} {
		if got := isMutable(gates.Python, rel, nil); got != want {
			t.Errorf("Python %s: %v, want %v", rel, got, want)
		}
	}
}
