//go:build linux

package local

import (
	"context"
	"errors"
	"io/fs"
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
)

// layerModule writes a module whose package, as its test binary starts,
// plants a file in the Go build cache it is shown (what a pull request
// would do to poison the next command's compiled packages).
func layerModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":  "module example.com/calc\n\ngo 1.21\n",
		"calc.go": "package calc\n\n// Double is 2x.\nfunc Double(x int) int { return 2 * x }\n",
		"calc_test.go": `package calc

import (
	"os"
	"path/filepath"
	"testing"
)

func init() {
	if c := os.Getenv("GOCACHE"); c != "" {
		os.WriteFile(filepath.Join(c, "planted"), []byte("x"), 0o644)
	}
}

func TestDouble(t *testing.T) {
	if Double(2) != 4 {
		t.Fatal("2x")
	}
}
`,
	}
	for name, body := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	return dir
}

// userCache is the Go build cache the runner shows by default, warm from
// this package's own build: an empty one would make each test wait for a
// warm-up of the standard library.
func userCache(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	require.NoError(t, err)
	cache := strings.TrimSpace(string(out))
	require.True(t, filepath.IsAbs(cache), "GOCACHE %q", cache)
	t.Setenv("GOCACHE", cache)
	return cache
}

// privateCache is a build cache of this test's own holding the user's
// entries (hard links, no data copied), made the runner's, so that a check
// of what landed in the runner's cache sees this test's writes only: the
// user's cache is shared with whatever else compiles meanwhile, and in CI
// (the other packages' tests, the deploy check's builds) an entry another
// process compiled at the same moment, the same by its content's name,
// once read as the compile step's leak.
func privateCache(t *testing.T) string {
	t.Helper()
	private := filepath.Join(t.TempDir(), "go-build")
	// cp reports the entries the user's go removed or renamed while it
	// copied, and links the rest: what counts is that the cache exists.
	_ = exec.Command("cp", "-al", userCache(t), private).Run()
	require.DirExists(t, private)
	t.Setenv("GOCACHE", private)
	return private
}

// layerFiles is every file the layer holds, relative to its upper layer.
func layerFiles(t *testing.T, layer string) []string {
	t.Helper()
	upper := filepath.Join(layer, "upper")
	var out []string
	require.NoError(t, filepath.WalkDir(upper, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, strings.TrimPrefix(p, upper))
		}
		return err
	}))
	return out
}

func planted(layer string) bool {
	_, err := os.Stat(filepath.Join(layer, "upper", "planted"))
	return !errors.Is(err, os.ErrNotExist)
}

// TestBuildLayerKeepsTheCompileStepForTheTreesCommands: the compile step
// (gates.CompileOnly) writes the tree's compiled packages into the layer,
// and a later command in the tree that reads the layer compiles none of
// them, where one without it (or before the step) compiles the package.
// Nothing of the tree ran in the step (its planted file is not in the
// layer), and the runner's own cache is never written.
func TestBuildLayerKeepsTheCompileStepForTheTreesCommands(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go toolchain on PATH")
	}
	cache := privateCache(t)
	r := newRunner(t, IsolationSandbox)
	require.True(t, r.LayersBuildCache())
	dir, layer := layerModule(t), filepath.Join(t.TempDir(), "layer")
	ctx := context.Background()
	test := func(l string) string {
		res, err := r.Run(ctx, verify.Command{ItemID: "t", Argv: []string{"go", "test", "-x", "-count=1", "."}, Dir: dir, BuildLayer: l})
		require.NoError(t, err)
		require.Equal(t, 0, res.ExitCode, tail(string(res.Output)))
		return string(res.Output)
	}
	const compiled = "-p example.com/calc "
	assert.Contains(t, test(layer), compiled, "an empty layer: the package compiles")

	step, ok := gates.CompileOnly(gates.Go, []string{"go", "test", "-count=1", "."}, "")
	require.True(t, ok)
	res, err := r.Run(ctx, verify.Command{ItemID: "t", Argv: step, Dir: dir, BuildLayer: layer, WriteBuildLayer: true})
	require.NoError(t, err)
	require.Equal(t, 0, res.ExitCode, tail(string(res.Output)))
	assert.False(t, planted(layer), "the compile step ran the tree's code")
	kept := layerFiles(t, layer)
	require.NotEmpty(t, kept, "the compile step's writes were kept")
	for _, f := range kept {
		_, err := os.Stat(filepath.Join(cache, f))
		require.True(t, errors.Is(err, os.ErrNotExist), "the step wrote %s into the runner's cache too", f)
	}

	assert.NotContains(t, test(layer), compiled, "the layer serves the compiled package")
	assert.Contains(t, test(""), compiled, "without the layer the package compiles again")
	assert.False(t, planted(layer), "a reader's writes reached the layer")
	assert.Equal(t, kept, layerFiles(t, layer), "a reader changed the layer")
	_, err = os.Stat(filepath.Join(cache, "planted"))
	assert.True(t, errors.Is(err, os.ErrNotExist), "the tree's code wrote the runner's cache")
}

