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

// findBinary takes BinaryEnv's program if it is to be trusted and not in
// a work tree.
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
	if tree := workTree(p); tree != "" {
		binary.refused = p + ": inside the git work tree " + tree + ", which a pull request may write"
		return
	}
	binary.path = p
}

// workTree is the git work tree p is in ("" for none): a directory above
// it holding .git. (A work directory without .git, a server's extracted
// tarball, is refused when a command runs in it: see the runner.)
func workTree(p string) string {
	for d := parentDir(p); ; d = parentDir(d) {
		if _, err := os.Lstat(joinPath(d, ".git")); err == nil {
			return d
		}
		if d == "/" {
			return ""
		}
	}
}

// trustedBinary checks what keeps the init program from being changed by
// anyone but whoever installed it: a clean absolute path to a regular,
// executable file that it, and every directory above it, belong to root or
// to this process's user and are not writable by anyone else (a directory
// may be, if it is root's and sticky, as /tmp), none of them a symbolic
// link (as OpenSSH checks its keys' paths). A sandboxed command can write
// only its workspace, a directory of the user's, which this allows: hence
// also workTree, and the runner's check of each command's directory.
func trustedBinary(p string) error {
	if !isAbs(p) || joinPath(p) != p {
		return errors.New("not a clean absolute path")
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
	for d := parentDir(p); ; d = parentDir(d) {
		if err := owned(d, true); err != nil {
			return err
		}
		if d == "/" {
			return nil
		}
	}
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
