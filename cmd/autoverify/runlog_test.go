package main

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/runlog"
	runbolt "github.com/engineo/autoverify/integrations/runlog/bolt"
)

func TestRunRecordsItsRunInTheHistory(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	path := h.write("KAN-25.md", story)
	require.Equal(t, exitFailed, h.run("run", path, "--workdir", h.dir), h.stderr.String())

	s, err := runbolt.Open(filepath.Join(h.dir, "state"))
	require.NoError(t, err)
	ctx := context.Background()
	p, err := s.List(ctx, runlog.Query{Index: runlog.IndexAll, Limit: 10})
	require.NoError(t, err)
	require.Len(t, p.Runs, 1)
	r := p.Runs[0]
	assert.Regexp(t, `^local-KAN-25-20260128T120000Z-[0-9a-f]{6}$`, r.ID)
	assert.Equal(t, runlog.Failed, r.Status)
	assert.True(t, r.Local)
	abs, _ := filepath.Abs(h.dir)
	assert.Equal(t, abs, r.Repo)
	assert.Equal(t, []string{"KAN-25-evidence-20260128T120000Z.txt"}, r.Evidence)
	assert.Equal(t, filepath.Join(abs, "reports"), r.EvidenceDir)
	require.Len(t, r.Items, 3)
	assert.Equal(t, "UNKNOWN", r.Items[1].FailureType)
	c, err := s.Counts(ctx, runlog.ScopeAll)
	require.NoError(t, err)
	assert.Equal(t, int64(1), c[runlog.ScopeAll].Failed)

	h.env["ENGINEO_RUN_RETENTION"] = "soon"
	assert.Equal(t, exitBadInput, h.run("run", path, "--workdir", h.dir))
	assert.Contains(t, h.stderr.String(), `ENGINEO_RUN_RETENTION="soon"`)
}
