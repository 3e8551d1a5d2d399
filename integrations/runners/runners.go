// Package runners builds the runners a resolved configuration names: the
// default runner (the local sandbox or Docker) and the runners of a
// matrix's environments. It implements bot.Runners for the CLI, which
// builds runners per verification, and for the server, which shares one
// default runner across verifications.
package runners

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/compose"
	"github.com/engineo/autoverify/integrations/docker"
	"github.com/engineo/autoverify/integrations/kubernetes/workspaces"
	"github.com/engineo/autoverify/integrations/local"
)

// Factory builds runners per verification.
type Factory struct {
	// Shared, when set, is the default runner of every verification (the
	// server's, built once at start-up); otherwise New builds one from each
	// verification's configuration.
	Shared verify.Runner
	// Workspaces serves workspaces to the kubernetes runner's Jobs; a
	// verification's workspace is forgotten when it is released.
	Workspaces *workspaces.Workspaces
}

var _ bot.Runners = (*Factory)(nil)

// Runners returns the default runner and the environments cfg names for
// workspace, and a release func that closes what was built.
func (f *Factory) Runners(_ context.Context, cfg settings.Config, workspace string) (verify.Runner, []verify.Environment, func(), error) {
	r, closeRunner := f.Shared, func() {}
	// A repository whose configuration asks for the network gets a
	// runner of its own with it; the shared one has none.
	if lr, ok := r.(*local.Runner); ok && cfg.Sandbox.Network && !lr.Network() {
		r = nil
	}
	if r == nil {
		var err error
		// Built for this verification alone: it need not keep a
		// sandbox waiting beyond the commands the checks announce.
		if r, closeRunner, err = New(cfg, f.Workspaces, local.WithAnnounced()); err != nil {
			return nil, nil, nil, err
		}
	}
	// The verification's sandboxes share one process budget, also on a
	// runner that serves many verifications.
	if lr, ok := r.(*local.Runner); ok {
		view, endBudget, err := lr.Budgeted()
		if err != nil {
			closeRunner()
			return nil, nil, nil, err
		}
		closeShared := closeRunner
		r, closeRunner = view, func() { endBudget(); closeShared() }
	}
	envs, closeEnvs, err := Environments(cfg, workspace)
	if err != nil {
		closeRunner()
		return nil, nil, nil, err
	}
	return r, envs, func() {
		closeEnvs()
		closeRunner()
		if f.Workspaces != nil {
			f.Workspaces.Forget(workspace)
		}
	}, nil
}

// ServerWorkspaces is the server's workspace service for the kubernetes
// runner's Jobs, or nil when cfg names another runner. Jobs fetch their
// workspace from cfg.Kubernetes.WorkspaceURL, or else from publicURL, the
// server's own. A token is forgotten when its run ends; its TTL is the
// backstop for a run that never says so, and outlasts the longest
// command (cfg.CommandTimeout) by ten minutes for the Job to be scheduled
// and start.
func ServerWorkspaces(cfg settings.Config, publicURL string, now func() time.Time) *workspaces.Workspaces {
	if cfg.Runner != "kubernetes" {
		return nil
	}
	base := cfg.Kubernetes.WorkspaceURL
	if base == "" {
		base = publicURL
	}
	return &workspaces.Workspaces{BaseURL: base, TTL: cfg.CommandTimeout + 10*time.Minute, Now: now}
}

// New builds the configured default runner and its cleanup. The
// kubernetes runner needs ws to serve workspaces to its Jobs, which only
// `autoverify serve` can do. extra applies to a local runner after cfg's
// settings.
func New(cfg settings.Config, ws *workspaces.Workspaces, extra ...local.Option) (verify.Runner, func(), error) {
	if cfg.Runner == "kubernetes" {
		if ws == nil {
			return nil, nil, errors.New("ENGINEO_RUNNER=kubernetes runs checks as Jobs that fetch their workspace from autoverify serve; use it with serve, and local or docker with autoverify run")
		}
		return newKubernetes(cfg, ws)
	}
	if cfg.Runner == "docker" {
		r, err := docker.New(docker.Config{Image: cfg.DockerImage, Network: cfg.DockerNetwork,
			CPUs: cfg.DockerCPUs, MemoryBytes: cfg.DockerMemory, PidsLimit: cfg.DockerPids,
			Runtime: cfg.DockerRuntime, FileSizeBytes: cfg.DockerFileSize,
			Timeout: cfg.CommandTimeout, OutputLimit: cfg.OutputLimit, EnvPassthrough: passthrough(cfg.EnvPassthrough), Env: cfg.RunnerEnv})
		if err != nil {
			return nil, nil, fmt.Errorf("docker runner: %w", err)
		}
		return r, func() { _ = r.Close() }, nil
	}
	r, err := NewLocal(cfg, extra...)
	if err != nil {
		return nil, nil, err
	}
	return r, func() { _ = r.Close() }, nil
}

