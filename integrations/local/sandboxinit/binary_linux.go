package sandboxinit

import (
	"os"
	"path"
	"sync"
	"sync/atomic"
)

var binary struct {
	once  sync.Once
	mu    sync.Mutex
	path  string // "" for none
	stale atomic.Bool
}

// initCommand is the program Start runs as the init and its arguments:
// the init binary beside the executable, told the source it must be built
// from, unless there is none or it proved stale; else the executable
// itself.
func initCommand() (string, []string) {
	binary.once.Do(findBinary)
	binary.mu.Lock()
	p := binary.path
	binary.mu.Unlock()
	if p != "" && !binary.stale.Load() {
		return p, []string{Arg0, SourceID}
	}
	return Exe, []string{Arg0}
}

// findBinary looks for BinaryName in the directory of the running
// executable (where it was installed with it; nothing a repository under
// test can write).
func findBinary() {
	self, err := os.Readlink(Exe)
	if err != nil || !isAbs(self) {
		return
	}
	p := joinPath(path.Dir(self), BinaryName)
	if fi, err := os.Stat(p); err != nil || !fi.Mode().IsRegular() || fi.Mode()&0o111 == 0 {
		return
	}
	binary.mu.Lock()
	binary.path = p
	binary.mu.Unlock()
}

// UseBinary makes Start run p as the init ("" for the executable itself)
// instead of what it finds, and forgets that one proved stale: for tests,
// and for a process that knows better than the executable's directory.
func UseBinary(p string) {
	binary.once.Do(func() {})
	binary.mu.Lock()
	binary.path = p
	binary.mu.Unlock()
	binary.stale.Store(false)
}

// BinaryStale records that the init binary answered StaleLine: inits
// start from the executable itself from now on. It reports whether this
// call made the change, so that the caller says so once.
func BinaryStale() bool { return binary.stale.CompareAndSwap(false, true) }

// BinaryInUse is the init binary Start runs, "" when it runs the
// executable itself.
func BinaryInUse() string {
	p, _ := initCommand()
	if p == Exe {
		return ""
	}
	return p
}
