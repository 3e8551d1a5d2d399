package gaterun

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/engineo/autoverify/bot/gates"
)

// DefaultTest is each ecosystem's test command when none is given.
var DefaultTest = map[gates.Ecosystem][]string{
	gates.Go:     {"go", "test", "./..."},
	gates.Python: {"python3", "-m", "pytest"},
}

// DefaultStatic is each ecosystem's static checks (VERIFY_IMPLEMENT), in
// order of preference; Python's need the tool installed.
var DefaultStatic = map[gates.Ecosystem][][]string{
	gates.Go:     {{"go", "vet", "./..."}},
	gates.Python: {{"ruff", "check", "."}, {"pyflakes", "."}, {"python3", "-m", "pyflakes", "."}},
}

// Detect names the ecosystem of a work tree: go.mod makes it Go; Python
// project files or any .py file at the top make it Python.
func Detect(dir string) (gates.Ecosystem, bool) {
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
		return gates.Go, true
	}
	for _, f := range []string{"pyproject.toml", "setup.py", "setup.cfg", "pytest.ini", "tox.ini"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			return gates.Python, true
		}
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*.py")); len(m) > 0 {
		return gates.Python, true
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "tests", "*.py")); len(m) > 0 {
		return gates.Python, true
	}
	return "", false
}

// EcosystemOf names the ecosystem a test command belongs to: `go test`
// or pytest (`pytest`, `python3 -m pytest`).
func EcosystemOf(argv []string) (gates.Ecosystem, bool) {
	switch {
	case len(argv) >= 2 && path.Base(argv[0]) == "go" && argv[1] == "test":
		return gates.Go, true
	case pytestAt(argv) >= 0:
		return gates.Python, true
	}
	return "", false
}

// pytestAt returns where pytest's own arguments start, or -1.
func pytestAt(argv []string) int {
	if len(argv) == 0 {
		return -1
	}
	if strings.HasPrefix(path.Base(argv[0]), "pytest") || strings.HasPrefix(path.Base(argv[0]), "py.test") {
		return 1
	}
	if strings.HasPrefix(path.Base(argv[0]), "python") {
		for i := 1; i+1 < len(argv); i++ {
			if argv[i] == "-m" && argv[i+1] == "pytest" {
				return i + 2
			}
		}
	}
	return -1
}

// ReportingArgv adds the flags the gates read per-test results from:
// `go test -json`; pytest's JUnit XML on standard output (xunit1, which
// names each case's file), collection errors that do not stop the other
// modules, and node IDs relative to the tree. A command that is neither is
// an error naming it.
func ReportingArgv(eco gates.Ecosystem, argv []string) ([]string, error) {
	got, ok := EcosystemOf(argv)
	if !ok || got != eco {
		return nil, fmt.Errorf("test command `%s`: gates read per-test results from `go test` (Go) or pytest (Python); give one of those with --test-cmd", gates.CommandLine(argv))
	}
	out := append([]string(nil), argv...)
	switch eco {
	case gates.Go:
		for _, w := range argv[2:] {
			if w == "-json" {
				return out, nil
			}
		}
		return append(append(append([]string(nil), argv[:2]...), "-json"), argv[2:]...), nil
	default:
		at := pytestAt(argv)
		flags := []string{"-o", "junit_family=xunit1", "--junitxml=/dev/stdout", "--continue-on-collection-errors"}
		rootdir := false
		for _, w := range argv[at:] {
			rootdir = rootdir || strings.HasPrefix(w, "--rootdir")
		}
		if !rootdir {
			flags = append(flags, "--rootdir=.")
		}
		return append(append(append([]string(nil), argv[:at]...), flags...), argv[at:]...), nil
	}
}

// Restrict narrows a test command to names (in files): Go gets -run with
// the names and its ./... replaced by the files' packages; pytest gets the
// files (a whole file runs: its other tests are read and ignored).
func Restrict(eco gates.Ecosystem, argv, names, files []string) []string {
	switch eco {
	case gates.Go:
		var pkgs []string
		seen := map[string]bool{}
		for _, f := range files {
			d := "./" + path.Dir(f)
			if d == "./." {
				d = "."
			}
			if !seen[d] {
				seen[d] = true
				pkgs = append(pkgs, d)
			}
		}
		var out []string
		for _, w := range argv {
			if w == "./..." && len(pkgs) > 0 {
				out = append(out, pkgs...)
				continue
			}
			out = append(out, w)
		}
		// -run goes right after `test`, before any -args.
		run := []string{"-run", "^(" + strings.Join(names, "|") + ")$"}
		return append(append(append([]string(nil), out[:2]...), run...), out[2:]...)
	default:
		return append(append([]string(nil), argv...), files...)
	}
}
