package dashboard_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/delivery/dashboard"
	"github.com/engineo/autoverify/bot/runlog"
	runbolt "github.com/engineo/autoverify/integrations/runlog/bolt"
)

const token = "test-token-0123456789"

var now = time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)

// fakeGitHub signs users in as the code says and answers access from a
// table; calls counts the access checks.
type fakeGitHub struct {
	base  string
	mu    sync.Mutex
	read  map[string][]string // login → repos
	calls int
}

func (g *fakeGitHub) AuthorizeURL(state, redirectURI string) string {
	return redirectURI + "?state=" + url.QueryEscape(state) + "&code=" + url.QueryEscape(g.base)
}

func (g *fakeGitHub) Exchange(_ context.Context, code, _ string) (string, error) {
	if code == "" {
		return "", errors.New("no code")
	}
	return "tok-" + code, nil
}

func (g *fakeGitHub) User(_ context.Context, tok string) (string, error) {
	return strings.TrimPrefix(tok, "tok-"), nil
}

func (g *fakeGitHub) CanRead(_ context.Context, tok, repo string) (bool, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.calls++
	for _, r := range g.read[strings.TrimPrefix(tok, "tok-")] {
		if r == repo {
			return true, nil
		}
	}
	return false, nil
}

type env struct {
	t     *testing.T
	srv   *httptest.Server
	store *runbolt.Store
	gh    *fakeGitHub
	dir   string
}

func newEnv(t *testing.T) *env {
	t.Helper()
	dir := t.TempDir()
	store, err := runbolt.Open(dir, runbolt.WithRetention(0))
	require.NoError(t, err)
	gh := &fakeGitHub{read: map[string][]string{"alice": {"acme/web"}}}
	d, err := dashboard.New(dashboard.Config{History: store, Token: token, GitHub: gh, Admins: []string{"root"},
		PollInterval: 20 * time.Millisecond, Now: func() time.Time { return now }})
	require.NoError(t, err)
	srv := httptest.NewServer(d)
	t.Cleanup(func() { srv.Close(); d.Close() })
	return &env{t: t, srv: srv, store: store, gh: gh, dir: dir}
}

func (e *env) put(r runlog.Record) {
	e.t.Helper()
	require.NoError(e.t, e.store.Put(context.Background(), r))
}

func client() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

var preRe = regexp.MustCompile(`name="pre" value="([^"]+)"`)
var csrfRe = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

func body(t *testing.T, resp *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	resp.Body.Close()
	return string(b)
}

func (e *env) get(c *http.Client, path string) (*http.Response, string) {
	e.t.Helper()
	resp, err := c.Get(e.srv.URL + path)
	require.NoError(e.t, err)
	return resp, body(e.t, resp)
}

