package gaterun_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/integrations/gaterun"
)

func TestDetect(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		files []string
		want  gates.Ecosystem
	}{
		"go.mod":              {[]string{"go.mod", "tool.py"}, gates.Go},
		"pyproject.toml":      {[]string{"pyproject.toml"}, gates.Python},
		"tox.ini":             {[]string{"tox.ini"}, gates.Python},
		"a .py at the top":    {[]string{"calc.py"}, gates.Python},
		"a .py under tests/":  {[]string{"tests/test_calc.py"}, gates.Python},
		"a .py deeper only":   {[]string{"src/pkg/calc.py"}, ""},
		"neither":             {[]string{"README.md", "package.json"}, ""},
		"nothing in the tree": {nil, ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for _, f := range tt.files {
				require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(f)), 0o755))
				require.NoError(t, os.WriteFile(filepath.Join(dir, f), []byte("x\n"), 0o644))
			}
			got, ok := gaterun.Detect(dir)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.want != "", ok)
		})
	}
}

func TestInstalled(t *testing.T) {
	t.Parallel()
	assert.True(t, gaterun.Installed([]string{"go", "vet", "./..."}), "go is on PATH where the tests run")
	assert.False(t, gaterun.Installed([]string{"autoverify-no-such-tool", "check", "."}))
	assert.False(t, gaterun.Installed(nil))
	assert.False(t, gaterun.Installed([]string{"/nonexistent/python3", "-m", "pyflakes", "."}), "an interpreter that is not there imports nothing")

	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("SKIPPED LOUDLY: no python3 to check the `python -m MODULE` form")
	}
	assert.True(t, gaterun.Installed([]string{py, "-m", "json", "."}), "python3 imports json")
	assert.False(t, gaterun.Installed([]string{py, "-m", "autoverify_no_such_module", "."}))
}
