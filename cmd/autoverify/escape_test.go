package main

import (
	"encoding/base64"
	"encoding/hex"
	"flag"
	"fmt"
	"io/fs"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/settings"
)

// attackScript is a pull request's hostile script: each mode tries one
// escape and exits 1 printing ESCAPED when it works, 0 printing CONTAINED
// when it does not. python3 does what sh cannot (sockets, counted forks).
const attackScript = `#!/bin/sh
mode=$1; shift
escaped() { echo "ESCAPED: $*"; exit 1; }
contained() { echo "CONTAINED: $*"; exit 0; }
case $mode in
environ)
	for f in /proc/[0-9]*/environ; do
		grep -q "$1" "$f" 2>/dev/null && escaped "found the marker in $f"
	done
	contained "no process environment holds the marker" ;;
read)
	cat "$1" 2>/dev/null | grep -q . && escaped "read $1"
	contained "cannot read $1" ;;
docker)
	python3 - <<'EOF' && escaped "the Docker API answered" || contained "no Docker socket"
import socket, sys
for p in ("/var/run/docker.sock", "/run/docker.sock"):
    try:
        s = socket.socket(socket.AF_UNIX); s.settimeout(2); s.connect(p)
        s.sendall(b"GET /_ping HTTP/1.0\r\n\r\n")
        if s.recv(100): sys.exit(0)
    except OSError:
        pass
sys.exit(1)
EOF
	;;
connect)
	python3 -c "import socket; socket.create_connection(('127.0.0.1', $1), timeout=2)" 2>/dev/null && escaped "connected to 127.0.0.1:$1"
	contained "127.0.0.1:$1 unreachable" ;;
write)
	echo pwned >"$1" 2>/dev/null && escaped "wrote $1"
	contained "cannot write $1" ;;
procs)
	n=$(python3 -c '
import os, signal, time
pids = []
for i in range(5000):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        time.sleep(60); os._exit(0)
    pids.append(pid)
for p in pids:
    os.kill(p, signal.SIGKILL); os.waitpid(p, 0)
print(len(pids))')
	[ "$n" -ge 5000 ] && escaped "started $n processes"
	contained "started $n of 5000 processes" ;;
bigfile)
	head -c 2147483648 /dev/zero >big 2>/dev/null
	n=$(wc -c <big); rm -f big
	[ "$n" -ge 2147483648 ] && escaped "wrote a $n-byte file"
	contained "the file stopped at $n bytes" ;;
alloc)
	python3 -c 'b = bytearray(8 << 30); print(len(b))' >/dev/null 2>&1 && escaped "allocated 8 GiB"
	contained "8 GiB allocation stopped" ;;
secret)
	s=$(cat secret.txt)
	echo "plain: $s"
	printf %s "$s" | base64 | sed 's/^/base64: /'
	printf %s "$s" | od -An -tx1 | tr -d ' \n' | sed 's/^/hex: /'; echo
	python3 -c 'import sys, urllib.parse; print("url: " + urllib.parse.quote(sys.argv[1], safe=""))' "$s"
	contained "printed" ;;
esac
escaped "unknown mode $mode"
`

