package sandboxinit

import (
	"fmt"
	"os"
	"syscall"
)

// Exe is how the runner starts its own executable as the sandbox's init:
// the path stays valid even if the file on disk is replaced by an upgrade
// while the service runs.
const Exe = "/proc/self/exe"

// Proc is an init that has started in its namespaces and waits for its
// Spec on SpecW. It is the runner's side of the protocol; it lives here,
// beside the init.
type Proc struct {
	Process *os.Process
	// SpecW is the write end of SpecFD: the Spec, then the Command.
	SpecW *os.File
	// Report is the read end of ReportFD: ReadyLine, then either a
	// Report (the command did not start) or StartedLine and the
	// command's exit (EncodeExit).
	Report *os.File
	// Out is the read end of the command's output (stdout and stderr).
	Out *os.File
}

// Attr returns every namespace of a sandboxed command, as one clone would
// make them: what the runner's probe clones to learn whether the kernel
// permits them (see Start for how an init actually gets them). Without
// root, a user namespace maps the service's user to root inside it, which
// is what lets the init build mounts; the command itself runs with no
// capabilities (see confine). As root, no user namespace is made so that
// /proc can be mounted even where a container runtime has masked parts of
// the host's; the init drops root's capabilities before it starts the
// command instead.
func Attr(network bool) *syscall.SysProcAttr {
	attr := startAttr()
	attr.Cloneflags |= unshareFlags(network)
	return attr
}

// startAttr is what an init is cloned with: its PID, mount, IPC and UTS
// namespaces (it is the PID namespace's first process) and, without root,
// its user namespace. The network namespace it makes itself, on the thread
// that builds the sandbox and starts the command, while it waits for its
// Spec (returning to the host's if the Spec gives the command the
// network; see isolateNetworkEarly): creating one costs the clone most of
// a millisecond, which the caller then waited through; in the init it
// overlaps the caller's own work, and one init built ahead serves either
// network setting. The others are cheap, and made at the clone so that
// every thread of the init is in them: the Go runtime's other threads,
// which the init cannot move, see the sandbox's root once it pivots, not
// the host's.
func startAttr() *syscall.SysProcAttr {
	// A session of its own (and so a process group, whose id is its pid,
	// which the runner signals): without it the command kept the
	// service's controlling terminal, and through /dev/tty and TIOCSTI
	// could type commands into the shell of whoever ran `autoverify run`
	// (bubblewrap's CVE-2017-5226).
	attr := &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL,
		Cloneflags: syscall.CLONE_NEWPID | syscall.CLONE_NEWNS | syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS}
	if os.Geteuid() != 0 {
		attr.Cloneflags |= syscall.CLONE_NEWUSER
		attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Geteuid(), Size: 1}}
		attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getegid(), Size: 1}}
		attr.GidMappingsEnableSetgroups = false
	}
	return attr
}

// unshareFlags are the namespaces an init makes itself: the network's,
// unless the command gets the host's.
func unshareFlags(network bool) uintptr {
	if network {
		return 0
	}
	return syscall.CLONE_NEWNET
}

// Start starts an init in a fresh PID namespace (see startAttr). It
// starts with an empty environment (initEnv): the command's comes in the
// Spec, so an init can be started before the runner's configuration is
// known.
func Start() (*Proc, error) {
	var files [6]*os.File // spec r/w, report r/w, output r/w
	for i := 0; i < len(files); i += 2 {
		var err error
		if files[i], files[i+1], err = os.Pipe(); err != nil {
			for _, f := range files[:i] {
				f.Close()
			}
			return nil, fmt.Errorf("%s: %w", "sandbox pipes", err)
		}
	}
	specR, specW, repR, repW, outR, outW := files[0], files[1], files[2], files[3], files[4], files[5]
	closeAll := func() {
		for _, f := range files {
			f.Close()
		}
	}
	null, err := os.Open(os.DevNull)
	if err != nil {
		closeAll()
		return nil, fmt.Errorf("%s: %w", "sandbox stdin", err)
	}
	// One pipe for both streams keeps their interleaving as the command
	// wrote it. The descriptors land at 0-4: SpecFD and ReportFD are 3
	// and 4.
	attr := &os.ProcAttr{Dir: "/", Env: initEnv, Files: []*os.File{null, outW, outW, specR, repW}, Sys: startAttr()}
	proc, err := os.StartProcess(Exe, []string{Arg0}, attr)
	null.Close()
	specR.Close()
	repW.Close()
	outW.Close()
	if err != nil {
		specW.Close()
		repR.Close()
		outR.Close()
		return nil, fmt.Errorf("%s: %w", "starting the sandbox", err)
	}
	return &Proc{Process: proc, SpecW: specW, Report: repR, Out: outR}, nil
}

// Kill stops an init that will not be used. It does not wait: the init's
// namespaces are torn down by the kernel when it exits, which takes a few
// milliseconds nobody needs to wait for; it is reaped in the background.
func (p *Proc) Kill() {
	p.SpecW.Close()
	p.Report.Close()
	p.Out.Close()
	_ = p.Process.Kill()
	go func() { _, _ = p.Process.Wait() }()
}

// initEnv is the init's own environment (the command's comes in the
// Spec). One P and no collector: the init is single-threaded work on a
// few kilobytes, and every thread the Go runtime starts is one more to
// start, and one more outside the sandbox's namespaces (see mountProc).
var initEnv = []string{"GOMAXPROCS=1", "GOGC=off"}
