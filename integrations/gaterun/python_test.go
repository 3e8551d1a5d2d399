package gaterun_test

import (
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/gaterun"
	"github.com/engineo/autoverify/integrations/git"
)

func pySpec(r *repo, test []string, base, head string) gaterun.Spec {
	return gaterun.Spec{Base: base, Head: head, Trees: gaterun.GitTrees{Repo: git.Repo{Dir: r.Dir}}, Runner: runner(r.t),
		Ecosystem: gates.Python, Test: test}
}

const pyCalc = "def absolute(x):\n    return x  # bug: negative x comes back as is\n"

const pyCalcFixed = "def absolute(x):\n    return -x if x < 0 else x\n"

const pyTests = `from calc import absolute


def test_positive():
    assert absolute(3) == 3


class TestZero:
    def test_zero(self):
        assert absolute(0) == 0
`

const pyKnownBug = `from calc import absolute


def test_known_bug():
    assert absolute(-1) == 1
`

func TestPythonGates(t *testing.T) {
	py := pythonWithPytest(t)
	pytest := []string{py, "-m", "pytest"}
	r := newRepo(t)
	base := r.commit("base", map[string]string{"calc.py": pyCalc, "tests/test_calc.py": pyTests, "tests/test_bug.py": pyKnownBug})

	t.Run("a real fix with its test", func(t *testing.T) {
		r.branch(base)
		head := r.commit("fix", map[string]string{"calc.py": pyCalcFixed,
			"tests/test_calc.py": pyTests + "\n\ndef test_negative():\n    assert absolute(-2) == 2\n"})
		rep := gatesRun(t, r, gates.Python, pytest, base, head)
		for _, g := range []gates.Gate{gates.Red, gates.Green, gates.Refactor} {
			assert.Equal(t, gates.Accept, gateOf(rep, g).Classification, "%s: %s", g, gateOf(rep, g).Reason)
		}
		assert.Equal(t, []string{"tests/test_calc.py::test_negative"}, rep.Tests.FailToPass)
		assert.Equal(t, []string{"tests/test_calc.py::TestZero::test_zero", "tests/test_calc.py::test_positive"}, rep.Tests.PassToPass,
			"untouched tests of a touched file are PASS_TO_PASS")
		assert.True(t, rep.Accepted())
		assert.Contains(t, gateOf(rep, gates.Refactor).Reason, "in RED's tree without the change's new and edited tests", "only a test added: B ran in RED's tree")
		assert.Equal(t, 2, countGate(rep, gates.Refactor), "and G without the new test; no base versions ran at head")
		for _, junk := range []string{"__pycache__", ".pytest_cache", "tests/__pycache__"} {
			_, err := os.Stat(filepath.Join(r.Dir, junk))
			assert.True(t, os.IsNotExist(err), "%s appeared in the user's checkout", junk)
		}
	})

	t.Run("a test of new code", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("sign", map[string]string{"calc.py": pyCalc + "\n\ndef sign(x):\n    return -1 if x < 0 else 1\n",
			"tests/test_sign.py": "from calc import sign\n\n\ndef test_sign():\n    assert sign(-4) == -1\n"})
		rep := gatesRun(t, r, gates.Python, pytest, base, head)
		assert.Equal(t, gates.Accept, gateOf(rep, gates.Red).Classification, gateOf(rep, gates.Red).Reason)
		assert.Contains(t, gateOf(rep, gates.Red).Reason, "the base lacks sign", "the module imports with sign made None")
		assert.Contains(t, gateOf(rep, gates.Red).Snippet, "'NoneType' object is not callable", "and the test ran and failed")
		assert.Equal(t, []string{"tests/test_sign.py::test_sign"}, rep.Tests.FailToPass)
		assert.NotContains(t, gateOf(rep, gates.Refactor).Reason, "beside", "a new module: B runs the base's own tests")
	})

	// Without the stub, test_ten would not import on the base and would
	// count red; it runs, passes, and beside a red test is a guard.
	t.Run("a test that passes on the base cannot hide behind an import of new code", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("hide", map[string]string{"calc.py": pyCalc + "\n\ndef sign(x):\n    return -1 if x < 0 else 1\n",
			"tests/test_sign.py": "from calc import absolute, sign\n\n\ndef test_sign():\n    assert sign(-4) == -1\n\n\ndef test_ten():\n    assert absolute(10) == 10\n"})
		rep := gatesRun(t, r, gates.Python, pytest, base, head)
		red := gateOf(rep, gates.Red)
		assert.Equal(t, gates.Accept, red.Classification, red.Reason)
		assert.Contains(t, red.Reason, "the base lacks sign")
		assert.Equal(t, []string{"tests/test_sign.py::test_ten"}, rep.Tests.Guards)
		assert.Empty(t, rep.Tests.Vanity)
		assert.Equal(t, []string{"tests/test_sign.py::test_sign"}, rep.Tests.FailToPass)
	})

	t.Run("a test that passes without the fix is vanity", func(t *testing.T) {
		r.branch(base)
		head := r.commit("vanity", map[string]string{"calc.py": pyCalcFixed, "tests/test_more.py": "from calc import absolute\n\n\ndef test_ten():\n    assert absolute(10) == 10\n"})
		rep := gatesRun(t, r, gates.Python, pytest, base, head)
		assert.Equal(t, gates.RejectVanity, gateOf(rep, gates.Red).Classification)
		assert.Equal(t, []string{"tests/test_more.py::test_ten"}, rep.Tests.Vanity)
	})

	t.Run("a new table entry is the test", func(t *testing.T) {
		long(t)
		r.branch(base)
		table := "from calc import absolute\n\nCASES = [(3, 3)]\n\n\ndef test_table():\n    for x, want in CASES:\n        assert absolute(x) == want\n"
		mid := r.commit("table", map[string]string{"tests/test_table.py": table})
		head := r.commit("fix", map[string]string{"calc.py": pyCalcFixed, "tests/test_table.py": strings.Replace(table, "[(3, 3)]", "[(3, 3), (-2, 2)]", 1)})
		rep := gatesRun(t, r, gates.Python, pytest, mid, head)
		assert.True(t, rep.Accepted(), "%+v", rep.Gates)
		assert.Equal(t, []string{"tests/test_table.py::test_table"}, rep.Tests.FailToPass)
	})

	t.Run("a skipped new test is vanity", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("skip", map[string]string{"calc.py": pyCalcFixed, "tests/test_more.py": "import pytest\nfrom calc import absolute\n\n\n@pytest.mark.skip(reason=\"later\")\ndef test_neg():\n    assert absolute(-2) == 2\n"})
		rep := gatesRun(t, r, gates.Python, pytest, base, head)
		assert.Equal(t, gates.RejectVanity, gateOf(rep, gates.Red).Classification, gateOf(rep, gates.Red).Reason)
		assert.Equal(t, []string{"tests/test_more.py::test_neg"}, rep.Tests.Vanity)
	})

	t.Run("a regression guard the story names is not vanity", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("guard", map[string]string{"calc.py": pyCalcFixed,
			"tests/test_more.py": "from calc import absolute\n\n\ndef test_ten():\n    assert absolute(10) == 10\n\n\ndef test_minus_five():\n    assert absolute(-5) == 5\n"})
		spec := pySpec(r, pytest, base, head)
		spec.Guards = map[string]bool{"tests/test_more.py::test_ten": true}
		rep, err := gaterun.Run(context.Background(), spec)
		require.NoError(t, err)
		assert.Equal(t, gates.Accept, gateOf(rep, gates.Red).Classification, gateOf(rep, gates.Red).Reason)
		assert.Empty(t, rep.Tests.Vanity)
		assert.Equal(t, []string{"tests/test_more.py::test_minus_five"}, rep.Tests.FailToPass)
	})

	t.Run("test files named by a pattern from the settings", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("checks", map[string]string{"calc.py": pyCalcFixed, "pytest.ini": "[pytest]\npython_files = test_*.py check_*.py\n",
			"checks/check_neg.py": "from calc import absolute\n\n\ndef test_neg():\n    assert absolute(-7) == 7\n"})
		spec := pySpec(r, pytest, base, head)
		rep, err := gaterun.Run(context.Background(), spec)
		require.NoError(t, err)
		// The head's pytest settings changed (data of every test: they
		// are claimed and pass on the base), but check_*.py is no test
		// file by convention: nothing is red.
		assert.NotEqual(t, gates.Accept, gateOf(rep, gates.Red).Classification, "check_*.py is no test file by convention")
		assert.Empty(t, rep.Tests.FailToPass)
		spec.TestFiles = []string{"check_*.py"}
		rep, err = gaterun.Run(context.Background(), spec)
		require.NoError(t, err)
		assert.Equal(t, gates.Accept, gateOf(rep, gates.Red).Classification, gateOf(rep, gates.Red).Reason)
		assert.Equal(t, []string{"checks/check_neg.py::test_neg"}, rep.Tests.FailToPass)
	})

	// pyflakes reports `from m import x as x` as unused; ruff, mypy and
	// pyright read it as a re-export on purpose (the real-history replay:
	// click 9f9b149e added one to its __init__.py's thirty).
	t.Run("a re-export written as a redundant alias is no new finding", func(t *testing.T) {
		fix := map[string]string{"calc.py": pyCalcFixed, "tests/test_calc.py": pyTests + "\n\ndef test_negative():\n    assert absolute(-2) == 2\n"}
		for api, accepted := range map[string]bool{"from calc import absolute as absolute\n": true, "from calc import absolute\n": false} {
			r.branch(base)
			files := maps.Clone(fix)
			files["api.py"] = api
			head := r.commit("fix and "+api, files)
			spec := pySpec(r, pytest, base, head)
			spec.Static = []string{py, "-m", "pyflakes", "."}
			rep, err := gaterun.Run(context.Background(), spec)
			require.NoError(t, err)
			impl := gateOf(rep, gates.Implement)
			assert.Equal(t, accepted, impl.Classification == gates.Accept, "%q: %s", api, impl.Reason)
			assert.Equal(t, accepted, rep.Accepted(), api)
			if !accepted {
				assert.Contains(t, impl.Reason, "'calc.absolute' imported but unused")
			}
		}
	})

	// Left open (a pull request's run, `autoverify gates` on Python), the
	// static check is the first candidate allowlisted and installed where
	// the commands run, asked of the runner: the host's python3 may be
	// another interpreter (here pyenv's, without pyflakes) than the one
	// the sandbox or the container runs.
	t.Run("the static check is picked where the commands run", func(t *testing.T) {
		if exec.CommandContext(context.Background(), py, "-I", "-c", "import pyflakes").Run() != nil {
			t.Skip("SKIPPED LOUDLY: pyflakes is not installed for " + py + " (apt-get install python3-pyflakes)")
		}
		r.branch(base)
		head := r.commit("fix and an unused import", map[string]string{"calc.py": pyCalcFixed,
			"tests/test_calc.py": pyTests + "\n\ndef test_negative():\n    assert absolute(-2) == 2\n", "api.py": "from calc import absolute\n"})
		allow := func(deny string) func(string) ([]string, error) {
			return func(c string) ([]string, error) {
				if deny != "" && strings.Contains(c, deny) {
					return nil, fmt.Errorf("command `%s` is not in the allowlist", c)
				}
				return strings.Fields(c), nil
			}
		}
		spec := pySpec(r, pytest, base, head)
		spec.AutoStatic, spec.Allowed = true, allow("ruff")
		rep, err := gaterun.Run(context.Background(), spec)
		require.NoError(t, err)
		impl := gateOf(rep, gates.Implement)
		assert.Equal(t, gates.RejectFailure, impl.Classification, impl.Reason)
		assert.Contains(t, impl.Reason, "'calc.absolute' imported but unused")
		assert.Contains(t, impl.Command, py+" -I -m pyflakes")
		assert.Empty(t, rep.Unrun)

		// The same interpreter, but a runner that has no checker: the
		// host's answer does not count.
		spec.Runner = noCheckerRunner{runner(t)}
		rep, err = gaterun.Run(context.Background(), spec)
		require.NoError(t, err)
		assert.Empty(t, gateOf(rep, gates.Implement).Gate, "no IMPLEMENT gate without a checker where the commands run")
		require.Len(t, rep.Unrun, 1)
		assert.Equal(t, gates.Implement, rep.Unrun[0].Gate)
		assert.Equal(t, "`ruff check --isolated --ignore-noqa --no-cache .` is not in the allowlist; `pyflakes .` is not installed where the commands run; `"+py+" -m pyflakes .` is not installed where the commands run", rep.Unrun[0].Reason)
		assert.True(t, rep.Accepted(), "the tests' gates still judge: %+v", rep.Gates)

		spec.Runner, spec.Allowed = runner(t), allow("pyflakes")
		rep, err = gaterun.Run(context.Background(), spec)
		require.NoError(t, err)
		require.Len(t, rep.Unrun, 1)
		assert.Contains(t, rep.Unrun[0].Reason, "`"+py+" -m pyflakes .` is not in the allowlist")

		// A version manager's shim picks the interpreter by the tree's
		// .python-version, which the change writes: the check runs with
		// the interpreter the probe found, not the shim.
		r.branch(base)
		head = r.commit("fix, an unused import and a .python-version", map[string]string{"calc.py": pyCalcFixed,
			"tests/test_calc.py": pyTests + "\n\ndef test_negative():\n    assert absolute(-2) == 2\n", "api.py": "from calc import absolute\n",
			".python-version": "3.0-without-pyflakes\n"})
		spec = pySpec(r, []string{"python3-shim", "-m", "pytest"}, base, head)
		spec.AutoStatic, spec.Allowed, spec.Runner = true, allow("ruff"), shimRunner{runner(t), py}
		rep, err = gaterun.Run(context.Background(), spec)
		require.NoError(t, err)
		impl = gateOf(rep, gates.Implement)
		assert.Empty(t, rep.Unrun)
		assert.Equal(t, py+" -I -m pyflakes ./api.py ./calc.py ./tests/test_calc.py", impl.Command)
		assert.Equal(t, gates.RejectFailure, impl.Classification, impl.Reason)
		assert.Contains(t, impl.Reason, "'calc.absolute' imported but unused")
	})

	t.Run("a test with a syntax error", func(t *testing.T) {
		r.branch(base)
		head := r.commit("syntax", map[string]string{"calc.py": pyCalcFixed, "tests/test_neg.py": "from calc import absolute\n\n\ndef test_neg():\n    assert absolute(-3) == 3)\n"})
		rep := gatesRun(t, r, gates.Python, pytest, base, head)
		assert.Equal(t, gates.RejectSyntax, gateOf(rep, gates.Red).Classification, gateOf(rep, gates.Red).Reason)
		assert.Equal(t, gates.RejectSyntax, gateOf(rep, gates.Green).Classification, gateOf(rep, gates.Green).Reason)
	})

	t.Run("a change that breaks an existing test", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("break", map[string]string{"calc.py": "def absolute(x):\n    return 0\n"})
		rep := gatesRun(t, r, gates.Python, pytest, base, head)
		assert.Equal(t, gates.RejectFailure, gateOf(rep, gates.Refactor).Classification)
		assert.Equal(t, []string{"tests/test_calc.py::test_positive"}, rep.Tests.Broken)
	})

	// pytest's own way to keep a known bug in the suite is an expected
	// failure; the fix lifts the marker, and the test is its proof.
	for _, strict := range []string{"True", "False"} {
		t.Run("a fix that lifts an expected failure, strict="+strict, func(t *testing.T) {
			long(t)
			r.branch(base)
			marked := r.commit("known bug marked", map[string]string{"tests/test_bug.py": "import pytest\n" +
				strings.Replace(pyKnownBug, "def test_known_bug", "@pytest.mark.xfail(strict="+strict+")\ndef test_known_bug", 1)})
			head := r.commit("fix", map[string]string{"calc.py": pyCalcFixed, "tests/test_bug.py": pyKnownBug})
			rep := gatesRun(t, r, gates.Python, pytest, marked, head)
			assert.True(t, rep.Accepted(), "%+v", rep.Gates)
			assert.Equal(t, []string{"tests/test_bug.py::test_known_bug"}, rep.Tests.FailToPass)
			assert.Empty(t, rep.Tests.Rewritten)
			assert.Empty(t, rep.Tests.Tampered)
		})
	}

	// Every test of the suite is the change's: the head's suite without
	// them selects nothing, and pytest exits 5 (tomli 9eb2125e).
	t.Run("a head suite of only the change's tests says nothing by its exit code", func(t *testing.T) {
		long(t)
		r.branch(base)
		one := r.commit("one test file", map[string]string{"tests/test_calc.py": "", "tests/test_bug.py": "",
			"tests/test_one.py": "from calc import absolute\n\n\ndef test_one():\n    assert absolute(3) == 3\n    assert absolute(0) == 0\n"})
		head := r.commit("weaken it", map[string]string{"tests/test_one.py": "from calc import absolute\n\n\ndef test_one():\n    assert absolute(3) == 3\n"})
		rep := gatesRun(t, r, gates.Python, pytest, one, head)
		assert.Equal(t, gates.Accept, gateOf(rep, gates.Green).Classification, gateOf(rep, gates.Green).Reason)
		assert.Equal(t, gates.RejectFailure, gateOf(rep, gates.Refactor).Classification)
		assert.Equal(t, []string{"tests/test_one.py::test_one"}, rep.Tests.Tampered)
	})

	tampers := map[string]map[string]string{
		"editing a failing test to pass": {"tests/test_bug.py": "from calc import absolute\n\n\ndef test_known_bug():\n    assert absolute(-1) == -1\n"},
		"deleting a failing test":        {"tests/test_bug.py": ""},
		"skipping a failing test":        {"tests/test_bug.py": "import pytest\nfrom calc import absolute\n\n\n@pytest.mark.skip(reason=\"later\")\ndef test_known_bug():\n    assert absolute(-1) == 1\n"},
	}
	for name, files := range tampers {
		t.Run(name, func(t *testing.T) {
			if name != "skipping a failing test" {
				long(t)
			}
			r.branch(base)
			head := r.commit(name, files)
			rep := gatesRun(t, r, gates.Python, pytest, base, head)
			assert.Equal(t, []string{"tests/test_bug.py::test_known_bug"}, rep.Tests.Tampered)
			assert.Equal(t, gates.RejectFailure, gateOf(rep, gates.Refactor).Classification)
			assert.False(t, rep.Accepted())
		})
	}
}

