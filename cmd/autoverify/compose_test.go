package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// needComposeImages builds the compose runner's test images (busybox and
// the Redis-like kvserver, both FROM scratch).
func needComposeImages(t *testing.T) {
	t.Helper()
	needDockerImage(t)
	_, file, _, _ := runtime.Caller(0)
	script := filepath.Join(filepath.Dir(file), "..", "..", "integrations", "compose", "testdata", "build-images.sh")
	out, err := exec.CommandContext(context.Background(), "bash", script).CombinedOutput()
	require.NoError(t, err, "%s", out)
}

// composeLeftovers lists the stack containers and networks this process
// created that still exist.
func composeLeftovers(t *testing.T) string {
	t.Helper()
	var left []string
	for _, kind := range []string{"ps", "network"} {
		args := []string{kind, "ls", "-q", "--filter", "label=autoverify.compose.stack", "--filter", "label=autoverify.pid=" + strconv.Itoa(os.Getpid())}
		if kind == "ps" {
			args = []string{"ps", "-aq", "--filter", args[4], "--filter", args[6]}
		}
		out, err := exec.Command("docker", args...).Output()
		require.NoError(t, err)
		if s := strings.TrimSpace(string(out)); s != "" {
			left = append(left, kind+": "+s)
		}
	}
	return strings.Join(left, "; ")
}

// TestRunComposeEnvironment runs a matrix story through `autoverify run`
// with a native environment and a compose stack whose checked service
// reaches a second container (a Redis-like server) by service name; the
// stack is gone afterwards. A compose file naming a missing image blocks
// the environment.
func TestRunComposeEnvironment(t *testing.T) {
	long(t)
	needComposeImages(t)
	h := newHarness(t)
	h.env["ENGINEO_AUTOVERIFY_ALLOWLIST"] = "true,sh ci/ping.sh,sh ci/get.sh"
	h.write(".autoverify.yml", "environments:\n  native:\n    runner: local\n  stack:\n    compose: ci/compose.yml\n    service: app\n")
	h.write("ci/compose.yml", `services:
  app:
    image: autoverify-test-busybox:latest
    depends_on:
      kv: {condition: service_healthy}
  kv:
    image: autoverify-test-kvserver:latest
    command: ["-delay", "1s"]
    healthcheck:
      test: ["CMD", "/kvserver", "-probe", "127.0.0.1:6379"]
      interval: 100ms
      retries: 100
`)
	h.write("ci/ping.sh", "printf 'PING\\n' | busybox nc kv 6379 | grep -q PONG\n")
	h.write("ci/get.sh", "test \"$(printf 'GET nothing\\n' | busybox nc kv 6379)\" = \"$(printf '+42\\r')\"\n")
	story := "<!-- AUTO:ENV=stack CMD=sh ci/ping.sh -->\n- [ ] the app reaches kv by its service name\n" +
		"<!-- AUTO:ENV=stack EXIT=1 CMD=sh ci/get.sh -->\n- [ ] an unset key is not 42 (RED wants exit 1)\n" +
		"<!-- AUTO:CMD=true -->\n- [ ] passes everywhere\n"
	path := h.write("KAN-60.md", story)
	require.Equal(t, exitOK, h.run("run", path, "--workdir", h.dir), h.stdout.String()+h.stderr.String())
	out := h.stdout.String()
	rows := map[string]string{}
	for _, m := range specRowRe.FindAllStringSubmatch(out, -1) {
		rows[m[2]] += m[3] + m[4] + " "
	}
	assert.Equal(t, map[string]string{"stack": "0PASS 1PASS 0PASS ", "native": "0PASS "}, rows, out)
	assert.Empty(t, composeLeftovers(t), "the stack is torn down after the run")

	// The same check fails where the stack is not: native has no kv.
	path = h.write("KAN-61.md", "<!-- AUTO:CMD=sh ci/ping.sh -->\n- [ ] reaches kv everywhere\n")
	assert.Equal(t, exitFailed, h.run("run", path, "--workdir", h.dir))
	assert.Contains(t, h.stdout.String(), "environment_disagreement: passed in stack; failed in native")

	// A missing image blocks the environment, naming the image.
	h.write("ci/compose.yml", "services:\n  app:\n    image: autoverify-test-busybox:latest\n    depends_on: [db]\n  db:\n    image: autoverify-no-such-image:latest\n")
	path = h.write("KAN-62.md", "<!-- AUTO:CMD=true -->\n- [ ] needs every environment\n")
	assert.Equal(t, exitFailed, h.run("run", path, "--workdir", h.dir))
	assert.Contains(t, h.stdout.String(), "INFRA_BLOCKED: environment stack unavailable")
	assert.Contains(t, h.stdout.String()+h.stderr.String(), "autoverify-no-such-image:latest")

	// A refused key is bad input naming the key.
	h.write("ci/compose.yml", "services:\n  app:\n    image: autoverify-test-busybox:latest\n    volumes: [\"/:/host\"]\n")
	code := h.run("run", path, "--workdir", h.dir)
	assert.NotEqual(t, exitOK, code)
	assert.Contains(t, h.stdout.String()+h.stderr.String(), `services.app: key "volumes" is not allowed`)
	assert.Empty(t, composeLeftovers(t))
}

