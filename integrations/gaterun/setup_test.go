package gaterun_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/engineo/autoverify/bot/gates"
)

// unreachableMod is a go.mod that requires a module no runner here can
// fetch (the sandbox has no network; example.invalid is no host), with the
// go.sum line that lets the go command try: a module before go 1.17 loads
// its whole graph, so the command stops while it loads it, before any
// package builds, and prints no report at all. Found on go-cmp 4664e24d, whose
// go.mod requires golang.org/x/xerrors: with a module cache that lacked it,
// RED read "none of the new or changed tests ran and failed", GREEN a
// TEST_FAILURE and REFACTOR accepted "all 0 tests that passed on the
// base".
const (
	unreachableMod = "module example.com/calc\n\ngo 1.16\n\nrequire example.invalid/absent v1.0.0\n"
	unreachableSum = "example.invalid/absent v1.0.0/go.mod h1:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n"
)

const absNegative = `
func TestAbsNegative(t *testing.T) {
	if Abs(-2) != 2 {
		t.Fatal("Abs(-2)")
	}
}
`

// TestSetupFailureIsNoVerdict: a gate whose command could not run for the
// environment judges nothing of the change, and says so as the setup's
// failure (Setup, ENV_ERROR); a gate whose commands ran keeps its verdict.
func TestSetupFailureIsNoVerdict(t *testing.T) {
	long(t)
	goTest := []string{"go", "test", "./..."}
	setupOnly := func(t *testing.T, e gates.Evidence, where string) {
		t.Helper()
		assert.Equal(t, gates.RejectFailure, e.Classification, e.Reason)
		assert.True(t, e.Setup, "%s: %s", e.Gate, e.Reason)
		assert.Contains(t, e.Reason, "could not run "+where)
		assert.Contains(t, e.Reason, "read as the environment's failure (ENV_ERROR), no verdict on the change")
		assert.Contains(t, e.Reason, "example.invalid/absent", "the reason quotes what failed")
	}

	t.Run("neither tree can load its modules", func(t *testing.T) {
		r := newRepo(t)
		base := r.commit("base", map[string]string{"go.mod": unreachableMod, "go.sum": unreachableSum, "calc.go": goCalc, "calc_test.go": goCalcTest})
		head := r.commit("fix Abs", map[string]string{"calc.go": goCalcFixed, "calc_test.go": goCalcTest + absNegative})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		setupOnly(t, gateOf(rep, gates.Red), "on the base")
		setupOnly(t, gateOf(rep, gates.Green), "at head")
		for _, e := range rep.Gates {
			if e.Gate == gates.Refactor {
				setupOnly(t, e, "on the base")
			}
		}
		setupOnly(t, gateOf(rep, gates.Implement), "at head")
		assert.False(t, rep.Accepted())
		assert.Empty(t, rep.Tests.FailToPass)
		assert.Empty(t, rep.Tests.PassToPass)
	})

	t.Run("the change requires a module the runner cannot fetch", func(t *testing.T) {
		r := newRepo(t)
		base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalc, "calc_test.go": goCalcTest})
		head := r.commit("fix Abs", map[string]string{"go.mod": unreachableMod, "go.sum": unreachableSum, "calc.go": goCalcFixed, "calc_test.go": goCalcTest + absNegative})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		red := gateOf(rep, gates.Red)
		assert.Equal(t, gates.Accept, red.Classification, "RED's tree has the base's go.mod: it ran: %s", red.Reason)
		assert.False(t, red.Setup)
		setupOnly(t, gateOf(rep, gates.Green), "at head")
		ref := gateOf(rep, gates.Refactor)
		assert.Equal(t, gates.RejectFailure, ref.Classification, ref.Reason)
		assert.True(t, ref.Setup, ref.Reason)
		assert.Contains(t, ref.Reason, "could not run at head, and the change edits go.mod")
	})

	t.Run("a failing test is the change's, not the setup's", func(t *testing.T) {
		r := newRepo(t)
		base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalc, "calc_test.go": goCalcTest})
		head := r.commit("a test, no fix", map[string]string{"calc_test.go": goCalcTest + absNegative})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		for _, e := range rep.Gates {
			assert.False(t, e.Setup, "%s: %s", e.Gate, e.Reason)
		}
		green := gateOf(rep, gates.Green)
		assert.Equal(t, gates.RejectFailure, green.Classification)
		assert.Contains(t, green.Reason, "TestAbsNegative")
	})
}

