package local

import "fmt"

// Isolation names how the runner confines a command's process tree. It is
// observable through Runner.Isolation and forceable through WithIsolation so
// that both modes can be exercised on one machine.
type Isolation string

const (
	// IsolationAuto picks IsolationSandbox when the kernel permits it,
	// then IsolationPIDNamespace, then IsolationProcessGroup.
	IsolationAuto Isolation = ""
	// IsolationSandbox runs each command in its own user (unless the
	// service is root), PID, mount, network, IPC and UTS namespaces, on a
	// read-only view of the system directories with the workspace, a
	// private /tmp and home writable, under limits; see SandboxConfig.
	IsolationSandbox Isolation = "sandbox"
	// IsolationNoSandbox picks the strongest mode short of the sandbox,
	// for people who run their own trusted code with ENGINEO_SANDBOX=off.
	IsolationNoSandbox Isolation = "no-sandbox"
	// IsolationPIDNamespace runs each command as PID 1 of its own PID
	// namespace (inside a user namespace when autoverify is not root).
	IsolationPIDNamespace Isolation = "pid-namespace"
	// IsolationProcessGroup runs each command in its own process group and
	// finds escaped descendants by a per-run environment token.
	IsolationProcessGroup Isolation = "process-group"
)

func (i Isolation) valid() error {
	switch i {
	case IsolationAuto, IsolationSandbox, IsolationNoSandbox, IsolationPIDNamespace, IsolationProcessGroup:
		return nil
	}
	return fmt.Errorf("local: unknown isolation %q (want %q, %q, %q, %q or empty for auto)",
		string(i), IsolationSandbox, IsolationNoSandbox, IsolationPIDNamespace, IsolationProcessGroup)
}
