package gates

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

// VERIFY_IMPLEMENT judges the change, not the tree: a project whose base
// already has go vet or pyflakes findings would otherwise have every change
// rejected for them. The static checks run on both trees, and only the
// findings the head adds count. A finding is its file and message; its line
// is not part of it, since any edit above it moves it.

// Check is one run of the static checks.
type Check struct {
	// Ran: the checks ran (a Check of a tree that was not checked has
	// Ran false).
	Ran      bool
	ExitCode int
	TimedOut bool
	// Output is what they printed, with the tree's own directory removed
	// from paths.
	Output string
}

// finding is one line of a checker that names a place: go vet's, pyflakes'
// and ruff's `file:line[:col]: message`.
var finding = lazyregexp.New(`^(\S+?):(\d+)(?::\d+)?:? (.+)$`)

// positions are other places a message may cite (file:line:col).
var positions = lazyregexp.New(`:\d+(?::\d+)?\b`)

// NamesAPlace reports whether a static check's output has a line that
// names a place (`file:line[:col]: message`): the check read code and
// reported on it, whatever else it printed.
func NamesAPlace(output string) bool {
	for _, line := range strings.Split(output, "\n") {
		if finding().MatchString(strings.TrimPrefix(strings.TrimRight(line, "\r \t"), "vet: ")) {
			return true
		}
	}
	return false
}

// Findings reads a static check's output into findings, each "file:
// message" without the line; lines that name no place (go vet's "# pkg"
// headers) are not findings. Output that names no place at all is read
// line by line, digits aside, so that a tool whose report has no places
// can still be compared.
func Findings(output string) []string {
	var out, loose []string
	for _, line := range strings.Split(output, "\n") {
		line = strings.TrimRight(line, "\r \t")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line = strings.TrimPrefix(line, "vet: ")
		if m := finding().FindStringSubmatch(line); m != nil {
			file := path.Clean(strings.TrimPrefix(m[1], "./"))
			out = append(out, file+": "+positions().ReplaceAllString(m[3], ""))
			continue
		}
		loose = append(loose, strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return '#'
			}
			return r
		}, line))
	}
	if len(out) == 0 {
		return loose
	}
	return out
}

// NewFindings are the findings of head that base does not have, counting
// repeats: a second identical finding in a file is new.
func NewFindings(base, head []string) []string {
	have := map[string]int{}
	for _, f := range base {
		have[f]++
	}
	var out []string
	for _, f := range head {
		if have[f] > 0 {
			have[f]--
			continue
		}
		out = append(out, f)
	}
	return out
}

// ClassifyImplement judges the IMPLEMENT gate: the static checks exit 0
// at head, or — when they also ran on the base — the head adds no finding
// the base did not have.
func ClassifyImplement(head, base Check) Result {
	r := Result{Gate: Implement}
	switch {
	case head.TimedOut:
		r.Classification, r.Reason = RejectFailure, "static checks timed out"
	case head.ExitCode == 0:
		r.Classification, r.Reason = Accept, "static checks pass"
	case !base.Ran || base.TimedOut:
		r.Classification, r.Reason = RejectFailure, fmt.Sprintf("static checks failed (exit %d)", head.ExitCode)
	default:
		had := Findings(base.Output)
		added := NewFindings(had, Findings(head.Output))
		if len(added) == 0 && base.ExitCode != 0 {
			r.Classification = Accept
			r.Reason = fmt.Sprintf("the change adds no static-check finding (exit %d: the base has the same %d)", head.ExitCode, len(had))
			return r
		}
		r.Classification, r.Tests = RejectFailure, added
		if len(added) == 0 {
			r.Reason = fmt.Sprintf("static checks failed (exit %d); they pass on the base", head.ExitCode)
			return r
		}
		shown := added
		if len(shown) > 3 {
			shown = shown[:3]
		}
		r.Reason = fmt.Sprintf("the change adds %d static-check findings (exit %d): %s", len(added), head.ExitCode, strings.Join(shown, "; "))
	}
	return r
}

