package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/integrations/jira/jiratest"
	"github.com/engineo/autoverify/integrations/redistest"
	"github.com/engineo/autoverify/ledger"
	"github.com/engineo/autoverify/ledger/bolt"
	ledgerredis "github.com/engineo/autoverify/ledger/redis"
)

// TestCLIChild is not a test on its own: the loop-safety tests run the test
// binary again with AUTOVERIFY_CLI_CHILD set to a command line, and this
// function then is `autoverify` with that command line, signals and exit
// code included, in a process of its own.
func TestCLIChild(t *testing.T) {
	raw := os.Getenv("AUTOVERIFY_CLI_CHILD")
	if raw == "" {
		t.Skip("helper process for the loop-safety tests")
	}
	var args []string
	require.NoError(t, json.Unmarshal([]byte(raw), &args))
	os.Args = append([]string{"autoverify"}, args...)
	main()
}

// cliProcess is `autoverify args...` as a process of its own, in dir, with
// env added to the test's environment.
func cliProcess(t *testing.T, dir string, env []string, args ...string) *exec.Cmd {
	t.Helper()
	raw, err := json.Marshal(args)
	require.NoError(t, err)
	cmd := exec.Command(os.Args[0], "-test.run", "^TestCLIChild$")
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "AUTOVERIFY_CLI_CHILD="+string(raw)), env...)
	return cmd
}

// loopRuns is how many concurrent runs the cap tests start and the cap
// they set: the loop-safety issue's figures.
func loopRuns(*testing.T) (n, limit int) { return 20, 5 }

// TestCLIRunsHoldTheCapOnRedis: N `autoverify run` processes on one story
// against one Redis, with the default reviewers: exactly the cap's number
// of runs execute the check (it appends a line to a file of the work tree
// each time it runs), the ledger counts as many, and every other process
// says it ran nothing. Before reserve-then-run, 20 processes with a cap of
// 5 executed the check 16 times.
func TestCLIRunsHoldTheCapOnRedis(t *testing.T) {
	t.Parallel()
	redistest.Client(t, 13, "CLI loop-safety tests")
	n, limit := loopRuns(t)
	work, state := t.TempDir(), t.TempDir()
	story := filepath.Join(work, "LOOP-1.md")
	require.NoError(t, os.WriteFile(story, []byte("<!-- AUTO:CMD=sh -c 'echo ran >> runs.log; sleep 0.2; exit 1' -->\n- [ ] counts its runs\n"), 0o644))
	prefix := fmt.Sprintf("avtest-cli-loop-%d:", time.Now().UnixNano())
	env := []string{"ENGINEO_REDIS_URL=" + redistest.URL(13), "ENGINEO_REDIS_PREFIX=" + prefix,
		"ENGINEO_MAX_VERIFY_CYCLES=" + strconv.Itoa(limit), "ENGINEO_AUTOVERIFY_ALLOWLIST=sh -c",
		"ENGINEO_ARTIFACTS_DIR=" + filepath.Join(state, "reports"), "ENGINEO_STATE_DIR=" + filepath.Join(state, "state")}
	type result struct {
		code int
		out  string
	}
	results := make([]result, n)
	var wg sync.WaitGroup
	for i := range n {
		cmd := cliProcess(t, work, env, "run", "LOOP-1.md")
		wg.Go(func() {
			out, _ := cmd.CombinedOutput()
			results[i] = result{cmd.ProcessState.ExitCode(), string(out)}
		})
	}
	wg.Wait()
	refused := 0
	for _, r := range results {
		assert.Equal(t, exitFailed, r.code, r.out)
		if strings.Contains(r.out, "nothing was run") {
			refused++
		}
	}
	log, _ := os.ReadFile(filepath.Join(work, "runs.log"))
	assert.Equal(t, limit, strings.Count(string(log), "ran\n"), "runs that executed the check")
	assert.Equal(t, n-limit, refused, "runs that said they ran nothing")
	store, err := ledgerredis.New(context.Background(), redistest.URL(13), ledgerredis.WithPrefix(prefix))
	require.NoError(t, err)
	defer store.Close()
	e, err := store.Get(context.Background(), "LOOP-1")
	require.NoError(t, err)
	assert.Equal(t, limit, e.AutoVerifyRuns, "cycles counted")
	assert.Len(t, e.History, limit, "runs recorded")
	assert.Empty(t, e.InFlight)
}

