package failure

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
	for _, c := range loadCorpus(t, "testdata/review") {
		got, why := Explain(Failure{Argv: c.argv, ExitCode: c.exit, Output: c.out})
		assert.Equal(t, c.want, got, "%s (%s)", c.name, why)
	}
}
