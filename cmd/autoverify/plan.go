package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

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
	printPlan(a.Stdout, k, story)
	for _, w := range story.Warnings {
		fmt.Fprintf(a.Stderr, "warning: %s: %s\n", pos[0], w)
	}
	return exitOK, nil
}

func printPlan(w io.Writer, key string, story *checklist.Story) {
	auto, manual, rejected := story.Counts()
	fmt.Fprintf(w, "%s: %s, %s, %s\n\n", key, plural(auto, "automated item"), plural(manual, "manual item"), plural(rejected, "rejected item"))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "LINE\tID\tKIND\tCOMMAND / REASON\tITEM")
	for _, it := range story.Items {
		what := it.Command
		if it.Kind != checklist.Auto {
			what = it.Reason
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", it.Line, it.ID, it.Kind, what, truncate(it.Text, 60))
	}
	tw.Flush()
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