// TestCLIRunInterrupted: a run stopped in the middle of its check leaves
// the ledger consistent. SIGTERM (and Ctrl-C) cancel the run, which records
// its cycle once as aborted; SIGKILL leaves the cycle in flight, counted
// once, and the next run after the lease records it as lost. Either way
// the check's processes are gone.
func TestCLIRunInterrupted(t *testing.T) {
	t.Parallel()
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			work, state := t.TempDir(), t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(work, "INT-1.md"),
				[]byte("<!-- AUTO:CMD=sh -c 'touch started; exec sleep 3"+strconv.Itoa(int(sig))+"' -->\n- [ ] a slow check\n"), 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(work, "INT-2.md"), []byte("- [ ] a quick one `true`\n"), 0o644))
			env := []string{"ENGINEO_AUTOVERIFY_ALLOWLIST=sh -c,true", "ENGINEO_LEDGER_LEASE=1s", "ENGINEO_REVIEWERS=1",
				"ENGINEO_ARTIFACTS_DIR=" + filepath.Join(state, "reports"), "ENGINEO_STATE_DIR=" + filepath.Join(state, "state")}
			cmd := cliProcess(t, work, env, "run", "INT-1.md")
			out := &strings.Builder{}
			cmd.Stdout, cmd.Stderr = out, out
			require.NoError(t, cmd.Start())
			t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
			require.Eventually(t, func() bool { _, err := os.Stat(filepath.Join(work, "started")); return err == nil },
				30*time.Second, 10*time.Millisecond, "the check started")
			require.NoError(t, cmd.Process.Signal(sig))
			_ = cmd.Wait()
			sleeper := "sleep\x003" + strconv.Itoa(int(sig))
			assert.Eventually(t, func() bool { return !processWithCmdline(sleeper) }, 5*time.Second, 20*time.Millisecond,
				"the check's process is gone")

			e := boltEntry(t, filepath.Join(state, "state"), "INT-1")
			assert.Equal(t, 1, e.AutoVerifyRuns, "the cycle is counted once")
			if sig == syscall.SIGTERM {
				require.Len(t, e.History, 1, out.String())
				assert.Contains(t, e.History[0].Reason, "run aborted")
				assert.Empty(t, e.InFlight)
				return
			}
			require.Len(t, e.InFlight, 1, "killed: its cycle is in flight")
			assert.Empty(t, e.History)
			lost := e.InFlight[0].RunID
			time.Sleep(1100 * time.Millisecond) // past the lease
			next := cliProcess(t, work, env, "run", "INT-2.md", "--story-key", "INT-1")
			nextOut, err := next.CombinedOutput()
			require.NoError(t, err, "%s", nextOut)
			e = boltEntry(t, filepath.Join(state, "state"), "INT-1")
			assert.Equal(t, 2, e.AutoVerifyRuns)
			assert.Empty(t, e.InFlight)
			require.Len(t, e.History, 2)
			assert.Equal(t, lost, e.History[0].RunID)
			assert.True(t, e.History[0].Lost, "%+v", e.History[0])
			assert.Equal(t, ledger.Verified, e.History[1].Route)
		})
	}
}

// boltEntry reads a story's entry from the embedded ledger in dir.
func boltEntry(t *testing.T, dir, key string) ledger.Entry {
	t.Helper()
	s, err := bolt.Open(dir)
	require.NoError(t, err)
	defer s.Close()
	e, err := s.Get(context.Background(), key)
	require.NoError(t, err)
	return e
}

// processWithCmdline reports whether a process whose command line is
// cmdline (arguments separated by NUL) is alive.
func processWithCmdline(cmdline string) bool {
	dirs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, d := range dirs {
		b, err := os.ReadFile(d)
		if err == nil && strings.TrimRight(string(b), "\x00") == cmdline {
			return true
		}
	}
	return false
}

