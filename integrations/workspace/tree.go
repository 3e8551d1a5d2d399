package workspace

import (
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"syscall"
)

// Trees opens a command's tree for the failure reading
// (verify.TreeOpener) with os.Root: every read stays inside the tree, a
// link out of it included, since the tree is the change's.
type Trees struct{}

// OpenTree opens dir.
func (Trees) OpenTree(dir string) (fs.FS, func() error, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, nil, err
	}
	return rootFS{root: root}, root.Close, nil
}

// rootFS is os.Root as an fs.FS whose Open never waits: the command
// ran in this tree, may have left a FIFO where a file is read, and may
// still be swapping one in (a background process, another reviewer's
// command in the shared workspace). A FIFO opened without O_NONBLOCK waits
// for a writer forever; here the open returns, and only a regular file or
// a directory is handed on.
type rootFS struct {
	root *os.Root
}

func (r rootFS) Open(name string) (fs.File, error) {
	if err := valid("open", name); err != nil {
		return nil, err
	}
	f, err := r.root.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil || !(st.Mode().IsRegular() || st.IsDir()) {
		_ = f.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("not a regular file or directory")}
	}
	return f, nil
}

// valid refuses a name fs.FS does not allow (absolute, "..", empty
// parts), as os.Root's own FS does, before os.Root sees it.
func valid(op, name string) error {
	if !fs.ValidPath(name) {
		return &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	return nil
}

// The other reads go to os.Root directly, Lstat and ReadLink among them:
// fs.Lstat on a file system without ReadLinkFS follows links (the failure
// reading treats a link on a path as "cannot tell").

func (r rootFS) Stat(name string) (fs.FileInfo, error) {
	if err := valid("stat", name); err != nil {
		return nil, err
	}
	return r.root.Stat(name)
}

func (r rootFS) Lstat(name string) (fs.FileInfo, error) {
	if err := valid("lstat", name); err != nil {
		return nil, err
	}
	return r.root.Lstat(name)
}

func (r rootFS) ReadLink(name string) (string, error) {
	if err := valid("readlink", name); err != nil {
		return "", err
	}
	return r.root.Readlink(name)
}

func (r rootFS) ReadDir(name string) ([]fs.DirEntry, error) {
	f, err := r.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	d, ok := f.(fs.ReadDirFile)
	if !ok {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrInvalid}
	}
	entries, err := d.ReadDir(-1)
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, err
}
