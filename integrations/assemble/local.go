package assemble

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

// Local is a verification of the work tree workdir with the settings
// lookup resolved to cfg, masking Secrets.
func (e Env) Local(lookup settings.Lookup, workdir string, cfg settings.Config) cli.Local {
	return cli.Local{Config: cfg, Lookup: lookup, Workdir: workdir, Secrets: e.Secrets(cfg), Stderr: e.Stderr}
}

// Adapters are the adapters of a verification of the work tree
// workdir (cli.Adapters): the ledger's store, the runners (the local one
// announcing the commands it will run), the run history, the workspace
// copier, the evidence on disk, the gates and ENGINEO_SIGNING_KEY's
// signer.
func (e Env) Adapters(lookup settings.Lookup, workdir string) cli.Adapters {
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
			return stores.OpenRunLog(ctx, cfg, keep, e.Now)
		},
		Workspaces: func(skip []string, removals *sync.WaitGroup) verify.WorkspaceCloner {
			return workspace.Copier{Skip: skip, Removals: removals}
		},
		Trees:     workspace.Trees{},
		Attester:  func() (bot.Attester, error) { return e.Attester(lookup, workdir) },
		Artifacts: artifacts.Disk{}, Gates: gaterun.Engine{}, Version: e.Version, Now: e.Now}
}

// Report are the publishers `run --report` adds (to) and the secrets
// they hold: with jira, Jira's.
func (e Env) Report(lookup settings.Lookup, to string) ([]bot.Publisher, []string, error) {
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
				Stdout: e.Stdout, Stderr: e.Stderr, What: "reporting to Jira",
				Done: func(v *bot.Verification) string { return "Jira:     commented on " + v.Key }}},
			[]string{lookup.Value("jira-api-token"), lookup.Value("jira-pat")}, nil
	}
	return nil, nil, cli.InputErrorf("--report %q: the only report target is jira", to)
}

// RunSource is `autoverify run`'s subject: the story file storyPath in
// the work tree workdir, at commit ("" for its HEAD), read with cfg's
// cache setting; fixes are committed there with git.
func (e Env) RunSource(ctx context.Context, cfg settings.Config, storyPath, workdir, commit string) *cli.Source {
	// Reading the work tree's commit and content hash costs a few git
	// processes; start them now, while the rest is set up.
	snapshot := git.StartHead(ctx, workdir, cfg.Cache, cfg.ArtifactsDir, cfg.StateDir, storyPath)
	return &cli.Source{StoryPath: storyPath, Dir: workdir, Commit: commit, Warn: e.Stderr, Cache: cfg.Cache,
		Head: snapshot, Trees: gaterun.GitTrees{Repo: git.Repo{Dir: workdir}}.Extract,
		Committer: func(v *bot.Verification) bot.FixCommitter {
			return &git.FixCommitter{Repo: git.Repo{Dir: workdir}, Push: v.Config.PushEnabled,
				Exclude: git.AbsPaths(v.Config.ArtifactsDir, v.Config.StateDir, storyPath),
				Warn:    func(format string, args ...any) { fmt.Fprintf(e.Stderr, format, args...) }}
		}}
}
