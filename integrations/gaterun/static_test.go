package gaterun_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/gaterun"
)

// staticRunner records the runs of a static check (the command lines
// starting with tool): each run's tree, then the words after tool.
type staticRunner struct {
	verify.Runner
	tool []string
	mu   sync.Mutex
	runs [][]string
}

func (c *staticRunner) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	if len(cmd.Argv) >= len(c.tool) && slices.Equal(cmd.Argv[:len(c.tool)], c.tool) {
		c.mu.Lock()
		c.runs = append(c.runs, append([]string{cmd.Dir}, cmd.Argv[len(c.tool):]...))
		c.mu.Unlock()
	}
	return c.Runner.Run(ctx, cmd)
}

// TestPyflakesOnTheChangedFiles: pyflakes reads each file alone, so the
// gates run it on the files the change adds or edits, and IMPLEMENT
// judges every change as it would with both trees checked whole (the
// same check, given "./", which is not narrowed). Real pyflakes, real
// pytest; attacks: a file named like an option, a script without the
// .py suffix, a file changed through a second name (a symbolic link).
func TestPyflakesOnTheChangedFiles(t *testing.T) {
	py := pythonWithPytest(t)
	if exec.CommandContext(context.Background(), py, "-c", "import pyflakes").Run() != nil {
		t.Skip("pyflakes is not installed for " + py + " (apt-get install python3-pyflakes)")
	}
	pytest := []string{py, "-m", "pytest"}
	r := newRepo(t)
	// alias.py is legacy.py under a second name: pyflakes walking the
	// tree reads it, and a change to legacy.py changes it too.
	require.NoError(t, os.Symlink("legacy.py", filepath.Join(r.Dir, "alias.py")))
	base := r.commit("base", map[string]string{"calc.py": pyCalc, "tests/test_calc.py": pyTests,
		"legacy.py": "import os\n\n\ndef legacy():\n    return 1\n"}) // a finding the base already has
	fix := map[string]string{"calc.py": pyCalcFixed, "tests/test_calc.py": pyTests + "\n\ndef test_negative():\n    assert absolute(-2) == 2\n"}
	with := func(extra map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range fix {
			out[k] = v
		}
		for k, v := range extra {
			out[k] = v
		}
		return out
	}
	tool := []string{py, "-m", "pyflakes"}
	judge := func(head string, static []string) (gates.Evidence, [][]string) {
		sr := &staticRunner{Runner: runner(t), tool: []string{py, "-I", "-m", "pyflakes"}} // isolated: see TestStaticCheckIsTheInstalledTool
		spec := pySpec(r, pytest, base, head)
		spec.Runner, spec.Static = sr, static
		rep, err := gaterun.Run(context.Background(), spec)
		require.NoError(t, err)
		return gateOf(rep, gates.Implement), sr.runs
	}
	for _, tc := range []struct {
		name     string
		head     func() string
		accepted bool
		// args are the files the check is given at head (nil: the tree).
		args      []string
		baseRuns  int
		reasonHas string
		quick     bool
	}{
		{name: "a fix beside a file with an old finding", quick: true,
			head:     func() string { return r.commit("fix", fix) },
			accepted: true, args: []string{"./calc.py", "./tests/test_calc.py"}, reasonHas: "on the 2 files the change adds or edits"},
		{name: "a finding in a new file named like an option",
			head:     func() string { return r.commit("option", with(map[string]string{"-h.py": "import os\n"})) },
			accepted: false, args: []string{"./-h.py", "./calc.py", "./tests/test_calc.py"}, baseRuns: 1, reasonHas: "-h.py: 'os' imported but unused"},
		{name: "a finding in a script without the .py suffix",
			head: func() string {
				return r.commit("script", with(map[string]string{"bin/tool": "#!/usr/bin/env python3\nimport sys\n"}))
			},
			accepted: false, args: []string{"./bin/tool", "./calc.py", "./tests/test_calc.py"}, baseRuns: 1, reasonHas: "bin/tool: 'sys' imported but unused"},
		{name: "a finding the change adds to an old file",
			head: func() string {
				return r.commit("legacy", with(map[string]string{"legacy.py": "import os\nimport re\n\n\ndef legacy():\n    return 1\n"}))
			},
			accepted: false, args: []string{"./alias.py", "./calc.py", "./legacy.py", "./tests/test_calc.py"}, baseRuns: 1, reasonHas: "adds 2 static-check findings"},
		{name: "a change to no Python file",
			head:     func() string { return r.commit("docs", map[string]string{"README.md": "# calc\n"}) },
			accepted: true, args: nil, reasonHas: "adds or edits no file the static checks read"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !tc.quick {
				long(t)
			}
			r.branch(base)
			head := tc.head()
			impl, runs := judge(head, append(slices.Clone(tool), "."))
			assert.Equal(t, tc.accepted, impl.Classification == gates.Accept, impl.Reason)
			assert.Contains(t, impl.Reason, tc.reasonHas)
			if tc.args == nil {
				assert.Empty(t, runs, "nothing for the check to read: no run")
			} else {
				require.NotEmpty(t, runs)
				assert.Equal(t, tc.args, runs[0][1:], "at head")
				assert.Len(t, runs, 1+tc.baseRuns, "the base's run only when the head's found something")
			}

			whole, _ := judge(head, append(slices.Clone(tool), "./"))
			assert.Equal(t, whole.Classification, impl.Classification, "as with both trees checked whole: %s | %s", whole.Reason, impl.Reason)
			if !tc.accepted && tc.reasonHas != "" {
				assert.Contains(t, whole.Reason, tc.reasonHas, "the same finding")
			}
			assert.True(t, strings.HasSuffix(whole.Command, " ./"), whole.Command)
		})
	}
}

