package sandboxinit

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// sandboxMasked are host files that would otherwise be visible through
// /etc and hold credentials; they are covered by an empty file.
var sandboxMasked = []string{"/etc/shadow", "/etc/gshadow", "/etc/shadow-", "/etc/gshadow-", "/etc/sudoers", "/etc/ssh"}

func init() {
	if len(os.Args) > 0 && os.Args[0] == Arg0 {
		run()
	}
}

// run runs as the first process of the sandbox's namespaces and
// never returns.
func run() {
	// Capabilities, no_new_privs and securebits are per thread; exec
	// replaces the process with the thread that calls it, so every step
	// that matters happens on this one.
	runtime.LockOSThread()
	report := os.NewFile(ReportFD, "report")
	syscall.CloseOnExec(ReportFD)
	fail := func(r Report) { failWith(report, r) }
	// What keeps the init out of the command's reach once it runs (see
	// serve).
	if err := prctl(prSetDumpable, 0, 0, 0, 0); err != nil {
		fail(Report{Setup: "making the sandbox's init undumpable: " + err.Error()})
	}
	go takeSignals()
	hostNet := isolateNetworkEarly()
	in := bufio.NewReader(os.NewFile(SpecFD, "spec"))
	spec, err := ReadSpec(in)
	if err != nil {
		fail(Report{Setup: "reading the sandbox spec: " + err.Error()})
	}
	if err := settleNetwork(spec.Network, hostNet); err != nil {
		fail(Report{Setup: err.Error()})
	}
	procLimit, err := buildSandbox(&spec)
	if err == nil {
		err = limit()
	}
	if err != nil {
		fail(Report{Setup: err.Error()})
	}
	// Ready: the runner keeps this init for the next command.
	if _, err := report.Write([]byte(ReadyLine)); err != nil {
		syscall.Exit(125)
	}
	cmd, err := ReadCommand(in)
	if err != nil || len(cmd.Argv) == 0 {
		// The runner was closed (or died) while this init waited.
		syscall.Exit(125)
	}
	_ = syscall.Close(SpecFD)
	if cmd.Layer != "" && slices.Contains(spec.Caches, cmd.LayerOver) {
		// Best-effort: without the layer the command compiles what it
		// needs, as every command did before layers.
		_ = layerCache(spec.Root, cmd)
	}
	if err := enterSandbox(spec.Root, cmd); err != nil {
		fail(Report{Setup: err.Error()})
	}
	if cmd.Probe {
		fail(Report{Processes: procLimit})
	}
	path, code, msg := Resolve(cmd.Argv[0], cmd.Dir, spec.Path)
	if code != 0 {
		fail(Report{Code: code, Msg: msg})
	}
	if err := confine(); err != nil {
		fail(Report{Setup: err.Error()})
	}
	serve(report, path, cmd.Argv, spec.Env, commandLimits(&spec, procLimit, cmd.MemoryCgroup))
}

