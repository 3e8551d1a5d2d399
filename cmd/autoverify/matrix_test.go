package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunEnvironmentMatrix runs a story over a local and a Docker
// environment through `autoverify run`: ALL vs named, a required exit code
// other than 0, disagreement, coverage of an unknown environment, and an
// unavailable environment (INFRA_BLOCKED).
func TestRunEnvironmentMatrix(t *testing.T) {
	long(t)
	needDockerImage(t)
	h := newHarness(t)
	h.env["ENGINEO_AUTOVERIFY_ALLOWLIST"] = "true,false,ls /workspace"
	h.write(".autoverify.yml", "environments:\n  native:\n    runner: local\n  box:\n    image: "+dockerTestImage+"\n")
	story := "<!-- AUTO:CMD=true -->\n- [ ] passes everywhere\n" +
		"<!-- AUTO:ENV=box EXIT=1 CMD=false -->\n- [ ] a RED check wants exit 1 in box\n" +
		"<!-- AUTO:CMD=ls /workspace -->\n- [ ] differs between environments\n" +
		"<!-- AUTO:ENV=nowhere CMD=true -->\n- [ ] names an unknown environment\n"
	path := h.write("KAN-50.md", story)
	assert.Equal(t, exitFailed, h.run("run", path, "--workdir", h.dir), h.stdout.String()+h.stderr.String())
	out := h.stdout.String()
	assert.Contains(t, out, "environment_disagreement: passed in box; failed in native")
	assert.Contains(t, out, "line 4 in box: exit 1 (required 1) PASS")
	// The spec's row pattern reads every pair that ran from the terminal.
	rows := map[string]string{}
	for _, m := range specRowRe.FindAllStringSubmatch(out, -1) {
		rows[m[2]] += m[3] + m[4] + " "
	}
	assert.Equal(t, map[string]string{"box": "0PASS 1PASS 0PASS ", "native": "0PASS 2FAIL "}, rows, out)
	assert.Contains(t, out, "INFRA_BLOCKED: KAN-50\n\nIssue: Environment 'nowhere' unavailable")

	raw, err := os.ReadFile(filepath.Join(h.dir, "reports", "KAN-50-auto-verify-summary.json"))
	require.NoError(t, err)
	var sum struct {
		Results []struct {
			ItemID      string  `json:"item_id"`
			Command     string  `json:"command"`
			ExitCode    int     `json:"exit_code"`
			Passed      bool    `json:"passed"`
			FailureType *string `json:"failure_type"`
			Environment string  `json:"environment"`
			Required    *int    `json:"required_exit_code"`
		} `json:"results"`
		TotalCommands int `json:"total_commands"`
		Disagreements []struct {
			Check               string   `json:"check"`
			PassedEnvironments  []string `json:"passed_environments"`
			FailedEnvironments  []string `json:"failed_environments"`
			InvestigationNeeded bool     `json:"investigation_needed"`
		} `json:"environment_disagreements"`
		InfraBlocked []struct {
			Environment string   `json:"environment"`
			Issue       string   `json:"issue"`
			Checks      []string `json:"checks"`
		} `json:"infra_blocked"`
	}
	require.NoError(t, json.Unmarshal(raw, &sum))
	require.Len(t, sum.Disagreements, 1, "the disagreement is a field, not only text")
	assert.Equal(t, "ls /workspace", sum.Disagreements[0].Check)
	assert.Equal(t, []string{"box"}, sum.Disagreements[0].PassedEnvironments)
	assert.Equal(t, []string{"native"}, sum.Disagreements[0].FailedEnvironments)
	assert.True(t, sum.Disagreements[0].InvestigationNeeded)
	require.Len(t, sum.InfraBlocked, 1)
	assert.Equal(t, "nowhere", sum.InfraBlocked[0].Environment)
	assert.Equal(t, "Environment 'nowhere' unavailable", sum.InfraBlocked[0].Issue)
	assert.Equal(t, []string{"true"}, sum.InfraBlocked[0].Checks)
	assert.Equal(t, 2+1+2+1, sum.TotalCommands, "every (check, environment) pair has a result")
	seen := map[string]bool{}
	for _, r := range sum.Results {
		require.NotEmpty(t, r.Environment)
		require.NotNil(t, r.Required)
		seen[r.Command+"@"+r.Environment] = r.Passed
	}
	assert.Equal(t, map[string]bool{
		"true@box": true, "true@native": true, "false@box": true,
		"ls /workspace@box": true, "ls /workspace@native": false, "true@nowhere": false,
	}, seen)

	// An environment whose image is missing blocks the checks that need it.
	h.write(".autoverify.yml", "environments:\n  native:\n    runner: local\n  ghost:\n    image: autoverify-no-such-image:latest\n")
	path = h.write("KAN-51.md", "<!-- AUTO:CMD=true -->\n- [ ] needs every environment\n")
	assert.Equal(t, exitFailed, h.run("run", path, "--workdir", h.dir))
	assert.Contains(t, h.stdout.String(), "INFRA_BLOCKED: environment ghost unavailable")
	assert.Contains(t, h.stdout.String(), "human_attention")
}

// TestServeEnvironmentMatrix: the server reads environments: from the base
// branch and reports the matrix table on the check run.
func TestServeEnvironmentMatrix(t *testing.T) {
	needDockerImage(t)
	redisURL := testRedisURL(t)
	fake := setupGitHub(t, "- [ ] Passes `true`\n")
	fake.SetFiles("acme", "web", "main", map[string]string{".autoverify.yml": "allowlist: [true]\n" +
		"environments:\n  native:\n    runner: local\n  box:\n    image: " + dockerTestImage + "\n"})
	srv := startServer(t, serverEnv(t, fake, redisURL))
	cid := fake.AddComment("acme", "web", 7, "alice", "/verify")
	code, _ := srv.deliver(t, "issue_comment", "m-1", commentEvent(cid, "alice", "/verify"), testSecret)
	require.Equal(t, 202, code)
	waitFor(t, "the matrix run", func() bool { return len(completedRuns(fake)) == 1 && len(stickyComments(fake)) == 1 })
	cr := completedRuns(fake)[0]
	assert.Equal(t, "success", cr.GetConclusion())
	summary := cr.GetOutput().GetSummary()
	assert.Contains(t, summary, "| Check | Environment | Exit Code | Result |")
	assert.Contains(t, summary, "Environments Tested: box, native")
	assert.Contains(t, summary, "All Required Environments: VERIFIED")
}
