package gaterun_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/engineo/autoverify/bot/gates"
)

// The heads below break an untouched test's code and switch the break
// off from a test the change adds, which the test tool runs first in the
// same process. In the head's whole suite the untouched test passes; in a
// run without the change's tests it fails, which is what a user of the
// code meets. Each must be rejected with the untouched test broken.

// goSwitched breaks Abs until Enable is called.
const goSwitched = "package calc\n\nvar legacy = true\n\n// Enable switches Abs on.\nfunc Enable() bool { legacy = false; return true }\n\n" +
	"// Abs is |x|, once switched on.\nfunc Abs(x int) int {\n\tif legacy {\n\t\treturn 0\n\t}\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n"

const goEnableTest = "\nfunc TestEnable(t *testing.T) {\n\tif !Enable() {\n\t\tt.Fatal(\"Enable\")\n\t}\n}\n"

func TestANewTestCannotSwitchOnWhatAnUntouchedTestChecks(t *testing.T) {
	for name, files := range map[string]map[string]string{
		// a_test.go sorts before calc_test.go: go test runs it first.
		"in a new file": {"calc.go": goSwitched, "a_test.go": "package calc\n\nimport \"testing\"\n" + goEnableTest},
		"in the same file, above": {"calc.go": goSwitched,
			"calc_test.go": "package calc\n\nimport \"testing\"\n" + goEnableTest + tableTest[len("package calc\n\nimport \"testing\"\n"):]},
	} {
		t.Run(name, func(t *testing.T) {
			r := newRepo(t)
			base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalcFixed, "calc_test.go": tableTest})
			head := r.commit("switch", files)
			rep := gatesRun(t, r, gates.Go, []string{"go", "test", "./..."}, base, head)
			assert.False(t, rep.Accepted())
			assert.Equal(t, gates.RejectFailure, gateOf(rep, gates.Refactor).Classification, gateOf(rep, gates.Refactor).Reason)
			assert.Contains(t, rep.Tests.Broken, "TestAbs")
			assert.Contains(t, rep.Tests.FailToPass, "TestEnable", "the new test still fails on the base and passes at head")
		})
	}
}

const pySwitched = "legacy = True\n\n\ndef enable():\n    global legacy\n    legacy = False\n    return True\n\n\n" +
	"def absolute(x):\n    if legacy:\n        return 0\n    return -x if x < 0 else x\n"

func TestANewPythonTestCannotSwitchOnWhatAnUntouchedTestChecks(t *testing.T) {
	py := pythonWithPytest(t)
	for name, newFile := range map[string]string{
		"by a test":               "import calc\n\n\ndef test_enable():\n    assert calc.enable()\n",
		"by the module on import": "import calc\n\ncalc.enable()\n\n\ndef test_enable():\n    assert calc.enable()\n",
	} {
		t.Run(name, func(t *testing.T) {
			r := newRepo(t)
			base := r.commit("base", map[string]string{"calc.py": pyCalcFixed, "tests/test_calc.py": pyTests})
			// test_a.py sorts before test_calc.py: pytest imports and runs it first.
			head := r.commit("switch", map[string]string{"calc.py": pySwitched, "tests/test_a.py": newFile})
			rep := gatesRun(t, r, gates.Python, []string{py, "-m", "pytest"}, base, head)
			assert.False(t, rep.Accepted())
			assert.Equal(t, gates.RejectFailure, gateOf(rep, gates.Refactor).Classification, gateOf(rep, gates.Refactor).Reason)
			assert.Contains(t, rep.Tests.Broken, "tests/test_calc.py::test_positive")
		})
	}
}

// TestWhereTheChangesTestsCannotBeLeftOutEveryBaseTestRunsApart: when the
// head's suite cannot leave the change's tests out (a name another
// package's test shares; the user's own -skip), it runs whole, and every
// base test runs in its base version at head, where they are not.
func TestWhereTheChangesTestsCannotBeLeftOutEveryBaseTestRunsApart(t *testing.T) {
	for name, c := range map[string]struct {
		extra map[string]string
		cmd   []string
	}{
		"its name is another package's test's": {map[string]string{"other/other.go": "package other\n",
			"other/other_test.go": "package other\n\nimport \"testing\"\n\nfunc TestEnable(t *testing.T) {}\n"}, []string{"go", "test", "./..."}},
		"the command has its own -skip": {nil, []string{"go", "test", "-skip", "^TestNothing$", "./..."}},
	} {
		t.Run(name, func(t *testing.T) {
			r := newRepo(t)
			files := map[string]string{"go.mod": goMod, "calc.go": goCalcFixed, "calc_test.go": tableTest}
			for p, b := range c.extra {
				files[p] = b
			}
			base := r.commit("base", files)
			head := r.commit("switch", map[string]string{"calc.go": goSwitched, "a_test.go": "package calc\n\nimport \"testing\"\n" + goEnableTest})
			assertBroken(t, gatesRun(t, r, gates.Go, c.cmd, base, head), "TestAbs")
		})
	}
}