// TestStaticCheckIsTheInstalledTool: a change cannot stand in for the
// static checker. With `python3 -m pyflakes`, Python puts the working
// directory, the head's tree, first on its path: a pyflakes.py the change
// adds there ran instead of pyflakes, said nothing and exited 0, and
// IMPLEMENT accepted the unused import beside it. The gates run a `-m`
// check isolated (-I).
func TestStaticCheckIsTheInstalledTool(t *testing.T) {
	py := pythonWithPytest(t)
	if exec.CommandContext(context.Background(), py, "-c", "import pyflakes").Run() != nil {
		t.Skip("pyflakes is not installed for " + py + " (apt-get install python3-pyflakes)")
	}
	r := newRepo(t)
	base := r.commit("base", map[string]string{"calc.py": pyCalc, "tests/test_calc.py": pyTests})
	for _, planted := range []map[string]string{
		{"pyflakes.py": "print('no findings')\n"},
		{"pyflakes/__init__.py": "# a package of the change's\n", "pyflakes/__main__.py": "raise SystemExit(0)\n"},
	} {
		r.branch(base)
		files := map[string]string{"calc.py": "import os\n\n\n" + pyCalcFixed,
			"tests/test_calc.py": pyTests + "\n\ndef test_negative():\n    assert absolute(-2) == 2\n"}
		for k, v := range planted {
			files[k] = v
		}
		head := r.commit("fix, and a checker of its own", files)
		for _, static := range [][]string{{py, "-m", "pyflakes", "."}, {py, "-m", "pyflakes", "calc.py"}} {
			spec := pySpec(r, []string{py, "-m", "pytest"}, base, head)
			spec.Static = static
			rep, err := gaterun.Run(context.Background(), spec)
			require.NoError(t, err)
			impl := gateOf(rep, gates.Implement)
			assert.Equal(t, gates.RejectFailure, impl.Classification, "%v: %s", static, impl.Reason)
			assert.Contains(t, impl.Snippet, "'os' imported but unused", static)
			assert.Contains(t, impl.Command, py+" -I -m pyflakes", "what ran, as the evidence shows it")
		}
	}
}
