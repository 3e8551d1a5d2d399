package main

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/delivery/history"
	"github.com/engineo/autoverify/bot/delivery/jiraapp"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/artifacts"
	"github.com/engineo/autoverify/integrations/gaterun"
	"github.com/engineo/autoverify/integrations/git"
	"github.com/engineo/autoverify/integrations/local"
	"github.com/engineo/autoverify/integrations/runners"
	"github.com/engineo/autoverify/integrations/stores"
	"github.com/engineo/autoverify/integrations/workspace"
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
	return a.localAdapters(f.lookup, f.workdir).RunLocal(ctx, cli.Run{Local: a.local(f.lookup, f.workdir, cfg), Terminal: terminal,
		Report: func() ([]bot.Publisher, []string, error) { return a.runReport(f.lookup, f.reportTo) },
		Source: func() bot.Source {
			// Reading the work tree's commit and content hash costs a few
			// git processes; start them now, while the rest is set up.
			snapshot := git.StartHead(ctx, f.workdir, cfg.Cache, cfg.ArtifactsDir, cfg.StateDir, f.storyPath)
			return a.runSource(f, cfg.Cache, snapshot)
		}}, bot.Request{Key: k, NoCache: f.noCache, GateBase: f.gatesBase})
}

// local is a verification of the work tree workdir with the settings
// lookup resolved to cfg.
func (a *App) local(lookup settings.Lookup, workdir string, cfg settings.Config) cli.Local {
	return cli.Local{Config: cfg, Lookup: lookup, Workdir: workdir, Secrets: a.secrets(cfg), Stderr: a.Stderr}
}

// localAdapters are the adapters of a verification of the work tree
// workdir (cli.Adapters): the ledger's store, the runners (the local one
// announcing the commands it will run), the run history, the workspace
// copier, the evidence on disk, the gates and ENGINEO_SIGNING_KEY's
// signer.
func (a *App) localAdapters(lookup settings.Lookup, workdir string) cli.Adapters {
	return cli.Adapters{Store: stores.OpenLedger,
		Runner: func(cfg settings.Config) (verify.Runner, func(), error) {
			shared, closeShared, err := runners.New(cfg, nil, local.WithAnnounced())
			if err != nil {
				return nil, nil, cli.InputErrorf("%v", err)
			}
			return shared, closeShared, nil
		},
		Runners: func(shared verify.Runner) bot.Runners { return &runners.Factory{Shared: shared} },
		RunLog: func(ctx context.Context, cfg settings.Config, keep time.Duration) (history.RunLog, func(), error) {
			return stores.OpenRunLog(ctx, cfg, keep, a.Now)
		},
		Workspaces: func(skip []string, removals *sync.WaitGroup) verify.WorkspaceCloner {
			return workspace.Copier{Skip: skip, Removals: removals}
		},
		Attester:  func() (bot.Attester, error) { return attester(lookup, workdir) },
		Artifacts: artifacts.Disk{}, Gates: gaterun.Engine{}, Version: buildID(), Now: a.Now}
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

// runReport are the publishers --report adds (to) and the secrets they
// hold: with jira, Jira's.
func (a *App) runReport(lookup settings.Lookup, to string) ([]bot.Publisher, []string, error) {
	switch to {
	case "":
		return nil, nil, nil
	case "jira":
		j, err := loadJira(lookup)
		if err != nil {
			return nil, nil, err
		} else if j == nil {
			return nil, nil, cli.InputErrorf("--report jira needs ENGINEO_JIRA_URL and credentials (ENGINEO_JIRA_EMAIL + ENGINEO_JIRA_API_TOKEN, or ENGINEO_JIRA_PAT)")
		}
		return []bot.Publisher{cli.Announce{Publisher: &jiraapp.Publisher{Jira: j.Client, Transitions: j.Transitions},
				Stdout: a.Stdout, Stderr: a.Stderr, What: "reporting to Jira",
				Done: func(v *bot.Verification) string { return "Jira:     commented on " + v.Key }}},
			[]string{get(lookup, "jira-api-token"), get(lookup, "jira-pat")}, nil
	}
	return nil, nil, cli.InputErrorf("--report %q: the only report target is jira", to)
}

// runSource is the run's subject: the story file and the work tree.
func (a *App) runSource(f runFlags, cache bool, snapshot func(context.Context, string, bool) (string, string, error)) *cli.Source {
	return &cli.Source{StoryPath: f.storyPath, Dir: f.workdir, Commit: f.commit, Warn: a.Stderr, Cache: cache,
		Head: snapshot, Trees: gaterun.GitTrees{Repo: git.Repo{Dir: f.workdir}}.Extract,
		Committer: func(v *bot.Verification) bot.FixCommitter {
			return &git.FixCommitter{Repo: git.Repo{Dir: f.workdir}, Push: v.Config.PushEnabled,
				Exclude: git.AbsPaths(v.Config.ArtifactsDir, v.Config.StateDir, f.storyPath),
				Warn:    func(format string, args ...any) { fmt.Fprintf(a.Stderr, format, args...) }}
		}}
}
