package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/runlog"
	"github.com/engineo/autoverify/integrations/github/githubtest"
	runbolt "github.com/engineo/autoverify/integrations/runlog/bolt"
)

// chromium finds Debian's chromium (scripts/test.sh installs it). Without
// it the browser tests are skipped loudly, and fail in CI (CI=true).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "\n!!! DASHBOARD BROWSER TESTS NOT RUN: no chromium on PATH\n!!! install it: apt-get install -y chromium fonts-dejavu-core (scripts/test.sh does)\n"
	if ci, _ := strconv.ParseBool(os.Getenv("CI")); ci {
		t.Fatal(msg)
	}
	fmt.Fprintln(os.Stderr, msg)
	t.Skip(msg)
	return ""
}

// TestRunChild is not a test on its own: the browser test runs the test
// binary again with AUTOVERIFY_RUN_CHILD set, and this function is then
// `autoverify run` in its own process.
func TestRunChild(t *testing.T) {
	raw := os.Getenv("AUTOVERIFY_RUN_CHILD")
	if raw == "" {
		t.Skip("helper process for TestDashboardInABrowser")
	}
	var spec struct {
		Env  map[string]string
		Args []string
	}
	require.NoError(t, json.Unmarshal([]byte(raw), &spec))
	app := &App{Stdout: os.Stdout, Stderr: os.Stderr, Getenv: func(k string) string { return spec.Env[k] }, Now: time.Now}
	app.Run(context.Background(), spec.Args)
}

// seedRuns writes the history the figures are checked against: in
// acme/web 2 passed, 1 failed; in acme/secret 1 failed, 1 stopped.
func seedRuns(t *testing.T, dir string, now time.Time) {
	t.Helper()
	s, err := runbolt.Open(dir)
	require.NoError(t, err)
	put := func(r runlog.Record) { require.NoError(t, s.Put(context.Background(), r)) }
	item := func(ok bool, out string) []runlog.Item {
		it := runlog.Item{ID: "i1", Text: "unit tests pass", Command: "pnpm test", Kind: "auto", Ran: true, Passed: ok, DurationMS: 2300, Output: out}
		if !ok {
			it.FailureType, it.ExitCode = "TEST_FAILURE", 1
		}
		return []runlog.Item{it, {ID: "i2", Text: "lint is clean", Command: "pnpm lint", Kind: "auto", Ran: true, Passed: true, DurationMS: 900, Output: "0 problems"},
			{ID: "i3", Text: "product owner reads the copy", Kind: "manual"}}
	}
	for i, r := range []runlog.Record{
		{ID: "web-1", Repo: "acme/web", Story: "KAN-1", Status: runlog.Passed, Route: "verified", Author: "alice", Number: 3, URL: "https://github.com/acme/web/pull/3", Items: item(true, "ok")},
		{ID: "web-2", Repo: "acme/web", Story: "KAN-2", Status: runlog.Passed, Route: "verified", Author: "bob", Items: item(true, "ok")},
		{ID: "web-3", Repo: "acme/web", Story: "KAN-3", Status: runlog.Failed, Route: "needs_fix", Author: "alice", Number: 9, URL: "https://github.com/acme/web/pull/9",
			Items:  item(false, "FAIL src/cart.test.ts\n  AssertionError: expected 3 to equal 4\n  <img src=x onerror=\"window.__xss=1\">\n"),
			Ledger: runlog.Ledger{Cycles: 1, MaxCycles: 3, MaxFixes: 2}},
		{ID: "secret-1", Repo: "acme/secret", Story: "SEC-1", Status: runlog.Failed, Route: "needs_fix", Items: item(false, "secret failure")},
		{ID: "secret-2", Repo: "acme/secret", Story: "SEC-2", Status: runlog.Stopped, Problem: "nothing to verify"},
	} {
		r.Started = now.Add(time.Duration(i-6) * time.Hour)
		r.Finished = r.Started.Add(time.Duration(20+i*7) * time.Second)
		put(r)
	}
}

func text(sel string, out *string) chromedp.Action {
	return chromedp.Text(sel, out, chromedp.ByQuery)
}

