package failure

import (
	"os"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
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
		{"python, the submodule is there", pyTree, []string{"python3", "-m", "pytest"}, noPy("calc.ops"), EnvError},
		{"python, a package directory is there", pyTree, []string{"python3", "-m", "pytest"}, noPy("shop.cart"), EnvError},
		{"python, its own top-level package", pyTree, []string{"python3", "-m", "pytest"}, noPy("shop"), EnvError},
		{"python, a dependency's submodule", pyTree, []string{"python3", "-m", "pytest"}, noPy("requests.adapters"), EnvError},
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
