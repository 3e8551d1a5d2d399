package compose

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/moby/moby/api/types/container"
	"github.com/moby/moby/client"

	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/docker"
)

// stackYAML: app (busybox, where checks run) needs kv, a Redis-like server
// that listens only after delay; condition is app's depends_on condition.
func stackYAML(delay, condition string) string {
	return `services:
  app:
    image: ` + busybox + `
    environment:
      KV_ADDR: kv
    depends_on:
      kv:
        condition: ` + condition + `
  kv:
    image: ` + kvserver + `
    command: ["-delay", "` + delay + `"]
    healthcheck:
      test: ["CMD", "/kvserver", "-probe", "127.0.0.1:6379"]
      interval: 100ms
      retries: 100
`
}

// kv talks to the kv service by its name with busybox nc.
func kv(line string) []string {
	return []string{"sh", "-c", `printf '` + line + `\n' | busybox nc "$KV_ADDR" 6379`}
}

func TestStackCheckTalksToService(t *testing.T) {
	r, dir := newRunner(t, stackYAML("1500ms", "service_healthy"), "app", Config{})
	if err := os.WriteFile(filepath.Join(dir, "marker"), []byte("from the workspace"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The first command runs right after up: kv listens 1.5 s after it
	// starts, so this passes only if up waited for kv to be healthy.
	res := run(t, r, dir, kv("PING")...)
	if res.ExitCode != 0 || strings.TrimSpace(string(res.Output)) != "+PONG" {
		t.Fatalf("PING: exit %d output %q", res.ExitCode, res.Output)
	}
	// Later commands share the stack: state set by one is read by the next.
	if res := run(t, r, dir, kv("SET answer 42")...); res.ExitCode != 0 {
		t.Fatalf("SET: exit %d output %q", res.ExitCode, res.Output)
	}
	res = run(t, r, dir, "sh", "-c", `test "$(printf 'GET answer\n' | busybox nc kv 6379)" = "$(printf '+42\r')"`)
	if res.ExitCode != 0 {
		t.Errorf("GET after SET: exit %d output %q", res.ExitCode, res.Output)
	}
	// Exit codes are the command's.
	for _, tc := range []struct {
		argv []string
		want int
	}{
		{[]string{"false"}, 1},
		{[]string{"sh", "-c", "exit 7"}, 7},
		{[]string{"sh", "-c", `test "$(printf 'GET answer\n' | busybox nc kv 6379)" = "+41"`}, 1},
		{[]string{"no-such-program"}, docker.ExitNotFound},
	} {
		if res := run(t, r, dir, tc.argv...); res.ExitCode != tc.want {
			t.Errorf("%q: exit %d, want %d (output %q)", tc.argv, res.ExitCode, tc.want, res.Output)
		}
	}
	// The workspace is copied in, the checked service runs as non-root.
	res = run(t, r, dir, "sh", "-c", "cat marker; echo; id -u; pwd")
	if got := string(res.Output); res.ExitCode != 0 || got != "from the workspace\n65532\n"+docker.WorkDir+"\n" {
		t.Errorf("workspace/user/dir: exit %d output %q", res.ExitCode, got)
	}
}

// TestDeterministicEnv: checks in the service see the determinism
// defaults even when the compose file's environment: sets other values,
// and Config.Env (ENGINEO_RUNNER_ENV) changes them.
func TestDeterministicEnv(t *testing.T) {
	long(t)
	yaml := "services:\n  app:\n    image: " + busybox + "\n    environment:\n      TZ: America/New_York\n      PYTHONHASHSEED: random\n      LC_ALL: POSIX\n      KEEP: kept\n"
	printEnv := []string{"sh", "-c", `printf '%s|%s|%s|%s|%s|%s|%s\n' "$TZ" "$LC_ALL" "$PYTHONHASHSEED" "$NO_COLOR" "$HOME" "$KEEP" "$(date +%Z)"`}
	for _, tc := range []struct {
		env  []string
		want string
	}{
		{nil, "UTC|C.UTF-8|0|1|/tmp|kept|UTC"},
		{[]string{"PYTHONHASHSEED=random", "NO_COLOR=", "KEEP=set"}, "UTC|C.UTF-8|random||/tmp|set|UTC"},
	} {
		r, dir := newRunner(t, yaml, "app", Config{Env: tc.env})
		res := run(t, r, dir, printEnv...)
		if got := strings.TrimSpace(string(res.Output)); res.ExitCode != 0 || got != tc.want {
			t.Errorf("Env %q: exit %d, command saw %q, want %q", tc.env, res.ExitCode, got, tc.want)
		}
	}
	if _, err := New(Config{File: "f", Service: "s", Env: []string{"NOVALUE"}}); err == nil {
		t.Error("a malformed pair was accepted")
	}
}

// TestStartedIsNotHealthy is the control for the ordering test above: with
// service_started, the first check meets a kv that does not listen yet.
func TestStartedIsNotHealthy(t *testing.T) {
	long(t)
	// kv listens only after a minute, far beyond the app's start on a
	// loaded machine (3 s was not); teardown stops it either way.
	r, dir := newRunner(t, stackYAML("60s", "service_started"), "app", Config{})
	if res := run(t, r, dir, kv("PING")...); res.ExitCode == 0 {
		t.Fatalf("PING before kv listens passed: output %q", res.Output)
	}
}

func TestMissingImageIsInfraError(t *testing.T) {
	yaml := "services:\n  app:\n    image: " + busybox + "\n    depends_on: [db]\n  db:\n    image: autoverify-no-such-image:latest\n"
	r, dir := newRunner(t, yaml, "app", Config{})
	_, err := r.Run(context.Background(), verify.Command{Argv: []string{"true"}, Dir: dir})
	if !errors.Is(err, docker.ErrImageNotFound) || !strings.Contains(err.Error(), `"autoverify-no-such-image:latest"`) ||
		!strings.Contains(err.Error(), "service db") {
		t.Fatalf("err = %v, want ErrImageNotFound naming the image and service", err)
	}
}

func TestUnhealthyDependencyTearsDown(t *testing.T) {
	yaml := `services:
  app:
    image: ` + busybox + `
    depends_on:
      kv: {condition: service_healthy}
  kv:
    image: ` + kvserver + `
    healthcheck:
      test: ["CMD", "/kvserver", "-probe", "127.0.0.1:1"]
      interval: 50ms
      retries: 2
`
	r, dir := newRunner(t, yaml, "app", Config{})
	_, err := r.Run(context.Background(), verify.Command{Argv: []string{"true"}, Dir: dir})
	if err == nil || !strings.Contains(err.Error(), "kv is unhealthy") || !strings.Contains(err.Error(), "last probe: exit 1") {
		t.Fatalf("err = %v, want kv unhealthy with its last probe", err)
	}
	assertNothingLeft(t, r.cli, docker.LabelInstance+"="+r.instance)
	// The next check of the run gets the same error at once rather than
	// waiting for kv to fail again.
	start := time.Now()
	_, err2 := r.Run(context.Background(), verify.Command{Argv: []string{"true"}, Dir: dir})
	if err2 == nil || err2.Error() != err.Error() || time.Since(start) > 100*time.Millisecond {
		t.Errorf("second run: %v after %v, want the first error at once", err2, time.Since(start))
	}
}

// TestCheckedServiceMustStayUp: a checked service whose own command exits
// leaves nothing to exec in; the error says so.
func TestCheckedServiceMustStayUp(t *testing.T) {
	r, dir := newRunner(t, "services:\n  app:\n    image: "+busybox+"\n    command: [\"true\"]\n", "app", Config{})
	// The first exec may start before `true` has ended the container (and
	// be killed with it); by the end of a second it has.
	_, _ = r.Run(context.Background(), verify.Command{Argv: []string{"sleep", "1"}, Dir: dir})
	_, err := r.Run(context.Background(), verify.Command{Argv: []string{"true"}, Dir: dir})
	if err == nil || !strings.Contains(err.Error(), "service app is not running (its command must keep running") {
		t.Fatalf("err = %v", err)
	}
}

func TestTimeoutTearsDown(t *testing.T) {
	r, dir := newRunner(t, stackYAML("0s", "service_healthy"), "app", Config{})
	res, err := r.Run(context.Background(), verify.Command{Argv: []string{"sleep", "30"}, Dir: dir, Timeout: time.Second})
	if err != nil || !res.TimedOut || res.ExitCode != docker.ExitTimedOut {
		t.Fatalf("timed out: res %+v err %v", res, err)
	}
	assertNothingLeft(t, r.cli, docker.LabelInstance+"="+r.instance)
	// The next command gets a new stack.
	if res := run(t, r, dir, kv("PING")...); res.ExitCode != 0 {
		t.Errorf("after a timeout: exit %d output %q", res.ExitCode, res.Output)
	}
}

func TestCancelTearsDown(t *testing.T) {
	long(t)
	r, dir := newRunner(t, stackYAML("0s", "service_healthy"), "app", Config{})
	run(t, r, dir, "true")
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	if _, err := r.Run(ctx, verify.Command{Argv: []string{"sleep", "30"}, Dir: dir}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the context's", err)
	}
	assertNothingLeft(t, r.cli, docker.LabelInstance+"="+r.instance)
}

// TestNoRouteOut: the stack's network is internal. A check cannot reach a
// server outside the stack (a container on the engine's default bridge)
// that a container on that bridge does reach, nor the internet.
func TestNoRouteOut(t *testing.T) {
	r, dir := newRunner(t, stackYAML("0s", "service_healthy"), "app", Config{})
	ctx := context.Background()
	created, err := r.cli.ContainerCreate(ctx, client.ContainerCreateOptions{
		Config: &container.Config{Image: kvserver, Labels: map[string]string{
			docker.LabelManaged: "true", docker.LabelOwner: testLabel, docker.LabelInstance: r.instance}},
		HostConfig: &container.HostConfig{NetworkMode: "bridge"},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer r.cli.ContainerRemove(ctx, created.ID, client.ContainerRemoveOptions{Force: true})
	if _, err := r.cli.ContainerStart(ctx, created.ID, client.ContainerStartOptions{}); err != nil {
		t.Fatal(err)
	}
	ins, err := r.cli.ContainerInspect(ctx, created.ID, client.ContainerInspectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ip := ins.Container.NetworkSettings.Networks["bridge"].IPAddress.String()
	ping := []string{"sh", "-c", "printf 'PING\\n' | busybox nc -w 2 " + ip + " 6379"}

	// Control: from the default bridge, the server answers.
	onBridge, err := docker.New(docker.Config{Image: busybox, Network: true, Label: testLabel})
	if err != nil {
		t.Fatal(err)
	}
	defer onBridge.Close()
	res, err := onBridge.Run(ctx, verify.Command{Argv: ping, Dir: t.TempDir()})
	if err != nil || !strings.Contains(string(res.Output), "PONG") {
		t.Fatalf("control: %s unreachable from the default bridge: %+v %v", ip, res, err)
	}

	res = run(t, r, dir, ping...)
	if res.ExitCode == 0 || strings.Contains(string(res.Output), "PONG") {
		t.Errorf("reached %s outside the stack: %q", ip, res.Output)
	}
	res = run(t, r, dir, "busybox", "wget", "-T", "2", "-q", "-O-", "http://1.1.1.1/")
	if res.ExitCode == 0 {
		t.Errorf("reached the internet: %q", res.Output)
	}
}

// TestFileErrors: the file is read by the first Run (on the server the
// workspace is fetched just before it); its errors name the file and what
// to do, and come back at once on later Runs. No engine is needed.
func TestFileErrors(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	write := func(path, body string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "root.yml"), "services:\n  app:\n    image: "+busybox+"\n    user: \"0\"\n")
	write(filepath.Join(dir, "named.yml"), "services:\n  app:\n    image: "+busybox+"\n    user: nobody\n")
	write(filepath.Join(dir, "bad.yml"), "services:\n  app:\n    image: "+busybox+"\n    privileged: true\n")
	write(filepath.Join(outside, "secret.yml"), "services:\n  app:\n    image: "+busybox+"\n")
	if err := os.Symlink(filepath.Join(outside, "secret.yml"), filepath.Join(dir, "link.yml")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ file, service, want string }{
		{"root.yml", "app", "services.app: user: docker: user \"0\": commands may not run as root"},
		{"named.yml", "app", "services.app: user: docker: user \"nobody\": want numeric uid[:gid]"},
		{"root.yml", "web", `service "web" is not in it (services: app)`},
		{"bad.yml", "app", `services.app: key "privileged" is not allowed`},
		{"link.yml", "app", "compose: link.yml resolves outside the repository"},
		{"missing.yml", "app", "compose: missing.yml cannot be read"},
	} {
		r, err := New(Config{File: filepath.Join(dir, tc.file), Root: dir, Service: tc.service, Label: testLabel})
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			_, err = r.Run(context.Background(), verify.Command{Argv: []string{"true"}, Dir: dir})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s/%s: err = %v, want %q", tc.file, tc.service, err, tc.want)
			}
		}
		r.Close()
	}
}

// TestCompletedSuccessfully: a one-shot service (a migration, a seed) must
// exit 0 before its dependents start; a failing one names its exit code.
func TestCompletedSuccessfully(t *testing.T) {
	long(t)
	yaml := func(code string) string {
		return `services:
  app:
    image: ` + busybox + `
    depends_on:
      seed: {condition: service_completed_successfully}
  seed:
    image: ` + busybox + `
    command: ["sh", "-c", "sleep 1; exit ` + code + `"]
`
	}
	r, dir := newRunner(t, yaml("0"), "app", Config{})
	if res := run(t, r, dir, "true"); res.ExitCode != 0 {
		t.Fatalf("exit %d", res.ExitCode)
	}
	r, dir = newRunner(t, yaml("3"), "app", Config{})
	_, err := r.Run(context.Background(), verify.Command{Argv: []string{"true"}, Dir: dir})
	if err == nil || !strings.Contains(err.Error(), "service app depends on seed: seed exited with 3, want service_completed_successfully") {
		t.Fatalf("err = %v", err)
	}
}

// TestEngineUnreachable: an engine that does not answer is a transient
// infrastructure error naming its address.
func TestEngineUnreachable(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "compose.yml")
	if err := os.WriteFile(file, []byte("services:\n  app:\n    image: "+busybox+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := New(Config{File: file, Service: "app", Host: "unix://" + filepath.Join(dir, "no.sock")})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	_, err = r.Run(context.Background(), verify.Command{Argv: []string{"true"}, Dir: dir})
	if !errors.Is(err, docker.ErrEngineUnreachable) || !errors.Is(err, verify.ErrTransient) || !strings.Contains(err.Error(), "no.sock") {
		t.Fatalf("err = %v, want ErrEngineUnreachable naming the socket", err)
	}
}
