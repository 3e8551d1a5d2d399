package mutate

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func lines(s ...string) []byte { return []byte(strings.Join(s, "\n") + "\n") }

func TestChangedLines(t *testing.T) {
	t.Parallel()
	base := lines("a", "b", "c", "d", "e", "f")
	tests := []struct {
		name string
		base map[string][]byte
		head map[string][]byte
		want map[string][]int
	}{
		{"unchanged", map[string][]byte{"x.go": base}, map[string][]byte{"x.go": base}, map[string][]int{}},
		{"insertion", map[string][]byte{"x.go": base},
			map[string][]byte{"x.go": lines("a", "b", "new1", "new2", "c", "d", "e", "f")},
			map[string][]int{"x.go": {3, 4}}},
		{"deletion leaves nothing to mutate", map[string][]byte{"x.go": base},
			map[string][]byte{"x.go": lines("a", "b", "e", "f")}, map[string][]int{}},
		{"edit", map[string][]byte{"x.go": base},
			map[string][]byte{"x.go": lines("a", "b", "C", "d", "e", "f")},
			map[string][]int{"x.go": {3}}},
		{"repeated line edited", map[string][]byte{"x.go": lines("}", "}", "}")},
			map[string][]byte{"x.go": lines("}", "}", "x", "}")},
			map[string][]int{"x.go": {3}}},
		{"moved block counts once", map[string][]byte{"x.go": base},
			map[string][]byte{"x.go": lines("e", "f", "a", "b", "c", "d")},
			map[string][]int{"x.go": {1, 2}}},
		{"new file", map[string][]byte{}, map[string][]byte{"n.go": lines("p", "q", "r")},
			map[string][]int{"n.go": {1, 2, 3}}},
		{"test and non-Go files ignored", map[string][]byte{},
			map[string][]byte{"n_test.go": lines("p"), "README.md": lines("q")}, map[string][]int{}},
		{"line endings alone are no change", map[string][]byte{"x.go": []byte("a\r\nb\r\n")},
			map[string][]byte{"x.go": []byte("a\nb")}, map[string][]int{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, ChangedLines(tt.base, tt.head))
		})
	}
}

// lcsLen is the textbook dynamic programme, the oracle for the Myers search.
func lcsLen(a, b []string) int {
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	return dp[0][0]
}

// TestDiffIsMinimal checks on random inputs that the unchanged head lines
// form a common subsequence as long as the longest one.
func TestDiffIsMinimal(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(32))
	alphabet := []string{"a", "b", "c", "d", "}"}
	gen := func() []string {
		out := make([]string, rng.Intn(25))
		for i := range out {
			out[i] = alphabet[rng.Intn(len(alphabet))]
		}
		return out
	}
	for range 500 {
		a, b := gen(), gen()
		changed := diffLines(a, b)
		isChanged := map[int]bool{}
		for _, l := range changed {
			isChanged[l] = true
		}
		var kept []string
		for j, l := range b {
			if !isChanged[j+1] {
				kept = append(kept, l)
			}
		}
		require.Equal(t, len(kept), lcsLen(a, kept), "kept lines are a subsequence of base: %q %q", a, b)
		require.Equal(t, lcsLen(a, b), len(kept), "as long as the longest: %q %q", a, b)
	}
}

func TestDiffBeyondEditLimitMarksEverything(t *testing.T) {
	t.Parallel()
	var a, b []string
	for i := range 3 * maxEdits {
		a = append(a, []string{"x", "y"}[i%2])
		b = append(b, []string{"y", "x", "x"}[i%3])
	}
	changed := diffLines(a, b)
	assert.NotEmpty(t, changed)
	assert.LessOrEqual(t, len(changed), len(b))
}