// TestServeHoldsTheCapUnderConcurrentDeliveries: N /verify comments on one
// pull request delivered at once to `serve`: exactly the cap's number of
// runs execute (each writes evidence; a refused run writes none), the
// ledger counts as many, and the rest are answered as refused.
func TestServeHoldsTheCapUnderConcurrentDeliveries(t *testing.T) {
	redisURL := testRedisURL(t)
	n, limit := loopRuns(t)
	fake := setupGitHub(t, "<!-- AUTO:CMD=sh -c 'sleep 0.2; exit 1' -->\n- [ ] a failing check\n")
	env := serverEnv(t, fake, redisURL)
	env["ENGINEO_MAX_VERIFY_CYCLES"] = strconv.Itoa(limit)
	srv := startServer(t, env)
	var wg sync.WaitGroup
	for i := range n {
		cid := fake.AddComment("acme", "web", 7, "alice", "/verify fresh")
		wg.Go(func() {
			code, msg := srv.deliver(t, "issue_comment", fmt.Sprintf("cap-%d", i), commentEvent(cid, "alice", "/verify fresh"), testSecret)
			assert.Equal(t, 202, code, msg)
		})
	}
	wg.Wait()
	assertCapHeld(t, srv, env, redisURL, n, limit)
}

// TestServeHoldsTheCapUnderConcurrentJiraDeliveries: the same through the
// Jira webhook: N `/verify` comments on one issue delivered at once run
// the story exactly the cap's number of times.
func TestServeHoldsTheCapUnderConcurrentJiraDeliveries(t *testing.T) {
	redisURL := testRedisURL(t)
	n, limit := loopRuns(t)
	fake := setupGitHub(t, "<!-- AUTO:CMD=sh -c 'sleep 0.2; exit 1' -->\n- [ ] a failing check\n")
	jira := jiratest.NewServer(t)
	jira.AddIssue("KAN-25", "KAN", "Greet people", "In Progress", workflow...)
	env := jiraEnv(t, fake, jira, redisURL)
	env["ENGINEO_MAX_VERIFY_CYCLES"] = strconv.Itoa(limit)
	srv := startServer(t, env)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			delivery := commentCreated("KAN-25", "557058:alice", "/verify")
			delivery["comment"].(map[string]any)["id"] = strconv.Itoa(10200 + i) // comments of their own, not one redelivered
			code, msg := postJira(t, srv.addr, fmt.Sprintf("jcap-%d", i), delivery, true)
			assert.Equal(t, 202, code, msg)
		})
	}
	wg.Wait()
	assertCapHeld(t, srv, env, redisURL, n, limit)
}

// assertCapHeld waits until serve has answered n deliveries for KAN-25 and
// checks that exactly limit of them ran: cycles counted, runs recorded,
// evidence written.
func assertCapHeld(t *testing.T, srv *appServer, env map[string]string, redisURL string, n, limit int) {
	t.Helper()
	store, err := ledgerredis.New(context.Background(), redisURL, ledgerredis.WithPrefix(env["ENGINEO_REDIS_PREFIX"]))
	require.NoError(t, err)
	defer store.Close()
	entry := func() ledger.Entry {
		e, err := store.Get(context.Background(), "KAN-25")
		require.NoError(t, err)
		return e
	}
	waitFor(t, "every delivery answered", func() bool {
		logs := srv.logString()
		return strings.Count(logs, `"msg":"run finished"`)+strings.Count(logs, `"msg":"run stopped"`) >= n &&
			len(entry().History) >= limit && len(entry().InFlight) == 0
	})
	time.Sleep(500 * time.Millisecond) // a run beyond the cap would show by now
	evidence, _ := filepath.Glob(filepath.Join(env["ENGINEO_ARTIFACTS_DIR"], "runs", "*", "KAN-25-evidence-*"))
	e := entry()
	assert.Equal(t, limit, e.AutoVerifyRuns, "cycles counted")
	assert.Len(t, e.History, limit, "runs recorded")
	assert.Len(t, evidence, limit, "runs that executed")
}
