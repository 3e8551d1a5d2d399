package local

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// The sandbox shows the Go build cache copy-on-write (SandboxConfig.Caches),
// so nothing a command compiles is kept: a command reads only what was built
// outside the sandbox. On a host where nobody runs go outside it (a server,
// a fresh CI machine) that is little, and every `go test` rebuilt the
// testing package's dependencies and recomputed vet's facts about them, 73
// packages, all over again. A gates run on a one-file module took 42 s
// from an empty cache and 5.5 s from one `go vet ./...` had filled; after
// the warm-up below, 0.95 s.
//
// The warm-up runs on the host, outside the sandbox, writing the real cache,
// because it runs nothing of the workspace: a module of our own with one
// empty test, in a directory of its own, built with the toolchain the
// runner's PATH names and the environment commands get. Besides testing's
// dependencies it imports the standard packages the workspace's Go files
// import (read with go/parser, never built or run on the host): without
// them a real project's every command compiled the encoders, reflection
// and networking it uses again (toml's `go test ./...` through the CLI on a
// new machine: 9.4 s, 6.5-7.1 s once they were warm). Only packages of the
// toolchain's own standard library are named, so what a pull request can
// make the host compile is bounded by it. A package is warmed once per
// runner, build mode and hour, before a command whose program is `go`, and
// a failure is ignored: the command then compiles what it needs, as
// before.

// goWarmTimeout bounds one warm-up: from an empty cache testing's
// dependencies are about 70 standard packages (9 s on two cores), the
// whole standard library about 30 s.
const goWarmTimeout = 5 * time.Minute

// goWarmEvery is how long a warm-up stands. A go command on the host,
// the warm-up's own included, trims the cache at most once a day of the
// entries no host command used for five days; reads in the sandbox do not
// count as use (they touch the overlay, not the host's files), so what the
// warm-up made is made again when it has been trimmed. Warming a warm
// cache takes about 0.3 s.
const goWarmEvery = time.Hour

// goWarmFlags are the `go` flags whose builds of the standard library are
// warmed. Others change them too (-msan, -asan, -trimpath, -gcflags=all=,
// -tags, CGO_ENABLED); they are left out on purpose: the flags come from
// the pull request's commands, and each mode warmed costs the host up to
// tens of seconds of CPU outside the sandbox's limits. A command in another
// mode compiles what it needs in the sandbox, as before.
var goWarmFlags = []string{"race"}

// goWarmScanned bounds how many Go files of a workspace are read for their
// imports before a command, and goWarmVisited how many entries of its tree
// are looked at: enough for large modules, and a tree of a million files
// costs no more than this.
const (
	goWarmScanned = 5000
	goWarmVisited = 100000
)

// goWarmer remembers when each standard package was warmed in each build
// mode (done, keyed by goWarmKey; read from the cache's warm record when
// the toolchain is first known, so that a process of its own, as every
// CLI run is, need not check a warm cache again) and which import paths
// are the toolchain's standard packages (isStd). sem admits one warm-up
// at a time, so that a second command that starts meanwhile waits for the
// cache rather than compiling the same packages beside it; done, isStd
// and toolchain are used only by sem's holder.
type goWarmer struct {
	sem       chan struct{}
	done      map[string]time.Time
	isStd     func(string) bool
	toolchain string
}

// goWarmKey is done's key for pkg warmed in a build mode.
func goWarmKey(mode []string, pkg string) string {
	return strings.Join(mode, " ") + "\x00" + pkg
}

func newGoWarmer() *goWarmer {
	return &goWarmer{sem: make(chan struct{}, 1), done: map[string]time.Time{}}
}

// goBuildMode is the warm-up's flags for argv, a go command: those of
// goWarmFlags it sets (before any -args), in a fixed order.
func goBuildMode(argv []string) []string {
	var mode []string
	for _, w := range argv[1:] {
		if w == "-args" || w == "--args" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(w, "-"), "=")
		if on, err := strconv.ParseBool(value); hasValue && (err != nil || !on) {
			continue // -race=false, or a value go itself refuses
		}
		if strings.HasPrefix(w, "-") && slices.Contains(goWarmFlags, name) {
			mode = append(mode, "-"+name)
		}
	}
	slices.Sort(mode)
	return slices.Compact(mode)
}

// warmGo warms the shown Go build cache for argv's build mode with the
// testing package's dependencies and the standard packages the Go files
// under dir import, each once per mode and goWarmEvery, when argv runs the
// `go` on the runner's PATH and the sandbox shows a Go build cache. It
// returns early, with the cache as it is, when ctx ends while another
// command's warm-up runs.
func (r *Runner) warmGo(ctx context.Context, argv []string, dir string) {
	if r.goWarm == nil || argv[0] != "go" {
		return
	}
	cache := envValue(r.env, "GOCACHE")
	if cache == "" || !slices.Contains(r.sandbox.Caches, cache) {
		return
	}
	mode := goBuildMode(argv)
	w := r.goWarm
	select {
	case w.sem <- struct{}{}:
	case <-ctx.Done():
		return
	}
	defer func() { <-w.sem }()
	// "go" has no slash: only PATH's absolute entries are searched, never
	// the workspace.
	goBin, fail := resolve("go", "/", r.path)
	if fail != nil {
		return
	}
	if w.isStd == nil {
		goroot, toolchain := r.goToolchain(ctx, goBin)
		w.isStd, w.toolchain = stdChecker(goroot), toolchain
		for key, at := range readWarmRecord(cache, toolchain) {
			if at.After(w.done[key]) {
				w.done[key] = at
			}
		}
	}
	var due []string
	for _, pkg := range append([]string{"testing"}, stdImports(dir, w.isStd)...) {
		if at, ok := w.done[goWarmKey(mode, pkg)]; !ok || time.Since(at) >= goWarmEvery {
			due = append(due, pkg)
		}
	}
	if len(due) == 0 {
		return
	}
	r.runGoWarmUp(ctx, goBin, cache, mode, due)
	// A warm-up cut short by its command's end is tried again by the next.
	if ctx.Err() == nil {
		now := time.Now()
		for _, pkg := range due {
			w.done[goWarmKey(mode, pkg)] = now
		}
		writeWarmRecord(cache, w.toolchain, w.done)
	}
}

