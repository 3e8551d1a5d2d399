package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/checklist"
)

// ReadStory reads and parses the story at path under policy; every error
// names the file and, where there is one, the fix. A story without a
// checklist is an error (checklist.ErrNoChecklist).
func ReadStory(path string, policy checklist.Policy) (*checklist.Story, error) {
	src, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("story %s: no such file; check the path", path)
	case err != nil:
		return nil, fmt.Errorf("story %s: %w", path, err)
	}
	story, err := checklist.Parse(src, policy)
	if err != nil {
		return nil, fmt.Errorf("story %s: %w", path, err)
	}
	if len(story.Items) == 0 {
		return nil, fmt.Errorf("story %s: %w", path, checklist.ErrNoChecklist)
	}
	return story, nil
}

// planJSON is the documented shape of `plan --json`.
type planJSON struct {
	StoryKey string           `json:"story_key"`
	Items    []checklist.Item `json:"items"`
	Warnings []string         `json:"warnings,omitempty"`
}

// ShowPlan is `autoverify plan`: story's items (read from file, under
// key) as report.PlanText lists them, with the story's warnings on
// stderr; or with asJSON the documented JSON shape, warnings included.
func ShowPlan(stdout, stderr io.Writer, file, key string, story *checklist.Story, asJSON bool) error {
	if asJSON {
		return WriteJSON(stdout, planJSON{StoryKey: key, Items: story.Items, Warnings: story.Warnings})
	}
	if _, err := io.WriteString(stdout, report.PlanText(planView(key, story))); err != nil {
		return err
	}
	for _, w := range story.Warnings {
		fmt.Fprintf(stderr, "warning: %s: %s\n", file, w)
	}
	return nil
}

// planView is story as report.PlanText lists it.
func planView(key string, story *checklist.Story) report.Plan {
	p := report.Plan{StoryKey: key}
	for _, it := range story.Items {
		p.Items = append(p.Items, report.Item{Line: it.Line, ID: it.ID, Kind: string(it.Kind), Text: it.Text,
			Command: it.Command, Reason: it.Reason, Checked: it.Checked})
	}
	return p
}
