package gates

import (
	"path"
	"strconv"
	"strings"
)

// Go names a test by its function, and `go test ./...` runs every
// package: golang-lru has a TestLRU in three packages. The gates keep such
// tests apart by naming them with their package's directory, in both
// trees alike, so a change to one is not read as a change to another (nor
// a deletion, nor one test listed three times).

// GoTestName names a Go test whose function name several packages share:
// the package's directory relative to the module's root, "::", the
// function ("simplelru::TestLRU"; ".::TestLRU" at the root).
func GoTestName(dir, test string) string { return dir + "::" + test }

// BareName is a test's function name, as `go test -run` matches it:
// GoTestName's directory removed.
func BareName(name string) string {
	if i := strings.LastIndex(name, "::"); i >= 0 {
		return name[i+2:]
	}
	return name
}

// QualifyRepeated renames the Go tests whose function name is in more than
// one directory of either tree (GoTestName), in both trees, and returns
// those names. Tests of other ecosystems are returned as they are: pytest
// names carry their file already.
func QualifyRepeated(eco Ecosystem, base, head []TestFunc) (b, h []TestFunc, repeated map[string]bool) {
	repeated = map[string]bool{}
	if eco != Go {
		return base, head, repeated
	}
	for _, funcs := range [][]TestFunc{base, head} {
		dirs := map[string]string{}
		for _, f := range funcs {
			d := path.Dir(f.File)
			if seen, ok := dirs[f.Name]; ok && seen != d {
				repeated[f.Name] = true
			}
			dirs[f.Name] = d
		}
	}
	rename := func(funcs []TestFunc) []TestFunc {
		out := make([]TestFunc, len(funcs))
		for i, f := range funcs {
			if repeated[f.Name] {
				f.Name = GoTestName(path.Dir(f.File), f.Name)
			}
			out[i] = f
		}
		return out
	}
	return rename(base), rename(head), repeated
}

// ModulePath reads the module path from a go.mod file's text ("" when it
// names none).
func ModulePath(gomod []byte) string {
	for _, line := range strings.Split(string(gomod), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "module" {
			if p, err := strconv.Unquote(f[1]); err == nil {
				return p
			}
			return f[1]
		}
	}
	return ""
}