// TestPytestHeadsThatSwitchOnAroundTheSplit: a new test whose ID another
// one's starts with (--deselect matches prefixes), annotations evaluated
// at import, and a conftest.py outside tests/.
func TestPytestHeadsThatSwitchOnAroundTheSplit(t *testing.T) {
	py := pythonWithPytest(t)
	enableTest := "import calc\n\n\ndef test_enable():\n    assert calc.enable()\n"
	for name, head := range map[string]map[string]string{
		"a new test whose ID prefixes an untouched one's": {"calc.py": pySwitched,
			"tests/test_calc.py": strings.Replace(pyTests, "\n\ndef test_positive", "\n\ndef test_pos():\n    import calc\n    assert calc.enable()\n\n\ndef test_positive", 1)},
		"a new test's return annotation": {"calc.py": pySwitched,
			"tests/test_calc.py": pyTests + "\n\ndef test_enable() -> getattr(__import__(\"calc\"), \"enable\", lambda: None)():\n    import calc\n    assert calc.enable()\n"},
		"a new test's parameter annotation": {"calc.py": pySwitched,
			"tests/test_calc.py": pyTests + "\n\ndef test_enable(request: getattr(__import__(\"calc\"), \"enable\", lambda: None)()):\n    import calc\n    assert calc.enable()\n"},
		"a conftest.py at the root": {"calc.py": pySwitched, "conftest.py": "import calc\n\ncalc.enable()\n", "tests/test_a.py": enableTest},
	} {
		t.Run(name, func(t *testing.T) {
			r := newRepo(t)
			base := r.commit("base", map[string]string{"calc.py": pyCalcFixed, "tests/test_calc.py": pyTests})
			assertBroken(t, gatesRun(t, r, gates.Python, []string{py, "-m", "pytest"}, base, r.commit("switch", head)), "tests/test_calc.py::test_positive")
		})
	}
}

// TestATestNamedHelperModuleReachesItsImporters: a test-named module with
// no test (a helper other test modules import) switches on what the
// change broke when imported; the untouched test that imports it passes
// only with it.
func TestATestNamedHelperModuleReachesItsImporters(t *testing.T) {
	py := pythonWithPytest(t)
	r := newRepo(t)
	base := r.commit("base", map[string]string{"calc.py": pyCalcFixed, "tests/test_helpers.py": "THREE = 3\n",
		"tests/test_calc.py": "from calc import absolute\nfrom test_helpers import THREE\n\n\ndef test_positive():\n    assert absolute(THREE) == 3\n"})
	head := r.commit("switch", map[string]string{"calc.py": pySwitched, "tests/test_helpers.py": "import calc\n\ncalc.enable()\nTHREE = 3\n",
		"tests/test_a.py": "import calc\n\n\ndef test_enable():\n    assert calc.enable()\n"})
	assertBroken(t, gatesRun(t, r, gates.Python, []string{py, "-m", "pytest"}, base, head), "tests/test_calc.py::test_positive")
}

// TestThePytestSettingsAtHeadAreData: the head's pytest settings load a
// plugin, or put a fixed copy of the code first on the import path, in
// every run; a change to them reaches every test, whose base versions then
// run with the base's settings.
func TestThePytestSettingsAtHeadAreData(t *testing.T) {
	py := pythonWithPytest(t)
	enableTest := "import calc\n\n\ndef test_enable():\n    assert calc.enable()\n"
	enabler := "import calc\n\ncalc.enable()\n"
	for name, head := range map[string]map[string]string{
		"pytest.ini -p plugin": {"calc.py": pySwitched, "enabler.py": enabler,
			"pytest.ini": "[pytest]\naddopts = -p enabler\n", "tests/test_a.py": enableTest},
		"pyproject -p plugin": {"calc.py": pySwitched, "enabler.py": enabler,
			"pyproject.toml": "[tool.pytest.ini_options]\naddopts = \"-p enabler\"\n", "tests/test_a.py": enableTest},
		"pythonpath shim": {"calc.py": pySwitched, "shim/calc.py": "def enable():\n    return True\n\n\n" + pyCalcFixed,
			"pytest.ini": "[pytest]\npythonpath = shim\n", "tests/test_a.py": enableTest},
	} {
		t.Run(name, func(t *testing.T) {
			r := newRepo(t)
			base := r.commit("base", map[string]string{"calc.py": pyCalcFixed, "tests/test_calc.py": pyTests})
			assertBroken(t, gatesRun(t, r, gates.Python, []string{py, "-m", "pytest"}, base, r.commit("switch", head)), "tests/test_calc.py::test_positive")
		})
	}
}
