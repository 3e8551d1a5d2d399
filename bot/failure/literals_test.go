package failure

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLiteralsInAgreesWithContains holds the one-pass prefilter to what it
// replaces: for every registered literal, found exactly when
// bytes.Contains finds it, on real outputs and on random text built from
// pieces of the literals themselves (overlaps, shared prefixes and
// suffixes are where such automata go wrong).
func TestLiteralsInAgreesWithContains(t *testing.T) {
	t.Parallel()
	texts := [][]byte{nil, []byte("x"), window(bigUnknown())}
	files, err := filepath.Glob("testdata/corpus/*/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files[:min(len(files), 200)] {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		texts = append(texts, window(b))
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		var b bytes.Buffer
		for range 1 + r.IntN(12) {
			l := lits[r.IntN(len(lits))]
			i, j := r.IntN(len(l)+1), r.IntN(len(l)+1)
			if i > j {
				i, j = j, i
			}
			b.WriteString(l[i:j])
			if r.IntN(3) == 0 {
				b.WriteString(l)
			}
		}
		texts = append(texts, b.Bytes())
	}
	for _, text := range texts {
		found := literalsIn(text)
		require.Len(t, found, len(lits))
		for id, l := range lits {
			require.Equal(t, bytes.Contains(text, []byte(l)), found[id], "literal %q in %.80q", l, text)
		}
	}
}

func TestRequiredLiterals(t *testing.T) {
	t.Parallel()
	for pattern, want := range map[string][]string{
		`^panic: test timed out after `:                    {"panic: test timed out after "},
		`Could not resolve host|Temporary failure in name`: {"Could not resolve host", "Temporary failure in name"},
		`^\s*(SyntaxError|IndentationError|TabError): `:    {"SyntaxError", "IndentationError", "TabError"},
		`(?i)timed out`: nil,
		`a|\d+`:         nil,
		`npm (ERR!|error) code E(RESOLVE|NOTARGET|OFFLINE)`: {" code E"},
	} {
		require.Equal(t, want, requiredLiterals(pattern), pattern)
	}
}