// serve starts the command as this init's child and stays the namespace's
// PID 1 until it ends, then reports how it ended and exits, which ends
// every process the command left behind. It never returns.
//
// Staying, rather than exec'ing the command in its place, is what
// bubblewrap and Docker's --init do, for the same reasons: the command is
// an ordinary process, not PID 1, so it dies of the signals it has no handler
// for — a self-inflicted kill $$, the runner's SIGTERM at a timeout — where
// a PID 1 would ignore them, and its orphaned descendants are reaped. It
// is also quicker: an exec from this process first tears down a Go
// program's threads and address space (2-3 ms on a virtual machine whose
// page-table changes are slow) on the way to the command, where a vfork's
// child execs with nothing to tear down, and this init's own exit comes
// after the command's report, beside the runner's work.
//
// The init is out of the command's reach: it is not dumpable, so the
// command, which holds no capability, can neither ptrace it nor open its
// /proc files and descriptors, the report pipe among them. The command
// can kill it (see takeSignals), which kills the command as well: the
// runner then has no exit status, a failure, never a pass.
func serve(report *os.File, path string, argv, env []string, limits []rlimit) {
	fail := func(r Report) { failWith(report, r) }
	if err := cloexecFrom(3); err != nil {
		fail(Report{Setup: err.Error()})
	}
	// The command stops at its exec (Ptrace: it asks this thread to trace
	// it) until its limits are set, so that not one instruction of it runs
	// without them, while the init itself stays outside them: a Go
	// program, larger still under the race detector, must not run under a
	// command's memory limit.
	attr := &syscall.ProcAttr{Env: env, Files: []uintptr{0, 1, 2}, Sys: &syscall.SysProcAttr{Ptrace: true}}
	pid, err := syscall.ForkExec(path, argv, attr)
	// A program written just before (by a concurrent command's fork that
	// has not exec'd yet) can be busy for a moment; see startPlain.
	for try := 1; errors.Is(err, syscall.ETXTBSY) && try <= 5; try++ {
		time.Sleep(time.Duration(try) * 20 * time.Millisecond)
		pid, err = syscall.ForkExec(path, argv, attr)
	}
	if err != nil {
		code := ExitNotExecutable
		if errors.Is(err, syscall.ENOENT) {
			code = ExitNotFound
		}
		fail(Report{Code: code, Msg: argv[0] + ": " + err.Error()})
	}
	// The runner hears of the start before the command runs one
	// instruction: whatever it does from then on, killing this init
	// included, is the command's outcome, never a sandbox that could not
	// be built (which `autoverify run` would answer by running the next
	// commands without one).
	ws, stopped, err := waitExecStop(pid)
	if err != nil {
		_ = syscall.Kill(pid, syscall.SIGKILL)
		fail(Report{Setup: err.Error()})
	}
	if stopped {
		if err := setLimits(pid, limits); err != nil {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			fail(Report{Setup: err.Error()})
		}
	}
	// The init's own copies of the output go, so that the runner's read
	// ends when the command's processes are done writing, not when this
	// init has exited.
	if null, err := syscall.Open("/dev/null", syscall.O_WRONLY|syscall.O_CLOEXEC, 0); err == nil {
		_ = syscall.Dup3(null, 1, 0)
		_ = syscall.Dup3(null, 2, 0)
		_ = syscall.Close(null)
	} else {
		_ = syscall.Close(1)
		_ = syscall.Close(2)
	}
	if _, err := report.Write([]byte(StartedLine)); err != nil {
		_ = syscall.Kill(pid, syscall.SIGKILL)
		syscall.Exit(125)
	}
	if !stopped {
		// It died in its exec (a program the kernel could not map, say):
		// that is how it ended.
		exit(report, ws)
	}
	if err := detach(pid, resume(ws)); err != nil {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	for {
		got, err := syscall.Wait4(-1, &ws, syscall.WALL, nil)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			syscall.Exit(125) // no child left that is not the command's: cannot happen
		}
		if ws.Stopped() {
			// A process of the command's that made this init its tracer
			// (PTRACE_TRACEME): let it go, with the signal that stopped
			// it, as if it were not traced.
			_ = detach(got, resume(ws))
			continue
		}
		if got == pid {
			exit(report, ws)
		}
		// An orphan of the command's, reaped.
	}
}

// failWith reports why the command did not start and ends the init. The
// init ends with syscall.Exit, not os.Exit: it has nothing buffered, and
// os.Exit under the race detector first sleeps a second (GORACE
// atexit_sleep_ms), which would hold the namespace and the command's
// output open that long.
func failWith(report *os.File, r Report) {
	_, _ = report.Write(r.Encode())
	syscall.Exit(125)
}

// exit reports how the command ended, and ends the init (and with it the
// namespace and whatever the command left running).
func exit(report *os.File, ws syscall.WaitStatus) {
	if _, err := report.Write(EncodeExit(uint32(ws))); err != nil {
		syscall.Exit(125)
	}
	syscall.Exit(0)
}

// resume is the signal a traced process stopped with ws is to get when it
// is let go: the one that stopped it, unless that was the trap of its
// exec (which an untraced process never sees).
func resume(ws syscall.WaitStatus) syscall.Signal {
	if sig := ws.StopSignal(); sig != syscall.SIGTRAP {
		return sig
	}
	return 0
}

// detach lets a process this thread traces go on, delivering sig.
func detach(pid int, sig syscall.Signal) error {
	if _, _, errno := syscall.RawSyscall6(syscall.SYS_PTRACE, syscall.PTRACE_DETACH, uintptr(pid), 0, uintptr(sig), 0, 0); errno != 0 {
		return errno
	}
	return nil
}

