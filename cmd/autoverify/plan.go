package main

import (
	"encoding/json"
	"flag"
	"fmt"

	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/checklist"
)

// planJSON is the documented shape of `plan --json`.
type planJSON struct {
	StoryKey string           `json:"story_key"`
	Items    []checklist.Item `json:"items"`
	Warnings []string         `json:"warnings,omitempty"`
}

func (a *App) plan(args []string) (int, error) {
	fs := flag.NewFlagSet("plan", flag.ContinueOnError)
	fs.SetOutput(a.Stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	key := fs.String("story-key", "", "story key (default: the file name without extension)")
	workdir := fs.String("workdir", ".", "repository directory holding .autoverify.yml")
	lookup := settingFlags(fs, a.Getenv, settings.Run)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return exitBadInput, err
	}
	if len(pos) != 1 {
		return exitBadInput, inputErrorf("plan needs exactly one story file: autoverify plan STORY.md [--json]")
	}
	cfg, err := loadConfig(lookup, *workdir)
	if err != nil {
		return exitBadInput, err
	}
	policy, err := cfg.Policy()
	if err != nil {
		return exitBadInput, err
	}
	k, err := storyKey(*key, pos[0])
	if err != nil {
		return exitBadInput, err
	}
	_, story, err := readStory(pos[0], policy)
	if err != nil {
		return exitBadInput, err
	}
	if *asJSON {
		enc := json.NewEncoder(a.Stdout)
		enc.SetIndent("", "  ")
		items := story.Items
		for i := range items {
			if items[i].Argv == nil {
				items[i].Argv = []string{}
			}
		}
		return exitOK, enc.Encode(planJSON{StoryKey: k, Items: items, Warnings: story.Warnings})
	}
	fmt.Fprint(a.Stdout, report.PlanText(planView(k, story)))
	for _, w := range story.Warnings {
		fmt.Fprintf(a.Stderr, "warning: %s: %s\n", pos[0], w)
	}
	return exitOK, nil
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