func (e *env) post(c *http.Client, path string, form url.Values, header map[string]string) (*http.Response, string) {
	e.t.Helper()
	req, err := http.NewRequest(http.MethodPost, e.srv.URL+path, strings.NewReader(form.Encode()))
	require.NoError(e.t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := c.Do(req)
	require.NoError(e.t, err)
	return resp, body(e.t, resp)
}

// signIn signs in with the token and returns the client and a CSRF token.
func (e *env) signIn() (*http.Client, string) {
	e.t.Helper()
	c := client()
	_, page := e.get(c, "/signin")
	m := preRe.FindStringSubmatch(page)
	require.NotNil(e.t, m, page)
	resp, _ := e.post(c, "/signin", url.Values{"pre": {m[1]}, "token": {token}, "next": {"/"}}, map[string]string{"Sec-Fetch-Site": "same-origin"})
	require.Equal(e.t, http.StatusSeeOther, resp.StatusCode)
	_, home := e.get(c, "/")
	cm := csrfRe.FindStringSubmatch(home)
	require.NotNil(e.t, cm)
	return c, cm[1]
}

// signInGitHub signs in as login through the OAuth routes.
func (e *env) signInGitHub(login string) (*http.Client, string) {
	e.t.Helper()
	c := client()
	e.gh.base = login
	resp, _ := e.get(c, "/auth/github")
	require.Equal(e.t, http.StatusFound, resp.StatusCode)
	loc := resp.Header.Get("Location")
	u, err := url.Parse(loc)
	require.NoError(e.t, err)
	resp, _ = e.get(c, u.RequestURI())
	require.Equal(e.t, http.StatusSeeOther, resp.StatusCode)
	_, home := e.get(c, "/")
	cm := csrfRe.FindStringSubmatch(home)
	require.NotNil(e.t, cm, home)
	return c, cm[1]
}

func rec(id, repo, story string, st runlog.Status, at time.Time) runlog.Record {
	r := runlog.Record{ID: id, Repo: repo, Story: story, Status: st, Started: at}
	if st != runlog.Active {
		r.Finished = at.Add(3 * time.Second)
	}
	switch st {
	case runlog.Passed:
		r.Route = "verified"
		r.Items = []runlog.Item{{ID: "i1", Text: "unit tests", Command: "pnpm test", Kind: "auto", Ran: true, Passed: true}}
	case runlog.Failed:
		r.Route = "needs_fix"
		r.Items = []runlog.Item{{ID: "i1", Text: "unit tests", Command: "pnpm test", Kind: "auto", Ran: true, FailureType: "TEST_FAILURE", ExitCode: 1, Output: "FAIL src/a.test.ts"}}
	}
	return r
}

func TestNoSessionGetsTheSignInPage(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := client()
	for path, want := range map[string]string{"/": "/signin", "/runs?repo=x": "/signin?next=%2Fruns%3Frepo%3Dx", "/runs/abc": "/signin?next=%2Fruns%2Fabc",
		"/history/clear": "/signin?next=%2Fhistory%2Fclear"} {
		resp, _ := e.get(c, path)
		assert.Equal(t, http.StatusSeeOther, resp.StatusCode, path)
		assert.Equal(t, want, resp.Header.Get("Location"), path)
	}
	resp, _ := e.get(c, "/events")
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	resp, page := e.get(c, "/signin")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, page, "Dashboard token")
	assert.Contains(t, page, "Sign in with GitHub")
	assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "script-src 'self'")
	assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
	resp, js := e.get(c, "/static/app.js")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, js, "EventSource")
	resp, _ = e.get(c, "/static/")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode, "no listing")
}

func TestTokenSignIn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := client()
	_, page := e.get(c, "/signin")
	pre := preRe.FindStringSubmatch(page)[1]
	resp, page := e.post(c, "/signin", url.Values{"pre": {pre}, "token": {"wrong-token-xxxxxxxx"}}, nil)
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	assert.Contains(t, page, "not the dashboard&#39;s token")
	pre = preRe.FindStringSubmatch(page)[1]

	resp, _ = e.post(c, "/signin", url.Values{"pre": {pre}, "token": {token}}, map[string]string{"Sec-Fetch-Site": "cross-site"})
	assert.Equal(t, http.StatusForbidden, resp.StatusCode, "a cross-site sign-in (login CSRF) is refused")
	resp, _ = e.post(client(), "/signin", url.Values{"pre": {pre}, "token": {token}}, nil)
	assert.Equal(t, http.StatusForbidden, resp.StatusCode, "no form cookie, no sign-in")

	resp, _ = e.post(c, "/signin", url.Values{"pre": {pre}, "token": {token}, "next": {"//evil.example/x"}}, nil)
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	assert.Equal(t, "/", resp.Header.Get("Location"), "never redirected off-site")
	var session *http.Cookie
	for _, ck := range resp.Cookies() {
		if ck.Name == "av_session" {
			session = ck
		}
	}
	require.NotNil(t, session)
	assert.True(t, session.HttpOnly)
	assert.Equal(t, http.SameSiteLaxMode, session.SameSite)
	assert.False(t, session.Secure, "plain-http loopback works")
	resp, page = e.get(c, "/")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, page, "admin (token) (admin)")

	// A forged cookie is no session.
	forged := client()
	u, _ := url.Parse(e.srv.URL)
	forged.Jar.SetCookies(u, []*http.Cookie{{Name: "av_session", Value: session.Value[:len(session.Value)-4] + "AAAA"}})
	resp, _ = e.get(forged, "/")
	assert.Equal(t, http.StatusSeeOther, resp.StatusCode)
}

func TestBearerToken(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.put(rec("r1", "acme/web", "KAN-1", runlog.Passed, now.Add(-time.Hour)))
	for tok, want := range map[string]int{token: http.StatusOK, "nope-nope-nope-nope": http.StatusUnauthorized} {
		req, _ := http.NewRequest(http.MethodGet, e.srv.URL+"/runs/r1", nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, want, resp.StatusCode)
	}
}

