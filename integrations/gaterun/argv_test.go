package gaterun_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/verify"
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

// probed says whether a static check's probe passes where runner runs
// the commands, in a directory under tmp ("": the system's).
func probed(runner verify.Runner, tmp string) func(argv []string) bool {
	return func(argv []string) bool {
		_, why := gaterun.Probe(context.Background(), runner, tmp, argv)
		return why == ""
	}
}

// TestProbe: a static check is installed when its probe passes where the
// runner runs the commands (here the local sandbox).
func TestProbe(t *testing.T) {
	t.Parallel()
	installed := probed(runner(t), t.TempDir())
	assert.False(t, installed([]string{"autoverify-no-such-tool", "check", "."}))
	assert.False(t, installed(nil))
	assert.False(t, installed([]string{"/nonexistent/python3", "-m", "pyflakes", "."}), "an interpreter that is not there imports nothing")

	py := pythonWithPytest(t)
	assert.True(t, installed([]string{py, "-m", "json", "."}), "python3 imports json")
	assert.False(t, installed([]string{py, "-m", "autoverify_no_such_module", "."}))
}

// TestProbeRunsNothingOfTheCheckout: the probe imports the checker,
// and the CLI is started in the change's checkout: a pyflakes.py planted
// there answered for the checker when the probe ran on the host. The
// probe runs isolated, from an empty directory, in the runner: the
// planted module neither runs nor counts.
func TestProbeRunsNothingOfTheCheckout(t *testing.T) {
	py := pythonWithPytest(t)
	checkout := t.TempDir()
	marker := filepath.Join(t.TempDir(), "ran")
	planted := "open(" + strconv.Quote(marker) + ", 'w').write('planted code ran')\n"
	for _, m := range []string{"pyflakes", "autoverify_planted_checker"} {
		require.NoError(t, os.WriteFile(filepath.Join(checkout, m+".py"), []byte(planted), 0o644))
	}
	t.Chdir(checkout)
	installed := probed(runner(t), "")
	assert.False(t, installed([]string{py, "-m", "autoverify_planted_checker", "."}), "a checker only the checkout has is not installed")
	if exec.Command(py, "-I", "-c", "import pyflakes").Run() == nil {
		assert.True(t, installed([]string{py, "-m", "pyflakes", "."}), "the installed pyflakes is")
	}
	_, err := os.Stat(marker)
	assert.True(t, os.IsNotExist(err), "the checkout's module ran")
}
