package main

import (
	"strings"

	"github.com/engineo/autoverify/bot/delivery/jiraapp"
	"github.com/engineo/autoverify/bot/delivery/serve"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/integrations/jira"
)

// jiraSettings are the Jira settings, for the server and `run --report jira`.
var jiraSettings = []settings.Setting{
	{Flag: "jira-url", Env: "ENGINEO_JIRA_URL", Usage: "Jira base URL (https://your-site.atlassian.net)"},
	{Flag: "jira-email", Env: "ENGINEO_JIRA_EMAIL", Usage: "Jira Cloud account email (with ENGINEO_JIRA_API_TOKEN)"},
	{Flag: "jira-api-token", Env: "ENGINEO_JIRA_API_TOKEN", Usage: "Jira Cloud API token"},
	{Flag: "jira-pat", Env: "ENGINEO_JIRA_PAT", Usage: "Jira Server/Data Center personal access token"},
	{Flag: "jira-transition-review", Env: "ENGINEO_JIRA_TRANSITION_REVIEW", Usage: "transition for human_review (default HUMAN TO REVIEW AND CLOSE)"},
	{Flag: "jira-transition-attention", Env: "ENGINEO_JIRA_TRANSITION_ATTENTION", Usage: "transition for human_attention (default HUMAN ATTENTION NEEDED)"},
	{Flag: "jira-transition-rejected", Env: "ENGINEO_JIRA_TRANSITION_REJECTED", Usage: "transition for a rejected READY_FOR_REVIEW / AUDIT_PASSED signal (default IN PROGRESS: back to implementing)"},
	{Flag: "jira-transition-verified", Env: "ENGINEO_JIRA_TRANSITION_VERIFIED", Usage: "transition for verified (default none: comment only)"},
	{Flag: "jira-trigger-status", Env: "ENGINEO_JIRA_TRIGGER_STATUS", Usage: "status that starts a run (default READY FOR VERIFY)"},
	{Flag: "jira-projects", Env: "ENGINEO_JIRA_PROJECTS", Usage: "project to repository map, e.g. KAN=acme/web,OPS=acme/infra"},
	{Flag: "jira-webhook-secret", Env: "ENGINEO_JIRA_WEBHOOK_SECRET", Usage: "secret for Jira webhooks (HMAC signature or ?secret= in the URL)"},
}

// jiraConfig is the resolved Jira configuration.
type jiraConfig struct {
	client        *jira.Client
	transitions   jiraapp.Transitions
	triggerStatus string
	projects      map[string]string
	secret        string
	// url is the Jira site, for links to issues.
	url string
	// calls is what the client reports its calls to: the metrics, once
	// the server has them.
	calls *serve.Observer
}

// loadJira builds the Jira client from settings; ok is false when
// ENGINEO_JIRA_URL is unset (Jira not in use).
func loadJira(lookup settings.Lookup) (jiraConfig, bool, error) {
	get := func(flag string) string { return get(lookup, flag) }
	if get("jira-url") == "" {
		return jiraConfig{}, false, nil
	}
	calls := &serve.Observer{}
	c, err := jira.New(jira.Config{BaseURL: get("jira-url"), Email: get("jira-email"), APIToken: get("jira-api-token"), PAT: get("jira-pat"),
		Observer: func(method, path string, status int) { calls.Observe(method, path, status, -1) }})
	if err != nil {
		return jiraConfig{}, false, inputErrorf("%v", err)
	}
	jc := jiraConfig{
		client: c,
		calls:  calls,
		url:    strings.TrimSuffix(get("jira-url"), "/"),
		transitions: jiraapp.Transitions{
			Review:    orDefault(get("jira-transition-review"), "HUMAN TO REVIEW AND CLOSE"),
			Attention: orDefault(get("jira-transition-attention"), "HUMAN ATTENTION NEEDED"),
			Verified:  get("jira-transition-verified"),
			Rejected:  orDefault(get("jira-transition-rejected"), "IN PROGRESS"),
		},
		triggerStatus: orDefault(get("jira-trigger-status"), "READY FOR VERIFY"),
		projects:      map[string]string{},
		secret:        get("jira-webhook-secret"),
	}
	for _, pair := range settings.SplitList(get("jira-projects")) {
		k, v, ok := strings.Cut(pair, "=")
		owner, repo, ok2 := strings.Cut(strings.TrimSpace(v), "/")
		if !ok || !ok2 || strings.TrimSpace(k) == "" || owner == "" || repo == "" {
			return jiraConfig{}, false, inputErrorf("ENGINEO_JIRA_PROJECTS: %q is not PROJECT=owner/repo (e.g. KAN=acme/web)", pair)
		}
		jc.projects[strings.ToUpper(strings.TrimSpace(k))] = owner + "/" + repo
	}
	return jc, true, nil
}
