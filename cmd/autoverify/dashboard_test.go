package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const dashToken = "dashboard-token-0123456789"

// bearerGet asks the dashboard as the token's admin.
func bearerGet(t *testing.T, url string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+dashToken)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// startDashboard runs `autoverify dashboard` in-process.
func startDashboard(t *testing.T, env map[string]string, args ...string) (addr string, stop func() int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	addrc := make(chan string, 1)
	var logs bytes.Buffer
	app := &App{Stdout: io.Discard, Stderr: &logs, Getenv: func(k string) string { return env[k] }, Now: time.Now,
		OnListen: func(a string) { addrc <- a }}
	go func() { done <- app.Run(ctx, append([]string{"dashboard", "--addr", "127.0.0.1:0"}, args...)) }()
	select {
	case addr = <-addrc:
	case code := <-done:
		t.Fatalf("dashboard exited %d: %s", code, logs.String())
	case <-time.After(10 * time.Second):
		t.Fatal("dashboard did not start")
	}
	var stopped bool
	stop = func() int {
		if stopped {
			return 0
		}
		stopped = true
		cancel()
		return <-done
	}
	t.Cleanup(func() { stop() })
	return addr, stop
}

func TestDashboardCommandShowsRunsOfThisMachine(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.env["ENGINEO_DASHBOARD_TOKEN"] = dashToken
	addr, stop := startDashboard(t, h.env)
	code, page := bearerGet(t, "http://"+addr+"/")
	require.Equal(t, http.StatusOK, code)
	assert.Contains(t, page, `id="stat-total">0<`)

	path := h.write("KAN-25.md", story)
	require.Equal(t, exitFailed, h.run("run", path, "--workdir", h.dir), h.stderr.String())
	code, page = bearerGet(t, "http://"+addr+"/")
	require.Equal(t, http.StatusOK, code)
	assert.Contains(t, page, `id="stat-total">1<`)
	assert.Contains(t, page, `id="stat-failed">1<`)
	id := regexp.MustCompile(`/runs/(local-KAN-25-20260128T120000Z-[0-9a-f]{6})`).FindStringSubmatch(page)
	require.Len(t, id, 2, "the run's link: %s", page)
	code, page = bearerGet(t, "http://"+addr+"/runs/"+id[1])
	require.Equal(t, http.StatusOK, code)
	assert.Contains(t, page, "Failing check")
	code, ev := bearerGet(t, "http://"+addr+"/evidence/"+id[1]+"/KAN-25-evidence-20260128T120000Z.txt")
	require.Equal(t, http.StatusOK, code)
	assert.Contains(t, ev, "KAN-25")

	// A live feed open does not hold up the shutdown.
	req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+dashToken)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	start := time.Now()
	assert.Equal(t, exitOK, stop())
	assert.Less(t, time.Since(start), 3*time.Second)
}

func TestDashboardCommandRefusesBadSettings(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		env  map[string]string
		args []string
		want string
	}{
		"nobody can sign in": {map[string]string{}, nil, "ENGINEO_DASHBOARD_TOKEN"},
		"short token":        {map[string]string{"ENGINEO_DASHBOARD_TOKEN": "short"}, nil, "at least 16"},
		"argument":           {map[string]string{"ENGINEO_DASHBOARD_TOKEN": dashToken}, []string{"extra"}, "takes no arguments"},
		"bad retention":      {map[string]string{"ENGINEO_DASHBOARD_TOKEN": dashToken, "ENGINEO_RUN_RETENTION": "1y"}, nil, "ENGINEO_RUN_RETENTION"},
	} {
		var stderr bytes.Buffer
		app := &App{Stdout: io.Discard, Stderr: &stderr, Getenv: func(k string) string { return tc.env[k] }, Now: time.Now}
		code := app.Run(context.Background(), append([]string{"dashboard"}, tc.args...))
		assert.Equal(t, exitBadInput, code, name)
		assert.Contains(t, stderr.String(), tc.want, name)
		assert.False(t, strings.Contains(stderr.String(), "short\n"), "the token is never printed")
	}
}

