// Package jiraapp is what a Jira delivery does: when a story moves to the
// trigger status (READY FOR VERIFY) or someone comments /verify on it,
// verify the repository mapped to its project (the open pull request that
// carries the key, with its check run and comment, else the default
// branch) through githubapp, then comment the evidence on the issue in the
// spec's format and transition it by route. It talks to Jira through the
// Jira interface declared here (implemented by integrations/jira).
package jiraapp

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/engineo/autoverify/bot/delivery/githubapp"
	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/bot/report"
)

// Transition is one workflow transition an issue offers.
type Transition struct {
	ID, Name, ToStatus string
}

// Jira is what a run needs of the Jira API.
type Jira interface {
	Transitions(ctx context.Context, key string) ([]Transition, error)
	Transition(ctx context.Context, key, id string) error
	// AddCommentOnce posts body unless a comment carrying runID exists.
	AddCommentOnce(ctx context.Context, key, runID, body string) error
}

// Event is the part of a Jira webhook a run needs.
type Event struct {
	// Kind is "issue_updated", "comment_created" or something else.
	Kind                   string
	IssueKey, ProjectKey   string
	StatusTo               string // the status an issue_updated moved to, if any
	CommentBody, CommentBy string
}

// Transitions names the transitions taken per route; empty means comment
// only.
type Transitions struct {
	Verified, Review, Attention string
}

// Handler handles queued Jira deliveries.
type Handler struct {
	GitHub *githubapp.Base
	Jira   Jira
	// Projects maps Jira project keys to "owner/repo".
	Projects      map[string]string
	TriggerStatus string
	Transitions   Transitions
	// BotAccount is the Jira account autoverify posts as; its comments are
	// ignored (so are any carrying a run ID).
	BotAccount string
	ParseEvent func(payload []byte) (Event, error)
	Logger     *slog.Logger
}

// Handle runs one Jira delivery.
func (h *Handler) Handle(ctx context.Context, job queue.Job) error {
	log := h.Logger
	if log == nil {
		log = slog.Default()
	}
	ev, err := h.ParseEvent(job.Payload)
	if err != nil {
		log.Warn("malformed Jira webhook", "delivery", job.ID, "err", err)
		return nil
	}
	trigger := ""
	switch ev.Kind {
	case "issue_updated":
		if ev.StatusTo == "" || !strings.EqualFold(strings.TrimSpace(ev.StatusTo), strings.TrimSpace(h.TriggerStatus)) {
			return nil
		}
		trigger = "status " + ev.StatusTo
	case "comment_created":
		if (h.BotAccount != "" && ev.CommentBy == h.BotAccount) || strings.Contains(ev.CommentBody, "autoverify run ") {
			return nil
		}
		if githubapp.ParseCommand(ev.CommentBody) != githubapp.CmdVerify {
			return nil
		}
		trigger = "/verify by " + ev.CommentBy
	default:
		return nil
	}
	log = log.With("delivery", job.ID, "story", ev.IssueKey, "trigger", trigger)
	repoFull, ok := h.Projects[ev.ProjectKey]
	if !ok {
		log.Warn("no repository mapped to the Jira project", "project", ev.ProjectKey)
		return h.Jira.AddCommentOnce(ctx, ev.IssueKey, "unmapped-"+job.ID, fmt.Sprintf(
			"Supervisor Auto-Verify: not run — no repository is mapped to project %s. Add %s=owner/repo to ENGINEO_JIRA_PROJECTS.",
			ev.ProjectKey, ev.ProjectKey))
	}
	owner, repo, _ := strings.Cut(repoFull, "/")
	res, err := h.GitHub.Verify(ctx, githubapp.VerifyRequest{Owner: owner, Repo: repo, StoryKey: ev.IssueKey, DeliveryID: job.ID, Trigger: trigger})
	if err != nil {
		return err
	}
	if !res.Ran {
		return h.Jira.AddCommentOnce(ctx, ev.IssueKey, "skipped-"+job.ID, fmt.Sprintf(
			"Supervisor Auto-Verify: nothing verified\n\n%s", stripMarkdown(res.Skipped)))
	}
	return Post(ctx, h.Jira, h.Transitions, ev.IssueKey, res.Report, res.PullURL, res.PullName, log)
}

// Post transitions the issue for the run's route and comments the result
// (once per run ID). The CLI's `run --report jira` uses it too.
func Post(ctx context.Context, j Jira, ts Transitions, key string, run report.Run, pullURL, pullName string, log *slog.Logger) error {
	if log == nil {
		log = slog.Default()
	}
	note := transition(ctx, j, ts, key, run.Route, log)
	body := report.JiraComment(report.Jira{Run: run, PullURL: pullURL, PullName: pullName, TransitionNote: note})
	if err := j.AddCommentOnce(ctx, key, run.RunID, body); err != nil {
		return fmt.Errorf("commenting on %s: %w", key, err)
	}
	return nil
}

// transition moves the issue for the route and words what happened. A
// missing transition is reported in the comment, never dropped silently.
func transition(ctx context.Context, j Jira, transitions Transitions, key, route string, log *slog.Logger) string {
	want := map[string]string{
		"verified": transitions.Verified, "human_review": transitions.Review, "human_attention": transitions.Attention,
	}[route]
	if want == "" {
		return report.TransitionNote("", "", nil, nil)
	}
	ts, err := j.Transitions(ctx, key)
	if err != nil {
		log.Warn("could not list transitions", "err", err)
		return report.TransitionNote(want, "", nil, err)
	}
	var offered []string
	for _, t := range ts {
		if strings.EqualFold(strings.TrimSpace(t.Name), strings.TrimSpace(want)) || strings.EqualFold(strings.TrimSpace(t.ToStatus), strings.TrimSpace(want)) {
			if err := j.Transition(ctx, key, t.ID); err != nil {
				log.Warn("transition failed", "transition", t.Name, "err", err)
				return report.TransitionNote(want, "", nil, err)
			}
			return report.TransitionNote(want, want, nil, nil)
		}
		offered = append(offered, t.Name)
	}
	log.Warn("the issue offers no matching transition", "want", want, "offered", offered)
	return report.TransitionNote(want, "", offered, nil)
}

// stripMarkdown turns the GitHub-flavoured skip message into plain text.
func stripMarkdown(s string) string {
	s = strings.ReplaceAll(s, "### ", "")
	s = strings.ReplaceAll(s, "`", "")
	return s
}
