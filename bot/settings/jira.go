package settings

import "strings"

// Jira are the Jira settings, for the server and `run --report jira`.
var Jira = []Setting{
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

// JiraConfig is the resolved Jira configuration. The site's URL and the
// credentials are checked by the client that uses them
// (integrations/jira.New), the rest here.
type JiraConfig struct {
	// URL is ENGINEO_JIRA_URL as given; Site is it without a trailing
	// slash, for links to issues.
	URL, Site            string
	Email, APIToken, PAT string
	// Review, Attention, Verified and Rejected are the transitions taken
	// by route ("": comment only).
	Review, Attention, Verified, Rejected string
	// TriggerStatus is the status that starts a run.
	TriggerStatus string
	// Projects maps Jira project keys (upper case) to "owner/repo".
	Projects map[string]string
	// WebhookSecret checks Jira's deliveries ("": unsigned are accepted).
	WebhookSecret string
}

// ResolveJira reads the Jira settings; ok is false when ENGINEO_JIRA_URL
// is unset (Jira not in use).
func ResolveJira(lookup Lookup) (c JiraConfig, ok bool, err error) {
	get := func(flag string) string { return get(lookup, flag) }
	if get("jira-url") == "" {
		return JiraConfig{}, false, nil
	}
	c = JiraConfig{
		URL: get("jira-url"), Site: strings.TrimSuffix(get("jira-url"), "/"),
		Email: get("jira-email"), APIToken: get("jira-api-token"), PAT: get("jira-pat"),
		Review:        orDefault(get("jira-transition-review"), "HUMAN TO REVIEW AND CLOSE"),
		Attention:     orDefault(get("jira-transition-attention"), "HUMAN ATTENTION NEEDED"),
		Verified:      get("jira-transition-verified"),
		Rejected:      orDefault(get("jira-transition-rejected"), "IN PROGRESS"),
		TriggerStatus: orDefault(get("jira-trigger-status"), "READY FOR VERIFY"),
		Projects:      map[string]string{},
		WebhookSecret: get("jira-webhook-secret"),
	}
	for _, pair := range SplitList(get("jira-projects")) {
		k, v, ok := strings.Cut(pair, "=")
		owner, repo, ok2 := strings.Cut(strings.TrimSpace(v), "/")
		if !ok || !ok2 || strings.TrimSpace(k) == "" || owner == "" || repo == "" {
			return JiraConfig{}, false, errorf("ENGINEO_JIRA_PROJECTS: %q is not PROJECT=owner/repo (e.g. KAN=acme/web)", pair)
		}
		c.Projects[strings.ToUpper(strings.TrimSpace(k))] = owner + "/" + repo
	}
	return c, true, nil
}

func orDefault(v, d string) string {
	if v == "" {
		return d
	}
	return v
}
