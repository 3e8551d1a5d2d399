package local

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/engineo/autoverify/bot/verify"
)

// The sandbox's init stays PID 1 while the command runs (sandboxinit's
// serve). These tests pin down what that buys and what it must not cost:
// the command is an ordinary process, its orphans are reaped, a timeout's
// SIGTERM reaches it, and the init stays out of its reach.

func TestSandboxCommandIsNotPID1(t *testing.T) {
	t.Parallel()
	r := newRunner(t, IsolationSandbox)
	t.Cleanup(func() { _ = r.Close() })
	// kill $$ ends an ordinary process; a PID 1 would carry on.
	res := run(t, r, "sh", "-c", "kill -TERM $$; echo survived")
	if res.ExitCode != 128+15 || strings.Contains(string(res.Output), "survived") {
		t.Errorf("a self-inflicted SIGTERM: exit %d, output %q; want 143 and no output", res.ExitCode, res.Output)
	}
	// An orphan (a background job of a shell that has exited) is reaped
	// by the init, not left a zombie.
	res = run(t, r, "sh", "-c", `sh -c 'sleep 0.1 &'; sleep 0.6
for f in /proc/[0-9]*/status; do grep -q '^State:.Z' "$f" 2>/dev/null && echo "zombie: $f"; done; echo ppid=$PPID`)
	out := string(res.Output)
	if res.ExitCode != 0 || strings.Contains(out, "zombie") || !strings.Contains(out, "ppid=1\n") {
		t.Errorf("exit %d, output %q: want no zombie and the init (PID 1) as the command's parent", res.ExitCode, out)
	}
}

