package gaterun

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// hasCode says which of F's unbuilt packages GREEN may take as the
// head's: those the head still has code for, under the module's path.
func TestHasCode(t *testing.T) {
	root := t.TempDir()
	for f, src := range map[string]string{
		"calc.go":            "package calc\n",
		"gone/gone_test.go":  "package gone\n",
		"deep/pkg/pkg.go":    "package pkg\n",
		"nested/go.mod":      "module example.com/nested\n",
		"nested/n/n_test.go": "package n\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for path, want := range map[string]bool{
		"example.com/calc":          true,
		"example.com/calc/deep/pkg": true,
		"example.com/calc/gone":     false, // only the base's tests were put back there
		"example.com/calc/missing":  false,
		"example.com/calculator":    false, // another module's path that starts the same
		"example.com/nested/n":      false,
	} {
		assert.Equal(t, want, hasCode(root, "example.com/calc", path), path)
	}
	assert.False(t, hasCode(root, "", "example.com/calc"), "no module path: nothing is known")
}
