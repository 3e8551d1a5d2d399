package github

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	gh "github.com/google/go-github/v60/github"

	"github.com/engineo/autoverify/integrations/github/githubtest"
)

const (
	owner   = "acme"
	repo    = "shop"
	headSHA = "1111111111111111111111111111111111111111"
	baseSHA = "2222222222222222222222222222222222222222"
	marker  = "<!-- autoverify:sticky -->"
)

// fixture is a fake GitHub with one repository and pull request #7, and a
// Client for installation 99 against it.
type fixture struct {
	srv *githubtest.Server
	app *App
	c   *Client
	ctx context.Context
}

func newFixture(t *testing.T, tweak ...func(*AppConfig)) *fixture {
	t.Helper()
	srv := githubtest.NewServer(t)
	srv.AddRepo(owner, repo, "main")
	srv.AddPull(owner, repo, githubtest.PullSpec{
		Number: 7, Title: "KAN-25: checkout flow", Body: "- [ ] item",
		HeadRef: "kan-25-checkout", HeadSHA: headSHA, BaseRef: "main", BaseSHA: baseSHA, User: "alice",
	})
	cfg := AppConfig{
		AppID:         srv.AppID,
		PrivateKeyPEM: srv.PrivateKeyPEM(),
		BaseURL:       srv.URL,
		MaxRetryWait:  5 * time.Second,
		Logger:        slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	for _, f := range tweak {
		f(&cfg)
	}
	app, err := NewApp(cfg)
	if err != nil {
		t.Fatalf("NewApp: %v", err)
	}
	app.retry.BaseDelay = 10 * time.Millisecond // keep 5xx backoff fast
	c, err := app.Client(99)
	if err != nil {
		t.Fatalf("Client: %v", err)
	}
	return &fixture{srv: srv, app: app, c: c, ctx: context.Background()}
}

func TestPermission(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for user, role := range map[string]string{"ann": "admin", "max": "maintain", "wes": "write", "tri": "triage", "rea": "read"} {
		f.srv.SetPermission(owner, repo, user, role)
	}
	tests := []struct{ user, want string }{
		{"ann", "admin"}, {"max", "maintain"}, {"wes", "write"}, {"tri", "triage"}, {"rea", "read"}, {"stranger", "none"},
	}
	for _, tt := range tests {
		got, err := f.c.Permission(f.ctx, owner, repo, tt.user)
		if err != nil || got != tt.want {
			t.Errorf("Permission(%s) = %q, %v; want %q", tt.user, got, err, tt.want)
		}
	}
	if _, err := f.c.Permission(f.ctx, owner, "nope", "ann"); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown repo: err = %v, want ErrNotFound", err)
	}
}

func TestRepoInfo(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.srv.AddRepo(owner, "legacy", "master")
	got, err := f.c.DefaultBranch(f.ctx, owner, "legacy")
	if err != nil || got != "master" {
		t.Fatalf("DefaultBranch = %q, %v", got, err)
	}
	r, err := f.c.RepoInfo(f.ctx, owner, repo)
	if err != nil || r.GetFullName() != "acme/shop" {
		t.Fatalf("RepoInfo = %v, %v", r, err)
	}
}

func TestPullRequestAndUpdateBody(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	pr, err := f.c.PullRequest(f.ctx, owner, repo, 7)
	if err != nil {
		t.Fatal(err)
	}
	if pr.GetHead().GetSHA() != headSHA || pr.GetBase().GetRef() != "main" || pr.GetUser().GetLogin() != "alice" {
		t.Errorf("PullRequest = head %s base %s user %s", pr.GetHead().GetSHA(), pr.GetBase().GetRef(), pr.GetUser().GetLogin())
	}
	if err := f.c.UpdatePullBody(f.ctx, owner, repo, 7, "- [x] item\n  - Auto-verified: PASS"); err != nil {
		t.Fatal(err)
	}
	got := f.srv.Pull(owner, repo, 7)
	if got.GetBody() != "- [x] item\n  - Auto-verified: PASS" || got.GetTitle() != "KAN-25: checkout flow" {
		t.Errorf("after update: title %q body %q", got.GetTitle(), got.GetBody())
	}
	if _, err := f.c.PullRequest(f.ctx, owner, repo, 8); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing PR: err = %v, want ErrNotFound", err)
	}
}

