package githubapp

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/go-github/v60/github"

	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/bot/report"
)

// CheckRun handles check_run deliveries on autoverify's check runs (GitHub
// sends an app only those about its own): GitHub's "Re-run" button
// (rerequested) runs every check again, none from the cache; the check
// run's "Re-run failed items" button (requested_action) runs again only
// what failed. Both act on the commit the check run is on, as a writer's
// `/verify <commit>` would: if the head has moved, the run says so instead
// of verifying code nobody asked about.
type CheckRun struct {
	Base
}

// Handle acts on a rerun request from a person with write access.
func (h *CheckRun) Handle(ctx context.Context, job queue.Job) error {
	var ev github.CheckRunEvent
	if err := json.Unmarshal(job.Payload, &ev); err != nil {
		h.logger().Warn("malformed check_run payload", "delivery", job.ID, "err", err)
		return nil
	}
	failedOnly := false
	switch ev.GetAction() {
	case "rerequested":
	case "requested_action":
		if ev.GetRequestedAction().Identifier != RerunFailedID {
			return nil
		}
		failedOnly = true
	default:
		return nil
	}
	if isBot(ev.GetSender()) {
		return nil
	}
	owner, repo := ev.GetRepo().GetOwner().GetLogin(), ev.GetRepo().GetName()
	user, sha := ev.GetSender().GetLogin(), ev.GetCheckRun().GetHeadSHA()
	log := h.logger().With("delivery", job.ID, "repo", owner+"/"+repo, "user", user, "action", ev.GetAction(), "commit", sha)
	prs := ev.GetCheckRun().PullRequests
	if len(prs) == 0 {
		// GitHub lists only pull requests from the same repository here: a
		// fork's check run carries none.
		log.Info("rerun ignored: the check run names no pull request of this repository (a fork's); comment /verify on the pull request instead")
		return nil
	}
	number := prs[0].GetNumber()
	gh, err := h.Clients.Client(ev.GetInstallation().GetID())
	if err != nil {
		return fmt.Errorf("github client for installation %d: %w", ev.GetInstallation().GetID(), err)
	}
	ok, err := h.canStart(ctx, gh, owner, repo, user)
	if err != nil {
		return err
	}
	if !ok {
		log.Info("rerun refused: insufficient permission")
		return gh.Comment(ctx, owner, repo, number, report.Denied(user))
	}
	req, err := h.approved(ctx, gh, owner, repo, number, user, sha, job.ID)
	if err != nil {
		return err
	}
	if failedOnly {
		req.Trigger = "Re-run failed items by @" + user
		req.RerunFailed = true
	} else {
		req.Trigger = "Re-run by @" + user
		req.NoCache = true
		req.Notes = append(req.Notes, fmt.Sprintf("Re-run requested by @%s on GitHub: every check ran again, none was served from the cache.", user))
	}
	log.Info("rerun requested", "pr", number, "failed_only", failedOnly)
	return h.verify(ctx, req, log)
}
