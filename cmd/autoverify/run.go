package main

import (
	"context"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/integrations/artifacts"
)

// runFlags is `autoverify run`'s command line.
type runFlags struct {
	storyPath, key, workdir, commit, reportTo, gatesBase string
	noCache                                              bool
	lookup                                               settings.Lookup
}

// run is `autoverify run STORY.md`: flags and settings in, one pipeline
// request out.
func (a *App) run(ctx context.Context, args []string) (int, error) {
	f, err := a.runFlags(args)
	if err != nil {
		return exitBadInput, err
	}
	cfg, err := cli.LoadConfig(f.lookup, f.workdir)
	if err != nil {
		return exitBadInput, err
	}
	k, err := cli.StoryKey(f.key, f.storyPath)
	if err != nil {
		return exitBadInput, err
	}
	terminal := &cli.Terminal{Stdout: a.Stdout, Stderr: a.Stderr, Color: a.color(a.Stdout), WriteFile: artifacts.WriteFile}
	env := a.env()
	return env.Adapters(f.lookup, f.workdir).RunLocal(ctx, cli.Run{Local: env.Local(f.lookup, f.workdir, cfg), Terminal: terminal,
		Report: func() ([]bot.Publisher, []string, error) { return env.Report(f.lookup, f.reportTo) },
		Source: func() bot.Source { return env.RunSource(ctx, cfg, f.storyPath, f.workdir, f.commit) }},
		bot.Request{Key: k, NoCache: f.noCache, GateBase: f.gatesBase})
}

// runFlags parses run's command line; the work directory is made
// absolute.
func (a *App) runFlags(args []string) (runFlags, error) {
	fs := a.flagSet("run")
	var f runFlags
	fs.StringVar(&f.key, "story-key", "", "story key (default: the file name without extension)")
	fs.StringVar(&f.workdir, "workdir", ".", "directory the commands run in; its .autoverify.yml is read")
	fs.StringVar(&f.commit, "commit", "", "commit being verified (default: the work directory's git HEAD)")
	fs.StringVar(&f.reportTo, "report", "", "also report the result: \"jira\" comments on the story's issue and transitions it")
	fs.BoolVar(&f.noCache, "no-cache", false, "run every check even when the same command passed on the same tree and environment before")
	fs.StringVar(&f.gatesBase, "gates-base", "", "the revision GATE= items compare with (the change is gates-base..HEAD)")
	f.lookup = cli.SettingFlags(fs, a.Getenv, settings.Run, settings.Jira, retentionSetting)
	pos, err := cli.ParseN(fs, args, 1, "run needs exactly one story file: autoverify run STORY.md [--story-key KEY] [--workdir DIR]")
	if err != nil {
		return f, err
	}
	f.storyPath = pos[0]
	f.workdir, err = cli.WorkDir(f.workdir, "the repository the commands should run in")
	return f, err
}
