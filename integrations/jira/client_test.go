package jira

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/engineo/autoverify/integrations/jira/jiratest"
)

const key = "KAN-25"

var (
	toReview = jiratest.Transition{ID: "21", Name: "Start review", To: "In Review"}
	toDone   = jiratest.Transition{ID: "31", Name: "Verified", To: "Done"}
	reopen   = jiratest.Transition{ID: "41", Name: "Reopen", To: "To Do", From: []string{"Done"}}
)

type fixture struct {
	srv *jiratest.Server
	c   *Client
	ctx context.Context

	mu       sync.Mutex
	observed []string // "METHOD path status"
}

func newFixture(t *testing.T, tweak ...func(*Config)) *fixture {
	t.Helper()
	f := &fixture{srv: jiratest.NewServer(t), ctx: context.Background()}
	f.srv.AddIssue(key, "KAN", "Checkout flow", "In Progress", toReview, toDone, reopen)
	cfg := Config{
		BaseURL:      f.srv.URL,
		Email:        jiratest.DefaultEmail,
		APIToken:     jiratest.DefaultAPIToken,
		MaxRetryWait: 5 * time.Second,
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
		Observer: func(method, path string, status int) {
			f.mu.Lock()
			defer f.mu.Unlock()
			f.observed = append(f.observed, fmt.Sprintf("%s %s %d", method, path, status))
		},
	}
	for _, tw := range tweak {
		tw(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	c.retry.BaseDelay = 10 * time.Millisecond // keep 5xx backoff fast
	f.c = c
	return f
}

func (f *fixture) calls(method, pathPrefix string) []jiratest.Call {
	var out []jiratest.Call
	for _, c := range f.srv.Calls() {
		if c.Method == method && strings.HasPrefix(c.Path, pathPrefix) {
			out = append(out, c)
		}
	}
	return out
}

func TestNewValidatesConfig(t *testing.T) {
	cases := []struct {
		name string
		cfg  Config
		want string
	}{
		{"no url", Config{Email: "a@b.c", APIToken: "t"}, "set ENGINEO_JIRA_URL"},
		{"bad url", Config{BaseURL: "acme.atlassian.net", Email: "a@b.c", APIToken: "t"}, "ENGINEO_JIRA_URL \"acme.atlassian.net\" is not an http(s) URL"},
		{"no auth", Config{BaseURL: "https://acme.atlassian.net"}, "set ENGINEO_JIRA_EMAIL and ENGINEO_JIRA_API_TOKEN (Jira Cloud) or ENGINEO_JIRA_PAT"},
		{"both", Config{BaseURL: "https://acme.atlassian.net", Email: "a@b.c", APIToken: "t", PAT: "p"}, "both ENGINEO_JIRA_PAT and ENGINEO_JIRA_EMAIL/ENGINEO_JIRA_API_TOKEN are set"},
		{"pat and email", Config{BaseURL: "https://acme.atlassian.net", Email: "a@b.c", PAT: "p"}, "both ENGINEO_JIRA_PAT"},
		{"email only", Config{BaseURL: "https://acme.atlassian.net", Email: "a@b.c"}, "ENGINEO_JIRA_EMAIL is set but ENGINEO_JIRA_API_TOKEN is not"},
		{"token only", Config{BaseURL: "https://acme.atlassian.net", APIToken: "t"}, "ENGINEO_JIRA_API_TOKEN is set but ENGINEO_JIRA_EMAIL is not"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.cfg)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("New(%+v) = %v, want an error containing %q", tc.cfg, err, tc.want)
			}
		})
	}
	for _, cfg := range []Config{
		{BaseURL: "https://acme.atlassian.net", Email: "a@b.c", APIToken: "t"},
		{BaseURL: "https://jira.example.com/jira/", PAT: "p"},
	} {
		c, err := New(cfg)
		if err != nil {
			t.Fatalf("New(%+v): %v", cfg, err)
		}
		if c.retry.MaxWait != DefaultMaxRetryWait || c.retry.MaxAttempts != DefaultMaxAttempts {
			t.Errorf("defaults: maxWait %v, maxAttempts %d", c.retry.MaxWait, c.retry.MaxAttempts)
		}
	}
}

