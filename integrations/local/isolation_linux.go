package local

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"syscall"

	"github.com/engineo/autoverify/integrations/local/sandboxinit"
)

// probeResult caches what the kernel permits: it cannot change while the
// process runs, and probing costs a fork.
type probeResult struct {
	ok     bool
	userNS bool
	err    error
}

var pidnsProbe = sync.OnceValue(func() probeResult {
	// As root (or with CAP_SYS_ADMIN) a bare PID namespace works; other
	// users need a user namespace around it.
	err := tryClone(sysProcAttr(IsolationPIDNamespace, false))
	if err == nil {
		return probeResult{ok: true}
	}
	if os.Geteuid() != 0 {
		if err2 := tryClone(sysProcAttr(IsolationPIDNamespace, true)); err2 == nil {
			return probeResult{ok: true, userNS: true}
		}
	}
	return probeResult{err: err}
})

// tryClone starts a process with attr whose exec is bound to fail with
// ENOENT. Reaching exec means the clone flags were accepted; a refused
// clone fails earlier with EPERM or EINVAL. No program runs either way.
func tryClone(attr *syscall.SysProcAttr) error {
	const missing = "/nonexistent/autoverify-pidns-probe"
	p, err := os.StartProcess(missing, []string{missing}, &os.ProcAttr{Sys: attr})
	if err == nil {
		// Cannot happen unless the path exists; do not leave it running.
		_ = p.Kill()
		_, _ = p.Wait()
		return nil
	}
	if errors.Is(err, syscall.ENOENT) {
		return nil
	}
	return err
}

// sandboxProbe says whether the kernel lets this process create the
// sandbox's namespaces. Mount and /proc permissions are only known once a
// sandbox is built: Run falls back from an automatic sandbox that cannot be
// built, and CheckIsolation builds one.
var sandboxProbe = sync.OnceValue(func() probeResult {
	err := tryClone(sandboxinit.Attr(false))
	return probeResult{ok: err == nil, err: err}
})

// probeIsolation settles the mode for a runner: the forced one if the
// kernel permits it, otherwise the strongest available.
func probeIsolation(want Isolation) (Isolation, bool, error) {
	switch want {
	case IsolationSandbox:
		if p := sandboxProbe(); !p.ok {
			return "", false, fmt.Errorf("local: the sandbox's namespaces are not permitted: %w", p.err)
		}
		return IsolationSandbox, false, nil
	case IsolationAuto:
		// Optimistic: probing costs a clone with six namespaces (a few
		// milliseconds of every `autoverify run`), and a sandbox that
		// cannot start makes Run fall back anyway (see fallBack).
		return IsolationSandbox, false, nil
	}
	switch want {
	case IsolationProcessGroup:
		return IsolationProcessGroup, false, nil
	case IsolationPIDNamespace:
		p := pidnsProbe()
		if !p.ok {
			return "", false, fmt.Errorf("local: PID namespace isolation not permitted: %w", p.err)
		}
		return IsolationPIDNamespace, p.userNS, nil
	}
	if p := pidnsProbe(); p.ok {
		return IsolationPIDNamespace, p.userNS, nil
	}
	return IsolationProcessGroup, false, nil
}

// sysProcAttr returns the process attributes for a mode. Every command
// leads its own process group so that SIGTERM reaches its children, and
// gets SIGKILL if autoverify dies (strictly: if the OS thread that started it
// exits, see go.dev/issue/27505). In a PID namespace that signal takes the
// whole namespace with it; in a process group only the first process is
// covered, which is the residual risk of that mode.
//
// Go's check that the parent is still alive compares getppid with the
// parent's pid and sends the child Pdeathsig when they differ; inside a new
// PID namespace getppid is 0, but the self-sent SIGKILL is ignored because
// the child is the namespace's init, so the check is harmless.
func sysProcAttr(mode Isolation, userNS bool) *syscall.SysProcAttr {
	attr := &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if mode != IsolationPIDNamespace {
		return attr
	}
	attr.Cloneflags = syscall.CLONE_NEWPID
	if userNS {
		// Map the caller's ids onto themselves so files the command
		// creates keep their owner.
		attr.Cloneflags |= syscall.CLONE_NEWUSER
		attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: os.Getuid(), HostID: os.Getuid(), Size: 1}}
		attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: os.Getgid(), HostID: os.Getgid(), Size: 1}}
		attr.GidMappingsEnableSetgroups = false
	}
	return attr
}

// exitStatus maps a wait status to a shell-style exit code.
func exitStatus(ps *os.ProcessState) int {
	ws, ok := ps.Sys().(syscall.WaitStatus)
	if !ok {
		return ps.ExitCode()
	}
	return waitCode(ws)
}

// waitCode is a wait status as a shell's exit code: 128+N for a death by
// signal N.
func waitCode(ws syscall.WaitStatus) int {
	if ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ws.ExitStatus()
}
