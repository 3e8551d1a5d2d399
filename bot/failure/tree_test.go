package failure

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A missing import is the code's when the tree the command ran in shows
// the package is its own and is not there; a dependency, a package the
// tree has (the import fails for another reason), a top-level package of
// its own (a layout not on the path) and an output with no tree stay the
// setup's. Outputs as go 1.26 and Python 3.11 print them.
func TestOwnPackageMissing(t *testing.T) {
	t.Parallel()
	goTree := fstest.MapFS{
		"go.mod":          {Data: []byte("module example.com/shop\n\ngo 1.22\n")},
		"shop.go":         {Data: []byte("package shop\n")},
		"ledger/entry.go": {Data: []byte("package ledger\n")},
	}
	noModule := func(p string) string {
		return "shop.go:3:8: no required module provides package " + p + "; to add it:\n\tgo get " + p + "\n"
	}
	pyTree := fstest.MapFS{
		"calc/__init__.py":          {Data: []byte("")},
		"calc/ops.py":               {Data: []byte("")},
		"calc/stats/__init__.py":    {Data: []byte("")},
		"src/shop/__init__.py":      {Data: []byte("")},
		"tests/test_stats.py":       {Data: []byte("")},
		"requirements.txt":          {Data: []byte("requests\n")},
		"calc/stats/summary.py":     {Data: []byte("")},
		"src/shop/cart/__init__.py": {Data: []byte("")},
	}
	noPy := func(name string) string {
		return "Traceback (most recent call last):\n  File \"/repo/tests/test_stats.py\", line 3, in <module>\n    import x\nModuleNotFoundError: No module named '" + name + "'\n"
	}
	tests := []struct {
		name string
		tree fstest.MapFS
		argv []string
		out  string
		want Type
	}{
		{"go, a package of the module never written", goTree, []string{"go", "build", "./..."}, noModule("example.com/shop/utilz"), CodeError},
		{"go, a dependency", goTree, []string{"go", "build", "./..."}, noModule("github.com/pkg/errors"), EnvError},
		{"go, a module path's look-alike", goTree, []string{"go", "build", "./..."}, noModule("example.com/shopping/cart"), EnvError},
		{"go, the package is there", goTree, []string{"go", "build", "./..."}, noModule("example.com/shop/ledger"), EnvError},
		{"go, a module path without a dot", fstest.MapFS{"go.mod": {Data: []byte("module shop\n")}}, []string{"go", "vet", "./..."}, "shop.go:3:8: package shop/utilz is not in std (/usr/local/go/src/shop/utilz)\n", CodeError},
		{"go, no tree", nil, []string{"go", "build", "./..."}, noModule("example.com/shop/utilz"), EnvError},
		{"python, a submodule of its own never written", pyTree, []string{"python3", "-m", "pytest"}, noPy("calc.statistics"), CodeError},
		{"python, under src", pyTree, []string{"python3", "-m", "pytest"}, noPy("shop.checkout"), CodeError},
		{"python, deeper", pyTree, []string{"python3", "-m", "pytest"}, noPy("calc.stats.median"), CodeError},
		{"python, pytest's E line", pyTree, []string{"pytest-3"}, "E   ModuleNotFoundError: No module named 'calc.statistic'\n", CodeError},
		// upstream11-tune: the module is the command line's, misspelt
		// there (unittest's loader imports its argument; Python 3.11).
		{"python, unittest given a module that is not there", pyTree, []string{"python3", "-m", "unittest", "calc.statistics"}, "E\n======================================================================\nERROR: statistics (unittest.loader._FailedTest.statistics)\n----------------------------------------------------------------------\nImportError: Failed to import test module: statistics\nTraceback (most recent call last):\n  File \"/usr/lib/python3.11/unittest/loader.py\", line 154, in loadTestsFromName\n    module = __import__(module_name)\n             ^^^^^^^^^^^^^^^^^^^^^^^\nModuleNotFoundError: No module named 'calc.statistics'\n\n\n----------------------------------------------------------------------\nRan 1 test in 0.000s\n\nFAILED (errors=1)\n", EnvError},
		{"python, the submodule is there", pyTree, []string{"python3", "-m", "pytest"}, noPy("calc.ops"), EnvError},
		{"python, a package directory is there", pyTree, []string{"python3", "-m", "pytest"}, noPy("shop.cart"), EnvError},
		{"python, its own top-level package", pyTree, []string{"python3", "-m", "pytest"}, noPy("shop"), EnvError},
		{"python, a dependency's submodule", pyTree, []string{"python3", "-m", "pytest"}, noPy("requests.adapters"), EnvError},
		// A review's counter-examples: what a build step, not the
		// change, is meant to make, and evidence the rule must not
		// overrule.
		{"python, a Cython module not built", withFiles(pyTree, "calc/_speedups.pyx"), []string{"python3", "-m", "pytest"}, noPy("calc._speedups"), EnvError},
		{"python, a module built for another interpreter", withFiles(pyTree, "calc/_fast.cpython-310-x86_64-linux-gnu.so"), []string{"python3", "-m", "pytest"}, noPy("calc._fast"), EnvError},
		{"python, a module the .gitignore names", withFiles(pyTree, ".gitignore=calc/_version.py\n"), []string{"python3", "-m", "pytest"}, noPy("calc._version"), EnvError},
		{"go, generated beside a go:generate", withFiles(goTree, "gen.go=package shop\n\n//go:generate protoc --go_out=gen orders.proto\n"), []string{"go", "build", "./..."}, noModule("example.com/shop/gen/orderpb"), EnvError},
		{"go, under a submodule", withFiles(goTree, ".gitmodules=[submodule \"x\"]\n\tpath = third_party/foo\n\turl = ../foo\n"), []string{"go", "build", "./..."}, noModule("example.com/shop/third_party/foo/bar"), EnvError},
		{"go, an ignored directory", withFiles(goTree, ".gitignore=/gen/\n"), []string{"go", "build", "./..."}, noModule("example.com/shop/gen/orderpb"), EnvError},
		{"pytest, a test failed beside a logged import error", pyTree, []string{"pytest", "-q"}, "F\n=== FAILURES ===\n___ test_add ___\n\n    def test_add():\n>       assert add(2, 2) == 5\nE       assert 4 == 5\n\ntests/test_ops.py:4: AssertionError\n----- Captured stderr call -----\nModuleNotFoundError: No module named 'calc._speedups'\n=== short test summary info ===\nFAILED tests/test_ops.py::test_add - assert 4 == 5\n1 failed in 0.01s\n", TestFailure},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := Failure{Argv: tt.argv, ExitCode: 1, Output: []byte(tt.out)}
			if tt.tree != nil {
				f.Tree = tt.tree
			}
			ty, rule := Explain(f)
			assert.Equal(t, tt.want, ty, rule)
		})
	}
}

