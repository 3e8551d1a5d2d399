package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/ledger"
)

// RepoConfigFile is the per-repository configuration file, read from the
// work directory.
const RepoConfigFile = repoconfig.Name

// Config is the resolved configuration. Each setting comes from, in order of
// precedence: a command-line flag, an ENGINEO_ environment variable, the
// repository's .autoverify.yml, and the default.
type Config struct {
	Allowlist      []string
	BuildEnabled   bool
	CommandTimeout time.Duration
	OutputLimit    int
	EnvPassthrough []string
	Concurrency    int
	ArtifactsDir   string
	// Runner is "local" or "docker"; DockerImage and DockerNetwork
	// configure the docker runner.
	Runner        string
	DockerImage   string
	DockerNetwork bool
	// DockerCPUs, DockerMemory and DockerPids bound each container (set
	// per environment); zero means the runner's defaults.
	DockerCPUs   float64
	DockerMemory int64
	DockerPids   int64
	// RedisURL selects the Redis ledger; empty means the embedded store
	// under StateDir.
	RedisURL string
	// RedisPrefix starts every Redis key and names the queue, so several
	// deployments (or test runs) can share one Redis.
	RedisPrefix string
	StateDir    string
	Limits      ledger.Limits
	PushEnabled bool
	// AutoFix maps failure types to fixer commands (.autoverify.yml only).
	AutoFix map[string]string
	// Environments are the matrix's environments (.autoverify.yml only).
	Environments map[string]repoconfig.Environment
	// Secrets are literal values masked in everything written: the values
	// of the service's own secret settings and of passed-through variables
	// whose names say they are secret.
	Secrets []string
}

// repoFile is the schema of .autoverify.yml (see bot/repoconfig).
type repoFile = repoconfig.File

// InputError is bad input from the user; the CLI prints it and exits 2.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

func inputErrorf(format string, args ...any) error {
	return &InputError{Msg: fmt.Sprintf(format, args...)}
}

// setting is one configurable value: its flag, its environment variable, and
// how to parse it.
type setting struct {
	flag, env, usage string
}

var settings = []setting{
	{"allowlist", "ENGINEO_AUTOVERIFY_ALLOWLIST", "comma-separated allowed command prefixes (default: pnpm type-check,pnpm lint,pnpm test,pnpm test:e2e)"},
	{"build-enabled", "ENGINEO_AUTOVERIFY_BUILD_ENABLED", "1 adds `pnpm build` to the allowlist"},
	{"command-timeout", "ENGINEO_COMMAND_TIMEOUT", "per-command timeout, a Go duration (default 10m)"},
	{"output-limit", "ENGINEO_OUTPUT_LIMIT", "output kept per command: bytes or 512KiB, 1MiB (default 1MiB)"},
	{"env-passthrough", "ENGINEO_RUNNER_ENV_PASSTHROUGH", "comma-separated environment variable names commands may see"},
	{"concurrency", "ENGINEO_CONCURRENCY", "commands run at once (default: number of CPUs)"},
	{"artifacts-dir", "ENGINEO_ARTIFACTS_DIR", "where evidence and summaries go (default reports/)"},
	{"runner", "ENGINEO_RUNNER", "where commands run: local (default, a sandboxed child process) or docker"},
	{"docker-image", "ENGINEO_DOCKER_IMAGE", "image for the docker runner (already on the engine; never pulled)"},
	{"docker-network", "ENGINEO_DOCKER_NETWORK", "1 gives docker containers a network (default: none)"},
	{"redis-url", "ENGINEO_REDIS_URL", "Redis for the work ledger (default: embedded store in the state directory)"},
	{"redis-prefix", "ENGINEO_REDIS_PREFIX", "prefix of every Redis key and the queue name (default autoverify:)"},
	{"state-dir", "ENGINEO_STATE_DIR", "embedded ledger directory (default .autoverify/)"},
	{"max-auto-fix-attempts", "ENGINEO_MAX_AUTO_FIX_ATTEMPTS", "auto-fix attempts per story (default 2)"},
	{"max-verify-cycles", "ENGINEO_MAX_VERIFY_CYCLES", "verify cycles per story until a reset (default 3)"},
	{"git-push-enabled", "ENGINEO_GIT_PUSH_ENABLED", "1 pushes auto-fix commits (evidence is never pushed)"},
}

// flagValues holds the flags registered for a list of settings.
type flagValues struct {
	settings []setting
	vals     map[string]*string
	getenv   func(string) string
}

// registerSettings adds a flag for each setting to fs.
func registerSettings(fs *flag.FlagSet, getenv func(string) string, lists ...[]setting) *flagValues {
	fv := &flagValues{vals: map[string]*string{}, getenv: getenv}
	for _, list := range lists {
		for _, s := range list {
			fv.settings = append(fv.settings, s)
			fv.vals[s.flag] = fs.String(s.flag, "", s.usage+" ["+s.env+"]")
		}
	}
	return fv
}

