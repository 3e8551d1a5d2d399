//go:build linux

// Command attacker is the program the escape suite (package runnertest) runs
// through a runner as if a pull request had put it there. Each subcommand
// is one attack. It prints exactly one line, `ESCAPED: <what>` when the
// attack worked or `CONTAINED: <reason>` when it did not, and exits 0 either
// way: a non-zero exit means the kernel or a limit stopped it (killed by
// the OOM killer, a signal, a timeout). The exception is `secret`, which
// prints a value in four forms for the masking tests.
//
// It is static (CGO_ENABLED=0) and uses only the standard library, so it
// runs in a FROM-scratch image as well as on the host.
//
//	environ MARKER      read /proc/<pid>/environ of every other process
//	read PATH           read a file outside the workspace
//	docker-sock         talk to the Docker engine's socket
//	connect HOST:PORT   TCP connect to the host's loopback and read a banner
//	write PATH          create a file outside the workspace
//	procs N             start N sleeping processes
//	bigfile PATH BYTES  write BYTES to a file
//	alloc BYTES         allocate and touch BYTES of memory
//	secret FILE         print FILE's value plain, base64, hex, URL-encoded
//	sleep SECONDS       sleep (a helper process for the suite)
package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: attacker <attack> [args]")
		os.Exit(2)
	}
	attack, args := os.Args[1], os.Args[2:]
	line, err := run(attack, args)
	if err != nil {
		fmt.Fprintf(os.Stderr, "attacker %s: %v\n", attack, err)
		os.Exit(2)
	}
	fmt.Println(line)
}

// escaped and contained are the two verdicts; errors are for bad usage.
func escaped(format string, a ...any) string   { return "ESCAPED: " + fmt.Sprintf(format, a...) }
func contained(format string, a ...any) string { return "CONTAINED: " + fmt.Sprintf(format, a...) }

func run(attack string, args []string) (string, error) {
	need := func(n int) error {
		if len(args) != n {
			return fmt.Errorf("want %d argument(s), got %d", n, len(args))
		}
		return nil
	}
	switch attack {
	case "environ":
		if err := need(1); err != nil {
			return "", err
		}
		return environ(args[0]), nil
	case "read":
		if err := need(1); err != nil {
			return "", err
		}
		return readFile(args[0]), nil
	case "docker-sock":
		if err := need(0); err != nil {
			return "", err
		}
		return dockerSock(), nil
	case "connect":
		if err := need(1); err != nil {
			return "", err
		}
		return connect(args[0]), nil
	case "write":
		if err := need(1); err != nil {
			return "", err
		}
		return writeFile(args[0]), nil
	case "procs":
		if err := need(1); err != nil {
			return "", err
		}
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 {
			return "", fmt.Errorf("process count %q: want a positive number", args[0])
		}
		return procs(n), nil
	case "bigfile":
		if err := need(2); err != nil {
			return "", err
		}
		n, err := strconv.ParseInt(args[1], 10, 64)
		if err != nil || n < 1 {
			return "", fmt.Errorf("size %q: want a positive number of bytes", args[1])
		}
		return bigFile(args[0], n), nil
	case "alloc":
		if err := need(1); err != nil {
			return "", err
		}
		n, err := strconv.ParseInt(args[0], 10, 64)
		if err != nil || n < 1 {
			return "", fmt.Errorf("size %q: want a positive number of bytes", args[0])
		}
		return alloc(n), nil
	case "secret":
		if err := need(1); err != nil {
			return "", err
		}
		return secret(args[0])
	case "sleep":
		if err := need(1); err != nil {
			return "", err
		}
		s, err := strconv.Atoi(args[0])
		if err != nil {
			return "", fmt.Errorf("seconds %q: %v", args[0], err)
		}
		time.Sleep(time.Duration(s) * time.Second)
		return "slept", nil
	}
	return "", fmt.Errorf("unknown attack %q", attack)
}

// environ looks for marker in every environment it can read: another
// process's /proc/<pid>/environ (the server's secrets, as in issue 13), and
// its own (a runner that passes its environment on).
func environ(marker string) string {
	if strings.Contains(strings.Join(os.Environ(), "\n"), marker) {
		return escaped("the command's own environment holds the marker: the runner passed its environment on")
	}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return contained("no /proc to list: %v", err)
	}
	self := os.Getpid()
	seen, read := 0, 0
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		seen++
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err != nil {
			continue
		}
		read++
		if bytes.Contains(env, []byte(marker)) {
			return escaped("/proc/%d/environ holds the marker", pid)
		}
	}
	return contained("saw %d other processes, read %d environments, none holds the marker", seen, read)
}

// readFile reads a file the test planted outside the workspace.
func readFile(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return contained("reading %s: %v", path, err)
	}
	return escaped("read %d bytes of %s", len(b), path)
}

// dockerSock asks the Docker engine for /_ping through its socket: an
// answer means the command could run containers as root on the host.
func dockerSock() string {
	var reasons []string
	for _, path := range []string{"/var/run/docker.sock", "/run/docker.sock"} {
		if _, err := os.Stat(path); err != nil {
			reasons = append(reasons, fmt.Sprintf("stat %s: %v", path, errors.Unwrap(err)))
			continue
		}
		c, err := net.DialTimeout("unix", path, 3*time.Second)
		if err != nil {
			reasons = append(reasons, fmt.Sprintf("%s exists but connect: %v", path, err))
			continue
		}
		_ = c.SetDeadline(time.Now().Add(5 * time.Second))
		_, err = io.WriteString(c, "GET /_ping HTTP/1.0\r\nHost: docker\r\n\r\n")
		status := ""
		if err == nil {
			status, err = bufio.NewReader(c).ReadString('\n')
		}
		c.Close()
		if err == nil && strings.HasPrefix(status, "HTTP/") {
			return escaped("the engine answered on %s: %s", path, strings.TrimSpace(status))
		}
		reasons = append(reasons, fmt.Sprintf("%s connected but no answer: %v", path, err))
	}
	return contained("%s", strings.Join(reasons, "; "))
}

