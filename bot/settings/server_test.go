package settings

import (
	"errors"
	"io/fs"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// serverEnv is a complete server configuration, as environment variables.
func serverEnv() map[string]string {
	return map[string]string{
		"ENGINEO_GITHUB_WEBHOOK_SECRET": "hook-secret",
		"ENGINEO_GITHUB_APP_ID":         "42",
		"ENGINEO_GITHUB_PRIVATE_KEY":    "-----BEGIN PRIVATE KEY-----",
	}
}

// fakeFiles holds one key file, /etc/autoverify/key.pem, and makes paths
// absolute under /srv.
func fakeFiles() Files {
	return Files{
		ReadFile: func(name string) ([]byte, error) {
			if name == "/etc/autoverify/key.pem" {
				return []byte("PEM FROM FILE"), nil
			}
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
		},
		Abs: func(name string) (string, error) {
			if name == "" || name[0] == '/' {
				return name, nil
			}
			return "/srv/" + name, nil
		},
	}
}

func resolveServer(env map[string]string) (Server, error) {
	return ResolveServer(Env(func(k string) string { return env[k] }, Run, Serve), fakeFiles())
}

func TestResolveServerDefaults(t *testing.T) {
	t.Parallel()
	s, err := resolveServer(serverEnv())
	require.NoError(t, err)
	assert.Equal(t, ":8080", s.ListenAddr)
	assert.Equal(t, "hook-secret", s.WebhookSecret)
	assert.Equal(t, int64(42), s.AppID)
	assert.Equal(t, []byte("-----BEGIN PRIVATE KEY-----"), s.PrivateKey)
	assert.Equal(t, 2, s.Workers)
	assert.Equal(t, "hook-secret", s.EvidenceKey, "links are signed with a key derived from the webhook secret")
	assert.Equal(t, 7*24*time.Hour, s.EvidenceLinkTTL)
	assert.False(t, s.Unsafe)
	assert.Empty(t, s.Config.Sandbox.Hide, "an inline key has no file to hide")

	env := serverEnv()
	for k, v := range map[string]string{"ENGINEO_LISTEN_ADDR": "127.0.0.1:9000", "ENGINEO_WORKERS": "8", "ENGINEO_EVIDENCE_KEY": "0123456789abcdef",
		"ENGINEO_EVIDENCE_LINK_TTL": "24h", "ENGINEO_PUBLIC_URL": "https://av.example.com", "ENGINEO_GITHUB_API_URL": "https://ghe.example.com/api/v3/"} {
		env[k] = v
	}
	s, err = resolveServer(env)
	require.NoError(t, err)
	assert.Equal(t, "127.0.0.1:9000", s.ListenAddr)
	assert.Equal(t, 8, s.Workers)
	assert.Equal(t, "0123456789abcdef", s.EvidenceKey)
	assert.Equal(t, 24*time.Hour, s.EvidenceLinkTTL)
	assert.Equal(t, "https://av.example.com", s.PublicURL)
	assert.Equal(t, "https://ghe.example.com/api/v3/", s.APIURL)
}

// TestResolveServerHidesTheKeyFile: a key read from a file is hidden from
// the sandbox by its absolute path, even where it sits under a directory
// commands see.
func TestResolveServerHidesTheKeyFile(t *testing.T) {
	t.Parallel()
	env := serverEnv()
	delete(env, "ENGINEO_GITHUB_PRIVATE_KEY")
	env["ENGINEO_GITHUB_PRIVATE_KEY_PATH"] = "/etc/autoverify/key.pem"
	s, err := resolveServer(env)
	require.NoError(t, err)
	assert.Equal(t, []byte("PEM FROM FILE"), s.PrivateKey)
	assert.Equal(t, []string{"/etc/autoverify/key.pem"}, s.Config.Sandbox.Hide)

	files := fakeFiles()
	files.ReadFile = func(string) ([]byte, error) { return []byte("PEM"), nil }
	env["ENGINEO_GITHUB_PRIVATE_KEY_PATH"] = "key.pem"
	s, err = ResolveServer(Env(func(k string) string { return env[k] }, Run, Serve), files)
	require.NoError(t, err)
	assert.Equal(t, []string{"/srv/key.pem"}, s.Config.Sandbox.Hide, "a relative path is hidden as an absolute one")

	files.Abs = func(string) (string, error) { return "", errors.New("no working directory") }
	s, err = ResolveServer(Env(func(k string) string { return env[k] }, Run, Serve), files)
	require.NoError(t, err, "a path that cannot be made absolute is not hidden, and not an error")
	assert.Empty(t, s.Config.Sandbox.Hide)
}

// TestResolveServerRequiresTheSandbox: the server asks for the local
// sandbox outright (no fallback to weaker isolation mid-run), unless the
// operator opted out by name or chose it off.
func TestResolveServerRequiresTheSandbox(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		env  map[string]string
		want string
	}{
		"by default":       {nil, "on"},
		"opted out":        {map[string]string{"ENGINEO_UNSAFE_NO_SANDBOX": "1"}, "auto"},
		"chosen off":       {map[string]string{"ENGINEO_SANDBOX": "off"}, "off"},
		"chosen on":        {map[string]string{"ENGINEO_SANDBOX": "on", "ENGINEO_UNSAFE_NO_SANDBOX": "1"}, "on"},
		"opt-out declined": {map[string]string{"ENGINEO_UNSAFE_NO_SANDBOX": "0"}, "on"},
		"another runner":   {map[string]string{"ENGINEO_RUNNER": "docker", "ENGINEO_DOCKER_IMAGE": "ci:1"}, "auto"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := serverEnv()
			for k, v := range tc.env {
				env[k] = v
			}
			s, err := resolveServer(env)
			require.NoError(t, err)
			assert.Equal(t, tc.want, s.Config.Sandbox.Mode)
			assert.Equal(t, tc.env["ENGINEO_UNSAFE_NO_SANDBOX"] == "1", s.Unsafe)
		})
	}
}