// TestSandboxTimeoutTermReachesCommand: the runner's SIGTERM at a timeout
// reaches a command without a handler, which dies of it at once instead
// of waiting out the grace period (as it would as PID 1).
func TestSandboxTimeoutTermReachesCommand(t *testing.T) {
	t.Parallel()
	r := newRunner(t, IsolationSandbox, WithKillGrace(20*time.Second))
	t.Cleanup(func() { _ = r.Close() })
	res, err := r.Run(context.Background(), verify.Command{ItemID: "t", Argv: []string{"sleep", "60"}, Dir: t.TempDir(),
		Timeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if !res.TimedOut || res.ExitCode != ExitTimedOut {
		t.Errorf("TimedOut %v, exit %d; want a timeout", res.TimedOut, res.ExitCode)
	}
	if res.Duration > 10*time.Second {
		t.Errorf("took %v: the SIGTERM did not end the command, the grace period's SIGKILL did", res.Duration)
	}
}

// TestSandboxCommandCannotReachItsInit attacks the init from the command.
// The init matters more than the command's own processes: its runtime
// threads never entered the sandbox's namespaces, so through them (/proc/1
// /task/N/root, /net) the command would see the host's file system and
// network; and its report pipe carries the exit the runner records. Every
// attempt must fail: write a forged exit line into the init's descriptors
// or learn what they are, read its memory and environment, ptrace it,
// reach the host through its threads, signal it.
func TestSandboxCommandCannotReachItsInit(t *testing.T) {
	t.Parallel()
	r := newRunner(t, IsolationSandbox)
	t.Cleanup(func() { _ = r.Close() })
	attack := `
for fd in /proc/1/fd/*; do
	if printf 'X 0\n' >"$fd" 2>/dev/null; then echo "ESCAPED: wrote to $fd"; fi
done
for fd in /proc/1/fd/*; do
	if readlink "$fd" >/dev/null 2>&1; then echo "ESCAPED: read the link $fd"; fi
done
cat /proc/1/environ >/dev/null 2>&1 && echo "ESCAPED: read the init's environment"
# The init's runtime threads never entered the namespaces its main thread
# made: their root is the host's, their network the host's.
for task in /proc/1/task/* $(seq -f /proc/%g 1 64); do
	ls "$task/root/" >/dev/null 2>&1 && [ "$task" != /proc/$$ ] && echo "ESCAPED: listed $task/root"
	grep -v ' lo:' "$task/net/dev" 2>/dev/null | grep -q ':' && echo "ESCAPED: saw the host's interfaces in $task/net/dev"
done
dd if=/proc/1/mem bs=1 count=1 skip=4194304 >/dev/null 2>&1 && echo "ESCAPED: read the init's memory"
python3 -c '
import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
if libc.ptrace(16, 1, 0, 0) == 0:  # PTRACE_ATTACH
    print("ESCAPED: attached to the init with ptrace")
' 2>/dev/null
kill -TERM 1 2>/dev/null
sleep 0.2
exit 3`
	res := run(t, r, "sh", "-c", attack)
	out := string(res.Output)
	if strings.Contains(out, "ESCAPED") {
		t.Errorf("the command reached its init:\n%s", out)
	}
	if res.ExitCode != 3 {
		t.Errorf("exit %d, output %q: want the command's own 3", res.ExitCode, out)
	}

	// A signal to the init either leaves it running (it reports the
	// command's own exit) or ends it and the command with it (no exit
	// status: an error). Neither is a pass for a failing command.
	for _, sig := range []string{"INT", "HUP", "QUIT", "ABRT", "SYS", "USR1", "STOP", "KILL"} {
		res, err := r.Run(context.Background(), verify.Command{ItemID: "t", Dir: t.TempDir(),
			Argv: []string{"sh", "-c", "kill -" + sig + " 1; sleep 0.5; exit 3"}})
		if err == nil && res.ExitCode != 3 {
			t.Errorf("SIG%s to the init, then exit 3: reported exit %d (output %q)", sig, res.ExitCode, res.Output)
		}
		t.Logf("SIG%s to the init: exit %d, err %v", sig, res.ExitCode, err)
	}
}

// TestSandboxCommandGetsOnlyItsStandardDescriptors: a descriptor the
// service holds without close-on-exec (inherited from whatever started
// it, say) does not reach the command.
func TestSandboxCommandGetsOnlyItsStandardDescriptors(t *testing.T) {
	var p [2]int
	if err := syscall.Pipe2(p[:], 0); err != nil { // no O_CLOEXEC, on purpose
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Close(p[0]); syscall.Close(p[1]) })
	// Started after the pipe exists, so that its init inherits it.
	r := newRunner(t, IsolationSandbox)
	t.Cleanup(func() { _ = r.Close() })
	res := run(t, r, "sh", "-c", "ls /proc/$$/fd")
	fds := strings.Fields(string(res.Output))
	if res.ExitCode != 0 || strings.Join(fds, " ") != "0 1 2" {
		t.Errorf("exit %d: the command's descriptors are %q; want 0 1 2 (the pipe was %d, %d)", res.ExitCode, fds, p[0], p[1])
	}
	for _, fd := range fds {
		if fd == strconv.Itoa(p[0]) || fd == strconv.Itoa(p[1]) {
			t.Errorf("the service's pipe (descriptor %s) reached the command", fd)
		}
	}
}

// TestSandboxCommandCannotTurnTheSandboxOff: `autoverify run` picks the
// sandbox automatically and falls back to weaker isolation where it
// cannot be built. No command may make it look unbuildable: not one that
// dies inside its own exec (an ELF mapped at address 0, which the kernel
// kills past the point of no return), not one that kills its init with
// its first instruction (racing the init's report that it started). Each
// is the command's outcome; the next command is still sandboxed.
func TestSandboxCommandCannotTurnTheSandboxOff(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the attack programs are x86-64 machine code")
	}
	t.Parallel()
	r, err := New() // automatic: falls back where the sandbox cannot be built
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Close() })
	if r.Isolation() != IsolationSandbox {
		t.Skipf("auto isolation is %s here", r.Isolation())
	}
	dir := t.TempDir()
	exit3 := []byte{0xb8, 60, 0, 0, 0, 0xbf, 3, 0, 0, 0, 0x0f, 0x05} // exit(3)
	// kill(1, SIGINT), then exit(3)
	killInit := append([]byte{0xb8, 62, 0, 0, 0, 0xbf, 1, 0, 0, 0, 0xbe, 2, 0, 0, 0, 0x0f, 0x05}, exit3...)
	programs := map[string][]byte{
		"dies-in-exec": tinyELF(0, exit3),
		"kills-init":   tinyELF(0x400000, killInit),
	}
	for name, prog := range programs {
		if err := os.WriteFile(filepath.Join(dir, name), prog, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 20; i++ {
		for name := range programs {
			res, err := r.Run(context.Background(), verify.Command{ItemID: "t", Argv: []string{"./" + name}, Dir: dir})
			if err == nil && res.ExitCode == 0 {
				t.Errorf("%s: reported as a pass (output %q)", name, res.Output)
			}
			if name == "kills-init" && err == nil && res.ExitCode != 3 {
				t.Errorf("%s: exit %d; want its own 3, or an error if its init died first", name, res.ExitCode)
			}
			if r.Isolation() != IsolationSandbox || r.Degraded() != "" {
				t.Fatalf("%s (run %d): the runner fell back to %s (%s); result %d %q, err %v", name, i, r.Isolation(), r.Degraded(),
					res.ExitCode, res.Output, err)
			}
		}
	}
	res, err := r.Run(context.Background(), verify.Command{ItemID: "t", Argv: []string{"hostname"}, Dir: dir})
	if err != nil || strings.TrimSpace(string(res.Output)) != "autoverify" {
		t.Errorf("the next command: %q, %v; want it in the sandbox", res.Output, err)
	}
}

// TestSandboxTracedCommand: a command that makes its init its tracer
// (PTRACE_TRACEME) and then execs stops at that exec; the init lets it go
// rather than report the stop as its exit.
func TestSandboxTracedCommand(t *testing.T) {
	t.Parallel()
	r := newRunner(t, IsolationSandbox)
	t.Cleanup(func() { _ = r.Close() })
	res := run(t, r, "python3", "-c", `
import ctypes, os
ctypes.CDLL(None, use_errno=True).ptrace(0, 0, 0, 0)  # PTRACE_TRACEME
os.execv("/bin/sh", ["sh", "-c", "exit 3"])`)
	if res.ExitCode != 3 {
		t.Errorf("exit %d, output %q: want the command's own 3", res.ExitCode, res.Output)
	}
}

// tinyELF is a static x86-64 executable of one segment loaded at vaddr,
// running code.
func tinyELF(vaddr uint64, code []byte) []byte {
	const ehsize, phsize = 64, 56
	b := make([]byte, ehsize+phsize, ehsize+phsize+len(code))
	copy(b, []byte{0x7f, 'E', 'L', 'F', 2, 1, 1})
	le := binary.LittleEndian
	le.PutUint16(b[16:], 2)    // ET_EXEC
	le.PutUint16(b[18:], 0x3e) // x86-64
	le.PutUint32(b[20:], 1)
	le.PutUint64(b[24:], vaddr+ehsize+phsize) // entry
	le.PutUint64(b[32:], ehsize)              // program headers
	le.PutUint16(b[52:], ehsize)
	le.PutUint16(b[54:], phsize)
	le.PutUint16(b[56:], 1)
	ph := b[ehsize:]
	le.PutUint32(ph[0:], 1) // PT_LOAD
	le.PutUint32(ph[4:], 5) // R+X
	le.PutUint64(ph[16:], vaddr)
	le.PutUint64(ph[24:], vaddr)
	size := uint64(ehsize + phsize + len(code))
	le.PutUint64(ph[32:], size)
	le.PutUint64(ph[40:], size)
	le.PutUint64(ph[48:], 0x1000)
	return append(b, code...)
}

// TestSandboxCommandHasNoTerminal runs a runner in a process whose
// controlling terminal is a pseudo-terminal, as `autoverify run` in a
// shell is: the command must not reach that terminal, through which
// (TIOCSTI) it could type commands into the user's shell.
func TestSandboxCommandHasNoTerminal(t *testing.T) {
	t.Parallel()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	defer ptmx.Close()
	if err := unix.IoctlSetPointerInt(int(ptmx.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(ptmx.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	pts, err := os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer pts.Close()
	go func() { _, _ = io.Copy(io.Discard, ptmx) }() // the terminal's output, drained
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), helperEnv+"=tty")
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.Stdin = pts
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	if err := cmd.Run(); err != nil {
		t.Fatalf("helper: %v\n%s", err, out.String())
	}
	got := out.String()
	if !strings.Contains(got, "helper has a terminal") {
		t.Fatalf("the helper had no controlling terminal, so nothing was tested:\n%s", got)
	}
	if strings.Contains(got, "ESCAPED") || !strings.Contains(got, "CONTAINED") {
		t.Errorf("the sandboxed command reached the runner's terminal:\n%s", got)
	}
}

// ttyHelper is TestSandboxCommandHasNoTerminal's runner, started with a
// controlling terminal.
func ttyHelper() int {
	if f, err := os.OpenFile("/dev/tty", os.O_RDWR, 0); err == nil {
		fmt.Println("helper has a terminal")
		f.Close()
	}
	r, err := New(WithIsolation(IsolationSandbox))
	if err != nil {
		fmt.Println(err)
		return 1
	}
	defer r.Close()
	dir, err := os.MkdirTemp("", "autoverify-tty-")
	if err != nil {
		fmt.Println(err)
		return 1
	}
	defer os.RemoveAll(dir)
	res, err := r.Run(context.Background(), verify.Command{ItemID: "t", Dir: dir, Argv: []string{"python3", "-c", `
import fcntl, os, termios
try:
    fd = os.open("/dev/tty", os.O_RDWR)
except OSError as e:
    print("CONTAINED: /dev/tty:", e)
else:
    try:
        fcntl.ioctl(fd, termios.TIOCSTI, b" ")
        print("ESCAPED: typed into the runner's terminal")
    except OSError as e:
        print("ESCAPED: opened the runner's terminal (TIOCSTI:", e, ")")
`}})
	fmt.Printf("%d %s %v\n", res.ExitCode, res.Output, err)
	return 0
}
