package main

import (
	"os"

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