// takeSignals makes the init take, and drop, SIGTERM: at a timeout the
// runner sends it to the init's process group, which the command is in,
// and the command, not the init, is to get the grace period it gives.
// Other signals a Go program dies of are left to kill the init: only the
// command could send them, and the namespace dying with its init ends the
// command too, with no exit status — a failure, never a pass. It runs
// beside the rest of the init, which does not wait for it: taking a signal
// starts threads and hands off between them, a millisecond or so on a
// slow machine, and a SIGTERM that came before it was done would only cut
// the timeout's grace short (the init ends, and the namespace with it).
// The command's handlers are the defaults either way (syscall.ForkExec
// resets those Go installed; an ignored signal, by contrast, would stay
// ignored across its exec).
func takeSignals() {
	signal.Notify(make(chan os.Signal, 1), syscall.SIGTERM)
}

// buildSandbox mounts a fresh tmpfs on the spec's root holding read-only
// binds of the system paths, a private /tmp and home, a minimal /dev and
// this PID namespace's own /proc, and brings up the namespace's loopback.
// It reports how the process limit can be enforced.
func buildSandbox(s *Spec) (string, error) {
	// Nothing done here may propagate back to the host's mounts.
	if err := syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, ""); err != nil {
		return "", fmt.Errorf("%s: %w", "making mounts private", err)
	}
	root := s.Root
	if err := syscall.Mount("tmpfs", root, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, "mode=0755,size=8m"); err != nil {
		return "", fmt.Errorf("%s: %w", "mounting the sandbox root on "+root, err)
	}
	at := func(p string) string { return joinPath(root, p) }
	// The private /tmp and home first, so that a read-only path under
	// /tmp (a toolchain unpacked there) is bound on top of it.
	tmpOpts := "mode=1777,size=" + strconv.FormatInt(s.TmpSize, 10)
	for _, p := range []string{"/tmp", Home} {
		if err := mountTmpfs(at(p), tmpOpts); err != nil {
			return "", err
		}
	}
	for _, p := range s.ReadOnly {
		if err := bindReadOnly(p, at(p)); err != nil {
			return "", err
		}
	}
	// An empty file to cover credentials visible through /etc and paths
	// the operator asked to hide.
	empty := at("/.empty")
	if err := os.WriteFile(empty, nil, 0o400); err != nil {
		return "", fmt.Errorf("%s: %w", "creating the mask file", err)
	}
	for _, p := range append(append([]string{}, sandboxMasked...), s.Hide...) {
		if err := hide(at(p), empty); err != nil {
			return "", err
		}
	}
	if err := buildDev(at("/dev"), tmpOpts); err != nil {
		return "", err
	}
	for i, c := range s.Caches {
		if err := overlayCache(c, at(c), at("/tmp/.autoverify-cache/"+strconv.Itoa(i))); err != nil {
			return "", err
		}
	}
	procLimit, err := mountProc(at("/proc"), s.Processes)
	if err != nil {
		return "", err
	}
	_ = syscall.Sethostname([]byte("autoverify"))
	return procLimit, nil
}

// The network namespace, which the clone did not make (see startAttr), is
// made on this thread, the one that starts the command, whose process is
// cloned from it and so is in it. The runtime's other threads stay in the
// host's network namespace, which is one reason the init is hidden from
// the command (mountProc) and not dumpable.
//
// It is made before the spec arrives (isolateNetworkEarly), in the time
// the init waits for the runner to read its configuration: creating it
// and bringing its loopback up took 0.5-0.7 ms between the spec and the
// first command (perf: unshare(CLONE_NEWNET) was a tenth of the init's
// CPU). A spec that gives the command the host's network (rare: a
// setting, or a repository that asks) moves this thread back into the
// host's with setns; that needs CAP_SYS_ADMIN over the host's namespace,
// so an init that could not return (started without root, in a user
// namespace of its own, see startAttr; or under a policy that refuses
// setns) waits for the spec as before.

