package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/report"
)

type harness struct {
	t       *testing.T
	dir     string
	env     map[string]string
	stdout  bytes.Buffer
	stderr  bytes.Buffer
	nowTime time.Time
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	dir := t.TempDir()
	return &harness{t: t, dir: dir, env: map[string]string{
		"ENGINEO_ARTIFACTS_DIR":        filepath.Join(dir, "reports"),
		"ENGINEO_STATE_DIR":            filepath.Join(dir, "state"),
		"ENGINEO_AUTOVERIFY_ALLOWLIST": "true,false,sh -c,echo",
	}, nowTime: time.Date(2026, 1, 28, 12, 0, 0, 0, time.UTC)}
}

// newGoHarness is newHarness for a test that runs the real go command
// (skipped where there is none), with PATH and HOME passed on.
func newGoHarness(t *testing.T) *harness {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not installed")
	}
	h := newHarness(t)
	h.env["PATH"] = os.Getenv("PATH")
	h.env["HOME"] = os.Getenv("HOME")
	return h
}

func (h *harness) write(name, content string) string {
	h.t.Helper()
	p := filepath.Join(h.dir, name)
	require.NoError(h.t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(h.t, os.WriteFile(p, []byte(content), 0o644))
	return p
}

func (h *harness) run(args ...string) int {
	h.t.Helper()
	h.stdout.Reset()
	h.stderr.Reset()
	off := false
	app := &App{Stdout: &h.stdout, Stderr: &h.stderr, Getenv: func(k string) string { return h.env[k] },
		Now: func() time.Time { return h.nowTime }, Color: &off}
	return app.Run(context.Background(), args)
}

const story = `# KAN-25

<!-- AUTO:CMD=true -->
- [ ] Passing check
- [x] Failing check ` + "`false`" + `
- [ ] Manual check
`

func TestRunWritesEvidenceAndMarksStory(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	path := h.write("KAN-25.md", story)
	code := h.run("run", path, "--workdir", h.dir)
	assert.Equal(t, exitFailed, code, h.stderr.String())

	out := h.stdout.String()
	assert.Contains(t, out, "KAN-25: 1/2 automated items passed, 1 manual item")
	assert.Regexp(t, `5\s+\w{8}\s+FAIL\s+UNKNOWN\s+1`, out)

	got, err := os.ReadFile(path)
	require.NoError(t, err)
	ev := "KAN-25-evidence-20260128T120000Z.txt"
	want := "# KAN-25\n\n<!-- AUTO:CMD=true -->\n- [x] Passing check\n  - Auto-verified: PASS (see `" + ev + "`) <!-- AUTO-VERIFY:ID -->\n" +
		"- [ ] Failing check `false`\n  - Auto-verified: FAIL — UNKNOWN, exit code 1 (see `" + ev + "`) <!-- AUTO-VERIFY:ID -->\n- [ ] Manual check\n"
	assert.Equal(t, want, regexp.MustCompile(`AUTO-VERIFY:[0-9a-f]{8}`).ReplaceAllString(string(got), "AUTO-VERIFY:ID"))

	var sum map[string]any
	raw, err := os.ReadFile(filepath.Join(h.dir, "reports", "KAN-25-auto-verify-summary.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &sum))
	assert.Equal(t, "KAN-25", sum["story_key"])
	assert.EqualValues(t, 1, sum["failed_count"])
	assert.EqualValues(t, 1, sum["manual_count"])
	assert.FileExists(t, filepath.Join(h.dir, "reports", ev))

	// A rerun after a fix replaces markers instead of adding them.
	h.nowTime = h.nowTime.Add(time.Hour)
	h.env["ENGINEO_AUTOVERIFY_ALLOWLIST"] = "true,false"
	fixed := strings.Replace(string(got), "`false`", "`true`", 1)
	require.NoError(t, os.WriteFile(path, []byte(fixed), 0o644))
	assert.Equal(t, exitOK, h.run("run", path, "--workdir", h.dir), h.stdout.String()+h.stderr.String())
	again, _ := os.ReadFile(path)
	assert.Equal(t, 2, strings.Count(string(again), "AUTO-VERIFY:"), string(again))
	assert.Equal(t, 2, strings.Count(string(again), "- [x]"), string(again))
}

func TestRunRejectedTagFailsAndExplains(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	path := h.write("KAN-1.md", "<!-- AUTO:CMD=true; rm -rf / -->\n- [ ] sneaky\n")
	assert.Equal(t, exitFailed, h.run("run", path, "--workdir", h.dir))
	assert.Contains(t, h.stdout.String(), "contains `;`")
	got, _ := os.ReadFile(path)
	assert.Contains(t, string(got), "Auto-verify: REJECTED")
	assert.Contains(t, string(got), "- [ ] sneaky", "box untouched")
}

func TestRunTimeoutIsReported(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.env["ENGINEO_COMMAND_TIMEOUT"] = "300ms"
	path := h.write("KAN-2.md", "<!-- AUTO:CMD=sh -c 'sleep 30' -->\n- [ ] slow\n")
	start := time.Now()
	assert.Equal(t, exitFailed, h.run("run", path, "--workdir", h.dir))
	assert.Less(t, time.Since(start), 10*time.Second)
	assert.Contains(t, h.stdout.String(), "TIMEOUT")
}

func TestRunRedactsSecrets(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	secret := "s3cr3t-" + "value-for-test-0042"
	h.env["ENGINEO_JIRA_API_TOKEN"] = secret
	h.env["ENGINEO_REDACT_ENV"] = "ENGINEO_JIRA_API_TOKEN"
	path := h.write("KAN-3.md", "<!-- AUTO:CMD=echo "+secret+" -->\n- [ ] leak\n")
	assert.Equal(t, exitOK, h.run("run", path, "--workdir", h.dir), h.stderr.String())
	files, _ := filepath.Glob(filepath.Join(h.dir, "reports", "*"))
	require.Len(t, files, 2)
	for _, f := range files {
		b, _ := os.ReadFile(f)
		assert.NotContains(t, string(b), secret, f)
	}
	assert.NotContains(t, h.stdout.String(), secret)
}

// TestRunRedactsRunnerEnvSecrets: a value ENGINEO_RUNNER_ENV gives a
// secret-looking name reaches the command and is masked in everything
// written, raw and hex-encoded; the determinism defaults reach it too.
func TestRunRedactsRunnerEnvSecrets(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	secret := "tok-" + "runner-env-value-0042"
	h.env["ENGINEO_RUNNER_ENV"] = "DEPLOY_TOKEN=" + secret + ",PLAIN=visible-value"
	path := h.write("KAN-4.md", `<!-- AUTO:CMD=sh -c 'echo "$DEPLOY_TOKEN $PLAIN $TZ"; printf %s "$DEPLOY_TOKEN" | od -An -tx1 | tr -d " \n"' -->`+"\n- [ ] leak\n")
	assert.Equal(t, exitOK, h.run("run", path, "--workdir", h.dir), h.stderr.String())
	files, _ := filepath.Glob(filepath.Join(h.dir, "reports", "*evidence*"))
	require.Len(t, files, 1)
	b, err := os.ReadFile(files[0])
	require.NoError(t, err)
	evidence := string(b)
	for _, form := range []string{secret, hex.EncodeToString([]byte(secret))} {
		assert.NotContains(t, evidence, form)
		assert.NotContains(t, h.stdout.String(), form)
	}
	assert.Contains(t, evidence, "[REDACTED] visible-value UTC")
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		file string // content; empty means no file
		env  map[string]string
		args func(path, dir string) []string
		want string
	}{
		{"missing file", "", nil, func(p, d string) []string { return []string{"run", p, "--workdir", d} }, "no such file"},
		{"not utf-8", "- [ ] a\xff\n", nil, func(p, d string) []string { return []string{"run", p, "--workdir", d} }, "invalid UTF-8"},
		{"no checklist", "# just prose\n", nil, func(p, d string) []string { return []string{"plan", p} }, "no checklist"},
		{"bad timeout", "- [ ] a\n", map[string]string{"ENGINEO_COMMAND_TIMEOUT": "ten"}, func(p, d string) []string { return []string{"run", p, "--workdir", d} }, "ENGINEO_COMMAND_TIMEOUT=\"ten\""},
		{"bad output limit", "- [ ] a\n", map[string]string{"ENGINEO_OUTPUT_LIMIT": "lots"}, func(p, d string) []string { return []string{"run", p, "--workdir", d} }, "ENGINEO_OUTPUT_LIMIT"},
		{"bad concurrency", "- [ ] a\n", map[string]string{"ENGINEO_CONCURRENCY": "0"}, func(p, d string) []string { return []string{"run", p, "--workdir", d} }, "ENGINEO_CONCURRENCY"},
		{"bad workdir", "- [ ] a\n", nil, func(p, d string) []string { return []string{"run", p, "--workdir", filepath.Join(d, "nope")} }, "--workdir"},
		{"bad key", "- [ ] a\n", nil, func(p, d string) []string { return []string{"run", p, "--story-key", "../x", "--workdir", d} }, "--story-key"},
		{"no story", "", nil, func(p, d string) []string { return []string{"run"} }, "exactly one story"},
		{"two stories", "", nil, func(p, d string) []string { return []string{"run", p, p, "--workdir", d} }, "run needs exactly one story file"},
		{"plan two stories", "", nil, func(p, d string) []string { return []string{"plan", p, p} }, "plan needs exactly one story file"},
		{"no signal", "", nil, func(p, d string) []string { return []string{"audit", "--workdir", d} }, "audit needs exactly one signal file"},
		{"unknown command", "", nil, func(p, d string) []string { return []string{"frobnicate"} }, "unknown command"},
		// Commands without positional arguments refuse one rather than
		// start (serve) or write (keys) while ignoring it.
		{"serve with an argument", "", nil, func(p, d string) []string { return []string{"serve", "stray"} }, "serve takes no arguments"},
		{"keys generate with an argument", "", nil, func(p, d string) []string {
			return []string{"keys", "generate", "--out", filepath.Join(d, "k"), "extra"}
		}, "keys generate takes no arguments"},
		{"keys public with an argument", "", nil, func(p, d string) []string { return []string{"keys", "public", "x"} }, "keys public takes no arguments"},
		{"healthcheck with two URLs", "", nil, func(p, d string) []string { return []string{"healthcheck", "http://a", "http://b"} }, "at most one URL"},
		{"version with an argument", "", nil, func(p, d string) []string { return []string{"version", "x"} }, "version takes no arguments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t)
			for k, v := range tt.env {
				h.env[k] = v
			}
			path := filepath.Join(h.dir, "KAN-9.md")
			if tt.file != "" {
				h.write("KAN-9.md", tt.file)
			}
			assert.Equal(t, exitBadInput, h.run(tt.args(path, h.dir)...))
			assert.Contains(t, h.stderr.String(), tt.want)
			assert.Equal(t, 1, strings.Count(h.stderr.String(), "\n"), "one clear line: %q", h.stderr.String())
			if tt.file != "" {
				got, _ := os.ReadFile(path)
				assert.Equal(t, tt.file, string(got), "story untouched")
			}
			_, err := os.Stat(filepath.Join(h.dir, "reports"))
			assert.True(t, os.IsNotExist(err), "no artifacts on bad input")
		})
	}
}

func TestRepoConfigFile(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	delete(h.env, "ENGINEO_AUTOVERIFY_ALLOWLIST")
	h.write(".autoverify.yml", "allowlist: [true]\n")
	path := h.write("KAN-4.md", "- [ ] a `true`\n- [ ] b `false`\n")
	require.Equal(t, exitOK, h.run("plan", path, "--workdir", h.dir, "--json"), h.stderr.String())
	var plan struct {
		StoryKey string           `json:"story_key"`
		Items    []map[string]any `json:"items"`
	}
	require.NoError(t, json.Unmarshal(h.stdout.Bytes(), &plan))
	assert.Equal(t, "KAN-4", plan.StoryKey)
	require.Len(t, plan.Items, 2)
	assert.Equal(t, "auto", plan.Items[0]["kind"])
	assert.Equal(t, "backtick", plan.Items[0]["source"])
	assert.EqualValues(t, 1, plan.Items[0]["line"])
	assert.Equal(t, "manual", plan.Items[1]["kind"])
	for _, k := range []string{"id", "line", "text", "checked", "kind", "source", "command", "reason"} {
		assert.Contains(t, plan.Items[1], k)
	}

	h.write(".autoverify.yml", "allowlist: [true]\ntimeout: 5m\n")
	assert.Equal(t, exitBadInput, h.run("plan", path, "--workdir", h.dir))
	assert.Contains(t, h.stderr.String(), "field timeout not found")

	// A flag beats the environment, which beats the file.
	h.write(".autoverify.yml", "allowlist: [true]\n")
	h.env["ENGINEO_AUTOVERIFY_ALLOWLIST"] = "false"
	require.Equal(t, exitOK, h.run("plan", path, "--workdir", h.dir, "--json"))
	assert.Contains(t, h.stdout.String(), `"command": "false"`)
	require.Equal(t, exitOK, h.run("plan", path, "--workdir", h.dir, "--json", "--allowlist", "true"))
	assert.NotContains(t, h.stdout.String(), `"command": "false"`)
}

func TestRunDisabledRunsNothing(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.env["ENGINEO_AUTOVERIFY_ENABLED"] = "0"
	path := h.write("KAN-11.md", "- [ ] a `false`\n")
	assert.Equal(t, exitOK, h.run("run", path, "--workdir", h.dir))
	assert.Equal(t, "autoverify is disabled (ENGINEO_AUTOVERIFY_ENABLED=0): nothing was run\n", h.stderr.String())
	got, _ := os.ReadFile(path)
	assert.Equal(t, "- [ ] a `false`\n", string(got), "story untouched")
	_, err := os.Stat(filepath.Join(h.dir, "reports"))
	assert.True(t, os.IsNotExist(err), "nothing written")
}

// TestUsageListsEveryCommand: help prints report.Usage, which names every
// command Run knows and no other; without a command it goes to standard
// error with exit 2.
func TestUsageListsEveryCommand(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	for _, arg := range []string{"help", "-h", "--help"} {
		require.Equal(t, exitOK, h.run(arg))
		assert.Equal(t, report.Usage(), h.stdout.String())
		assert.Empty(t, h.stderr.String())
	}
	assert.Equal(t, exitBadInput, h.run())
	assert.Equal(t, report.Usage(), h.stderr.String())
	assert.Empty(t, h.stdout.String())

	listed := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^  autoverify (\S+)`).FindAllStringSubmatch(report.Usage(), -1) {
		listed[m[1]] = true
	}
	known := map[string]bool{}
	for name := range (&App{}).commands() {
		if !strings.HasPrefix(name, "-") && name != "help" {
			known[name] = true
		}
	}
	assert.Equal(t, known, listed)

	require.Equal(t, exitOK, h.run("version"))
	assert.Equal(t, "autoverify "+version+"\n", h.stdout.String())
}