func TestOverviewFigures(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.put(rec("p1", "acme/web", "KAN-1", runlog.Passed, now.Add(-3*time.Hour)))
	e.put(rec("p2", "acme/web", "KAN-2", runlog.Passed, now.Add(-2*time.Hour)))
	e.put(rec("f1", "acme/api", "KAN-3", runlog.Failed, now.Add(-90*time.Minute)))
	e.put(rec("s1", "acme/api", "KAN-4", runlog.Stopped, now.Add(-80*time.Minute)))
	e.put(rec("a1", "acme/web", "KAN-5", runlog.Active, now.Add(-5*time.Minute)))
	c, _ := e.signIn()
	_, page := e.get(c, "/")
	for _, want := range []string{`id="stat-total">5<`, `id="stat-passed">2<`, `id="stat-failed">1<`, `id="stat-rate">67%<`, `id="stat-active">1<`,
		"running for <span class=\"elapsed\">5m00s</span>", "min ago", "TEST_FAILURE (1)", "<svg", "1 runs stopped before a verdict"} {
		assert.Contains(t, page, want)
	}
	assert.Regexp(t, `<td><a href="/runs\?repo=acme%2fweb">acme/web</a></td><td>3</td><td>2</td><td>0</td><td>100%</td>`, page)
}

func TestUserSeesOnlyReadableRepositories(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.put(rec("w1", "acme/web", "KAN-1", runlog.Passed, now.Add(-3*time.Hour)))
	e.put(rec("s1", "acme/secret", "KAN-9", runlog.Failed, now.Add(-2*time.Hour)))
	local := rec("l1", "/home/me/web", "KAN-2", runlog.Passed, now.Add(-time.Hour))
	local.Local = true
	e.put(local)
	c, csrf := e.signInGitHub("alice")
	_, page := e.get(c, "/")
	assert.Contains(t, page, `id="stat-total">1<`)
	assert.Contains(t, page, "alice")
	assert.NotContains(t, page, "acme/secret")
	assert.NotContains(t, page, "KAN-9")
	assert.NotContains(t, page, "/home/me/web", "CLI runs are for admins")
	assert.NotContains(t, page, "Clear history")
	_, page = e.get(c, "/runs")
	assert.Contains(t, page, "KAN-1")
	assert.NotContains(t, page, "KAN-9")
	_, page = e.get(c, "/runs?story=KAN-9")
	assert.NotContains(t, page, "/runs/s1")
	_, page = e.get(c, "/runs?repo=acme/secret")
	assert.NotContains(t, page, "/runs/s1")
	for _, path := range []string{"/runs/s1", "/runs/l1", "/evidence/s1/x.txt", "/runs/nope"} {
		resp, _ := e.get(c, path)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, path)
	}
	resp, _ := e.get(c, "/runs/w1")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	resp, _ = e.get(c, "/history/clear")
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)
	resp, _ = e.post(c, "/history/clear", url.Values{"csrf": {csrf}, "confirm": {"yes"}}, nil)
	assert.Equal(t, http.StatusForbidden, resp.StatusCode, "non-admins may not clear")
	calls := e.gh.calls
	e.get(c, "/")
	assert.Equal(t, calls, e.gh.calls, "access is remembered")

	root, _ := e.signInGitHub("root")
	_, page = e.get(root, "/")
	assert.Contains(t, page, `id="stat-total">3<`, "logins in the admin list see everything")
}

func TestOAuthStateIsChecked(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := client()
	resp, _ := e.get(c, "/auth/github")
	require.Equal(t, http.StatusFound, resp.StatusCode)
	resp, _ = e.get(c, "/auth/github/callback?code=alice&state=forged")
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)
	resp, _ = e.get(client(), "/auth/github/callback?code=alice&state=x")
	assert.Equal(t, http.StatusForbidden, resp.StatusCode, "no state cookie")
	resp, _ = e.get(c, "/")
	assert.Equal(t, http.StatusSeeOther, resp.StatusCode, "no session")
}

