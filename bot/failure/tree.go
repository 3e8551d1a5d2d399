package failure

import (
	"bufio"
	"bytes"
	"io"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

// The tree rule: what the command's own tree says about a missing import.
// "no required module provides package example.com/shop/utilz" reads the
// same whether the package is a dependency nobody installed (the setup's)
// or a package of the shop module that was never written or was misspelt
// (the code's); so does Python's "No module named 'calc.statistics'". The
// output cannot tell them apart; the tree the command ran in can, and a
// runner that has it (the CLI, the bot) passes it as Failure.Tree. It
// refines a setup verdict only (decide), and says "the code's" only where
// the tree is plain about it: the path is not a link anywhere, not
// ignored by the tree's .gitignore, not under a submodule, not a Python
// module that exists in another form (a .pyx, a built .so) or a Go
// package beside a go:generate directive of the importing package — all
// of which a build step, not the change, may be meant to make.

// goMissingPackage is go's message for an import no module provides,
// module-aware and GOPATH-era forms: the importing file and the path.
var goMissingPackage = regexp.MustCompile(`(?m)^(\S+\.go):\d+:\d+: (?:no required module provides package|package) (\S+?)(?:;| is not in (?:std|GOROOT))`)

// pyMissingModule is Python's message for an import it could not find,
// as a traceback ends or as pytest quotes it ("E   "): the dotted name.
var pyMissingModule = regexp.MustCompile(`(?m)^(?:E\s+|\s*)(?:\w+\.)*ModuleNotFoundError: No module named '([\w.]+)'`)

const (
	// maxModFile bounds what is read of a go.mod, a .gitignore and
	// .gitmodules (the tree is the change's).
	maxModFile = 64 << 10
	// maxCandidates bounds the missing imports looked up in the tree, and
	// maxDepth the parts of each path: a hostile output repeats one name
	// thousands of times, a hostile tree nests links (each lookup walks
	// the path).
	maxCandidates = 4
	maxDepth      = 12
	// maxGoFiles bounds the files of the importing package read for a
	// go:generate directive.
	maxGoFiles = 64
)

// ownPackageMissing says the output's missing import is a package of the
// tree's own that the tree plainly does not have: a Go package under the
// module path of the go.mod the command ran beside; a Python submodule
// (a.b) whose parent package is the tree's own (a/__init__.py at the root
// or under src/). A missing top-level package of the tree's own (a src
// layout not on the path) stays the setup's, as does any import the tree
// cannot speak for (see the file's comment), and so does a Python module
// the command line itself names.
func ownPackageMissing(tree fs.FS, text []byte, argv []string) bool {
	if tree == nil {
		return false
	}
	t := &plainTree{fs: tree}
	if bytes.Contains(text, []byte("package ")) {
		if mod := modulePath(tree); mod != "" {
			for _, m := range firstDistinct(goMissingPackage.FindAllSubmatch(text, -1), 2) {
				rel, ok := strings.CutPrefix(string(m[2]), mod+"/")
				if ok && t.missing(rel, "") && !t.generates(path.Dir(string(m[1]))) {
					return true
				}
			}
		}
	}
	if bytes.Contains(text, []byte("No module named")) {
		for _, m := range firstDistinct(pyMissingModule.FindAllSubmatch(text, -1), 1) {
			// A module the command line names (python -m unittest
			// tests.test_x, a test loader importing its argument) is
			// the command's to name right, not the code's.
			if slices.Contains(argv, string(m[1])) {
				continue
			}
			if ownSubmoduleMissing(t, string(m[1])) {
				return true
			}
		}
	}
	return false
}

// firstDistinct is the first maxCandidates matches distinct in group g.
func firstDistinct(ms [][][]byte, g int) [][][]byte {
	seen := map[string]bool{}
	var out [][][]byte
	for _, m := range ms {
		if k := string(m[g]); !seen[k] {
			seen[k] = true
			out = append(out, m)
			if len(out) == maxCandidates {
				break
			}
		}
	}
	return out
}

// modulePath is the module line of the tree's go.mod, "" without one.
func modulePath(tree fs.FS) string {
	for _, line := range readLines(tree, "go.mod") {
		fields := strings.Fields(line)
		if len(fields) >= 2 && fields[0] == "module" {
			return strings.Trim(fields[1], `"`)
		}
	}
	return ""
}

// readLines is a small file of the tree's root, by lines; none when it is
// not a regular file (the command ran in this tree and may have left a
// FIFO there, whose opening waits for a writer).
func readLines(tree fs.FS, name string) []string {
	if st, err := fs.Lstat(tree, name); err != nil || !st.Mode().IsRegular() {
		return nil
	}
	f, err := tree.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(io.LimitReader(f, maxModFile))
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}

// ownSubmoduleMissing: name is a.b(.c…), a is a package of the tree (at
// its root or under src/), and the last part is missing from a plain
// parent directory in every form Python could import or build it from.
func ownSubmoduleMissing(t *plainTree, name string) bool {
	parts := strings.Split(name, ".")
	if len(parts) < 2 || len(parts) > maxDepth {
		return false
	}
	for _, root := range []string{".", "src"} {
		if !t.isFile(path.Join(root, parts[0], "__init__.py")) {
			continue
		}
		rel := path.Join(append([]string{root}, parts...)...)
		if !t.missing(rel, ".py") || t.ignoredPath(rel+".py") {
			return false
		}
		// Another form of the module (a .pyx, a .so built for another
		// interpreter, a .pyi) is a build step's to make, not the
		// change's.
		return !t.hasSibling(rel)
	}
	return false
}

// plainTree answers "is this path plainly missing" without following a
// link, within bounded work.
type plainTree struct {
	fs      fs.FS
	ignored []string // .gitignore and .gitmodules paths, read on first use
	read    bool
}

// missing: rel's parent chain is plain directories (no link, no
// ignored or submodule path), and rel itself is neither a file nor a
// directory, nor a file of its name with the extension ext (".py": a
// Python module; "" for a Go package).
func (t *plainTree) missing(rel, ext string) bool {
	parts := strings.Split(rel, "/")
	if len(parts) > maxDepth || t.ignoredPath(rel) {
		return false
	}
	for i := range parts {
		p := path.Join(parts[:i+1]...)
		st, err := fs.Lstat(t.fs, p)
		if err != nil {
			// The first part not there: the rest cannot be either;
			// a module file of that name would be the import.
			return ext == "" || !t.exists(p+ext)
		}
		if i == len(parts)-1 || !st.IsDir() {
			return false // there, or a link, or a file on the way
		}
	}
	return false
}

func (t *plainTree) exists(name string) bool {
	_, err := fs.Lstat(t.fs, name)
	return err == nil
}

func (t *plainTree) isFile(name string) bool {
	st, err := fs.Lstat(t.fs, name)
	return err == nil && st.Mode().IsRegular()
}

// hasSibling: a file beside rel named rel.<anything>.
func (t *plainTree) hasSibling(rel string) bool {
	entries, err := fs.ReadDir(t.fs, path.Dir(rel))
	if err != nil {
		return true // cannot tell
	}
	base := path.Base(rel) + "."
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), base) {
			return true
		}
	}
	return false
}

