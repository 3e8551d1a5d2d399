package main

import (
	"errors"
	"flag"
	"os"

	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/checklist"
)

// inputErrorf is bad input from the user (cli.InputError): the CLI
// prints it and exits 2.
var inputErrorf = cli.InputErrorf

// isInputError reports whether err is the user's to fix (exit 2).
func isInputError(err error) bool {
	var ie *cli.InputError
	var se *settings.Error
	return errors.As(err, &ie) || errors.As(err, &se)
}

// storyKey is checklist.FileKey, bad input as such.
func storyKey(explicit, path string) (string, error) {
	key, err := checklist.FileKey(explicit, path)
	if err != nil {
		return "", inputErrorf("%v", err)
	}
	return key, nil
}

// settingFlags registers a flag for each setting of lists on fs and
// returns the lookup a resolution uses: the flag when given, else the
// ENGINEO_ variable.
func settingFlags(fs *flag.FlagSet, getenv func(string) string, lists ...[]settings.Setting) settings.Lookup {
	return settings.Layers(settings.Flags(fs, lists...), settings.Env(getenv, lists...))
}

// get returns a setting's value from a lookup.
func get(l settings.Lookup, flag string) string {
	v, _ := l(flag)
	return v
}

// loadConfig resolves the configuration for a work directory ("" reads no
// repository file).
func loadConfig(lookup settings.Lookup, workdir string) (settings.Config, error) {
	rf, path, err := cli.ReadRepoFile(workdir)
	if err != nil {
		return settings.Config{}, inputErrorf("%v", err)
	}
	return settings.Resolve(lookup, rf, path)
}

// secrets are the literal values masked everywhere: see
// settings.SecretValues.
func (a *App) secrets(cfg settings.Config) []string {
	return settings.SecretValues(os.Environ(), a.Getenv, cfg.EnvPassthrough, cfg.RunnerEnv)
}

// retentionSetting is the one dashboard setting every command that
// records runs reads (settings.Retention).
var retentionSetting = settings.Named(settings.Dashboard, "run-retention")