func TestClearHistoryNeedsCSRFAndSameSite(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.put(rec("p1", "acme/web", "KAN-1", runlog.Passed, now.Add(-time.Hour)))
	c, csrf := e.signIn()
	_, page := e.get(c, "/history/clear")
	assert.Contains(t, page, "This forgets all 1 recorded runs")
	for name, tc := range map[string]struct {
		form   url.Values
		header map[string]string
	}{
		"no csrf":             {url.Values{"confirm": {"yes"}}, nil},
		"wrong csrf":          {url.Values{"confirm": {"yes"}, "csrf": {"x" + csrf}}, nil},
		"cross-site origin":   {url.Values{"confirm": {"yes"}, "csrf": {csrf}}, map[string]string{"Origin": "https://evil.example"}},
		"cross-site fetch":    {url.Values{"confirm": {"yes"}, "csrf": {csrf}}, map[string]string{"Sec-Fetch-Site": "cross-site"}},
		"same-site subdomain": {url.Values{"confirm": {"yes"}, "csrf": {csrf}}, map[string]string{"Sec-Fetch-Site": "same-site"}},
	} {
		resp, _ := e.post(c, "/history/clear", tc.form, tc.header)
		assert.Equal(t, http.StatusForbidden, resp.StatusCode, name)
	}
	_, ok, _ := e.store.Get(context.Background(), "p1")
	assert.True(t, ok, "nothing cleared")
	resp, _ := e.post(c, "/history/clear", url.Values{"csrf": {csrf}}, nil)
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode, "confirmation required")
	resp, _ = e.post(c, "/history/clear", url.Values{"confirm": {"yes"}, "csrf": {csrf}}, map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": e.srv.URL})
	assert.Equal(t, http.StatusSeeOther, resp.StatusCode)
	_, page = e.get(c, "/")
	assert.Contains(t, page, "History cleared by admin (token) at 2026-11-25 12:00:00 UTC (1 runs).")
	assert.Contains(t, page, `id="stat-total">0<`)
}

func TestUntrustedTextIsEscaped(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := rec("x1", "acme/web", "KAN-1", runlog.Failed, now.Add(-time.Hour))
	evil := `<img src=x onerror=alert(1)><script>alert(2)</script>`
	r.Items[0].Output, r.Items[0].Text, r.Author = evil, evil, evil
	r.URL = "javascript:alert(3)"
	r.Number = 4
	r.Sections = []runlog.Section{{Title: evil, Rows: []runlog.Row{{Name: evil, Detail: evil}}}}
	e.put(r)
	c, _ := e.signIn()
	for _, path := range []string{"/runs/x1", "/runs", "/"} {
		_, page := e.get(c, path)
		assert.NotContains(t, page, "<img src=x", path)
		assert.NotContains(t, page, "<script>alert", path)
		assert.NotContains(t, page, "javascript:", path)
	}
	_, page := e.get(c, "/runs/x1")
	assert.Contains(t, page, "&lt;img src=x onerror=alert(1)&gt;")
}

func TestEvidenceServesOnlyTheRunsFiles(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	dir := filepath.Join(e.dir, "reports")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "KAN-1-evidence-1.txt"), []byte("<html>evidence</html>"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "other.txt"), []byte("not this run's"), 0o644))
	r := rec("e1", "acme/web", "KAN-1", runlog.Failed, now.Add(-time.Hour))
	r.Evidence, r.EvidenceDir = []string{"KAN-1-evidence-1.txt"}, dir
	e.put(r)
	c, _ := e.signIn()
	resp, page := e.get(c, "/evidence/e1/KAN-1-evidence-1.txt")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "<html>evidence</html>", page)
	assert.Equal(t, "text/plain; charset=utf-8", resp.Header.Get("Content-Type"))
	assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "sandbox")
	assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
	for _, p := range []string{"/evidence/e1/other.txt", "/evidence/e1/..%2fother.txt", "/evidence/e1/%2e%2e"} {
		resp, _ = e.get(c, p)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, p)
	}
	resp, _ = e.get(client(), "/evidence/e1/KAN-1-evidence-1.txt")
	assert.Equal(t, http.StatusSeeOther, resp.StatusCode, "evidence needs a session too")
}