// runGoWarmUp builds and vets, with mode's flags, a module of one empty
// test whose package imports pkgs (testing aside), in a directory of its
// own: `go test` fills the cache with those packages, their dependencies
// and the facts go test's vet step needs, `go vet` with the facts of vet's
// full set of checks. When that fails (a package the platform cannot
// build), testing's dependencies alone are warmed.
func (r *Runner) runGoWarmUp(ctx context.Context, goBin, cache string, mode, pkgs []string) {
	imports := slices.DeleteFunc(slices.Clone(pkgs), func(p string) bool { return p == "testing" })
	if !r.goWarmModule(ctx, goBin, cache, mode, imports) && len(imports) > 0 && ctx.Err() == nil {
		r.goWarmModule(ctx, goBin, cache, mode, nil)
	}
}

// goWarmModule is one warm-up: the module importing imports, built and
// vetted; false when go failed.
func (r *Runner) goWarmModule(ctx context.Context, goBin, cache string, mode, imports []string) bool {
	var src strings.Builder
	src.WriteString("package warm\n")
	for _, p := range imports {
		fmt.Fprintf(&src, "\nimport _ %q\n", p)
	}
	dir, env, err := r.goScratch(cache, map[string]string{
		"go.mod":       "module autoverify.invalid/warm\n\ngo 1.21\n",
		"warm.go":      src.String(),
		"warm_test.go": "package warm\n\nimport \"testing\"\n\nfunc TestWarm(t *testing.T) {}\n",
	})
	if err != nil {
		return false
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(ctx, goWarmTimeout)
	defer cancel()
	for _, args := range [][]string{
		append(append([]string{"test", "-count=1", "-run=^$"}, mode...), "."),
		append(append([]string{"vet"}, mode...), "."),
	} {
		if hostGo(ctx, goBin, dir, env, args...).Run() != nil {
			return false
		}
	}
	return true
}

// goScratch is a new directory holding files, where the warm-up runs go
// on the host, and the environment for it: the commands' own, with a
// private HOME under the directory, no workspace file, and GOCACHE set
// again (os/exec gives a child the last of duplicate entries, the
// sandbox's go reads the first: the one warmGo checked). The caller
// removes the directory.
func (r *Runner) goScratch(cache string, files map[string]string) (dir string, env []string, err error) {
	dir, err = os.MkdirTemp("", "autoverify-gowarm-")
	if err != nil {
		return "", nil, err
	}
	home := filepath.Join(dir, "home")
	err = os.Mkdir(home, 0o700)
	for name, body := range files {
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600)
		}
	}
	if err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	env = append(slices.DeleteFunc(slices.Clone(r.env), func(kv string) bool {
		return strings.HasPrefix(kv, "HOME=") || strings.HasPrefix(kv, "GOWORK=") || strings.HasPrefix(kv, "GOCACHE=")
	}), "HOME="+home, "GOWORK=off", "GOCACHE="+cache)
	return dir, env, nil
}

// hostGo is goBin with args, run on the host in dir with env, in a
// process group of its own, so that a cancellation stops the compilers
// and vet go started, not go alone.
func hostGo(ctx context.Context, goBin, dir string, env []string, args ...string) *exec.Cmd {
	c := exec.CommandContext(ctx, goBin, args...)
	c.Dir, c.Env = dir, env
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	c.Cancel = func() error { return syscall.Kill(-c.Process.Pid, syscall.SIGKILL) }
	return c
}

// goBuildSettings are the variables besides CGO_* that change how go
// builds the standard library, so that a warm-up under one value says
// nothing of another; where modules come from (GOMODCACHE, GOPROXY, ...)
// does not.
var goBuildSettings = map[string]bool{
	"GOFLAGS": true, "GOOS": true, "GOARCH": true, "GOEXPERIMENT": true, "GODEBUG": true, "GOFIPS140": true,
	"GOAMD64": true, "GOARM": true, "GOARM64": true, "GO386": true, "GOMIPS": true, "GOMIPS64": true,
	"GOPPC64": true, "GORISCV64": true, "GOWASM": true,
}

// goToolchain is where goBin's standard library is and what says which
// toolchain builds for the cache: its GOROOT and version and the
// commands' build settings (goBuildSettings, CGO_*), which go's cache
// keys depend on. Both are "" when go cannot say.
func (r *Runner) goToolchain(ctx context.Context, goBin string) (goroot, toolchain string) {
	dir, env, err := r.goScratch("", nil)
	if err != nil {
		return "", ""
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	out, err := hostGo(ctx, goBin, dir, env, "env", "GOROOT", "GOVERSION").Output()
	if err != nil {
		return "", ""
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 2 {
		return "", ""
	}
	settings := slices.DeleteFunc(slices.Clone(r.env), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return !strings.HasPrefix(name, "CGO_") && !goBuildSettings[name]
	})
	slices.Sort(settings)
	return lines[0], strings.Join(append([]string{goBin, lines[0], lines[1]}, settings...), "\n")
}
