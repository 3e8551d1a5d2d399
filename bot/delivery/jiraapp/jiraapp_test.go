package jiraapp

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/bot/report"
)

// fakeJira records comments and transitions; offered are the transition
// names its issues offer.
type fakeJira struct {
	offered  []string
	comments map[string]string // runID → body
	moved    []string
	err      error
}

func (f *fakeJira) TransitionTo(_ context.Context, key, want string) (bool, []string, error) {
	if f.err != nil {
		return false, nil, f.err
	}
	for _, o := range f.offered {
		if strings.EqualFold(o, want) {
			f.moved = append(f.moved, key+" → "+o)
			return true, nil, nil
		}
	}
	return false, f.offered, nil
}

func (f *fakeJira) AddCommentOnce(_ context.Context, key, runID, body string) error {
	if f.comments == nil {
		f.comments = map[string]string{}
	}
	if _, ok := f.comments[runID]; !ok {
		f.comments[runID] = key + ": " + body
	}
	return nil
}

type fakePipeline struct {
	reqs []bot.Request
	v    *bot.Verification
}

func (p *fakePipeline) Run(ctx context.Context, req bot.Request) (*bot.Verification, error) {
	p.reqs = append(p.reqs, req)
	v := *p.v
	v.Request = req
	for _, pub := range req.Publishers {
		if err := pub.Publish(ctx, &v); err != nil {
			return &v, err
		}
	}
	return &v, nil
}

func job(t *testing.T, payload map[string]any) queue.Job {
	t.Helper()
	raw, err := json.Marshal(payload)
	require.NoError(t, err)
	return queue.Job{ID: "d-1", Source: "jira", Event: "jira", Payload: raw}
}

func statusChange(key, to string) map[string]any {
	return map[string]any{"webhookEvent": "jira:issue_updated", "issue": map[string]any{"key": key, "fields": map[string]any{"project": map[string]any{"key": strings.Split(key, "-")[0]}}},
		"changelog": map[string]any{"items": []map[string]any{{"field": "status", "fieldtype": "jira", "fromString": "In Progress", "toString": to}}}}
}

func comment(key, author, body string) map[string]any {
	return map[string]any{"webhookEvent": "comment_created", "issue": map[string]any{"key": key, "fields": map[string]any{"project": map[string]any{"key": strings.Split(key, "-")[0]}}},
		"comment": map[string]any{"body": body, "author": map[string]any{"accountId": author, "displayName": author}}}
}

func TestHandlerTriggers(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		payload map[string]any
		runs    int
		trigger string
	}{
		"moved to the trigger status":  {statusChange("KAN-1", "ready for verify"), 1, "status ready for verify"},
		"moved elsewhere":              {statusChange("KAN-1", "Done"), 0, ""},
		"a person asks":                {comment("KAN-1", "alice", "/verify"), 1, "/verify by alice"},
		"its own comment":              {comment("KAN-1", "bot", "/verify"), 0, ""},
		"a comment carrying a run ID":  {comment("KAN-1", "alice", "/verify\nautoverify run abc"), 0, ""},
		"another comment":              {comment("KAN-1", "alice", "looks good"), 0, ""},
		"an unmapped project comments": {statusChange("OPS-1", "READY FOR VERIFY"), 0, ""},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			j := &fakeJira{}
			p := &fakePipeline{v: &bot.Verification{Problem: &bot.Problem{Kind: bot.ProblemNoChecklist, Key: "KAN-1", Path: "docs/stories/KAN-1.md"}}}
			var forKey []string
			h := &Handler{Pipeline: p, Jira: j, Projects: map[string]string{"KAN": "acme/web"}, TriggerStatus: "READY FOR VERIFY", BotAccount: "bot",
				ForKey: func(_ context.Context, owner, repo, key, delivery, trigger string) (bot.Request, error) {
					forKey = append(forKey, owner+"/"+repo+" "+key+" "+trigger)
					return bot.Request{RunID: "run-" + delivery}, nil
				}}
			require.NoError(t, h.Handle(context.Background(), job(t, tc.payload)))
			assert.Len(t, p.reqs, tc.runs)
			if tc.runs == 1 {
				assert.Equal(t, []string{"acme/web KAN-1 " + tc.trigger}, forKey)
				assert.Equal(t, "KAN-1: "+report.JiraProblem(report.Problem{Kind: "no_checklist", StoryKey: "KAN-1", StoryPath: "docs/stories/KAN-1.md"}),
					j.comments["skipped-run-d-1"], "the problem is commented on the issue")
			}
			if name == "an unmapped project comments" {
				assert.Equal(t, "OPS-1: "+report.Unmapped("OPS"), j.comments["unmapped-d-1"])
			}
		})
	}
}

func TestPublisherTransitionsByRoute(t *testing.T) {
	t.Parallel()
	ts := Transitions{Review: "HUMAN TO REVIEW AND CLOSE", Attention: "HUMAN ATTENTION NEEDED"}
	for name, tc := range map[string]struct {
		route   string
		offered []string
		err     error
		moved   []string
		note    string
	}{
		"review":                  {"human_review", []string{"Start", "HUMAN TO REVIEW AND CLOSE"}, nil, []string{"KAN-1 → HUMAN TO REVIEW AND CLOSE"}, report.TransitionNote(ts.Review, ts.Review, nil, nil)},
		"needs fix: comment only": {"needs_fix", []string{"Start"}, nil, nil, report.TransitionNote("", "", nil, nil)},
		"not offered":             {"human_attention", []string{"Start", "Done"}, nil, nil, report.TransitionNote(ts.Attention, "", []string{"Start", "Done"}, nil)},
		"jira fails":              {"human_attention", nil, errors.New("jira: 500"), nil, report.TransitionNote(ts.Attention, "", nil, errors.New("jira: 500"))},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			j := &fakeJira{offered: tc.offered, err: tc.err}
			p := &Publisher{Jira: j, Transitions: ts}
			v := &bot.Verification{Key: "KAN-1", Subject: bot.Subject{Repo: "acme/web", Number: 7, URL: "https://gh/pr/7"},
				Summary: report.Run{StoryKey: "KAN-1", RunID: "r1", Route: tc.route}}
			require.NoError(t, p.Publish(context.Background(), v))
			assert.Equal(t, tc.moved, j.moved)
			want := report.JiraComment(report.Jira{Run: v.Summary, PullURL: "https://gh/pr/7", PullName: "acme/web#7", TransitionNote: tc.note})
			assert.Equal(t, "KAN-1: "+want, j.comments["r1"])
		})
	}
}
