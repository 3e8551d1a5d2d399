package gaterun

import (
	"os"
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
