package githubapp

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/go-github/v60/github"

	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/bot/repoconfig"
)

// PullRequest handles pull_request deliveries: when the base branch's
// .autoverify.yml says `triggers: {pull_request: true}`, opened,
// synchronize and reopened start a run.
type PullRequest struct {
	Base
}

// Handle starts a run for the actions that change what would be verified.
func (h *PullRequest) Handle(ctx context.Context, job queue.Job) error {
	var ev github.PullRequestEvent
	if err := json.Unmarshal(job.Payload, &ev); err != nil {
		h.logger().Warn("malformed pull_request payload", "delivery", job.ID, "err", err)
		return nil
	}
	switch ev.GetAction() {
	case "opened", "synchronize", "reopened":
	default:
		return nil
	}
	gh, err := h.Clients.Client(ev.GetInstallation().GetID())
	if err != nil {
		return fmt.Errorf("github client for installation %d: %w", ev.GetInstallation().GetID(), err)
	}
	t := target{gh: gh, owner: ev.GetRepo().GetOwner().GetLogin(), repo: ev.GetRepo().GetName(),
		number: ev.GetNumber(), installationID: ev.GetInstallation().GetID()}
	cfg, err := loadRepoConfig(ctx, h.IsNotFound, t, ev.GetPullRequest().GetBase().GetRef())
	if err != nil {
		return err
	}
	if cfg.err != nil || !cfg.file.Triggers.PullRequest {
		return nil // a broken config is reported when someone asks with /verify
	}
	return (&verifyRun{Base: h.Base, t: t, deliveryID: job.ID, trigger: "pull_request " + ev.GetAction()}).run(ctx)
}

// repoConfig is a repository's configuration read from the base branch;
// err is a problem with the file itself, to be shown to the author.
type repoConfig struct {
	file repoconfig.File
	err  error
}

func loadRepoConfig(ctx context.Context, isNotFound func(error) bool, t target, baseRef string) (repoConfig, error) {
	raw, err := t.gh.FileContent(ctx, t.owner, t.repo, repoconfig.Name, baseRef)
	if err != nil {
		if isNotFound != nil && isNotFound(err) {
			return repoConfig{}, nil
		}
		return repoConfig{}, fmt.Errorf("reading %s from %s/%s@%s: %w", repoconfig.Name, t.owner, t.repo, baseRef, err)
	}
	f, perr := repoconfig.Parse(raw)
	return repoConfig{file: f, err: perr}, nil
}
