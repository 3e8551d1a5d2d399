package jira

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	gojira "github.com/andygrunwald/go-jira"

	"github.com/engineo/autoverify/integrations/httpretry"
	"github.com/engineo/autoverify/internal/lazyregexp"
)

// Defaults for Config's zero values.
const (
	DefaultMaxRetryWait = 60 * time.Second
	DefaultMaxAttempts  = 5
)

// Config configures a Client. integrations/assemble fills it from the
// settings named on each field (the ENGINEO_ variables, or their flags).
type Config struct {
	// BaseURL is the Jira site, e.g. https://acme.atlassian.net or
	// https://jira.example.com/jira (ENGINEO_JIRA_URL).
	BaseURL string

	// Email and APIToken authenticate to Jira Cloud with HTTP Basic
	// (ENGINEO_JIRA_EMAIL, ENGINEO_JIRA_API_TOKEN).
	Email, APIToken string

	// PAT is a Jira Server / Data Center personal access token, sent as a
	// bearer token (ENGINEO_JIRA_PAT). Exactly one of PAT and
	// Email+APIToken must be set.
	PAT string

	// Transport carries the requests; nil means http.DefaultTransport.
	Transport http.RoundTripper

	// MaxRetryWait is the longest the client sleeps before a retry; a rate
	// limit that asks for longer comes back as an error. Default 60s.
	MaxRetryWait time.Duration

	// MaxAttempts bounds the attempts per request, the first included.
	// Default 5.
	MaxAttempts int

	// Logger receives retry warnings; nil discards them.
	Logger *slog.Logger

	// Observer, when set, is called after every HTTP attempt (retries
	// included) with the method, the URL path and the status (0 when the
	// request failed without a response), e.g. for metrics.
	Observer func(method, path string, status int)
}

// Client talks to one Jira site. It is safe for concurrent use.
type Client struct {
	jc    *gojira.Client
	log   *slog.Logger
	retry *httpretry.Transport
}

var (
	// ErrNotFound reports a 404: no such issue (or comment), or one the
	// account may not see — Jira does not tell the two apart.
	ErrNotFound = errors.New("not found")
	// ErrUnauthorized reports a 401 or 403: the credentials are wrong or
	// lack a permission.
	ErrUnauthorized = errors.New("unauthorized")
)

// New validates cfg and builds a Client. It does not contact Jira.
func New(cfg Config) (*Client, error) {
	base := strings.TrimSpace(cfg.BaseURL)
	if base == "" {
		return nil, errors.New("jira: no Jira URL: set ENGINEO_JIRA_URL (e.g. https://acme.atlassian.net)")
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("jira: ENGINEO_JIRA_URL %q is not an http(s) URL (e.g. https://acme.atlassian.net)", cfg.BaseURL)
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("jira: ENGINEO_JIRA_URL %q must not carry a query or fragment", cfg.BaseURL)
	}

	basic := cfg.Email != "" || cfg.APIToken != ""
	bearer := cfg.PAT != ""
	switch {
	case basic && bearer:
		return nil, errors.New("jira: both ENGINEO_JIRA_PAT and ENGINEO_JIRA_EMAIL/ENGINEO_JIRA_API_TOKEN are set; " +
			"set ENGINEO_JIRA_EMAIL and ENGINEO_JIRA_API_TOKEN for Jira Cloud, or only ENGINEO_JIRA_PAT for Jira Server/Data Center")
	case !basic && !bearer:
		return nil, errors.New("jira: no credentials: set ENGINEO_JIRA_EMAIL and ENGINEO_JIRA_API_TOKEN (Jira Cloud) " +
			"or ENGINEO_JIRA_PAT (Jira Server/Data Center)")
	case basic && cfg.Email == "":
		return nil, errors.New("jira: ENGINEO_JIRA_API_TOKEN is set but ENGINEO_JIRA_EMAIL is not; Jira Cloud needs both")
	case basic && cfg.APIToken == "":
		return nil, errors.New("jira: ENGINEO_JIRA_EMAIL is set but ENGINEO_JIRA_API_TOKEN is not; Jira Cloud needs both")
	}

	maxWait := cfg.MaxRetryWait
	if maxWait <= 0 {
		maxWait = DefaultMaxRetryWait
	}
	attempts := cfg.MaxAttempts
	if attempts <= 0 {
		attempts = DefaultMaxAttempts
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if u.Scheme == "http" && !loopback(u.Hostname()) {
		log.Warn("jira: ENGINEO_JIRA_URL is plain http; credentials are sent unencrypted", "url", u.Redacted())
	}

	next := cfg.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	var auth http.RoundTripper
	if bearer {
		// Jira Server/Data Center personal access tokens are bearer
		// tokens: "Authorization: Bearer <PAT>".
		auth = &gojira.BearerAuthTransport{Token: cfg.PAT, Transport: next}
	} else {
		auth = &gojira.BasicAuthTransport{Username: cfg.Email, Password: cfg.APIToken, Transport: next}
	}
	rt := newRetryTransport(auth, maxWait, attempts, cfg.Observer, log)
	jc, err := gojira.NewClient(&http.Client{Transport: rt}, u.String())
	if err != nil {
		return nil, fmt.Errorf("jira: ENGINEO_JIRA_URL %q: %w", cfg.BaseURL, err)
	}
	return &Client{jc: jc, log: log, retry: rt}, nil
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Jira is the underlying go-jira client, for calls this package does not
// wrap. Its requests share the authentication and the retry policy.
func (c *Client) Jira() *gojira.Client { return c.jc }

// issueKeyRE admits issue keys (KAN-25, AB_2-7) and numeric issue IDs; the
// key becomes part of a URL path, so nothing else may pass.
var issueKeyRE = lazyregexp.New(`^(?:[A-Za-z][A-Za-z0-9_]*-[0-9]+|[0-9]+)$`)

func checkKey(key string) error {
	if !issueKeyRE().MatchString(key) {
		return fmt.Errorf("%q is not an issue key (like KAN-25)", key)
	}
	return nil
}

// StatusError is Jira answering outside 2xx. errors.Is(err, ErrNotFound)
// holds for a 404 and errors.Is(err, ErrUnauthorized) for a 401 or 403;
// go-jira's error, with Jira's errorMessages, stays reachable through
// Unwrap.
type StatusError struct {
	StatusCode int
	Err        error
}

func (e *StatusError) Error() string { return e.Err.Error() }
func (e *StatusError) Unwrap() error { return e.Err }
func (e *StatusError) Is(target error) bool {
	switch target {
	case ErrNotFound:
		return e.StatusCode == http.StatusNotFound
	case ErrUnauthorized:
		return e.StatusCode == http.StatusUnauthorized || e.StatusCode == http.StatusForbidden
	}
	return false
}

// classify attaches the status of resp to err. err has already been through
// gojira.NewJiraError where the service method does that.
func classify(err error, resp *gojira.Response) error {
	if err == nil {
		return nil
	}
	if resp != nil && resp.Response != nil && (resp.StatusCode < 200 || resp.StatusCode > 299) {
		return &StatusError{StatusCode: resp.StatusCode, Err: err}
	}
	return err
}

// uncertain reports whether a failed create may nevertheless have been
// applied: Jira answered 5xx, or the request died on the wire (other than
// by our own context ending).
func uncertain(ctx context.Context, err error) bool {
	if err == nil || ctx.Err() != nil {
		return false
	}
	var se *StatusError
	if errors.As(err, &se) {
		return se.StatusCode >= 500
	}
	return true // no response at all: a transport error
}

// createRounds bounds look-then-create rounds after a create answered 5xx.
const createRounds = 3