// TestServeEscapeSuite runs a hostile pull request through serve end to
// end on the default runner (the local sandbox) and checks that every
// attack is contained and that no form of a configured secret reaches the
// evidence, the summary, the comment, the check run, the pull request's
// body or the logs.
func TestServeEscapeSuite(t *testing.T) {
	redisURL := testRedisURL(t)
	outside := t.TempDir()
	planted := filepath.Join(outside, "planted-secret.txt")
	require.NoError(t, os.WriteFile(planted, []byte("the server's own file\n"), 0o644))
	writeTarget := filepath.Join(outside, "written-by-the-pr")
	marker := "autoverify-escape-marker-" + fmt.Sprint(os.Getpid())
	// Not t.Setenv: the marker must be in this process's real environment,
	// where /proc/PID/environ shows it; this test is not parallel.
	require.NoError(t, os.Setenv("AUTOVERIFY_ESCAPE_MARKER", marker))
	defer os.Unsetenv("AUTOVERIFY_ESCAPE_MARKER")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	var accepted atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			c.Close()
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port

	// The process attack fills the run's process budget; it goes last,
	// one command at a time, so that no other attack starts while its
	// killed processes are still being reaped (a loaded CI saw the next
	// one's fork refused: safe, but not the attack under test).
	attacks := []string{"environ " + marker, "read " + planted, "docker", fmt.Sprintf("connect %d", port),
		"write " + writeTarget, "bigfile", "alloc", "secret", "procs"}
	var body strings.Builder
	body.WriteString("Implements KAN-25.\n\n")
	for _, a := range attacks {
		fmt.Fprintf(&body, "- [ ] Attack %s: `sh attack.sh %s`\n", strings.Fields(a)[0], a)
	}
	fake := setupGitHub(t, body.String())
	fake.SetFiles("acme", "web", "main", map[string]string{".autoverify.yml": "allowlist: [sh attack.sh]\n"})
	// A secret whose URL-encoded form differs from it; the pull request
	// has learnt it somewhere and tries to publish it.
	const secret = "s3cr3t/escape+test=value&more"
	fake.SetFiles("acme", "web", headSHA, map[string]string{"attack.sh": attackScript, "secret.txt": secret})
	env := serverEnv(t, fake, redisURL)
	env["ENGINEO_ESCAPE_TEST_TOKEN"] = secret
	env["ENGINEO_REDACT_ENV"] = "ENGINEO_ESCAPE_TEST_TOKEN"
	env["ENGINEO_REVIEWERS"] = "1"
	env["ENGINEO_COMMAND_TIMEOUT"] = "2m"
	env["ENGINEO_CONCURRENCY"] = "1"
	// The alloc attack's 8 GiB is stopped by the sandbox's memory cgroup
	// once it has touched the whole limit: under the default 4 GiB that
	// took 20 s on an idle machine here (and past this test's wait on a
	// loaded CI), under 1 GiB a few seconds, and proves the same.
	env["ENGINEO_SANDBOX_MEMORY"] = "1GiB"
	srv := startServer(t, env)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the server's log:\n%s", srv.logString())
		}
	})

	cid := fake.AddComment("acme", "web", 7, "alice", "/verify")
	code, msg := srv.deliver(t, "issue_comment", "d-escape", commentEvent(cid, "alice", "/verify"), testSecret)
	require.Equal(t, 202, code, msg)
	waitForWithin(t, "the check run to complete", 90*time.Second, func() bool { return len(completedRuns(fake)) == 1 && len(stickyComments(fake)) == 1 })

	comment := stickyComments(fake)[0].GetBody()
	cr := completedRuns(fake)[0]
	published := map[string]string{
		"comment":   comment,
		"check run": cr.GetOutput().GetSummary() + cr.GetOutput().GetText(),
		"PR body":   fake.Pull("acme", "web", 7).GetBody(),
		"logs":      srv.logString(),
	}
	require.NoError(t, filepath.WalkDir(env["ENGINEO_ARTIFACTS_DIR"], func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		published["artefact "+filepath.Base(path)] = string(b)
		return err
	}))
	t.Logf("comment:\n%s", comment)

	for _, a := range attacks {
		name := strings.Fields(a)[0]
		assert.Contains(t, comment, fmt.Sprintf("| ✅ | Attack %s:", name), "attack %s: contained means the item passed", name)
	}
	assert.Equal(t, "success", cr.GetConclusion(), "every attack was contained")
	_, err = os.Stat(writeTarget)
	assert.True(t, os.IsNotExist(err), "the pull request wrote %s outside its workspace", writeTarget)
	assert.Zero(t, accepted.Load(), "the pull request connected to a listener on the host's 127.0.0.1")

	evidence := ""
	for where, text := range published {
		if strings.HasPrefix(where, "artefact ") && strings.Contains(where, "evidence") {
			evidence += text
		}
	}
	assert.Contains(t, evidence, "CONTAINED: printed", "the secret attack ran and its output is in the evidence")
	forms := map[string]string{
		"plain":  secret,
		"base64": base64.StdEncoding.EncodeToString([]byte(secret)),
		"hex":    hex.EncodeToString([]byte(secret)),
		"url":    url.PathEscape(secret),
		"query":  url.QueryEscape(secret),
	}
	for where, text := range published {
		assert.NotContains(t, text, "ESCAPED", "%s reports an escape", where)
		for form, value := range forms {
			assert.NotContains(t, text, value, "the %s form of a configured secret reached the %s", form, where)
		}
	}
}

// TestServeHidesItsKeyFromTheSandbox checks that the GitHub App's key file
// is on the sandbox's hidden list, so that a key kept under a directory
// commands see (/etc/autoverify/, say) stays out of their reach.
func TestServeHidesItsKeyFromTheSandbox(t *testing.T) {
	t.Parallel()
	fake := setupGitHub(t, "- [ ] `true`\n")
	key := filepath.Join(t.TempDir(), "key.pem")
	require.NoError(t, os.WriteFile(key, fake.PrivateKeyPEM(), 0o600))
	env := serverEnv(t, fake, "")
	env["ENGINEO_GITHUB_PRIVATE_KEY_PATH"] = key
	delete(env, "ENGINEO_GITHUB_PRIVATE_KEY")
	app := &App{Getenv: func(k string) string { return env[k] }}
	s, err := app.env().CheckServer(cli.SettingFlags(flag.NewFlagSet("serve", flag.ContinueOnError), app.Getenv, settings.Run, settings.Serve, settings.Jira))
	require.NoError(t, err)
	assert.Contains(t, s.Config.Sandbox.Hide, key)
}

// TestServeRequiresTheSandbox checks that serve asks for the sandbox
// outright (no fallback to weaker isolation mid-run), unless the operator
// opted out by name or chose it off.
func TestServeRequiresTheSandbox(t *testing.T) {
	t.Parallel()
	fake := setupGitHub(t, "- [ ] `true`\n")
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{nil, "on"},
		{map[string]string{"ENGINEO_UNSAFE_NO_SANDBOX": "1"}, "auto"},
		{map[string]string{"ENGINEO_SANDBOX": "off"}, "off"},
	} {
		env := serverEnv(t, fake, "")
		delete(env, "ENGINEO_SANDBOX")
		for k, v := range tc.env {
			env[k] = v
		}
		app := &App{Getenv: func(k string) string { return env[k] }}
		s, err := app.env().CheckServer(cli.SettingFlags(flag.NewFlagSet("serve", flag.ContinueOnError), app.Getenv, settings.Run, settings.Serve, settings.Jira))
		require.NoError(t, err)
		assert.Equal(t, tc.want, s.Config.Sandbox.Mode, "%v", tc.env)
	}
}
