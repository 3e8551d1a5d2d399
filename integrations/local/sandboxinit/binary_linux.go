package sandboxinit

import (
	"errors"
	"os"
	"sync"
	"syscall"
)

var binary struct {
	once sync.Once
	mu   sync.Mutex
	path string // "" for none
	// failed, once set, is why the binary is not used any more;
	// reported, that TakeBinaryFailure has returned it.
	failed   string
	reported bool
	// refused is why BinaryEnv's program was not taken at all.
	refused string
}

// initCommand is the program Start runs as the init and its arguments:
// the init binary BinaryEnv names, told the Identity it must have, unless
// there is none or it failed; else the executable itself.
func initCommand() (exe string, argv []string, separate bool) {
	binary.once.Do(findBinary)
	binary.mu.Lock()
	defer binary.mu.Unlock()
	if binary.path != "" && binary.failed == "" {
		return binary.path, []string{Arg0, Identity()}, true
	}
	return Exe, []string{Arg0}, false
}

// findBinary takes BinaryEnv's program if it is to be trusted.
func findBinary() {
	p := os.Getenv(BinaryEnv)
	if p == "" {
		return
	}
	binary.mu.Lock()
	defer binary.mu.Unlock()
	if err := trustedBinary(p); err != nil {
		binary.refused = p + ": " + err.Error()
		return
	}
	binary.path = p
}

// trustedBinary checks what keeps the init program from being changed by
// anyone but whoever installed it: an absolute path to a regular,
// executable file that it, and the directory it is in, belong to root or
// to this process's user and are not writable by anyone else. A sandboxed
// command can write only its workspace, so a program it could replace
// would be in a workspace: a directory of the user's, which this allows,
// hence BinaryEnv's documented rule to keep it outside every work tree.
func trustedBinary(p string) error {
	if !isAbs(p) {
		return errors.New("not an absolute path")
	}
	owned := func(name string, dir bool) error {
		fi, err := os.Lstat(name)
		if err != nil {
			return err
		}
		st, ok := fi.Sys().(*syscall.Stat_t)
		switch {
		case !ok:
			return errors.New(name + ": no owner")
		case dir && !fi.IsDir():
			return errors.New(name + ": not a directory")
		case !dir && (!fi.Mode().IsRegular() || fi.Mode()&0o111 == 0):
			return errors.New(name + ": not an executable file (a link is not followed)")
		case st.Uid != 0 && int(st.Uid) != os.Geteuid():
			return errors.New(name + ": owned by another user")
		case fi.Mode()&0o022 != 0 && !(dir && fi.Mode()&os.ModeSticky != 0 && st.Uid == 0):
			return errors.New(name + ": writable by others")
		}
		return nil
	}
	if err := owned(p, false); err != nil {
		return err
	}
	return owned(parentDir(p), true)
}

// UseBinary makes Start run p as the init ("" for the executable itself)
// instead of what BinaryEnv names, unchecked, and forgets a failure: for
// tests.
func UseBinary(p string) {
	binary.once.Do(func() {})
	binary.mu.Lock()
	binary.path, binary.failed, binary.refused, binary.reported = p, "", "", false
	binary.mu.Unlock()
}

// BinaryFailed records that the init binary failed (it answered StaleLine,
// could not be started, or gave no usable answer): inits start from the
// executable itself from now on. It reports whether this call made the
// change.
func BinaryFailed(why string) bool {
	binary.mu.Lock()
	defer binary.mu.Unlock()
	if binary.path == "" || binary.failed != "" {
		return false
	}
	binary.failed = why
	return true
}

// TakeBinaryFailure returns, once, the init binary that failed and why
// (ok is false before a failure and after it was taken): for the runner
// to say so once.
func TakeBinaryFailure() (path, why string, ok bool) {
	binary.mu.Lock()
	defer binary.mu.Unlock()
	if binary.failed == "" || binary.reported {
		return "", "", false
	}
	binary.reported = true
	return binary.path, binary.failed, true
}

// BinaryInUse is the init binary Start runs, "" when it runs the
// executable itself; refused says why BinaryEnv's program was not taken.
func BinaryInUse() (path, refused string) {
	p, _, separate := initCommand()
	binary.mu.Lock()
	defer binary.mu.Unlock()
	if !separate {
		p = ""
	}
	return p, binary.refused
}