// NewLocal builds the local runner cfg describes, sandboxed unless
// ENGINEO_SANDBOX=off. The service's own state and artefacts directories
// are hidden from commands even when a read-only path contains them.
func NewLocal(cfg settings.Config, extra ...local.Option) (*local.Runner, error) {
	sb := cfg.Sandbox
	isolation := local.IsolationAuto
	switch sb.Mode {
	case "on":
		isolation = local.IsolationSandbox
	case "off":
		isolation = local.IsolationNoSandbox
	}
	hide := append([]string{}, sb.Hide...)
	for _, dir := range []string{cfg.StateDir, cfg.ArtifactsDir} {
		if abs, err := filepath.Abs(dir); dir != "" && err == nil {
			hide = append(hide, abs)
		}
	}
	opts := []local.Option{local.WithTimeout(cfg.CommandTimeout), local.WithOutputLimit(cfg.OutputLimit),
		local.WithEnvPassthrough(cfg.EnvPassthrough...), local.WithEnv(cfg.RunnerEnv...), local.WithIsolation(isolation), local.WithPrewarm(),
		// Each check runs once per reviewer, at once where the
		// concurrency allows: that many sandboxes should be waiting.
		local.WithWaiting(min(max(cfg.Reviewers, 1), max(cfg.Concurrency, 1))), local.WithSlots(cfg.Concurrency),
		local.WithSandbox(local.SandboxConfig{Network: sb.Network, Processes: sb.Processes, MemoryBytes: sb.Memory,
			FileSizeBytes: sb.FileSize, TmpBytes: sb.TmpSize, CPUTime: sb.CPUTime, ExtraReadOnly: sb.ReadOnly,
			Caches: sb.Caches, Hide: hide})}
	r, err := local.New(append(opts, extra...)...)
	if err != nil {
		return nil, fmt.Errorf("local runner (ENGINEO_SANDBOX=%s): %w", sb.Mode, err)
	}
	return r, nil
}

// passthrough reads the values of the variables commands may see.
func passthrough(names []string) map[string]string {
	env := map[string]string{}
	for _, name := range names {
		if v, ok := os.LookupEnv(name); ok {
			env[name] = v
		}
	}
	return env
}

// Environments builds the runners of the configuration's environments:,
// in name order, with an image from .devcontainer/devcontainer.json in
// workdir when an environment asks for it.
func Environments(cfg settings.Config, workdir string) ([]verify.Environment, func(), error) {
	var names []string
	for name := range cfg.Environments {
		names = append(names, name)
	}
	sort.Strings(names)
	var envs []verify.Environment
	var closers []func()
	closeAll := func() {
		for _, c := range closers {
			c()
		}
	}
	fail := func(format string, args ...any) ([]verify.Environment, func(), error) {
		closeAll()
		return nil, nil, fmt.Errorf(format, args...)
	}
	for _, name := range names {
		spec := cfg.Environments[name]
		c := cfg
		c.Runner, c.DockerImage, c.DockerNetwork = spec.Runner, spec.Image, spec.Network
		c.DockerCPUs, c.DockerPids = spec.CPUs, spec.Pids
		if spec.Memory != "" {
			n, err := settings.ParseMemory(spec.Memory)
			if err != nil {
				return fail("environments: %s: memory %q: %v", name, spec.Memory, err)
			}
			c.DockerMemory = n
		}
		if spec.Compose != "" {
			r, err := newCompose(spec, c, workdir)
			if err != nil {
				return fail("environments: %s: %v", name, err)
			}
			closers = append(closers, func() { _ = r.Close() })
			envs = append(envs, verify.Environment{Name: name, Runner: r})
			continue
		}
		if spec.Devcontainer {
			img, err := devcontainerImage(workdir)
			if err != nil {
				return fail("environments: %s: %v", name, err)
			}
			c.DockerImage = img
		}
		if c.Runner == "" {
			c.Runner = "local"
			if c.DockerImage != "" {
				c.Runner = "docker"
			}
		}
		if c.Runner != "local" && c.Runner != "docker" {
			return fail("environments: %s: runner %q: want local or docker", name, c.Runner)
		}
		if c.Runner == "docker" && c.DockerImage == "" {
			return fail("environments: %s: a docker environment needs image: (or devcontainer: true)", name)
		}
		r, closeRunner, err := New(c, nil)
		if err != nil {
			return fail("environments: %s: %v", name, err)
		}
		closers = append(closers, closeRunner)
		envs = append(envs, verify.Environment{Name: name, Runner: r})
	}
	return envs, closeAll, nil
}

// newCompose builds the runner of a compose environment. The file comes
// from the workspace (on the server, the pull request's head, fetched only
// before the first check), so the runner reads it then, and only if it
// resolves inside the workspace.
func newCompose(spec repoconfig.Environment, c settings.Config, workdir string) (*compose.Runner, error) {
	return compose.New(compose.Config{File: filepath.Join(workdir, filepath.FromSlash(spec.Compose)), Root: workdir,
		Service: spec.Service, CPUs: c.DockerCPUs, MemoryBytes: c.DockerMemory, PidsLimit: c.DockerPids,
		Timeout: c.CommandTimeout, OutputLimit: c.OutputLimit, Env: c.RunnerEnv})
}

// devcontainerImage reads "image" from .devcontainer/devcontainer.json
// (JSON with comments, as VS Code writes it).
func devcontainerImage(workdir string) (string, error) {
	path := filepath.Join(workdir, ".devcontainer", "devcontainer.json")
	raw, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("devcontainer: true but %s cannot be read: %w", path, err)
	}
	var lines []string
	for _, l := range strings.Split(string(raw), "\n") {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "//") {
			continue
		}
		lines = append(lines, l)
	}
	var dc struct {
		Image string `json:"image"`
	}
	if err := json.Unmarshal([]byte(strings.Join(lines, "\n")), &dc); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	if dc.Image == "" {
		return "", fmt.Errorf("%s has no \"image\" (a Dockerfile-based devcontainer must be built first and named with image:)", path)
	}
	return dc.Image, nil
}
