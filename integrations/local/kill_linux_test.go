package local

import (
	"context"
	"crypto/rand"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/engineo/autoverify/bot/verify"
)

// treeScript starts three kinds of descendant that a naive kill misses, each
// recording its host pid (read from /proc/self/stat, which is right even
// inside a PID namespace, unlike $$) before becoming a long sleep:
//   - a grandchild that ignores SIGTERM,
//   - a grandchild that left the process group and session with setsid,
//   - an orphan from a double fork that also called setsid.
//
// It then waits for all three pid files and runs the given tail.
const treeScript = `
d=$1
readlink /proc/self/ns/pid >"$d/ns"
sh -c 'trap "" TERM; read p _ </proc/self/stat; echo $p >"$1/trap.pid"; exec sleep 1000' sh "$d" &
setsid sh -c 'read p _ </proc/self/stat; echo $p >"$1/setsid.pid"; exec sleep 1000' sh "$d" &
( setsid sh -c 'trap "" TERM; read p _ </proc/self/stat; echo $p >"$1/orphan.pid"; exec sleep 1000' sh "$d" & )
for f in trap setsid orphan; do
	while [ ! -s "$d/$f.pid" ]; do sleep 0.01; done
done
echo started
`

// assertTreeGone checks that no process the tree script started survived.
// In the sandbox the recorded pids are the namespace's own, so the check
// is that no process on the host is still in the namespace.
func assertTreeGone(t *testing.T, mode Isolation, dir string) {
	t.Helper()
	if mode != IsolationSandbox {
		assertGone(t, treePIDs(t, dir))
		return
	}
	ns, err := os.ReadFile(filepath.Join(dir, "ns"))
	if err != nil {
		t.Fatal(err)
	}
	assertNamespaceGone(t, strings.TrimSpace(string(ns)))
}

func treePIDs(t *testing.T, dir string) map[string]int {
	t.Helper()
	pids := map[string]int{}
	for _, f := range []string{"trap", "setsid", "orphan"} {
		pids[f] = readPID(t, filepath.Join(dir, f+".pid"))
	}
	return pids
}

// TestTimeoutKillsWholeTree times out a command whose descendants ignore
// SIGTERM or escaped with setsid and checks none of them survives, in both
// isolation modes.
func TestTimeoutKillsWholeTree(t *testing.T) {
	t.Parallel()
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			t.Parallel()
			r := newRunner(t, mode, WithKillGrace(300*time.Millisecond))
			dir := t.TempDir()
			script := writeScript(t, dir, "tree.sh", treeScript+"trap '' TERM\nwait\nsleep 1000\n")
			const timeout = 2 * time.Second
			begin := time.Now()
			res, err := r.Run(context.Background(), verify.Command{Argv: []string{script, dir}, Dir: dir, Timeout: timeout})
			elapsed := time.Since(begin)
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			t.Logf("result: code %d timedOut %v duration %v output %q", res.ExitCode, res.TimedOut, res.Duration, res.Output)
			assertTreeGone(t, mode, dir)
			if !res.TimedOut || res.ExitCode != ExitTimedOut {
				t.Errorf("TimedOut = %v, ExitCode = %d, want true, %d", res.TimedOut, res.ExitCode, ExitTimedOut)
			}
			if string(res.Output) != "started\n" {
				t.Errorf("output = %q", res.Output)
			}
			if res.Duration < timeout || elapsed > timeout+r.grace+drainTimeout+5*time.Second {
				t.Errorf("Duration = %v, Run took %v; want about %v plus the grace", res.Duration, elapsed, timeout)
			}
		})
	}
}

// TestLeftoversKilledAfterExit checks that a command exiting 0 does not
// leave background processes behind: the kernel kills them with the PID
// namespace, the group kill and token sweep do in process-group mode. It
// also shows Run does not wait for them to close the output pipe.
func TestLeftoversKilledAfterExit(t *testing.T) {
	t.Parallel()
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			t.Parallel()
			r := newRunner(t, mode)
			dir := t.TempDir()
			script := writeScript(t, dir, "bg.sh", treeScript+"exit 0\n")
			begin := time.Now()
			res, err := r.Run(context.Background(), verify.Command{Argv: []string{script, dir}, Dir: dir})
			elapsed := time.Since(begin)
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			assertTreeGone(t, mode, dir)
			if res.ExitCode != 0 || res.TimedOut || string(res.Output) != "started\n" {
				t.Errorf("got %d %v %q", res.ExitCode, res.TimedOut, res.Output)
			}
			// Duration ends at the command's exit; the rest of Run is
			// killing leftovers and draining, which must not wait for
			// them to finish on their own.
			if extra := elapsed - res.Duration; extra >= drainTimeout {
				t.Errorf("Run spent %v after the command exited: it waited for leftovers instead of killing them", extra)
			}
		})
	}
}

