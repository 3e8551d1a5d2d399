package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/engineo/autoverify/bot/delivery/jiraapp"
	"github.com/engineo/autoverify/integrations/jira"
)

// jiraSettings are the Jira settings, for the server and `run --report jira`.
var jiraSettings = []setting{
	{"jira-url", "ENGINEO_JIRA_URL", "Jira base URL (https://your-site.atlassian.net)"},
	{"jira-email", "ENGINEO_JIRA_EMAIL", "Jira Cloud account email (with ENGINEO_JIRA_API_TOKEN)"},
	{"jira-api-token", "ENGINEO_JIRA_API_TOKEN", "Jira Cloud API token"},
	{"jira-pat", "ENGINEO_JIRA_PAT", "Jira Server/Data Center personal access token"},
	{"jira-transition-review", "ENGINEO_JIRA_TRANSITION_REVIEW", "transition for human_review (default HUMAN TO REVIEW AND CLOSE)"},
	{"jira-transition-attention", "ENGINEO_JIRA_TRANSITION_ATTENTION", "transition for human_attention (default HUMAN ATTENTION NEEDED)"},
	{"jira-transition-verified", "ENGINEO_JIRA_TRANSITION_VERIFIED", "transition for verified (default none: comment only)"},
	{"jira-trigger-status", "ENGINEO_JIRA_TRIGGER_STATUS", "status that starts a run (default READY FOR VERIFY)"},
	{"jira-projects", "ENGINEO_JIRA_PROJECTS", "project to repository map, e.g. KAN=acme/web,OPS=acme/infra"},
	{"jira-webhook-secret", "ENGINEO_JIRA_WEBHOOK_SECRET", "secret for Jira webhooks (HMAC signature or ?secret= in the URL)"},
}

// jiraConfig is the resolved Jira configuration.
type jiraConfig struct {
	client        *jira.Client
	transitions   jiraapp.Transitions
	triggerStatus string
	projects      map[string]string
	secret        string
	// hook is filled in once metrics exist; the client calls through it.
	hook *func(method, path string, status int)
}

// loadJira builds the Jira client from settings; ok is false when
// ENGINEO_JIRA_URL is unset (Jira not in use).
func loadJira(get func(string) string) (jiraConfig, bool, error) {
	if get("jira-url") == "" {
		return jiraConfig{}, false, nil
	}
	hook := new(func(method, path string, status int))
	c, err := jira.New(jira.Config{BaseURL: get("jira-url"), Email: get("jira-email"), APIToken: get("jira-api-token"), PAT: get("jira-pat"),
		Observer: func(method, path string, status int) {
			if *hook != nil {
				(*hook)(method, path, status)
			}
		}})
	if err != nil {
		return jiraConfig{}, false, inputErrorf("%v", err)
	}
	jc := jiraConfig{
		client: c,
		hook:   hook,
		transitions: jiraapp.Transitions{
			Review:    orDefault(get("jira-transition-review"), "HUMAN TO REVIEW AND CLOSE"),
			Attention: orDefault(get("jira-transition-attention"), "HUMAN ATTENTION NEEDED"),
			Verified:  get("jira-transition-verified"),
		},
		triggerStatus: orDefault(get("jira-trigger-status"), "READY FOR VERIFY"),
		projects:      map[string]string{},
		secret:        get("jira-webhook-secret"),
	}
	for _, pair := range splitList(get("jira-projects")) {
		k, v, ok := strings.Cut(pair, "=")
		owner, repo, ok2 := strings.Cut(strings.TrimSpace(v), "/")
		if !ok || !ok2 || strings.TrimSpace(k) == "" || owner == "" || repo == "" {
			return jiraConfig{}, false, inputErrorf("ENGINEO_JIRA_PROJECTS: %q is not PROJECT=owner/repo (e.g. KAN=acme/web)", pair)
		}
		jc.projects[strings.ToUpper(strings.TrimSpace(k))] = owner + "/" + repo
	}
	return jc, true, nil
}

// observe routes the Jira client's API calls to a metrics hook.
func (j *jiraConfig) observe(f func(method, path string, status, remaining int)) {
	*j.hook = func(method, path string, status int) { f(method, path, status, -1) }
}

// jiraAdapter adapts the Jira client to jiraapp.Jira.
type jiraAdapter struct{ *jira.Client }

func (a jiraAdapter) Transitions(ctx context.Context, key string) ([]jiraapp.Transition, error) {
	ts, err := a.Client.Transitions(ctx, key)
	if err != nil {
		return nil, err
	}
	out := make([]jiraapp.Transition, len(ts))
	for i, t := range ts {
		out[i] = jiraapp.Transition{ID: t.ID, Name: t.Name, ToStatus: t.ToStatus}
	}
	return out, nil
}

// parseJiraEvent adapts jira.ParseWebhook to jiraapp.Event.
func parseJiraEvent(payload []byte) (jiraapp.Event, error) {
	ev, err := jira.ParseWebhook(payload)
	if err != nil {
		return jiraapp.Event{}, fmt.Errorf("parsing Jira webhook: %w", err)
	}
	by := ev.CommentAuthor
	if by == "" {
		by = ev.CommentAuthorName
	}
	return jiraapp.Event{Kind: ev.Kind, IssueKey: ev.IssueKey, ProjectKey: ev.ProjectKey, StatusTo: ev.StatusTo,
		CommentBody: ev.CommentBody, CommentBy: by}, nil
}
