package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestForkBombStaysInTheRunsBudget: a fork bomb in a run with the default
// reviewers (two sandboxes at once) and concurrency raises the tasks of the
// run's process tree by no more than the run's budget (1,024, plus a few
// for autoverify and the sandboxes' inits), ends within its timeout, and
// leaves nothing behind. Before the budget was shared, each sandbox had
// 2,048 of its own: 4,100 tasks on two cores, the host's whole pid_max on
// sixteen. The timeout is 5 s here (the default is 10 minutes).
//
// Not parallel: it counts tasks while it runs.
func TestForkBombStaysInTheRunsBudget(t *testing.T) {
	bin := cliBinary(t)
	repo := gitRepo(t, map[string]string{
		// Every process forks for ever, failures or not (a shell's bomb
		// dies at its first failed fork).
		"BOMB-1.md": "<!-- AUTO:CMD=perl -e 'fork while 1' -->\n- [ ] a fork bomb\n",
	})
	cmd := exec.Command(bin, "run", "BOMB-1.md")
	cmd.Dir = repo
	cmd.Env = append(os.Environ(), "ENGINEO_AUTOVERIFY_ALLOWLIST=perl -e", "ENGINEO_COMMAND_TIMEOUT=5s")
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	hostBefore := hostTasks()
	start := time.Now()
	require.NoError(t, cmd.Start())
	var peak, hostPeak atomic.Int64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
			}
			if n := int64(treeTasks(cmd.Process.Pid)); n > peak.Load() {
				peak.Store(n)
			}
			if n := int64(hostTasks() - hostBefore); n > hostPeak.Load() {
				hostPeak.Store(n)
			}
		}
	}()
	err := cmd.Wait()
	close(done)
	<-sampled
	elapsed := time.Since(start)
	t.Logf("run's tasks at peak: %d; host's task count raised by %d at peak (other tests count there too); %s", peak.Load(), hostPeak.Load(), elapsed.Round(time.Millisecond))
	require.Error(t, err, "a fork bomb does not pass: %s", out.String())
	assert.LessOrEqual(t, peak.Load(), int64(1100), "tasks of the run")
	assert.Greater(t, peak.Load(), int64(300), "the bomb did fork: a test that cannot fail proves nothing")
	assert.Less(t, elapsed, 30*time.Second, "ends within the timeout (5 s, 2 s of grace)")
	assert.Contains(t, out.String(), "TIMEOUT", out.String())
	leftovers, _ := filepath.Glob("/sys/fs/cgroup/*/autoverify-" + strconv.Itoa(cmd.Process.Pid) + "-*")
	more, _ := filepath.Glob("/sys/fs/cgroup/autoverify-" + strconv.Itoa(cmd.Process.Pid) + "-*")
	assert.Empty(t, append(leftovers, more...), "the run's budget is removed")
	assert.Zero(t, treeTasks(cmd.Process.Pid), "nothing left behind")
}

// hostTasks is the number of tasks (threads) on the host, from
// /proc/loadavg.
func hostTasks() int {
	raw, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(raw))
	if len(f) < 4 {
		return 0
	}
	_, total, _ := strings.Cut(f[3], "/")
	n, _ := strconv.Atoi(total)
	return n
}

// treeTasks counts the tasks of pid and of every process descended from
// it (sandboxed ones included: the host sees them under host pids).
func treeTasks(root int) int {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	parent := map[int]int{}
	threads := map[int]int{}
	for _, p := range stats {
		raw, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		s := string(raw)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		pid, _ := strconv.Atoi(strings.Fields(s[:strings.IndexByte(s, ' ')])[0])
		f := strings.Fields(s[i+2:]) // from the state on: state ppid ... num_threads is field 20 overall
		if len(f) < 18 {
			continue
		}
		parent[pid], _ = strconv.Atoi(f[1])
		threads[pid], _ = strconv.Atoi(f[17])
	}
	// A fork bomb's tree is deep (each child forks on): an ancestry walk
	// cut at a fixed depth missed most of it under load (18 of ~970 tasks
	// counted), so each process's answer is remembered and the walk
	// bounded only by the number of processes (a reused pid's cycle).
	in := map[int]bool{}
	var under func(p, hops int) bool
	under = func(p, hops int) bool {
		if p == root {
			return true
		}
		if p <= 1 || hops > len(parent) {
			return false
		}
		if v, ok := in[p]; ok {
			return v
		}
		v := under(parent[p], hops+1)
		in[p] = v
		return v
	}
	n := 0
	for pid, th := range threads {
		if under(pid, 0) {
			n += th
		}
	}
	return n
}
