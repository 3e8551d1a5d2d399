package githubapp

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/go-github/v60/github"

	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/bot/report"
)

// IssueComment handles issue_comment deliveries: /verify, /verify reset and
// /verify help on pull requests.
type IssueComment struct {
	Base
}

// Handle acts on a created comment on a pull request from a person.
func (h *IssueComment) Handle(ctx context.Context, job queue.Job) error {
	var ev github.IssueCommentEvent
	if err := json.Unmarshal(job.Payload, &ev); err != nil {
		h.logger().Warn("malformed issue_comment payload", "delivery", job.ID, "err", err)
		return nil
	}
	if ev.GetAction() != "created" || !ev.GetIssue().IsPullRequest() || isBot(ev.GetComment().GetUser()) {
		return nil
	}
	cmd := ParseCommand(ev.GetComment().GetBody())
	if cmd == CmdNone {
		return nil
	}
	gh, err := h.Clients.Client(ev.GetInstallation().GetID())
	if err != nil {
		return fmt.Errorf("github client for installation %d: %w", ev.GetInstallation().GetID(), err)
	}
	t := target{gh: gh, owner: ev.GetRepo().GetOwner().GetLogin(), repo: ev.GetRepo().GetName(),
		number: ev.GetIssue().GetNumber(), installationID: ev.GetInstallation().GetID()}
	user := ev.GetComment().GetUser().GetLogin()
	log := h.logger().With("delivery", job.ID, "repo", t.owner+"/"+t.repo, "pr", t.number, "user", user, "command", string(cmd))

	perm, err := gh.Permission(ctx, t.owner, t.repo, user)
	if err != nil {
		return fmt.Errorf("reading %s's permission on %s/%s: %w", user, t.owner, t.repo, err)
	}
	if !canRun(perm) {
		log.Info("command refused: insufficient permission", "permission", perm)
		return gh.Comment(ctx, t.owner, t.repo, t.number, fmt.Sprintf(
			"@%s thanks for asking — only collaborators with write, maintain or admin access can run `/verify` commands here. A maintainer can run it for you.", user))
	}
	if err := gh.React(ctx, t.owner, t.repo, ev.GetComment().GetID(), "eyes"); err != nil {
		log.Warn("could not add the 👀 reaction", "err", err)
	}
	switch cmd {
	case CmdHelp:
		return gh.Comment(ctx, t.owner, t.repo, t.number, report.Help(repoconfig.DefaultStoryPath))
	case CmdReset:
		return h.reset(ctx, t, user)
	}
	log.Info("verify requested")
	return (&verifyRun{Base: h.Base, t: t, deliveryID: job.ID, trigger: "/verify by @" + user}).run(ctx)
}

// reset clears the story's ledger.
func (h *IssueComment) reset(ctx context.Context, t target, user string) error {
	pr, err := t.gh.PullRequest(ctx, t.owner, t.repo, t.number)
	if err != nil {
		return fmt.Errorf("reading %s: %w", t, err)
	}
	key := StoryKey(pr.GetTitle(), pr.GetHead().GetRef(), pr.GetBody())
	if key == "" {
		return t.gh.Comment(ctx, t.owner, t.repo, t.number, report.NoChecklist("", repoconfig.DefaultStoryPath))
	}
	if err := h.Ledger.Store.Reset(ctx, key); err != nil {
		return fmt.Errorf("resetting the ledger of %s: %w", key, err)
	}
	return t.gh.Comment(ctx, t.owner, t.repo, t.number, fmt.Sprintf(
		"@%s reset the loop-safety ledger of `%s`: verify cycles and auto-fix attempts start again from 0. Comment `/verify` to run the checklist.", user, key))
}
