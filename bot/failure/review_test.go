package failure

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testdata/review holds real outputs a review built to attack the
// sixteenth session's rules (tiny projects of its own, the real tools:
// go, gcc, g++, cmake, make, javac, pytest-3, python3, sh, bash): a
// test's message, a project's own script, a comment on a compile error's
// line, a conftest's misuse of pytest's API, a parametrized id carrying
// a setup's words, beside the setups the rules are for. Each file's want
// line is what a reviewer reads there.
func TestReviewedOutputs(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/review/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		raw, err := os.ReadFile(f)
		require.NoError(t, err)
		c := parseCase(t, f, raw)
		got, why := Explain(Failure{Argv: c.argv, ExitCode: c.exit, Output: c.out})
		assert.Equal(t, c.want, got, "%s (%s)", c.name, why)
	}
}