// TestResolveServerNamesTheBadInput: every refusal names the variable and
// the fix, word for word as `autoverify serve` prints it.
func TestResolveServerNamesTheBadInput(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		set   map[string]string
		unset []string
		want  string
	}{
		"no webhook secret": {unset: []string{"ENGINEO_GITHUB_WEBHOOK_SECRET"},
			want: "ENGINEO_GITHUB_WEBHOOK_SECRET is not set: set it to the webhook secret of your GitHub App (Settings → Webhook secret); autoverify refuses unsigned deliveries"},
		"no app ID": {unset: []string{"ENGINEO_GITHUB_APP_ID"}, want: `ENGINEO_GITHUB_APP_ID="": set it to your GitHub App's numeric App ID`},
		"app ID not a number": {set: map[string]string{"ENGINEO_GITHUB_APP_ID": "my-app"},
			want: `ENGINEO_GITHUB_APP_ID="my-app": set it to your GitHub App's numeric App ID`},
		"app ID zero": {set: map[string]string{"ENGINEO_GITHUB_APP_ID": "0"}, want: `ENGINEO_GITHUB_APP_ID="0": set it to your GitHub App's numeric App ID`},
		"no private key": {unset: []string{"ENGINEO_GITHUB_PRIVATE_KEY"},
			want: "no GitHub App private key: set ENGINEO_GITHUB_PRIVATE_KEY (PEM text) or ENGINEO_GITHUB_PRIVATE_KEY_PATH (a file)"},
		"unreadable key file": {set: map[string]string{"ENGINEO_GITHUB_PRIVATE_KEY_PATH": "/nope/key.pem"}, unset: []string{"ENGINEO_GITHUB_PRIVATE_KEY"},
			want: "ENGINEO_GITHUB_PRIVATE_KEY_PATH=/nope/key.pem: open /nope/key.pem: file does not exist"},
		"workers":       {set: map[string]string{"ENGINEO_WORKERS": "0"}, want: `ENGINEO_WORKERS="0": want a whole number of at least 1`},
		"workers words": {set: map[string]string{"ENGINEO_WORKERS": "many"}, want: `ENGINEO_WORKERS="many": want a whole number of at least 1`},
		"evidence key":  {set: map[string]string{"ENGINEO_EVIDENCE_KEY": "short"}, want: "ENGINEO_EVIDENCE_KEY: want at least 16 characters"},
		"link TTL": {set: map[string]string{"ENGINEO_EVIDENCE_LINK_TTL": "a week"},
			want: `ENGINEO_EVIDENCE_LINK_TTL="a week": want a positive Go duration such as 90s, 10m or 1h30m`},
		"unsafe opt-out": {set: map[string]string{"ENGINEO_UNSAFE_NO_SANDBOX": "please"}, want: `ENGINEO_UNSAFE_NO_SANDBOX="please": want 1 or 0`},
		"run settings":   {set: map[string]string{"ENGINEO_RUNNER": "vm"}, want: `ENGINEO_RUNNER="vm": want local, docker or kubernetes`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := serverEnv()
			for k, v := range tc.set {
				env[k] = v
			}
			for _, k := range tc.unset {
				delete(env, k)
			}
			_, err := resolveServer(env)
			var se *Error
			require.ErrorAs(t, err, &se)
			assert.Equal(t, tc.want, se.Msg)
		})
	}
}

// TestResolveServerReportsTheFirstMistake: with several mistakes the same
// one is always reported, in the order the checks run.
func TestResolveServerReportsTheFirstMistake(t *testing.T) {
	t.Parallel()
	mistakes := []struct{ name, value string }{
		{"ENGINEO_RUNNER", "vm"},
		{"ENGINEO_GITHUB_WEBHOOK_SECRET", ""},
		{"ENGINEO_GITHUB_APP_ID", "x"},
		{"ENGINEO_GITHUB_PRIVATE_KEY", ""},
		{"ENGINEO_WORKERS", "0"},
		{"ENGINEO_EVIDENCE_KEY", "short"},
		{"ENGINEO_EVIDENCE_LINK_TTL", "x"},
		{"ENGINEO_UNSAFE_NO_SANDBOX", "x"},
	}
	for i, first := range mistakes {
		env := serverEnv()
		for _, m := range mistakes[i:] {
			env[m.name] = m.value
		}
		_, err := resolveServer(env)
		require.Error(t, err, first.name)
		assert.Contains(t, err.Error(), first.name)
	}
}

// TestRefuseUnisolated: the refusal to serve on a runner that cannot
// isolate says why and names every way out.
func TestRefuseUnisolated(t *testing.T) {
	t.Parallel()
	err := RefuseUnisolated(errors.New("user namespaces are disabled: set kernel.unprivileged_userns_clone=1"))
	var se *Error
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "refusing to run pull request code: user namespaces are disabled: set kernel.unprivileged_userns_clone=1. "+
		"Fix that, use ENGINEO_RUNNER=docker or kubernetes, or set ENGINEO_UNSAFE_NO_SANDBOX=1 if everyone who can open a pull request may read this server's secrets", se.Msg)
}

// TestListenAddr: the server and `autoverify healthcheck` agree on where
// the server listens.
func TestListenAddr(t *testing.T) {
	t.Parallel()
	env := func(v string) Lookup { return Env(func(string) string { return v }, Serve) }
	assert.Equal(t, ":8080", ListenAddr(env("")))
	assert.Equal(t, "127.0.0.1:9000", ListenAddr(env("127.0.0.1:9000")))
}
