package github

import (
	"bytes"
	"context"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/bradleyfalzon/ghinstallation/v2"
	gh "github.com/google/go-github/v60/github"

	"github.com/engineo/autoverify/integrations/httpretry"
)

// DefaultBaseURL is the REST API root of github.com.
const DefaultBaseURL = "https://api.github.com/"

// userAgent names us in GitHub's logs, which helps GitHub support help us.
const userAgent = "autoverify"

// AppConfig says which GitHub App we are and how to reach GitHub.
type AppConfig struct {
	// AppID is the App's numeric ID (App settings → "App ID").
	AppID int64
	// PrivateKeyPEM is the App's private key as downloaded from GitHub
	// (PKCS#1 "RSA PRIVATE KEY" or PKCS#8 "PRIVATE KEY").
	PrivateKeyPEM []byte
	// BaseURL is the REST API root; default DefaultBaseURL. GitHub
	// Enterprise Server uses "https://HOST/api/v3/"; tests use the fake's
	// URL. Installation tokens are requested from the same root.
	BaseURL string
	// Transport carries every request; default a clone of
	// http.DefaultTransport. Tests may inject one.
	Transport http.RoundTripper
	// MaxRetryWait is the longest we sleep before one retry; a rate limit
	// that asks for longer is returned as an error rather than waited out
	// (a worker should not sit idle for an hour). Default 60s.
	MaxRetryWait time.Duration
	// MaxAttempts bounds tries per request, the first included. Default 5.
	MaxAttempts int
	// Logger receives retry and rate-limit warnings; default slog.Default().
	Logger *slog.Logger
	// Observer, when set, is called after every HTTP attempt (retries
	// included) with the method, the URL path, the status (0 on a transport
	// error) and X-RateLimit-Remaining (-1 when absent), so metrics can count
	// calls and watch the rate limit. It must be fast and safe for
	// concurrent use. The path is raw (it contains owner, repo and numbers).
	Observer func(method, path string, status int, remaining int)
	// Extract bounds what a workspace checkout may write; zero fields take
	// the ExtractLimits defaults.
	Extract ExtractLimits
	// WorkspaceRoot is where Client.Workspace creates workspaces; empty
	// means the system's temporary directory.
	WorkspaceRoot string
}

// App is an authenticated GitHub App. It hands out one Client per
// installation and keeps it, so tokens are fetched once an hour per
// installation rather than once per job.
type App struct {
	cfg      AppConfig
	key      *rsa.PrivateKey
	baseURL  *url.URL
	retry    *httpretry.Transport
	download *http.Client
	clients  sync.Map // installation ID → *Client
}

