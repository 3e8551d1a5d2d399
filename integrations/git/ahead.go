package git

import (
	"fmt"
	"strings"
)

// statusArgs is the `git status` HeadAndTree reads: --no-optional-locks
// so that status does not refresh (rewrite) the user's index;
// --ignore-submodules=none and --untracked-files=all override settings
// that would hide a change `git add -A` sees; --branch names the commit
// status compared against.
var statusArgs = []string{"--no-optional-locks", "status", "--porcelain=v2", "-z", "--branch",
	"--untracked-files=all", "--ignore-submodules=none", "--no-renames"}

// gitError is the error of a git command that failed with err, having
// written stderr: ErrNotRepo outside a work tree.
func gitError(args []string, err error, stderr string) error {
	msg := strings.TrimSpace(stderr)
	if strings.Contains(msg, "not a git repository") {
		return ErrNotRepo
	}
	return fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, msg)
}
