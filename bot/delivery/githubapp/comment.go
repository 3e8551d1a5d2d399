package githubapp

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/go-github/v60/github"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/claims"
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
	inv := command.ParseInvocation(ev.GetComment().GetBody())
	cmd := inv.Command
	if cmd == command.None {
		if _, ok := claims.Find(ev.GetComment().GetBody()); ok {
			return h.signal(ctx, job, ev)
		}
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
	req, err := h.approved(ctx, gh, owner, repo, number, user, inv.SHA, job.ID)
	if err != nil {
		return err
	}
	if inv.Fresh {
		req.NoCache = true
		req.Notes = append(req.Notes, "`/verify fresh`: every check ran again, none was served from the cache.")
	}
	if inv.Gates {
		req.Gates = true
		req.Notes = append(req.Notes, "`/verify gates`: the gates ran against the pull request's base.")
	}
	req.RerunFailed = inv.Failed
	return h.verify(ctx, req, log)
}

// signal audits a READY_FOR_REVIEW or AUDIT_PASSED signal posted as a
// comment. Only collaborators who may start checks have their signals
// audited (an audit runs the checks); anyone else gets a polite refusal.
func (h *IssueComment) signal(ctx context.Context, job queue.Job, ev github.IssueCommentEvent) error {
	gh, err := h.Clients.Client(ev.GetInstallation().GetID())
	if err != nil {
		return fmt.Errorf("github client for installation %d: %w", ev.GetInstallation().GetID(), err)
	}
	owner, repo, number := ev.GetRepo().GetOwner().GetLogin(), ev.GetRepo().GetName(), ev.GetIssue().GetNumber()
	user := ev.GetComment().GetUser().GetLogin()
	log := h.logger().With("delivery", job.ID, "repo", owner+"/"+repo, "pr", number, "user", user, "command", "signal")
	ok, err := h.canStart(ctx, gh, owner, repo, user)
	if err != nil {
		return err
	}
	if !ok {
		log.Info("signal not audited: insufficient permission")
		return gh.Comment(ctx, owner, repo, number, report.SignalDenied(user))
	}
	if err := gh.React(ctx, owner, repo, ev.GetComment().GetID(), "eyes"); err != nil {
		log.Warn("could not add the 👀 reaction", "err", err)
	}
	req, err := h.approved(ctx, gh, owner, repo, number, user, "", job.ID)
	if err != nil {
		return err
	}
	req.Trigger = "signal by @" + user
	req.Signal, req.SignalSource, req.SignalAuthor = ev.GetComment().GetBody(), "a comment by @"+user, user
	log.Info("signal audit requested")
	return h.verify(ctx, req, log)
}

// approved builds the request of a writer's /verify. When the pull
// request's author cannot start checks (a fork, a drive-by), the /verify is
// their approval, and it covers the head commit as it is now (or the commit
// the command names) and nothing pushed after: the run stops if the head
// moved, and the report says who approved which commit.
func (b *Base) approved(ctx context.Context, gh Client, owner, repo string, number int, user, sha, deliveryID string) (bot.Request, error) {
	req := b.Request(gh, owner, repo, number, "", deliveryID, "/verify by @"+user)
	src := req.Source.(*Source)
	src.Pinned = sha
	pr, err := gh.PullRequest(ctx, owner, repo, number)
	if err != nil {
		return bot.Request{}, fmt.Errorf("reading %s/%s#%d: %w", owner, repo, number, err)
	}
	author := pr.GetUser().GetLogin()
	trusted, err := b.canStart(ctx, gh, owner, repo, author)
	if err != nil {
		return bot.Request{}, err
	}
	if trusted {
		return req, nil
	}
	if src.Pinned == "" {
		src.Pinned = pr.GetHead().GetSHA()
	}
	req.Notes = append(req.Notes, fmt.Sprintf("Approved by @%s for `%.12s`: @%s cannot start checks, so a new push needs a new `/verify`.", user, src.Pinned, author))
	return req, nil
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
