package gaterun_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/integrations/gaterun"
	"github.com/engineo/autoverify/integrations/git"
)

// TestAHeadCannotWriteOutsideItsTree: a change that turns the test
// directory into a link to somewhere else, hoping the gates write the
// base's tests (or anything) there, is refused before anything runs.
func TestAHeadCannotWriteOutsideItsTree(t *testing.T) {
	outside := t.TempDir()
	r := newRepo(t)
	base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalc, "pkg/calc_test.go": "package pkg\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) {}\n"})
	require.NoError(t, os.RemoveAll(filepath.Join(r.Dir, "pkg")))
	require.NoError(t, os.Symlink(outside, filepath.Join(r.Dir, "pkg")))
	head := r.commit("link", nil)
	_, err := gaterun.Run(context.Background(), gaterun.Spec{Base: base, Head: head, Trees: gaterun.GitTrees{Repo: git.Repo{Dir: r.Dir}},
		Runner: runner(t), Ecosystem: gates.Go, Test: []string{"go", "test", "./..."}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "unsafe archive entry")
	entries, _ := os.ReadDir(outside)
	assert.Empty(t, entries, "nothing was written through the link")
}

// TestSubstitutedValuesAreNeverAShell: a gate variable's value with shell
// syntax stays one word of argv.
func TestSubstitutedValuesAreNeverAShell(t *testing.T) {
	r, base := goRepo(t)
	marker := filepath.Join(t.TempDir(), "pwned")
	head := r.commit("x", map[string]string{"calc.go": goCalcFixed})
	rep, err := gaterun.Run(context.Background(), gaterun.Spec{Base: base, Head: head, Trees: gaterun.GitTrees{Repo: git.Repo{Dir: r.Dir}},
		Runner: runner(t), Ecosystem: gates.Go, Test: []string{"go", "test", "-run", "{ac_title}", "./..."},
		Vars: map[string]string{"ac_title": "x'; touch " + marker + "; echo '"}})
	require.NoError(t, err)
	_, statErr := os.Stat(marker)
	assert.True(t, os.IsNotExist(statErr), "the value was not run")
	assert.Contains(t, gateOf(rep, gates.Green).Command, "touch "+marker, "it went to go test as the -run pattern")
}

// TestTestFileVariable: {test_file} is the change's test file in every run.
func TestTestFileVariable(t *testing.T) {
	long(t)
	r, base := goRepo(t)
	head := r.commit("neg", map[string]string{"calc.go": goCalcFixed, "neg_test.go": "package calc\n\nimport \"testing\"\n\nfunc TestNeg(t *testing.T) {\n\tif Abs(-1) != 1 {\n\t\tt.Fatal(\"-1\")\n\t}\n}\n"})
	rep, err := gaterun.Run(context.Background(), gaterun.Spec{Base: base, Head: head, Trees: gaterun.GitTrees{Repo: git.Repo{Dir: r.Dir}},
		Runner: runner(t), Ecosystem: gates.Go, Test: []string{"go", "test", "./{test_dir}"}})
	require.NoError(t, err)
	for _, e := range rep.Gates {
		assert.Contains(t, e.Command, "go test", e.Gate)
		assert.NotContains(t, e.Command, "{test_dir}", e.Gate)
	}
	assert.Equal(t, []string{"TestNeg"}, rep.Tests.FailToPass)
	assert.Equal(t, gates.Accept, gateOf(rep, gates.Red).Classification, gateOf(rep, gates.Red).Reason)
}
