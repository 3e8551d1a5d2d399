package settings

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func resolveJira(env map[string]string) (JiraConfig, bool, error) {
	return ResolveJira(Env(func(k string) string { return env[k] }, Jira))
}

func TestResolveJira(t *testing.T) {
	t.Parallel()
	_, ok, err := resolveJira(map[string]string{"ENGINEO_JIRA_EMAIL": "a@b.c"})
	require.NoError(t, err)
	assert.False(t, ok, "without ENGINEO_JIRA_URL Jira is not in use")

	c, ok, err := resolveJira(map[string]string{"ENGINEO_JIRA_URL": "https://acme.atlassian.net/", "ENGINEO_JIRA_PAT": "pat",
		"ENGINEO_JIRA_PROJECTS": "kan = acme/web, OPS=acme/infra", "ENGINEO_JIRA_WEBHOOK_SECRET": "hook"})
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "https://acme.atlassian.net/", c.URL, "the client checks the URL as given")
	assert.Equal(t, "https://acme.atlassian.net", c.Site)
	assert.Equal(t, "pat", c.PAT)
	assert.Equal(t, map[string]string{"KAN": "acme/web", "OPS": "acme/infra"}, c.Projects)
	assert.Equal(t, "hook", c.WebhookSecret)
	assert.Equal(t, JiraConfig{Review: "HUMAN TO REVIEW AND CLOSE", Attention: "HUMAN ATTENTION NEEDED", Rejected: "IN PROGRESS", TriggerStatus: "READY FOR VERIFY"},
		JiraConfig{Review: c.Review, Attention: c.Attention, Verified: c.Verified, Rejected: c.Rejected, TriggerStatus: c.TriggerStatus}, "the defaults")

	for _, bad := range []string{"KAN", "KAN=web", "=acme/web", "KAN=/web", "KAN=acme/"} {
		_, _, err := resolveJira(map[string]string{"ENGINEO_JIRA_URL": "https://acme.atlassian.net", "ENGINEO_JIRA_PROJECTS": bad})
		var se *Error
		require.ErrorAs(t, err, &se, bad)
		assert.Contains(t, err.Error(), "is not PROJECT=owner/repo (e.g. KAN=acme/web)", bad)
	}
}
