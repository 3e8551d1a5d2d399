package sandboxinit

import "runtime"

// The sandbox is built by autoverify itself rather than by an external tool
// (bubblewrap, nsjail, runsc): the server image is FROM scratch with one
// static binary and runs as a non-root user, where a setuid helper cannot be
// installed and a second binary would have to be kept in step with ours.
// The runner starts its own executable (/proc/self/exe) with argv[0] set to
// Arg0 inside fresh user (when not root), PID, mount, IPC and UTS
// namespaces; this package's init function notices the name before main
// runs, makes its network namespace (unless the command gets the host's),
// builds the command's view of the file system, drops every capability and
// starts the command as its child under its limits, staying the
// namespace's PID 1 until the command ends (see serve). The technique is
// the one runc's nsexec and moby's reexec use; the mount layout and the
// init that stays follow bubblewrap's.
const Arg0 = "autoverify-sandbox-init"

// Home is the fixed home directory commands get in the sandbox: empty,
// writable and private.
const Home = "/home/autoverify"

// Descriptors the runner passes to the init: the specs to read, and a pipe
// that carries ReadyLine, then either a Report (the command did not start)
// or StartedLine and, once the command has ended, its exit (EncodeExit).
const (
	SpecFD   = 3
	ReportFD = 4
)

// Spec is the part of the sandbox that is the same for every command
// of a runner. The init builds it as soon as it starts, which lets the
// runner keep one init waiting with the sandbox already built: a command
// then pays only for binding its workspace and its start. It is sent on
// SpecFD (see codec.go) so that nothing of it is visible in the command's
// environment.
type Spec struct {
	// Env is the command's environment. The init itself starts with an
	// empty one (see Start).
	Env       []string
	Root      string
	Path      string
	ReadOnly  []string
	Caches    []string
	Hide      []string
	Network   bool
	Processes int
	Memory    int64
	FileSize  int64
	TmpSize   int64
	CPUTime   int64 // seconds
}

// ReadyLine is what the init writes on ReportFD once the sandbox is built.
const ReadyLine = "R\n"

// Command is the second message on SpecFD: what to run, and where.
type Command struct {
	Argv []string
	Dir  string
	// Source, when set, is the host directory shown at Dir (a reviewer's
	// copy of the workspace, at the workspace's own path); empty shows Dir
	// itself.
	Source string
	// Probe makes the init stop after the sandbox is complete, for
	// CheckIsolation.
	Probe bool
}

// StartedLine is what the init writes on ReportFD once the command has
// started; its exit follows (EncodeExit) when it ends.
const StartedLine = "S\n"

// Report is what the init writes on ReportFD when the command does not
// start:
// Setup errors are the runner's fault; Code 126 or 127 belongs to the
// command (its program is missing or not executable in the sandbox).
type Report struct {
	Setup string
	Code  int
	Msg   string
	// Processes is how the process limit is enforced ("pid_max",
	// "rlimit" or "none"), reported by probes.
	Processes string
}

// BinaryName is the sandbox's init as an executable of its own
// (cmd/autoverify-sandbox-init). Start runs it instead of autoverify
// itself when BinaryEnv names it (the container image does): the init is
// the same code either way, but an exec of this 2.5 MB program costs a
// third less than one of autoverify's 45 MB (the runtime's start, the
// pages it maps, its exit), measured as the init's own CPU time: 20-25 ms
// instead of 31-41 on the 2-core machine the benchmarks run on, CPU that a
// quick `run` otherwise takes from its own start-up. Docker's --init
// (docker-init) is a program of its own for the same reason.
//
// It runs outside the sandbox, before it exists, so it is opt-in and
// trusted only where nobody but its owner can change it (see
// trustedBinary): never found by looking beside the executable, which may
// sit in a work tree a pull request writes. It must be built from the same
// source and Go as the autoverify that starts it (Identity); one that is
// not refuses to serve (StaleLine), and any failure of it makes the runner
// use autoverify itself from then on (see BinaryFailed).
const BinaryName = "autoverify-sandbox-init"

// BinaryEnv names the init program (BinaryName) Start runs: an absolute
// path, outside every work tree.
const BinaryEnv = "ENGINEO_SANDBOX_INIT"

// StaleLine is what an init binary built from other source than the
// autoverify that started it writes on ReportFD instead of anything else.
// It is as long as ReadyLine, which the runner reads by length.
const StaleLine = "X\n"

// Identity is what an init binary must be built from to serve the
// autoverify that starts it: the same sources (SourceID) and the same Go.
// Start sends its own; an init binary compares it with its own.
func Identity() string { return builtSourceID + "/" + runtime.Version() }

// builtSourceID is SourceID, as a variable a test can set at link time
// (-ldflags -X) to build an init binary "from other source".
var builtSourceID = SourceID
