package gaterun

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestIsolated(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want []string }{
		{[]string{"python3", "-m", "pyflakes", "."}, []string{"python3", "-I", "-m", "pyflakes", "."}},
		{[]string{"/usr/bin/python3.11", "-W", "ignore", "-m", "flake8"}, []string{"/usr/bin/python3.11", "-I", "-W", "ignore", "-m", "flake8"}},
		{[]string{"python3", "-Wignore", "-m", "mypy", "src"}, []string{"python3", "-I", "-Wignore", "-m", "mypy", "src"}},
		{[]string{"python3", "tools/check.py", "-m", "x"}, []string{"python3", "tools/check.py", "-m", "x"}},
		{[]string{"python3", "-c", "import x", "-m"}, []string{"python3", "-c", "import x", "-m"}},
		{[]string{"pyflakes", "."}, []string{"pyflakes", "."}},
		{[]string{"ruff", "check", "-m", "."}, []string{"ruff", "check", "-m", "."}},
	} {
		assert.Equal(t, tc.want, isolated(tc.in), tc.in)
	}
}
