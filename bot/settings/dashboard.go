package settings

import (
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/engineo/autoverify/bot/links"
)

// Dashboard are the settings of the dashboard and of the run history it
// shows (`autoverify dashboard`, and `autoverify serve` at /).
var Dashboard = []Setting{
	{"dashboard-addr", "ENGINEO_DASHBOARD_ADDR", "address `autoverify dashboard` listens on (default 127.0.0.1:8090)"},
	{"dashboard-token", "ENGINEO_DASHBOARD_TOKEN", "dashboard sign-in token, at least 16 characters; its holder is an admin (form or Authorization: Bearer)"},
	{"dashboard-admins", "ENGINEO_DASHBOARD_ADMINS", "comma-separated GitHub logins who are dashboard admins (clear history, see CLI runs)"},
	{"github-client-id", "ENGINEO_GITHUB_CLIENT_ID", "the GitHub App's OAuth client ID, for dashboard sign-in with GitHub"},
	{"github-client-secret", "ENGINEO_GITHUB_CLIENT_SECRET", "the GitHub App's OAuth client secret"},
	{"github-url", "ENGINEO_GITHUB_URL", "GitHub's web address for OAuth sign-in (default https://github.com)"},
	{"run-retention", "ENGINEO_RUN_RETENTION", "how long run records are kept for the dashboard: 90d, 720h, 0 keeps them (default 90d)"},
}

// DashboardConfig is the resolved dashboard configuration.
type DashboardConfig struct {
	Addr  string
	Token string
	// Admins are GitHub logins (lower case) who are admins.
	Admins                 []string
	ClientID, ClientSecret string
	GitHubURL              string
	// Retention is how long run records are kept; 0 keeps them.
	Retention time.Duration
}

// SignIn reports whether anyone could sign in to the dashboard: with the
// token or with GitHub. The server serves its dashboard only then.
func (c DashboardConfig) SignIn() bool { return c.Token != "" || c.ClientID != "" }

// RequireSignIn refuses a dashboard nobody could sign in to, naming the
// settings that open it.
func (c DashboardConfig) RequireSignIn() error {
	if c.SignIn() {
		return nil
	}
	return errorf("the dashboard is for signed-in users: set ENGINEO_DASHBOARD_TOKEN (at least 16 characters, e.g. `openssl rand -hex 24`) or the GitHub App's ENGINEO_GITHUB_CLIENT_ID and ENGINEO_GITHUB_CLIENT_SECRET")
}

// SessionKey seals the dashboard's session cookies. It derives from the
// secrets every replica shares, so that sessions survive a restart and
// work across replicas.
func (c DashboardConfig) SessionKey() []byte {
	return links.DeriveKey([]byte(c.Token+"\x00"+c.ClientSecret), "dashboard sessions")
}

// DefaultRunRetention is how long run records are kept by default.
const DefaultRunRetention = 90 * 24 * time.Hour

// ResolveDashboard reads the dashboard settings.
func ResolveDashboard(lookup Lookup) (DashboardConfig, error) {
	c := DashboardConfig{Addr: "127.0.0.1:8090", GitHubURL: "https://github.com", Retention: DefaultRunRetention}
	if v, _ := lookup("dashboard-addr"); v != "" {
		c.Addr = v
	}
	if v, src := lookup("dashboard-token"); v != "" {
		if len(v) < 16 {
			return c, errorf("%s: the dashboard token is %d characters; use at least 16 (e.g. `openssl rand -hex 24`)", src, len(v))
		}
		c.Token = v
	}
	for _, a := range SplitList(get(lookup, "dashboard-admins")) {
		c.Admins = append(c.Admins, strings.ToLower(strings.TrimPrefix(a, "@")))
	}
	c.ClientID, c.ClientSecret = get(lookup, "github-client-id"), get(lookup, "github-client-secret")
	if (c.ClientID == "") != (c.ClientSecret == "") {
		return c, errorf("GitHub sign-in needs both ENGINEO_GITHUB_CLIENT_ID and ENGINEO_GITHUB_CLIENT_SECRET (the GitHub App's Client ID and a client secret); set both or neither")
	}
	if v, src := lookup("github-url"); v != "" {
		u, err := url.Parse(v)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return c, errorf("%s=%q: want GitHub's web address, like https://github.com or https://github.example.com", src, v)
		}
		c.GitHubURL = strings.TrimSuffix(v, "/")
	}
	var err error
	c.Retention, err = Retention(lookup)
	return c, err
}

// Retention reads ENGINEO_RUN_RETENTION (ParseRetention), the one
// dashboard setting every command that records runs reads;
// DefaultRunRetention when unset.
func Retention(lookup Lookup) (time.Duration, error) {
	v, src := lookup("run-retention")
	if v == "" {
		return DefaultRunRetention, nil
	}
	d, err := ParseRetention(v)
	if err != nil {
		return 0, errorf("%s=%q: %v", src, v, err)
	}
	return d, nil
}

// ParseRetention reads a retention: a number of days ("90d"), a Go
// duration ("720h"), or 0 to keep everything.
func ParseRetention(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "0" {
		return 0, nil
	}
	if days, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n <= 0 {
			return 0, errors.New("want a whole number of days such as 90d, a Go duration such as 720h, or 0 to keep every run")
		}
		return time.Duration(n) * 24 * time.Hour, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, errors.New("want a whole number of days such as 90d, a Go duration such as 720h, or 0 to keep every run")
	}
	return d, nil
}

func get(l Lookup, flag string) string {
	v, _ := l(flag)
	return v
}
