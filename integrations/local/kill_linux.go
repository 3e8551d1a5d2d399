package local

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"syscall"
	"time"

	"github.com/engineo/autoverify/integrations/capture"

	"golang.org/x/sys/unix"
)

// maxSweeps bounds the /proc sweep: each pass kills what it finds, and a
// process forking as fast as it is killed could otherwise keep it going.
const maxSweeps = 16

// waitExited blocks until pid has exited without reaping it. Keeping the
// zombie pins both the pid and the process-group id, so the group can be
// signalled after the exit without any risk of hitting a process that
// reused the number.
func waitExited(pid int) error {
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

// signalTree signals the command's first process and its process group.
// Both, because the first process may have moved to another group; callers
// guarantee pid is not yet reaped.
func signalTree(pid int, sig syscall.Signal) {
	_ = syscall.Kill(-pid, sig)
	_ = syscall.Kill(pid, sig)
}

// sweepToken SIGKILLs every process whose environment carries the run
// token, repeating until a pass finds nothing new, and returns how many it
// killed. This finds descendants that escaped the process group with setsid
// or a double fork; environments are inherited, so they still carry it.
//
// A process caught in the middle of execve reads as an empty environment
// for that instant (its new stack is not set up yet). Such a process that
// started no earlier than the command (since: the command's first
// process's start time, in clock ticks since boot; 0 for any) may be one
// of its descendants, so a pass that found nothing new but saw one looks
// again after a short wait (execRechecks), rather than declaring the tree
// gone: this is how a descendant exec'ing at the moment of a cancellation
// got away (a flaky TestContextCancelKillsTree). Processes with an empty
// environment that started before the command cost nothing.
//
// Its remaining blind spot, which PID-namespace isolation does not have:
// a process that replaced its environment when it last exec'd.
func sweepToken(token string, since uint64) int {
	return sweep(token, since, execRechecks, nil)
}

// sweep is sweepToken with its waits, and a function called before each
// (for tests; nil for none).
func sweep(token string, since uint64, rechecks []time.Duration, onRecheck func()) int {
	needle := []byte(TokenEnv + "=" + token + "\x00")
	self := os.Getpid()
	killed := map[int]bool{}
	var buf []byte
	recheck := 0
	for range maxSweeps {
		found, unsure := false, false
		for _, pid := range procPIDs() {
			if pid == self || killed[pid] {
				continue
			}
			var readable bool
			buf, readable = environ(pid, buf)
			if !readable {
				continue
			}
			if len(buf) == 0 {
				unsure = unsure || mayBeExecing(pid, since)
				continue
			}
			if !bytes.Contains(buf, needle) {
				continue
			}
			if killPID(pid, needle) {
				killed[pid] = true
				found = true
			}
		}
		if found {
			continue
		}
		if !unsure || recheck == len(rechecks) {
			break
		}
		if onRecheck != nil {
			onRecheck()
		}
		time.Sleep(rechecks[recheck])
		recheck++
	}
	return len(killed)
}

// execRechecks are the waits before each new look at processes that read
// as an empty environment (see sweepToken): 15 ms in all, on a path taken
// when a command ends, and only while such a process, started since the
// command, exists. An execve's window is well under a millisecond on an
// idle machine and a few on a loaded one.
var execRechecks = []time.Duration{time.Millisecond, 2 * time.Millisecond, 4 * time.Millisecond, 8 * time.Millisecond}

// mayBeExecing reports whether pid, whose environment read as empty, may
// be a process in the middle of execve that started no earlier than since:
// not a kernel thread (whose environment is always empty), not a zombie
// (whose memory is gone), and started at or after since.
func mayBeExecing(pid int, since uint64) bool {
	state, flags, start, ok := procStat(pid)
	if !ok || state == 'Z' || state == 'X' || flags&pfKthread != 0 {
		return false
	}
	return start >= since
}

// pfKthread is the kernel's PF_KTHREAD process flag.
const pfKthread = 0x00200000

// procStat reads a process's state, flags and start time (clock ticks
// since boot) from /proc/pid/stat.
func procStat(pid int) (state byte, flags, start uint64, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, 0, false
	}
	// The command name, in parentheses, may hold spaces and parentheses:
	// the fields that follow start after the last ')'.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 || i+2 >= len(b) {
		return 0, 0, 0, false
	}
	f := bytes.Fields(b[i+2:])
	// f[0] is field 3 (state), f[6] field 9 (flags), f[19] field 22
	// (starttime); see proc(5).
	if len(f) < 20 || len(f[0]) != 1 {
		return 0, 0, 0, false
	}
	flags, err1 := strconv.ParseUint(string(f[6]), 10, 64)
	start, err2 := strconv.ParseUint(string(f[19]), 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, 0, false
	}
	return f[0][0], flags, start, true
}

