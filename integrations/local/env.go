package local

import (
	"fmt"
	"os"
	"os/user"
	"strings"

	"github.com/engineo/autoverify/bot/verify"
)

// Names and defaults of the environment every command gets. Only these, the
// determinism defaults (verify.DeterministicEnv: TZ, LC_ALL, PYTHONHASHSEED,
// NO_COLOR), the configured passthrough names, the configured NAME=VALUE
// pairs (WithEnv) and (in process-group isolation) the run token reach a
// command; everything else the service holds stays with it.
//
// HOME is the service's home (or its user's) unless WithEnv sets HOME: a
// fixed, documented directory (ENGINEO_RUNNER_ENV=HOME=/var/lib/autoverify/home)
// keeps tools' caches and dotfiles out of the service's own home and the
// same on every host.
const (
	// DefaultPath is the PATH commands get when neither the configuration
	// nor the service's environment sets one.
	DefaultPath = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
	// DefaultLang is the LANG commands get when the service has none; a
	// UTF-8 locale keeps tools from mangling non-ASCII output.
	DefaultLang = "C.UTF-8"
	// TokenEnv is the variable that marks every process of a run in
	// process-group isolation so that escaped descendants can be found.
	TokenEnv = "AUTOVERIFY_RUN_TOKEN"
)

// fixedEnv names the variables the runner sets itself; passthrough of these
// names is ignored rather than allowed to override them. (WithEnv may set
// them; the determinism defaults replace passed-through values of theirs.)
var fixedEnv = map[string]bool{"PATH": true, "HOME": true, "LANG": true, "CI": true}

// WithEnv sets variables for every command: NAME=VALUE pairs as
// ENGINEO_RUNNER_ENV gives them, applied last, over the determinism
// defaults and the runner's own PATH, HOME, LANG and CI (verify.CommandEnv).
// They travel in Config.EnvPassthrough as entries with an '=', docker's -e
// convention: a bare name passes the service's variable through, a pair
// sets one.
func WithEnv(pairs ...string) Option {
	return func(c *Config) { c.EnvPassthrough = append(c.EnvPassthrough, pairs...) }
}

// splitEnv separates Config.EnvPassthrough into names to pass through and
// NAME=VALUE pairs to set (see WithEnv).
func splitEnv(entries []string) (names, pairs []string) {
	for _, e := range entries {
		if strings.Contains(e, "=") {
			pairs = append(pairs, e)
		} else {
			names = append(names, e)
		}
	}
	return names, pairs
}

// validateEnvNames rejects names that cannot be environment variable names
// and malformed pairs, so that a typo in ENGINEO_RUNNER_ENV_PASSTHROUGH or
// ENGINEO_RUNNER_ENV fails at start-up rather than silently passing
// nothing.
func validateEnvNames(entries []string) error {
	names, pairs := splitEnv(entries)
	for _, n := range names {
		if n == "" || strings.ContainsRune(n, 0) {
			return fmt.Errorf("local: invalid environment variable name %q in passthrough list", n)
		}
		if n == TokenEnv {
			return fmt.Errorf("local: %s is set by the runner and cannot be passed through", TokenEnv)
		}
	}
	if err := verify.CheckEnvPairs(pairs); err != nil {
		return fmt.Errorf("local: %w", err)
	}
	for _, kv := range pairs {
		if strings.HasPrefix(kv, TokenEnv+"=") {
			return fmt.Errorf("local: %s is set by the runner and cannot be set", TokenEnv)
		}
	}
	return nil
}

