package githubapp

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/go-github/v60/github"

	"github.com/engineo/autoverify/bot/command"
	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/checklist"
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
	cmd := command.Parse(ev.GetComment().GetBody())
	if cmd == command.None {
		return nil
	}
	gh, err := h.Clients.Client(ev.GetInstallation().GetID())
	if err != nil {
		return fmt.Errorf("github client for installation %d: %w", ev.GetInstallation().GetID(), err)
	}
	owner, repo, number := ev.GetRepo().GetOwner().GetLogin(), ev.GetRepo().GetName(), ev.GetIssue().GetNumber()
	user := ev.GetComment().GetUser().GetLogin()
	log := h.logger().With("delivery", job.ID, "repo", owner+"/"+repo, "pr", number, "user", user, "command", string(cmd))

	perm, err := gh.Permission(ctx, owner, repo, user)
	if err != nil {
		return fmt.Errorf("reading %s's permission on %s/%s: %w", user, owner, repo, err)
	}
	if !canRun(perm) {
		log.Info("command refused: insufficient permission", "permission", perm)
		return gh.Comment(ctx, owner, repo, number, report.Denied(user))
	}
	if err := gh.React(ctx, owner, repo, ev.GetComment().GetID(), "eyes"); err != nil {
		log.Warn("could not add the 👀 reaction", "err", err)
	}
	switch cmd {
	case command.Help:
		return gh.Comment(ctx, owner, repo, number, report.Help(repoconfig.DefaultStoryPath))
	case command.Reset:
		return h.reset(ctx, gh, owner, repo, number, user)
	}
	log.Info("verify requested")
	return h.verify(ctx, h.Request(gh, owner, repo, number, "", job.ID, "/verify by @"+user), log)
}

// reset clears the story's ledger.
func (h *IssueComment) reset(ctx context.Context, gh Client, owner, repo string, number int, user string) error {
	pr, err := gh.PullRequest(ctx, owner, repo, number)
	if err != nil {
		return fmt.Errorf("reading %s/%s#%d: %w", owner, repo, number, err)
	}
	key := checklist.FindKey(pr.GetTitle(), pr.GetHead().GetRef(), pr.GetBody())
	if key != "" {
		if err := h.Ledger.Reset(ctx, key); err != nil {
			return fmt.Errorf("resetting the ledger of %s: %w", key, err)
		}
	}
	return gh.Comment(ctx, owner, repo, number, report.Reset(user, key))
}
