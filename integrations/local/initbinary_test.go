//go:build linux

package local

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/integrations/local/sandboxinit"
)

// initBinaryEnv names an init binary (cmd/autoverify-sandbox-init) for
// TestMain to run every sandbox of the package's tests with, instead of
// the test binary itself: scripts/test.sh runs the escape suite both ways.
const initBinaryEnv = "AUTOVERIFY_TEST_INIT_BINARY"

// useInitBinaryFromEnv applies initBinaryEnv; check, after the tests,
// fails if the binary was not used to the end (it proved stale).
func useInitBinaryFromEnv() (check func() int) {
	bin := os.Getenv(initBinaryEnv)
	if bin == "" {
		return func() int { return 0 }
	}
	sandboxinit.UseBinary(bin)
	return func() int {
		if got, _ := sandboxinit.BinaryInUse(); got != bin {
			os.Stderr.WriteString("FAIL: the sandboxes did not run " + bin + " to the end (in use: \"" + got + "\")\n")
			return 1
		}
		return 0
	}
}

// buildInitProgram builds cmd/autoverify-sandbox-init to out, with ldflags
// (-X to make one "from other source").
func buildInitProgram(t *testing.T, out, ldflags string) string {
	t.Helper()
	args := []string{"build", "-o", out}
	if ldflags != "" {
		args = append(args, "-ldflags", ldflags)
	}
	build := exec.Command("go", append(args, "github.com/engineo/autoverify/cmd/autoverify-sandbox-init")...)
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	return out
}

// TestRunnerFallsBackFromAStaleInitBinary: an init binary from another
// build refuses; the runner's commands still run, in
// inits started from the executable itself, from then on.
func TestRunnerFallsBackFromAStaleInitBinary(t *testing.T) {
	if os.Getenv(initBinaryEnv) != "" {
		t.Skip("the package's sandboxes run a chosen init binary")
	}
	stale := buildInitProgram(t, filepath.Join(t.TempDir(), sandboxinit.BinaryName),
		"-X github.com/engineo/autoverify/integrations/local/sandboxinit.builtSourceID=other")
	sandboxinit.UseBinary(stale)
	defer sandboxinit.UseBinary("")
	r := newRunner(t, IsolationSandbox)
	t.Cleanup(func() { _ = r.Close() })
	for i := 0; i < 3; i++ {
		res, err := r.Run(context.Background(), bot.Command{Argv: []string{"sh", "-c", "echo ran"}, Dir: t.TempDir(), Timeout: time.Minute})
		if err != nil || res.ExitCode != 0 || string(res.Output) != "ran\n" {
			t.Fatalf("command %d beside a stale init binary: %+v, %v", i, res, err)
		}
	}
	if got, _ := sandboxinit.BinaryInUse(); got != "" {
		t.Errorf("the stale init binary is still in use: %q", got)
	}
}

// TestRunnerFallsBackFromABrokenInitBinary: an init program that is not
// one (not an executable format, a script that exits at once) is given up
// for autoverify itself, and the commands run sandboxed: never with
// weaker isolation because the init program failed.
func TestRunnerFallsBackFromABrokenInitBinary(t *testing.T) {
	if os.Getenv(initBinaryEnv) != "" {
		t.Skip("the package's sandboxes run a chosen init binary")
	}
	for name, content := range map[string]string{"garbage": "not a program\n", "exits": "#!/bin/sh\nexit 3\n"} {
		bin := filepath.Join(t.TempDir(), sandboxinit.BinaryName)
		if err := os.WriteFile(bin, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
		sandboxinit.UseBinary(bin)
		r, err := New(WithIsolation(IsolationAuto))
		if err != nil {
			t.Fatal(err)
		}
		if r.Isolation() != IsolationSandbox {
			t.Skipf("no sandbox here: %s", r.Isolation())
		}
		for i := 0; i < 2; i++ {
			res, err := r.Run(context.Background(), bot.Command{Argv: []string{"sh", "-c", "echo ran"}, Dir: t.TempDir(), Timeout: time.Minute})
			if err != nil || res.ExitCode != 0 || string(res.Output) != "ran\n" {
				t.Fatalf("%s: command %d beside a broken init program: %+v, %v", name, i, res, err)
			}
		}
		if f := r.fallback.Load(); f != nil {
			t.Errorf("%s: the runner fell back to %s", name, f.mode)
		}
		if got, _ := sandboxinit.BinaryInUse(); got != "" {
			t.Errorf("%s: the broken init program is still in use", name)
		}
		_ = r.Close()
	}
	sandboxinit.UseBinary("")
}

// TestRunnerDropsAnInitBinaryInTheWorkDirectory: an init program inside
// the directory a command writes is given up before that command runs (it
// could replace it for the inits started after), and the command runs in
// a sandbox of autoverify's own.
func TestRunnerDropsAnInitBinaryInTheWorkDirectory(t *testing.T) {
	if os.Getenv(initBinaryEnv) != "" {
		t.Skip("the package's sandboxes run a chosen init binary")
	}
	work := t.TempDir()
	bin := buildInitProgram(t, filepath.Join(work, "tools", sandboxinit.BinaryName), "")
	sandboxinit.UseBinary(bin)
	defer sandboxinit.UseBinary("")
	r := newRunner(t, IsolationSandbox)
	t.Cleanup(func() { _ = r.Close() })
	res, err := r.Run(context.Background(), bot.Command{Argv: []string{"sh", "-c", "echo x > tools/" + sandboxinit.BinaryName + " && echo replaced"},
		Dir: work, Timeout: time.Minute})
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("command: %+v, %v", res, err)
	}
	if got, _ := sandboxinit.BinaryInUse(); got != "" {
		t.Errorf("the init program in the work directory is still in use")
	}
	res, err = r.Run(context.Background(), bot.Command{Argv: []string{"sh", "-c", "echo ran"}, Dir: t.TempDir(), Timeout: time.Minute})
	if err != nil || string(res.Output) != "ran\n" {
		t.Fatalf("the next command: %+v, %v", res, err)
	}
}

// TestCheckedSandboxNeverFallsBack: once CheckIsolation has built a
// sandbox (serve's start, /readyz), a command whose sandbox then fails
// fails; it never runs with weaker isolation.
func TestCheckedSandboxNeverFallsBack(t *testing.T) {
	r, err := New(WithIsolation(IsolationAuto))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Close() })
	if r.Isolation() != IsolationSandbox {
		t.Skipf("no sandbox here: %s", r.Isolation())
	}
	if err := r.CheckIsolation(context.Background()); err != nil {
		t.Fatal(err)
	}
	// The probe's command started a refill: let it finish, then empty
	// the pool, so that the next command needs a sandbox of its own.
	for r.refilling.Load() {
		time.Sleep(time.Millisecond)
	}
	r.spawnFunc = func() (*initProc, error) { return nil, errors.New("the kernel said no") }
	for {
		select {
		case p := <-r.warm:
			p.Kill()
			continue
		default:
		}
		break
	}
	_, err = r.Run(context.Background(), bot.Command{Argv: []string{"true"}, Dir: t.TempDir(), Timeout: time.Minute})
	if err == nil {
		t.Fatal("a command whose sandbox failed ran")
	}
	if f := r.fallback.Load(); f != nil {
		t.Errorf("the runner fell back to %s after CheckIsolation had built its sandbox", f.mode)
	}
}