// baseEnv builds the environment shared by every command of a runner from a
// snapshot of the service's environment taken at construction; passthrough
// holds names to pass and NAME=VALUE pairs to set (validateEnvNames has
// checked them).
func baseEnv(lookup func(string) (string, bool), pathOverride string, passthrough []string) []string {
	passthrough, pairs := splitEnv(passthrough)
	path := pathOverride
	if path == "" {
		if v, ok := lookup("PATH"); ok && v != "" {
			path = v
		} else {
			path = DefaultPath
		}
	}
	home, ok := lookup("HOME")
	if !ok || home == "" {
		home = defaultHome()
	}
	lang, ok := lookup("LANG")
	if !ok || lang == "" {
		lang = DefaultLang
	}
	env := []string{"PATH=" + path, "HOME=" + home, "LANG=" + lang, "CI=true"}
	seen := map[string]bool{}
	for _, name := range passthrough {
		if fixedEnv[name] || seen[name] {
			continue
		}
		seen[name] = true
		if v, ok := lookup(name); ok {
			env = append(env, name+"="+v)
		}
	}
	env, err := verify.CommandEnv(env, pairs)
	if err != nil {
		// validateEnvNames has refused every pair CommandEnv would.
		panic(fmt.Sprintf("local: unchecked runner environment: %v", err))
	}
	return env
}

// defaultHome finds a home directory when HOME is unset, as happens under
// some service managers; tools such as npm and git fail without one.
func defaultHome() string {
	if u, err := user.Current(); err == nil && u.HomeDir != "" {
		return u.HomeDir
	}
	return os.TempDir()
}

// envPath returns the PATH entry of env, which is where argv[0] is looked up.
func envPath(env []string) string { return envValue(env, "PATH") }

// envValue returns the value of name's first entry in env, the one a Go
// program's os.Getenv reads, or "".
func envValue(env []string, name string) string {
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, name+"="); ok {
			return v
		}
	}
	return ""
}

// sandboxEnv adapts the environment to the sandbox: HOME is the sandbox's
// private home, and the toolchain caches shown copy-on-write are named so
// that tools find them there rather than under the new HOME. caches nil
// means the Go build and module caches of the service's user, where they
// exist; it returns the caches to show.
func sandboxEnv(env []string, caches []string, lookup func(string) (string, bool)) ([]string, []string) {
	out := make([]string, 0, len(env)+2)
	for _, kv := range env {
		if strings.HasPrefix(kv, "HOME=") {
			kv = "HOME=" + SandboxHome
		}
		out = append(out, kv)
	}
	if caches != nil {
		return out, caches
	}
	caches = []string{}
	home, _ := lookup("HOME")
	goCache := goBuildCache(lookup)
	modCache, ok := lookup("GOMODCACHE")
	if !ok || modCache == "" {
		if gopath, ok := lookup("GOPATH"); ok && gopath != "" {
			modCache = strings.Split(gopath, ":")[0] + "/pkg/mod"
		} else if home != "" {
			modCache = home + "/go/pkg/mod"
		}
	}
	for _, c := range []struct{ name, dir string }{{"GOCACHE", goCache}, {"GOMODCACHE", modCache}} {
		name, dir := c.name, c.dir
		if fi, err := os.Stat(dir); dir == "" || dir[0] != '/' || err != nil || !fi.IsDir() {
			continue
		}
		caches = append(caches, dir)
		out = append(out, name+"="+dir)
	}
	return out, caches
}

// goBuildCache is where go keeps the service user's build cache: GOCACHE,
// else $XDG_CACHE_HOME/go-build, else $HOME/.cache/go-build ("" when none
// can be named).
func goBuildCache(lookup func(string) (string, bool)) string {
	if dir, ok := lookup("GOCACHE"); ok && dir != "" {
		return dir
	}
	if xdg, ok := lookup("XDG_CACHE_HOME"); ok && xdg != "" {
		return xdg + "/go-build"
	}
	if home, ok := lookup("HOME"); ok && home != "" {
		return home + "/.cache/go-build"
	}
	return ""
}

// makeGoBuildCache creates the service user's Go build cache where go is
// on the runner's PATH and nobody has run it outside the sandbox yet (a
// new server's account): the sandbox shows only caches that exist, and
// without one every sandboxed go command compiled the standard library
// from nothing, with nowhere for the warm-up (gowarm.go) to put it. It is
// the directory go itself makes on its first run.
func makeGoBuildCache(lookup func(string) (string, bool), pathList string) {
	dir := goBuildCache(lookup)
	if dir == "" || dir[0] != '/' {
		return
	}
	if _, fail := resolve("go", "/", pathList); fail != nil {
		return
	}
	_ = os.MkdirAll(dir, 0o700)
}
