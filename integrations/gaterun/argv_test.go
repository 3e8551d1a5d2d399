package gaterun_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
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

// TestInstalledRunsNothingOfTheCheckout: the probe imports the checker,
// and the CLI runs it where it was started, often the change's checkout:
// a pyflakes.py planted there ran on the host, outside every sandbox, and
// answered for the checker. The probe runs isolated from an empty
// directory: the planted module neither runs nor counts.
func TestInstalledRunsNothingOfTheCheckout(t *testing.T) {
	py := pythonWithPytest(t)
	checkout := t.TempDir()
	marker := filepath.Join(t.TempDir(), "ran")
	planted := "open(" + strconv.Quote(marker) + ", 'w').write('planted code ran on the host')\n"
	for _, m := range []string{"pyflakes", "autoverify_planted_checker"} {
		require.NoError(t, os.WriteFile(filepath.Join(checkout, m+".py"), []byte(planted), 0o644))
	}
	t.Chdir(checkout)
	assert.False(t, gaterun.Installed([]string{py, "-m", "autoverify_planted_checker", "."}), "a checker only the checkout has is not installed")
	if exec.Command(py, "-I", "-c", "import pyflakes").Run() == nil {
		assert.True(t, gaterun.Installed([]string{py, "-m", "pyflakes", "."}), "the installed pyflakes is")
	}
	_, err := os.Stat(marker)
	assert.True(t, os.IsNotExist(err), "the checkout's module ran on the host")
}
