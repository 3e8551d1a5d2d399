package gaterun

import (
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
	"github.com/engineo/autoverify/integrations/git"
	"github.com/engineo/autoverify/integrations/github"
)

// Trees puts a revision's files into an empty directory. A local
// repository (GitTrees) and a code host's tarballs both do.
type Trees interface {
	Extract(ctx context.Context, rev, dest string) error
}

// GitTrees extracts revisions of a local repository with `git archive`:
// it reads git's object database only, so the user's checkout, index and
// branches are never touched, and nothing the tests write (__pycache__,
// .pytest_cache, build output) can land in the checkout.
type GitTrees struct{ Repo git.Repo }

// Extract writes rev's tree into dest through the safe extractor (the same
// one that reads GitHub's tarballs: no path may leave dest).
func (t GitTrees) Extract(ctx context.Context, rev, dest string) error {
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := t.Repo.Archive(ctx, rev, "tree", pw)
		pw.CloseWithError(err)
		done <- err
	}()
	err := github.ExtractTarball(pr, dest, github.ExtractLimits{})
	pr.CloseWithError(errors.New("extraction stopped"))
	if aerr := <-done; aerr != nil {
		return aerr
	}
	if err != nil {
		return fmt.Errorf("extracting %s: %w", rev, err)
	}
	return nil
}

// testFiles reads a tree's test files by the ecosystem's conventions:
// repository path → content.
func testFiles(dir string, eco gates.Ecosystem, extra []string) (map[string][]byte, error) {
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != dir && skipDir(eco, name) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if !gates.IsTestFile(eco, rel, extra) {
			return nil
		}
		raw, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out[rel] = raw
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading the test files of %s: %w", dir, err)
	}
	return out, nil
}

// skipDir leaves out what the test tools leave out: go's vendor, testdata,
// dot and underscore directories; Python's caches and virtual
// environments.
func skipDir(eco gates.Ecosystem, name string) bool {
	if strings.HasPrefix(name, ".") {
		return true
	}
	switch eco {
	case gates.Go:
		return name == "vendor" || name == "testdata" || strings.HasPrefix(name, "_")
	case gates.Python:
		return name == "__pycache__" || name == "node_modules" || name == "venv" || name == "site-packages"
	}
	return false
}

// funcsOf lists the test functions of files, with the file of each and
// the files that do not parse.
func funcsOf(eco gates.Ecosystem, files map[string][]byte) (funcs []gates.TestFunc, fileOf map[string]string, broken []string) {
	fileOf = map[string]string{}
	for _, p := range sortedKeys(files) {
		fs, ok := gates.Funcs(eco, p, files[p])
		if !ok {
			broken = append(broken, p)
			continue
		}
		for _, f := range fs {
			fileOf[f.Name] = p
		}
		funcs = append(funcs, fs...)
	}
	return funcs, fileOf, broken
}

// overlay makes dir's test files those of want: it writes every file of
// want that differs from have and removes those of have that want lacks.
// Writes go through an os.Root, so a symbolic link in the tree cannot send
// them elsewhere.
func overlay(dir string, have, want map[string][]byte) error {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return fmt.Errorf("overlaying tests on %s: %w", dir, err)
	}
	defer root.Close()
	for _, p := range sortedKeys(want) {
		if old, ok := have[p]; ok && string(old) == string(want[p]) {
			continue
		}
		if d := filepath.Dir(filepath.FromSlash(p)); d != "." {
			if err := root.MkdirAll(d, 0o755); err != nil {
				return fmt.Errorf("overlaying %s: %w", p, err)
			}
		}
		if err := root.WriteFile(filepath.FromSlash(p), want[p], 0o644); err != nil {
			return fmt.Errorf("overlaying %s: %w", p, err)
		}
	}
	for _, p := range sortedKeys(have) {
		if _, ok := want[p]; !ok {
			if err := root.Remove(filepath.FromSlash(p)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("overlaying: removing %s: %w", p, err)
			}
		}
	}
	return nil
}

// dropCaches removes Python's bytecode caches from a tree whose sources
// were just rewritten: a .pyc is checked by mtime in seconds and size, so
// a test rewritten within the second at the same size would run stale.
func dropCaches(dir string) error {
	var caches []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "__pycache__" || d.Name() == ".pytest_cache") {
			caches = append(caches, p)
			return filepath.SkipDir
		}
		return nil
	})
	for _, c := range caches {
		if rerr := os.RemoveAll(c); rerr != nil && err == nil {
			err = rerr
		}
	}
	return err
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
