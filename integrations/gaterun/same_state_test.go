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
	long(t)
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

// pyEnableTest is a new test module whose test switches calc on (and
// fails on the base, which has no enable); pyEnabler switches it on at
// import.
const (
	pyEnableTest = "import calc\n\n\ndef test_enable():\n    assert calc.enable()\n"
	pyEnabler    = "import calc\n\ncalc.enable()\n"
)

func TestANewPythonTestCannotSwitchOnWhatAnUntouchedTestChecks(t *testing.T) {
	long(t)
	py := pythonWithPytest(t)
	for name, newFile := range map[string]string{
		"by a test":               pyEnableTest,
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
	long(t)
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
	long(t)
	assertEachPytestHeadBreaks(t, map[string]map[string]string{
		"a new test whose ID prefixes an untouched one's": {"calc.py": pySwitched,
			"tests/test_calc.py": strings.Replace(pyTests, "\n\ndef test_positive", "\n\ndef test_pos():\n    import calc\n    assert calc.enable()\n\n\ndef test_positive", 1)},
		"a new test's return annotation": {"calc.py": pySwitched,
			"tests/test_calc.py": pyTests + "\n\ndef test_enable() -> getattr(__import__(\"calc\"), \"enable\", lambda: None)():\n    import calc\n    assert calc.enable()\n"},
		"a new test's parameter annotation": {"calc.py": pySwitched,
			"tests/test_calc.py": pyTests + "\n\ndef test_enable(request: getattr(__import__(\"calc\"), \"enable\", lambda: None)()):\n    import calc\n    assert calc.enable()\n"},
		"a conftest.py at the root": {"calc.py": pySwitched, "conftest.py": pyEnabler, "tests/test_a.py": pyEnableTest},
	})
}

// assertEachPytestHeadBreaks commits each head over a base of calc.py
// and tests/test_calc.py and asserts that the gates find test_positive
// broken.
func assertEachPytestHeadBreaks(t *testing.T, heads map[string]map[string]string) {
	py := pythonWithPytest(t)
	for name, head := range heads {
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
	long(t)
	py := pythonWithPytest(t)
	r := newRepo(t)
	base := r.commit("base", map[string]string{"calc.py": pyCalcFixed, "tests/test_helpers.py": "THREE = 3\n",
		"tests/test_calc.py": "from calc import absolute\nfrom test_helpers import THREE\n\n\ndef test_positive():\n    assert absolute(THREE) == 3\n"})
	head := r.commit("switch", map[string]string{"calc.py": pySwitched, "tests/test_helpers.py": "import calc\n\ncalc.enable()\nTHREE = 3\n",
		"tests/test_a.py": pyEnableTest})
	assertBroken(t, gatesRun(t, r, gates.Python, []string{py, "-m", "pytest"}, base, head), "tests/test_calc.py::test_positive")
}

// TestThePytestSettingsAtHeadAreData: the head's pytest settings load a
// plugin, or put a fixed copy of the code first on the import path, in
// every run; a change to them reaches every test, whose base versions then
// run with the base's settings.
func TestThePytestSettingsAtHeadAreData(t *testing.T) {
	long(t)
	assertEachPytestHeadBreaks(t, map[string]map[string]string{
		"pytest.ini -p plugin": {"calc.py": pySwitched, "enabler.py": pyEnabler,
			"pytest.ini": "[pytest]\naddopts = -p enabler\n", "tests/test_a.py": pyEnableTest},
		"pyproject -p plugin": {"calc.py": pySwitched, "enabler.py": pyEnabler,
			"pyproject.toml": "[tool.pytest.ini_options]\naddopts = \"-p enabler\"\n", "tests/test_a.py": pyEnableTest},
		"pythonpath shim": {"calc.py": pySwitched, "shim/calc.py": "def enable():\n    return True\n\n\n" + pyCalcFixed,
			"pytest.ini": "[pytest]\npythonpath = shim\n", "tests/test_a.py": pyEnableTest},
	})
}

// An existing test module the change edits keeps tests of its own that
// the head's suite still runs, so pytest still imports it there: what its
// top level does at import reaches every other module's tests in the same
// process.
func TestAnEditedPythonModuleCannotSwitchOnWhatAnotherModuleChecks(t *testing.T) {
	long(t)
	py := pythonWithPytest(t)
	other := "def test_other():\n    assert True\n"
	r := newRepo(t)
	base := r.commit("base", map[string]string{"calc.py": pyCalcFixed, "tests/test_calc.py": pyTests, "tests/test_a.py": other})
	head := r.commit("switch", map[string]string{"calc.py": pySwitched,
		"tests/test_a.py": "import calc\n\ncalc.enable()\n\n\n" + other + "\n\ndef test_enable():\n    assert calc.enable()\n"})
	rep := gatesRun(t, r, gates.Python, []string{py, "-m", "pytest"}, base, head)
	assert.False(t, rep.Accepted())
	assert.Equal(t, gates.RejectFailure, gateOf(rep, gates.Refactor).Classification, gateOf(rep, gates.Refactor).Reason)
	assert.Contains(t, rep.Tests.Broken, "tests/test_calc.py::test_positive")
}

// goOtherTest and goOtherReady are another package's test and, at head,
// its new code (which a new test there checks).
const (
	goOtherTest  = "package other\n\nimport \"testing\"\n\nfunc TestOther(t *testing.T) {}\n"
	goOtherReady = "package other\n\n// Ready says the package is ready.\nfunc Ready() bool { return true }\n"
)

// goWaitsForSwitch breaks Abs unless a file in the temporary directory,
// which another package's test process writes, appears within 2 s.
const goWaitsForSwitch = "package calc\n\nimport (\n\t\"os\"\n\t\"path/filepath\"\n\t\"time\"\n)\n\n" +
	"// Abs is |x|, once switched on.\nfunc Abs(x int) int {\n\tfor i := 0; i < 20; i++ {\n\t\tif _, err := os.Stat(filepath.Join(os.TempDir(), \"switch\")); err == nil {\n" +
	"\t\t\tif x < 0 {\n\t\t\t\treturn -x\n\t\t\t}\n\t\t\treturn x\n\t\t}\n\t\ttime.Sleep(100 * time.Millisecond)\n\t}\n\treturn 0\n}\n"

// A Go test file runs its package-level code (init, variables) in every
// run of its package, even with all its tests left out: what it writes
// outside its process (a file in the temporary directory) reaches another
// package's tests in the same run of the suite.
func TestAGoTestFilesLoadTimeCodeCannotSwitchOnWhatAnotherPackageChecks(t *testing.T) {
	long(t)
	const write = "_ = os.WriteFile(filepath.Join(os.TempDir(), \"switch\"), nil, 0o644)"
	for name, top := range map[string]string{
		"init":     "func init() { " + write + " }\n",
		"variable": "var _ = func() bool { " + write + "; return true }()\n",
	} {
		t.Run(name, func(t *testing.T) {
			r := newRepo(t)
			base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalcFixed, "calc_test.go": tableTest,
				"other/other.go": "package other\n", "other/other_test.go": goOtherTest})
			head := r.commit("switch", map[string]string{"calc.go": goWaitsForSwitch,
				"other/other.go": goOtherReady,
				"other/other_test.go": "package other\n\nimport (\n\t\"os\"\n\t\"path/filepath\"\n\t\"testing\"\n)\n\n" + top +
					"\nfunc TestOther(t *testing.T) {}\n\nfunc TestReady(t *testing.T) {\n\tif !Ready() {\n\t\tt.Fatal(\"not ready\")\n\t}\n}\n"})
			rep := gatesRun(t, r, gates.Go, []string{"go", "test", "./..."}, base, head)
			assert.False(t, rep.Accepted())
			assert.Equal(t, gates.RejectFailure, gateOf(rep, gates.Refactor).Classification, gateOf(rep, gates.Refactor).Reason)
			assert.Contains(t, rep.Tests.Broken, "TestAbs")
			assert.Contains(t, rep.Tests.FailToPass, "TestReady")
		})
	}
}

