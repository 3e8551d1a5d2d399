//go:build linux

package local

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/verify"
)

// goModule writes a module with one test into a fresh directory. The
// test's package, as it starts, writes a file at pwned: a path on the host
// that a command in the sandbox cannot reach (its /tmp is private). It
// imports image/png, a standard package testing and its test main do
// not need.
func goModule(t *testing.T, pwned string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/calc\n\ngo 1.21\n",
		"calc_test.go": `package calc

import (
	"bytes"
	"image/png"
	"os"
	"testing"
)

func init() { os.WriteFile("` + pwned + `", []byte("ran on the host"), 0o644) }

func TestOne(t *testing.T) {
	if _, err := png.Decode(bytes.NewReader(nil)); err == nil {
		t.Fatal("png")
	}
}
`,
	}
	for name, body := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	return dir
}

// tail is the end of a long output, for a failure's message.
func tail(s string) string { return s[max(0, len(s)-2000):] }

// warmedAt is when r last finished warming the plain build mode (zero:
// never). Read between commands, when no warm-up runs.
func warmedAt(r *Runner) time.Time { return r.goWarm.done[goWarmKey(nil, "testing")] }

// TestGoWarmUpFillsTheShownCacheOnce: from an empty Go build cache, the
// first `go test` in the sandbox finds the testing package and the
// standard package the workspace imports (image/png) already built
// (the warm-up built them on the host), a second command warms nothing
// again, and nothing of the workspace ran outside the sandbox. Without the
// warm-up the command compiled `testing` itself, and every later command
// again, since the sandbox keeps none of its writes; with testing's
// dependencies alone warmed, it compiled image/png every time.
func TestGoWarmUpFillsTheShownCacheOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("long (builds the standard library into an empty cache): bash scripts/test-long.sh runs it")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go toolchain on PATH")
	}
	cache := t.TempDir()
	t.Setenv("GOCACHE", cache)
	r := newRunner(t, IsolationSandbox)
	require.Contains(t, r.sandbox.Caches, cache)
	pwned := filepath.Join(t.TempDir(), "pwned")
	dir := goModule(t, pwned)

	res, err := r.Run(context.Background(), verify.Command{ItemID: "t", Argv: []string{"go", "test", "-x", "-count=1", "."}, Dir: dir})
	require.NoError(t, err)
	out := string(res.Output)
	require.Equal(t, 0, res.ExitCode, tail(out))
	assert.True(t, strings.Contains(out, "-p example.com/calc "), "the workspace's own package is compiled in the sandbox")
	assert.False(t, strings.Contains(out, "-p testing "), "the testing package comes from the warmed cache, not from a compile in the sandbox")
	assert.False(t, strings.Contains(out, "-p image/png "), "the workspace's standard imports come from the warmed cache")
	first := warmedAt(r)
	require.False(t, first.IsZero(), "warmed")
	_, err = os.Stat(pwned)
	assert.True(t, errors.Is(err, os.ErrNotExist), "the workspace's code ran on the host: %v", err)

	res = run(t, r, "go", "version")
	require.Equal(t, 0, res.ExitCode, string(res.Output))
	assert.Equal(t, first, warmedAt(r), "one warm-up per runner and build mode")
	res = run(t, r, "sh", "-c", "true")
	require.Equal(t, 0, res.ExitCode)
	assert.Equal(t, first, warmedAt(r), "a command that is not go warms nothing")

	// An hour on, go may have trimmed what was warmed: warmed again.
	old := time.Now().Add(-goWarmEvery - time.Minute)
	r.goWarm.done[goWarmKey(nil, "testing")] = old
	res = run(t, r, "go", "version")
	require.Equal(t, 0, res.ExitCode, string(res.Output))
	assert.True(t, warmedAt(r).After(old.Add(goWarmEvery)), "warmed again")
}

// TestGoWarmUpRecordSpansRunners: a second runner on the same cache (a
// second CLI run) takes what the first warmed from the cache's record and
// warms nothing again within the hour; one with other Go settings does
// not trust it and warms.
func TestGoWarmUpRecordSpansRunners(t *testing.T) {
	if testing.Short() {
		t.Skip("long (builds the standard library into an empty cache): bash scripts/test-long.sh runs it")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go toolchain on PATH")
	}
	t.Setenv("GOCACHE", t.TempDir())
	first := newRunner(t, IsolationSandbox)
	res := run(t, first, "go", "version")
	require.Equal(t, 0, res.ExitCode, string(res.Output))
	warmed := warmedAt(first)
	require.False(t, warmed.IsZero())

	// where modules come from is not a build setting
	second := newRunner(t, IsolationSandbox, WithEnv("GOMODCACHE="+t.TempDir()))
	res = run(t, second, "go", "version")
	require.Equal(t, 0, res.ExitCode, string(res.Output))
	assert.True(t, warmedAt(second).Equal(warmed), "the second runner took the first's warm-up from the record (%v, %v)", warmedAt(second), warmed)

	other := newRunner(t, IsolationSandbox, WithEnv("GOFLAGS=-tags=other"))
	res = run(t, other, "go", "version")
	require.Equal(t, 0, res.ExitCode, string(res.Output))
	assert.True(t, warmedAt(other).After(warmed), "other settings: warmed again")
}

