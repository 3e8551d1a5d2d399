package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// binDir holds the binary cliBinary builds, removed when the tests end.
var binDir string

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		_ = os.RemoveAll(binDir)
	}
	os.Exit(code)
}

var builtCLI = sync.OnceValues(func() (string, error) {
	var err error
	if binDir, err = os.MkdirTemp("", "autoverify-bin-"); err != nil {
		return "", err
	}
	bin := filepath.Join(binDir, "autoverify")
	// Not the image's build (-tags kubernetes): client-go's registrations
	// raise the peak of one instant check from under 32 MiB to 42 MiB
	// (measured 2026-11-30), which a CLI user who builds it does not pay.
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		return "", &exec.ExitError{Stderr: out}
	}
	return bin, nil
})

// cliBinary is autoverify built as a user builds it (no race detector):
// the tests that measure the program's own memory run it.
// AUTOVERIFY_TEST_CLI names another build to run instead (an older
// commit's, for before-and-after figures).
func cliBinary(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv("AUTOVERIFY_TEST_CLI"); bin != "" {
		return bin
	}
	bin, err := builtCLI()
	require.NoError(t, err, "go build")
	return bin
}

// gitRepo makes a git work tree in a new directory holding files.
func gitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "init"}} {
		out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
	return dir
}

// TestRunPeakMemory: `autoverify run STORY.md` from the repository root,
// as a user runs it (no flag, relative paths, the default two reviewers),
// peaks under 64 MiB with a check that prints 1 GiB of text full of dots,
// and under 32 MiB with one instant check. The figure is autoverify's own
// peak resident set (VmHWM).
// Before: 140-220 MiB, from masking the relative work directory "." in
// the reviewers' output (every dot became <workspace>), normalising the
// whole of it for the failure hash, and a GC target of 400 %.
func TestRunPeakMemory(t *testing.T) {
	long(t)
	t.Parallel()
	bin := cliBinary(t)
	repo := gitRepo(t, map[string]string{
		"BIG-1.md": "<!-- AUTO:CMD=sh -c 'yes ok 1.2.3 pkg.name.v2 | head -c 1073741824' -->\n- [ ] prints a gigabyte\n",
		"ONE-1.md": "- [ ] an instant check `true`\n",
	})
	for _, c := range []struct {
		story  string
		maxMiB float64
	}{{"ONE-1.md", 32}, {"BIG-1.md", 64}} {
		cmd := exec.Command(bin, "run", c.story)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "ENGINEO_AUTOVERIFY_ALLOWLIST=sh -c,true")
		var out strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &out
		require.NoError(t, cmd.Start())
		peak := watchPeakRSS(cmd.Process.Pid)
		require.NoError(t, cmd.Wait(), "%s", out.String())
		rss := float64(<-peak) / 1024
		t.Logf("%s: peak RSS %.1f MiB", c.story, rss)
		assert.LessOrEqual(t, rss, c.maxMiB, "%s: peak RSS in MiB", c.story)
		assert.Contains(t, out.String(), "PASS", "%s", out.String())
	}
}

// watchPeakRSS follows process pid's peak resident set (VmHWM, in KiB)
// until it exits, and sends the last it read. wait4's ru_maxrss would not
// do: a child started by this (large, race-instrumented) test binary
// inherits its parent's high-water mark through the exec.
func watchPeakRSS(pid int) <-chan int {
	peak := make(chan int, 1)
	go func() {
		last := 0
		for {
			raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
			i := strings.Index(string(raw), "VmHWM:")
			if err != nil || i < 0 {
				peak <- last
				return
			}
			f := strings.Fields(string(raw)[i+len("VmHWM:"):])
			if n, err := strconv.Atoi(f[0]); err == nil && n > last {
				last = n
			}
			time.Sleep(2 * time.Millisecond)
		}
	}()
	return peak
}

// long skips t under `go test -short`, the quick subset CI runs
// (scripts/test.sh); scripts/test-long.sh runs every test. The tests it
// skips are end-to-end runs of half a minute or more whose paths a shorter
// test also takes (the mutation gate, compose, the pipeline request, the
// memory peaks).
func long(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("long: bash scripts/test-long.sh runs it")
	}
}
