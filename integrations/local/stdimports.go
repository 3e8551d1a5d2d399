package local

import (
	"go/build"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// goImportsRead is how much of a Go file is read for its imports: they
// come first, and a file cut short still yields those parsed before the
// cut.
const goImportsRead = 64 << 10

// stdImports is the import paths of the Go files under dir that isStd
// accepts, sorted. It reads at most goWarmScanned regular files and looks
// at most at goWarmVisited entries, skipping the directories go ignores
// (testdata, names starting with . or _), and follows no link.
func stdImports(dir string, isStd func(string) bool) []string {
	seen := map[string]bool{}
	files, visited := 0, 0
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if visited++; visited > goWarmVisited {
			return filepath.SkipAll
		}
		if err != nil {
			return nil // unreadable: what can be read still counts
		}
		if d.IsDir() {
			if name := d.Name(); p != dir && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !strings.HasSuffix(d.Name(), ".go") {
			return nil
		}
		if files++; files > goWarmScanned {
			return filepath.SkipAll
		}
		for _, path := range fileImports(p) {
			seen[path] = true
		}
		return nil
	})
	var std []string
	for path := range seen {
		if isStd(path) {
			std = append(std, path)
		}
	}
	slices.Sort(std)
	return std
}

// stdChecker says whether an import path names a standard package of
// goroot's library that another module may import (no internal or
// vendored package, no command) and this platform can build. It
// remembers its answers (go/build reads the package's files to say): the
// library does not change under a runner. Not safe for concurrent use.
func stdChecker(goroot string) func(string) bool {
	ctx := build.Default
	ctx.GOROOT = goroot
	known := map[string]bool{}
	return func(path string) bool {
		if goroot == "" || !stdCandidate(path) {
			return false
		}
		ok, seen := known[path]
		if !seen {
			pkg, err := ctx.Import(path, "", 0)
			ok = err == nil && pkg.Goroot && pkg.Name != "main"
			known[path] = ok
		}
		return ok
	}
}

// stdCandidate says whether path could name an importable standard
// package: no dot in its first element (module paths have one), not cgo's
// "C", not internal, vendored or a command's.
func stdCandidate(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	if path == "" || path == "C" || strings.Contains(first, ".") || first == "vendor" || first == "cmd" {
		return false
	}
	for _, elem := range strings.Split(path, "/") {
		if elem == "internal" || elem == "" || elem == ".." || elem == "." {
			return false
		}
	}
	return true
}

// fileImports is the import paths of the Go file at path, read from its
// first goImportsRead bytes; nil when it cannot be read. The file is
// opened without blocking, so that one swapped for a FIFO after the walk
// saw it cannot hold the command up.
func fileImports(path string) []string {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil
	}
	src, err := io.ReadAll(io.LimitReader(f, goImportsRead))
	if err != nil {
		return nil
	}
	file, _ := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly)
	if file == nil {
		return nil
	}
	var paths []string
	for _, im := range file.Imports {
		if p, err := strconv.Unquote(im.Path.Value); err == nil {
			paths = append(paths, p)
		}
	}
	return paths
}
