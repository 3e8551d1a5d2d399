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
	owner, repo, base := ev.GetRepo().GetOwner().GetLogin(), ev.GetRepo().GetName(), ev.GetPullRequest().GetBase().GetRef()
	raw, err := gh.FileContent(ctx, owner, repo, repoconfig.Name, base)
	if err != nil {
		if h.IsNotFound != nil && h.IsNotFound(err) {
			return nil
		}
		return fmt.Errorf("reading %s from %s/%s@%s: %w", repoconfig.Name, owner, repo, base, err)
	}
	if f, err := repoconfig.Parse(raw); err != nil || !f.Triggers.PullRequest {
		return nil // a broken config is reported when someone asks with /verify
	}
	log := h.logger().With("delivery", job.ID, "repo", owner+"/"+repo, "pr", ev.GetNumber())
	return h.verify(ctx, h.Request(gh, owner, repo, ev.GetNumber(), "", job.ID, "pull_request "+ev.GetAction()), log)
}
