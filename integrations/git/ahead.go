package git

import (
	"fmt"
	"strings"

	"github.com/engineo/autoverify/integrations/git/prestatus"
)

// statusArgs is the `git status` HeadAndTree reads (prestatus.Args).
var statusArgs = prestatus.Args

// takeStatus returns the status prestatus.Start ran for dir, once, with
// its errors as git reports them; ok is false when there is none for dir.
func takeStatus(dir string) (out string, err error, ok bool) {
	res, ok := prestatus.Take(dir)
	if !ok {
		return "", nil, false
	}
	if res.Err != nil {
		return "", gitError(statusArgs, res.Err, res.Stderr), true
	}
	return res.Out, nil, true
}

// gitError is the error of a git command that failed with err, having
// written stderr: ErrNotRepo outside a work tree.
func gitError(args []string, err error, stderr string) error {
	msg := strings.TrimSpace(stderr)
	if strings.Contains(msg, "not a git repository") {
		return ErrNotRepo
	}
	return fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, msg)
}
