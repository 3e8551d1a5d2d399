//go:build !linux

package local

import (
	"errors"
	"os"
	"syscall"

	"github.com/engineo/autoverify/bot/verify"
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
	reap bool
}

func (*sandboxCmd) ended() error       { return errors.New("local: the sandbox needs Linux") }
func (*sandboxCmd) code() (int, error) { return 0, errors.New("local: the sandbox needs Linux") }
func (*sandboxCmd) release() string    { return "" }

// memoryCgroupParent: there are no memory cgroups elsewhere than Linux.
var memoryCgroupParent = func() string { return "" }

func (r *Runner) startSandboxed(sandboxinit.Command, *Budget) (*sandboxCmd, *sandboxinit.Report, error) {
	return nil, nil, errors.New("local: the sandbox needs Linux")
}

// Close does nothing where there is no sandbox.
func (r *Runner) Close() error { return nil }

// Network reports that commands share the host's network.
func (r *Runner) Network() bool { return true }

// Expect does nothing: no sandbox waits here.
func (r *Runner) Expect(int) {}

func (r *Runner) prewarm() {}

// Budget is a run's process budget; elsewhere than Linux there is none.
type Budget struct{}

func (*Budget) place(int) error { return nil }

// Close does nothing where there is no budget.
func (*Budget) Close() error { return nil }

var pidsCgroupParent = func() string { return "" }

func newBudget(string, int) (*Budget, error) {
	return nil, errors.New("local: process budgets need Linux")
}

// Budgeted returns r: there are no process budgets elsewhere than Linux.
func (r *Runner) Budgeted() (verify.Runner, func(), error) { return r, func() {}, nil }
