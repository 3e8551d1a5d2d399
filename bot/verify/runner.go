package verify

import (
	"context"
	"errors"
	"time"
)

// Command is one check to execute: an argv (never a shell string) in a work
// directory. Runners add nothing from the service's own environment except
// what their configuration names, so secrets held by autoverify never reach
// the command.
type Command struct {
	// ItemID is the checklist item the command verifies; runners use it only
	// for labels and logs.
	ItemID string
	// Argv is the program and its arguments, already split by a shell-word
	// parser. Argv[0] is looked up in the runner's PATH.
	Argv []string
	// Dir is the work directory the command runs in, as the command sees
	// it.
	Dir string
	// Source, when set, is the host directory whose files the command
	// sees at Dir: a reviewer's copy of the workspace, shown at the
	// workspace's own path, so that every reviewer runs in the same place
	// (PATH entries into the tree, shebangs, absolute paths and build
	// caches keyed by path are alike). A runner that cannot show one
	// directory at another's path runs in Source; one that shows the
	// workspace at a fixed path of its own (Docker's /workspace) binds
	// Source there. Use HostDir for the files.
	Source string
	// Timeout bounds the command's wall time; zero means the runner's default.
	Timeout time.Duration
	// OutputLimit, when above the runner's own cap on kept output, keeps
	// this command's output up to it instead. The gates ask for more: they
	// read each test's result from the test command's report, and a
	// table-driven suite reports every subtest (megabytes), far past what
	// evidence needs. It only raises the cap, so a command cannot use it
	// to hide output the runner would keep.
	OutputLimit int
	// BuildLayer, when set, names a host directory holding a layer of Go
	// build outputs for this command's tree, laid over the runner's Go
	// build cache: the gates compile a tree once and let each of their
	// commands in it read what was compiled (see BuildLayerer). A runner
	// that cannot layer its cache ignores it.
	BuildLayer string
	// WriteBuildLayer sends the command's writes to the Go build cache
	// into BuildLayer, where they stay for the commands that read it,
	// instead of vanishing with the command. Only for a command that runs
	// nothing of its tree (the gates' compile step, `go test -c` or `go
	// list -export -test`, compiles and links the packages and runs none):
	// what a tree's own code could write there, the next command would
	// read as compiled.
	WriteBuildLayer bool
	// Throwaway asks for the command's tree (HostDir) to be shown
	// copy-on-write, by a runner that can (ThrowawayShower): whatever the
	// command's processes write there vanishes with it and the tree on the
	// host is only read. The gates ask for it instead of copying a tree
	// for every command. A runner that cannot refuses the command with
	// ErrNoThrowaway; one that does not say ignores it.
	Throwaway bool
}

// KeptBytes is the cap on c's kept output for a runner whose own cap is
// runnerCap (see OutputLimit).
func (c Command) KeptBytes(runnerCap int) int { return max(runnerCap, c.OutputLimit) }

// HostDir is the directory holding the command's work tree on the host:
// Source when set, else Dir.
func (c Command) HostDir() string {
	if c.Source != "" {
		return c.Source
	}
	return c.Dir
}

// Result is what a runner observed of one command.
type Result struct {
	// ExitCode is the process exit status. A command killed by a signal
	// reports 128+signal, as a shell would; a program that could not be
	// started reports 127 (not found) or 126 (not executable).
	ExitCode int
	// Output is the combined stdout and stderr, capped by the runner. When
	// the cap was hit, the head and tail are kept and a line in between says
	// how many bytes were dropped.
	Output []byte
	// OmittedBytes counts output bytes dropped by the cap.
	OmittedBytes int64
	// TimedOut is set when the runner killed the command at its deadline.
	TimedOut bool
	// Duration is the wall time from start to exit (or kill).
	Duration time.Duration
}

// Runner executes commands. The local sandbox, Docker and Kubernetes
// implement it. Run returns an error only when the runner itself is
// unavailable (an engine down, an image missing); a command that fails,
// cannot be found or times out is a Result, not an error.
type Runner interface {
	Run(ctx context.Context, cmd Command) (Result, error)
}

// ErrTransient is matched (errors.Is) by runner errors that may pass if
// tried again: an engine or a cluster that did not answer, a Job that was
// lost. Every runner error means the command did not run (see Runner); the
// pipeline retries only these, a bounded number of times, and never counts
// any runner error against the code. A missing image or a refused
// permission is not transient: trying again cannot help.
var ErrTransient = errors.New("transient runner failure")

// Transient marks err as transient (it then matches ErrTransient) without
// changing its text.
func Transient(err error) error { return transientError{err} }

type transientError struct{ error }

func (e transientError) Unwrap() error        { return e.error }
func (e transientError) Is(target error) bool { return target == ErrTransient }

// CommandPlanner is a runner that prepares for commands before they are
// due (the local sandbox keeps sandboxes built and waiting). Verify tells
// it how many commands it is about to start, at most, so that a one-shot
// process (autoverify run) does not prepare one that never comes on the
// cores its own writes need.
type CommandPlanner interface {
	// Expect announces up to n more commands.
	Expect(n int)
}

// SourceShower is a runner that can say whether it shows a Command's
// Source at its Dir (the local sandbox binds it there), so that a command
// run in a copy of a tree sees the same paths as one in the tree itself:
// the build caches keyed by path serve it, and {worktree_dir} or an
// absolute path into the tree names the copy. A runner that cannot (or
// does not say) runs a copy where it is.
type SourceShower interface {
	ShowsSourceAtDir() bool
}

// ThrowawayShower is a runner that can say whether it shows a Command's
// tree copy-on-write when asked (Command.Throwaway; the local sandbox
// mounts an overlay). One that says no, or does not say, has its commands
// run on copies.
type ThrowawayShower interface {
	ShowsThrowaway() bool
}

// ErrNoThrowaway is matched (errors.Is) by the error of a runner that was
// asked for a throwaway tree it could not show (the kernel refused the
// overlay): the command did not run, and the caller copies the tree
// instead. The runner then says no for its later commands.
var ErrNoThrowaway = errors.New("the runner cannot show the tree copy-on-write")

// BuildLayerer is a runner that can lay a Command's BuildLayer over its
// Go build cache (the local sandbox). The gates compile a tree once, into
// a layer, only on such a runner; elsewhere each command compiles what it
// needs, as before.
type BuildLayerer interface {
	LayersBuildCache() bool
}

// IsolationChecker is a runner that can say whether it can isolate
// commands from the server right now: the local sandbox's namespaces are
// permitted, the Docker engine answers and has the image, the cluster
// answers and allows the Jobs. `serve` refuses to run pull-request code on
// a runner that cannot, and /readyz reports it.
type IsolationChecker interface {
	// CheckIsolation returns nil, or an error that names the fix.
	CheckIsolation(ctx context.Context) error
}
