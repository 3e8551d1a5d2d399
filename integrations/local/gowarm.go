package local

import (
	"context"
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
// runner's PATH names and the environment commands get. It runs once per
// runner, build mode and hour, before a command whose program is `go`,
// and a failure is ignored: the command then compiles what it needs, as
// before.

// goWarmTimeout bounds one warm-up: from an empty cache it compiles about
// 70 standard packages (9 s on two cores).
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

// goWarmer remembers when each build mode was warmed. sem admits one
// warm-up at a time, so that a second command that starts meanwhile waits
// for the cache rather than compiling the same packages beside it; done
// is read and written only by sem's holder.
type goWarmer struct {
	sem  chan struct{}
	done map[string]time.Time
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

// warmGo warms the shown Go build cache for argv's build mode, once per
// mode and goWarmEvery, when argv runs the `go` on the runner's PATH and
// the sandbox shows a Go build cache. It returns early, with the cache as
// it is, when ctx ends while another command's warm-up runs.
func (r *Runner) warmGo(ctx context.Context, argv []string) {
	if r.goWarm == nil || argv[0] != "go" {
		return
	}
	cache := envValue(r.env, "GOCACHE")
	if cache == "" || !slices.Contains(r.sandbox.Caches, cache) {
		return
	}
	mode := goBuildMode(argv)
	key := strings.Join(mode, " ")
	w := r.goWarm
	select {
	case w.sem <- struct{}{}:
	case <-ctx.Done():
		return
	}
	defer func() { <-w.sem }()
	if at, ok := w.done[key]; ok && time.Since(at) < goWarmEvery {
		return
	}
	r.runGoWarmUp(ctx, cache, mode)
	// A warm-up cut short by its command's end is tried again by the next.
	if ctx.Err() == nil {
		w.done[key] = time.Now()
	}
}

// runGoWarmUp builds and vets a module of one empty test with mode's
// flags, in a directory of its own: `go test` fills the cache with the
// testing package's dependencies and the facts its vet step needs, `go vet`
// with the facts of vet's full set of checks.
func (r *Runner) runGoWarmUp(ctx context.Context, cache string, mode []string) {
	dir, err := os.MkdirTemp("", "autoverify-gowarm-")
	if err != nil {
		return
	}
	defer os.RemoveAll(dir)
	files := map[string]string{
		"go.mod":       "module autoverify.invalid/warm\n\ngo 1.21\n",
		"warm_test.go": "package warm\n\nimport \"testing\"\n\nfunc TestWarm(t *testing.T) {}\n",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
			return
		}
	}
	goBin, fail := resolve("go", dir, r.path)
	if fail != nil {
		return
	}
	home := filepath.Join(dir, "home")
	if err := os.Mkdir(home, 0o700); err != nil {
		return
	}
	// GOCACHE is set again: os/exec gives a child the last of duplicate
	// entries, the sandbox's go reads the first (the one warmGo checked).
	env := append(slices.DeleteFunc(slices.Clone(r.env), func(kv string) bool {
		return strings.HasPrefix(kv, "HOME=") || strings.HasPrefix(kv, "GOWORK=") || strings.HasPrefix(kv, "GOCACHE=")
	}), "HOME="+home, "GOWORK=off", "GOCACHE="+cache)
	ctx, cancel := context.WithTimeout(ctx, goWarmTimeout)
	defer cancel()
	for _, args := range [][]string{
		append(append([]string{"test", "-count=1", "-run=^$"}, mode...), "."),
		append(append([]string{"vet"}, mode...), "."),
	} {
		c := exec.CommandContext(ctx, goBin, args...)
		c.Dir, c.Env = dir, env
		// Its own process group, so that a cancellation stops the
		// compilers and vet go started, not go alone.
		c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		c.Cancel = func() error { return syscall.Kill(-c.Process.Pid, syscall.SIGKILL) }
		if c.Run() != nil {
			return
		}
	}
}
