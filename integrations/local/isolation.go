package local

import "fmt"

// Isolation names how the runner confines a command's process tree. It is
// observable through Runner.Isolation and forceable through WithIsolation so
// that both modes can be exercised on one machine.
type Isolation string

const (
	// IsolationAuto picks IsolationPIDNamespace when the kernel permits it
	// and IsolationProcessGroup otherwise.
	IsolationAuto Isolation = ""
	// IsolationPIDNamespace runs each command as PID 1 of its own PID
	// namespace (inside a user namespace when autoverify is not root).
	IsolationPIDNamespace Isolation = "pid-namespace"
	// IsolationProcessGroup runs each command in its own process group and
	// finds escaped descendants by a per-run environment token.
	IsolationProcessGroup Isolation = "process-group"
)

func (i Isolation) valid() error {
	switch i {
	case IsolationAuto, IsolationPIDNamespace, IsolationProcessGroup:
		return nil
	}
	return fmt.Errorf("local: unknown isolation %q (want %q, %q or empty for auto)",
		string(i), IsolationPIDNamespace, IsolationProcessGroup)
}