// unusedImport is pyflakes' finding of an import nothing uses:
// `file:line:col: 'pkg.mod.name' imported but unused`.
var unusedImport = lazyregexp.New(`^(\S+?):(\d+)(?::\d+)?:? '([\w.]+)' imported but unused$`)

// DropReexports removes from a pyflakes report the unused imports written
// as redundant aliases (`from m import x as x`, `import x as x`): the
// convention by which a module re-exports a name on purpose, which ruff's
// F401, mypy's --no-implicit-reexport and pyright honour and pyflakes
// declined (PyCQA/pyflakes#474). In the real-history replay click
// 9f9b149e added one such line to thirty like it in its __init__.py, and
// IMPLEMENT read it as a new finding. read returns a tree file by the
// path the report names (nil when it cannot).
func DropReexports(output string, read func(file string) []byte) string {
	lines := strings.Split(output, "\n")
	kept := lines[:0]
	sources := map[string][]string{}
	for _, line := range lines {
		m := unusedImport().FindStringSubmatch(strings.TrimRight(line, "\r"))
		if m == nil {
			kept = append(kept, line)
			continue
		}
		src, ok := sources[m[1]]
		if !ok {
			src = strings.Split(string(read(m[1])), "\n")
			sources[m[1]] = src
		}
		n, _ := strconv.Atoi(m[2])
		name := m[3][strings.LastIndex(m[3], ".")+1:]
		if !reexports(src, n, name) {
			kept = append(kept, line)
		}
	}
	return strings.Join(kept, "\n")
}

// reexports says whether the import statement at line n (1-based) of src
// binds name as `name as name`; a parenthesised statement is read to its
// closing parenthesis.
func reexports(src []string, n int, name string) bool {
	if n < 1 || n > len(src) {
		return false
	}
	alias := regexp.MustCompile(`(?:^|[\s,(])` + regexp.QuoteMeta(name) + `\s+as\s+` + regexp.QuoteMeta(name) + `\s*(?:$|[,)#])`)
	stmt := src[n-1]
	if strings.Contains(stmt, "(") {
		for i := n; i < len(src) && !strings.Contains(stmt, ")"); i++ {
			stmt += "\n" + src[i]
		}
	}
	for _, l := range strings.Split(stmt, "\n") {
		l, _, _ = strings.Cut(l, "#") // a comment is no import
		if alias.MatchString(strings.TrimSpace(l)) {
			return true
		}
	}
	return false
}

// FileByFile reports whether static is pyflakes over the whole tree
// (`pyflakes .`, `PYTHON -m pyflakes .`) and returns it without the
// tree's path. pyflakes reads each file alone — a finding in a file
// depends on that file's bytes and nothing else — so the findings a
// change adds are in the files it added or changed, and running the
// check on those files, at head and on the base, judges the change the
// same as running it on both trees whole, at a fraction of the cost on a
// large tree (click's 79 files: 0.84 s whole, 0.13 s for one file). go
// vet type-checks across packages and ruff honours excludes that a
// file named on its command line bypasses: neither is narrowed.
func FileByFile(static []string) ([]string, bool) {
	n := len(static)
	if n < 2 || static[n-1] != "." {
		return nil, false
	}
	tool := path.Base(static[0])
	switch {
	case n == 2 && tool == "pyflakes":
	case n == 4 && strings.HasPrefix(tool, "python") && static[1] == "-m" && static[2] == "pyflakes":
	default:
		return nil, false
	}
	return slices.Clone(static[:n-1]), true
}

// pythonShebang is pyflakes' own test for a file without the .py suffix
// that it checks when it walks a directory (pyflakes.api.isPythonFile).
var pythonShebang = lazyregexp.New(`^#!.*\bpython(3(\.\d+)?|w)?[dmu]?\s`)

// PythonSource reports whether pyflakes, walking a tree, checks the file
// name whose first bytes are start (its first 128 are enough): a .py file,
// or one whose first line is a Python shebang, never an editor's backup
// (name~).
func PythonSource(name string, start []byte) bool {
	if strings.HasSuffix(name, ".py") {
		return true
	}
	if strings.HasSuffix(name, "~") {
		return false
	}
	return pythonShebang().Match(start[:min(len(start), 128)])
}
