//go:build !linux

package local

import (
	"errors"
	"os"
	"syscall"
)

// The runner's guarantees rest on Linux PID namespaces, or on process groups
// plus /proc; elsewhere construction fails and these are never reached.

func probeIsolation(Isolation) (Isolation, bool, error) {
	return "", false, errors.New("local: the local runner needs Linux")
}

func sysProcAttr(Isolation, bool) *syscall.SysProcAttr { return nil }

func waitExited(int) error { return errors.New("local: the local runner needs Linux") }

func signalTree(int, syscall.Signal) {}

func sweepToken(string) int { return 0 }

func exitStatus(ps *os.ProcessState) int { return ps.ExitCode() }

func drainPipe(*os.File, []byte, *capture) {}