// TestServeRecordsRunsAndMountsTheDashboard: a /verify on a pull request
// shows in the dashboard served at / beside the server's own routes, for
// a GitHub user who can read the repository (Redis history).
func TestServeRecordsRunsAndMountsTheDashboard(t *testing.T) {
	redisURL := testRedisURL(t)
	fake := setupGitHub(t, "Implements KAN-25.\n\n- [ ] Passes `true`\n")
	env := serverEnv(t, fake, redisURL)
	env["ENGINEO_DASHBOARD_TOKEN"] = dashToken
	srv := startServer(t, env)
	base := "http://" + srv.addr

	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noRedirect.Get(base + "/")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusSeeOther, resp.StatusCode)
	assert.Equal(t, "/signin", resp.Header.Get("Location"))
	for _, p := range []string{"/healthz", "/readyz", "/metrics"} {
		resp, err := http.Get(base + p)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, http.StatusOK, resp.StatusCode, p)
	}

	cid := fake.AddComment("acme", "web", 7, "alice", "/verify")
	code, msg := srv.deliver(t, "issue_comment", "d-dash", commentEvent(cid, "alice", "/verify"), testSecret)
	require.Equal(t, 202, code, msg)
	waitFor(t, "the check run to complete", func() bool { return len(completedRuns(fake)) == 1 })
	waitFor(t, "the run in the dashboard", func() bool {
		_, page := bearerGet(t, base+"/")
		return strings.Contains(page, `id="stat-passed">1<`)
	})
	_, page := bearerGet(t, base+"/runs?repo=acme/web")
	assert.Contains(t, page, "KAN-25")
	assert.Contains(t, page, "acme/web #7")
	assert.Contains(t, page, "octocat", "the pull request's author")
}

// TestRunAndDashboardShareAStateDirectory: `autoverify run`, in processes
// of its own, records runs while `autoverify dashboard` serves pages over
// the same state directory; neither waits for the other beyond a
// transaction.
func TestRunAndDashboardShareAStateDirectory(t *testing.T) {
	long(t)
	t.Parallel()
	h := newHarness(t)
	h.env["ENGINEO_DASHBOARD_TOKEN"] = dashToken
	addr, _ := startDashboard(t, h.env)
	const runs = 4
	done := make(chan error, 1)
	go func() {
		for i := range runs {
			story := h.write(fmt.Sprintf("KAN-%d.md", 50+i), "<!-- AUTO:CMD=true -->\n- [ ] quick\n")
			spec, _ := json.Marshal(map[string]any{"Env": h.env, "Args": []string{"run", story, "--workdir", h.dir}})
			child := exec.Command(os.Args[0], "-test.run", "^TestRunChild$")
			child.Env = append(os.Environ(), "AUTOVERIFY_RUN_CHILD="+string(spec))
			if out, err := child.CombinedOutput(); err != nil {
				done <- fmt.Errorf("%v: %s", err, out)
				return
			}
		}
		done <- nil
	}()
	var slowest time.Duration
	pages := 0
	for finished := false; !finished || pages < 100; pages++ {
		select {
		case err := <-done:
			require.NoError(t, err)
			finished = true
		default:
		}
		start := time.Now()
		code, _ := bearerGet(t, "http://"+addr+"/")
		require.Equal(t, http.StatusOK, code)
		slowest = max(slowest, time.Since(start))
	}
	t.Logf("slowest of %d overview pages while %d runs were recorded by other processes: %s", pages, runs, slowest)
	assert.Less(t, slowest, 2*time.Second)
	_, page := bearerGet(t, "http://"+addr+"/")
	assert.Contains(t, page, `id="stat-total">4<`)
	assert.Contains(t, page, `id="stat-passed">4<`)
}