// pytest imports a directory's conftest.py as it collects the directory,
// whatever it then deselects: a conftest.py the change adds below one
// test directory runs beside the tests of every other.
func TestANewConftestCannotSwitchOnWhatAnotherDirectoryChecks(t *testing.T) {
	long(t)
	py := pythonWithPytest(t)
	r := newRepo(t)
	base := r.commit("base", map[string]string{"calc.py": pyCalcFixed, "test_calc.py": pyTests,
		"tests/test_other.py": "def test_other():\n    assert True\n"})
	head := r.commit("switch", map[string]string{"calc.py": pySwitched,
		"tests/conftest.py": pyEnabler,
		"tests/test_new.py": pyEnableTest})
	rep := gatesRun(t, r, gates.Python, []string{py, "-m", "pytest"}, base, head)
	assert.False(t, rep.Accepted())
	assert.Equal(t, gates.RejectFailure, gateOf(rep, gates.Refactor).Classification, gateOf(rep, gates.Refactor).Reason)
	assert.Contains(t, rep.Tests.Broken, "test_calc.py::test_positive")
	assert.Contains(t, rep.Tests.FailToPass, "tests/test_new.py::test_enable")
}

// Where F runs every base test because of the change's test code, the
// head's suite runs only the change's packages; a package it no longer
// runs that stops building at head is still GREEN's, read from F.
func TestANarrowedHeadSuiteStillSeesAnotherPackageStopBuilding(t *testing.T) {
	long(t)
	r := newRepo(t)
	base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalcFixed, "calc_test.go": tableTest,
		"other/other.go": "package other\n", "other/other_test.go": goOtherTest,
		"third/third.go":      "package third\n\n// Three is 3.\nfunc Three() int { return 3 }\n",
		"third/third_test.go": "package third\n\nimport \"testing\"\n\nfunc TestThree(t *testing.T) {\n\tif Three() != 3 {\n\t\tt.Fatal(Three())\n\t}\n}\n"})
	head := r.commit("break third", map[string]string{
		"third/third.go": "package third\n\n// Three is 3.\nfunc Three() int { return \"3\" }\n",
		"other/other.go": goOtherReady,
		"other/other_test.go": "package other\n\nimport \"testing\"\n\nvar ready = Ready()\n\nfunc TestOther(t *testing.T) {}\n\n" +
			"func TestReady(t *testing.T) {\n\tif !ready {\n\t\tt.Fatal(\"not ready\")\n\t}\n}\n"})
	rep := gatesRun(t, r, gates.Go, []string{"go", "test", "./..."}, base, head)
	var g gates.Evidence
	for _, e := range rep.Gates {
		if strings.HasPrefix(e.Reason, "the head's suite without") {
			g = e
		}
	}
	assert.Contains(t, g.Command, "./other", "the head's suite runs the change's package")
	assert.NotContains(t, g.Command, "./...", "and only that")
	green := gateOf(rep, gates.Green)
	assert.Equal(t, gates.RejectSyntax, green.Classification, green.Reason)
	assert.Contains(t, green.Tests, "example.com/calc/third")
}