func TestBasicAuth(t *testing.T) {
	f := newFixture(t)
	f.srv.RequireBasic("alice@example.com", "s3cret")

	// Wrong token: a 401 that is not retried and says what it is.
	bad, err := New(Config{BaseURL: f.srv.URL, Email: "alice@example.com", APIToken: "wrong"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = bad.Issue(f.ctx, key)
	if !errors.Is(err, ErrUnauthorized) || errors.Is(err, ErrNotFound) {
		t.Fatalf("wrong token: err = %v, want ErrUnauthorized", err)
	}
	if n := len(f.calls("GET", "/rest/api/2/issue/")); n != 1 {
		t.Fatalf("a 401 was sent %d times, want once", n)
	}

	good, err := New(Config{BaseURL: f.srv.URL, Email: "alice@example.com", APIToken: "s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	is, err := good.Issue(f.ctx, key)
	if err != nil {
		t.Fatalf("Issue: %v", err)
	}
	if is.Key != key {
		t.Fatalf("Issue = %+v", is)
	}
	calls := f.srv.Calls()
	if last := calls[len(calls)-1]; last.Auth != "Basic" || last.Status != http.StatusOK {
		t.Fatalf("last call = %+v, want Basic auth answered 200", last)
	}
}

func TestBearerAuth(t *testing.T) {
	f := newFixture(t)
	f.srv.RequireBearer("pat-123")

	// Basic credentials against a PAT-only server, and a wrong PAT: 401.
	if _, err := f.c.Issue(f.ctx, key); !errors.Is(err, ErrUnauthorized) {
		t.Fatalf("basic against bearer server: err = %v, want ErrUnauthorized", err)
	}
	bad, err := New(Config{BaseURL: f.srv.URL, PAT: "pat-999"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bad.Issue(f.ctx, key); !errors.Is(err, ErrUnauthorized) {
		t.Fatalf("wrong PAT: err = %v, want ErrUnauthorized", err)
	}

	c, err := New(Config{BaseURL: f.srv.URL, PAT: "pat-123"})
	if err != nil {
		t.Fatal(err)
	}
	ts, err := c.Transitions(f.ctx, key)
	if err != nil || len(ts) == 0 {
		t.Fatalf("Transitions = %v, %v", ts, err)
	}
	calls := f.srv.Calls()
	if last := calls[len(calls)-1]; last.Auth != "Bearer" || last.Status != http.StatusOK {
		t.Fatalf("last call = %+v, want Bearer auth answered 200", last)
	}
}

func TestIssue(t *testing.T) {
	f := newFixture(t)
	is, err := f.c.Issue(f.ctx, key)
	if err != nil {
		t.Fatalf("Issue: %v", err)
	}
	want := Issue{Key: key, Summary: "Checkout flow", Status: "In Progress", ProjectKey: "KAN"}
	if *is != want {
		t.Fatalf("Issue = %+v, want %+v", *is, want)
	}
	get := f.calls("GET", "/rest/api/2/issue/"+key)
	if len(get) != 1 || get[0].Query != "fields=summary%2Cstatus%2Cproject" {
		t.Fatalf("calls = %+v, want one GET with fields=summary,status,project", get)
	}

	_, err = f.c.Issue(f.ctx, "KAN-404")
	if !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing issue: err = %v, want ErrNotFound", err)
	}
	if !strings.HasPrefix(err.Error(), "jira: reading issue KAN-404: ") || !strings.Contains(err.Error(), "Issue does not exist") {
		t.Fatalf("missing issue: err = %q, want context and Jira's message", err)
	}
	var se *StatusError
	if !errors.As(err, &se) || se.StatusCode != http.StatusNotFound {
		t.Fatalf("missing issue: err = %#v, want a *StatusError 404", err)
	}

	for _, k := range []string{"", "../admin", "KAN-1/comment", "KAN 1", "kan"} {
		if _, err := f.c.Issue(f.ctx, k); err == nil || !strings.Contains(err.Error(), "is not an issue key") {
			t.Errorf("Issue(%q) = %v, want a key error", k, err)
		}
	}
}

func TestTransitionsAndFindTransition(t *testing.T) {
	f := newFixture(t)
	ts, err := f.c.Transitions(f.ctx, key)
	if err != nil {
		t.Fatalf("Transitions: %v", err)
	}
	want := []Transition{{ID: "21", Name: "Start review", ToStatus: "In Review"}, {ID: "31", Name: "Verified", ToStatus: "Done"}}
	if fmt.Sprint(ts) != fmt.Sprint(want) {
		t.Fatalf("Transitions = %+v, want %+v (Reopen is not offered from In Progress)", ts, want)
	}

	for _, tc := range []struct {
		want, id string
		ok       bool
	}{
		{"Verified", "31", true},     // by name
		{"  verified ", "31", true},  // trimmed, case-insensitive
		{"DONE", "31", true},         // by target status
		{"in review", "21", true},    // by target status
		{"start REVIEW", "21", true}, // by name
		{"Closed", "", false},
		{"", "", false},
	} {
		got, ok := FindTransition(ts, tc.want)
		if ok != tc.ok || got.ID != tc.id {
			t.Errorf("FindTransition(%q) = %+v, %v; want id %q, %v", tc.want, got, ok, tc.id, tc.ok)
		}
	}

	// A name match beats a target-status match.
	tricky := []Transition{{ID: "1", Name: "Go", ToStatus: "Done"}, {ID: "2", Name: "Done", ToStatus: "Closed"}}
	if got, _ := FindTransition(tricky, "done"); got.ID != "2" {
		t.Errorf("FindTransition prefers %+v, want the name match", got)
	}

	if _, err := f.c.Transitions(f.ctx, "KAN-404"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Transitions(missing) = %v, want ErrNotFound", err)
	}
}

func TestTransitionMovesStatus(t *testing.T) {
	f := newFixture(t)
	if err := f.c.Transition(f.ctx, key, "31"); err != nil {
		t.Fatalf("Transition: %v", err)
	}
	if got := f.srv.Issue(key); got != "Done" {
		t.Fatalf("status = %q, want Done", got)
	}
	if got := f.srv.TransitionsDone(key); fmt.Sprint(got) != "[Verified]" {
		t.Fatalf("TransitionsDone = %v", got)
	}
	is, err := f.c.Issue(f.ctx, key)
	if err != nil || is.Status != "Done" {
		t.Fatalf("Issue after transition = %+v, %v", is, err)
	}

	// Now only Verified and Reopen are offered; 21 is still global here.
	err = f.c.Transition(f.ctx, key, "99")
	if err == nil || !strings.HasPrefix(err.Error(), "jira: transitioning KAN-25: ") ||
		!strings.Contains(err.Error(), "Transition id '99' is not valid for this issue.") {
		t.Fatalf("unknown transition: err = %v", err)
	}
	var se *StatusError
	if !errors.As(err, &se) || se.StatusCode != http.StatusBadRequest || errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown transition: err = %#v, want a 400 StatusError", err)
	}
	if n := len(f.calls("POST", "/rest/api/2/issue/"+key+"/transitions")); n != 2 {
		t.Fatalf("%d transition POSTs, want 2 (a 400 is not retried)", n)
	}

	err = f.c.Transition(f.ctx, "KAN-404", "31")
	if !errors.Is(err, ErrNotFound) || !strings.HasPrefix(err.Error(), "jira: transitioning KAN-404: ") {
		t.Fatalf("missing issue: err = %v", err)
	}
}

func TestTransitionNotRepeatedAfterApplied5xx(t *testing.T) {
	f := newFixture(t)
	f.srv.FailAfterApplying("POST", "/rest/api/2/issue/"+key+"/transitions", 1, http.StatusBadGateway)
	if err := f.c.Transition(f.ctx, key, "31"); err != nil {
		t.Fatalf("Transition: %v", err)
	}
	if got := f.srv.TransitionsDone(key); fmt.Sprint(got) != "[Verified]" {
		t.Fatalf("TransitionsDone = %v, want exactly one Verified", got)
	}
	if n := len(f.calls("POST", "/rest/api/2/issue/"+key+"/transitions")); n != 1 {
		t.Fatalf("%d transition POSTs, want 1", n)
	}
}

func TestTransitionRetriedAfterUnapplied5xx(t *testing.T) {
	f := newFixture(t)
	f.srv.Fail("POST", "/rest/api/2/issue/"+key+"/transitions", 1, http.StatusServiceUnavailable, nil)
	if err := f.c.Transition(f.ctx, key, "21"); err != nil {
		t.Fatalf("Transition: %v", err)
	}
	if got := f.srv.TransitionsDone(key); fmt.Sprint(got) != "[Start review]" {
		t.Fatalf("TransitionsDone = %v", got)
	}
	if n := len(f.calls("POST", "/rest/api/2/issue/"+key+"/transitions")); n != 2 {
		t.Fatalf("%d transition POSTs, want 2", n)
	}
}

func TestAddCommentOnceIsIdempotent(t *testing.T) {
	f := newFixture(t)
	body := "h3. autoverify: PASS\n* (/) Run type check"
	for range 2 {
		if err := f.c.AddCommentOnce(f.ctx, key, "run-1", body); err != nil {
			t.Fatalf("AddCommentOnce: %v", err)
		}
	}
	cs := f.srv.Comments(key)
	if len(cs) != 1 {
		t.Fatalf("%d comments, want 1", len(cs))
	}
	if want := body + "\n\n{color:#999999}autoverify run run-1{color}"; cs[0].Body != want {
		t.Fatalf("body = %q, want %q", cs[0].Body, want)
	}
	if cs[0].AuthorAccountID != jiratest.BotAccountID {
		t.Fatalf("author = %q", cs[0].AuthorAccountID)
	}

	// A run whose ID extends another's is a different run...
	if err := f.c.AddCommentOnce(f.ctx, key, "run-12", "second"); err != nil {
		t.Fatal(err)
	}
	// ...and neither hides the other.
	if err := f.c.AddCommentOnce(f.ctx, key, "run-1", "again"); err != nil {
		t.Fatal(err)
	}
	if n := len(f.srv.Comments(key)); n != 2 {
		t.Fatalf("%d comments, want 2", n)
	}

	got, err := f.c.Comments(f.ctx, key)
	if err != nil || len(got) != 2 || got[1].Author != jiratest.BotAccountID || !strings.HasPrefix(got[1].Body, "second") {
		t.Fatalf("Comments = %+v, %v", got, err)
	}

	for _, bad := range []string{"", "run 1", "run{color}", strings.Repeat("x", 129)} {
		if err := f.c.AddCommentOnce(f.ctx, key, bad, "x"); err == nil {
			t.Errorf("run ID %q accepted", bad)
		}
	}
	if err := f.c.AddCommentOnce(f.ctx, key, "run-3", "  \n"); err == nil {
		t.Error("empty body accepted")
	}
	if err := f.c.AddCommentOnce(f.ctx, "KAN-404", "run-3", "x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing issue: err = %v, want ErrNotFound", err)
	}
}

func TestAddCommentOnceAfterAppliedBadGateway(t *testing.T) {
	f := newFixture(t)
	f.srv.FailAfterApplying("POST", "/rest/api/2/issue/"+key+"/comment", 1, http.StatusBadGateway)
	if err := f.c.AddCommentOnce(f.ctx, key, "run-7", "report"); err != nil {
		t.Fatalf("AddCommentOnce: %v", err)
	}
	if n := len(f.srv.Comments(key)); n != 1 {
		t.Fatalf("%d comments, want 1", n)
	}
	if n := len(f.calls("POST", "/rest/api/2/issue/"+key+"/comment")); n != 1 {
		t.Fatalf("%d comment POSTs, want 1 (the second look found it)", n)
	}
	if n := len(f.calls("GET", "/rest/api/2/issue/"+key+"/comment")); n != 2 {
		t.Fatalf("%d comment listings, want 2 (before the post, and after the 502)", n)
	}
}

func TestAddCommentOnceRetriesUnappliedBadGateway(t *testing.T) {
	f := newFixture(t)
	f.srv.Fail("POST", "/rest/api/2/issue/"+key+"/comment", 1, http.StatusBadGateway, nil)
	if err := f.c.AddCommentOnce(f.ctx, key, "run-8", "report"); err != nil {
		t.Fatalf("AddCommentOnce: %v", err)
	}
	if n := len(f.srv.Comments(key)); n != 1 {
		t.Fatalf("%d comments, want 1", n)
	}
	if n := len(f.calls("POST", "/rest/api/2/issue/"+key+"/comment")); n != 2 {
		t.Fatalf("%d comment POSTs, want 2", n)
	}

	// A server that keeps failing: bounded rounds, then the error.
	f.srv.Fail("POST", "/rest/api/2/issue/"+key+"/comment", -1, http.StatusInternalServerError, nil)
	err := f.c.AddCommentOnce(f.ctx, key, "run-9", "report")
	var se *StatusError
	if !errors.As(err, &se) || se.StatusCode != http.StatusInternalServerError {
		t.Fatalf("err = %v, want the 500", err)
	}
	if n := len(f.calls("POST", "/rest/api/2/issue/"+key+"/comment")); n != 2+createRounds {
		t.Fatalf("%d comment POSTs, want %d", n, 2+createRounds)
	}
}

func TestCommentsPaginate(t *testing.T) {
	f := newFixture(t)
	const n = 2*jiratest.MaxPageSize + 20
	for i := range n {
		f.srv.AddComment(key, "alice", fmt.Sprintf("comment %d", i))
	}
	cs, err := f.c.Comments(f.ctx, key)
	if err != nil {
		t.Fatalf("Comments: %v", err)
	}
	if len(cs) != n {
		t.Fatalf("%d comments, want %d", len(cs), n)
	}
	for i, c := range cs {
		if c.Body != fmt.Sprintf("comment %d", i) || c.Author != "alice" || c.ID == "" {
			t.Fatalf("comment %d = %+v", i, c)
		}
	}
	var starts []string
	for _, c := range f.calls("GET", "/rest/api/2/issue/"+key+"/comment") {
		starts = append(starts, c.Query)
	}
	want := "[startAt=0&maxResults=100 startAt=50&maxResults=100 startAt=100&maxResults=100]"
	if fmt.Sprint(starts) != want {
		t.Fatalf("listings = %v, want %v", starts, want)
	}

	// A run ID on the last page is found, so nothing is posted.
	f.srv.AddComment(key, jiratest.BotAccountID, "old report\n\n"+RunLine("run-5"))
	if err := f.c.AddCommentOnce(f.ctx, key, "run-5", "report"); err != nil {
		t.Fatal(err)
	}
	if got := len(f.srv.Comments(key)); got != n+1 {
		t.Fatalf("%d comments, want %d (no new post)", got, n+1)
	}
	if p := len(f.calls("POST", "/rest/api/2/issue/")); p != 0 {
		t.Fatalf("%d POSTs, want 0", p)
	}
}

func TestRateLimitRetryAfterIsWaitedOut(t *testing.T) {
	f := newFixture(t)
	f.srv.Fail("GET", "/rest/api/2/issue/"+key, 1, http.StatusTooManyRequests, map[string]string{"Retry-After": "1"})
	start := time.Now()
	is, err := f.c.Issue(f.ctx, key)
	if err != nil || is.Status != "In Progress" {
		t.Fatalf("Issue = %+v, %v", is, err)
	}
	if elapsed := time.Since(start); elapsed < time.Second {
		t.Fatalf("retried after %v, before Retry-After's 1s", elapsed)
	}
	f.mu.Lock()
	got := fmt.Sprint(f.observed)
	f.mu.Unlock()
	if want := "[GET /rest/api/2/issue/KAN-25 429 GET /rest/api/2/issue/KAN-25 200]"; got != want {
		t.Fatalf("observed %s, want %s", got, want)
	}
}

func TestRateLimitOnPostIsRetried(t *testing.T) {
	// Jira rejects a rate-limited request, so even a create is repeated.
	f := newFixture(t)
	f.srv.Fail("POST", "/rest/api/2/issue/"+key+"/comment", 1, http.StatusTooManyRequests, map[string]string{"Retry-After": "0"})
	if err := f.c.AddCommentOnce(f.ctx, key, "run-1", "report"); err != nil {
		t.Fatal(err)
	}
	if n := len(f.srv.Comments(key)); n != 1 {
		t.Fatalf("%d comments, want 1", n)
	}
	if n := len(f.calls("POST", "/rest/api/2/issue/"+key+"/comment")); n != 2 {
		t.Fatalf("%d POSTs, want 2", n)
	}
}

func TestRateLimitLongerThanMaxWaitIsAnError(t *testing.T) {
	f := newFixture(t, func(c *Config) { c.MaxRetryWait = time.Second })
	f.srv.Fail("GET", "/rest/api/2/issue/", 1, http.StatusTooManyRequests, map[string]string{"Retry-After": "120"})
	start := time.Now()
	_, err := f.c.Issue(f.ctx, key)
	var se *StatusError
	if !errors.As(err, &se) || se.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("err = %v, want the 429", err)
	}
	if time.Since(start) > 500*time.Millisecond {
		t.Fatal("slept although the wait exceeds MaxRetryWait")
	}
}

func TestServerErrorsRetriedForGets(t *testing.T) {
	f := newFixture(t)
	f.srv.Fail("GET", "/rest/api/2/issue/"+key+"/transitions", 2, http.StatusBadGateway, nil)
	ts, err := f.c.Transitions(f.ctx, key)
	if err != nil || len(ts) != 2 {
		t.Fatalf("Transitions = %v, %v", ts, err)
	}
	if n := len(f.calls("GET", "/rest/api/2/issue/"+key+"/transitions")); n != 3 {
		t.Fatalf("%d GETs, want 3", n)
	}

	// Bounded by MaxAttempts.
	f.srv.Fail("GET", "/rest/api/2/issue/"+key, -1, http.StatusServiceUnavailable, nil)
	_, err = f.c.Issue(f.ctx, key)
	var se *StatusError
	if !errors.As(err, &se) || se.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("err = %v, want the 503", err)
	}
	if n := len(f.calls("GET", "/rest/api/2/issue/"+key)) - 3; n != DefaultMaxAttempts {
		t.Fatalf("%d attempts, want %d", n, DefaultMaxAttempts)
	}
}

func TestContextCancelsRetryWait(t *testing.T) {
	f := newFixture(t)
	f.srv.Fail("GET", "/rest/api/2/issue/", 1, http.StatusTooManyRequests, map[string]string{"Retry-After": "5"})
	ctx, cancel := context.WithTimeout(f.ctx, 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := f.c.Issue(ctx, key)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the deadline", err)
	}
	if time.Since(start) > 2*time.Second {
		t.Fatal("kept waiting after the context ended")
	}
}
