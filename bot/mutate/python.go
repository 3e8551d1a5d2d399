package mutate

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
	"unicode/utf8"
)

// PythonScript makes the mutants of one Python file. Go has no parser for
// Python, and a text edit could break more than the node it aimed at, so
// the mutants are made on Python's own syntax tree (ast), by Python. The
// script only parses (ast.parse executes nothing) and imports only the
// standard library; it must run isolated (python3 -I -S) from a directory
// outside the tree, so nothing of the tree is importable while it runs.
//
//go:embed pymutate.py
var PythonScript string

// PythonExec runs PythonScript with stdin and returns its standard output.
// This package runs nothing (it is rules only): the runner is the caller's.
type PythonExec func(ctx context.Context, stdin []byte) ([]byte, error)

// IsPythonSource reports whether a repository path is Python code a mutant
// may be made of: a .py file that is neither a test file by pytest's
// conventions (test_*.py, *_test.py, conftest.py) nor under a tests/
// directory, where helpers of the tests live.
func IsPythonSource(p string) bool {
	base := path.Base(p)
	if !strings.HasSuffix(base, ".py") || base == "conftest.py" ||
		strings.HasPrefix(base, "test_") || strings.HasSuffix(base, "_test.py") {
		return false
	}
	return !slices.Contains(strings.Split(path.Dir(p), "/"), "tests")
}

// ChangedPythonLines is ChangedLines for Python: the changed lines of the
// head's non-test .py files (IsPythonSource).
func ChangedPythonLines(base, head map[string][]byte) map[string][]int {
	return changedLines(base, head, IsPythonSource)
}

// ErrUnparsable marks a Python file the script could not read: invalid
// UTF-8 or a syntax error (to this interpreter's grammar). Python, unlike
// Go, imports a module only when something does, so such a file may well
// sit in a passing tree; PythonForChange makes no mutants of it rather
// than failing the gate.
var ErrUnparsable = errors.New("not parsable as Python")

// pyRequest and pyReply are PythonScript's input and output.
type pyRequest struct {
	Path   string `json:"path"`
	Source string `json:"source"`
	Lines  []int  `json:"lines"`
}

type pyReply struct {
	Error   string `json:"error"`
	Mutants []struct {
		Line     int    `json:"line"`
		Operator string `json:"operator"`
		Mutated  string `json:"mutated"`
	} `json:"mutants"`
}

// PythonMutants makes at most one mutant for each of the given lines of
// one Python file, by the same rules as Mutants (operators in opOrder,
// arid lines skipped), through run. Only what the script says is checked
// again here: a known operator on an asked-for line that it changes, and
// no two mutants on a line; the rest of the file is the caller's source.
func PythonMutants(ctx context.Context, run PythonExec, file string, src []byte, lines []int) ([]Mutant, error) {
	if !utf8.Valid(src) {
		return nil, fmt.Errorf("mutate: %s: %w: not UTF-8", file, ErrUnparsable)
	}
	in, err := json.Marshal(pyRequest{Path: file, Source: string(src), Lines: lines})
	if err != nil {
		return nil, fmt.Errorf("mutate: encoding %s for python: %w", file, err)
	}
	out, err := run(ctx, in)
	if err != nil {
		return nil, fmt.Errorf("mutate: python mutants of %s: %w", file, err)
	}
	var reply pyReply
	if err := json.Unmarshal(out, &reply); err != nil {
		return nil, fmt.Errorf("mutate: reading the python mutants of %s: %w", file, err)
	}
	if reply.Error != "" {
		return nil, fmt.Errorf("mutate: %s: %w: %s", file, ErrUnparsable, reply.Error)
	}
	asked := map[int]bool{}
	for _, l := range lines {
		asked[l] = true
	}
	src2 := splitKeepingEnds(src)
	var ms []Mutant
	for _, r := range reply.Mutants {
		if !asked[r.Line] || r.Line > len(src2) || !slices.Contains(opOrder, r.Operator) {
			return nil, fmt.Errorf("mutate: python gave %s:%d %q, which was not asked for", file, r.Line, r.Operator)
		}
		asked[r.Line] = false // one mutant per line
		orig, end := cutEnd(src2[r.Line-1])
		r.Mutated = strings.TrimSuffix(r.Mutated, "\r") // the script splits on "\n" alone
		if orig == r.Mutated || strings.ContainsAny(r.Mutated, "\r\n") {
			return nil, fmt.Errorf("mutate: python's mutant of %s:%d changes no line or more than one", file, r.Line)
		}
		body := slices.Clone(src2)
		body[r.Line-1] = r.Mutated + end
		ms = append(ms, Mutant{File: file, Line: r.Line, Operator: r.Operator, Original: orig,
			Mutated: r.Mutated, Source: []byte(strings.Join(body, ""))})
	}
	sortMutants(ms)
	return ms, nil
}

// PythonForChange is ForChange for Python: the mutants of every changed
// file (ChangedPythonLines), then the cap spread over them as ForChange
// spreads it. Files Python cannot parse give none (ErrUnparsable).
// Python tells which lines give a mutant only by making it,
// so all are made first; making one costs a parse, not a test run.
func PythonForChange(ctx context.Context, run PythonExec, head map[string][]byte, changed map[string][]int, max int) (Set, error) {
	var all []Mutant
	for _, p := range slices.Sorted(maps.Keys(changed)) {
		src, ok := head[p]
		if !ok || !IsPythonSource(p) {
			continue
		}
		ms, err := PythonMutants(ctx, run, p, src, changed[p])
		if errors.Is(err, ErrUnparsable) {
			continue
		}
		if err != nil {
			return Set{}, err
		}
		all = append(all, ms...)
	}
	keys := make([]key, len(all))
	for i, m := range all {
		keys[i] = key{m.File, m.Line}
	}
	picked := spread(keys, max)
	set := Set{Skipped: len(all) - len(picked)}
	for _, i := range picked {
		set.Mutants = append(set.Mutants, all[i])
	}
	return set, nil
}

// splitKeepingEnds splits src into lines that keep their terminators, so
// a mutant's file is the original byte for byte but for its line.
func splitKeepingEnds(src []byte) []string {
	return strings.SplitAfter(string(src), "\n")
}

// cutEnd splits a line from its terminator ("\n", "\r\n" or none).
func cutEnd(l string) (string, string) {
	body := strings.TrimRight(l, "\r\n")
	return body, l[len(body):]
}