// isolateNetworkEarly moves this thread into a new network namespace with
// its loopback up, holding a descriptor of the host's to return to, and
// returns that descriptor; -1 when it did not (it could not have returned
// to the host's, or the kernel refused), which settleNetwork then
// finishes.
func isolateNetworkEarly() int {
	if sysSetns == 0 {
		return -1
	}
	host, err := syscall.Open("/proc/thread-self/ns/net", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return -1
	}
	// Entering the namespace this thread is already in goes through the
	// checks a return would (CAP_SYS_ADMIN over the host's namespace, a
	// seccomp or LSM policy on setns): where it is refused — without root,
	// or where only unshare is allowed — the spec decides, as before, so
	// that a spec giving the network never finds the way back closed.
	if setns(host, syscall.CLONE_NEWNET) != nil {
		_ = syscall.Close(host)
		return -1
	}
	if err := syscall.Unshare(syscall.CLONE_NEWNET); err != nil {
		_ = syscall.Close(host)
		return -1
	}
	if loopbackUp() != nil {
		// Back to where it was; settleNetwork decides again, and says why.
		if err := setns(host, syscall.CLONE_NEWNET); err != nil {
			failWith(os.NewFile(ReportFD, "report"), Report{Setup: "returning to the host's network namespace: " + err.Error()})
		}
		_ = syscall.Close(host)
		return -1
	}
	return host
}

// settleNetwork gives this thread the network the spec asks for: the
// host's (network) or one of its own with only a loopback. hostNet is
// what isolateNetworkEarly returned.
func settleNetwork(network bool, hostNet int) error {
	if hostNet >= 0 {
		defer syscall.Close(hostNet)
		if network {
			if err := setns(hostNet, syscall.CLONE_NEWNET); err != nil {
				return fmt.Errorf("%s: %w", "returning to the host's network namespace", err)
			}
		}
		return nil
	}
	if network {
		return nil
	}
	if err := syscall.Unshare(syscall.CLONE_NEWNET); err != nil {
		return fmt.Errorf("%s: %w", "creating the sandbox's network namespace", err)
	}
	return loopbackUp()
}

// setns moves this thread into the namespace fd refers to.
func setns(fd int, nstype int) error {
	if _, _, errno := syscall.RawSyscall(sysSetns, uintptr(fd), uintptr(nstype), 0); errno != 0 {
		return errno
	}
	return nil
}

// enterSandbox binds the workspace (source, or dir itself) read-write at
// dir, pivots into the sandbox's root, detaches the host's and makes the
// root read-only: only the workspace, /tmp, the home directory and
// /dev/shm can be written.
func enterSandbox(root string, cmd Command) error {
	// The workspace comes last, so that one under /tmp is not covered by
	// the private /tmp.
	dir, source := cmd.Dir, cmd.Source
	at := joinPath(root, dir)
	if err := os.MkdirAll(at, 0o755); err != nil {
		return fmt.Errorf("%s: %w", "creating the workspace mount point", err)
	}
	if source == "" {
		source = dir
	}
	if cmd.Throwaway {
		if err := showThrowaway(source, at, joinPath(root, "/tmp/.autoverify-tree")); err != nil {
			return fmt.Errorf("%s: %w", ThrowawaySetup+" ("+source+")", err)
		}
	} else if err := syscall.Mount(source, at, "", syscall.MS_BIND|syscall.MS_REC, ""); err != nil {
		return fmt.Errorf("%s: %w", "binding the workspace "+source, err)
	}
	if err := setAttr(at, mountAttrNosuid|mountAttrNodev, 0); err != nil {
		return err
	}
	if err := pivot(root); err != nil {
		return err
	}
	if err := syscall.Mount("", "/", "", syscall.MS_REMOUNT|syscall.MS_BIND|syscall.MS_RDONLY|syscall.MS_NOSUID|syscall.MS_NODEV, ""); err != nil {
		return fmt.Errorf("%s: %w", "making the sandbox root read-only", err)
	}
	if err := syscall.Chdir(dir); err != nil {
		return fmt.Errorf("%s: %w", "entering the workspace "+dir, err)
	}
	return nil
}

