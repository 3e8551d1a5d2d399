package sandboxinit

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
	// Layer, when set, is a host directory (with upper/ and work/ in it)
	// laid over LayerOver, one of Spec.Caches: a command with LayerWrite
	// writes its cache writes there, the others read it above the cache
	// (see layerCache).
	Layer      string
	LayerOver  string
	LayerWrite bool
	// Throwaway shows the workspace (Source, or Dir) copy-on-write: the
	// command reads the host's tree and writes into the sandbox's private
	// /tmp, where its writes vanish with it (see showThrowaway).
	Throwaway bool
	// MemoryCgroup says the runner has put the init in a memory cgroup
	// of its own that bounds what the command's processes use together:
	// the command then gets no RLIMIT_DATA, which counts what each
	// process reserves (an AddressSanitizer build reserves terabytes of
	// shadow memory it never touches).
	MemoryCgroup bool
}

// ThrowawaySetup starts the Report.Setup of a command whose workspace
// could not be shown copy-on-write (an overlay the kernel refused): the
// runner tells it from a sandbox that cannot be built at all.
const ThrowawaySetup = "showing the workspace copy-on-write"

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
