//go:build !linux

package local

import (
	"errors"
	"os"
	"syscall"

	"github.com/engineo/autoverify/integrations/capture"
	"github.com/engineo/autoverify/integrations/local/sandboxinit"
)

// The runner's guarantees rest on Linux PID namespaces, or on process groups
// plus /proc; elsewhere construction fails and these are never reached.

func probeIsolation(Isolation) (Isolation, bool, error) {
	return "", false, errors.New("local: the local runner needs Linux")
}

func sysProcAttr(Isolation, bool) *syscall.SysProcAttr { return nil }

func waitExited(int) error { return errors.New("local: the local runner needs Linux") }

func signalTree(int, syscall.Signal) {}

func sweepToken(string, uint64) int { return 0 }

func startTime(int) uint64 { return 0 }

func exitStatus(ps *os.ProcessState) int { return ps.ExitCode() }

func drainPipe(*os.File, []byte, *capture.Buffer) {}

type initProc struct{}

type sandboxCmd struct {
	proc *os.Process
	out  *os.File
}

func (*sandboxCmd) ended() error       { return errors.New("local: the sandbox needs Linux") }
func (*sandboxCmd) code() (int, error) { return 0, errors.New("local: the sandbox needs Linux") }

func (r *Runner) startSandboxed([]string, string, string, bool) (*sandboxCmd, *sandboxinit.Report, error) {
	return nil, nil, errors.New("local: the sandbox needs Linux")
}

// Close does nothing where there is no sandbox.
func (r *Runner) Close() error { return nil }

// Network reports that commands share the host's network.
func (r *Runner) Network() bool { return true }

// Expect does nothing: no sandbox waits here.
func (r *Runner) Expect(int) {}

func (r *Runner) prewarm() {}