// showThrowaway shows host directory src at dst copy-on-write, its writes
// kept in scratch (in the sandbox's private /tmp), as overlayCache shows a
// cache: the command changes its tree as it likes, the host's is only
// read, and whatever the command wrote is gone with the sandbox. It stands
// in for a copy of the tree per command (the gates' throwaway trees),
// whose cost grows with the tree (37 ms in memory for a real repository's
// 4.8 MB of small files) where a mount's does not. A path the overlay's
// options cannot carry is refused rather than quoted.
func showThrowaway(src, dst, scratch string) error {
	if strings.ContainsAny(src, ",:\\") {
		return errors.New("a path with ',', ':' or '\\' cannot be an overlay's lower layer")
	}
	upper, work, err := scratchDirs(scratch)
	if err != nil {
		return err
	}
	// redirect_dir lets a command rename a directory of the tree, as it
	// could in a copy: without it rename(2) fails with EXDEV there, which
	// tools that rename (os.Rename, Python's os.rename) do not work
	// around. A kernel that refuses it still gets the overlay.
	if mountOverlay(dst, src, upper, work, "redirect_dir=on") == nil {
		return nil
	}
	return mountOverlay(dst, src, upper, work)
}

// bindReadOnly shows host path src at dst, read-only, without set-uid or
// device files; a symbolic link is recreated as a link.
func bindReadOnly(src, dst string) error {
	fi, err := os.Lstat(src)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", "read-only path "+src, err)
	}
	if err := os.MkdirAll(parentDir(dst), 0o755); err != nil {
		return fmt.Errorf("%s: %w", "read-only path "+src, err)
	}
	switch {
	case fi.Mode()&os.ModeSymlink != 0:
		target, err := os.Readlink(src)
		if err != nil {
			return fmt.Errorf("%s: %w", "read-only path "+src, err)
		}
		if _, err := os.Lstat(dst); err == nil {
			return nil // already there through an earlier path
		}
		return os.Symlink(target, dst)
	case fi.IsDir():
		err = os.MkdirAll(dst, 0o755)
	default:
		err = os.WriteFile(dst, nil, 0o400)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", "read-only path "+src, err)
	}
	if err := syscall.Mount(src, dst, "", syscall.MS_BIND|syscall.MS_REC, ""); err != nil {
		return fmt.Errorf("%s: %w", "binding "+src, err)
	}
	return setAttr(dst, mountAttrRdonly|mountAttrNosuid|mountAttrNodev, 0)
}

// setAttr sets mount attributes on a mount and every mount under it, which
// the old remount interface cannot do in one call.
func setAttr(path string, set, clr uint64) error {
	if err := mountSetattr(path, set, clr); err != nil {
		return fmt.Errorf("%s: %w", "setting mount attributes on "+path, err)
	}
	return nil
}

// hide covers path, if it is visible, with an empty file or directory.
func hide(path, empty string) error {
	fi, err := os.Lstat(path)
	if err != nil || fi.Mode()&os.ModeSymlink != 0 {
		return nil
	}
	if fi.IsDir() {
		if err := syscall.Mount("tmpfs", path, "tmpfs", syscall.MS_RDONLY|syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, "size=0,mode=0555"); err != nil {
			return fmt.Errorf("%s: %w", "hiding "+path, err)
		}
		return nil
	}
	if err := syscall.Mount(empty, path, "", syscall.MS_BIND, ""); err != nil {
		return fmt.Errorf("%s: %w", "hiding "+path, err)
	}
	return setAttr(path, mountAttrRdonly, 0)
}

func mountTmpfs(path, opts string) error {
	if err := os.MkdirAll(path, 0o755); err != nil {
		return fmt.Errorf("%s: %w", "creating "+path, err)
	}
	if err := syscall.Mount("tmpfs", path, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, opts); err != nil {
		return fmt.Errorf("%s: %w", "mounting a private "+path, err)
	}
	return nil
}

// buildDev makes a /dev with the harmless character devices bound from the
// host (as bubblewrap's --dev does) and the usual links.
func buildDev(dev, shmOpts string) error {
	if err := mountTmpfs(dev, "mode=0755,size=64k"); err != nil {
		return err
	}
	for _, name := range []string{"null", "zero", "full", "random", "urandom", "tty"} {
		dst := joinPath(dev, name)
		if err := os.WriteFile(dst, nil, 0o600); err != nil {
			return fmt.Errorf("%s: %w", "creating /dev/"+name, err)
		}
		if err := syscall.Mount("/dev/"+name, dst, "", syscall.MS_BIND, ""); err != nil {
			if name == "tty" {
				_ = os.Remove(dst) // no controlling terminal to give
				continue
			}
			return fmt.Errorf("%s: %w", "binding /dev/"+name, err)
		}
	}
	for name, target := range map[string]string{"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0",
		"stdout": "/proc/self/fd/1", "stderr": "/proc/self/fd/2"} {
		if err := os.Symlink(target, joinPath(dev, name)); err != nil {
			return fmt.Errorf("%s: %w", "creating /dev/"+name, err)
		}
	}
	return mountTmpfs(joinPath(dev, "shm"), shmOpts)
}

