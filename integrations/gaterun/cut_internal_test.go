package gaterun

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/engineo/autoverify/bot/verify"
)

// TestCutByRed: the base's suite run beside RED's tests falls back to a
// run alone only when what the cap dropped is no more than those tests
// print — not when the suite's own report is over the cap either way.
func TestCutByRed(t *testing.T) {
	t.Parallel()
	out := func(n int, omitted int64) *run {
		return &run{res: verify.Result{Output: []byte(strings.Repeat("x", n)), OmittedBytes: omitted}}
	}
	for name, tc := range map[string]struct {
		b, r *run
		want bool
	}{
		"not cut":                                {out(1000, 0), out(50000, 0), false},
		"cut by the new tests' noise":            {out(8192, 30000), out(8192, 32000), true},
		"a suite over the cap on its own (toml)": {out(1<<20, 867306), out(4000, 0), false},
	} {
		assert.Equal(t, tc.want, cutByRed(tc.b, tc.r), name)
	}
}