// connect opens a TCP connection to the test's listener on the host's
// loopback (where Redis and the server listen) and reads its banner.
func connect(addr string) string {
	c, err := net.DialTimeout("tcp", addr, 3*time.Second)
	if err != nil {
		return contained("connecting to %s: %v", addr, err)
	}
	defer c.Close()
	_ = c.SetReadDeadline(time.Now().Add(3 * time.Second))
	banner, err := bufio.NewReader(c).ReadString('\n')
	if err != nil && banner == "" {
		return escaped("connected to %s (no banner: %v)", addr, err)
	}
	return escaped("connected to %s, banner %q", addr, strings.TrimSpace(banner))
}

// writeFile creates a file outside the workspace. It does not create the
// directory: the directory exists on the host, and making it here would
// only prove the sandbox has a writable private copy of that path.
func writeFile(path string) string {
	if err := os.WriteFile(path, []byte("written by the attacker\n"), 0o644); err != nil {
		return contained("creating %s: %v", path, err)
	}
	return escaped("created %s", path)
}

// procs forks n children that sleep until killed, and counts how many
// started. The children are raw forks without exec (see forkSleeper), so
// n of them cost page tables, not n Go runtimes: a runner that does not
// limit processes gets n processes, not an exhausted machine.
func procs(n int) string {
	// The children's parent-death signal fires when this thread exits.
	runtime.LockOSThread()
	var pids []int
	var failure error
	deadline := time.Now().Add(60 * time.Second)
	for len(pids) < n {
		if time.Now().After(deadline) {
			failure = errors.New("gave up after 60s")
			break
		}
		pid, errno := forkSleeper()
		if errno != 0 {
			failure = errno
			break
		}
		pids = append(pids, pid)
	}
	for _, pid := range pids {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	for _, pid := range pids {
		var ws syscall.WaitStatus
		_, _ = syscall.Wait4(pid, &ws, 0, nil)
	}
	if failure == nil {
		return escaped("started %d of %d processes", len(pids), n)
	}
	return contained("started %d of %d processes: %v", len(pids), n, failure)
}

// forkSleeper forks a child that pauses until a signal kills it. The child
// runs only raw system calls: it has one thread, a copy of a Go runtime it
// must not touch (no allocation, no scheduling), so it never returns from
// here. PR_SET_PDEATHSIG ends it if the attacker dies first.
//
//go:nosplit
//go:norace
func forkSleeper() (int, syscall.Errno) {
	pid, _, errno := syscall.RawSyscall(syscall.SYS_CLONE, uintptr(syscall.SIGCHLD), 0, 0)
	if errno != 0 {
		return 0, errno
	}
	if pid == 0 {
		syscall.RawSyscall(syscall.SYS_PRCTL, syscall.PR_SET_PDEATHSIG, uintptr(syscall.SIGKILL), 0)
		for {
			syscall.RawSyscall(syscall.SYS_PAUSE, 0, 0, 0)
		}
	}
	return int(pid), 0
}

// bigFile writes size bytes of real (not sparse) data in 1 MiB writes. Go
// ignores SIGXFSZ, so a file-size limit shows as EFBIG from write.
func bigFile(path string, size int64) string {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return contained("creating %s: %v", path, err)
	}
	chunk := bytes.Repeat([]byte{'x'}, 1<<20)
	var written int64
	for written < size {
		b := chunk[:min(int64(len(chunk)), size-written)]
		n, err := f.Write(b)
		written += int64(n)
		if err != nil {
			f.Close()
			os.Remove(path)
			return contained("wrote %d of %d bytes: %v", written, size, err)
		}
	}
	err = f.Close()
	os.Remove(path)
	if err != nil {
		return contained("wrote %d of %d bytes, close: %v", written, size, err)
	}
	return escaped("wrote %d of %d bytes to %s", written, size, path)
}

// allocStep is how much alloc maps at a time: small enough that a memory
// limit stops it close to the limit, large enough to be quick.
const allocStep = 256 << 20

// alloc maps anonymous memory in steps and touches every page, so the
// memory is really used (not just reserved). A memory limit ends it with
// the OOM killer (no line, exit 137) or a failed mmap.
func alloc(size int64) string {
	page := os.Getpagesize()
	var total int64
	for total < size {
		n := int(min(allocStep, size-total))
		m, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
		if err != nil {
			return contained("allocated %d of %d bytes: mmap: %v", total, size, err)
		}
		for i := 0; i < n; i += page {
			m[i] = 1
		}
		total += int64(n)
	}
	return escaped("allocated and touched %d of %d bytes", total, size)
}

// secret prints the value in file (trimmed) plain, base64 (standard), hex
// and URL-encoded, one per line: the forms masking must catch.
func secret(file string) (string, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	s := strings.TrimSpace(string(b))
	return strings.Join([]string{
		s,
		base64.StdEncoding.EncodeToString([]byte(s)),
		hex.EncodeToString([]byte(s)),
		url.QueryEscape(s),
	}, "\n"), nil
}
