package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestServeChild is not a test on its own: TestServeFinishesAfterCrash runs
// the test binary again with AUTOVERIFY_SERVE_CHILD set, and this function
// then serves until it is killed.
func TestServeChild(t *testing.T) {
	raw := os.Getenv("AUTOVERIFY_SERVE_CHILD")
	if raw == "" {
		t.Skip("helper process for TestServeFinishesAfterCrash")
	}
	var env map[string]string
	require.NoError(t, json.Unmarshal([]byte(raw), &env))
	app := &App{Stdout: os.Stdout, Stderr: os.Stderr, Getenv: func(k string) string { return env[k] }, Now: time.Now,
		OnListen: func(addr string) { _ = os.WriteFile(env["ADDR_FILE"], []byte(addr), 0o644) }}
	app.Run(context.Background(), []string{"serve"})
}

// TestServeFinishesAfterCrash: a server killed (SIGKILL) in the middle of a
// run loses nothing: after a restart the same delivery is run to the end,
// on the same check run, with one sticky comment.
func TestServeFinishesAfterCrash(t *testing.T) {
	redisURL := testRedisURL(t)
	body := "<!-- AUTO:CMD=sh -c 'sleep 3' -->\n- [ ] A slow check\n"
	fake := setupGitHub(t, body)
	env := serverEnv(t, fake, redisURL)
	env["ADDR_FILE"] = filepath.Join(t.TempDir(), "addr")
	raw, _ := json.Marshal(env)
	child := exec.Command(os.Args[0], "-test.run", "^TestServeChild$")
	child.Env = append(os.Environ(), "AUTOVERIFY_SERVE_CHILD="+string(raw))
	child.Stdout, child.Stderr = os.Stderr, os.Stderr
	require.NoError(t, child.Start())
	t.Cleanup(func() { _ = child.Process.Kill(); _ = child.Wait() })
	var addr []byte
	waitFor(t, "the child server", func() bool { addr, _ = os.ReadFile(env["ADDR_FILE"]); return len(addr) > 0 })
	first := &appServer{addr: string(addr)}

	cid := fake.AddComment("acme", "web", 7, "alice", "/verify")
	code, _ := first.deliver(t, "issue_comment", "d-crash", commentEvent(cid, "alice", "/verify"), testSecret)
	require.Equal(t, 202, code)
	waitFor(t, "the run to start", func() bool {
		runs := fake.CheckRuns("acme", "web")
		return len(runs) == 1 && runs[0].GetStatus() == "in_progress"
	})
	time.Sleep(500 * time.Millisecond) // well inside the 3 s command
	require.NoError(t, child.Process.Signal(syscall.SIGKILL))
	_ = child.Wait()
	assert.Empty(t, completedRuns(fake), "killed before finishing")

	// asynq recovers a dead worker's task once its 30 s lease has been
	// expired for 30 s; move the lease into the past instead of waiting.
	opt, err := goredis.ParseURL(redisURL)
	require.NoError(t, err)
	rdb := goredis.NewClient(opt)
	defer rdb.Close()
	past := float64(time.Now().Add(-2 * time.Minute).Unix())
	lease := "asynq:{" + strings.TrimSuffix(env["ENGINEO_REDIS_PREFIX"], ":") + "}:lease"
	n, err := rdb.ZAddXX(context.Background(), lease, goredis.Z{Score: past, Member: "d-crash"}).Result()
	require.NoError(t, err)
	require.Zero(t, n, "updated, not added")
	score, err := rdb.ZScore(context.Background(), lease, "d-crash").Result()
	require.NoError(t, err, "the killed run's task holds a lease")
	require.Equal(t, past, score)

	startServer(t, env) // the restart
	waitFor(t, "the run to finish after the restart", func() bool {
		return len(completedRuns(fake)) == 1 && len(stickyComments(fake)) == 1
	})
	runs := fake.CheckRuns("acme", "web")
	require.Len(t, runs, 1, "the retry found its check run again")
	assert.Equal(t, "success", runs[0].GetConclusion())
	require.Len(t, stickyComments(fake), 1)
	assert.True(t, strings.Contains(stickyComments(fake)[0].GetBody(), "A slow check"), fmt.Sprint(stickyComments(fake)[0].GetBody()))
}
