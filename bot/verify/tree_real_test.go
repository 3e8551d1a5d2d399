package verify_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/integrations/workspace"
)

// Each reviewer's failure is read against the tree its own command ran
// in (Command.HostDir: its copy), not the first reviewer's workspace: a
// review's attack, where the first reviewer's command makes the package
// (a generator ran there) and the second's copy never has it.
func TestEachReviewerReadsItsOwnTree(t *testing.T) {
	v, dir := realReviewers(t, 2)
	v.Trees = workspace.Trees{}
	require.NoError(t, os.Mkdir(filepath.Join(dir, "first-only"), 0o755))
	v.Reviewing.Workspaces = workspace.Copier{Dir: t.TempDir(), Skip: []string{filepath.Join(dir, "first-only")}}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/shop\n"), 0o644))
	script(t, dir, "gen.sh", `if [ -d first-only ]; then mkdir -p utilz; else sleep 1; fi
echo "x.go:3:8: no required module provides package example.com/shop/utilz; to add it:"
exit 1
`)
	out, err := v.Verify(context.Background(), items(t, "- [ ] gen `sh gen.sh`\n"), dir)
	require.NoError(t, err)
	rv := out[0].Review
	require.NotNil(t, rv)
	require.Len(t, rv.Reviewers, 2)
	_, err = os.Stat(filepath.Join(dir, "utilz"))
	require.NoError(t, err, "reviewer 1 made utilz in the workspace")
	assert.Equal(t, "ENV_ERROR", string(rv.Reviewers[0].FailureType), "reviewer 1's tree has utilz")
	assert.Equal(t, "CODE_ERROR", string(rv.Reviewers[1].FailureType), "reviewer 2's tree has no utilz")
}
