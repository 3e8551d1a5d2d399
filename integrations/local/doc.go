// Package local implements verify.Runner by running each check as a child
// process of autoverify on the same machine.
//
// It owns everything between an argv and a verify.Result for that case: looking
// the program up in the runner's own PATH (never via a shell), building a
// scrubbed environment so that secrets held by the service never reach the
// command, capturing combined stdout and stderr under a fixed memory bound,
// enforcing the timeout, and making sure that no process started by a
// command outlives it.
//
// # Isolation
//
// Each command runs as PID 1 of a fresh PID namespace when the kernel allows
// it (IsolationPIDNamespace; as root directly, otherwise inside a user
// namespace that maps the caller's uid and gid onto themselves). Killing that
// first process kills every process of the namespace, including grandchildren
// that ignore SIGTERM or called setsid, and the kernel does the same when the
// command exits normally: background processes a command leaves behind do
// not survive it. Two consequences of being PID 1 are worth knowing: the
// command ignores signals it has no handler for when they come from inside
// its namespace (kill $$ does nothing), and orphaned descendants are
// reparented to it rather than to the host's init.
//
// The sandbox (IsolationSandbox, the default; see sandboxinit) has an init
// of autoverify's own as PID 1, the way bubblewrap and Docker's --init do,
// and the command is its child: neither consequence applies there, and the
// runner's SIGTERM at a timeout reaches a command without a handler. The
// init reports the command's exit on a pipe of its own; it is not dumpable
// and is hidden from the command's /proc, which keeps its report, and its
// runtime threads (still in the host's mount and network namespaces), out
// of the command's reach. Killing the init kills the command and gives no
// exit status: an error, not a pass.
//
// Where PID namespaces are not permitted the runner falls back to
// IsolationProcessGroup: the command leads a new process group, and every
// process it starts carries a random per-run token in its environment
// (AUTOVERIFY_RUN_TOKEN). Stopping the command signals the group and then
// sweeps /proc for processes still holding the token, the way Jenkins'
// ProcessTreeKiller does, which catches descendants that left the group with
// setsid or a double fork. The sweep also runs after a normal exit, so both
// modes give the same guarantee. A process that re-executed itself with a
// clean environment, or one caught in the middle of execve, escapes the
// sweep; that, and Pdeathsig covering only the first process if autoverify
// itself dies, is the residual risk of this mode.
//
// # Exit codes
//
// A command that exits reports its status; one killed by a signal reports
// 128+signal, as a shell would. A program that cannot be found reports 127
// and one that cannot be executed 126, with a line starting "autoverify:" in
// the output saying why. A command stopped at its deadline reports 124, the
// code coreutils timeout uses, with Result.TimedOut set, whatever status the
// kill produced.
package local
