// Package jiraapp is how Jira reaches the pipeline and how results reach
// Jira. When a story moves to the trigger status (READY FOR VERIFY) or
// someone comments /verify on it, the Handler asks the GitHub delivery for
// the request of the repository mapped to the story's project (the open
// pull request carrying the key, with its check run and comment, else the
// default branch), adds a Publisher that comments the evidence on the issue
// in the spec's format and transitions it by route, and runs the pipeline.
// It talks to Jira through the Jira interface declared here (implemented
// by integrations/jira) and parses Jira's webhook payloads itself.
package jiraapp

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/claims"
	"github.com/engineo/autoverify/bot/command"
	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/bot/report"
)

// Jira is what a run needs of the Jira API.
type Jira interface {
	// TransitionTo moves the issue by the transition whose name or target
	// status is want. When none matches it moves nothing and returns the
	// names of the transitions the issue offers.
	TransitionTo(ctx context.Context, key, want string) (moved bool, offered []string, err error)
	// AddCommentOnce posts body unless a comment carrying runID exists.
	AddCommentOnce(ctx context.Context, key, runID, body string) error
}

// Transitions names the transitions taken per route; empty means comment
// only.
type Transitions struct {
	Verified, Review, Attention string
	// Rejected is taken when an agent's signal is rejected: the story
	// goes back to implementing.
	Rejected string
}

// Pipeline runs verifications (*bot.Pipeline).
type Pipeline interface {
	Run(ctx context.Context, req bot.Request) (*bot.Verification, error)
}

// Handler handles queued Jira deliveries.
type Handler struct {
	Pipeline Pipeline
	// ForKey builds the request that verifies a story in a repository
	// (githubapp.Base.ForKey).
	ForKey func(ctx context.Context, owner, repo, key, deliveryID, trigger string) (bot.Request, error)
	Jira   Jira
	// Projects maps Jira project keys to "owner/repo".
	Projects      map[string]string
	TriggerStatus string
	Transitions   Transitions
	// BotAccount is the Jira account autoverify posts as; its comments are
	// ignored (so are any carrying a run ID).
	BotAccount string
	Redactor   bot.StringRedactor
	Logger     *slog.Logger
}

// Handle runs one Jira delivery.
func (h *Handler) Handle(ctx context.Context, job queue.Job) error {
	log := h.Logger
	if log == nil {
		log = slog.Default()
	}
	ev, err := ParseWebhook(job.Payload)
	if err != nil {
		log.Warn("malformed Jira webhook", "delivery", job.ID, "err", err)
		return nil
	}
	trigger := h.trigger(ev)
	if trigger == "" {
		return nil
	}
	log = log.With("delivery", job.ID, "story", ev.IssueKey, "trigger", trigger)
	repoFull, ok := h.Projects[ev.ProjectKey]
	if !ok {
		log.Warn("no repository mapped to the Jira project", "project", ev.ProjectKey)
		return h.Jira.AddCommentOnce(ctx, ev.IssueKey, "unmapped-"+job.ID, report.Unmapped(ev.ProjectKey))
	}
	owner, repo, _ := strings.Cut(repoFull, "/")
	req, err := h.ForKey(ctx, owner, repo, ev.IssueKey, job.ID, trigger)
	if err != nil {
		return err
	}
	if strings.HasPrefix(trigger, signalTrigger) {
		author := ev.Reporter
		if author == "" {
			author = commenter(ev)
		}
		who := ev.CommentAuthorName
		if who == "" {
			who = commenter(ev)
		}
		req.Signal, req.SignalSource, req.SignalAuthor = ev.CommentBody, "a Jira comment by "+who, author
	}
	req.Publishers = append(req.Publishers, &Publisher{Jira: h.Jira, Transitions: h.Transitions, Key: ev.IssueKey, Redactor: h.Redactor, Logger: log})
	v, err := h.Pipeline.Run(ctx, req)
	if err != nil {
		return err
	}
	bot.LogOutcome(log, req, v)
	return nil
}

