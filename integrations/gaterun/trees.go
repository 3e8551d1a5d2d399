package gaterun

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
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

// files are a tree's test files (repository path → content) and the data
// its tests read (path → a hash of the content; data can be large, and
// only what the change touched is read in full, by loadData).
type files struct {
	tests map[string][]byte
	data  map[string]string
	// sources are the files a mutant may be made of (isMutable), read
	// only for VERIFY_MUTATE.
	sources map[string][]byte
}

// readFiles reads a tree's test files by the ecosystem's conventions, and
// hashes the test data beside them (gates.IsTestData: Go's testdata
// directories; for Python non-test files under tests/ or test/); with
// sources, in the same walk, the files a mutant may be made of.
func readFiles(dir string, eco gates.Ecosystem, extra []string, sources bool) (files, error) {
	out := files{tests: map[string][]byte{}, data: map[string]string{}}
	if sources {
		out.sources = map[string][]byte{}
	}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && skipDir(eco, d.Name()) {
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
		isTest := gates.IsTestFile(eco, rel, extra) && (eco == gates.Python || !gates.IsTestData(eco, rel))
		switch {
		case isTest:
			raw, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out.tests[rel] = raw
		case eco == gates.Python && gates.IsPytestSettings(rel):
			// A root configuration file is pytest's data only for its
			// pytest settings.
			raw, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out.data[rel] = hashBytes(gates.PytestSettings(rel, raw))
		case gates.IsTestData(eco, rel):
			sum, err := hashFile(p)
			if err != nil {
				return err
			}
			out.data[rel] = sum
		}
		if sources && isMutable(eco, rel, extra) {
			if out.sources[rel], err = os.ReadFile(p); err != nil {
				return fmt.Errorf("reading %s for mutation: %w", rel, err)
			}
		}
		return nil
	})
	if err != nil {
		return files{}, fmt.Errorf("reading the test files of %s: %w", dir, err)
	}
	return out, nil
}

func hashBytes(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func hashFile(p string) (string, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// loadData reads the data files of dir among paths (those the change
// touched; a path dir lacks is left out).
func loadData(dir string, have map[string]string, paths []string) (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, p := range paths {
		if _, ok := have[p]; !ok {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil {
			return nil, fmt.Errorf("reading test data %s: %w", p, err)
		}
		out[p] = raw
	}
	return out, nil
}

// skipDir leaves out what the test tools leave out: go's vendor, dot and
// underscore directories (testdata is read as data, never for tests);
// Python's caches and virtual environments.
func skipDir(eco gates.Ecosystem, name string) bool {
	if strings.HasPrefix(name, ".") {
		return true
	}
	switch eco {
	case gates.Go:
		return name == "vendor" || strings.HasPrefix(name, "_")
	case gates.Python:
		return name == "__pycache__" || name == "node_modules" || name == "venv" || name == "site-packages"
	}
	return false
}

// goPackageDirs are the directories under root (slash paths relative to
// it) holding a Go file, as `./...` walks them: not into testdata, vendor,
// directories go ignores (".x", "_x") or another module's.
func goPackageDirs(root string) ([]string, error) {
	seen := map[string]bool{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p == root {
				return nil
			}
			if skipDir(gates.Go, d.Name()) || d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if moduleRoot(p) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(d.Name(), ".go") {
			rel, err := filepath.Rel(root, filepath.Dir(p))
			if err != nil {
				return err
			}
			seen[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	return sortedKeys(seen), err
}

// inNestedModule says whether file (a slash path relative to root) lies in
// a Go module of its own: a go.mod in its directory or in one between it
// and root.
func inNestedModule(root, file string) bool {
	for d := path.Dir(file); d != "." && d != "/"; d = path.Dir(d) {
		if moduleRoot(filepath.Join(root, filepath.FromSlash(d))) {
			return true
		}
	}
	return false
}

// moduleRoot says whether dir holds a go.mod file. A go.mod that is a
// directory makes no module, for go (modload's findModuleRoot: Stat, not
// a directory) nor here.
func moduleRoot(dir string) bool {
	fi, err := os.Stat(filepath.Join(dir, "go.mod"))
	return err == nil && !fi.IsDir()
}

// funcsOf lists the test functions of files, and the files that do not
// parse.
func funcsOf(eco gates.Ecosystem, files map[string][]byte) (funcs []gates.TestFunc, broken []string) {
	for _, p := range sortedKeys(files) {
		fs, ok := gates.Funcs(eco, p, files[p])
		if !ok {
			broken = append(broken, p)
			continue
		}
		funcs = append(funcs, fs...)
	}
	return funcs, broken
}

// fileOf maps test names to their files.
func fileOf(funcs []gates.TestFunc) map[string]string {
	out := map[string]string{}
	for _, f := range funcs {
		out[f.Name] = f.File
	}
	return out
}

// differ lists the paths whose content differs between two sets of files
// (added, removed or changed), sorted.
func differ[V []byte | string](a, b map[string]V) []string {
	var out []string
	for p, x := range a {
		if y, ok := b[p]; !ok || string(x) != string(y) {
			out = append(out, p)
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// changedAtHead is differ's files that b still has: added or changed, not
// deleted.
func changedAtHead[V []byte | string](a, b map[string]V) []string {
	var out []string
	for _, f := range differ(a, b) {
		if _, ok := b[f]; ok {
			out = append(out, f)
		}
	}
	return out
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
