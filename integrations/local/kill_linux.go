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
// Its blind spots, which PID-namespace isolation does not have: a process
// that replaced its environment when it last exec'd, and a process caught
// in the middle of execve, whose environment reads as empty for that
// instant.
func sweepToken(token string) int {
	needle := []byte(TokenEnv + "=" + token + "\x00")
	self := os.Getpid()
	killed := map[int]bool{}
	var buf []byte
	for range maxSweeps {
		found := false
		for _, pid := range procPIDs() {
			if pid == self || killed[pid] {
				continue
			}
			var ok bool
			buf, ok = environHas(pid, needle, buf)
			if !ok {
				continue
			}
			if killPID(pid, needle) {
				killed[pid] = true
				found = true
			}
		}
		if !found {
			break
		}
	}
	return len(killed)
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

// environHas reports whether /proc/pid/environ contains needle, reusing buf.
// Processes that exited, that belong to another user or that are zombies
// (empty environ) simply do not match.
func environHas(pid int, needle, buf []byte) ([]byte, bool) {
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
	// The first variable has no NUL before it; matching the needle with its
	// trailing NUL is enough given the token's 128 random bits.
	return buf, bytes.Contains(buf, needle)
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
