package github_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/integrations/github"
	"github.com/engineo/autoverify/integrations/github/githubtest"
)

// approve plays the browser on the fake's approval page: it signs in as
// login and returns the code GitHub sends back with the state.
func approve(t *testing.T, authorizeURL, login string) (code, state string) {
	t.Helper()
	u, err := url.Parse(authorizeURL)
	require.NoError(t, err)
	q := u.Query()
	resp, err := http.Get(authorizeURL)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err = noRedirect.PostForm(u.Scheme+"://"+u.Host+"/login/oauth/authorize", url.Values{"client_id": {q.Get("client_id")},
		"redirect_uri": {q.Get("redirect_uri")}, "state": {q.Get("state")}, "login": {login}})
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusFound, resp.StatusCode)
	back, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(back.String(), q.Get("redirect_uri")))
	return back.Query().Get("code"), back.Query().Get("state")
}

func TestOAuthSignInAndAccess(t *testing.T) {
	t.Parallel()
	fake := githubtest.NewServer(t)
	fake.SetOAuthApp("Iv1.dash", "client-secret")
	fake.AddRepo("acme", "web", "main")
	fake.AddRepo("acme", "secret", "main")
	fake.SetPermission("acme", "web", "alice", "read")
	fake.SetPermission("acme", "secret", "alice", "none")
	web := strings.TrimSuffix(fake.URL, "/")
	o, err := github.NewOAuth(github.OAuthConfig{ClientID: "Iv1.dash", ClientSecret: "client-secret", WebURL: web, APIURL: fake.URL})
	require.NoError(t, err)
	ctx := context.Background()
	const cb = "http://127.0.0.1:9/auth/github/callback"

	authURL := o.AuthorizeURL("state-1", cb)
	assert.Contains(t, authURL, "client_id=Iv1.dash")
	code, state := approve(t, authURL, "alice")
	assert.Equal(t, "state-1", state)
	tok, err := o.Exchange(ctx, code, cb)
	require.NoError(t, err)
	_, err = o.Exchange(ctx, code, cb)
	assert.ErrorContains(t, err, "bad_verification_code", "a code is single-use")

	code, _ = approve(t, o.AuthorizeURL("s", cb), "alice")
	_, err = o.Exchange(ctx, code, "http://evil.example/cb")
	assert.ErrorContains(t, err, "redirect_uri_mismatch")

	bad, err := github.NewOAuth(github.OAuthConfig{ClientID: "Iv1.dash", ClientSecret: "wrong", WebURL: web, APIURL: fake.URL})
	require.NoError(t, err)
	code, _ = approve(t, o.AuthorizeURL("s", cb), "alice")
	_, err = bad.Exchange(ctx, code, cb)
	assert.ErrorContains(t, err, "incorrect_client_credentials")

	login, err := o.User(ctx, tok)
	require.NoError(t, err)
	assert.Equal(t, "alice", login)
	for repo, want := range map[string]bool{"acme/web": true, "acme/secret": false, "acme/none": false, "not-a-repo": false} {
		ok, err := o.CanRead(ctx, tok, repo)
		require.NoError(t, err, repo)
		assert.Equal(t, want, ok, repo)
	}
	_, err = o.User(ctx, "ghu_forged")
	assert.Error(t, err)
}