// generates: the importing package's directory has a go:generate
// directive (its output may be the missing package).
func (t *plainTree) generates(dir string) bool {
	entries, err := fs.ReadDir(t.fs, dir)
	if err != nil {
		return true // cannot tell
	}
	n := 0
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		if n++; n > maxGoFiles {
			return true
		}
		for _, line := range readLines(t.fs, path.Join(dir, e.Name())) {
			if strings.HasPrefix(line, "//go:generate ") {
				return true
			}
		}
	}
	return false
}

// ignoredPath: rel is at or under a path the tree's .gitignore names
// (plain entries and globs of one part, matched against each prefix of
// rel) or a submodule's path in .gitmodules.
func (t *plainTree) ignoredPath(rel string) bool {
	if !t.read {
		t.read = true
		for _, l := range readLines(t.fs, ".gitignore") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "!") {
				t.ignored = append(t.ignored, strings.Trim(l, "/"))
			}
		}
		for _, l := range readLines(t.fs, ".gitmodules") {
			if k, v, ok := strings.Cut(strings.TrimSpace(l), "="); ok && strings.TrimSpace(k) == "path" {
				t.ignored = append(t.ignored, strings.Trim(strings.TrimSpace(v), "/"))
			}
		}
	}
	parts := strings.Split(rel, "/")
	for _, pat := range t.ignored {
		for i := range parts {
			prefix := path.Join(parts[:i+1]...)
			if ok, _ := path.Match(pat, prefix); ok {
				return true
			}
			if !strings.Contains(pat, "/") {
				if ok, _ := path.Match(pat, parts[i]); ok {
					return true
				}
			}
		}
	}
	return false
}

// treeFinding is a checker's diagnostic line that names its place by a
// path of any shape (a script without a suffix: bin/tool:2:1: …).
var treeFinding = lazyregexp.New(`(?m)^(\S+?):\d+(?::\d+)?:? \S`)

// namesTreeFile reports whether a line of text is a diagnostic on a
// regular file the tree holds: fileLineSignals knows a file by its
// suffix, and a checker's finding on an executable script has none. Only
// with the tree at hand, and at most the first few such lines are looked
// up.
func namesTreeFile(tree fs.FS, text []byte) bool {
	if tree == nil {
		return false
	}
	t := &plainTree{fs: tree}
	for _, m := range treeFinding().FindAllSubmatch(text, 8) {
		rel := path.Clean(strings.TrimPrefix(string(m[1]), "./"))
		if fs.ValidPath(rel) && !t.ignoredPath(rel) && t.isFile(rel) {
			return true
		}
	}
	return false
}
