package main

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/engineo/autoverify/integrations/redistest"

	gh "github.com/google/go-github/v60/github"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/integrations/github/githubtest"
)

const (
	testSecret = "webhook-secret-for-tests"
	headSHA    = "1111111111111111111111111111111111111111"
)

// testRedisURL returns a Redis for server tests, flushed; it skips loudly
// without one unless CI=true.
func testRedisURL(t *testing.T) string {
	t.Helper()
	redistest.Client(t, 12, "server end-to-end tests") // skips, or fails in CI, without Redis
	return redistest.URL(12)
}

// testPrefix keeps a test's Redis keys and queue apart from every other
// test's (and from parallel runs of the suite).
func testPrefix(t testing.TB) string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return "avtest-" + hex.EncodeToString(b[:]) + ":"
}

// appServer is one `autoverify serve` started in-process.
type appServer struct {
	addr   string
	cancel context.CancelFunc
	done   chan int
	logs   *bytes.Buffer
	mu     *sync.Mutex
}

// logString is what the server has logged so far.
func (s *appServer) logString() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.logs.String()
}

func startServer(t testing.TB, env map[string]string) *appServer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &appServer{cancel: cancel, done: make(chan int, 1), logs: &bytes.Buffer{}, mu: &sync.Mutex{}}
	addr := make(chan string, 1)
	logw := writerFunc(func(p []byte) (int, error) { s.mu.Lock(); defer s.mu.Unlock(); return s.logs.Write(p) })
	app := &App{Stdout: io.Discard, Stderr: logw, Getenv: func(k string) string { return env[k] }, Now: time.Now,
		Logger: slog.New(slog.NewJSONHandler(logw, nil)), OnListen: func(a string) { addr <- a }}
	go func() { s.done <- app.Run(ctx, []string{"serve"}) }()
	select {
	case s.addr = <-addr:
	case code := <-s.done:
		t.Fatalf("serve exited %d: %s", code, s.logs.String())
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not start")
	}
	t.Cleanup(func() { s.stop() })
	return s
}