// overlayCache shows host directory src at dst copy-on-write, with the
// writes kept in the private /tmp, so a command reads a warm cache but
// cannot change what the next run reads.
func overlayCache(src, dst, scratch string) error {
	if fi, err := os.Stat(src); err != nil || !fi.IsDir() {
		return nil
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return fmt.Errorf("%s: %w", "cache "+src, err)
	}
	upper, work, err := scratchDirs(scratch)
	if err != nil {
		return fmt.Errorf("%s: %w", "cache "+src, err)
	}
	if err := mountOverlay(dst, src, upper, work); err != nil {
		// Some file systems cannot be an overlay's lower layer; a
		// read-only cache still saves the downloads.
		if berr := bindReadOnly(src, dst); berr != nil {
			return fmt.Errorf("%s: %w", "cache "+src+": overlay: "+err.Error()+"; read-only bind", berr)
		}
	}
	return nil
}

// layerCache lays cmd's build layer over the cache overlayCache showed at
// cmd.LayerOver. A writer (the gates' compile step, which runs nothing of
// its tree) reads the host's cache beneath the layer and writes into the
// layer, which stays on the host when the sandbox goes; a reader reads the
// layer above the host's cache and writes, as into every cache, into the
// private /tmp, where its writes vanish with it. Either way the host's
// cache is only read. The mount fails while another sandbox still holds
// the layer as its upper layer (the kernel refuses an upper layer in use);
// the runner waits for a writer's sandbox to go before it returns.
func layerCache(root string, cmd Command) error {
	layer := joinPath(cmd.Layer, "upper")
	lower, upper, work := cmd.LayerOver, layer, joinPath(cmd.Layer, "work")
	if !cmd.LayerWrite {
		var err error
		if upper, work, err = scratchDirs(joinPath(root, "/tmp/.autoverify-layer")); err != nil {
			return fmt.Errorf("%s: %w", "layer scratch", err)
		}
		lower = layer + ":" + cmd.LayerOver
	}
	if err := mountOverlay(joinPath(root, cmd.LayerOver), lower, upper, work); err != nil {
		return fmt.Errorf("%s: %w", "laying "+cmd.Layer+" over "+cmd.LayerOver, err)
	}
	return nil
}

// scratchDirs makes an overlay's upper and work directories in scratch.
func scratchDirs(scratch string) (upper, work string, err error) {
	upper, work = joinPath(scratch, "upper"), joinPath(scratch, "work")
	for _, d := range []string{upper, work} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return "", "", err
		}
	}
	return upper, work, nil
}

// mountOverlay mounts at dst an overlay of lower (one directory, or
// several joined by ':', the first on top) with writes into upper.
func mountOverlay(dst, lower, upper, work string, extra ...string) error {
	opts := strings.Join(append([]string{"lowerdir=" + lower, "upperdir=" + upper, "workdir=" + work}, extra...), ",")
	return syscall.Mount("overlay", dst, "overlay", syscall.MS_NOSUID|syscall.MS_NODEV, opts)
}