func TestFindPullForKey(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	// Enough open pull requests to need a second page.
	for n := 100; n < 230; n++ {
		f.srv.AddPull(owner, repo, githubtest.PullSpec{Number: n, Title: fmt.Sprintf("chore %d", n), HeadRef: fmt.Sprintf("chore-%d", n)})
	}
	f.srv.AddPull(owner, repo, githubtest.PullSpec{Number: 50, Title: "Fix KAN-2 typo", HeadRef: "fix"})
	f.srv.AddPull(owner, repo, githubtest.PullSpec{Number: 51, Title: "closed", HeadRef: "kan-30-old", State: "closed"})
	f.srv.AddPull(owner, repo, githubtest.PullSpec{Number: 3, Title: "branch only", HeadRef: "feature/KAN-31-thing"})
	tests := []struct {
		key  string
		want int // 0: ErrNotFound
	}{
		{"KAN-25", 7},
		{"kan-25", 7},
		{"KAN-2", 50}, // not 7: "KAN-25" does not mention KAN-2
		{"KAN-31", 3}, // head ref only, on the second page
		{"KAN-30", 0}, // closed
		{"KAN-99", 0},
	}
	for _, tt := range tests {
		pr, err := f.c.FindPullForKey(f.ctx, owner, repo, tt.key)
		if tt.want == 0 {
			if !errors.Is(err, ErrNotFound) {
				t.Errorf("FindPullForKey(%s) = %v, %v; want ErrNotFound", tt.key, pr.GetNumber(), err)
			}
			continue
		}
		if err != nil || pr.GetNumber() != tt.want {
			t.Errorf("FindPullForKey(%s) = #%d, %v; want #%d", tt.key, pr.GetNumber(), err, tt.want)
		}
	}
}

func TestFileContent(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	big := strings.Repeat("0123456789abcdef\n", 80000) // > 1 MB: served raw only
	f.srv.SetFiles(owner, repo, headSHA, map[string]string{
		"docs/stories/KAN-25.md": "# KAN-25\n- [ ] item\n",
		"big.txt":                big,
	})
	f.srv.SetFiles(owner, repo, "main", map[string]string{"docs/stories/KAN-25.md": "old\n"})
	tests := []struct {
		name, path, ref, want string
		err                   error
	}{
		{"at the head SHA", "docs/stories/KAN-25.md", headSHA, "# KAN-25\n- [ ] item\n", nil},
		{"at the head branch", "docs/stories/KAN-25.md", "kan-25-checkout", "# KAN-25\n- [ ] item\n", nil},
		{"default branch", "docs/stories/KAN-25.md", "", "old\n", nil},
		{"over 1 MB", "big.txt", headSHA, big, nil},
		{"missing file", "docs/stories/KAN-26.md", headSHA, "", ErrNotFound},
		{"missing ref", "docs/stories/KAN-25.md", "no-such-branch", "", ErrNotFound},
	}
	for _, tt := range tests {
		got, err := f.c.FileContent(f.ctx, owner, repo, tt.path, tt.ref)
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("%s: err = %v, want %v", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil || string(got) != tt.want {
			t.Errorf("%s: got %d bytes, %v", tt.name, len(got), err)
		}
	}
	if _, err := f.c.FileContent(f.ctx, owner, repo, "docs", headSHA); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("directory: err = %v", err)
	}
}