// get returns a setting's value: its flag, else its environment variable.
func (fv *flagValues) get(flagName string) string {
	for _, s := range fv.settings {
		if s.flag == flagName {
			if v := *fv.vals[flagName]; v != "" {
				return v
			}
			return fv.getenv(s.env)
		}
	}
	return ""
}

// registerConfigFlags adds the setting flags to fs; values stay unset
// (empty) unless given, so the environment and the repo file can apply.
func registerConfigFlags(fs *flag.FlagSet) map[string]*string {
	vals := map[string]*string{}
	for _, s := range settings {
		vals[s.flag] = fs.String(s.flag, "", s.usage+" ["+s.env+"]")
	}
	return vals
}

// loadConfig resolves the configuration for a work directory.
func loadConfig(flags map[string]*string, getenv func(string) string, workdir string) (Config, error) {
	cfg := Config{
		CommandTimeout: 10 * time.Minute,
		OutputLimit:    1 << 20,
		Concurrency:    runtime.NumCPU(),
		ArtifactsDir:   "reports",
	}
	rf, rfPath, err := readRepoFile(workdir)
	if err != nil {
		return Config{}, err
	}
	// value returns the highest-precedence raw value and where it came from.
	value := func(flagName string) (string, string) {
		var s setting
		for _, c := range settings {
			if c.flag == flagName {
				s = c
			}
		}
		if v := *flags[s.flag]; v != "" {
			return v, "--" + s.flag
		}
		if v := getenv(s.env); v != "" {
			return v, s.env
		}
		return "", ""
	}
	fromFile := func(key string) string { return rfPath + ": " + key }

	// Allowlist.
	cfg.Allowlist = append([]string(nil), checklist.DefaultAllowlist...)
	if v, _ := value("allowlist"); v != "" {
		cfg.Allowlist = splitList(v)
	} else if rf.Allowlist != nil {
		cfg.Allowlist = rf.Allowlist
	}
	if v, src := value("build-enabled"); v != "" {
		b, err := parseBool(v)
		if err != nil {
			return Config{}, inputErrorf("%s=%q: %v", src, v, err)
		}
		cfg.BuildEnabled = b
	} else if rf.BuildEnabled != nil {
		cfg.BuildEnabled = *rf.BuildEnabled
	}
	if cfg.BuildEnabled {
		cfg.Allowlist = append(cfg.Allowlist, checklist.BuildCommand)
	}
	// Timeout.
	if v, src := value("command-timeout"); v != "" {
		if cfg.CommandTimeout, err = parseTimeout(v); err != nil {
			return Config{}, inputErrorf("%s=%q: %v", src, v, err)
		}
	} else if rf.CommandTimeout != "" {
		if cfg.CommandTimeout, err = parseTimeout(rf.CommandTimeout); err != nil {
			return Config{}, inputErrorf("%s=%q: %v", fromFile("command_timeout"), rf.CommandTimeout, err)
		}
	}
	// Output limit.
	if v, src := value("output-limit"); v != "" {
		if cfg.OutputLimit, err = parseSize(v); err != nil {
			return Config{}, inputErrorf("%s=%q: %v", src, v, err)
		}
	} else if rf.OutputLimit != nil {
		raw := fmt.Sprint(rf.OutputLimit)
		if cfg.OutputLimit, err = parseSize(raw); err != nil {
			return Config{}, inputErrorf("%s=%q: %v", fromFile("output_limit"), raw, err)
		}
	}
	// Passthrough.
	if v, _ := value("env-passthrough"); v != "" {
		cfg.EnvPassthrough = splitList(v)
	} else {
		cfg.EnvPassthrough = rf.EnvPassthrough
	}
	for _, name := range cfg.EnvPassthrough {
		if !envNameRe.MatchString(name) {
			return Config{}, inputErrorf("ENGINEO_RUNNER_ENV_PASSTHROUGH: %q is not an environment variable name", name)
		}
	}
	// Concurrency.
	if v, src := value("concurrency"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return Config{}, inputErrorf("%s=%q: want a whole number of at least 1", src, v)
		}
		cfg.Concurrency = n
	} else if rf.Concurrency != 0 {
		if rf.Concurrency < 1 {
			return Config{}, inputErrorf("%s=%d: want a whole number of at least 1", fromFile("concurrency"), rf.Concurrency)
		}
		cfg.Concurrency = rf.Concurrency
	}
	// Artifacts.
	if v, _ := value("artifacts-dir"); v != "" {
		cfg.ArtifactsDir = v
	} else if rf.ArtifactsDir != "" {
		cfg.ArtifactsDir = rf.ArtifactsDir
	}
	// Ledger and auto-fix.
	cfg.Runner = "local"
	if v, src := value("runner"); v != "" {
		if v != "local" && v != "docker" {
			return Config{}, inputErrorf("%s=%q: want local or docker", src, v)
		}
		cfg.Runner = v
	}
	cfg.DockerImage, _ = value("docker-image")
	if cfg.Runner == "docker" && cfg.DockerImage == "" {
		return Config{}, inputErrorf("ENGINEO_RUNNER=docker needs ENGINEO_DOCKER_IMAGE: the image checks run in (built or loaded on the engine; autoverify never pulls)")
	}
	if v, src := value("docker-network"); v != "" {
		if cfg.DockerNetwork, err = parseBool(v); err != nil {
			return Config{}, inputErrorf("%s=%q: %v", src, v, err)
		}
	}
	cfg.RedisURL, _ = value("redis-url")
	cfg.RedisPrefix = "autoverify:"
	if v, _ := value("redis-prefix"); v != "" {
		cfg.RedisPrefix = v
	}
	cfg.StateDir = ".autoverify"
	if v, _ := value("state-dir"); v != "" {
		cfg.StateDir = v
	}
	cfg.Limits = ledger.DefaultLimits
	for name, dst := range map[string]*int{"max-auto-fix-attempts": &cfg.Limits.MaxAutoFixAttempts, "max-verify-cycles": &cfg.Limits.MaxVerifyCycles} {
		if v, src := value(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return Config{}, inputErrorf("%s=%q: want a whole number, 0 or more", src, v)
			}
			*dst = n
		}
	}
	if v, src := value("git-push-enabled"); v != "" {
		if cfg.PushEnabled, err = parseBool(v); err != nil {
			return Config{}, inputErrorf("%s=%q: %v", src, v, err)
		}
	}
	cfg.AutoFix = rf.AutoFix
	cfg.Environments = rf.Environments
	cfg.Secrets = secretValues(getenv, cfg.EnvPassthrough)
	return cfg, nil
}

var envNameRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// secretNameRe matches variable names whose values are masked wherever
// they appear in output.
var secretNameRe = regexp.MustCompile(`(?i)(TOKEN|SECRET|PASSWORD|PASSWD|PRIVATE_KEY|API_KEY|_PAT$|CREDENTIAL|REDIS_URL)`)

// secretValues collects the literal values to mask: every ENGINEO_ setting
// and passed-through variable with a secret-looking name, and the variables
// named in ENGINEO_REDACT_ENV.
func secretValues(getenv func(string) string, passthrough []string) []string {
	names := map[string]bool{}
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "ENGINEO_") && secretNameRe.MatchString(name) {
			names[name] = true
		}
	}
	for _, n := range passthrough {
		if secretNameRe.MatchString(n) {
			names[n] = true
		}
	}
	for _, n := range splitList(getenv("ENGINEO_REDACT_ENV")) {
		names[n] = true
	}
	var vals []string
	for n := range names {
		if v := getenv(n); v != "" {
			vals = append(vals, v)
		}
	}
	return vals
}

func readRepoFile(workdir string) (repoFile, string, error) {
	if workdir == "" {
		// The server reads each repository's file from GitHub instead.
		return repoFile{}, RepoConfigFile, nil
	}
	path := filepath.Join(workdir, RepoConfigFile)
	raw, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return repoFile{}, path, nil
	}
	if err != nil {
		return repoFile{}, path, inputErrorf("%s: %v", path, err)
	}
	rf, err := repoconfig.Parse(raw)
	if err != nil {
		return repoFile{}, path, inputErrorf("%s: %v", workdir, err)
	}
	return rf, path, nil
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func parseBool(s string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "1", "true", "yes", "on":
		return true, nil
	case "0", "false", "no", "off":
		return false, nil
	}
	return false, errors.New("want 1 or 0")
}

func parseTimeout(s string) (time.Duration, error) {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil || d <= 0 {
		return 0, errors.New("want a positive Go duration such as 90s, 10m or 1h30m")
	}
	return d, nil
}

// parseSize reads a byte count: 1048576, 512KiB, 1MiB, 1MB, 2G.
func parseSize(s string) (int, error) {
	s = strings.TrimSpace(s)
	i := len(s)
	for i > 0 && (s[i-1] < '0' || s[i-1] > '9') {
		i--
	}
	n, err := strconv.ParseFloat(s[:i], 64)
	if err != nil || n <= 0 {
		return 0, errors.New("want a positive size such as 1048576, 512KiB or 1MiB")
	}
	mult := map[string]float64{"": 1, "b": 1, "k": 1 << 10, "kb": 1e3, "kib": 1 << 10, "m": 1 << 20, "mb": 1e6, "mib": 1 << 20, "g": 1 << 30, "gb": 1e9, "gib": 1 << 30}
	m, ok := mult[strings.ToLower(strings.TrimSpace(s[i:]))]
	if !ok {
		return 0, errors.New("unknown unit; use B, KiB, MiB or GiB")
	}
	v := n * m
	if v < 1024 || v > 1<<31 {
		return 0, errors.New("want between 1KiB and 2GiB")
	}
	return int(v), nil
}
