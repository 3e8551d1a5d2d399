package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/integrations/docker"
	"github.com/engineo/autoverify/integrations/local"
)

// newRunner builds the configured runner and its cleanup.
func newRunner(cfg Config) (bot.Runner, func(), error) {
	if cfg.Runner == "docker" {
		env := map[string]string{}
		for _, name := range cfg.EnvPassthrough {
			if v, ok := os.LookupEnv(name); ok {
				env[name] = v
			}
		}
		r, err := docker.New(docker.Config{Image: cfg.DockerImage, Network: cfg.DockerNetwork,
			CPUs: cfg.DockerCPUs, MemoryBytes: cfg.DockerMemory, PidsLimit: cfg.DockerPids,
			Timeout: cfg.CommandTimeout, OutputLimit: cfg.OutputLimit, EnvPassthrough: env})
		if err != nil {
			return nil, nil, inputErrorf("docker runner: %v", err)
		}
		return r, func() { _ = r.Close() }, nil
	}
	r, err := local.New(local.WithTimeout(cfg.CommandTimeout), local.WithOutputLimit(cfg.OutputLimit), local.WithEnvPassthrough(cfg.EnvPassthrough...))
	if err != nil {
		return nil, nil, inputErrorf("local runner: %v", err)
	}
	return r, func() {}, nil
}

// environments builds the runners of .autoverify.yml's environments:, in
// name order; an image from .devcontainer/devcontainer.json when asked.
func environments(cfg Config, workdir string) ([]bot.Environment, func(), error) {
	var names []string
	for name := range cfg.Environments {
		names = append(names, name)
	}
	sort.Strings(names)
	var envs []bot.Environment
	var closers []func()
	closeAll := func() {
		for _, c := range closers {
			c()
		}
	}
	for _, name := range names {
		spec := cfg.Environments[name]
		c := cfg
		c.Runner, c.DockerImage, c.DockerNetwork = spec.Runner, spec.Image, spec.Network
		c.DockerCPUs, c.DockerPids = spec.CPUs, spec.Pids
		if spec.Memory != "" {
			n, err := parseSize(spec.Memory)
			if err != nil {
				closeAll()
				return nil, nil, inputErrorf("environments: %s: memory %q: %v", name, spec.Memory, err)
			}
			c.DockerMemory = int64(n)
		}
		if spec.Devcontainer {
			img, err := devcontainerImage(workdir)
			if err != nil {
				closeAll()
				return nil, nil, inputErrorf("environments: %s: %v", name, err)
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
			closeAll()
			return nil, nil, inputErrorf("environments: %s: runner %q: want local or docker", name, c.Runner)
		}
		if c.Runner == "docker" && c.DockerImage == "" {
			closeAll()
			return nil, nil, inputErrorf("environments: %s: a docker environment needs image: (or devcontainer: true)", name)
		}
		r, closeRunner, err := newRunner(c)
		if err != nil {
			closeAll()
			return nil, nil, inputErrorf("environments: %s: %v", name, err)
		}
		closers = append(closers, closeRunner)
		envs = append(envs, bot.Environment{Name: name, Runner: r})
	}
	return envs, closeAll, nil
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