// procPIDs lists the numeric entries of /proc.
func procPIDs() []int {
	d, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	defer d.Close()
	names, err := d.Readdirnames(-1)
	if err != nil {
		return nil
	}
	pids := make([]int, 0, len(names))
	for _, n := range names {
		if n[0] < '0' || n[0] > '9' {
			continue
		}
		if pid, err := strconv.Atoi(n); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// environ reads /proc/pid/environ into buf (reused) and reports whether
// it could be read. Processes that exited or belong to another user are
// not readable; zombies and kernel threads read as empty.
func environ(pid int, buf []byte) ([]byte, bool) {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil {
		return buf, false
	}
	defer f.Close()
	if cap(buf) == 0 {
		buf = make([]byte, 0, 4096)
	}
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err != nil || n == 0 {
			break
		}
	}
	return buf, true
}

// environHas reports whether /proc/pid/environ contains needle, reusing
// buf. The first variable has no NUL before it; matching the needle with
// its trailing NUL is enough given the token's 128 random bits.
func environHas(pid int, needle, buf []byte) ([]byte, bool) {
	buf, ok := environ(pid, buf)
	return buf, ok && bytes.Contains(buf, needle)
}

// killPID SIGKILLs pid through a pidfd after re-checking its environment
// through that pidfd's lifetime, so that a pid recycled between the scan
// and the kill is never signalled. Kernels without pidfd_open fall back to
// kill(2).
func killPID(pid int, needle []byte) bool {
	fd, err := unix.PidfdOpen(pid, 0)
	if err != nil {
		if errors.Is(err, syscall.ENOSYS) {
			return syscall.Kill(pid, syscall.SIGKILL) == nil
		}
		return false
	}
	defer unix.Close(fd)
	if _, ok := environHas(pid, needle, nil); !ok {
		return false
	}
	return unix.PidfdSendSignal(fd, unix.SIGKILL, nil, 0) == nil
}

// drainPipe reads whatever is already buffered in the pipe without waiting
// for more, for the case where Run stopped waiting for end of output. It
// reads at most the pipe's maximum capacity so that a writer that is still
// alive cannot keep it looping.
func drainPipe(f *os.File, buf []byte, c *capture.Buffer) {
	if f.SetReadDeadline(time.Time{}) != nil {
		return
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	const maxDrain = 1 << 20 // default /proc/sys/fs/pipe-max-size
	_ = rc.Read(func(fd uintptr) bool {
		for total := 0; total < maxDrain; {
			n, err := syscall.Read(int(fd), buf)
			if n <= 0 || err != nil {
				break
			}
			_, _ = c.Write(buf[:n])
			total += n
		}
		return true // never wait for readiness
	})
}

// startTime is pid's start time in clock ticks since boot, or 0 (every
// process counts as started since) when it cannot be read. Callers hold
// pid unreaped, so the number is still that process's.
func startTime(pid int) uint64 {
	if _, _, start, ok := procStat(pid); ok {
		return start
	}
	return 0
}