// TestPythonSetupFailure: a package the tests import that nobody installed
// imports at neither end: every gate says the setup failed, and RED does
// not take the base's ModuleNotFoundError for a test of new code. A src
// layout imports its own tree's code (tomli 4e245a4b through `autoverify
// gates` with its defaults had read as setup: no install, no PYTHONPATH).
// A module the change adds stays RED's proof.
func TestPythonSetupFailure(t *testing.T) {
	long(t)
	pytest := []string{pythonWithPytest(t), "-m", "pytest"}
	srcCalc := "def absolute(x):\n    return x\n"
	srcTests := "from calc import absolute\n\n\ndef test_positive():\n    assert absolute(3) == 3\n"
	fixed := "def absolute(x):\n    return -x if x < 0 else x\n"
	negative := srcTests + "\n\ndef test_negative():\n    assert absolute(-2) == 2\n"

	t.Run("the tests' package imports what nobody installed", func(t *testing.T) {
		r := newRepo(t)
		base := r.commit("base", map[string]string{"calc.py": srcCalc, "tests/__init__.py": "import autoverify_absent_dependency\n", "tests/test_calc.py": srcTests})
		head := r.commit("fix", map[string]string{"calc.py": fixed, "tests/test_calc.py": negative})
		rep := gatesRun(t, r, gates.Python, pytest, base, head)
		for _, e := range rep.Gates {
			assert.Equal(t, gates.RejectFailure, e.Classification, "%s: %s", e.Gate, e.Reason)
			assert.True(t, e.Setup, "%s: %s", e.Gate, e.Reason)
			assert.Contains(t, e.Reason, "No module named 'autoverify_absent_dependency'", "the line that says why")
			assert.Contains(t, e.Reason, "nor could the base's own suite")
		}
		assert.Contains(t, gateOf(rep, gates.Red).Reason, "could not run on the base",
			"missing at both ends: not a test of new code")
		assert.Empty(t, rep.Tests.FailToPass)
		assert.False(t, rep.Accepted())
	})

	t.Run("a src layout runs its own tree's code", func(t *testing.T) {
		r := newRepo(t)
		base := r.commit("base", map[string]string{"src/calc/__init__.py": srcCalc, "tests/__init__.py": "import calc\n", "tests/test_calc.py": srcTests})
		head := r.commit("fix", map[string]string{"src/calc/__init__.py": fixed, "tests/test_calc.py": negative})
		rep := gatesRun(t, r, gates.Python, pytest, base, head)
		for _, e := range rep.Gates {
			assert.Equal(t, gates.Accept, e.Classification, "%s: %s", e.Gate, e.Reason)
			if e.Command != "" {
				assert.True(t, strings.HasPrefix(e.Command, "env PYTHONPATH=src "), e.Command)
			}
		}
		assert.Equal(t, []string{"tests/test_calc.py::test_negative"}, rep.Tests.FailToPass, "red on the base's code, which the base's tree holds")
	})

	// The base's suite ran in the same runner: a head that cannot import
	// what it names is the change's mistake, for the fixer, not a person.
	t.Run("a module the change forgot is the change's", func(t *testing.T) {
		r := newRepo(t)
		base := r.commit("base", map[string]string{"calc.py": srcCalc, "tests/test_calc.py": srcTests})
		head := r.commit("fix", map[string]string{"calc.py": "from helpers import sign\n\n\n" + fixed, "tests/test_calc.py": negative})
		rep := gatesRun(t, r, gates.Python, pytest, base, head)
		for _, e := range rep.Gates {
			assert.False(t, e.Setup, "%s: %s", e.Gate, e.Reason)
		}
		assert.Equal(t, gates.RejectSyntax, gateOf(rep, gates.Green).Classification, gateOf(rep, gates.Green).Reason)
	})

	t.Run("the layout is one decision for both trees", func(t *testing.T) {
		r := newRepo(t)
		base := r.commit("base", map[string]string{"src/calc/__init__.py": srcCalc, "tests/test_calc.py": srcTests})
		head := r.commit("moved", map[string]string{"src/calc/__init__.py": "", "lib/calc/__init__.py": fixed, "tests/test_calc.py": negative})
		rep := gatesRun(t, r, gates.Python, pytest, base, head)
		for _, e := range rep.Gates {
			if e.Command != "" {
				assert.True(t, strings.HasPrefix(e.Command, "env PYTHONPATH=src "), "a head without src/ runs as the base did: %s", e.Command)
			}
		}
		assert.False(t, rep.Accepted())
	})

	t.Run("a module the change adds is missing code on the base, not setup", func(t *testing.T) {
		r := newRepo(t)
		base := r.commit("base", map[string]string{"calc.py": srcCalc, "tests/test_calc.py": srcTests})
		head := r.commit("sign", map[string]string{"sign.py": "def sign(x):\n    return -1 if x < 0 else 1\n",
			"tests/test_sign.py": "from sign import sign\n\n\ndef test_sign():\n    assert sign(-4) == -1\n"})
		rep := gatesRun(t, r, gates.Python, pytest, base, head)
		for _, e := range rep.Gates {
			assert.False(t, e.Setup, "%s: %s", e.Gate, e.Reason)
		}
		assert.Equal(t, gates.Accept, gateOf(rep, gates.Red).Classification, gateOf(rep, gates.Red).Reason)
		assert.Equal(t, []string{"tests/test_sign.py::test_sign"}, rep.Tests.FailToPass)
		assert.True(t, rep.Accepted())
	})
}

