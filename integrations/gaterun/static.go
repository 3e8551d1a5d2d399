package gaterun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/engineo/autoverify/bot/gates"
)

// maxNamedSources is how many files a file-by-file static check is given
// by name; a change touching more runs it over the whole trees, as a
// command line of thousands of paths would.
const maxNamedSources = 1000

// staticScope decides where the static checks run. A check that reads
// each file alone (gates.FileByFile: pyflakes) runs on the files the
// change added or changed that it would check walking the head's tree
// (gates.PythonSource), named one by one; others, and a change whose
// files cannot all be compared here (a symbolic link leaving the tree, a
// file that cannot be read), run over the whole trees.
func (s *Spec) staticScope(p *plan) {
	if s.Static == nil {
		return
	}
	tool, ok := gates.FileByFile(s.Static)
	if !ok {
		return
	}
	files, err := changedSources(p.baseDir, p.headDir)
	if err != nil || len(files) > maxNamedSources {
		return
	}
	p.staticFiles, p.staticTool = files, tool
}

// changedSources are the head's files pyflakes checks walking the tree
// that the base does not have, or has with other bytes (slash paths,
// sorted). A symbolic link counts by what it points to, read inside the
// tree; one that leaves the tree, or that cannot be read, is an error.
func changedSources(baseDir, headDir string) ([]string, error) {
	head, err := os.OpenRoot(headDir)
	if err != nil {
		return nil, err
	}
	defer head.Close()
	base, err := os.OpenRoot(baseDir)
	if err != nil {
		return nil, err
	}
	defer base.Close()
	var out []string
	err = filepath.WalkDir(headDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" && p != headDir {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(headDir, p)
		if err != nil {
			return err
		}
		changed, err := changedSource(base, head, rel, d)
		if err != nil {
			return fmt.Errorf("comparing %s: %w", rel, err)
		}
		if changed {
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(out)
	return out, nil
}

// changedSource reports whether rel is a file pyflakes checks at head
// whose bytes the base does not have. A symbolic link to a directory is
// not walked into by pyflakes (nor by this walk), and is skipped.
func changedSource(base, head *os.Root, rel string, d fs.DirEntry) (bool, error) {
	if d.Type()&fs.ModeSymlink != 0 {
		info, err := head.Stat(rel)
		if err != nil {
			return false, err
		}
		if info.IsDir() {
			return false, nil
		}
	}
	if !strings.HasSuffix(rel, ".py") {
		start, err := readStart(head, rel)
		if err != nil || !gates.PythonSource(rel, start) {
			return false, err
		}
	}
	now, err := head.ReadFile(rel)
	if err != nil {
		return false, err
	}
	before, err := base.ReadFile(rel)
	if errors.Is(err, fs.ErrNotExist) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	return !bytes.Equal(before, now), nil
}

// readStart reads the first bytes of rel, as many as pyflakes reads to
// look for a shebang: a large data file is not read whole to learn it is
// not Python.
func readStart(root *os.Root, rel string) ([]byte, error) {
	f, err := root.Open(rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, 128)
	n, err := io.ReadFull(f, buf)
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		err = nil
	}
	return buf[:n], err
}

// staticRun runs the static checks in dir: over the tree, or, where the
// plan names the files (staticScope), on those of them dir has, each
// given as ./path so that no file name reads as an option. r is nil when
// dir has none of them: the check has nothing to read there.
func (s *Spec) staticRun(ctx context.Context, p *plan, dir string) (r *run, err error) {
	if p.staticTool == nil {
		return s.execPlain(ctx, dir, s.Static, nil)
	}
	var names []string
	for _, f := range p.staticFiles {
		if _, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(f))); err == nil {
			names = append(names, "./"+f)
		}
	}
	if len(names) == 0 {
		return nil, nil
	}
	return s.execPlain(ctx, dir, p.staticTool, names)
}
