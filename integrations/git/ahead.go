package git

import (
	"context"
	"path/filepath"
	"sync"
)

// statusArgs is the `git status` HeadAndTree reads: --no-optional-locks so
// that status does not refresh (rewrite) the user's index;
// --ignore-submodules=none and --untracked-files=all override settings
// that would hide a change `git add -A` sees; --branch names the commit
// status compared against.
var statusArgs = []string{"--no-optional-locks", "status", "--porcelain=v2", "-z", "--branch",
	"--untracked-files=all", "--ignore-submodules=none", "--no-renames"}

// ahead is the status PrestartStatus started, until HeadAndTree takes it.
var ahead struct {
	mu   sync.Mutex
	dir  string // absolute
	done chan struct{}
	out  string
	err  error
}

// PrestartStatus starts the `git status` that HeadAndTree will ask of dir,
// in the background, so that a process which is about to hash its work
// tree (the CLI's `run`, from a package initialiser) has the answer by the
// time it asks: the snapshot is of the tree as the process started. Only
// the first call of a process counts; HeadAndTree of another directory
// runs its own.
func PrestartStatus(dir string) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return
	}
	ahead.mu.Lock()
	defer ahead.mu.Unlock()
	if ahead.done != nil {
		return
	}
	ahead.dir, ahead.done = abs, make(chan struct{})
	go func() {
		out, err := Repo{Dir: dir}.git(context.Background(), statusArgs...)
		ahead.mu.Lock()
		ahead.out, ahead.err = out, err
		ahead.mu.Unlock()
		close(ahead.done)
	}()
}

// takeStatus returns the prestarted status of dir, once; ok is false when
// there is none for dir.
func takeStatus(dir string) (out string, err error, ok bool) {
	abs, aerr := filepath.Abs(dir)
	ahead.mu.Lock()
	done := ahead.done
	match := aerr == nil && done != nil && ahead.dir == abs
	if match {
		ahead.dir = "" // once
	}
	ahead.mu.Unlock()
	if !match {
		return "", nil, false
	}
	<-done
	ahead.mu.Lock()
	defer ahead.mu.Unlock()
	return ahead.out, ahead.err, true
}
