package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlanText: `plan` lists the story as report.PlanText words it
// (golden files in bot/report); warnings go to standard error.
func TestPlanText(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	path := h.write("KAN-13.md", "# KAN-13\n\n- [ ] passes `true`\n- [x] a person looks\n<!-- AUTO:CMD=make all -->\n- [ ] builds\n")
	require.Equal(t, exitOK, h.run("plan", path), h.stderr.String())
	reason := "AUTO tag command `make all` is not in the allowlist (allowed: true, false, sh -c, echo); add it to ENGINEO_AUTOVERIFY_ALLOWLIST or to allowlist: in .autoverify.yml"
	pad := func(s string) string { return s + strings.Repeat(" ", len(reason)+2-len(s)) }
	assert.Equal(t, "KAN-13: 1 automated item, 1 manual item, 1 rejected item\n\n"+
		"LINE  ID        KIND      "+pad("COMMAND / REASON")+"ITEM\n"+
		"3     4410b1d8  auto      "+pad("true")+"passes `true`\n"+
		"4     ab72ea8e  manual    "+pad("no AUTO tag and no code span")+"a person looks\n"+
		"6     8459419d  rejected  "+pad(reason)+"builds\n", h.stdout.String())
	assert.Empty(t, h.stderr.String())
}
