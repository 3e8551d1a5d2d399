//go:build linux

package local

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/engineo/autoverify/bot/verify"
)

// modes lists both isolation modes so that every behaviour is checked under
// each of them on the same machine.
var modes = []Isolation{IsolationSandbox, IsolationPIDNamespace, IsolationProcessGroup}

// newRunner builds a runner forced into mode, skipping the test when the
// kernel does not permit it.
func newRunner(tb testing.TB, mode Isolation, opts ...Option) *Runner {
	tb.Helper()
	r, err := New(append([]Option{WithIsolation(mode)}, opts...)...)
	if err != nil {
		if mode == IsolationPIDNamespace {
			tb.Skipf("PID namespaces not available: %v", err)
		}
		tb.Fatalf("New: %v", err)
	}
	if got := r.Isolation(); got != mode {
		tb.Fatalf("Isolation() = %q, want %q", got, mode)
	}
	return r
}

// run runs argv in a fresh temporary directory and fails the test on a
// runner error.
func run(tb testing.TB, r *Runner, argv ...string) verify.Result {
	tb.Helper()
	res, err := r.Run(context.Background(), verify.Command{ItemID: "t", Argv: argv, Dir: tb.TempDir()})
	if err != nil {
		tb.Fatalf("Run(%q): %v", argv, err)
	}
	return res
}

// writeScript writes an executable shell script into dir.
func writeScript(tb testing.TB, dir, name, body string) string {
	tb.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		tb.Fatal(err)
	}
	return p
}

// readPID reads a host pid a test process wrote about itself.
func readPID(tb testing.TB, path string) int {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("pid file: %v (the process never started?)", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		tb.Fatalf("pid file %s: %v", path, err)
	}
	return pid
}

// assertGone waits up to a second for pids to die, and kills survivors so
// that a failing test does not leak processes into the next one.
func assertGone(tb testing.TB, pids map[string]int) {
	tb.Helper()
	deadline := time.Now().Add(time.Second)
	for name, pid := range pids {
		for running(pid) && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if running(pid) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			tb.Errorf("%s process %d survived the run", name, pid)
		}
	}
}

// assertNamespaceGone waits up to a second for every host process in the
// PID namespace ns (as /proc/PID/ns/pid names it) to die, and kills
// survivors so that a failing test does not leak them.
func assertNamespaceGone(tb testing.TB, ns string) {
	tb.Helper()
	if self, _ := os.Readlink("/proc/self/ns/pid"); ns == "" || ns == self {
		tb.Fatalf("namespace %q is not a sandbox's own", ns)
	}
	deadline := time.Now().Add(time.Second)
	for {
		var left []int
		entries, _ := os.ReadDir("/proc")
		for _, e := range entries {
			pid, err := strconv.Atoi(e.Name())
			if err != nil {
				continue
			}
			if link, _ := os.Readlink("/proc/" + e.Name() + "/ns/pid"); link == ns && running(pid) {
				left = append(left, pid)
			}
		}
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			for _, pid := range left {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
			tb.Errorf("processes %v of the sandbox's namespace survived the run", left)
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}
