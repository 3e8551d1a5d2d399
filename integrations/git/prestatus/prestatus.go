// Package prestatus starts a work tree's `git status` at the very start of
// a process, before the rest of the binary has initialised, and hands its
// answer to integrations/git when that asks for the same directory.
//
// It is a package of its own, importing only packages Go initialises
// first (internal/textlite rather than strings and bytes), so that a
// package initialiser
// (cmd/autoverify/internal/prestart) can call it among the first: Go
// initialises packages in import-path order among those whose imports are
// ready, and integrations/git's imports (path/filepath, crypto/sha1) are
// ready only after most of the binary's packages have been initialised,
// about a millisecond later.
package prestatus

import (
	"errors"
	"io"
	"os"
	"path"
	"sync"

	"github.com/engineo/autoverify/internal/textlite"
)

// Args is the `git status` integrations/git reads: --no-optional-locks so
// that status does not refresh (rewrite) the user's index;
// --ignore-submodules=none and --untracked-files=all override settings
// that would hide a change `git add -A` sees; --branch names the commit
// status compared against.
var Args = []string{"--no-optional-locks", "status", "--porcelain=v2", "-z", "--branch",
	"--untracked-files=all", "--ignore-submodules=none", "--no-renames"}

// Result is a finished status: its output, what it wrote on stderr, and
// how it exited.
type Result struct {
	Out, Stderr string
	Err         error
}

var started struct {
	mu   sync.Mutex
	dir  string // absolute; "" once taken
	done chan struct{}
	res  Result
}

// Start runs `git -C dir status` (Args) in the background. Only the first
// call of a process counts.
func Start(dir string) {
	abs, ok := absolute(dir)
	if !ok {
		return
	}
	started.mu.Lock()
	defer started.mu.Unlock()
	if started.done != nil {
		return
	}
	started.dir, started.done = abs, make(chan struct{})
	go func() {
		res := run(dir)
		started.mu.Lock()
		started.res = res
		started.mu.Unlock()
		close(started.done)
	}()
}

// run runs git status in dir with os.StartProcess rather than os/exec,
// whose LookPath needs path/filepath (see the package comment).
func run(dir string) Result {
	git, err := lookPath("git")
	if err != nil {
		return Result{Err: err}
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		return Result{Err: err}
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return Result{Err: err}
	}
	null, err := os.Open(os.DevNull)
	if err != nil {
		outR.Close()
		outW.Close()
		errR.Close()
		errW.Close()
		return Result{Err: err}
	}
	proc, err := os.StartProcess(git, append([]string{"git", "-C", dir}, Args...), &os.ProcAttr{Env: os.Environ(),
		Files: []*os.File{null, outW, errW}})
	null.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		outR.Close()
		errR.Close()
		return Result{Err: err}
	}
	var errb []byte
	stderrRead := make(chan struct{})
	go func() {
		errb, _ = io.ReadAll(errR)
		errR.Close()
		close(stderrRead)
	}()
	out, rerr := io.ReadAll(outR)
	outR.Close()
	<-stderrRead
	state, werr := proc.Wait()
	switch {
	case werr != nil:
		err = werr
	case rerr != nil:
		err = rerr
	case !state.Success():
		err = errors.New(state.String())
	}
	return Result{Out: string(out), Stderr: string(errb), Err: err}
}

// lookPath finds name in PATH as os/exec's LookPath does, skipping
// relative entries (LookPath refuses what they find too).
func lookPath(name string) (string, error) {
	for _, dir := range textlite.Split(os.Getenv("PATH"), ":") {
		if dir == "" || dir[0] != '/' {
			continue
		}
		p := path.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", errors.New(`exec: "` + name + `": executable file not found in $PATH`)
}

// Take returns the status Start ran for dir, waiting for it to finish,
// once; ok is false when none was started for dir (or it was taken).
func Take(dir string) (res Result, ok bool) {
	abs, absOK := absolute(dir)
	started.mu.Lock()
	done := started.done
	ok = absOK && done != nil && started.dir == abs
	if ok {
		started.dir = ""
	}
	started.mu.Unlock()
	if !ok {
		return Result{}, false
	}
	<-done
	started.mu.Lock()
	defer started.mu.Unlock()
	return started.res, true
}

// Wait returns once a started status has finished (at once if none was).
func Wait() {
	started.mu.Lock()
	done := started.done
	started.mu.Unlock()
	if done != nil {
		<-done
	}
}

// Reset forgets a started status, for tests (Start counts once per
// process).
func Reset() {
	Wait()
	started.mu.Lock()
	defer started.mu.Unlock()
	started.dir, started.done, started.res = "", nil, Result{}
}

// absolute is filepath.Abs for the slash paths of the systems git runs on
// here, without path/filepath (see the package comment).
func absolute(dir string) (string, bool) {
	if len(dir) > 0 && dir[0] == '/' {
		return path.Clean(dir), true
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", false
	}
	return path.Join(wd, dir), true
}