// TestBuildLayerIsWrittenOnlyByTheRunnersGo: a command asking to write the
// layer that is not the runner's go — a shell, or a `go` inside the tree
// that PATH finds — gets no layer at all; and `go test` itself, which starts the
// test binaries, would leak what they plant into a layer it wrote (which
// is why the gates write with CompileOnly's step alone).
func TestBuildLayerIsWrittenOnlyByTheRunnersGo(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go toolchain on PATH")
	}
	userCache(t)
	dir := layerModule(t)
	require.NoError(t, os.Mkdir(filepath.Join(dir, "bin"), 0o755))
	writeScript(t, filepath.Join(dir, "bin"), "go", `echo x > "$GOCACHE/planted"`)
	ctx := context.Background()
	write := func(r *Runner, layer string, argv ...string) {
		res, err := r.Run(ctx, verify.Command{ItemID: "t", Argv: argv, Dir: dir, BuildLayer: layer, WriteBuildLayer: true})
		require.NoError(t, err)
		require.Equal(t, 0, res.ExitCode, tail(string(res.Output)))
	}

	r := newRunner(t, IsolationSandbox)
	shell := filepath.Join(t.TempDir(), "layer")
	write(r, shell, "sh", "-c", `echo x > "$GOCACHE/planted"`)
	assert.False(t, planted(shell), "a shell wrote the layer")

	goTest := filepath.Join(t.TempDir(), "layer")
	write(r, goTest, "go", "test", "-count=1", ".")
	assert.True(t, planted(goTest), "a writer that runs the tests: what they plant is kept (the attack CompileOnly's step leaves no room for)")

	// Relative PATH entries are never searched (sandboxinit.Resolve); an
	// absolute one into the tree is an operator's mistake the layer still
	// does not trust. The Go warm-up, which runs PATH's go on the host, is
	// off here: it trusts the operator's PATH.
	t.Setenv("PATH", filepath.Join(dir, "bin")+string(os.PathListSeparator)+os.Getenv("PATH"))
	inTree := newRunner(t, IsolationSandbox)
	inTree.goWarm = nil
	fake := filepath.Join(t.TempDir(), "layer")
	write(inTree, fake, "go", "test", "-run=^$", "-exec=true", ".")
	assert.False(t, planted(fake), "the tree's own go wrote the layer")
	_, err := os.Stat(filepath.Join(os.Getenv("GOCACHE"), "planted"))
	assert.True(t, errors.Is(err, os.ErrNotExist), "the tree's code wrote the runner's cache")
}

// TestBuildLayerKeepsTheTestBinaries: with a directory for test binaries
// in the cache (gates.CompileOnly's bins), the compile step links the
// tree's test binary into the layer, running nothing, and a later go test
// given the directory (gates.WithBinaries) runs it without linking; a
// reader's test that overwrites the binary there reaches no later reader;
// and a tree whose test changed since is linked anew, never served the
// step's stale binary.
func TestBuildLayerKeepsTheTestBinaries(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go toolchain on PATH")
	}
	cache := userCache(t)
	r := newRunner(t, IsolationSandbox)
	require.Equal(t, cache, r.BuildCacheDir())
	dir, layer := layerModule(t), filepath.Join(t.TempDir(), "layer")
	bins := cache + "/autoverify-test-binaries/"
	ctx := context.Background()
	test := []string{"go", "test", "-count=1", "."}
	step, ok := gates.CompileOnly(gates.Go, test, bins)
	require.True(t, ok)
	res, err := r.Run(ctx, verify.Command{ItemID: "t", Argv: step, Dir: dir, BuildLayer: layer, WriteBuildLayer: true})
	require.NoError(t, err)
	require.Equal(t, 0, res.ExitCode, tail(string(res.Output)))
	assert.False(t, planted(layer), "the compile step ran the tree's code")
	assert.Contains(t, layerFiles(t, layer), "/autoverify-test-binaries/calc.test")
	kept := layerFiles(t, layer)
	binary := func() []byte {
		raw, err := os.ReadFile(filepath.Join(layer, "upper", "autoverify-test-binaries", "calc.test"))
		require.NoError(t, err)
		return raw
	}
	linkedOnce := binary()

	reader := func(extra ...string) string {
		argv, ok := gates.WithBinaries(append(slices.Clone(test[:2]), append(extra, test[2:]...)...), bins)
		require.True(t, ok)
		res, err := r.Run(ctx, verify.Command{ItemID: "t", Argv: argv, Dir: dir, BuildLayer: layer, Throwaway: true})
		require.NoError(t, err)
		return string(res.Output)
	}
	const linked = "/link -o"
	out := reader("-x")
	assert.NotContains(t, out, linked, "the layer's binary was linked again")
	assert.Contains(t, out, "ok  \texample.com/calc")

	// A test that replaces the binary in the directory with one that
	// passes whatever the code does.
	evil := "package calc\n\nimport (\n\t\"os\"\n\t\"testing\"\n)\n\nfunc TestPlant(t *testing.T) {\n\tos.WriteFile(os.Getenv(\"GOCACHE\")+\"/autoverify-test-binaries/calc.test\", []byte(\"#!/bin/sh\\necho PASS\\n\"), 0o755)\n}\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "plant_test.go"), []byte(evil), 0o644))
	out = reader("-x")
	assert.Contains(t, out, linked, "a changed test ran the step's stale binary")
	assert.Contains(t, out, "ok  \texample.com/calc")
	require.NoError(t, os.Remove(filepath.Join(dir, "plant_test.go")))
	assert.Equal(t, kept, layerFiles(t, layer), "a reader changed the layer")
	assert.Equal(t, linkedOnce, binary(), "a reader's test replaced the binary in the layer")
	assert.NotContains(t, reader("-x"), linked, "the layer's binary was linked again")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "calc.go"), []byte("package calc\n\n// Double is broken.\nfunc Double(x int) int { return x }\n"), 0o644))
	out = reader()
	assert.Contains(t, out, "FAIL\texample.com/calc", "changed code ran the step's stale binary")
}
