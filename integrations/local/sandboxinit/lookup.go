package sandboxinit

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"syscall"
)

// Exit codes of a program that cannot be started, as bash reports them.
const (
	ExitNotExecutable = 126
	ExitNotFound      = 127
)

type startFailure struct {
	code int
	msg  string
}

// Resolve finds argv[0] the way a shell would (see resolve) and returns its
// path, or the exit code and message a shell would give.
func Resolve(name, dir, pathList string) (path string, code int, msg string) {
	p, f := resolve(name, dir, pathList)
	if f != nil {
		return "", f.code, f.msg
	}
	return p, 0, ""
}

// resolve finds argv[0] the way a shell would, but in the runner's PATH
// rather than the service's: names with a slash are taken relative to the
// work directory, other names are searched in pathList. Relative PATH
// entries are skipped so that a repository under test cannot shadow a tool
// by committing a file named like it.
func resolve(name, dir, pathList string) (string, *startFailure) {
	if strings.Contains(name, "/") {
		p := name
		if !isAbs(p) {
			p = joinPath(dir, p)
		}
		if f := checkExecutable(name, p); f != nil {
			return "", f
		}
		return p, nil
	}
	// As in bash, entries that cannot be searched and directories are
	// skipped; a file found without execute permission is reported only if
	// no later entry has a runnable one.
	denied := false
	for _, entry := range strings.Split(pathList, ":") {
		if entry == "" || !isAbs(entry) {
			continue
		}
		p := joinPath(entry, name)
		fi, err := os.Stat(p)
		if err != nil || fi.IsDir() {
			continue
		}
		if fi.Mode()&0o111 == 0 {
			denied = true
			continue
		}
		return p, nil
	}
	if denied {
		return "", &startFailure{code: ExitNotExecutable, msg: name + ": permission denied"}
	}
	return "", &startFailure{code: ExitNotFound, msg: name + ": executable file not found in $PATH"}
}

// checkExecutable reports why p cannot be executed, or nil if it can. The
// codes follow bash: 127 for missing, 126 for present but not runnable.
func checkExecutable(name, p string) *startFailure {
	fi, err := os.Stat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
		return &startFailure{code: ExitNotFound, msg: name + ": no such file or directory"}
	case err != nil:
		return &startFailure{code: ExitNotExecutable, msg: name + ": " + errText(err)}
	case fi.IsDir():
		return &startFailure{code: ExitNotExecutable, msg: name + ": is a directory"}
	case fi.Mode()&0o111 == 0:
		return &startFailure{code: ExitNotExecutable, msg: name + ": permission denied"}
	}
	return nil
}

// ErrText strips the *PathError wrapper; see errText.
func ErrText(err error) string { return errText(err) }

// errText strips the *PathError wrapper so that messages name the program
// as the command wrote it, not the resolved path.
func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
