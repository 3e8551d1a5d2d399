package git

import (
	"context"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPublicURLLeavesNoCredentials(t *testing.T) {
	t.Parallel()
	for remote, want := range map[string]string{
		"https://github.com/acme/web.git":                           "https://github.com/acme/web",
		"https://x-access-token:ghs_SECRET@github.com/acme/web.git": "https://github.com/acme/web",
		"https://alice:pa55@git.example.com/acme/web?token=SECRET":  "https://git.example.com/acme/web",
		"git@github.com:acme/web.git":                               "ssh://github.com/acme/web",
		"ssh://git@github.example.com:2222/acme/web.git":            "ssh://github.example.com:2222/acme/web",
		"github.com:acme/web":                                       "ssh://github.com/acme/web",
		"/srv/git/web.git":                                          "",
		"file:///srv/git/web.git":                                   "",
		"../web":                                                    "",
		"":                                                          "",
	} {
		got := PublicURL(remote)
		assert.Equal(t, want, got, remote)
		assert.NotContains(t, got, "SECRET", remote)
		assert.NotContains(t, got, "pa55", remote)
	}
}

func TestOriginURL(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, args := range [][]string{{"init", "-q"}, {"remote", "add", "origin", "https://bot:ghp_SECRET@github.com/acme/web.git"}} {
		out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
		require.NoError(t, err, "%s", out)
	}
	assert.Equal(t, "https://github.com/acme/web", Repo{Dir: dir}.OriginURL(context.Background()))
	assert.Empty(t, Repo{Dir: t.TempDir()}.OriginURL(context.Background()), "no repository, no origin")
}
