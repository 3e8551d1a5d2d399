package githubapp

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/go-github/v60/github"

	"github.com/engineo/autoverify/bot/claims"
	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/bot/report"
)

// PullRequest handles pull_request deliveries: when the base branch's
// .autoverify.yml says `triggers: {pull_request: true}`, opened,
// synchronize and reopened start a run — for authors with write access —
// and so does an edit by a person that puts a new READY_FOR_REVIEW or
// AUDIT_PASSED signal in the description.
// Anyone else's pull request (a fork, a drive-by) runs nothing: it gets a
// comment and a check run saying a maintainer's /verify will run it, on
// that commit only (Prow's /ok-to-test, bound to the commit).
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
	case "edited":
		if !newSignal(ev) {
			return nil
		}
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
	author := ev.GetPullRequest().GetUser().GetLogin()
	trusted, err := h.canStart(ctx, gh, owner, repo, author)
	if err != nil {
		return err
	}
	if !trusted {
		log.Info("pull request from an author without write access: waiting for a maintainer's /verify", "author", author)
		return h.await(ctx, gh, owner, repo, ev.GetNumber(), author, ev.GetPullRequest().GetHead().GetSHA(), job.ID)
	}
	return h.verify(ctx, h.Request(gh, owner, repo, ev.GetNumber(), "", job.ID, "pull_request "+ev.GetAction()), log)
}

// newSignal reports whether an edit of the description by a person put a
// signal in it, or changed the one there: an edit that leaves the signal
// as it was (autoverify's own markers, a typo fix above it) audits nothing.
func newSignal(ev github.PullRequestEvent) bool {
	if isBot(ev.GetSender()) || ev.GetChanges().GetBody() == nil {
		return false
	}
	now, ok := claims.Find(ev.GetPullRequest().GetBody())
	if !ok {
		return false
	}
	before, had := claims.Find(ev.GetChanges().GetBody().GetFrom())
	return !had || before != now
}

// await tells the pull request that nothing ran and what will run it: the
// sticky comment, and a check run on the head that asks for action.
func (h *PullRequest) await(ctx context.Context, gh Client, owner, repo string, number int, author, sha, deliveryID string) error {
	msg := report.Awaiting(author, sha)
	id, err := gh.StartCheckRun(ctx, owner, repo, sha, h.runID(deliveryID), "")
	if err != nil {
		return fmt.Errorf("starting the check run on %s/%s@%s: %w", owner, repo, sha, err)
	}
	if err := gh.CompleteCheckRun(ctx, owner, repo, id, "action_required", report.AwaitingTitle, msg, "", ""); err != nil {
		return fmt.Errorf("completing the check run: %w", err)
	}
	return gh.UpsertComment(ctx, owner, repo, number, StickyMarker, []string{msg})
}