// TestServeComposeEnvironment: on the server, environments: comes from the
// base branch and the compose file from the pull request's head; the
// check reaches the second service, and the stack is gone after the run.
// A head whose compose file asks for more than the runner allows is
// refused, naming the key.
func TestServeComposeEnvironment(t *testing.T) {
	long(t)
	needComposeImages(t)
	redisURL := testRedisURL(t)
	fake := setupGitHub(t, "- [ ] reaches kv `sh ci/ping.sh`\n")
	fake.SetFiles("acme", "web", "main", map[string]string{".autoverify.yml": "allowlist: [sh ci/ping.sh]\n" +
		"environments:\n  stack:\n    compose: ci/compose.yml\n    service: app\n"})
	compose := "services:\n  app:\n    image: autoverify-test-busybox:latest\n    depends_on:\n      kv: {condition: service_healthy}\n" +
		"  kv:\n    image: autoverify-test-kvserver:latest\n    healthcheck:\n      test: [\"CMD\", \"/kvserver\", \"-probe\", \"127.0.0.1:6379\"]\n      interval: 100ms\n      retries: 100\n"
	fake.SetFiles("acme", "web", headSHA, map[string]string{
		"ci/compose.yml": compose,
		"ci/ping.sh":     "printf 'PING\\n' | busybox nc kv 6379 | grep -q PONG\n",
	})
	srv := startServer(t, serverEnv(t, fake, redisURL))
	cid := fake.AddComment("acme", "web", 7, "alice", "/verify")
	code, _ := srv.deliver(t, "issue_comment", "m-1", commentEvent(cid, "alice", "/verify"), testSecret)
	require.Equal(t, 202, code)
	waitFor(t, "the compose run", func() bool { return len(completedRuns(fake)) == 1 })
	cr := completedRuns(fake)[0]
	assert.Equal(t, "success", cr.GetConclusion(), cr.GetOutput().GetSummary())
	assert.Contains(t, cr.GetOutput().GetSummary(), "Environments Tested: stack")
	// The check run is published before the run releases its runners.
	waitFor(t, "the stack torn down", func() bool { return composeLeftovers(t) == "" })

	fake.SetFiles("acme", "web", headSHA, map[string]string{
		"ci/compose.yml": strings.Replace(compose, "  app:\n", "  app:\n    privileged: true\n", 1),
		"ci/ping.sh":     "true\n",
	})
	cid = fake.AddComment("acme", "web", 7, "alice", "/verify")
	code, _ = srv.deliver(t, "issue_comment", "m-2", commentEvent(cid, "alice", "/verify"), testSecret)
	require.Equal(t, 202, code)
	waitFor(t, "the refused run", func() bool { return len(completedRuns(fake)) == 2 })
	cr = completedRuns(fake)[1]
	assert.NotEqual(t, "success", cr.GetConclusion())
	assert.Contains(t, cr.GetOutput().GetSummary()+cr.GetOutput().GetText(), `key "privileged" is not allowed`)
	assert.Empty(t, composeLeftovers(t))
}