// TestGoWarmUpFallsBackToTestingAlone: a warm-up whose module go refuses
// (a package this platform cannot build, or one that is not there) still
// warms testing's dependencies, and its packages count as tried for the
// hour, so that commands do not pay the refusal each time.
func TestGoWarmUpFallsBackToTestingAlone(t *testing.T) {
	if testing.Short() {
		t.Skip("long (builds the standard library into an empty cache): bash scripts/test-long.sh runs it")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go toolchain on PATH")
	}
	cache := t.TempDir()
	t.Setenv("GOCACHE", cache)
	r := newRunner(t, IsolationSandbox)
	r.runGoWarmUp(context.Background(), goBin, cache, nil, []string{"testing", "autoverify.invalid/missing"})
	dir := goModule(t, filepath.Join(t.TempDir(), "pwned"))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "calc_test.go"), []byte("package calc\n\nimport \"testing\"\n\nfunc TestOne(t *testing.T) {}\n"), 0o644))
	r.goWarm.done[goWarmKey(nil, "testing")] = time.Now() // the warm-up above, not another
	res, err := r.Run(context.Background(), verify.Command{ItemID: "t", Argv: []string{"go", "test", "-x", "-count=1", "."}, Dir: dir})
	require.NoError(t, err)
	out := string(res.Output)
	require.Equal(t, 0, res.ExitCode, tail(out))
	assert.False(t, strings.Contains(out, "-p testing "), "testing's dependencies were warmed although the module with the missing package failed")
}

// TestGoWarmUpWaitsWithinTheCommandsContext: a command that arrives while
// another's warm-up runs waits for it, but no longer than its context.
func TestGoWarmUpWaitsWithinTheCommandsContext(t *testing.T) {
	t.Setenv("GOCACHE", t.TempDir())
	r := newRunner(t, IsolationSandbox)
	r.goWarm.sem <- struct{}{} // another command's warm-up, running
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := r.Run(ctx, verify.Command{ItemID: "t", Argv: []string{"go", "version"}, Dir: t.TempDir()})
	assert.Error(t, err)
	assert.Less(t, time.Since(start), 5*time.Second)
	assert.True(t, warmedAt(r).IsZero(), "nothing warmed")
	<-r.goWarm.sem
}

// TestGoWarmUpWithoutGoLeavesTheCommandAlone: where the runner's PATH has
// no go, the warm-up cannot run and the command fails as it would have.
func TestGoWarmUpWithoutGoLeavesTheCommandAlone(t *testing.T) {
	t.Setenv("GOCACHE", t.TempDir())
	r := newRunner(t, IsolationSandbox, WithPath("/nonexistent"))
	res := run(t, r, "go", "version")
	assert.Equal(t, ExitNotFound, res.ExitCode, string(res.Output))
}

func TestGoBuildMode(t *testing.T) {
	for argv, want := range map[string]string{
		"go test ./...":                        "",
		"go test -race ./...":                  "-race",
		"go test --race=true -trimpath ./...":  "-race",
		"go test -race=false ./...":            "",
		"go test -race=0 ./...":                "",
		"go test -race=T ./...":                "-race",
		"go test -trimpath -race -race ./...":  "-race",
		"go test . -args -race":                "",
		"go vet -tags race ./...":              "",
		"go build -asan -msan ./cmd/x":         "",
		"go test -run TestRace -count=1 ./...": "",
	} {
		assert.Equal(t, want, strings.Join(goBuildMode(strings.Fields(argv)), " "), argv)
	}
}

// TestANewAccountsGoBuildCacheIsMadeAndShown: where go is on the runner's
// PATH and the service's account has no build cache yet (nobody ran go
// outside the sandbox), the runner makes it, so that the sandbox shows it
// and the warm-up has somewhere to put the standard library; without go,
// nothing is made. Before, the sandbox showed no cache and every go
// command compiled the standard library from nothing.
func TestANewAccountsGoBuildCacheIsMadeAndShown(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go toolchain on PATH")
	}
	cache := filepath.Join(t.TempDir(), "go-build")
	t.Setenv("GOCACHE", cache)
	r := newRunner(t, IsolationSandbox)
	assert.DirExists(t, cache)
	assert.Contains(t, r.sandbox.Caches, cache)

	none := filepath.Join(t.TempDir(), "go-build")
	t.Setenv("GOCACHE", none)
	r = newRunner(t, IsolationSandbox, WithPath("/nonexistent"))
	assert.NoDirExists(t, none)
	assert.NotContains(t, r.sandbox.Caches, none)

	explicit := filepath.Join(t.TempDir(), "go-build")
	t.Setenv("GOCACHE", explicit)
	newRunner(t, IsolationSandbox, WithSandbox(SandboxConfig{Caches: []string{}}))
	assert.NoDirExists(t, explicit, "caches the operator named (here none) are left alone")
}
