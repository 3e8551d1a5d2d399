package assemble

import (
	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/delivery/jiraapp"
	"github.com/engineo/autoverify/bot/delivery/serve"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/integrations/jira"
)

// loadJira builds the Jira side of the server, and of `run --report
// jira`, from settings: the client, which reports its calls to Calls (the
// metrics, once the server has them), and what the handler and the
// publisher need; nil when ENGINEO_JIRA_URL is unset (Jira not in use).
func loadJira(lookup settings.Lookup) (*serve.Jira, error) {
	jc, ok, err := settings.ResolveJira(lookup)
	if err != nil || !ok {
		return nil, err
	}
	calls := &serve.Observer{}
	c, err := jira.New(jira.Config{BaseURL: jc.URL, Email: jc.Email, APIToken: jc.APIToken, PAT: jc.PAT,
		Observer: func(method, path string, status int) { calls.Observe(method, path, status, -1) }})
	if err != nil {
		return nil, cli.InputErrorf("%v", err)
	}
	return &serve.Jira{Client: c, Calls: calls, URL: jc.Site, Projects: jc.Projects, TriggerStatus: jc.TriggerStatus,
		Transitions:   jiraapp.Transitions{Review: jc.Review, Attention: jc.Attention, Verified: jc.Verified, Rejected: jc.Rejected},
		WebhookSecret: jc.WebhookSecret}, nil
}
