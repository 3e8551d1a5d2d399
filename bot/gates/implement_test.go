package gates

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestImplementJudgesTheChange: findings the base already had do not
// count, wherever their line moved; a finding the head adds does.
func TestImplementJudgesTheChange(t *testing.T) {
	t.Parallel()
	base := "# github.com/x/toml\ndecode_test.go:1144:3: result of (github.com/x/toml.Key).String call not used\n"
	moved := "# github.com/x/toml\ndecode_test.go:1151:3: result of (github.com/x/toml.Key).String call not used\n"
	added := moved + "vet: encode.go:20:2: unreachable code\n"
	assert.Equal(t, []string{"decode_test.go: result of (github.com/x/toml.Key).String call not used"}, Findings(moved))

	for name, tc := range map[string]struct {
		head, base Check
		class      Classification
	}{
		"clean":                    {Check{Ran: true}, Check{}, Accept},
		"the base's finding moved": {Check{Ran: true, ExitCode: 1, Output: moved}, Check{Ran: true, ExitCode: 1, Output: base}, Accept},
		"a new finding":            {Check{Ran: true, ExitCode: 1, Output: added}, Check{Ran: true, ExitCode: 1, Output: base}, RejectFailure},
		"the base was not checked": {Check{Ran: true, ExitCode: 1, Output: moved}, Check{}, RejectFailure},
		"failing where the base passes, saying nothing": {Check{Ran: true, ExitCode: 2}, Check{Ran: true}, RejectFailure},
		"pyflakes, another line": {Check{Ran: true, ExitCode: 1, Output: "./src/m/__init__.py:294:5: '._native.x' imported but unused\n"},
			Check{Ran: true, ExitCode: 1, Output: "./src/m/__init__.py:291:5: '._native.x' imported but unused\n"}, Accept},
		"timed out": {Check{Ran: true, TimedOut: true}, Check{Ran: true}, RejectFailure},
	} {
		res := ClassifyImplement(tc.head, tc.base)
		assert.Equal(t, tc.class, res.Classification, "%s: %s", name, res.Reason)
	}
	res := ClassifyImplement(Check{Ran: true, ExitCode: 1, Output: added}, Check{Ran: true, ExitCode: 1, Output: base})
	assert.Equal(t, []string{"encode.go: unreachable code"}, res.Tests)
	assert.Contains(t, res.Reason, "adds 1 static-check findings")
	assert.Equal(t, []string{"a: x", "a: x"}, NewFindings([]string{"a: x"}, []string{"a: x", "a: x", "a: x"}), "a repeat is new")
}

// The report is pyflakes 2.5.0's (Debian's) on the source below.
func TestDropReexports(t *testing.T) {
	t.Parallel()
	src := "from .core import Argument as Argument\nfrom .core import Command\nfrom .core import (\n    Group as Group,\n    Option,\n)\nimport os.path as path\nimport json as json\n"
	report := "./pkg/__init__.py:1:1: '.core.Argument' imported but unused\n" +
		"./pkg/__init__.py:2:1: '.core.Command' imported but unused\n" +
		"./pkg/__init__.py:3:1: '.core.Group' imported but unused\n" +
		"./pkg/__init__.py:3:1: '.core.Option' imported but unused\n" +
		"./pkg/__init__.py:7:1: 'os.path' imported but unused\n" +
		"./pkg/__init__.py:8:1: 'json' imported but unused\n" +
		"./pkg/x.py:1:1: undefined name 'y'\n"
	read := func(f string) []byte {
		if f == "./pkg/__init__.py" {
			return []byte(src)
		}
		return nil
	}
	assert.Equal(t, "./pkg/__init__.py:2:1: '.core.Command' imported but unused\n"+
		"./pkg/__init__.py:3:1: '.core.Option' imported but unused\n"+
		"./pkg/__init__.py:7:1: 'os.path' imported but unused\n"+
		"./pkg/x.py:1:1: undefined name 'y'\n", DropReexports(report, read),
		"a redundant alias re-exports; a plain import, a renaming one (os.path as path) and other findings stay")
	assert.Equal(t, report, DropReexports(report, func(string) []byte { return nil }), "a file that cannot be read keeps its findings")
	commented := "./api.py:1:1: 'm.helper' imported but unused\n"
	assert.Equal(t, commented, DropReexports(commented, func(string) []byte { return []byte("from m import (\n    helper,  # was: helper as helper\n)\n") }),
		"an alias in a comment is no re-export")
}

// TestFileByFile: only pyflakes over the whole tree is narrowed to the
// change's files; go vet reads packages together, ruff honours excludes a
// named file bypasses, and a command naming its own paths is the user's.
func TestFileByFile(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		static []string
		want   []string
	}{
		{[]string{"pyflakes", "."}, []string{"pyflakes"}},
		{[]string{"python3", "-m", "pyflakes", "."}, []string{"python3", "-m", "pyflakes"}},
		{[]string{"/usr/bin/python3", "-m", "pyflakes", "."}, []string{"/usr/bin/python3", "-m", "pyflakes"}},
		{[]string{"/usr/bin/pyflakes3", "."}, nil},
		{[]string{"pyflakes", "src"}, nil},
		{[]string{"pyflakes", "./"}, nil},
		{[]string{"ruff", "check", "."}, nil},
		{[]string{"go", "vet", "./..."}, nil},
		{[]string{"python3", "-m", "flake8", "."}, nil},
		{[]string{"python3", "-W", "error", "-m", "pyflakes", "."}, nil},
	} {
		got, ok := FileByFile(tc.static)
		assert.Equal(t, tc.want != nil, ok, "%q", tc.static)
		assert.Equal(t, tc.want, got, "%q", tc.static)
	}
}

// TestPythonSource follows pyflakes.api.isPythonFile: what it checks
// walking a tree is what it must be given by name.
func TestPythonSource(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		start string
		want  bool
	}{
		{"src/m.py", "", true},
		{"bin/tool", "#!/usr/bin/env python3\nimport sys\n", true},
		{"bin/tool", "#!/usr/bin/python3.11 -u\n", true},
		{"bin/tool", "#!/usr/bin/pythonw\n", true},
		{"bin/tool", "#!/bin/sh\nexec python3 x.py\n", false},
		{"bin/tool", "#!/usr/bin/python", false}, // no whitespace after: pyflakes' pattern asks for one
		{"bin/tool~", "#!/usr/bin/env python3\n", false},
		{"data.bin", "\x00\x01python ", false},
		{"README", "", false},
		{"bin/long", "#!/usr/bin/env " + strings.Repeat("x", 130) + " python3\n", false}, // past the 128 bytes pyflakes reads
	} {
		assert.Equal(t, tc.want, PythonSource(tc.name, []byte(tc.start)), "%s %q", tc.name, tc.start)
	}
}

func TestNamesAPlace(t *testing.T) {
	t.Parallel()
	for out, want := range map[string]bool{
		"./bin/tool:2:1: 'sys' imported but unused\n":       true,
		"# example.com/calc\nvet: calc.go:3:2: unreachable": true,
		"calc.py:7: undefined name 'x'":                     true,
		"go: golang.org/x/xerrors@v0.0.0-20191204190536-9bdfabe68543: Get \"https://proxy.golang.org/\": dial tcp: network is unreachable": false,
		"/usr/bin/python3: No module named pyflakes\n": false,
		"": false,
	} {
		assert.Equal(t, want, NamesAPlace(out), out)
	}
}
