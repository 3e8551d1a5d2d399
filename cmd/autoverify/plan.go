package main

import (
	"context"

	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/settings"
)

// plan is `autoverify plan STORY.md [--json]`: the story's items and
// what would run.
func (a *App) plan(_ context.Context, args []string) (int, error) {
	fs := a.flagSet("plan")
	asJSON := fs.Bool("json", false, "print JSON")
	key := fs.String("story-key", "", "story key (default: the file name without extension)")
	workdir := fs.String("workdir", ".", "repository directory holding .autoverify.yml")
	lookup := cli.SettingFlags(fs, a.Getenv, settings.Run)
	pos, err := cli.ParseN(fs, args, 1, "plan needs exactly one story file: autoverify plan STORY.md [--json]")
	if err != nil {
		return exitBadInput, err
	}
	cfg, err := cli.LoadConfig(lookup, *workdir)
	if err != nil {
		return exitBadInput, err
	}
	policy, err := cfg.Policy()
	if err != nil {
		return exitBadInput, err
	}
	k, err := cli.StoryKey(*key, pos[0])
	if err != nil {
		return exitBadInput, err
	}
	story, err := cli.ReadStory(pos[0], policy)
	if err != nil {
		return exitBadInput, cli.InputErrorf("%v", err)
	}
	return failedOn(cli.ShowPlan(a.Stdout, a.Stderr, pos[0], k, story, *asJSON))
}