// noCheckerRunner is a runner whose machine has no static checker: every
// probe (`PY -I -c import MODULE`, `TOOL --version`) fails there, as it
// would in a container image without one; every other command runs.
type noCheckerRunner struct{ verify.Runner }

func (n noCheckerRunner) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	if slices.Contains(cmd.Argv, "--version") || (len(cmd.Argv) == 4 && cmd.Argv[1] == "-I" && cmd.Argv[2] == "-c") {
		return verify.Result{ExitCode: 1, Output: []byte("not installed here\n")}, nil
	}
	return n.Runner.Run(ctx, cmd)
}

// shimRunner stands a version manager's python3 shim (pyenv, asdf, mise)
// named python3-shim in front of the interpreter py: where the command's
// directory holds a .python-version, the interpreter it picks has no
// pyflakes; elsewhere it is py. Every command then runs on the real
// runner.
type shimRunner struct {
	verify.Runner
	py string
}

func (s shimRunner) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	if len(cmd.Argv) == 0 || cmd.Argv[0] != "python3-shim" {
		return s.Runner.Run(ctx, cmd)
	}
	if _, err := os.Stat(filepath.Join(cmd.HostDir(), ".python-version")); err == nil && slices.Contains(cmd.Argv, "pyflakes") {
		return verify.Result{ExitCode: 1, Output: []byte("python3-shim: No module named pyflakes\n")}, nil
	}
	cmd.Argv = append([]string{s.py}, cmd.Argv[1:]...)
	return s.Runner.Run(ctx, cmd)
}
