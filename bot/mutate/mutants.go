package mutate

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	"slices"
	"sort"
)

// Set is the mutants of a change and how many candidate lines the cap
// left out, so the gate can say that it sampled.
type Set struct {
	Mutants []Mutant
	Skipped int
}

// ForChange makes the mutants of a change: head holds the head tree's
// files and changed the lines ChangedLines found. At most max mutants are
// made (max <= 0: no cap), spread evenly over files and lines; Skipped
// counts the candidate lines left out. Files outside changed, and test
// files, are not mutated.
func ForChange(head map[string][]byte, changed map[string][]int, max int) (Set, error) {
	var keys []key
	var owner []*fileMutator
	for _, path := range slices.Sorted(maps.Keys(changed)) {
		src, ok := head[path]
		if !ok || !isSourceFile(path) {
			continue
		}
		fm, err := newFileMutator(path, src, changed[path])
		if err != nil {
			return Set{}, err
		}
		for _, line := range fm.candidates() {
			keys = append(keys, key{path, line})
			owner = append(owner, fm)
		}
	}
	picked := spread(keys, max)
	set := Set{Skipped: len(keys) - len(picked)}
	for _, i := range picked {
		if m, ok := owner[i].mutant(keys[i].line); ok {
			set.Mutants = append(set.Mutants, m)
		}
	}
	return set, nil
}

// Mutants makes at most one mutant for each of the given lines of one
// file, trying the operators in their fixed order and keeping the first
// that yields a file which parses and differs from the original on that
// line alone. Lines with nothing to mutate (comments, braces, imports,
// declarations, logging) give none. max caps the count as in ForChange.
// The mutants come in line order; the same input gives the same output.
//
// A mutant is only known to parse: whether it compiles is for the runner
// to find out, and one that does not must be reported as NotCompiled.
func Mutants(path string, src []byte, lines []int, max int) ([]Mutant, error) {
	set, err := ForChange(map[string][]byte{path: src}, map[string][]int{path: lines}, max)
	return set.Mutants, err
}

// fileMutator holds one parsed file and the sites on its changed lines.
type fileMutator struct {
	path  string
	src   []string // the caller's lines, for Original
	fset  *token.FileSet
	file  *ast.File
	plain []string // the unmutated tree as printed, what mutants are compared to
	sites map[int][]site
}

func newFileMutator(path string, src []byte, lines []int) (*fileMutator, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("mutate: parse %s: %w", path, err)
	}
	plain, err := printFile(fset, file)
	if err != nil {
		return nil, fmt.Errorf("mutate: print %s: %w", path, err)
	}
	c := &collector{fset: fset, want: map[int]bool{}, types: map[string]*ast.TypeSpec{}}
	for _, l := range lines {
		c.want[l] = true
	}
	for _, d := range file.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
			for _, s := range g.Specs {
				ts := s.(*ast.TypeSpec)
				c.types[ts.Name.Name] = ts
			}
		}
	}
	ast.Inspect(file, c.visit)
	fm := &fileMutator{path: path, src: splitLines(src), fset: fset, file: file,
		plain: splitLines(plain), sites: map[int][]site{}}
	for _, s := range c.sites {
		fm.sites[s.line] = append(fm.sites[s.line], s)
	}
	for _, ss := range fm.sites {
		sort.SliceStable(ss, func(i, j int) bool {
			if ss[i].op != ss[j].op {
				return ss[i].op < ss[j].op
			}
			return ss[i].pos < ss[j].pos
		})
	}
	return fm, nil
}

// candidates are the lines with at least one site, in order.
func (fm *fileMutator) candidates() []int {
	lines := make([]int, 0, len(fm.sites))
	for l := range fm.sites {
		lines = append(lines, l)
	}
	sort.Ints(lines)
	return lines
}

// mutant tries the sites of line in priority order and returns the first
// good mutant. A site can fail when the printer moves code across lines
// or the result does not parse; the next one is tried then.
func (fm *fileMutator) mutant(line int) (Mutant, bool) {
	for _, s := range fm.sites[line] {
		s.apply()
		out, err := printFile(fm.fset, fm.file)
		s.undo()
		if err != nil {
			continue
		}
		mutated, ok := fm.check(out, line)
		if !ok {
			continue
		}
		original := ""
		if line <= len(fm.src) {
			original = fm.src[line-1]
		}
		return Mutant{File: fm.path, Line: line, Operator: opOrder[s.op],
			Original: original, Mutated: mutated, Source: out}, true
	}
	return Mutant{}, false
}

// check accepts a mutated file that parses and differs from the unmutated
// print on line alone, and returns that line.
func (fm *fileMutator) check(out []byte, line int) (string, bool) {
	if _, err := parser.ParseFile(token.NewFileSet(), fm.path, out, parser.SkipObjectResolution); err != nil {
		return "", false
	}
	got := splitLines(out)
	if len(got) != len(fm.plain) || line < 1 || line > len(got) || got[line-1] == fm.plain[line-1] {
		return "", false
	}
	for i := range got {
		if i != line-1 && got[i] != fm.plain[i] {
			return "", false
		}
	}
	return got[line-1], true
}

func printFile(fset *token.FileSet, file *ast.File) ([]byte, error) {
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, file); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