// TestToolStandIn: a change that adds a pytest.py at the top of its tree
// (where `python3 -m pytest` imports it first) writes the head's report
// itself — every test passed — beside code that breaks them. GREEN and
// REFACTOR read no result at head from it.
func TestToolStandIn(t *testing.T) {
	long(t)
	pytest := []string{pythonWithPytest(t), "-m", "pytest"}
	fake := `import sys
print('<?xml version="1.0"?><testsuites><testsuite name="pytest" tests="2" failures="0" errors="0">' +
      '<testcase classname="tests.test_calc" file="tests/test_calc.py" name="test_positive"/>' +
      '<testcase classname="tests.test_calc" file="tests/test_calc.py" name="test_negative"/>' +
      '</testsuite></testsuites>')
sys.exit(0)
`
	for _, planted := range []string{"pytest.py", "src/pytest.py", "sitecustomize.py"} {
		t.Run(planted, func(t *testing.T) {
			r := newRepo(t)
			tests := "from calc import absolute\n\n\ndef test_positive():\n    assert absolute(3) == 3\n"
			base := r.commit("base", map[string]string{"src/calc/__init__.py": "def absolute(x):\n    return x\n", "tests/test_calc.py": tests})
			head := r.commit("a runner of its own", map[string]string{planted: fake, "src/calc/__init__.py": "def absolute(x):\n    return 0\n",
				"tests/test_calc.py": tests + "\n\ndef test_negative():\n    assert absolute(-2) == 2\n"})
			rep := gatesRun(t, r, gates.Python, pytest, base, head)
			assert.False(t, rep.Accepted())
			for _, g := range []gates.Gate{gates.Green, gates.Refactor} {
				e := gateOf(rep, g)
				assert.Equal(t, gates.RejectFailure, e.Classification, "%s: %s", g, e.Reason)
				if planted != "sitecustomize.py" {
					assert.Contains(t, e.Reason, "stand in for the test tool", g)
				}
			}
		})
	}
}
