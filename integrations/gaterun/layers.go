package gaterun

// Build layers: each tree compiled once, by a step that runs none of its
// code, and read by the tree's later commands.

import (
	"context"
	"os"
	"path/filepath"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/verify"
)

// buildLayers names a build layer for each tree where two or more Go
// commands run, on a runner that can lay one over its build cache
// (verify.BuildLayerer): RED's tree (RED, then the base's suite) and the
// head's when more than its suite runs there. Each is compiled once, by a
// step that runs none of its code (compile), and every later command in
// the tree reads what it compiled instead of compiling it again; the
// layers go with the trees.
func (s *Spec) buildLayers(tmp string, p *plan, baseDir, headDir string) map[string]string {
	l, ok := s.Runner.(verify.BuildLayerer)
	if !ok || !l.LayersBuildCache() {
		return nil
	}
	if _, ok := gates.CompileOnly(s.Ecosystem, s.Test, ""); !ok {
		return nil
	}
	layers := map[string]string{}
	if len(p.redFiles) > 0 {
		layers[baseDir] = tmp + "/layer-base"
	}
	if p.headApart != nil || s.Static != nil || s.Mutate || len(p.touchedBase) > 0 {
		layers[headDir] = tmp + "/layer-head"
	}
	return layers
}

// cacheShower is a runner that says where its commands see the Go build
// cache, and so a build layer's files (the local sandbox: at the cache's
// own path); "" when it lays no layer.
type cacheShower interface {
	BuildCacheDir() string
}

// testBinaries names, for each tree with a build layer, the directory its
// compile step links the test binaries into and its later go test
// commands run them from (gates.CompileOnly, gates.WithBinaries): inside
// the build cache as the commands see it, so that the binaries are in the
// layer, written by the step that runs nothing of the tree and read
// copy-on-write by the rest; named for this gates run, so that nothing
// another run left at that path outside a layer (a runner that fell back
// from the sandbox writes the real cache) can stand in for a binary. None
// for a test command that names packages beyond the tree, where two of
// the trees' packages, with tests or without, would get one binary name
// (go test -o dir/ then refuses to run at all), or on a runner that does
// not say where its cache is.
func (s *Spec) testBinaries(tmp string, p *plan) map[string]string {
	cs, ok := s.Runner.(cacheShower)
	if !ok || len(s.layers) == 0 || cs.BuildCacheDir() == "" {
		return nil
	}
	bins := cs.BuildCacheDir() + "/autoverify-test-binaries/" + filepath.Base(tmp) + "/"
	// Every package of either tree, with tests or without: go test -o
	// dir/ checks all it matches.
	dirs := map[string]bool{}
	for _, tree := range []string{p.baseDir, p.headDir} {
		pkgs, err := goPackageDirs(tree)
		if err != nil {
			return nil
		}
		for _, d := range pkgs {
			dirs[d] = true
		}
	}
	for _, tree := range []string{p.baseDir, p.headDir} {
		if s.modules[tree] == "" || gates.BinaryNamesClash(s.modules[tree], sortedKeys(dirs)) {
			return nil
		}
	}
	out := map[string]string{}
	for dir := range s.layers {
		full, err := s.testArgv(dir, s.Test)
		if err != nil {
			continue
		}
		if _, ok := gates.CompileOnly(s.Ecosystem, full, bins); ok {
			out[dir] = bins
		}
	}
	s.binsRun = bins
	return out
}

// removeBins removes this run's test binaries from the runner's cache
// where a command wrote them there outside a layer (a runner that fell
// back from the sandbox runs the compile step on the host).
func (s *Spec) removeBins() {
	if s.binsRun != "" {
		_ = os.RemoveAll(s.binsRun)
	}
}

// compile is dir's compile step, when it has a build layer: the test
// command's packages compiled into the layer (gates.CompileOnly), nothing
// of the tree run. A failure is left to the commands, which compile what
// is missing and report it themselves; only the run's end stops the gates.
func (s *Spec) compile(ctx context.Context, dir string) error {
	if s.layers[dir] == "" {
		return nil
	}
	full, err := s.testArgv(dir, s.Test)
	if err != nil {
		return err
	}
	argv, ok := gates.CompileOnly(s.Ecosystem, full, s.bins[dir])
	if !ok {
		return nil
	}
	_ = s.runCmd(ctx, &run{argv: argv, at: s.now(), writeLayer: true}, dir)
	return ctx.Err()
}
