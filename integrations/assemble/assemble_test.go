package assemble

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/settings"
)

func lookupOf(vals map[string]string) settings.Lookup {
	return func(flag string) (string, string) { return vals[flag], "--" + flag }
}

func TestAttesterNeedsAReadableKey(t *testing.T) {
	t.Parallel()
	e := Env{Version: "test"}
	signer, err := e.Attester(lookupOf(nil), "")
	require.NoError(t, err)
	assert.Nil(t, signer, "no key, no signer: runs are unsigned")

	missing := filepath.Join(t.TempDir(), "nope.pem")
	_, err = e.Attester(lookupOf(map[string]string{"signing-key": missing}), "")
	assert.True(t, cli.IsInputError(err), "%v", err)
	assert.ErrorContains(t, err, "--signing-key="+missing+": ")
	assert.ErrorContains(t, err, "autoverify keys generate makes one")
}

func TestReportTargets(t *testing.T) {
	t.Parallel()
	e := Env{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}}
	pubs, secrets, err := e.Report(lookupOf(nil), "")
	require.NoError(t, err)
	assert.Empty(t, pubs)
	assert.Empty(t, secrets)

	for to, want := range map[string]string{
		"jira":  "--report jira needs ENGINEO_JIRA_URL and credentials",
		"slack": `--report "slack": the only report target is jira`,
	} {
		_, _, err := e.Report(lookupOf(nil), to)
		assert.True(t, cli.IsInputError(err), "%s: %v", to, err)
		assert.ErrorContains(t, err, want)
	}
}