// trigger words why the event starts a run, or is "" when it does not: the
// issue moved to the trigger status, or a person commented /verify.
func (h *Handler) trigger(ev Event) string {
	switch ev.Kind {
	case KindIssueUpdated:
		if ev.StatusTo != "" && strings.EqualFold(strings.TrimSpace(ev.StatusTo), strings.TrimSpace(h.TriggerStatus)) {
			return "status " + ev.StatusTo
		}
	case KindCommentCreated:
		by := commenter(ev)
		// autoverify's own comments carry their run ID.
		if (h.BotAccount != "" && by == h.BotAccount) || strings.Contains(ev.CommentBody, "autoverify run ") {
			return ""
		}
		if command.Parse(ev.CommentBody) == command.Verify {
			return "/verify by " + by
		}
		if _, ok := claims.Find(ev.CommentBody); ok {
			return signalTrigger + by
		}
	}
	return ""
}

// signalTrigger starts the trigger of a comment carrying a signal.
const signalTrigger = "signal by "

func commenter(ev Event) string {
	if ev.CommentAuthor != "" {
		return ev.CommentAuthor
	}
	return ev.CommentAuthorName
}

// Publisher comments a verification on a Jira issue, once per run ID, and
// transitions the issue by the route. The CLI's `run --report jira` uses it
// too.
type Publisher struct {
	Jira        Jira
	Transitions Transitions
	// Key is the issue; empty means the verification's story key.
	Key      string
	Redactor bot.StringRedactor
	Logger   *slog.Logger
}

var _ bot.Publisher = (*Publisher)(nil)

// Begin does nothing: a Jira issue has no "in progress" to show.
func (p *Publisher) Begin(context.Context, *bot.Verification) error { return nil }

// Publish transitions the issue for the route and comments the result; a
// verification that stopped on a problem gets a comment saying why.
func (p *Publisher) Publish(ctx context.Context, v *bot.Verification) error {
	key := p.Key
	if key == "" {
		key = v.Key
	}
	if v.Problem != nil {
		body := report.JiraProblem(bot.ReportProblem(v.Problem, p.Redactor))
		if v.Problem.Kind == bot.ProblemSignalRejected && p.Transitions.Rejected != "" {
			// The spec returns the story to implementing.
			body += "\n\n" + p.transitionTo(ctx, key, p.Transitions.Rejected)
		}
		return p.Jira.AddCommentOnce(ctx, key, "skipped-"+v.Request.RunID, body)
	}
	note := p.transition(ctx, key, v.Summary.Route)
	j := report.Jira{Run: v.Summary, TransitionNote: note}
	if v.Subject.Number > 0 {
		j.PullURL, j.PullName = v.Subject.URL, fmt.Sprintf("%s#%d", v.Subject.Repo, v.Subject.Number)
	}
	if err := p.Jira.AddCommentOnce(ctx, key, v.Summary.RunID, report.JiraComment(j)); err != nil {
		return fmt.Errorf("commenting on %s: %w", key, err)
	}
	return nil
}

// transition moves the issue for the route and words what happened. A
// missing transition is reported in the comment, never dropped silently.
func (p *Publisher) transition(ctx context.Context, key, route string) string {
	want := map[string]string{
		"verified": p.Transitions.Verified, "human_review": p.Transitions.Review, "human_attention": p.Transitions.Attention,
	}[route]
	if want == "" {
		return report.TransitionNote("", "", nil, nil)
	}
	return p.transitionTo(ctx, key, want)
}

// transitionTo moves the issue to want and words what happened.
func (p *Publisher) transitionTo(ctx context.Context, key, want string) string {
	moved, offered, err := p.Jira.TransitionTo(ctx, key, want)
	switch {
	case err != nil:
		p.logger().Warn("transition failed", "want", want, "err", err)
		return report.TransitionNote(want, "", nil, err)
	case !moved:
		p.logger().Warn("the issue offers no matching transition", "want", want, "offered", offered)
		return report.TransitionNote(want, "", offered, nil)
	}
	return report.TransitionNote(want, want, nil, nil)
}

func (p *Publisher) logger() *slog.Logger {
	if p.Logger != nil {
		return p.Logger
	}
	return slog.Default()
}
