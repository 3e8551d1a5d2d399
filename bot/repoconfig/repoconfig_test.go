package repoconfig

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	t.Parallel()
	f, err := Parse([]byte("allowlist: [go test]\nauto_fix:\n  LINT_ERROR: pnpm lint --fix\nstory_path: stories/{key}.md\ntriggers:\n  pull_request: true\n"))
	require.NoError(t, err)
	assert.Equal(t, []string{"go test"}, f.Allowlist)
	assert.Equal(t, "pnpm lint --fix", f.AutoFix["LINT_ERROR"])
	assert.Equal(t, "stories/KAN-1.md", f.StoryFile("KAN-1"))
	assert.True(t, f.Triggers.PullRequest)

	empty, err := Parse(nil)
	require.NoError(t, err)
	assert.Equal(t, "docs/stories/KAN-2.md", empty.StoryFile("KAN-2"))

	_, err = Parse([]byte("alowlist: [x]\n"))
	assert.ErrorContains(t, err, "field alowlist not found")
	_, err = Parse([]byte("story_path: docs/story.md\n"))
	assert.ErrorContains(t, err, "{key}")
}
