package runners

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/compose"
	"github.com/engineo/autoverify/integrations/kubernetes/workspaces"
)

func TestKubernetesNeedsTheServer(t *testing.T) {
	t.Parallel()
	cfg := settings.Defaults()
	cfg.Runner, cfg.Kubernetes.Image = "kubernetes", "ci:1"
	_, _, err := New(cfg, nil)
	if err == nil || !strings.Contains(err.Error(), "use it with serve") {
		t.Fatalf("New(kubernetes) without workspaces = %v; want an error pointing to serve", err)
	}
}

func TestEnvironmentsAreCheckedAndReleased(t *testing.T) {
	t.Parallel()
	cfg := settings.Defaults()
	for name, envs := range map[string]map[string]repoconfig.Environment{
		"unknown runner":            {"x": {Runner: "vm"}},
		"docker no image":           {"x": {Runner: "docker"}},
		"bad memory":                {"x": {Image: "i", Memory: "lots"}},
		"devcontainer without file": {"x": {Devcontainer: true}},
	} {
		cfg.Environments = envs
		if _, _, err := Environments(cfg, t.TempDir()); err == nil || !strings.Contains(err.Error(), "environments: x:") {
			t.Errorf("%s: err = %v, want one naming the environment", name, err)
		}
	}
	cfg.Environments = map[string]repoconfig.Environment{"b": {}, "a": {Runner: "local"}}
	envs, release, err := Environments(cfg, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	if len(envs) != 2 || envs[0].Name != "a" || envs[1].Name != "b" {
		t.Errorf("environments = %+v, want a and b in name order", envs)
	}
}

func TestFactoryForgetsTheWorkspaceOnRelease(t *testing.T) {
	t.Parallel()
	ws := &workspaces.Workspaces{BaseURL: "http://svc", TTL: 1 << 40}
	dir := t.TempDir()
	f := &Factory{Workspaces: ws}
	cfg := settings.Defaults()
	_, _, release, err := f.Runners(context.Background(), cfg, dir)
	if err != nil {
		t.Fatal(err)
	}
	u1, _ := ws.URL(context.Background(), cmdIn(dir))
	release()
	u2, _ := ws.URL(context.Background(), cmdIn(dir))
	if u1 == u2 {
		t.Error("the released workspace's token is still valid")
	}
}

func cmdIn(dir string) verify.Command { return verify.Command{Dir: dir} }

func TestComposeEnvironment(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	outside := t.TempDir()
	write := func(path, body string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "ci", "ok.yml"), "services:\n  app:\n    image: busybox\n")
	write(filepath.Join(dir, "ci", "bad.yml"), "services:\n  app:\n    image: busybox\n    privileged: true\n")
	write(filepath.Join(outside, "secret.yml"), "services:\n  app:\n    image: busybox\n")
	if err := os.Symlink(filepath.Join(outside, "secret.yml"), filepath.Join(dir, "ci", "link.yml")); err != nil {
		t.Fatal(err)
	}
	cfg := settings.Defaults()
	// The file is read by the first check (on the server the workspace is
	// fetched just before it); it must resolve inside the workspace.
	for file, want := range map[string]string{
		"ci/bad.yml":     `compose file ` + filepath.Join(dir, "ci", "bad.yml") + `: services.app: key "privileged" is not allowed`,
		"ci/link.yml":    "compose: ci/link.yml resolves outside the repository",
		"ci/missing.yml": "compose: ci/missing.yml cannot be read",
	} {
		cfg.Environments = map[string]repoconfig.Environment{"x": {Compose: file, Service: "app"}}
		envs, release, err := Environments(cfg, dir)
		if err != nil {
			t.Fatal(err)
		}
		_, err = envs[0].Runner.Run(context.Background(), verify.Command{Argv: []string{"true"}, Dir: dir})
		release()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want %q", file, err, want)
		}
	}
	cfg.Environments = map[string]repoconfig.Environment{"stack": {Compose: "ci/ok.yml", Service: "app"}}
	envs, release, err := Environments(cfg, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	if _, ok := envs[0].Runner.(*compose.Runner); !ok || envs[0].Name != "stack" {
		t.Errorf("environments = %+v, want a compose runner", envs)
	}
	if _, ok := envs[0].Runner.(verify.Fingerprinter); ok {
		t.Error("a compose runner must not be cacheable")
	}
}

// TestRunnerEnvReachesCommands: ENGINEO_RUNNER_ENV's pairs reach a command
// of the default runner and of a matrix environment, over the determinism
// defaults.
func TestRunnerEnvReachesCommands(t *testing.T) {
	t.Parallel()
	cfg := settings.Defaults()
	cfg.RunnerEnv = []string{"PYTHONHASHSEED=random", "AUTOVERIFY_RUNNER_ENV_TEST=set"}
	cfg.Environments = map[string]repoconfig.Environment{"native": {Runner: "local"}}
	def, closeDef, err := New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer closeDef()
	envs, release, err := Environments(cfg, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	argv := []string{"sh", "-c", `echo "$TZ $PYTHONHASHSEED $AUTOVERIFY_RUNNER_ENV_TEST"`}
	for name, r := range map[string]verify.Runner{"default": def, "native": envs[0].Runner} {
		res, err := r.Run(context.Background(), verify.Command{ItemID: "e", Argv: argv, Dir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(string(res.Output)); got != "UTC random set" {
			t.Errorf("%s runner: command saw %q, want %q", name, got, "UTC random set")
		}
	}
}

// TestServerWorkspaces: only the kubernetes runner gets a workspace
// service; its Jobs reach it at the workspace URL, else the server's
// public URL; a token outlives the longest command by ten minutes.
func TestServerWorkspaces(t *testing.T) {
	t.Parallel()
	now := func() time.Time { return time.Unix(0, 0) }
	cases := map[string]struct {
		runner, workspaceURL string
		wantBase             string
	}{
		"local":                     {runner: "local"},
		"kubernetes":                {runner: "kubernetes", wantBase: "https://av.example.com"},
		"kubernetes, workspace URL": {runner: "kubernetes", workspaceURL: "http://av.ci.svc:8080", wantBase: "http://av.ci.svc:8080"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cfg := settings.Defaults()
			cfg.Runner, cfg.Kubernetes.WorkspaceURL, cfg.CommandTimeout = c.runner, c.workspaceURL, 3*time.Minute
			ws := ServerWorkspaces(cfg, "https://av.example.com", now)
			if c.wantBase == "" {
				if ws != nil {
					t.Fatalf("ServerWorkspaces(%s) = %+v; want nil", c.runner, ws)
				}
				return
			}
			if ws == nil || ws.BaseURL != c.wantBase || ws.TTL != 13*time.Minute || ws.Now == nil {
				t.Fatalf("ServerWorkspaces = %+v; want base %s, TTL 13m and the clock", ws, c.wantBase)
			}
		})
	}
}