// mountProc mounts the PID namespace's own /proc, so the command sees only
// its own processes, and makes the kernel's tunables under it read-only.
// It bounds the number of tasks through the namespace's pid_max where the
// kernel has one per namespace (Linux 6.14 and later), which holds even for
// root, whom RLIMIT_NPROC does not bind.
func mountProc(proc string, processes int) (string, error) {
	if err := os.MkdirAll(proc, 0o555); err != nil {
		return "", fmt.Errorf("%s: %w", "creating /proc", err)
	}
	// A process's /proc entries are visible only to those who may ptrace
	// it. That hides the init (not dumpable; see serve), whose runtime
	// threads never entered the mount, network, IPC and UTS namespaces its
	// main thread made: through /proc/1/task/N/net they would show the
	// host's sockets and interfaces. hidepid=ptraceable is Linux 5.8's;
	// before it, hidepid=2 exempts a group (gid=, root's by default, which
	// a command as root is in).
	var err error
	for _, opts := range []string{"hidepid=ptraceable", "hidepid=2,gid=65534", "hidepid=2"} {
		err = syscall.Mount("proc", proc, "proc", syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, opts)
		if !errors.Is(err, syscall.EINVAL) {
			break
		}
	}
	if err != nil {
		return "", fmt.Errorf("%s: %w", "mounting /proc (a container runtime that masks /proc prevents it; run the server with an unmasked /proc or use the docker or kubernetes runner)", err)
	}
	limit := "rlimit"
	if os.Geteuid() == 0 {
		limit = "none"
	}
	// pid_max bounds the pids below it, the init's (1) and its runtime
	// threads' (a few) among them, and cannot go below 301.
	if err := os.WriteFile(joinPath(proc, "sys/kernel/pid_max"), []byte(strconv.Itoa(max(processes+2, 301))), 0); err == nil {
		limit = "pid_max"
	}
	// Docker's list of /proc entries a container must not write or read.
	for _, p := range []string{"sys", "sysrq-trigger", "irq", "bus", "fs"} {
		path := joinPath(proc, p)
		if _, err := os.Lstat(path); err != nil {
			continue
		}
		if err := syscall.Mount(path, path, "", syscall.MS_BIND|syscall.MS_REC, ""); err != nil {
			return "", fmt.Errorf("%s: %w", "protecting /proc/"+p, err)
		}
		if err := setAttr(path, mountAttrRdonly|mountAttrNosuid|mountAttrNodev|mountAttrNoexec, 0); err != nil {
			return "", err
		}
	}
	for _, p := range []string{"kcore", "keys", "timer_list", "kmsg", "kallsyms", "sched_debug"} {
		if err := hide(joinPath(proc, p), "/dev/null"); err != nil {
			return "", err
		}
	}
	return limit, nil
}

// pivot makes root the root file system and detaches the host's.
func pivot(root string) error {
	old := joinPath(root, ".old-root")
	if err := os.Mkdir(old, 0o700); err != nil {
		return fmt.Errorf("%s: %w", "pivot", err)
	}
	if err := syscall.PivotRoot(root, old); err != nil {
		return fmt.Errorf("%s: %w", "pivot_root to "+root, err)
	}
	if err := syscall.Chdir("/"); err != nil {
		return fmt.Errorf("%s: %w", "pivot", err)
	}
	if err := syscall.Unmount("/.old-root", syscall.MNT_DETACH); err != nil {
		return fmt.Errorf("%s: %w", "detaching the host's root", err)
	}
	return os.Remove("/.old-root")
}

// loopbackUp brings up the namespace's own loopback device, so servers the
// command starts for its tests still answer on 127.0.0.1.
func loopbackUp() error {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_DGRAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("%s: %w", "loopback", err)
	}
	defer syscall.Close(fd)
	if err := ifUp(fd, "lo"); err != nil {
		return fmt.Errorf("%s: %w", "bringing loopback up", err)
	}
	return nil
}

// limit takes every capability out of the bounding set and out of reach of
// exec (securebits), while the init keeps the ones it is using to finish
// the mounts: it runs before the command is known.
func limit() error {
	const secbits = 1<<0 | 1<<1 | 1<<2 | 1<<3 | 1<<5 | 1<<6 | 1<<7 // NOROOT, NO_SETUID_FIXUP, KEEP_CAPS and NO_CAP_AMBIENT_RAISE, each locked
	if err := prctl(prSetSecurebits, secbits, 0, 0, 0); err != nil {
		return fmt.Errorf("%s: %w", "setting securebits", err)
	}
	// Read once: each read of /proc costs as much as the prctl.
	last := lastCap()
	for c := 0; c <= last; c++ {
		if err := prctl(prCapbsetDrop, uintptr(c), 0, 0, 0); err != nil && !errors.Is(err, syscall.EINVAL) {
			return fmt.Errorf("%s: %w", "dropping capability "+strconv.FormatInt(int64(c), 10)+" from the bounding set", err)
		}
	}
	_ = prctl(prCapAmbient, prCapAmbientClearAll, 0, 0, 0)
	return nil
}