// TestContextCancelKillsTree cancels the context mid-run: the tree dies at
// once (no grace) and Run returns the context's error with the partial
// result.
func TestContextCancelKillsTree(t *testing.T) {
	t.Parallel()
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			t.Parallel()
			r := newRunner(t, mode, WithKillGrace(time.Minute))
			dir := t.TempDir()
			script := writeScript(t, dir, "tree.sh", treeScript+"wait\n")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go func() {
				for _, f := range []string{"trap", "setsid", "orphan"} {
					for {
						if fi, err := os.Stat(filepath.Join(dir, f+".pid")); err == nil && fi.Size() > 0 {
							break
						}
						time.Sleep(10 * time.Millisecond)
					}
				}
				cancel()
			}()
			begin := time.Now()
			res, err := r.Run(ctx, verify.Command{Argv: []string{script, dir}, Dir: dir})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("err = %v, want context.Canceled", err)
			}
			if elapsed := time.Since(begin); elapsed > 10*time.Second {
				t.Errorf("Run took %v after cancel", elapsed)
			}
			assertTreeGone(t, mode, dir)
			if res.ExitCode != 128+9 || res.TimedOut {
				t.Errorf("ExitCode = %d, TimedOut = %v, want 137, false", res.ExitCode, res.TimedOut)
			}
		})
	}
}

// TestSweepToken checks the sweep in isolation: it kills a process carrying
// the token and leaves one without it alone.
func TestSweepToken(t *testing.T) {
	t.Parallel()
	token := "test-" + rand.Text()
	victim := exec.Command("setsid", "sleep", "1000")
	victim.Env = []string{"PATH=" + os.Getenv("PATH"), TokenEnv + "=" + token}
	bystander := exec.Command("sleep", "1000")
	bystander.Env = []string{"PATH=" + os.Getenv("PATH"), TokenEnv + "=" + token + "-not"}
	for _, c := range []*exec.Cmd{victim, bystander} {
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { _ = c.Process.Kill(); _ = c.Wait() }()
	}
	// A process in the middle of execve shows an empty environment, so
	// wait until both have become sleep (see sweepToken).
	for _, c := range []*exec.Cmd{victim, bystander} {
		for {
			b, _ := os.ReadFile("/proc/" + strconv.Itoa(c.Process.Pid) + "/cmdline")
			if strings.HasPrefix(string(b), "sleep\x00") {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	if n := sweepToken(token, 0); n != 1 {
		t.Errorf("sweepToken killed %d processes, want 1", n)
	}
	if err := victim.Wait(); victim.ProcessState == nil || victim.ProcessState.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Errorf("victim: %v, want killed by SIGKILL", err)
	}
	if !running(bystander.Process.Pid) {
		t.Errorf("process with a different token was killed")
	}
}

// TestSweepTokenWaitsOutAnExec is the flake TestContextCancelKillsTree had:
// a descendant caught between exec's, whose environment reads as empty,
// escaped a sweep that found nothing else to kill. Here it is held in that
// state (a shell started with no environment, blocked on a read) until the
// sweep has looked once; then it execs into a process that carries the
// token. Without the second look it survives (the control); with it, it
// dies.
func TestSweepTokenWaitsOutAnExec(t *testing.T) {
	t.Parallel()
	token := "test-" + rand.Text()
	// The shell exports the token and execs sleep itself: `exec env
	// TOKEN=… sleep` went through env, whose environment is the shell's
	// (dash exports PWD even under env -i), so a look that fell between
	// the two execs saw a process with an environment and no token, and
	// nothing left to wait for (the test failed under load).
	victim := exec.Command("env", "-i", "/bin/sh", "-c", "read x; export "+TokenEnv+"="+token+"; exec sleep 1000")
	stdin, err := victim.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := victim.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = victim.Process.Kill(); _ = victim.Wait() }()
	pid := victim.Process.Pid
	for {
		b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
		if strings.HasPrefix(string(b), "/bin/sh\x00") {
			break
		}
		time.Sleep(time.Millisecond)
	}
	started := startTime(pid)
	if !mayBeExecing(pid, started) || mayBeExecing(pid, started+1) {
		t.Fatalf("mayBeExecing(shell with no environment) = %v since its start, %v since after it; want true, false",
			mayBeExecing(pid, started), mayBeExecing(pid, started+1))
	}
	if n := sweep(token, started, nil, nil); n != 0 {
		t.Fatalf("control: a sweep without a second look killed %d processes, want 0 (nothing carries the token yet)", n)
	}
	released := false
	n := sweep(token, started, []time.Duration{20 * time.Millisecond, 50 * time.Millisecond, 100 * time.Millisecond,
		200 * time.Millisecond, 400 * time.Millisecond, time.Second, 2 * time.Second}, func() {
		if !released {
			released = true
			_, _ = stdin.Write([]byte("go\n"))
		}
	})
	if !released || n != 1 {
		t.Fatalf("sweep killed %d processes (second look taken: %v), want 1 after a second look", n, released)
	}
	if err := victim.Wait(); victim.ProcessState == nil || victim.ProcessState.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Errorf("victim: %v, want killed by SIGKILL", err)
	}
}
