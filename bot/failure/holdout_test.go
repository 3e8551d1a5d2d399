package failure

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestClassifyHoldout measures accuracy on outputs collected after the
// rules were tuned (testdata/gen/holdout.sh), by someone who had not seen
// the rules. It reports the figure; the 95% bar applies to it too.
func TestClassifyHoldout(t *testing.T) {
	files, err := filepath.Glob("testdata/holdout/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	right := 0
	for _, f := range files {
		raw, err := os.ReadFile(f)
		require.NoError(t, err)
		c := parseCase(t, f, raw)
		got := Classify(Failure{Argv: c.argv, ExitCode: c.exit, Output: c.out})
		if got == c.want {
			right++
		} else {
			t.Logf("miss %-40s want %-12s got %s", c.name, c.want, got)
		}
	}
	acc := float64(right) / float64(len(files))
	t.Logf("hold-out accuracy %d/%d = %.1f%%", right, len(files), 100*acc)
	if acc < 0.95 {
		t.Errorf("hold-out accuracy %.1f%% is under 95%%", 100*acc)
	}
}
