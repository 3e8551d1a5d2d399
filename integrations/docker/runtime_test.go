package docker

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/runnertest"
)

// gVisor is the runtime name scripts/test.sh registers /usr/bin/runsc
// under (Debian's runsc package).
const gVisor = "runsc"

var (
	runtimeMu  sync.Mutex
	runtimeErr = map[string]error{} // why a runtime is unusable, once per name
)

// needRuntime skips the test loudly unless the engine has runtime and can
// start a container with it — or fails it when CI=true, where
// scripts/test.sh installs and registers runsc.
func needRuntime(tb testing.TB, runtime string) {
	tb.Helper()
	needEngine(tb)
	runtimeMu.Lock()
	err, done := runtimeErr[runtime]
	if !done {
		err = tryRuntime(runtime)
		runtimeErr[runtime] = err
	}
	runtimeMu.Unlock()
	if err == nil {
		return
	}
	if os.Getenv("CI") == "true" {
		tb.Fatalf("OCI runtime %s required when CI=true (scripts/test.sh registers it): %v", runtime, err)
	}
	msg := fmt.Sprintf("SKIPPING: the engine cannot run containers with OCI runtime %s: %v", runtime, err)
	fmt.Fprintln(os.Stderr, msg)
	tb.Skip(msg)
}

func tryRuntime(runtime string) error {
	r, err := New(Config{Image: testImage, Label: testLabel, Runtime: runtime, Shape: ShapeFresh})
	if err != nil {
		return err
	}
	defer r.Close()
	dir, err := os.MkdirTemp("", "avdocker-runtime")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	res, err := r.Run(context.Background(), verify.Command{Argv: []string{"true"}, Dir: dir})
	if err != nil {
		return err
	}
	if res.ExitCode != 0 {
		return fmt.Errorf("`true` exited %d: %s", res.ExitCode, res.Output)
	}
	return nil
}

// TestRuntimeNotRegistered: a runtime the engine lacks is refused by New,
// naming the setting, the name and the runtimes the engine has.
func TestRuntimeNotRegistered(t *testing.T) {
	needEngine(t)
	_, err := New(Config{Image: testImage, Label: testLabel, Runtime: "no-such-runtime"})
	if !errors.Is(err, ErrRuntimeNotFound) {
		t.Fatalf("New: err = %v, want ErrRuntimeNotFound", err)
	}
	for _, want := range []string{EnvRuntime, `"no-such-runtime"`, "runc", "daemon.json"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %q", err, want)
		}
	}
}

// TestRuntimeCheckedOnceReachable: with the engine unreachable at New, the
// runtime is checked by the first Run that reaches it; CheckIsolation
// checks it too.
func TestRuntimeCheckedOnceReachable(t *testing.T) {
	needEngine(t)
	r, err := New(Config{Image: testImage, Label: testLabel, Runtime: "no-such-runtime", Host: "unix:///nonexistent/docker.sock"})
	if err != nil {
		t.Fatalf("New with an unreachable engine: %v", err)
	}
	defer r.Close()
	if _, err := r.Run(context.Background(), verify.Command{Argv: []string{"true"}, Dir: t.TempDir()}); !errors.Is(err, ErrEngineUnreachable) {
		t.Errorf("Run: err = %v, want ErrEngineUnreachable", err)
	}
	// The same runner object against the real engine: the check happens
	// on Run and on CheckIsolation.
	r.cli.Close()
	r2 := &Runner{s: r.s, warm: map[string]*warmSlot{}}
	r2.s.host = testHost()
	r2.cli = newRunner(t, Config{}).cli
	r2.runtimePending.Store(true)
	if _, err := r2.Run(context.Background(), verify.Command{Argv: []string{"true"}, Dir: t.TempDir()}); !errors.Is(err, ErrRuntimeNotFound) {
		t.Errorf("Run once reachable: err = %v, want ErrRuntimeNotFound", err)
	}
	if err := r2.CheckIsolation(context.Background()); !errors.Is(err, ErrRuntimeNotFound) {
		t.Errorf("CheckIsolation: err = %v, want ErrRuntimeNotFound", err)
	}
}

// TestRuntimeGVisor: with Runtime "runsc" the command runs under gVisor's
// kernel (its uname), in both shapes.
func TestRuntimeGVisor(t *testing.T) {
	needRuntime(t, gVisor)
	for _, shape := range shapes {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, Config{Shape: shape, Runtime: gVisor})
			if err := r.CheckIsolation(context.Background()); err != nil {
				t.Fatalf("CheckIsolation: %v", err)
			}
			res := run(t, r, t.TempDir(), "cat", "/proc/version")
			// gVisor reports a fixed, made-up kernel ("Linux version
			// 4.4.0 #1 SMP Sun Jan 10 15:06:54 PST 2016"), never the host's.
			host, err := os.ReadFile("/proc/version")
			if err != nil {
				t.Fatal(err)
			}
			if res.ExitCode != 0 || string(res.Output) == string(host) {
				t.Errorf("exit %d, /proc/version %q: want gVisor's, not the host's %q", res.ExitCode, res.Output, host)
			}
		})
	}
}

// TestEscapeGVisor runs the escape suite under gVisor, both shapes (the
// warm one under -short).
func TestEscapeGVisor(t *testing.T) {
	needRuntime(t, gVisor)
	run := shapes
	if testing.Short() {
		run = []Shape{ShapeWarm} // see TestEscape
	}
	for _, shape := range run {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, attackLimits(Config{Shape: shape, Runtime: gVisor}))
			runnertest.Escape(t, runnertest.Target{Runner: r, Workdir: t.TempDir()})
		})
	}
}

// TestGVisorWarmSandboxDeath: a command that gets the warm sandbox killed
// (8 GiB against the 2 GiB limit; 256 MiB under -short, see attackLimits)
// ends at once, killed, not at its timeout (the exec outlives a dead
// gVisor sandbox); the next command gets a new container.
func TestGVisorWarmSandboxDeath(t *testing.T) {
	needRuntime(t, gVisor)
	r := newRunner(t, attackLimits(Config{Shape: ShapeWarm, Runtime: gVisor}))
	dir := t.TempDir()
	bin := runnertest.BuildAttacker(t)
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "attacker"), data, 0o755); err != nil {
		t.Fatal(err)
	}
	res, err := r.Run(context.Background(), verify.Command{Argv: []string{"./attacker", "alloc", "8589934592"}, Dir: dir, Timeout: time.Minute})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if res.ExitCode == 0 || res.TimedOut || res.Duration > 30*time.Second {
		t.Errorf("alloc: exit %d, timed out %v after %v: want killed, quickly; output %q", res.ExitCode, res.TimedOut, res.Duration, res.Output)
	}
	if res := run(t, r, dir, "true"); res.ExitCode != 0 {
		t.Errorf("the next command: exit %d, output %q", res.ExitCode, res.Output)
	}
}
