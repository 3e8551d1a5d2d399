package gaterun

import (
	"os"
	"os/exec"
	"path/filepath"

	"github.com/engineo/autoverify/bot/gates"
)

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

// srcLayout reports whether the Python tree at dir keeps its code under
// src/ (a package, src/NAME/__init__.py, or a module src/NAME.py): what pytest imports as the project's own code is not on
// the path there until it is installed, and an installed copy is the
// user's, not the tree's. The gates' test commands then run with
// PYTHONPATH=src (testArgv), so each tree's tests import that tree's code:
// the base's on the base.
func srcLayout(dir string) bool {
	for _, pattern := range []string{"src/*/__init__.py", "src/*.py"} {
		if m, _ := filepath.Glob(filepath.Join(dir, pattern)); len(m) > 0 {
			return true
		}
	}
	return false
}

// Installed reports whether a static check can run on this machine (the
// installed argument of gates.StaticCommand): for `PYTHON -m MODULE …`
// that PYTHON imports MODULE, else that the program is on PATH.
func Installed(argv []string) bool {
	if len(argv) == 0 {
		return false
	}
	if len(argv) > 2 && argv[1] == "-m" {
		// Isolated, from an empty directory: the working directory may be
		// the change's checkout, whose pyflakes.py would run here, on the
		// host, and answer for the checker (the check runs isolated too).
		dir, err := os.MkdirTemp("", "autoverify-probe-")
		if err != nil {
			return false
		}
		defer os.RemoveAll(dir)
		cmd := exec.Command(argv[0], "-I", "-c", "import "+argv[2])
		cmd.Dir = dir
		return cmd.Run() == nil
	}
	_, err := exec.LookPath(argv[0])
	return err == nil
}