func TestDownloadTarball(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.srv.SetFiles(owner, repo, headSHA, map[string]string{
		"go.mod":                 "module shop\n",
		"docs/stories/KAN-25.md": "- [ ] item\n",
		"cmd/shop/main.go":       "package main\n",
	})
	dest := filepath.Join(t.TempDir(), "ws")
	if err := f.c.DownloadTarball(f.ctx, owner, repo, headSHA, dest, ExtractLimits{}); err != nil {
		t.Fatalf("DownloadTarball: %v", err)
	}
	for name, want := range map[string]string{"go.mod": "module shop\n", "docs/stories/KAN-25.md": "- [ ] item\n", "cmd/shop/main.go": "package main\n"} {
		if got, err := os.ReadFile(filepath.Join(dest, name)); err != nil || string(got) != want {
			t.Errorf("%s = %q, %v", name, got, err)
		}
	}
	for _, call := range f.srv.Calls() {
		if strings.HasPrefix(call.Path, "/codeload/") && call.Auth != "" {
			t.Errorf("the installation token was sent to the archive URL (%s)", call.Path)
		}
	}
	if f.srv.CountCalls("GET", "/codeload/") != 1 {
		t.Errorf("codeload calls = %d, want 1", f.srv.CountCalls("GET", "/codeload/"))
	}

	t.Run("unknown ref", func(t *testing.T) {
		err := f.c.DownloadTarball(f.ctx, owner, repo, "no-such-branch", filepath.Join(t.TempDir(), "ws"), ExtractLimits{})
		if !errors.Is(err, ErrNotFound) {
			t.Errorf("err = %v, want ErrNotFound", err)
		}
	})
	t.Run("hostile archive", func(t *testing.T) {
		evil := "3333333333333333333333333333333333333333"
		f.srv.SetTarball(owner, repo, evil, tarGz(t, dir("acme-shop-3333333/"), symlink("acme-shop-3333333/x", "/etc")))
		err := f.c.DownloadTarball(f.ctx, owner, repo, evil, filepath.Join(t.TempDir(), "ws"), ExtractLimits{})
		if !errors.Is(err, ErrUnsafeArchive) {
			t.Errorf("err = %v, want ErrUnsafeArchive", err)
		}
	})
	t.Run("limits apply", func(t *testing.T) {
		err := f.c.DownloadTarball(f.ctx, owner, repo, headSHA, filepath.Join(t.TempDir(), "ws"), ExtractLimits{MaxFiles: 2})
		if !errors.Is(err, ErrArchiveTooLarge) {
			t.Errorf("err = %v, want ErrArchiveTooLarge", err)
		}
	})
}

func TestStartCheckRunReusesExternalID(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	id1, err := f.c.StartCheckRun(f.ctx, owner, repo, headSHA, "delivery-1", "https://autoverify.example/runs/1")
	if err != nil {
		t.Fatal(err)
	}
	id2, err := f.c.StartCheckRun(f.ctx, owner, repo, headSHA, "delivery-2", "")
	if err != nil {
		t.Fatal(err)
	}
	// A redelivery of the first job: the run is hidden from filter=latest
	// by the newer one, and must still be found.
	again, err := f.c.StartCheckRun(f.ctx, owner, repo, headSHA, "delivery-1", "https://autoverify.example/runs/1")
	if err != nil {
		t.Fatal(err)
	}
	if id1 == id2 || again != id1 {
		t.Errorf("ids = %d, %d, again %d; want distinct, then the first reused", id1, id2, again)
	}
	runs := f.srv.CheckRuns(owner, repo)
	if len(runs) != 2 {
		t.Fatalf("%d check runs, want 2", len(runs))
	}
	r := runs[0]
	if r.GetName() != CheckName || r.GetStatus() != "in_progress" || r.GetExternalID() != "delivery-1" ||
		r.GetHeadSHA() != headSHA || r.GetDetailsURL() != "https://autoverify.example/runs/1" {
		t.Errorf("check run = %+v", r)
	}
	if _, err := f.c.StartCheckRun(f.ctx, owner, repo, "not-a-sha", "x", ""); err == nil ||
		!strings.Contains(err.Error(), "creating check run on acme/shop@not-a-sha") {
		t.Errorf("bad SHA: err = %v", err)
	}
}

func TestCompleteCheckRun(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	id, err := f.c.StartCheckRun(f.ctx, owner, repo, headSHA, "d", "")
	if err != nil {
		t.Fatal(err)
	}
	summary := strings.Repeat("| item | PASS ✓ |\n", 5000) // ~100 KB
	if err := f.c.CompleteCheckRun(f.ctx, owner, repo, id, "failure", "2 of 3 passed", summary, "details", "https://autoverify.example/r"); err != nil {
		t.Fatalf("CompleteCheckRun: %v", err)
	}
	r := f.srv.CheckRuns(owner, repo)[0]
	out := r.GetOutput()
	if r.GetStatus() != "completed" || r.GetConclusion() != "failure" || out.GetTitle() != "2 of 3 passed" || out.GetText() != "details" {
		t.Errorf("check run = status %s conclusion %s title %q text %q", r.GetStatus(), r.GetConclusion(), out.GetTitle(), out.GetText())
	}
	if len(out.GetSummary()) > 65535 || !strings.HasSuffix(out.GetSummary(), truncationNote) {
		t.Errorf("summary: %d bytes, note %v", len(out.GetSummary()), strings.HasSuffix(out.GetSummary(), truncationNote))
	}
	if err := f.c.CompleteCheckRun(f.ctx, owner, repo, id, "passed", "t", "s", "", ""); err == nil {
		t.Error("unknown conclusion accepted")
	}
	if err := f.c.CompleteCheckRun(f.ctx, owner, repo, 123456, "success", "t", "s", "", ""); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown run: err = %v, want ErrNotFound", err)
	}
}

