package settings

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestResolveDashboard(t *testing.T) {
	t.Parallel()
	env := func(m map[string]string) Lookup {
		return Env(func(k string) string { return m[k] }, Dashboard)
	}
	c, err := ResolveDashboard(env(nil))
	if err != nil || c.Addr != "127.0.0.1:8090" || c.Retention != DefaultRunRetention || c.GitHubURL != "https://github.com" {
		t.Fatalf("defaults: %+v %v", c, err)
	}
	c, err = ResolveDashboard(env(map[string]string{"ENGINEO_DASHBOARD_TOKEN": "0123456789abcdef", "ENGINEO_DASHBOARD_ADMINS": "@Alice, bob",
		"ENGINEO_RUN_RETENTION": "30d", "ENGINEO_GITHUB_URL": "https://ghe.example.com/"}))
	if err != nil || c.Token != "0123456789abcdef" || len(c.Admins) != 2 || c.Admins[0] != "alice" || c.Retention != 30*24*time.Hour || c.GitHubURL != "https://ghe.example.com" {
		t.Fatalf("set: %+v %v", c, err)
	}
	for name, tc := range map[string]struct {
		env  map[string]string
		want string
	}{
		"short token":   {map[string]string{"ENGINEO_DASHBOARD_TOKEN": "short"}, "ENGINEO_DASHBOARD_TOKEN: the dashboard token is 5 characters; use at least 16"},
		"half oauth":    {map[string]string{"ENGINEO_GITHUB_CLIENT_ID": "Iv1.x"}, "ENGINEO_GITHUB_CLIENT_SECRET"},
		"bad retention": {map[string]string{"ENGINEO_RUN_RETENTION": "forever"}, `ENGINEO_RUN_RETENTION="forever": want a whole number of days`},
		"negative days": {map[string]string{"ENGINEO_RUN_RETENTION": "-3d"}, "ENGINEO_RUN_RETENTION"},
		"github url":    {map[string]string{"ENGINEO_GITHUB_URL": "github.com"}, "want GitHub's web address"},
	} {
		_, err := ResolveDashboard(env(tc.env))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", name, err, tc.want)
		}
	}
	if d, err := ParseRetention("0"); err != nil || d != 0 {
		t.Errorf("0 keeps every run: %v %v", d, err)
	}
}

// TestDashboardSignIn: a dashboard opens with the token or GitHub sign-in
// and refuses without either, naming both; its session key is the same
// for every replica sharing the secrets, and changes with them.
func TestDashboardSignIn(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		c    DashboardConfig
		open bool
	}{
		"none":   {DashboardConfig{}, false},
		"token":  {DashboardConfig{Token: "0123456789abcdef"}, true},
		"github": {DashboardConfig{ClientID: "Iv1.x", ClientSecret: "s"}, true},
	} {
		err := tc.c.RequireSignIn()
		if tc.c.SignIn() != tc.open || (err == nil) != tc.open {
			t.Errorf("%s: SignIn %v, RequireSignIn %v; want open %v", name, tc.c.SignIn(), err, tc.open)
		}
		var se *Error
		if err != nil && (!errors.As(err, &se) || !strings.Contains(err.Error(), "set ENGINEO_DASHBOARD_TOKEN") || !strings.Contains(err.Error(), "ENGINEO_GITHUB_CLIENT_ID")) {
			t.Errorf("%s: %v", name, err)
		}
	}
	a := DashboardConfig{Token: "0123456789abcdef", ClientSecret: "s"}
	if !bytes.Equal(a.SessionKey(), a.SessionKey()) || len(a.SessionKey()) != 32 {
		t.Errorf("session key %x: want the same 32 bytes every time", a.SessionKey())
	}
	if b := (DashboardConfig{Token: "0123456789abcdef", ClientSecret: "t"}); bytes.Equal(a.SessionKey(), b.SessionKey()) {
		t.Error("a different client secret seals sessions with the same key")
	}
}

// TestRetention: unset is the default; a bad value is the user's to fix,
// naming where it came from.
func TestRetention(t *testing.T) {
	t.Parallel()
	env := func(v string) Lookup {
		return Env(func(string) string { return v }, Named(Dashboard, "run-retention"))
	}
	if d, err := Retention(env("")); err != nil || d != DefaultRunRetention {
		t.Errorf("unset: %v %v", d, err)
	}
	if d, err := Retention(env("7d")); err != nil || d != 7*24*time.Hour {
		t.Errorf("7d: %v %v", d, err)
	}
	_, err := Retention(env("forever"))
	var se *Error
	if !errors.As(err, &se) || !strings.HasPrefix(err.Error(), `ENGINEO_RUN_RETENTION="forever": want a whole number of days`) {
		t.Errorf("forever: %v", err)
	}
}

// TestNamed: the settings picked, in the order asked; a flag no list
// holds is a bug.
func TestNamed(t *testing.T) {
	t.Parallel()
	got := Named(Run, "redis-url", "state-dir")
	if len(got) != 2 || got[0].Env != "ENGINEO_REDIS_URL" || got[1].Env != "ENGINEO_STATE_DIR" {
		t.Errorf("got %+v", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("no panic for an unknown flag")
		}
	}()
	Named(Run, "no-such-setting")
}