// cloexecFrom marks every descriptor from fd up close-on-exec, so that the
// command gets its three standard ones only: not, say, a pipe the service
// itself inherited without the flag from whatever started it (Go opens its
// own with it). close_range is Linux 5.11's; before it, each descriptor
// /proc lists is marked.
func cloexecFrom(fd int) error {
	const closeRangeCloexec = 4
	if _, _, errno := syscall.Syscall(sysCloseRange, uintptr(fd), ^uintptr(0), closeRangeCloexec); errno == 0 {
		return nil
	}
	dir, err := os.Open("/proc/self/fd")
	if err != nil {
		return fmt.Errorf("%s: %w", "listing the init's descriptors", err)
	}
	names, err := dir.Readdirnames(-1)
	dir.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", "listing the init's descriptors", err)
	}
	for _, name := range names {
		if n, err := strconv.Atoi(name); err == nil && n >= fd {
			syscall.CloseOnExec(n)
		}
	}
	return nil
}

// rlimit is one of the command's resource limits.
type rlimit struct {
	res int
	v   uint64
}

// commandLimits are the command's resource limits. Memory is bounded by
// RLIMIT_DATA only where no memory cgroup bounds it (inCgroup).
func commandLimits(s *Spec, procLimit string, inCgroup bool) []rlimit {
	limits := []rlimit{
		{syscall.RLIMIT_FSIZE, uint64(s.FileSize)},
		{syscall.RLIMIT_CPU, uint64(s.CPUTime)},
		{syscall.RLIMIT_CORE, 0},
	}
	if !inCgroup {
		limits = append(limits, rlimit{syscall.RLIMIT_DATA, uint64(s.Memory)})
	}
	if procLimit != "pid_max" {
		// The user's processes (tasks) in the namespace include the
		// init's.
		limits = append(limits, rlimit{rlimitNPROC, uint64(s.Processes) + 1})
	}
	return limits
}

// waitExecStop waits for the command, traced by this thread, to stop
// right after its exec; stopped is false when it died in the exec instead,
// ws then how.
func waitExecStop(pid int) (ws syscall.WaitStatus, stopped bool, err error) {
	for {
		_, err := syscall.Wait4(pid, &ws, syscall.WALL, nil)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return 0, false, fmt.Errorf("%s: %w", "waiting for the command to stop at its exec", err)
		}
		break
	}
	switch {
	case ws.Stopped():
		return ws, true, nil
	case ws.Exited(), ws.Signaled():
		return ws, false, nil
	}
	return 0, false, errors.New("the command did not stop at its exec (status 0x" + strconv.FormatUint(uint64(uint32(ws)), 16) + ")")
}

// setLimits sets limits on the command pid, stopped after its exec.
func setLimits(pid int, limits []rlimit) error {
	for _, l := range limits {
		rl := syscall.Rlimit{Cur: l.v, Max: l.v}
		if _, _, errno := syscall.RawSyscall6(syscall.SYS_PRLIMIT64, uintptr(pid), uintptr(l.res),
			uintptr(unsafe.Pointer(&rl)), 0, 0, 0); errno != 0 {
			return fmt.Errorf("%s: %w", "setting limit "+strconv.FormatInt(int64(l.res), 10)+" to "+strconv.FormatInt(int64(l.v), 10), errno)
		}
	}
	return nil
}

// confine gives up the capabilities the init still holds, so that the
// command cannot undo the sandbox: none even as uid 0 (which without a user
// namespace is the host's root), and none regained through exec or set-uid
// files.
func confine() error {
	if err := capsetNone(); err != nil {
		return fmt.Errorf("%s: %w", "dropping capabilities", err)
	}
	if err := prctl(prSetNoNewPrivs, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("%s: %w", "setting no_new_privs", err)
	}
	return nil
}

// lastCap reads the highest capability the kernel knows, from the
// sandbox's own /proc.
func lastCap() int {
	b, err := os.ReadFile("/proc/sys/kernel/cap_last_cap")
	if err != nil {
		return 63
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		return 63
	}
	return n
}
