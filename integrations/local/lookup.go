package local

import "github.com/engineo/autoverify/integrations/local/sandboxinit"

// startFailure describes a program that could not be started for a reason
// that belongs to the command (not found, not executable) rather than to the
// runner. It becomes a Result with the shell's exit code.
type startFailure struct {
	code int
	msg  string
}

// resolve finds argv[0] the way a shell would, in the runner's PATH rather
// than the service's; the rules live with the sandbox's init, which resolves
// inside the sandbox (sandboxinit.Resolve).
func resolve(name, dir, pathList string) (string, *startFailure) {
	path, code, msg := sandboxinit.Resolve(name, dir, pathList)
	if code != 0 {
		return "", &startFailure{code: code, msg: msg}
	}
	return path, nil
}

// errText strips the *PathError wrapper so that messages name the program
// as the command wrote it, not the resolved path.
func errText(err error) string { return sandboxinit.ErrText(err) }
