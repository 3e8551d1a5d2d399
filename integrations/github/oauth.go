package github

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	gh "github.com/google/go-github/v60/github"
	"golang.org/x/oauth2"
)

// OAuth signs dashboard users in with the GitHub App's OAuth client (the
// web application flow) and asks GitHub, with the user's own token, which
// repositories they can read.
//
// GitHub API docs:
// https://docs.github.com/en/apps/creating-github-apps/authenticating-with-a-github-app/generating-a-user-access-token-for-a-github-app
type OAuth struct {
	cfg  oauth2.Config
	api  *url.URL
	http *http.Client
}

// OAuthConfig configures NewOAuth.
type OAuthConfig struct {
	ClientID, ClientSecret string
	// WebURL is GitHub's web address (default https://github.com).
	WebURL string
	// APIURL is the REST API root (default DefaultBaseURL).
	APIURL string
	// HTTP is the client used (default: one with a 15 s timeout).
	HTTP *http.Client
}

// NewOAuth checks the configuration and returns the adapter.
func NewOAuth(c OAuthConfig) (*OAuth, error) {
	if c.ClientID == "" || c.ClientSecret == "" {
		return nil, errors.New("github oauth: a client ID and a client secret are needed")
	}
	web := strings.TrimSuffix(c.WebURL, "/")
	if web == "" {
		web = "https://github.com"
	}
	apiURL := c.APIURL
	if apiURL == "" {
		apiURL = DefaultBaseURL
	}
	if !strings.HasSuffix(apiURL, "/") {
		apiURL += "/"
	}
	api, err := url.Parse(apiURL)
	if err != nil || !api.IsAbs() {
		return nil, fmt.Errorf("github oauth: API URL %q is not an absolute URL", c.APIURL)
	}
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 15 * time.Second}
	}
	return &OAuth{api: api, http: hc, cfg: oauth2.Config{ClientID: c.ClientID, ClientSecret: c.ClientSecret,
		Endpoint: oauth2.Endpoint{AuthURL: web + "/login/oauth/authorize", TokenURL: web + "/login/oauth/access_token", AuthStyle: oauth2.AuthStyleInParams}}}, nil
}

// AuthorizeURL is where the browser approves the sign-in.
func (o *OAuth) AuthorizeURL(state, redirectURI string) string {
	c := o.cfg
	c.RedirectURL = redirectURI
	return c.AuthCodeURL(state)
}

// Exchange trades the code for the user's token. GitHub answers mistakes
// (a used code, a wrong secret) with 200 and an "error" field; oauth2
// turns those into errors.
func (o *OAuth) Exchange(ctx context.Context, code, redirectURI string) (string, error) {
	c := o.cfg
	c.RedirectURL = redirectURI
	tok, err := c.Exchange(context.WithValue(ctx, oauth2.HTTPClient, o.http), code)
	if err != nil {
		return "", fmt.Errorf("github oauth: exchanging the code: %w", err)
	}
	return tok.AccessToken, nil
}

func (o *OAuth) client(token string) *gh.Client {
	c := gh.NewClient(o.http).WithAuthToken(token)
	c.BaseURL = o.api
	return c
}

// User is the login of the token's user.
//
// GitHub API docs: https://docs.github.com/rest/users/users#get-the-authenticated-user
func (o *OAuth) User(ctx context.Context, token string) (string, error) {
	u, _, err := o.client(token).Users.Get(ctx, "")
	if err != nil {
		return "", fmt.Errorf("github oauth: reading the signed-in user: %w", err)
	}
	if u.GetLogin() == "" {
		return "", errors.New("github oauth: GitHub returned a user without a login")
	}
	return u.GetLogin(), nil
}

// CanRead reports whether the token's user can read repo ("owner/name"):
// GitHub answers 404 (or 403) for a repository a user cannot see.
//
// GitHub API docs: https://docs.github.com/rest/repos/repos#get-a-repository
func (o *OAuth) CanRead(ctx context.Context, token, repo string) (bool, error) {
	owner, name, ok := strings.Cut(repo, "/")
	if !ok {
		return false, nil
	}
	_, resp, err := o.client(token).Repositories.Get(ctx, owner, name)
	if resp != nil && (resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusForbidden) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("github oauth: checking access to %s: %w", repo, err)
	}
	return true, nil
}