// sticky returns the bot's sticky comments on #7, in order.
func (f *fixture) sticky() []*gh.IssueComment {
	var out []*gh.IssueComment
	for _, c := range f.srv.Comments(owner, repo, 7) {
		if c.GetUser().GetType() == "Bot" && strings.Contains(c.GetBody(), marker) {
			out = append(out, c)
		}
	}
	return out
}

func TestUpsertComment(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	// Over a page of other comments first, one of them a person quoting
	// the report (marker included), which must be left alone.
	for i := range 150 {
		f.srv.AddComment(owner, repo, 7, "bob", fmt.Sprintf("comment %d", i))
	}
	quote := f.srv.AddComment(owner, repo, 7, "bob", "> "+marker+"\n> part one")

	upsert := func(parts ...string) {
		t.Helper()
		if err := f.c.UpsertComment(f.ctx, owner, repo, 7, marker, parts); err != nil {
			t.Fatalf("UpsertComment: %v", err)
		}
	}
	upsert("part one", "part two", "part three")
	first := f.sticky()
	if len(first) != 3 {
		t.Fatalf("%d sticky comments, want 3", len(first))
	}
	for i, c := range first {
		if !strings.Contains(c.GetBody(), partMarker(i+1)) || !strings.HasSuffix(c.GetBody(), []string{"part one", "part two", "part three"}[i]) {
			t.Errorf("comment %d body %q", i, c.GetBody())
		}
	}

	writes := func() int {
		return f.srv.CountCalls("POST", "/repos/acme/shop/issues/") + f.srv.CountCalls("PATCH", "/repos/acme/shop/issues/") +
			f.srv.CountCalls("DELETE", "/repos/acme/shop/issues/")
	}
	before := writes()
	upsert("part one", "part two", "part three")
	if got := f.sticky(); len(got) != 3 || got[0].GetID() != first[0].GetID() {
		t.Fatalf("after the same upsert: %d comments", len(got))
	}
	if writes() != before {
		t.Errorf("an unchanged upsert wrote %d times", writes()-before)
	}

	upsert("part one, new")
	got := f.sticky()
	if len(got) != 1 || got[0].GetID() != first[0].GetID() || !strings.HasSuffix(got[0].GetBody(), "part one, new") {
		t.Fatalf("after shrinking to one part: %d comments, %q", len(got), got[0].GetBody())
	}
	if len(f.srv.Comments(owner, repo, 7)) != 152 {
		t.Errorf("other comments changed: %d total", len(f.srv.Comments(owner, repo, 7)))
	}
	for _, c := range f.srv.Comments(owner, repo, 7) {
		if c.GetID() == quote && !strings.HasPrefix(c.GetBody(), "> ") {
			t.Errorf("the quoting comment was edited")
		}
	}

	// Two racing workers each created part 1: the next upsert keeps one.
	if err := f.c.Comment(f.ctx, owner, repo, 7, marker+"\n"+partMarker(1)+"\n\nstale duplicate"); err != nil {
		t.Fatal(err)
	}
	upsert("final")
	if got := f.sticky(); len(got) != 1 || got[0].GetID() != first[0].GetID() || !strings.HasSuffix(got[0].GetBody(), "final") {
		t.Errorf("after a duplicate: %d comments", len(got))
	}

	if err := f.c.UpsertComment(f.ctx, owner, repo, 7, "", []string{"x"}); err == nil {
		t.Error("empty marker accepted")
	}
}

func TestUpsertCommentTruncatesLongParts(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	if err := f.c.UpsertComment(f.ctx, owner, repo, 7, marker, []string{strings.Repeat("line\n", 20000)}); err != nil {
		t.Fatal(err)
	}
	got := f.sticky()
	if len(got) != 1 || len(got[0].GetBody()) > 65536 || !strings.HasSuffix(got[0].GetBody(), truncationNote) {
		t.Fatalf("got %d comments", len(got))
	}
}

