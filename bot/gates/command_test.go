package gates

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// allowing is an allowlist of leading words, as checklist.Policy matches
// them, that records what it was asked.
func allowing(asked *[]string, entries ...string) Allowlist {
	return func(cmd string) ([]string, error) {
		*asked = append(*asked, cmd)
		for _, e := range entries {
			if cmd == e || strings.HasPrefix(cmd, e+" ") {
				return strings.Fields(cmd), nil
			}
		}
		return nil, fmt.Errorf("command `%s` is not in the allowlist", cmd)
	}
}

func TestTestCommand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, cmd string
		found     Ecosystem
		eco       Ecosystem
		argv      []string
		// allow is the allowlist; nil is go test, pytest, make and
		// python3 -m pytest.
		allow []string
		// err is the error's text; cmdErr the *TestCommandError's command.
		err, cmdErr string
		is          error
	}{
		{name: "go default", found: Go, eco: Go, argv: []string{"go", "test", "./..."}},
		{name: "python default", found: Python, eco: Python, argv: []string{"python3", "-m", "pytest"}},
		{name: "given beats found", cmd: "pytest -q", found: Go, eco: Python, argv: []string{"pytest", "-q"}},
		{name: "given without ecosystem", cmd: "go test ./pkg/...", eco: Go, argv: []string{"go", "test", "./pkg/..."}},
		{name: "nothing to go on", is: ErrNoEcosystem, err: ErrNoEcosystem.Error()},
		{name: "not allowlisted", cmd: "go vet ./...", err: "command `go vet ./...` is not in the allowlist"},
		{name: "default not allowlisted", found: Python, allow: []string{"go test"}, err: "command `python3 -m pytest` is not in the allowlist"},
		{name: "no per-test results", cmd: "make test", is: ErrNoResults, cmdErr: "make test"},
		{name: "unknown variable", cmd: "go test {pkgs}", cmdErr: "go test {pkgs}", err: `test command "go test {pkgs}": unknown gate variable {pkgs}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var asked []string
			allow := tt.allow
			if allow == nil {
				allow = []string{"go test", "pytest", "make", "python3 -m pytest"}
			}
			eco, argv, err := TestCommand(tt.cmd, tt.found, allowing(&asked, allow...))
			if tt.err == "" && tt.is == nil && tt.cmdErr == "" {
				require.NoError(t, err)
				assert.Equal(t, tt.eco, eco)
				assert.Equal(t, tt.argv, argv)
				return
			}
			require.Error(t, err)
			assert.Empty(t, argv)
			if tt.is != nil {
				assert.ErrorIs(t, err, tt.is)
			}
			if tt.err != "" {
				assert.Contains(t, err.Error(), tt.err)
			}
			var refused *TestCommandError
			if assert.Equal(t, tt.cmdErr != "", errors.As(err, &refused), "a *TestCommandError") && refused != nil {
				assert.Equal(t, tt.cmdErr, refused.Command)
			}
		})
	}
}

func TestStaticCandidatesUseTheTestsPython(t *testing.T) {
	t.Parallel()
	tests := map[string][]string{
		"python3 -m pytest":                 {"python3", "-m", "pyflakes", "."},
		"/opt/venv/bin/python -m pytest -q": {"/opt/venv/bin/python", "-m", "pyflakes", "."},
		// pytest's own -m selects by marker: not an interpreter.
		"pytest -m slow":           {"python3", "-m", "pyflakes", "."},
		"pytest-3 -m slow":         {"python3", "-m", "pyflakes", "."},
		"/usr/bin/py.test -m slow": {"python3", "-m", "pyflakes", "."},
		"pytest":                   {"python3", "-m", "pyflakes", "."},
	}
	for test, want := range tests {
		got := StaticCandidates(Python, strings.Fields(test))
		require.Len(t, got, 3, test)
		assert.Equal(t, []string{"ruff", "check", "--isolated", "--ignore-noqa", "--no-cache", "."}, got[0], test)
		assert.Equal(t, []string{"pyflakes", "."}, got[1], test)
		assert.Equal(t, want, got[2], test)
	}
	assert.Equal(t, [][]string{{"python3", "-m", "pyflakes", "."}}, DefaultStatic[Python][2:], "the defaults are left as they were")
	assert.Equal(t, [][]string{{"go", "vet", "./..."}}, StaticCandidates(Go, []string{"go", "test", "./..."}))
}

// TestStaticCommand: Go's check is named before anything runs, and must
// be allowlisted; Python's is left to the gates, which probe where the
// commands run, so nothing is asked of the allowlist here.
func TestStaticCommand(t *testing.T) {
	t.Parallel()
	var asked []string
	got, err := StaticCommand(Go, allowing(&asked, "go vet"))
	require.NoError(t, err)
	assert.Equal(t, []string{"go", "vet", "./..."}, got)
	assert.Equal(t, []string{"go vet ./..."}, asked)

	got, err = StaticCommand(Go, allowing(new([]string)))
	require.EqualError(t, err, "command `go vet ./...` is not in the allowlist")
	assert.Nil(t, got)

	asked = nil
	got, err = StaticCommand(Python, allowing(&asked, "ruff", "pyflakes", "python3 -m pyflakes"))
	require.NoError(t, err)
	assert.Nil(t, got, "picked where the commands run")
	assert.Empty(t, asked)
}

func TestEcosystemOf(t *testing.T) {
	t.Parallel()
	tests := map[string]Ecosystem{
		"go test ./...":                Go,
		"/usr/local/go/bin/go test -v": Go,
		"go vet ./...":                 "",
		"pytest -q":                    Python,
		"py.test":                      Python,
		"python3 -m pytest tests":      Python,
		"/venv/bin/python -m pytest":   Python,
		"python3 -m pyflakes .":        "",
		"python3 -m":                   "",
		"make test":                    "",
		"":                             "",
	}
	for cmd, want := range tests {
		got, ok := EcosystemOf(strings.Fields(cmd))
		assert.Equal(t, want, got, cmd)
		assert.Equal(t, want != "", ok, cmd)
	}
}

func TestReportingArgv(t *testing.T) {
	t.Parallel()
	tests := []struct {
		eco       Ecosystem
		cmd, want string
	}{
		{Go, "go test ./...", "go test -json ./..."},
		{Go, "go test -json -v ./...", "go test -json -v ./..."},
		{Python, "python3 -m pytest -q", "python3 -m pytest -o junit_family=xunit1 --junitxml=/dev/stdout --continue-on-collection-errors --rootdir=. -q"},
		{Python, "pytest --rootdir=src", "pytest -o junit_family=xunit1 --junitxml=/dev/stdout --continue-on-collection-errors --rootdir=src"},
	}
	for _, tt := range tests {
		got, err := ReportingArgv(tt.eco, strings.Fields(tt.cmd))
		require.NoError(t, err, tt.cmd)
		assert.Equal(t, tt.want, strings.Join(got, " "), tt.cmd)
	}
	_, err := ReportingArgv(Python, []string{"go", "test", "./..."})
	assert.EqualError(t, err, "test command `go test ./...`: gates read per-test results from `go test` (Go) or pytest (Python); give one of those with --test-cmd")
}

func TestRestrict(t *testing.T) {
	t.Parallel()
	got := Restrict(Go, strings.Fields("go test -json ./... -args -x"), []string{"TestA", "TestB"}, []string{"calc_test.go", "pkg/a/a_test.go", "pkg/a/b_test.go"})
	assert.Equal(t, []string{"go", "test", "-run", "^(TestA|TestB)$", "-json", ".", "./pkg/a", "-args", "-x"}, got)
	got = Restrict(Python, strings.Fields("pytest -q"), []string{"tests/test_a.py::test_x"}, []string{"tests/test_a.py"})
	assert.Equal(t, []string{"pytest", "-q", "tests/test_a.py"}, got)
}

// TestLeave: a whole-suite run that leaves exactly the named tests out, or
// ok false where the tool cannot name exactly them.
func TestLeave(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		eco          Ecosystem
		argv, names  []string
		others, want []string
		ok           bool
	}{
		"go":                            {Go, []string{"go", "test", "-json", "./..."}, []string{"TestA", "TestB"}, nil, []string{"go", "test", "-skip", "^(TestA|TestB)$", "-json", "./..."}, true},
		"go with its own -skip":         {Go, []string{"go", "test", "-skip=TestSlow", "./..."}, []string{"TestA"}, nil, nil, false},
		"go, a name two packages share": {Go, []string{"go", "test", "./..."}, []string{"simplelru::TestLRU"}, nil, nil, false},
		"pytest": {Python, []string{"python3", "-m", "pytest"}, []string{"tests/test_x.py::test_a"}, []string{"tests/test_x.py::test_b"},
			[]string{"python3", "-m", "pytest", "--deselect", "tests/test_x.py::test_a"}, true},
		"pytest, a prefix of a test to keep": {Python, []string{"python3", "-m", "pytest"}, []string{"tests/test_x.py::test_a"}, []string{"tests/test_x.py::test_a2"}, nil, false},
	} {
		got, ok := Leave(tc.eco, tc.argv, tc.names, tc.others)
		assert.Equal(t, tc.ok, ok, name)
		assert.Equal(t, tc.want, got, name)
	}
}

func TestRepeat(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		argv, want []string
		ok         bool
	}{
		"go":                                 {[]string{"go", "test", "-json", "./..."}, []string{"go", "test", "-count=2", "-json", "./..."}, true},
		"its own -count=1":                   {[]string{"go", "test", "-count=1", "-json", "./..."}, []string{"go", "test", "-count=2", "-json", "./..."}, true},
		"-count 3, two words":                {[]string{"go", "test", "-count", "3", "-v", "./..."}, []string{"go", "test", "-count=2", "-v", "./..."}, true},
		"-test.count after the packages":     {[]string{"go", "test", "./...", "--test.count=5"}, []string{"go", "test", "-count=2", "./..."}, true},
		"-count after -args is the binary's": {[]string{"go", "test", ".", "-args", "-count=1"}, []string{"go", "test", "-count=2", ".", "-args", "-count=1"}, true},
		"pytest":                             {[]string{"python3", "-m", "pytest"}, nil, false},
	} {
		eco := Go
		if tc.argv[0] != "go" {
			eco = Python
		}
		got, ok := Repeat(eco, tc.argv, 2)
		assert.Equal(t, tc.ok, ok, name)
		assert.Equal(t, tc.want, got, name)
	}
}

// TestCompileOnly: the compile step keeps the packages and the flags that
// change what is compiled, drops the rest (the ones that would run
// something of the tree first), and gives up where a word's role is
// unknown.
func TestCompileOnly(t *testing.T) {
	t.Parallel()
	step := []string{"go", "list", "-e", "-export", "-test"}
	for name, tc := range map[string]struct {
		argv, want []string
		ok         bool
	}{
		"default":                     {[]string{"go", "test", "./..."}, append(slices.Clone(step), "./..."), true},
		"narrowed and reporting":      {[]string{"go", "test", "-run", "^(TestA)$", "-json", "-count=2", "."}, append(slices.Clone(step), "."), true},
		"build flags kept":            {[]string{"go", "test", "-race", "-tags", "integration", "-covermode=atomic", "./pkg/..."}, append(slices.Clone(step), "-race", "-tags", "integration", "-covermode=atomic", "./pkg/..."), true},
		"toolexec dropped with value": {[]string{"go", "test", "-toolexec", "./evil", "./..."}, append(slices.Clone(step), "./..."), true},
		"exec and overlay dropped":    {[]string{"go", "test", "-exec=./run.sh", "--overlay=o.json", "./..."}, append(slices.Clone(step), "./..."), true},
		"after -args is the binary's": {[]string{"go", "test", ".", "-args", "-exec", "x"}, append(slices.Clone(step), "."), true},
		"an unknown flag":             {[]string{"go", "test", "-frobnicate", "x", "./..."}, nil, false},
		"-C must come first":          {[]string{"go", "test", "-C", "sub", "./..."}, nil, false},
		"a value missing":             {[]string{"go", "test", "./...", "-tags"}, nil, false},
		"not go test":                 {[]string{"go", "vet", "./..."}, nil, false},
	} {
		got, ok := CompileOnly(Go, tc.argv, "")
		assert.Equal(t, tc.ok, ok, name)
		assert.Equal(t, tc.want, got, name)
	}
	_, ok := CompileOnly(Python, []string{"python3", "-m", "pytest"}, "")
	assert.False(t, ok, "pytest")
	got, ok := CompileOnly(Go, []string{"go", "test", "-race", "-run", "X", "./..."}, "/c/bin/")
	assert.True(t, ok)
	assert.Equal(t, []string{"go", "test", "-c", "-o", "/c/bin/", "-ldflags=-s -w", "-race", "./..."}, got, "with binaries: linked into bins as go test links, run nothing")
	for _, pkg := range []string{"all", "example.com/x", "../other"} {
		_, ok = CompileOnly(Go, []string{"go", "test", pkg}, "/c/bin/")
		assert.False(t, ok, "with binaries, a package beyond the tree: %s", pkg)
	}
	_, ok = CompileOnly(Go, []string{"go", "test", "-ldflags", "-X a.b=c", "."}, "/c/bin/")
	assert.False(t, ok, "with binaries, the command's own -ldflags")
}

// TestWithBinaries: a go test command gets -o with the compile step's
// directory, unless it names its own output, compile-only or exec.
func TestWithBinaries(t *testing.T) {
	t.Parallel()
	got, ok := WithBinaries([]string{"go", "test", "-run", "^(TestA)$", "-json", "."}, "/c/bin/")
	assert.True(t, ok)
	assert.Equal(t, []string{"go", "test", "-o", "/c/bin/", "-ldflags=-s -w", "-run", "^(TestA)$", "-json", "."}, got)
	for _, argv := range [][]string{
		{"go", "test", "-o", "x.test", "."}, {"go", "test", "-c", "."}, {"go", "test", "--exec=./run", "."}, {"go", "test", "-ldflags=-w", "."},
		{"go", "vet", "./..."}, {"python3", "-m", "pytest"},
	} {
		got, ok := WithBinaries(argv, "/c/bin/")
		assert.False(t, ok, "%q", argv)
		assert.Equal(t, argv, got)
	}
	got, ok = WithBinaries([]string{"go", "test", ".", "-args", "-o", "x"}, "/c/bin/")
	assert.True(t, ok, "-o after -args is the binary's")
	assert.Equal(t, []string{"go", "test", "-o", "/c/bin/", "-ldflags=-s -w", ".", "-args", "-o", "x"}, got)
}

// TestBinaryNamesClash: two packages whose binaries go test would give one
// name clash (go test -o dir/ then refuses to run), major versions by
// either of their names.
func TestBinaryNamesClash(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		dirs  []string
		clash bool
	}{
		"root and subpackages": {[]string{".", "internal/tag", "cmd/tomlv"}, false},
		"one name twice":       {[]string{"a/x", "b/x"}, true},
		"the root's name":      {[]string{".", "internal/toml"}, true},
		"a major version":      {[]string{"v2", "other/toml"}, true},
		"a version alone":      {[]string{"v2", "lib"}, false},
	} {
		assert.Equal(t, tc.clash, BinaryNamesClash("github.com/BurntSushi/toml", tc.dirs), name)
	}
}

func TestLeaveRefusesTheUsersOwnSkip(t *testing.T) {
	t.Parallel()
	for _, w := range []string{"-skip", "--skip", "-skip=X", "-test.skip=X", "--test.skip=X"} {
		_, ok := Leave(Go, []string{"go", "test", w, "./..."}, []string{"TestA"}, nil)
		assert.False(t, ok, w)
	}
}

// TestIgnore: pytest leaves whole files out of collection; Go's command
// is unchanged (its tests share one binary per package).
func TestIgnore(t *testing.T) {
	t.Parallel()
	got := Ignore(Python, []string{"pytest", "--deselect", "tests/test_x.py::test_a"}, []string{"tests/test_a.py", "-x.py"})
	assert.Equal(t, []string{"pytest", "--deselect", "tests/test_x.py::test_a", "--ignore=tests/test_a.py", "--ignore=-x.py"}, got)
	argv := []string{"go", "test", "./..."}
	assert.Equal(t, argv, Ignore(Go, argv, []string{"a_test.go"}))
}

// TestResolveStatic: a `PYTHON -m CHECKER` check runs with the absolute
// path of the interpreter its probe found, which a shim in front of
// PYTHON cannot move to another interpreter by the tree's .python-version.
func TestResolveStatic(t *testing.T) {
	t.Parallel()
	check := []string{"python3", "-m", "pyflakes", "."}
	assert.Equal(t, []string{"python3", "-I", "-c", "import pyflakes, sys; print(sys.executable)"}, StaticProbe(check))
	assert.Equal(t, []string{"/usr/bin/python3.11", "-m", "pyflakes", "."}, ResolveStatic(check, "/usr/bin/python3.11\n"))
	assert.Equal(t, []string{"/opt/py/bin/python3", "-m", "pyflakes", "."}, ResolveStatic(check, "a warning on import\n/opt/py/bin/python3\n"), "the last line")
	assert.Equal(t, check, ResolveStatic(check, "python3\n"), "not an absolute path: as it was")
	assert.Equal(t, check, ResolveStatic(check, ""), "nothing printed: as it was")
	ruff := DefaultStatic[Python][0]
	assert.Equal(t, []string{"ruff", "--version"}, StaticProbe(ruff))
	assert.Equal(t, ruff, ResolveStatic(ruff, "/usr/bin/ruff\n"), "a program is run as named")
	assert.Nil(t, StaticProbe(nil))
}