func (s *appServer) stop() {
	if s.cancel != nil {
		s.cancel()
		<-s.done
		s.cancel = nil
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// deliver posts a signed delivery shaped like GitHub's.
func (s *appServer) deliver(t testing.TB, event, id string, payload any, secret string) (int, string) {
	t.Helper()
	body, err := json.Marshal(payload)
	require.NoError(t, err)
	req, err := http.NewRequest("POST", "http://"+s.addr+"/webhooks/github", bytes.NewReader(body))
	require.NoError(t, err)
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	req.Header.Set("X-Hub-Signature-256", "sha256="+hex.EncodeToString(m.Sum(nil)))
	req.Header.Set("X-GitHub-Event", event)
	req.Header.Set("X-GitHub-Delivery", id)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func commentEvent(commentID int64, user, body string) *gh.IssueCommentEvent {
	return &gh.IssueCommentEvent{
		Action: gh.String("created"),
		Issue: &gh.Issue{Number: gh.Int(7), PullRequestLinks: &gh.PullRequestLinks{
			URL: gh.String("https://api.github.com/repos/acme/web/pulls/7")}},
		Comment:      &gh.IssueComment{ID: gh.Int64(commentID), Body: gh.String(body), User: &gh.User{Login: gh.String(user), Type: gh.String("User")}},
		Repo:         &gh.Repository{Name: gh.String("web"), FullName: gh.String("acme/web"), Owner: &gh.User{Login: gh.String("acme")}},
		Sender:       &gh.User{Login: gh.String(user), Type: gh.String("User")},
		Installation: &gh.Installation{ID: gh.Int64(42)},
	}
}

// setupGitHub makes a fake GitHub with one pull request whose body holds
// the checklist.
func setupGitHub(t *testing.T, checklistBody string) *githubtest.Server {
	fake := githubtest.NewServer(t)
	fake.AddRepo("acme", "web", "main")
	fake.SetFiles("acme", "web", "main", map[string]string{".autoverify.yml": "allowlist: [true, sh -c]\n"})
	fake.SetFiles("acme", "web", headSHA, map[string]string{
		".autoverify.yml": "allowlist: [true, false, sh -c, rm]\n", // the head may not widen the allowlist
		"README.md":       "hello\n",
	})
	fake.AddPull("acme", "web", githubtest.PullSpec{Number: 7, Title: "KAN-25: greet people", Body: checklistBody,
		HeadRef: "feature/KAN-25", HeadSHA: headSHA, BaseRef: "main"})
	fake.SetPermission("acme", "web", "alice", "write")
	fake.SetPermission("acme", "web", "bob", "read")
	return fake
}

func serverEnv(t testing.TB, fake *githubtest.Server, redisURL string) map[string]string {
	dir := t.TempDir()
	return map[string]string{
		"ENGINEO_GITHUB_APP_ID":         fmt.Sprint(fake.AppID),
		"ENGINEO_GITHUB_PRIVATE_KEY":    string(fake.PrivateKeyPEM()),
		"ENGINEO_GITHUB_WEBHOOK_SECRET": testSecret,
		"ENGINEO_GITHUB_API_URL":        fake.URL,
		"ENGINEO_LISTEN_ADDR":           "127.0.0.1:0",
		"ENGINEO_REDIS_URL":             redisURL,
		"ENGINEO_REDIS_PREFIX":          testPrefix(t),
		"ENGINEO_ARTIFACTS_DIR":         filepath.Join(dir, "reports"),
		"ENGINEO_PUBLIC_URL":            "https://av.example.com",
		"ENGINEO_COMMAND_TIMEOUT":       "30s",
		// serve refuses a runner that cannot isolate: these tests run
		// every check in the local runner's sandbox.
		"ENGINEO_SANDBOX": "on",
	}
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	waitForWithin(t, what, 45*time.Second, cond)
}

// waitForWithin is waitFor with its own limit, for runs that build and
// test code (gates run go test on two trees, in the sandbox, with -race
// siblings competing for two cores).
func waitForWithin(t *testing.T, what string, limit time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if cond() {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

func completedRuns(fake *githubtest.Server) []*gh.CheckRun {
	var out []*gh.CheckRun
	for _, cr := range fake.CheckRuns("acme", "web") {
		if cr.GetStatus() == "completed" {
			out = append(out, cr)
		}
	}
	return out
}

func stickyComments(fake *githubtest.Server) []*gh.IssueComment {
	var out []*gh.IssueComment
	for _, c := range fake.Comments("acme", "web", 7) {
		if strings.Contains(c.GetBody(), "<!-- autoverify:sticky -->") {
			out = append(out, c)
		}
	}
	return out
}

// TestServeVerifyEndToEnd: a writer's /verify yields one check run and one
// sticky comment with the right content; a redelivery runs nothing twice; a
// forged signature gets 401; a reader gets a refusal; a 403 secondary rate
// limit on the comment is waited out and still yields one comment.
func TestServeVerifyEndToEnd(t *testing.T) {
	redisURL := testRedisURL(t)
	body := "Implements KAN-25.\n\n- [ ] Passes `true`\n<!-- AUTO:CMD=false -->\n- [ ] Not allowlisted on the base branch\n- [ ] Product owner reads the copy\n"
	fake := setupGitHub(t, body)
	srv := startServer(t, serverEnv(t, fake, redisURL))

	resp, err := http.Get("http://" + srv.addr + "/healthz")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)
	resp, err = http.Get("http://" + srv.addr + "/readyz")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)

	var stderr bytes.Buffer
	hc := &App{Stdout: io.Discard, Stderr: &stderr, Getenv: func(string) string { return "" }}
	assert.Equal(t, exitOK, hc.Run(context.Background(), []string{"healthcheck", "http://" + srv.addr + "/healthz"}), stderr.String())
	assert.Equal(t, exitFailed, hc.Run(context.Background(), []string{"healthcheck", "http://" + srv.addr + "/nope"}))

	// A secondary rate limit on the first comment post is waited out.
	fake.Fail("POST", "/repos/acme/web/issues/7/comments", 1, 403,
		map[string]string{"Retry-After": "1"}, `{"message":"You have exceeded a secondary rate limit."}`)

	cid := fake.AddComment("acme", "web", 7, "alice", "/verify")
	code, _ := srv.deliver(t, "issue_comment", "d-1", commentEvent(cid, "alice", "/verify"), "wrong-secret")
	assert.Equal(t, 401, code, "forged signature")
	code, msg := srv.deliver(t, "issue_comment", "d-1", commentEvent(cid, "alice", "/verify"), testSecret)
	assert.Equal(t, 202, code, msg)
	code, msg = srv.deliver(t, "issue_comment", "d-1", commentEvent(cid, "alice", "/verify"), testSecret)
	assert.Equal(t, 200, code)
	assert.Contains(t, msg, "duplicate")

	waitFor(t, "the check run to complete", func() bool { return len(completedRuns(fake)) == 1 && len(stickyComments(fake)) == 1 })
	time.Sleep(300 * time.Millisecond) // let any (wrong) second run show itself

	runs := fake.CheckRuns("acme", "web")
	require.Len(t, runs, 1, "one check run")
	cr := runs[0]
	assert.Equal(t, "autoverify", cr.GetName())
	assert.Equal(t, headSHA, cr.GetHeadSHA())
	assert.Equal(t, "failure", cr.GetConclusion(), "a rejected tag needs a fix")
	assert.Contains(t, cr.GetOutput().GetSummary(), "`true`")

	sticky := stickyComments(fake)
	require.Len(t, sticky, 1, "one sticky comment")
	text := sticky[0].GetBody()
	assert.Contains(t, text, "KAN-25")
	assert.Contains(t, text, "| ✅ | Passes `true` | `true` | PASS |")
	assert.Contains(t, text, "REJECTED")
	assert.Contains(t, text, "not in the allowlist", "the head's .autoverify.yml did not widen the allowlist")
	assert.Contains(t, text, "| 👤 | Product owner reads the copy |")
	assert.Contains(t, text, "https://av.example.com/runs/")
	assert.Contains(t, fake.Reactions(cid), "eyes")

	pr := fake.Pull("acme", "web", 7)
	assert.Contains(t, pr.GetBody(), "- [x] Passes `true`\n  - Auto-verified: PASS", "markers rewritten in the body")
	assert.Contains(t, pr.GetBody(), "Auto-verify: REJECTED")

	// The evidence is served under the run's unguessable ID.
	evURL := text[strings.Index(text, "https://av.example.com/runs/"):]
	evURL = evURL[:strings.IndexAny(evURL, ")")]
	resp, err = http.Get(strings.Replace(evURL, "https://av.example.com", "http://"+srv.addr, 1))
	require.NoError(t, err)
	ev, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)
	assert.Contains(t, string(ev), "command: true")
	resp, err = http.Get("http://" + srv.addr + "/runs/")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 404, resp.StatusCode, "no listing of runs")
	// Links are signed: the same file without its signature, or another
	// file of the run with it, is refused; a run's directory is not listed.
	local := strings.Replace(evURL, "https://av.example.com", "http://"+srv.addr, 1)
	unsigned, _, _ := strings.Cut(local, "?")
	for url, want := range map[string]int{unsigned: 403, strings.Replace(local, "-evidence-", "-auto-verify-summary-", 1): 403,
		unsigned[:strings.LastIndex(unsigned, "/")+1]: 404} {
		resp, err = http.Get(url)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, want, resp.StatusCode, url)
	}

	// A reader is refused politely and nothing runs.
	before := len(fake.Comments("acme", "web", 7))
	bid := fake.AddComment("acme", "web", 7, "bob", "/verify")
	code, _ = srv.deliver(t, "issue_comment", "d-2", commentEvent(bid, "bob", "/verify"), testSecret)
	assert.Equal(t, 202, code)
	waitFor(t, "the refusal", func() bool { return len(fake.Comments("acme", "web", 7)) == before+2 })
	last := fake.Comments("acme", "web", 7)
	assert.Contains(t, last[len(last)-1].GetBody(), "@bob thanks for asking")
	assert.Len(t, fake.CheckRuns("acme", "web"), 1, "nothing ran for a reader")

	// A rerun edits the sticky comment instead of adding one.
	cid3 := fake.AddComment("acme", "web", 7, "alice", "/verify")
	code, _ = srv.deliver(t, "issue_comment", "d-3", commentEvent(cid3, "alice", "/verify"), testSecret)
	assert.Equal(t, 202, code)
	waitFor(t, "the second run", func() bool { return len(completedRuns(fake)) == 2 })
	assert.Len(t, stickyComments(fake), 1)

	// Operators see it all on /metrics.
	resp, err = http.Get("http://" + srv.addr + "/metrics")
	require.NoError(t, err)
	metrics, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{
		`autoverify_webhooks_total{event="issue_comment",outcome="accepted",reason="",source="github"} 3`,
		`autoverify_webhooks_total{event="",outcome="rejected",reason="signature",source="github"} 1`,
		`autoverify_webhooks_total{event="issue_comment",outcome="deduplicated",reason="seen",source="github"} 1`,
		`autoverify_runs_total{route="needs_fix"} 2`,
		`autoverify_command_duration_seconds_count{environment="default",result="pass",runner="local"} 2`,
		`autoverify_api_calls_total{method="POST",service="github",status="403"} 1`,
		`autoverify_api_rate_limit_remaining{service="github"}`,
		`autoverify_queue_jobs{state="pending"} 0`,
		`autoverify_queue_oldest_age_seconds`,
		`autoverify_stage_seconds_count{stage="verify"} 2`,
		`autoverify_stage_seconds_count{stage="workspace"} 2`,
		`autoverify_delivery_seconds_count{phase="time_to_verdict"}`,
	} {
		assert.Contains(t, string(metrics), want)
	}
}

// TestServeRefusesToStartWithoutCredentials names the missing variable.
func TestServeRefusesToStartWithoutCredentials(t *testing.T) {
	t.Parallel()
	for name, env := range map[string]map[string]string{
		"ENGINEO_GITHUB_WEBHOOK_SECRET": {"ENGINEO_GITHUB_APP_ID": "1", "ENGINEO_GITHUB_PRIVATE_KEY": "x"},
		"ENGINEO_GITHUB_APP_ID":         {"ENGINEO_GITHUB_WEBHOOK_SECRET": "s", "ENGINEO_GITHUB_PRIVATE_KEY": "x"},
		"ENGINEO_GITHUB_PRIVATE_KEY":    {"ENGINEO_GITHUB_WEBHOOK_SECRET": "s", "ENGINEO_GITHUB_APP_ID": "1"},
	} {
		var stderr bytes.Buffer
		app := &App{Stdout: io.Discard, Stderr: &stderr, Getenv: func(k string) string { return env[k] }, Now: time.Now}
		assert.Equal(t, exitBadInput, app.Run(context.Background(), []string{"serve"}), name)
		assert.Contains(t, stderr.String(), name)
	}
}
