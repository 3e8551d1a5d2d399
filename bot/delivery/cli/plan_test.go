package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/checklist"
)

func TestReadStory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
		return p
	}
	policy, err := checklist.NewPolicy([]string{"true"})
	require.NoError(t, err)
	story, err := ReadStory(write("KAN-1.md", "- [ ] a `true`\n"), policy)
	require.NoError(t, err)
	require.Len(t, story.Items, 1)
	assert.Equal(t, checklist.Kind("auto"), story.Items[0].Kind)

	missing := filepath.Join(dir, "nope.md")
	for path, want := range map[string]string{
		missing:                             "story " + missing + ": no such file; check the path",
		write("prose.md", "# just prose\n"): "no checklist",
		write("bad.md", "- [ ] a\xff\n"):    "invalid UTF-8",
	} {
		_, err := ReadStory(path, policy)
		require.Error(t, err, path)
		assert.Contains(t, err.Error(), want)
		assert.Contains(t, err.Error(), "story "+path+": ")
	}
	_, err = ReadStory(write("empty.md", "# prose\n"), policy)
	assert.ErrorIs(t, err, checklist.ErrNoChecklist)
}

// TestShowPlanJSON: the documented shape, every item with all its
// fields, the warnings in it and none on standard error.
func TestShowPlanJSON(t *testing.T) {
	t.Parallel()
	story, err := checklist.Parse([]byte("<!-- AUTO:CMD=true -->\n\n- [ ] a `true`\n- [ ] b manual\n"), checklist.Policy{})
	require.NoError(t, err)
	require.NotEmpty(t, story.Warnings)
	var out, errs bytes.Buffer
	require.NoError(t, ShowPlan(&out, &errs, "KAN-2.md", "KAN-2", story, true))
	var got struct {
		StoryKey string           `json:"story_key"`
		Items    []map[string]any `json:"items"`
		Warnings []string         `json:"warnings"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &got))
	assert.Equal(t, "KAN-2", got.StoryKey)
	require.Len(t, got.Items, 2)
	for _, it := range got.Items {
		for _, k := range []string{"id", "line", "text", "checked", "kind", "source", "command", "reason"} {
			assert.Contains(t, it, k)
		}
	}
	assert.Equal(t, story.Warnings, got.Warnings)
	assert.Empty(t, errs.String())
}

// TestShowPlanWarnsOnStderr: the text goes to standard output, each
// warning to standard error naming the file.
func TestShowPlanWarnsOnStderr(t *testing.T) {
	t.Parallel()
	story, err := checklist.Parse([]byte("<!-- AUTO:CMD=true -->\n\n- [ ] b manual\n"), checklist.Policy{})
	require.NoError(t, err)
	var out, errs bytes.Buffer
	require.NoError(t, ShowPlan(&out, &errs, "KAN-3.md", "KAN-3", story, false))
	assert.Contains(t, out.String(), "KAN-3: 0 automated items, 1 manual item")
	assert.Equal(t, "warning: KAN-3.md: "+story.Warnings[0]+"\n", errs.String())
}
