package assemble

import (
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/engineo/autoverify/bot/settings"
)

// Env is what the assembled parts take from the process around them;
// cmd/autoverify's App fills it from its own fields, so that tests which
// run the App in-process reach the adapters with their own clock,
// environment and output.
type Env struct {
	// Getenv reads an environment variable (os.Getenv in the program).
	Getenv func(string) string
	// Now is the clock of the server, the run history and the dashboard.
	Now func() time.Time
	// Logger is the server's and the dashboard's logger.
	Logger *slog.Logger
	// Stdout and Stderr are where a local run's publishers and warnings
	// write.
	Stdout, Stderr io.Writer
	// Version names this build (internal/buildinfo.ID): the result
	// cache's key and the attestations' builder.
	Version string
}

// Secrets are the literal values masked everywhere: see
// settings.SecretValues.
func (e Env) Secrets(cfg settings.Config) []string {
	return settings.SecretValues(os.Environ(), e.Getenv, cfg.EnvPassthrough, cfg.RunnerEnv)
}