// waitText waits until sel's text contains want.
func waitText(ctx context.Context, sel, want string) error {
	deadline := time.Now().Add(45 * time.Second)
	var got string
	for time.Now().Before(deadline) {
		var ok bool
		if err := chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`(function(){var e=document.querySelector(%q);return e?e.textContent:"";})()`, sel), &got)); err != nil {
			return err
		}
		if ok = strings.Contains(got, want); ok {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("%s: %q never contained %q", sel, got, want)
}

// TestDashboardInABrowser drives the dashboard in headless Chromium:
// sign-in, figures, a run started meanwhile (in another process) showing
// live, evidence, search, a forged cross-site POST, GitHub sign-in and
// what a user without access sees, and clearing the history.
func TestDashboardInABrowser(t *testing.T) {
	chrome := chromium(t)
	now := time.Now().UTC()
	dir := t.TempDir()
	state := filepath.Join(dir, "state")
	seedRuns(t, state, now)

	fake := githubtest.NewServer(t)
	fake.SetOAuthApp("Iv1.dashboard", "oauth-client-secret")
	fake.AddRepo("acme", "web", "main")
	fake.AddRepo("acme", "secret", "main")
	fake.SetPermission("acme", "web", "alice", "read")

	env := map[string]string{
		"ENGINEO_STATE_DIR":            state,
		"ENGINEO_ARTIFACTS_DIR":        filepath.Join(dir, "reports"),
		"ENGINEO_AUTOVERIFY_ALLOWLIST": "sh -c,true",
		"ENGINEO_CONCURRENCY":          "4", // both checks at once (the child run has one reviewer)
		"ENGINEO_DASHBOARD_TOKEN":      dashToken,
		"ENGINEO_GITHUB_CLIENT_ID":     "Iv1.dashboard",
		"ENGINEO_GITHUB_CLIENT_SECRET": "oauth-client-secret",
		"ENGINEO_GITHUB_URL":           strings.TrimSuffix(fake.URL, "/"),
		"ENGINEO_GITHUB_API_URL":       fake.URL,
	}
	addr, _ := startDashboard(t, env)
	base := "http://" + addr

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chrome), chromedp.WindowSize(1280, 1000),
		chromedp.Flag("no-sandbox", true), chromedp.Flag("disable-dev-shm-usage", true))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 90*time.Second)
	defer cancelT()
	t.Log("a request without a session gets the sign-in page")
	var url string
	require.NoError(t, chromedp.Run(ctx, chromedp.Navigate(base+"/runs"), chromedp.WaitVisible("#token-signin", chromedp.ByQuery), chromedp.Location(&url)))
	assert.Equal(t, base+"/signin?next=%2Fruns", url)

	t.Log("token sign-in, then the overview's figures are the seeded runs'")
	require.NoError(t, chromedp.Run(ctx, chromedp.Navigate(base+"/"), chromedp.WaitVisible("#token", chromedp.ByQuery),
		chromedp.SendKeys("#token", dashToken, chromedp.ByQuery), chromedp.Submit("#token-signin", chromedp.ByQuery),
		chromedp.WaitVisible("#stat-total", chromedp.ByQuery)))
	figures := map[string]string{"#stat-total": "5", "#stat-passed": "2", "#stat-failed": "2", "#stat-rate": "50%", "#stat-active": "0"}
	for sel, want := range figures {
		var got string
		require.NoError(t, chromedp.Run(ctx, text(sel, &got)))
		assert.Equal(t, want, strings.TrimSpace(got), sel)
	}
	require.NoError(t, waitText(ctx, "#live", "live"))

	t.Log("a run started now, in another process, appears as active and completes without a reload")
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`window.__noReload = 1`, nil)))
	work := filepath.Join(dir, "work")
	require.NoError(t, os.MkdirAll(work, 0o755))
	story := filepath.Join(work, "KAN-77.md")
	// The slow check lasts until the test has seen the quick one land
	// while it runs: it waits for a file the test creates then (a fixed
	// sleep had to last 20 s for a loaded machine, and was most of this
	// test). One reviewer: a second one's copy of the work tree would
	// never see the file.
	require.NoError(t, os.WriteFile(story, []byte("# KAN-77\n\n<!-- AUTO:CMD=true -->\n- [ ] A quick check\n<!-- AUTO:CMD=sh -c 'until [ -e release ]; do sleep 0.1; done' -->\n- [ ] A slow check\n"), 0o644))
	spec, _ := json.Marshal(map[string]any{"Env": env, "Args": []string{"run", story, "--workdir", work, "--reviewers", "1"}})
	child := exec.Command(os.Args[0], "-test.run", "^TestRunChild$")
	child.Env = append(os.Environ(), "AUTOVERIFY_RUN_CHILD="+string(spec))
	out := &strings.Builder{}
	child.Stdout, child.Stderr = out, out
	require.NoError(t, child.Start())
	childDone := make(chan error, 1)
	go func() { childDone <- child.Wait() }()
	t.Cleanup(func() { _ = child.Process.Kill() })
	require.NoError(t, waitText(ctx, "#active", "KAN-77"), "the run shows as active from its start")
	require.NoError(t, waitText(ctx, "#stat-active", "1"))
	// In another tab, the run's own page shows its items as they land.
	var href string
	require.NoError(t, chromedp.Run(ctx, chromedp.AttributeValue("#active a", "href", &href, nil, chromedp.ByQuery)))
	tab, closeTab := chromedp.NewContext(ctx)
	require.NoError(t, chromedp.Run(tab, chromedp.Navigate(base+href), chromedp.WaitVisible("#items", chromedp.ByQuery)))
	require.NoError(t, waitText(tab, "#items li:first-child .badge", "PASS"), "the quick check landed")
	var status string
	require.NoError(t, chromedp.Run(tab, text("#run-status", &status)))
	assert.Equal(t, "running", status, "while the slow one still runs")
	require.NoError(t, os.WriteFile(filepath.Join(work, "release"), nil, 0o644), "ends the slow check")
	require.NoError(t, waitText(tab, "#run-status", "passed"))
	closeTab()
	select {
	case err := <-childDone:
		require.NoError(t, err, out.String())
	case <-time.After(30 * time.Second):
		t.Fatalf("autoverify run did not finish: %s", out.String())
	}
	require.NoError(t, waitText(ctx, "#recent tbody tr:first-child", "KAN-77"))
	require.NoError(t, waitText(ctx, "#stat-total", "6"))
	require.NoError(t, waitText(ctx, "#stat-passed", "3"))
	require.NoError(t, waitText(ctx, "#recent tbody tr:first-child", "passed"))
	require.NoError(t, waitText(ctx, "#stat-active", "0"))
	var still int
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`window.__noReload || 0`, &still)))
	assert.Equal(t, 1, still, "the page was updated in place, not reloaded")

	t.Log("a failed item's output is readable; markup in it is text; search filters and highlights")
	require.NoError(t, chromedp.Run(ctx, chromedp.Navigate(base+"/runs/web-3"), chromedp.WaitVisible("#out-i1 pre", chromedp.ByQuery)))
	var output string
	var imgs, xss int
	require.NoError(t, chromedp.Run(ctx, text("#out-i1 pre", &output),
		chromedp.Evaluate(`document.querySelectorAll("#items img").length`, &imgs),
		chromedp.Evaluate(`window.__xss || 0`, &xss)))
	assert.Contains(t, output, "AssertionError: expected 3 to equal 4")
	assert.Contains(t, output, `<img src=x onerror="window.__xss=1">`, "shown as text")
	assert.Zero(t, imgs)
	assert.Zero(t, xss)
	require.NoError(t, chromedp.Run(ctx, chromedp.SendKeys("#search", "expected 3", chromedp.ByQuery)))
	require.NoError(t, waitText(ctx, "#search-count", "1 matches in 1 items"))
	var marked string
	var hidden bool
	require.NoError(t, chromedp.Run(ctx, text("#item-i1 mark.hit", &marked),
		chromedp.Evaluate(`document.getElementById("item-i2").hidden`, &hidden)))
	assert.Equal(t, "expected 3", marked)
	assert.True(t, hidden, "items without the text are hidden")

	t.Log("a forged cross-site POST is refused")
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<form id="f" method="post" action="%s/history/clear"><input name="confirm" value="yes"><input name="csrf" value="guess"></form><script>document.getElementById("f").submit()</script>`, base)
	}))
	defer evil.Close()
	evilURL := strings.Replace(evil.URL, "127.0.0.1", "localhost", 1) // another site
	require.NoError(t, chromedp.Run(ctx, chromedp.Navigate(evilURL), chromedp.WaitReady("body", chromedp.ByQuery)))
	require.NoError(t, waitText(ctx, "body", "forbidden"))
	require.NoError(t, chromedp.Run(ctx, chromedp.Navigate(base+"/"), chromedp.WaitVisible("#stat-total", chromedp.ByQuery)))
	require.NoError(t, waitText(ctx, "#stat-total", "6"), "nothing was cleared")

	t.Log("GitHub sign-in: a user sees only the repositories GitHub says they can read")
	gctx, gcancel := chromedp.NewContext(actx) // a second browser window, its own cookies
	defer gcancel()
	gctx, gcancelT := context.WithTimeout(gctx, 60*time.Second)
	defer gcancelT()
	require.NoError(t, chromedp.Run(gctx, chromedp.Navigate(base+"/"), chromedp.WaitVisible("#github-signin", chromedp.ByQuery),
		chromedp.Click("#github-signin", chromedp.ByQuery), chromedp.WaitVisible("#login", chromedp.ByQuery),
		chromedp.SendKeys("#login", "alice", chromedp.ByQuery), chromedp.Click("#authorize", chromedp.ByQuery),
		chromedp.WaitVisible("#stat-total", chromedp.ByQuery)))
	var total, page string
	require.NoError(t, chromedp.Run(gctx, text("#stat-total", &total), chromedp.OuterHTML("html", &page, chromedp.ByQuery)))
	assert.Equal(t, "3", strings.TrimSpace(total), "acme/web's runs only")
	assert.Contains(t, page, "alice")
	assert.NotContains(t, page, "acme/secret")
	assert.NotContains(t, page, "SEC-1")
	assert.NotContains(t, page, "KAN-77", "a CLI run is for admins")
	assert.NotContains(t, page, "Clear history")
	require.NoError(t, chromedp.Run(gctx, chromedp.Navigate(base+"/runs/secret-1"), chromedp.WaitReady("body", chromedp.ByQuery)))
	require.NoError(t, waitText(gctx, "body", "404 page not found"))

	t.Log("clear history asks, then clears, and says who")
	require.NoError(t, chromedp.Run(ctx, chromedp.Navigate(base+"/history/clear"), chromedp.WaitVisible("#clear-question", chromedp.ByQuery)))
	require.NoError(t, waitText(ctx, "#clear-question", "forgets all 6 recorded runs"))
	require.NoError(t, chromedp.Run(ctx, chromedp.Click("#clear-confirm", chromedp.ByQuery), chromedp.WaitVisible("#cleared", chromedp.ByQuery)))
	require.NoError(t, waitText(ctx, "#cleared", "History cleared by admin (token)"))
	require.NoError(t, waitText(ctx, "#stat-total", "0"))
}

// TestDashboardScreenshots renders the screenshots in docs/ from a month
// of made-up history: AUTOVERIFY_SCREENSHOTS=$PWD/../../docs go test
// -run TestDashboardScreenshots ./cmd/autoverify. Without the variable it
// does nothing.
func TestDashboardScreenshots(t *testing.T) {
	shots := os.Getenv("AUTOVERIFY_SCREENSHOTS")
	if shots == "" {
		t.Skip("set AUTOVERIFY_SCREENSHOTS to a directory to render the docs' screenshots")
	}
	chrome := chromium(t)
	now := time.Now().UTC()
	state := filepath.Join(t.TempDir(), "state")
	s, err := runbolt.Open(state)
	require.NoError(t, err)
	repos := []string{"acme/shop", "acme/web", "acme/api", "acme/billing"}
	types := []string{"TEST_FAILURE", "TEST_FAILURE", "LINT_ERROR", "TYPE_ERROR", "TIMEOUT"}
	var batch []runlog.Record
	for i := range 640 {
		at := now.Add(-30 * 24 * time.Hour).Add(time.Duration(i) * 30 * 24 * time.Hour / 640)
		day := int(now.Sub(at).Hours() / 24)
		r := runlog.Record{ID: fmt.Sprintf("run-%04d", i), Repo: repos[i%4], Story: fmt.Sprintf("KAN-%d", 20+i%37), Author: []string{"alice", "bob", "carol"}[i%3],
			Number: 100 + i%60, URL: fmt.Sprintf("https://github.com/%s/pull/%d", repos[i%4], 100+i%60), Started: at,
			Finished: at.Add(time.Duration(40+(i*37)%200+day*4) * time.Second)}
		fail := (i*7+day)%10 < 2+day/10
		r.Status, r.Route = runlog.Passed, "verified"
		out := "PASS  src/cart.test.ts (24 tests)\nTest Suites: 12 passed, 12 total\n"
		ft := ""
		if fail {
			r.Status, r.Route, ft = runlog.Failed, "needs_fix", types[i%len(types)]
			out = "FAIL  src/cart.test.ts\n  ● cart › applies the discount once\n\n    expect(received).toBe(expected)\n\n    Expected: 90\n    Received: 81\n\n      at Object.<anonymous> (src/cart.test.ts:42:27)\n\nTest Suites: 1 failed, 11 passed, 12 total\n"
		} else if i%29 == 3 {
			r.Status, r.Route, r.Problem = runlog.Stopped, "", "nothing to verify: no checklist"
		}
		r.Items = []runlog.Item{
			{ID: "a1", Text: "Unit tests pass", Command: "pnpm test", Kind: "auto", Ran: true, Passed: !fail, FailureType: ft, ExitCode: map[bool]int{true: 1}[fail], DurationMS: 31000, Output: out},
			{ID: "a2", Text: "Lint is clean", Command: "pnpm lint", Kind: "auto", Ran: true, Passed: true, DurationMS: 8200, Output: "✔ 0 problems\n"},
			{ID: "a3", Text: "Types check", Command: "pnpm type-check", Kind: "auto", Ran: true, Passed: true, DurationMS: 12900, Output: "tsc --noEmit: no errors\n"},
			{ID: "m1", Text: "Product owner reviews the checkout copy", Kind: "manual"}}
		r.Ledger = runlog.Ledger{Cycles: 1 + i%3, MaxCycles: 3, Fixes: i % 2, MaxFixes: 2}
		batch = append(batch, r)
	}
	active := batch[len(batch)-1]
	active.ID, active.Story, active.Status, active.Route, active.Finished = "run-active", "KAN-61", runlog.Active, "", time.Time{}
	active.Started = now.Add(-95 * time.Second)
	for i := range active.Items {
		active.Items[i].Ran, active.Items[i].Output, active.Items[i].FailureType = false, "", ""
	}
	batch = append(batch, active)
	require.NoError(t, s.PutBatch(context.Background(), batch))
	failed := ""
	for i := len(batch) - 2; i > 0; i-- {
		if batch[i].Status == runlog.Failed {
			failed = batch[i].ID
			break
		}
	}

	addr, _ := startDashboard(t, map[string]string{"ENGINEO_STATE_DIR": state, "ENGINEO_DASHBOARD_TOKEN": dashToken})
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chrome), chromedp.WindowSize(1280, 900),
		chromedp.Flag("no-sandbox", true), chromedp.Flag("disable-dev-shm-usage", true))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 60*time.Second)
	defer cancelT()
	shoot := func(path, name string) {
		var png []byte
		require.NoError(t, chromedp.Run(ctx, chromedp.Navigate("http://"+addr+path), chromedp.WaitVisible("#main", chromedp.ByQuery),
			chromedp.Sleep(300*time.Millisecond), chromedp.FullScreenshot(&png, 100)))
		require.NoError(t, os.WriteFile(filepath.Join(shots, name), png, 0o644))
	}
	require.NoError(t, chromedp.Run(ctx, chromedp.Navigate("http://"+addr+"/signin"), chromedp.WaitVisible("#token", chromedp.ByQuery),
		chromedp.SendKeys("#token", dashToken, chromedp.ByQuery), chromedp.Submit("#token-signin", chromedp.ByQuery),
		chromedp.WaitVisible("#stat-total", chromedp.ByQuery)))
	shoot("/", "dashboard-overview.png")
	shoot("/runs/"+failed, "dashboard-run.png")
}