func TestCommentAndReact(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	verify := f.srv.AddComment(owner, repo, 7, "alice", "/verify")
	for range 2 {
		if err := f.c.React(f.ctx, owner, repo, verify, "eyes"); err != nil {
			t.Fatal(err)
		}
	}
	if got := f.srv.Reactions(verify); len(got) != 1 || got[0] != "eyes" {
		t.Errorf("reactions = %v, want [eyes]", got)
	}
	if err := f.c.React(f.ctx, owner, repo, verify, "thumbsup"); err == nil {
		t.Error("invalid reaction accepted")
	}
	if err := f.c.Comment(f.ctx, owner, repo, 7, "only collaborators with write access can /verify"); err != nil {
		t.Fatal(err)
	}
	cs := f.srv.Comments(owner, repo, 7)
	if last := cs[len(cs)-1]; last.GetBody() != "only collaborators with write access can /verify" || last.GetUser().GetLogin() != githubtest.BotLogin {
		t.Errorf("last comment = %q by %s", last.GetBody(), last.GetUser().GetLogin())
	}
	if err := f.c.Comment(f.ctx, owner, repo, 404, "x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing issue: err = %v, want ErrNotFound", err)
	}
}

func TestSecondaryRateLimitIsWaitedOut(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.srv.Fail("POST", "/repos/acme/shop/issues/7/comments", 1, 403,
		map[string]string{"Retry-After": "1"},
		`{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again.","documentation_url":"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"}`)
	start := time.Now()
	if err := f.c.UpsertComment(f.ctx, owner, repo, 7, marker, []string{"report"}); err != nil {
		t.Fatalf("UpsertComment: %v", err)
	}
	if elapsed := time.Since(start); elapsed < time.Second {
		t.Errorf("retried after %v, before Retry-After", elapsed)
	}
	if got := f.sticky(); len(got) != 1 {
		t.Errorf("%d comments, want 1", len(got))
	}
	if n := f.srv.CountCalls("POST", "/repos/acme/shop/issues/7/comments"); n != 2 {
		t.Errorf("%d POSTs, want 2 (the limited one and the retry)", n)
	}
}

func TestPrimaryRateLimitIsWaitedOut(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	reset := time.Now().Add(time.Second).Unix()
	f.srv.Fail("GET", "/repos/acme/shop/pulls/7", 1, 403, map[string]string{
		"X-RateLimit-Remaining": "0", "X-RateLimit-Limit": "5000", "X-RateLimit-Reset": fmt.Sprint(reset),
	}, `{"message":"API rate limit exceeded for installation ID 99."}`)
	if _, err := f.c.PullRequest(f.ctx, owner, repo, 7); err != nil {
		t.Fatalf("PullRequest: %v", err)
	}
	if time.Now().Unix() < reset {
		t.Errorf("retried before X-RateLimit-Reset")
	}
}

func TestRateLimitBeyondMaxRetryWaitFails(t *testing.T) {
	t.Parallel()
	f := newFixture(t, func(c *AppConfig) { c.MaxRetryWait = 200 * time.Millisecond })
	f.srv.Fail("POST", "/repos/acme/shop/issues/7/comments", 1, 403,
		map[string]string{"Retry-After": "30"},
		`{"message":"You have exceeded a secondary rate limit.","documentation_url":"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"}`)
	start := time.Now()
	err := f.c.Comment(f.ctx, owner, repo, 7, "hello")
	var abuse *gh.AbuseRateLimitError
	if !errors.As(err, &abuse) {
		t.Fatalf("err = %v, want an AbuseRateLimitError", err)
	}
	if elapsed := time.Since(start); elapsed > 2*time.Second {
		t.Errorf("took %v: waited although Retry-After exceeds MaxRetryWait", elapsed)
	}
	if n := f.srv.CountCalls("POST", "/repos/acme/shop/issues/7/comments"); n != 1 {
		t.Errorf("%d POSTs, want 1", n)
	}
	if len(f.srv.Comments(owner, repo, 7)) != 0 {
		t.Errorf("a comment was created")
	}
}

func TestServerErrorsAreRetried(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.srv.Fail("GET", "/repos/acme/shop/pulls/7", 2, 502, nil, "<html>Bad Gateway</html>")
	if _, err := f.c.PullRequest(f.ctx, owner, repo, 7); err != nil {
		t.Fatalf("PullRequest: %v", err)
	}
	if n := f.srv.CountCalls("GET", "/repos/acme/shop/pulls/7"); n != 3 {
		t.Errorf("%d GETs, want 3", n)
	}

	f.srv.Fail("GET", "/repos/acme/shop/pulls/7", -1, 503, nil, "down")
	if _, err := f.c.PullRequest(f.ctx, owner, repo, 7); err == nil {
		t.Fatal("a persistent 503 succeeded")
	}
	if n := f.srv.CountCalls("GET", "/repos/acme/shop/pulls/7"); n != 3+5 {
		t.Errorf("%d GETs, want 3 + 5 attempts", n)
	}
}

