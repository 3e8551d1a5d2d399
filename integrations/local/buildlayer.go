package local

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/local/sandboxinit"
)

// Build layers. The sandbox shows the Go build cache copy-on-write, so
// what one command compiles is gone for the next: the gates, which run
// four or five commands in two trees, compiled each tree four or five
// times. Keeping a command's cache writes is not safe when the command
// runs the tree's code, which could store a package under the key of
// another for the next command to test instead. So the gates compile a
// tree once, in a step that runs none of its code (gates.CompileOnly:
// `go test -c` compiles, vets and links the test binaries into the layer,
// `go list -export -test` only compiles; neither runs anything),
// and asks for that step's cache writes to be kept in a layer of the tree's own
// (verify.Command.WriteBuildLayer); every later command in the tree reads
// the layer above the runner's cache (BuildLayer), copy-on-write as ever.
// The layer belongs to one gates run and is removed with its trees; the
// runner's cache is never written.

// LayersBuildCache says whether commands can read and write build layers:
// they run in the sandbox, which shows a Go build cache.
func (r *Runner) LayersBuildCache() bool {
	cache := envValue(r.env, "GOCACHE")
	return r.mode == IsolationSandbox && r.fallback.Load() == nil && cache != "" && slices.Contains(r.sandbox.Caches, cache)
}

// BuildCacheDir is where commands see the Go build cache, and so a build
// layer's files: the cache's own path, shown there copy-on-write ("" when
// the runner lays no layer).
func (r *Runner) BuildCacheDir() string {
	if !r.LayersBuildCache() {
		return ""
	}
	return envValue(r.env, "GOCACHE")
}

// buildLayer sets c's layer from cmd's and makes the layer's directories;
// it returns whether c writes the layer. A command gets no layer when the
// sandbox shows no Go build cache, and a writer none unless its program is
// the runner's own go: the tree's files cannot stand in for the compiler
// (a `go` script in a PATH entry inside the tree, say).
func (r *Runner) buildLayer(c *sandboxinit.Command, cmd verify.Command) bool {
	if cmd.BuildLayer == "" || !filepath.IsAbs(cmd.BuildLayer) {
		return false
	}
	cache := envValue(r.env, "GOCACHE")
	if cache == "" || !slices.Contains(r.sandbox.Caches, cache) {
		return false
	}
	if cmd.WriteBuildLayer && !r.runsOwnGo(c) {
		return false
	}
	for _, d := range []string{"upper", "work"} {
		if err := os.MkdirAll(filepath.Join(cmd.BuildLayer, d), 0o700); err != nil {
			return false
		}
	}
	c.Layer, c.LayerOver, c.LayerWrite = cmd.BuildLayer, cache, cmd.WriteBuildLayer
	return c.LayerWrite
}

// runsOwnGo says whether c runs the go on the runner's PATH, found outside
// the tree c runs in.
func (r *Runner) runsOwnGo(c *sandboxinit.Command) bool {
	if c.Argv[0] != "go" {
		return false
	}
	path, fail := resolve("go", c.Dir, r.path)
	if fail != nil {
		return false
	}
	for _, tree := range []string{c.Dir, c.Source} {
		if tree != "" && isUnder(path, tree) {
			return false
		}
	}
	return true
}

// isUnder says whether path is dir or inside it (both clean and absolute).
func isUnder(path, dir string) bool {
	return path == dir || strings.HasPrefix(path, dir+string(filepath.Separator))
}