func TestRunsFilters(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	a := rec("a", "acme/web", "KAN-1", runlog.Passed, now.Add(-3*time.Hour))
	a.Author = "alice"
	b := rec("b", "acme/api", "KAN-2", runlog.Failed, now.Add(-2*time.Hour))
	b.Author = "bob"
	e.put(a)
	e.put(b)
	c, _ := e.signIn()
	for q, want := range map[string][]string{
		"":                           {"/runs/b", "/runs/a"},
		"?repo=acme/web":             {"/runs/a"},
		"?failure=TEST_FAILURE":      {"/runs/b"},
		"?author=alice":              {"/runs/a"},
		"?route=needs_fix":           {"/runs/b"},
		"?status=passed":             {"/runs/a"},
		"?story=KAN-2&repo=acme/web": nil,
	} {
		_, page := e.get(c, "/runs"+q)
		got := regexp.MustCompile(`href="(/runs/[a-z0-9]+)"`).FindAllStringSubmatch(page, -1)
		var ids []string
		for _, m := range got {
			ids = append(ids, m[1])
		}
		assert.Equal(t, want, ids, q)
	}
}

// sse reads events from the live feed.
func sse(t *testing.T, c *http.Client, srvURL, lastID string) (<-chan string, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srvURL+"/events", nil)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := c.Do(req)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	out := make(chan string, 16)
	go func() {
		defer close(out)
		sc := bufio.NewScanner(resp.Body)
		var ev []string
		for sc.Scan() {
			if sc.Text() == "" {
				if len(ev) > 0 {
					out <- strings.Join(ev, "|")
				}
				ev = nil
				continue
			}
			ev = append(ev, sc.Text())
		}
	}()
	return out, func() { cancel(); resp.Body.Close() }
}

func next(t *testing.T, ch <-chan string, want string) string {
	t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case ev := <-ch:
			if strings.Contains(ev, want) {
				return ev
			}
		case <-timeout:
			t.Fatalf("no %q event", want)
		}
	}
}

func TestLiveFeed(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, _ := e.signIn()
	ch, stop := sse(t, c, e.srv.URL, "")
	hello := next(t, ch, "event: hello")
	e.put(rec("r1", "acme/web", "KAN-1", runlog.Active, now))
	ev := next(t, ch, "event: change")
	assert.NotEqual(t, hello, ev)
	id := regexp.MustCompile(`id: (\d+)`).FindStringSubmatch(ev)[1]
	stop()

	// The browser was away while the run completed: on reconnecting with
	// its last event ID it is told at once.
	e.put(rec("r1", "acme/web", "KAN-1", runlog.Passed, now))
	ch, stop = sse(t, c, e.srv.URL, id)
	defer stop()
	next(t, ch, "event: change")
}

func TestCrossSitePostWithoutCookiesIs403(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, h := range []map[string]string{{"Sec-Fetch-Site": "cross-site"}, {"Origin": "http://evil.example"}} {
		resp, _ := e.post(client(), "/history/clear", url.Values{"confirm": {"yes"}}, h)
		assert.Equal(t, http.StatusForbidden, resp.StatusCode, h)
	}
}

func TestLongActiveRunsAreStale(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.put(rec("fresh", "acme/web", "KAN-1", runlog.Active, now.Add(-10*time.Minute)))
	e.put(rec("dead", "acme/web", "KAN-2", runlog.Active, now.Add(-7*time.Hour)))
	c, _ := e.signIn()
	_, page := e.get(c, "/")
	assert.Contains(t, page, `id="stat-active">1<`)
	assert.Regexp(t, `id="stale">[^<]*<a href="/runs/dead">KAN-2</a>`, page)
}

func TestBehindATLSProxy(t *testing.T) {
	t.Parallel()
	store, err := runbolt.Open(t.TempDir())
	require.NoError(t, err)
	d, err := dashboard.New(dashboard.Config{History: store, Token: token, GitHub: &fakeGitHub{}, PublicURL: "https://av.example.com"})
	require.NoError(t, err)
	defer d.Close()
	rec := httptest.NewRecorder()
	d.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://10.0.0.7:8080/auth/github", nil))
	require.Equal(t, http.StatusFound, rec.Code)
	assert.Contains(t, rec.Header().Get("Location"), "https://av.example.com/auth/github/callback", "the registered callback, not the pod's address")
	for _, c := range rec.Result().Cookies() {
		assert.True(t, c.Secure, c.Name)
	}
}
