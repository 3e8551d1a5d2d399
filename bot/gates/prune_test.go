package gates

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMissingAt(t *testing.T) {
	t.Parallel()
	out := "# example.com/calc [example.com/calc.test]\n./double_test.go:6:5: undefined: Double\n./double_test.go:9:2: declared and not used: x\np0/neg_test.go:12:9: undefined: Neg\n"
	assert.Equal(t, map[string][]int{"double_test.go": {6}, "p0/neg_test.go": {12}}, MissingAt(out), "only errors that name something missing")
}

func TestPruneGoDropsTestsThatNeedMissingCode(t *testing.T) {
	t.Parallel()
	src := `//go:build linux

package calc

import (
	"strings"
	"testing"

	yaml "gopkg.in/yaml.v3"
	"github.com/x/mod/v2"
)

// TestDouble needs code the base lacks.
func TestDouble(t *testing.T) {
	if Double(strings.Count("a", "a")) != 2 {
		t.Fatal("2")
	}
	_ = mod.X
}

// TestAbsTen only needs what exists.
func TestAbsTen(t *testing.T) {
	_ = yaml.Marshal
	if Abs(10) != 10 {
		t.Fatal("10")
	}
}
`
	out, dropped, ok := PruneGo([]byte(src), []int{15})
	require.True(t, ok)
	assert.Equal(t, []string{"TestDouble"}, dropped)
	got := string(out)
	assert.Contains(t, got, "//go:build linux", "build constraints stay")
	assert.Contains(t, got, "func TestAbsTen")
	assert.NotContains(t, got, "TestDouble")
	assert.NotContains(t, got, `"strings"`, "an import only the dropped test used goes")
	assert.NotContains(t, got, `"github.com/x/mod/v2"`, "mod (/v2) was only used by the dropped test")
	assert.Contains(t, got, `yaml "gopkg.in/yaml.v3"`)
	assert.Contains(t, got, `"testing"`)
	funcs, ok := Funcs(Go, "x_test.go", out)
	require.True(t, ok, "the result parses")
	assert.Len(t, funcs, 1)

	same, dropped, ok := PruneGo([]byte(src), []int{1})
	require.True(t, ok)
	assert.Nil(t, dropped)
	assert.Equal(t, src, string(same), "nothing to drop: untouched")
	_, _, ok = PruneGo([]byte("package x\nfunc ("), []int{1})
	assert.False(t, ok)
}

func TestPrunePython(t *testing.T) {
	t.Parallel()
	src := "import pytest\nfrom calc import absolute, sign as sgn  # both\nfrom calc.extra import more\nfrom other import thing\n\n\ndef test_sign():\n    assert sgn(-1) == -1\n"
	out, stubbed, ok := PrunePython([]byte(src), "E   ImportError: cannot import name 'sign' from 'calc' (/x/calc.py)\nE   ModuleNotFoundError: No module named 'calc.extra'\n")
	require.True(t, ok)
	assert.Equal(t, []string{"sgn", "more"}, stubbed)
	assert.Equal(t, "import pytest\nfrom calc import absolute\nsgn = None  # autoverify: not on the base\nmore = None  # autoverify: not on the base\nfrom other import thing\n\n\ndef test_sign():\n    assert sgn(-1) == -1\n", string(out))
	_, _, ok = PrunePython([]byte(src), "SyntaxError: invalid syntax")
	assert.False(t, ok, "nothing it can stub")
}