// NewApp validates cfg (the private key above all: a bad key should stop
// the process at start, not fail the first /verify) and returns the App.
func NewApp(cfg AppConfig) (*App, error) {
	if cfg.AppID <= 0 {
		return nil, fmt.Errorf("github: the App ID must be a positive number, got %d", cfg.AppID)
	}
	key, err := parsePrivateKey(cfg.PrivateKeyPEM)
	if err != nil {
		return nil, err
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	base, err := url.Parse(cfg.BaseURL)
	if err != nil || base.Scheme == "" || base.Host == "" {
		return nil, fmt.Errorf("github: base URL %q is not an absolute URL", cfg.BaseURL)
	}
	if !strings.HasSuffix(base.Path, "/") {
		base.Path += "/"
	}
	if cfg.Transport == nil {
		cfg.Transport = http.DefaultTransport.(*http.Transport).Clone()
	}
	if cfg.MaxRetryWait <= 0 {
		cfg.MaxRetryWait = 60 * time.Second
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = 5
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	rt := newRetryTransport(cfg.Transport, cfg.MaxRetryWait, cfg.MaxAttempts, cfg.Observer, cfg.Logger)
	return &App{
		cfg:     cfg,
		key:     key,
		baseURL: base,
		retry:   rt,
		// Archive downloads go to the pre-signed URL GitHub redirects to
		// (codeload); they must not carry the installation token, so they
		// use the retrying transport without the token layer.
		download: &http.Client{Transport: rt},
	}, nil
}

// parsePrivateKey reads the App key, saying which setting to fix when it is
// wrong: the key arrives through ENGINEO_GITHUB_PRIVATE_KEY (the PEM text)
// or ENGINEO_GITHUB_PRIVATE_KEY_PATH (a file holding it).
func parsePrivateKey(pemBytes []byte) (*rsa.PrivateKey, error) {
	const where = "set ENGINEO_GITHUB_PRIVATE_KEY to the PEM text or ENGINEO_GITHUB_PRIVATE_KEY_PATH to a file holding it"
	pemBytes = bytes.TrimSpace(pemBytes)
	if len(pemBytes) == 0 {
		return nil, fmt.Errorf("github: no App private key: %s", where)
	}
	// A PEM pasted into an environment variable or a YAML value often
	// arrives with its newlines written as the two characters `\n`.
	if !bytes.Contains(pemBytes, []byte("\n")) && bytes.Contains(pemBytes, []byte(`\n`)) {
		pemBytes = bytes.ReplaceAll(pemBytes, []byte(`\n`), []byte("\n"))
	}
	block, _ := pem.Decode(pemBytes)
	if block == nil {
		return nil, fmt.Errorf("github: the App private key is not PEM (expected a -----BEGIN RSA PRIVATE KEY----- block): %s", where)
	}
	if k, err := x509.ParsePKCS1PrivateKey(block.Bytes); err == nil {
		return k, nil
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("github: cannot parse the App private key (%s block): %v: %s", block.Type, err, where)
	}
	rk, ok := k.(*rsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("github: the App private key is a %T, GitHub Apps use RSA keys: %s", k, where)
	}
	return rk, nil
}

// AppID is the App's ID.
func (a *App) AppID() int64 { return a.cfg.AppID }

// Client returns the Client for one installation, creating it on first use.
// Its token is fetched lazily and refreshed by ghinstallation a minute
// before it expires.
func (a *App) Client(installationID int64) (*Client, error) {
	if installationID <= 0 {
		return nil, fmt.Errorf("github: installation ID must be positive, got %d", installationID)
	}
	if c, ok := a.clients.Load(installationID); ok {
		return c.(*Client), nil
	}
	// Each installation gets its own AppsTransport: ghinstallation writes
	// BaseURL and Client into the AppsTransport on every token refresh, so
	// sharing one between installations would be a data race.
	atr := ghinstallation.NewAppsTransportFromPrivateKey(a.retry, a.cfg.AppID, a.key)
	atr.BaseURL = strings.TrimSuffix(a.baseURL.String(), "/")
	itr := ghinstallation.NewFromAppsTransport(atr, installationID)
	c := &Client{
		gh:             a.newGitHub(itr),
		download:       a.download,
		appID:          a.cfg.AppID,
		installationID: installationID,
		log:            a.cfg.Logger,
		retry:          a.retry,
		limits:         a.cfg.Extract,
		workspaceRoot:  a.cfg.WorkspaceRoot,
	}
	actual, _ := a.clients.LoadOrStore(installationID, c)
	return actual.(*Client), nil
}

// AppClient returns a go-github client authenticated as the App itself (a
// JWT), for the few endpoints under /app such as listing installations.
func (a *App) AppClient() *gh.Client {
	atr := ghinstallation.NewAppsTransportFromPrivateKey(a.retry, a.cfg.AppID, a.key)
	atr.BaseURL = strings.TrimSuffix(a.baseURL.String(), "/")
	return a.newGitHub(atr)
}

func (a *App) newGitHub(tr http.RoundTripper) *gh.Client {
	c := gh.NewClient(&http.Client{Transport: tr})
	base := *a.baseURL
	c.BaseURL = &base
	upload := *a.baseURL
	c.UploadURL = &upload
	c.UserAgent = userAgent
	return c
}

// ErrNotFound is returned (wrapped) when GitHub answers 404: a missing file,
// pull request, ref or repository — or one the installation cannot see,
// which GitHub deliberately reports the same way.
var ErrNotFound = errors.New("github: not found")

// ForRepo returns the client of the installation that covers owner/repo,
// for triggers that name a repository rather than an installation (Jira).
//
// GitHub API docs: https://docs.github.com/rest/apps/apps#get-a-repository-installation-for-the-authenticated-app
func (a *App) ForRepo(ctx context.Context, owner, repo string) (*Client, error) {
	inst, resp, err := a.AppClient().Apps.FindRepositoryInstallation(ctx, owner, repo)
	if err != nil {
		return nil, fmt.Errorf("github: finding the installation on %s/%s (is the App installed there?): %w", owner, repo, classify(err, resp))
	}
	return a.Client(inst.GetID())
}