func TestClientErrorsAreNotRetried(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		status int
		body   string
	}{
		{"validation", 422, `{"message":"Validation Failed"}`},
		{"forbidden", 403, `{"message":"Resource not accessible by integration"}`},
		{"not found", 404, `{"message":"Not Found"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			f.srv.Fail("POST", "/repos/acme/shop/issues/7/comments", 1, tt.status, nil, tt.body)
			if err := f.c.Comment(f.ctx, owner, repo, 7, "x"); err == nil {
				t.Fatal("no error")
			}
			if n := f.srv.CountCalls("POST", "/repos/acme/shop/issues/7/comments"); n != 1 {
				t.Errorf("%d POSTs, want 1", n)
			}
		})
	}
}

func TestInstallationTokenIsCached(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	observed := map[string]int{}
	lastRemaining := -1
	f := newFixture(t, func(c *AppConfig) {
		c.Observer = func(method, path string, status, remaining int) {
			mu.Lock()
			defer mu.Unlock()
			observed[method+" "+path]++
			if strings.HasPrefix(path, "/repos/") {
				lastRemaining = remaining
			}
		}
	})
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := f.app.Client(99)
			if err != nil || c != f.c {
				t.Errorf("Client(99) = %p, %v; want the cached %p", c, err, f.c)
				return
			}
			if _, err := c.PullRequest(f.ctx, owner, repo, 7); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if n := f.srv.CountCalls("POST", "/app/installations/99/access_tokens"); n != 1 {
		t.Errorf("%d token requests for 10 calls, want 1", n)
	}
	other, err := f.app.Client(100)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.PullRequest(f.ctx, owner, repo, 7); err != nil {
		t.Fatal(err)
	}
	if n := f.srv.CountCalls("POST", "/app/installations/100/access_tokens"); n != 1 {
		t.Errorf("installation 100: %d token requests, want 1", n)
	}
	mu.Lock()
	defer mu.Unlock()
	if observed["GET /repos/acme/shop/pulls/7"] != 11 || observed["POST /app/installations/99/access_tokens"] != 1 {
		t.Errorf("observed %v", observed)
	}
	if lastRemaining <= 0 || lastRemaining >= 5000 {
		t.Errorf("observed remaining %d", lastRemaining)
	}
}

func TestWrongKeyIsRefused(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	other := githubtest.NewServer(t)
	app, err := NewApp(AppConfig{AppID: f.srv.AppID, PrivateKeyPEM: other.PrivateKeyPEM(), BaseURL: f.srv.URL,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	c, _ := app.Client(99)
	_, err = c.PullRequest(f.ctx, owner, repo, 7)
	if err == nil || !strings.Contains(err.Error(), "401") {
		t.Errorf("err = %v, want a 401 from the token endpoint", err)
	}
}

// A create that GitHub applied but answered 502 (a timeout on its side)
// must not be repeated blindly: the client looks again and finds it.
func TestCreatesAnswered5xxAreNotDuplicated(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		applied bool
	}{
		{"applied, then 502", true},
		{"not applied, 502", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			fail := func(method, prefix string) {
				if tt.applied {
					f.srv.FailAfterApplying(method, prefix, 1, 502)
				} else {
					f.srv.Fail(method, prefix, 1, 502, nil, `{"message":"Server Error"}`)
				}
			}
			fail("POST", "/repos/acme/shop/check-runs")
			id, err := f.c.StartCheckRun(f.ctx, owner, repo, headSHA, "delivery-1", "")
			if err != nil {
				t.Fatalf("StartCheckRun: %v", err)
			}
			if runs := f.srv.CheckRuns(owner, repo); len(runs) != 1 || runs[0].GetID() != id {
				t.Errorf("%d check runs, want 1 with the returned ID", len(runs))
			}

			fail("POST", "/repos/acme/shop/issues/7/comments")
			if err := f.c.UpsertComment(f.ctx, owner, repo, 7, marker, []string{"one", "two"}); err != nil {
				t.Fatalf("UpsertComment: %v", err)
			}
			if got := f.sticky(); len(got) != 2 {
				t.Errorf("%d sticky comments, want 2", len(got))
			}
		})
	}
}
