package main

import (
	"os"

	"github.com/engineo/autoverify/bot/settings"
)

// get returns a setting's value from a lookup.
func get(l settings.Lookup, flag string) string {
	v, _ := l(flag)
	return v
}

// secrets are the literal values masked everywhere: see
// settings.SecretValues.
func (a *App) secrets(cfg settings.Config) []string {
	return settings.SecretValues(os.Environ(), a.Getenv, cfg.EnvPassthrough, cfg.RunnerEnv)
}

// retentionSetting is the one dashboard setting every command that
// records runs reads (settings.Retention).
var retentionSetting = settings.Named(settings.Dashboard, "run-retention")
