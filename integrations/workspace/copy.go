// Package workspace copies a verification's workspace for the independent
// reviewers, so that no reviewer sees files another wrote (a build cache,
// a test's leftovers, a planted result).
package workspace

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/engineo/autoverify/bot/verify"
)

// Copier copies workspaces into fresh directories under Dir; by default
// the system's temporary directory, or a memory file system where that is
// on a disk and the tree fits (see place).
type Copier struct {
	Dir string
	// Skip names directories (absolute, or relative to the current
	// directory) that are left out of a copy when they lie inside the
	// workspace: autoverify's own evidence and state directories. They
	// are not what the checks test (the result cache leaves them out of
	// the tree hash for the same reason), they grow with every run, and
	// the state directory holds the open ledger database.
	Skip []string
	// Removals, when set, makes release remove a copy in the background,
	// counted in the group, so that the removal overlaps what follows the
	// checks (the ledger, the evidence); the caller waits on it before it
	// exits. Nil removes the copy before release returns.
	Removals *sync.WaitGroup
}

var _ verify.WorkspaceCloner = Copier{}

// copyPrefix starts the name of every copy's directory.
const copyPrefix = "autoverify-reviewer-"

// Clone copies dir into a new directory, as os.CopyFS does but with the
// files copied in parallel (a real repository's thousand files took 0.35 s
// one after another on two cores): regular files keep their execute bits
// and symbolic links are copied as links, never followed, so a link in a
// pull request cannot pull a file from outside the workspace into the
// copy. release removes the copy.
func (c Copier) Clone(ctx context.Context, dir string) (string, func(), error) {
	if err := ctx.Err(); err != nil {
		return "", nil, err
	}
	var src fs.FS = os.DirFS(dir)
	if d, ok := src.(dirFS); ok {
		if skip := c.inside(dir); len(skip) > 0 {
			src = skipFS{d, skip}
		}
	}
	var size int64
	if c.Dir == "" {
		var err error
		if size, err = treeSize(src); err != nil {
			return "", nil, fmt.Errorf("workspace: copying %s: %w", dir, err)
		}
	}
	place, free := c.place(size)
	dst, release, err := clone(ctx, place, dir, src)
	if err != nil && c.Dir == "" && place == memoryFS && noRoom(err) {
		// The memory file system filled up meanwhile: a disk copy is
		// slower, not wrong.
		free()
		dst, release, err = clone(ctx, os.TempDir(), dir, src)
	}
	if err != nil {
		free()
		return "", nil, err
	}
	remove := func() {
		release()
		free()
	}
	if c.Removals == nil {
		return dst, remove, nil
	}
	return dst, func() {
		c.Removals.Add(1)
		go func() {
			defer c.Removals.Done()
			remove()
		}()
	}, nil
}

// clone copies src (the tree at dir) into a new directory under place,
// held by a lock for as long as it exists (see sweepStale).
func clone(ctx context.Context, place, dir string, src fs.FS) (string, func(), error) {
	root, err := os.MkdirTemp(place, copyPrefix+"*")
	if err != nil {
		return "", nil, fmt.Errorf("workspace: creating a copy of %s: %w", dir, err)
	}
	lock, err := lockOwner(root)
	if err != nil {
		_ = os.RemoveAll(root)
		return "", nil, fmt.Errorf("workspace: creating a copy of %s: %w", dir, err)
	}
	release := func() {
		_ = os.RemoveAll(root)
		if lock != nil {
			lock.Close()
		}
	}
	// Keep the workspace's own name: some tools print or depend on it.
	dst := filepath.Join(root, filepath.Base(filepath.Clean(dir)))
	if err := copyTree(ctx, dst, src); err != nil {
		release()
		return "", nil, fmt.Errorf("workspace: copying %s: %w", dir, err)
	}
	return dst, release, nil
}

// inside returns the Skip directories that lie inside dir, as slash
// paths relative to it.
func (c Copier) inside(dir string) map[string]bool {
	base := realAbs(dir)
	out := map[string]bool{}
	for _, s := range c.Skip {
		if s == "" {
			continue
		}
		rel, err := filepath.Rel(base, realAbs(s))
		if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		out[filepath.ToSlash(rel)] = true
	}
	return out
}

func realAbs(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if real, err := filepath.EvalSymlinks(p); err == nil {
		p = real
	}
	return p
}

// dirFS is what os.DirFS gives: os.CopyFS copies links as links only
// through ReadLink.
type dirFS interface {
	fs.ReadDirFS
	fs.ReadLinkFS
}

// skipFS is a directory tree without the entries named in skip.
type skipFS struct {
	dirFS
	skip map[string]bool
}

func (s skipFS) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := s.dirFS.ReadDir(name)
	kept := entries[:0]
	for _, e := range entries {
		if !s.skip[path.Join(name, e.Name())] {
			kept = append(kept, e)
		}
	}
	return kept, err
}

// copyWorkers is how many files copyTree copies at once: creating and
// writing a small file is mostly waiting on the kernel, so more than the
// cores.
var copyWorkers = 4 * runtime.NumCPU()

// copyTree copies src into dst (which must not exist) like os.CopyFS:
// directories are made in the walk's order, files and links by a pool of
// workers. Anything else (a device, a pipe) is an error.
func copyTree(ctx context.Context, dst string, src fs.FS) error {
	type job struct {
		from, to string
		mode     fs.FileMode
	}
	jobs := make(chan job)
	errs := make(chan error, 1)
	fail := func(err error) {
		select {
		case errs <- err:
		default:
		}
	}
	var wg sync.WaitGroup
	for range copyWorkers {
		wg.Go(func() {
			for j := range jobs {
				if err := copyEntry(src, j.from, j.to, j.mode); err != nil {
					fail(err)
				}
			}
		})
	}
	walkErr := fs.WalkDir(src, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		select {
		case err := <-errs:
			return err
		default:
		}
		to := filepath.Join(dst, filepath.FromSlash(name))
		switch t := d.Type(); {
		case d.IsDir():
			return os.MkdirAll(to, 0o777)
		case t.IsRegular(), t&fs.ModeSymlink != 0:
			info, err := d.Info()
			if err != nil {
				return err
			}
			jobs <- job{name, to, info.Mode()}
			return nil
		default:
			return &fs.PathError{Op: "copy", Path: name, Err: fs.ErrInvalid}
		}
	})
	close(jobs)
	wg.Wait()
	if walkErr != nil {
		return walkErr
	}
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
}

// copyEntry copies one regular file (with its execute bits) or symbolic
// link (as a link).
func copyEntry(src fs.FS, from, to string, mode fs.FileMode) error {
	if mode&fs.ModeSymlink != 0 {
		target, err := fs.ReadLink(src, from)
		if err != nil {
			return err
		}
		return os.Symlink(target, to)
	}
	r, err := src.Open(from)
	if err != nil {
		return err
	}
	defer r.Close()
	w, err := os.OpenFile(to, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o666|mode&0o111)
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, r); err != nil {
		w.Close()
		return &fs.PathError{Op: "copy", Path: from, Err: err}
	}
	return w.Close()
}