// A command that leaves a FIFO named go.mod in its tree does not hang the
// reading of its failure (opening a FIFO waits for a writer).
func TestOwnPackageMissingSkipsAFIFO(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := syscall.Mkfifo(dir+"/go.mod", 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	done := make(chan Type, 1)
	go func() {
		ty, _ := Explain(Failure{Argv: []string{"go", "build"}, ExitCode: 1, Tree: root.FS(),
			Output: []byte("shop.go:3:8: no required module provides package example.com/shop/utilz; to add it:\n")})
		done <- ty
	}()
	select {
	case ty := <-done:
		assert.Equal(t, EnvError, ty)
	case <-time.After(10 * time.Second):
		t.Fatal("reading the failure waited on a FIFO named go.mod")
	}
}

// withFiles is tree with more files: "name" (empty) or "name=content".
func withFiles(tree fstest.MapFS, files ...string) fstest.MapFS {
	out := fstest.MapFS{}
	for k, v := range tree {
		out[k] = v
	}
	for _, f := range files {
		name, content, _ := strings.Cut(f, "=")
		out[name] = &fstest.MapFile{Data: []byte(content)}
	}
	return out
}

// A tree the command shaped cannot make the reading slow: a link
// anywhere on the path is "cannot tell" (os.Root would walk a chain of
// nested links for each lookup), and only the first few distinct imports
// an output names are looked up, however often it repeats them.
func TestOwnPackageMissingIsBounded(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(dir+"/go.mod", []byte("module m\n"), 0o644))
	deep := dir + "/d"
	for i := 0; i < 50; i++ {
		deep += "/d"
	}
	require.NoError(t, os.MkdirAll(deep, 0o755))
	require.NoError(t, os.Symlink(deep, dir+"/l"))
	root, err := os.OpenRoot(dir)
	require.NoError(t, err)
	defer root.Close()
	var out strings.Builder
	for i := 0; out.Len() < 1<<20; i++ {
		fmt.Fprintf(&out, "a.go:1:8: package m/l/x%d is not in std\n", i%1000)
	}
	start := time.Now()
	ty, _ := Explain(Failure{Argv: []string{"go", "build"}, ExitCode: 1, Output: []byte(out.String()), Tree: root.FS()})
	assert.Equal(t, EnvError, ty, "a package behind a link is not plainly missing")
	assert.Less(t, time.Since(start), time.Second)
}

// A checker's finding on a file without a suffix (an executable script)
// is a finding when the tree holds that file: pyflakes on bin/tool read
// as "checker read no code", the setup's. Without the tree, or naming a
// file the tree lacks, the reading stays as it was.
func TestCheckerFindingOnATreeFile(t *testing.T) {
	t.Parallel()
	tree := fstest.MapFS{"bin/tool": {Data: []byte("#!/usr/bin/env python3\nimport sys\n")}, "calc.py": {Data: []byte("")}}
	out := []byte("./bin/tool:2:1: 'sys' imported but unused\n")
	for _, tc := range []struct {
		name string
		argv []string
		tree fstest.MapFS
		out  []byte
		want Type
	}{
		{"pyflakes on a script of the tree", []string{"python3", "-I", "-m", "pyflakes", "./bin/tool"}, tree, out, LintError},
		{"the console script", []string{"pyflakes", "bin/tool"}, tree, []byte("bin/tool:2:1: 'sys' imported but unused\n"), LintError},
		{"mypy on a script of the tree", []string{"mypy", "bin/tool"}, tree, []byte("bin/tool:2: error: Name \"x\" is not defined  [name-defined]\nFound 1 error in 1 file (checked 1 source file)\n"), TypeError},
		{"no tree", []string{"pyflakes", "./bin/tool"}, nil, out, EnvError},
		{"a file the tree lacks", []string{"pyflakes", "./bin/other"}, tree, []byte("./bin/other:2:1: 'sys' imported but unused\n"), EnvError},
	} {
		f := Failure{Argv: tc.argv, ExitCode: 1, Output: tc.out}
		if tc.tree != nil {
			f.Tree = tc.tree
		}
		got, rule := Explain(f)
		assert.Equal(t, tc.want, got, "%s (%s)", tc.name, rule)
	}
}
