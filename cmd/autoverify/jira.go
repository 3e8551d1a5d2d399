package main

import (
	"github.com/engineo/autoverify/bot/delivery/jiraapp"
	"github.com/engineo/autoverify/bot/delivery/serve"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/integrations/jira"
)

// jiraSettings are the Jira settings, for the server and `run --report jira`.
var jiraSettings = settings.Jira

// jiraConfig is the resolved Jira configuration and the client made from
// it.
type jiraConfig struct {
	settings.JiraConfig
	client      *jira.Client
	transitions jiraapp.Transitions
	// calls is what the client reports its calls to: the metrics, once
	// the server has them.
	calls *serve.Observer
}

// loadJira builds the Jira client from settings; ok is false when
// ENGINEO_JIRA_URL is unset (Jira not in use).
func loadJira(lookup settings.Lookup) (jiraConfig, bool, error) {
	jc, ok, err := settings.ResolveJira(lookup)
	if err != nil || !ok {
		return jiraConfig{}, false, err
	}
	calls := &serve.Observer{}
	c, err := jira.New(jira.Config{BaseURL: jc.URL, Email: jc.Email, APIToken: jc.APIToken, PAT: jc.PAT,
		Observer: func(method, path string, status int) { calls.Observe(method, path, status, -1) }})
	if err != nil {
		return jiraConfig{}, false, inputErrorf("%v", err)
	}
	return jiraConfig{JiraConfig: jc, client: c, calls: calls,
		transitions: jiraapp.Transitions{Review: jc.Review, Attention: jc.Attention, Verified: jc.Verified, Rejected: jc.Rejected}}, true, nil
}
