// Package settings resolves autoverify's configuration. Every setting is a
// flag, an ENGINEO_ environment variable, or a key of a repository's
// .autoverify.yml; this package holds the table of them, the precedence
// rules and the validation, so that the CLI and the server resolve the same
// way and every error names where the bad value came from and how to fix
// it. It reads nothing itself: callers hand it a Lookup over their flags and
// environment and the repository file they read (from the work directory,
// or from a pull request's base branch).
package settings

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/internal/lazyregexp"
	"github.com/engineo/autoverify/ledger"
)

// Error is bad configuration: it names the input (a flag, a variable, a
// file key) and what to write instead. The CLI exits 2 on it; the server
// shows it to the pull request's author.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

func errorf(format string, args ...any) error { return &Error{Msg: fmt.Sprintf(format, args...)} }

// Setting is one configurable value: its flag, its environment variable and
// its help text.
type Setting struct {
	Flag, Env, Usage string
}

// Run are the settings of a verification, shared by the CLI and the server.
var Run = []Setting{
	{"autoverify-enabled", "ENGINEO_AUTOVERIFY_ENABLED", "0 switches autoverify off: events are acknowledged and nothing runs (default 1)"},
	{"allowlist", "ENGINEO_AUTOVERIFY_ALLOWLIST", "comma-separated allowed command prefixes (default: pnpm type-check,pnpm lint,pnpm test,pnpm test:e2e)"},
	{"build-enabled", "ENGINEO_AUTOVERIFY_BUILD_ENABLED", "1 adds `pnpm build` to the allowlist"},
	{"command-timeout", "ENGINEO_COMMAND_TIMEOUT", "per-command timeout, a Go duration (default 10m)"},
	{"output-limit", "ENGINEO_OUTPUT_LIMIT", "output kept per command: bytes or 512KiB, 1MiB (default 1MiB)"},
	{"env-passthrough", "ENGINEO_RUNNER_ENV_PASSTHROUGH", "comma-separated environment variable names commands may see"},
	{"runner-env", "ENGINEO_RUNNER_ENV", "comma-separated NAME=VALUE pairs set for every command in every runner, over the determinism defaults TZ=UTC, LC_ALL=C.UTF-8, PYTHONHASHSEED=0, NO_COLOR=1 (and, for the local runner, HOME)"},
	{"concurrency", "ENGINEO_CONCURRENCY", "commands run at once (default: number of CPUs)"},
	{"reviewers", "ENGINEO_REVIEWERS", "independent reviewer runs of every check, each in a fresh runner and workspace copy; verified only when a majority passes with one result (default 2; 1 turns reviewing off)"},
	{"artifacts-dir", "ENGINEO_ARTIFACTS_DIR", "where evidence and summaries go (default reports/)"},
	{"runner", "ENGINEO_RUNNER", "where commands run: local (default, a sandboxed child process), docker, or kubernetes (serve only)"},
	{"sandbox", "ENGINEO_SANDBOX", "the local runner's sandbox: auto (default: used wherever the kernel allows it), on (required), off (no sandbox: only for code you trust; serve refuses it)"},
	{"sandbox-network", "ENGINEO_SANDBOX_NETWORK", "1 lets sandboxed commands use the host's network, including its 127.0.0.1 services (default 0: a loopback of their own); a repository can ask with sandbox: {network: true}"},
	{"sandbox-processes", "ENGINEO_SANDBOX_PROCESSES", "processes and threads all of a run's sandboxes may have at once, together (default 1024)"},
	{"sandbox-memory", "ENGINEO_SANDBOX_MEMORY", "memory each sandboxed process may allocate, e.g. 4GiB (default 4GiB)"},
	{"sandbox-file-size", "ENGINEO_SANDBOX_FILE_SIZE", "largest file a sandboxed command may write, e.g. 1GiB (default 1GiB)"},
	{"sandbox-tmp-size", "ENGINEO_SANDBOX_TMP_SIZE", "size of the sandbox's private /tmp and home, each (default 1GiB)"},
	{"sandbox-cpu-time", "ENGINEO_SANDBOX_CPU_TIME", "CPU time each sandboxed process may use, a Go duration (default 30m)"},
	{"sandbox-readonly", "ENGINEO_SANDBOX_READONLY", "comma-separated host paths sandboxed commands also see, read-only (toolchains outside /usr, /etc, /opt, e.g. /root/.cargo)"},
	{"sandbox-caches", "ENGINEO_SANDBOX_CACHES", "comma-separated host directories sandboxed commands see copy-on-write, or none (default: the Go build and module caches)"},
	{"docker-image", "ENGINEO_DOCKER_IMAGE", "image for the docker runner (already on the engine; never pulled)"},
	{"docker-network", "ENGINEO_DOCKER_NETWORK", "1 gives docker containers a network (default: none)"},
	{"docker-runtime", "ENGINEO_DOCKER_RUNTIME", "OCI runtime of the docker runner's containers, registered on the engine, e.g. runsc for gVisor (default: the engine's, runc)"},
	{"docker-file-size", "ENGINEO_DOCKER_FILE_SIZE", "largest file a command in a docker container may write: 512MiB, 4GiB (default 1GiB)"},
	{"kubernetes-image", "ENGINEO_KUBERNETES_IMAGE", "image the kubernetes runner's Jobs run checks in"},
	{"kubernetes-namespace", "ENGINEO_KUBERNETES_NAMESPACE", "namespace of the Jobs (default: the service account's)"},
	{"kubeconfig", "ENGINEO_KUBECONFIG", "kubeconfig file for the kubernetes runner (default: in-cluster)"},
	{"kubernetes-runtime-class", "ENGINEO_KUBERNETES_RUNTIME_CLASS", "RuntimeClass of the Jobs' pods, e.g. gvisor (default: the cluster's)"},
	{"kubernetes-workspace-url", "ENGINEO_KUBERNETES_WORKSPACE_URL", "URL pods reach this server at for workspaces (default ENGINEO_PUBLIC_URL)"},
	{"redis-url", "ENGINEO_REDIS_URL", "Redis for the work ledger (default: embedded store in the state directory)"},
	{"redis-prefix", "ENGINEO_REDIS_PREFIX", "prefix of every Redis key and the queue name (default autoverify:)"},
	{"state-dir", "ENGINEO_STATE_DIR", "embedded ledger directory (default .autoverify/)"},
	{"max-auto-fix-attempts", "ENGINEO_MAX_AUTO_FIX_ATTEMPTS", "auto-fix attempts per story (default 2)"},
	{"max-verify-cycles", "ENGINEO_MAX_VERIFY_CYCLES", "verify cycles per story until a reset (default 3)"},
	{"ledger-lease", "ENGINEO_LEDGER_LEASE", "how long a run's reserved verify cycle stays in flight without word from the run (it renews every quarter of this) before it is recorded as lost, a Go duration (default 2m)"},
	{"git-push-enabled", "ENGINEO_GIT_PUSH_ENABLED", "1 pushes auto-fix commits (evidence is never pushed)"},
	{"cache", "ENGINEO_CACHE", "0 turns the result cache off: every check runs every time (default 1)"},
	{"cache-ttl", "ENGINEO_CACHE_TTL", "how long a passing result is reused for the same tree, command and environment (default 168h)"},
	{"cache-counts-cycle", "ENGINEO_CACHE_COUNTS_CYCLE", "1 makes a verdict served wholly from the cache count a verify cycle (default 0)"},
	{"signing-key", "ENGINEO_SIGNING_KEY", "PEM private key file (ECDSA P-256 or Ed25519; `autoverify keys generate` makes one) that signs every verdict as in-toto attestations beside its evidence; unset: runs are unsigned, and say so"},
	{"gates-test-files", "ENGINEO_GATES_TEST_FILES", "comma-separated test-file patterns the gates read besides *_test.go, test_*.py and *_test.py (path.Match on the path or the file name)"},
	{"mutate", "ENGINEO_MUTATE", "1 adds VERIFY_MUTATE to every gates run, as .autoverify.yml's mutate: true (default 0)"},
	{"mutate-max", "ENGINEO_MUTATE_MAX", "the most mutants VERIFY_MUTATE runs, spread over the change's files and lines (default 50)"},
	{"mutate-threshold", "ENGINEO_MUTATE_THRESHOLD", "the share of mutants VERIFY_MUTATE needs the tests to kill, in (0, 1] (default 0.8)"},
}

// Mutation names VERIFY_MUTATE's settings in Run: `autoverify gates` has
// flags of its own for them (a bare --mutate).
var Mutation = []string{"mutate", "mutate-max", "mutate-threshold"}

// Sandbox configures the local runner's sandbox
// (integrations/local.SandboxConfig). Zero limits mean the runner's
// defaults.
type Sandbox struct {
	// Mode is "auto", "on" or "off".
	Mode      string
	Network   bool
	Processes int
	Memory    int64
	FileSize  int64
	TmpSize   int64
	CPUTime   time.Duration
	ReadOnly  []string
	// Caches nil means the runner's default caches; empty means none.
	Caches []string
	// Hide lists the service's own paths (state, artefacts, key) that a
	// sandboxed command must never see.
	Hide []string
}

// Config is a resolved configuration.
type Config struct {
	// Enabled is false when ENGINEO_AUTOVERIFY_ENABLED=0: events are
	// acknowledged and nothing runs.
	Enabled        bool
	Allowlist      []string
	BuildEnabled   bool
	CommandTimeout time.Duration
	OutputLimit    int
	EnvPassthrough []string
	// RunnerEnv are NAME=VALUE pairs every runner sets for every command
	// (ENGINEO_RUNNER_ENV): the only way to change the determinism
	// defaults (verify.DeterministicEnv) or to give the local runner a fixed
	// HOME. Later pairs win.
	RunnerEnv   []string
	Concurrency int
	// Reviewers is how many independent runs judge each check (1: off).
	Reviewers int
	// Sandbox configures the local runner's sandbox.
	Sandbox      Sandbox
	ArtifactsDir string
	// Runner is "local" or "docker"; DockerImage and DockerNetwork
	// configure the docker runner.
	Runner        string
	DockerImage   string
	DockerNetwork bool
	// DockerRuntime is the engine's OCI runtime for the containers
	// ("runsc": gVisor); empty means the engine's default.
	DockerRuntime string
	// DockerFileSize is the largest file a command may write in a
	// container; zero means the runner's default.
	DockerFileSize int64
	// DockerCPUs, DockerMemory and DockerPids bound each container (set
	// per environment); zero means the runner's defaults.
	DockerCPUs   float64
	DockerMemory int64
	DockerPids   int64
	// Kubernetes configures the kubernetes runner.
	Kubernetes Kubernetes
	// RedisURL selects the Redis ledger; empty means the embedded store
	// under StateDir.
	RedisURL string
	// RedisPrefix starts every Redis key and names the queue, so several
	// deployments (or test runs) can share one Redis.
	RedisPrefix string
	StateDir    string
	Limits      ledger.Limits
	// LedgerLease is how long a reserved cycle stays in flight without a
	// renewal (ledger.Ledger.Lease; zero means its default).
	LedgerLease time.Duration
	PushEnabled bool
	// AutoFix maps failure types to fixer commands (.autoverify.yml only).
	AutoFix map[string]string
	// Environments are the matrix's environments (.autoverify.yml only).
	Environments map[string]repoconfig.Environment
	// Checks are the verification commands a signal is audited against
	// (.autoverify.yml only; the server reads them from the base branch).
	Checks map[string]repoconfig.Check
	// StoryPath locates a story file by key (.autoverify.yml only).
	StoryPath string
	// Triggers say which events start a run (.autoverify.yml only).
	Triggers repoconfig.Triggers
	// Cache turns the result cache on; CacheTTL is how long a passing
	// result is reused; CacheCountsCycle makes a wholly cached verdict
	// count a verify cycle.
	Cache            bool
	CacheTTL         time.Duration
	CacheCountsCycle bool
	// GatesTestFiles are more test-file patterns for the gates.
	GatesTestFiles []string
	// Mutate runs VERIFY_MUTATE with the pipeline's gates; MutateMax and
	// MutateThreshold are its cap and the score it needs (0: gaterun's
	// defaults). A flag or ENGINEO_MUTATE* beats .autoverify.yml here;
	// on the server the repository's file wins (ForRepo): the repository
	// knows whether its tests can afford a run per mutant.
	Mutate          bool
	MutateMax       int
	MutateThreshold float64
}

// Kubernetes are the kubernetes runner's settings.
type Kubernetes struct {
	Image, Namespace, Kubeconfig, RuntimeClass string
	// WorkspaceURL is where the Jobs' pods reach the server to fetch
	// their workspace; empty means the server's public URL.
	WorkspaceURL string
}

// Policy is the command policy the configuration allows.
func (c Config) Policy() (checklist.Policy, error) {
	list := c.Allowlist
	if c.BuildEnabled {
		list = append(append([]string(nil), list...), checklist.BuildCommand)
	}
	p, err := checklist.NewPolicy(list)
	if err != nil {
		return checklist.Policy{}, errorf("allowlist: %v", err)
	}
	return p, nil
}

// StoryFile is the path of the story file for key.
func (c Config) StoryFile(key string) string {
	return repoconfig.File{StoryPath: c.StoryPath}.StoryFile(key)
}

// Lookup returns a setting's raw value by flag name and where it came from
// ("--flag" or the variable's name); "" when the setting is unset there.
type Lookup func(flag string) (value, source string)

// Value is the setting's raw value alone, for a caller that does not say
// where it came from.
func (l Lookup) Value(flag string) string {
	v, _ := l(flag)
	return v
}

// Layers looks a setting up in each lookup in turn; the first that has it
// wins (flags before the environment).
func Layers(lookups ...Lookup) Lookup {
	return func(flag string) (string, string) {
		for _, l := range lookups {
			if v, src := l(flag); v != "" {
				return v, src
			}
		}
		return "", ""
	}
}

// Named picks the settings of list with the given flags, in that order,
// for a command that reads some of another's settings; a flag list does
// not hold is a bug, and panics.
func Named(list []Setting, flags ...string) []Setting {
	out := make([]Setting, 0, len(flags))
	for _, f := range flags {
		i := slices.IndexFunc(list, func(s Setting) bool { return s.Flag == f })
		if i < 0 {
			panic("settings: no setting " + f)
		}
		out = append(out, list[i])
	}
	return out
}

// Env is the Lookup of ENGINEO_ variables for the given settings.
func Env(getenv func(string) string, lists ...[]Setting) Lookup {
	return func(flag string) (string, string) {
		for _, list := range lists {
			for _, s := range list {
				if s.Flag == flag {
					return getenv(s.Env), s.Env
				}
			}
		}
		return "", ""
	}
}

// DefaultReviewers is the multi-agent spec's default N; MaxReviewers
// bounds what a repository may ask for (each reviewer runs every check).
const (
	DefaultReviewers = 2
	MaxReviewers     = 9
)

// Defaults is the configuration with nothing set.
func Defaults() Config {
	return Config{
		Enabled:        true,
		Allowlist:      append([]string(nil), checklist.DefaultAllowlist...),
		CommandTimeout: 10 * time.Minute,
		OutputLimit:    1 << 20,
		Concurrency:    runtime.NumCPU(),
		Reviewers:      DefaultReviewers,
		ArtifactsDir:   "reports",
		Runner:         "local",
		RedisPrefix:    "autoverify:",
		StateDir:       ".autoverify",
		Limits:         ledger.DefaultLimits,
		Cache:          true,
		CacheTTL:       7 * 24 * time.Hour,
	}
}

// Resolve builds the configuration: a value from lookup (a flag, else the
// environment) beats the repository file (read from filePath, named in
// errors), which beats the default.
//
// The steps run in a fixed order and the first error ends the run, so a
// configuration with several mistakes always reports the same one.
func Resolve(lookup Lookup, file repoconfig.File, filePath string) (Config, error) {
	in := sources{lookup: lookup, file: file, filePath: filePath}
	cfg := Defaults()
	for _, step := range []func(sources, *Config) error{
		resolveEnablement,
		resolveCommandLimits,
		resolveCommandEnv,
		resolveParallelism,
		resolveRunner,
		resolveLocalSandbox,
		resolveDocker,
		resolveStores,
		resolveLedger,
		resolveCache,
		resolveGatesTestFiles,
	} {
		if err := step(in, &cfg); err != nil {
			return Config{}, err
		}
	}
	// These keys exist only in the repository file.
	cfg.AutoFix = file.AutoFix
	cfg.Environments = file.Environments
	cfg.Checks = file.Checks
	cfg.StoryPath = file.StoryPath
	cfg.Triggers = file.Triggers
	if err := cfg.setMutate(in.filePath, file); err != nil {
		return Config{}, err
	}
	if err := cfg.mutateFrom(lookup); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// sources are where a setting can come from: lookup (flags, then the
// environment) and the repository file, read from filePath.
type sources struct {
	lookup   Lookup
	file     repoconfig.File
	filePath string
}

// fileKey names a key of the repository file in an error.
func (s sources) fileKey(key string) string { return s.filePath + ": " + key }

// parseInto parses raw into *dst; an error names src, where raw came from,
// so the user knows which flag, variable or file key to fix.
func parseInto[T any](src, raw string, dst *T, parse func(string) (T, error)) error {
	v, err := parse(raw)
	if err != nil {
		return errorf("%s=%q: %v", src, raw, err)
	}
	*dst = v
	return nil
}

// setParsed parses a setting that only a flag or variable can set into
// *dst, leaving the default when it is unset.
func setParsed[T any](lookup Lookup, flag string, dst *T, parse func(string) (T, error)) error {
	if v, src := lookup(flag); v != "" {
		return parseInto(src, v, dst, parse)
	}
	return nil
}

// resolveEnablement reads whether autoverify runs at all and which commands
// it may run.
func resolveEnablement(in sources, cfg *Config) error {
	if err := setParsed(in.lookup, "autoverify-enabled", &cfg.Enabled, ParseBool); err != nil {
		return err
	}
	if v, _ := in.lookup("allowlist"); v != "" {
		cfg.Allowlist = SplitList(v)
	} else if in.file.Allowlist != nil {
		cfg.Allowlist = in.file.Allowlist
	}
	if v, src := in.lookup("build-enabled"); v != "" {
		return parseInto(src, v, &cfg.BuildEnabled, ParseBool)
	}
	if in.file.BuildEnabled != nil {
		cfg.BuildEnabled = *in.file.BuildEnabled
	}
	return nil
}

// resolveCommandLimits reads how long each command may run and how much of
// its output is kept.
func resolveCommandLimits(in sources, cfg *Config) error {
	var err error
	if v, src := in.lookup("command-timeout"); v != "" {
		err = parseInto(src, v, &cfg.CommandTimeout, ParseTimeout)
	} else if in.file.CommandTimeout != "" {
		err = parseInto(in.fileKey("command_timeout"), in.file.CommandTimeout, &cfg.CommandTimeout, ParseTimeout)
	}
	if err != nil {
		return err
	}
	if v, src := in.lookup("output-limit"); v != "" {
		err = parseInto(src, v, &cfg.OutputLimit, ParseSize)
	} else if in.file.OutputLimit != nil {
		// YAML gives a bare number as an int and 1MiB as a string.
		err = parseInto(in.fileKey("output_limit"), fmt.Sprint(in.file.OutputLimit), &cfg.OutputLimit, ParseSize)
	}
	return err
}

// resolveCommandEnv reads the environment commands see: the variables
// passed through from the service's own and the fixed pairs every runner
// sets.
func resolveCommandEnv(in sources, cfg *Config) error {
	if v, _ := in.lookup("env-passthrough"); v != "" {
		cfg.EnvPassthrough = SplitList(v)
	} else {
		cfg.EnvPassthrough = in.file.EnvPassthrough
	}
	for _, name := range cfg.EnvPassthrough {
		if !envNameRe().MatchString(name) {
			return errorf("ENGINEO_RUNNER_ENV_PASSTHROUGH: %q is not an environment variable name", name)
		}
	}
	if v, src := in.lookup("runner-env"); v != "" {
		cfg.RunnerEnv = SplitList(v)
		for _, kv := range cfg.RunnerEnv {
			if name, _, ok := strings.Cut(kv, "="); !ok || !envNameRe().MatchString(name) {
				return errorf("%s: %q is not NAME=VALUE; write comma-separated pairs such as TZ=Europe/Berlin,PYTHONHASHSEED=random", src, kv)
			}
		}
	}
	return nil
}

// resolveParallelism reads how many commands run at once and how many
// reviewers run every check. A zero in the file means the key is absent.
func resolveParallelism(in sources, cfg *Config) error {
	if v, src := in.lookup("concurrency"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return errorf("%s=%q: want a whole number of at least 1", src, v)
		}
		cfg.Concurrency = n
	} else if in.file.Concurrency != 0 {
		if in.file.Concurrency < 1 {
			return errorf("%s=%d: want a whole number of at least 1", in.fileKey("concurrency"), in.file.Concurrency)
		}
		cfg.Concurrency = in.file.Concurrency
	}
	if v, src := in.lookup("reviewers"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxReviewers {
			return errorf("%s=%q: want a whole number from 1 (reviewing off) to %d", src, v, MaxReviewers)
		}
		cfg.Reviewers = n
	} else if in.file.Reviewers != 0 {
		if in.file.Reviewers < 1 || in.file.Reviewers > MaxReviewers {
			return errorf("%s=%d: want a whole number from 1 (reviewing off) to %d", in.fileKey("reviewers"), in.file.Reviewers, MaxReviewers)
		}
		cfg.Reviewers = in.file.Reviewers
	}
	return nil
}

// resolveRunner reads where commands run and the kubernetes runner's
// settings, which that runner cannot do without an image.
func resolveRunner(in sources, cfg *Config) error {
	if v, src := in.lookup("runner"); v != "" {
		if v != "local" && v != "docker" && v != "kubernetes" {
			return errorf("%s=%q: want local, docker or kubernetes", src, v)
		}
		cfg.Runner = v
	}
	cfg.Kubernetes = Kubernetes{
		Image:        value(in.lookup, "kubernetes-image"),
		Namespace:    value(in.lookup, "kubernetes-namespace"),
		Kubeconfig:   value(in.lookup, "kubeconfig"),
		RuntimeClass: value(in.lookup, "kubernetes-runtime-class"),
		WorkspaceURL: value(in.lookup, "kubernetes-workspace-url"),
	}
	if cfg.Runner == "kubernetes" && cfg.Kubernetes.Image == "" {
		return errorf("ENGINEO_RUNNER=kubernetes needs ENGINEO_KUBERNETES_IMAGE: the image the Jobs run checks in (with your toolchain, and sh, tar and curl or wget to fetch the workspace)")
	}
	return nil
}

// resolveLocalSandbox reads the local runner's sandbox. The repository file
// may only widen the network (sandbox: {network: true}); it cannot take
// away what the service's settings give.
func resolveLocalSandbox(in sources, cfg *Config) error {
	sb, err := resolveSandbox(in.lookup)
	if err != nil {
		return err
	}
	if in.file.Sandbox.Network != nil && *in.file.Sandbox.Network {
		sb.Network = true
	}
	cfg.Sandbox = sb
	return nil
}

// resolveDocker reads the docker runner's settings. Its image is required
// when it is the runner because autoverify never pulls one.
func resolveDocker(in sources, cfg *Config) error {
	cfg.DockerImage = value(in.lookup, "docker-image")
	if cfg.Runner == "docker" && cfg.DockerImage == "" {
		return errorf("ENGINEO_RUNNER=docker needs ENGINEO_DOCKER_IMAGE: the image checks run in (built or loaded on the engine; autoverify never pulls)")
	}
	if err := setParsed(in.lookup, "docker-network", &cfg.DockerNetwork, ParseBool); err != nil {
		return err
	}
	cfg.DockerRuntime = value(in.lookup, "docker-runtime")
	return setParsed(in.lookup, "docker-file-size", &cfg.DockerFileSize, ParseMemory)
}

// resolveStores reads where autoverify keeps what outlives a run: its
// artifacts, and the work ledger in Redis or in the state directory.
func resolveStores(in sources, cfg *Config) error {
	if v, _ := in.lookup("artifacts-dir"); v != "" {
		cfg.ArtifactsDir = v
	} else if in.file.ArtifactsDir != "" {
		cfg.ArtifactsDir = in.file.ArtifactsDir
	}
	cfg.RedisURL = value(in.lookup, "redis-url")
	if v, _ := in.lookup("redis-prefix"); v != "" {
		cfg.RedisPrefix = v
	}
	if v, _ := in.lookup("state-dir"); v != "" {
		cfg.StateDir = v
	}
	return nil
}

// resolveLedger reads how far the ledger lets a story go (verify cycles,
// auto-fix attempts and whether their commits are pushed) and how long a
// reserved cycle may go without word from its run.
func resolveLedger(in sources, cfg *Config) error {
	for _, limit := range []struct {
		flag string
		dst  *int
	}{
		{"max-auto-fix-attempts", &cfg.Limits.MaxAutoFixAttempts},
		{"max-verify-cycles", &cfg.Limits.MaxVerifyCycles},
	} {
		if v, src := in.lookup(limit.flag); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return errorf("%s=%q: want a whole number, 0 or more", src, v)
			}
			*limit.dst = n
		}
	}
	if err := setParsed(in.lookup, "ledger-lease", &cfg.LedgerLease, ParseTimeout); err != nil {
		return err
	}
	return setParsed(in.lookup, "git-push-enabled", &cfg.PushEnabled, ParseBool)
}

// resolveCache reads whether passing results are reused, for how long, and
// whether a verdict served wholly from the cache counts a verify cycle.
func resolveCache(in sources, cfg *Config) error {
	if err := setParsed(in.lookup, "cache", &cfg.Cache, ParseBool); err != nil {
		return err
	}
	if err := setParsed(in.lookup, "cache-counts-cycle", &cfg.CacheCountsCycle, ParseBool); err != nil {
		return err
	}
	return setParsed(in.lookup, "cache-ttl", &cfg.CacheTTL, ParseTimeout)
}

// resolveGatesTestFiles reads the gates' extra test-file patterns,
// refusing a malformed one where it was written.
func resolveGatesTestFiles(in sources, cfg *Config) error {
	if v, src := in.lookup("gates-test-files"); v != "" {
		cfg.GatesTestFiles = SplitList(v)
		return checkPatterns(src, cfg.GatesTestFiles)
	}
	if in.file.GatesTestFiles != nil {
		cfg.GatesTestFiles = in.file.GatesTestFiles
		return checkPatterns(in.fileKey("gates_test_files"), cfg.GatesTestFiles)
	}
	return nil
}

// checkPatterns refuses a malformed glob, naming where it came from.
func checkPatterns(src string, patterns []string) error {
	for _, p := range patterns {
		if _, err := path.Match(p, ""); err != nil {
			return errorf("%s: test-file pattern %q is malformed (%v); use path.Match syntax such as tests/*_spec.py", src, p, err)
		}
	}
	return nil
}

// ForRepo refines the server's configuration with a repository's file, as
// its base branch has it. Only keys that concern what a repository's checks
// need are taken (allowlist, build_enabled, command_timeout, environments,
// story_path, triggers), and the file wins for those: a repository decides
// what its checklist may run. Keys that would reach into the server (its
// artifacts directory, the variables it passes through, its concurrency)
// and auto-fix (a fix on the server would change a throw-away workspace)
// stay the server's.
func (c Config) ForRepo(file repoconfig.File) (Config, error) {
	if file.Allowlist != nil {
		c.Allowlist = file.Allowlist
	}
	if file.BuildEnabled != nil {
		c.BuildEnabled = *file.BuildEnabled
	}
	if file.CommandTimeout != "" {
		d, err := ParseTimeout(file.CommandTimeout)
		if err != nil {
			return Config{}, errorf("%s: command_timeout %q: %v", repoconfig.Name, file.CommandTimeout, err)
		}
		c.CommandTimeout = d
	}
	// An image named in .devcontainer/devcontainer.json would come from the
	// pull request's head, which its author controls.
	for name, spec := range file.Environments {
		if spec.Devcontainer {
			return Config{}, errorf("`environments:` in `%s`: %s: devcontainer: true is for autoverify run; on the server name the image", repoconfig.Name, name)
		}
	}
	if file.Sandbox.Network != nil {
		c.Sandbox.Network = *file.Sandbox.Network
	}
	c.Environments = file.Environments
	c.Checks = file.Checks
	c.StoryPath = file.StoryPath
	c.Triggers = file.Triggers
	c.AutoFix = nil
	if file.GatesTestFiles != nil {
		if err := checkPatterns(repoconfig.Name+": gates_test_files", file.GatesTestFiles); err != nil {
			return Config{}, err
		}
		c.GatesTestFiles = file.GatesTestFiles
	}
	if err := c.setMutate(repoconfig.Name, file); err != nil {
		return Config{}, err
	}
	return c, nil
}

// setMutate takes the mutation gate's keys from the repository file
// (filePath names it in errors), refusing a cap or threshold that would
// make VERIFY_MUTATE meaningless rather than silently running the default.
func (c *Config) setMutate(filePath string, file repoconfig.File) error {
	if file.Mutate != nil {
		c.Mutate = *file.Mutate
	}
	if n := file.MutateMax; n != nil {
		if *n < 1 {
			return errorf("%s: mutate_max %d: give at least 1 mutant (the most VERIFY_MUTATE runs), or drop the key for the default", filePath, *n)
		}
		c.MutateMax = *n
	}
	if f := file.MutateThreshold; f != nil {
		if !(*f > 0 && *f <= 1) {
			return errorf("%s: mutate_threshold %v: give the share of mutants the tests must kill, in (0, 1], e.g. 0.8", filePath, *f)
		}
		c.MutateThreshold = *f
	}
	return nil
}

// mutateFrom takes VERIFY_MUTATE's settings from flags and ENGINEO_MUTATE,
// ENGINEO_MUTATE_MAX and ENGINEO_MUTATE_THRESHOLD, over the file's.
func (c *Config) mutateFrom(lookup Lookup) error {
	if err := setParsed(lookup, "mutate", &c.Mutate, ParseBool); err != nil {
		return err
	}
	if err := setParsed(lookup, "mutate-max", &c.MutateMax, parseMutateMax); err != nil {
		return err
	}
	return setParsed(lookup, "mutate-threshold", &c.MutateThreshold, parseMutateThreshold)
}

func parseMutateMax(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 {
		return 0, errors.New("want a whole number of at least 1 (the most mutants VERIFY_MUTATE runs)")
	}
	return n, nil
}

func parseMutateThreshold(s string) (float64, error) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || !(f > 0 && f <= 1) {
		return 0, errors.New("want the share of mutants the tests must kill, in (0, 1], e.g. 0.8")
	}
	return f, nil
}

// resolveSandbox reads the sandbox settings.
func resolveSandbox(lookup Lookup) (Sandbox, error) {
	sb := Sandbox{Mode: "auto"}
	if v, src := lookup("sandbox"); v != "" {
		if v != "auto" && v != "on" && v != "off" {
			return Sandbox{}, errorf("%s=%q: want auto, on or off", src, v)
		}
		sb.Mode = v
	}
	var err error
	if v, src := lookup("sandbox-network"); v != "" {
		if sb.Network, err = ParseBool(v); err != nil {
			return Sandbox{}, errorf("%s=%q: %v", src, v, err)
		}
	}
	if v, src := lookup("sandbox-processes"); v != "" {
		if sb.Processes, err = strconv.Atoi(v); err != nil || sb.Processes < 300 {
			return Sandbox{}, errorf("%s=%q: want a whole number, at least 300", src, v)
		}
	}
	for name, dst := range map[string]*int64{"sandbox-memory": &sb.Memory, "sandbox-file-size": &sb.FileSize, "sandbox-tmp-size": &sb.TmpSize} {
		if v, src := lookup(name); v != "" {
			if *dst, err = ParseMemory(v); err != nil || *dst <= 0 {
				return Sandbox{}, errorf("%s=%q: want a size such as 512MiB or 4GiB", src, v)
			}
		}
	}
	if v, src := lookup("sandbox-cpu-time"); v != "" {
		if sb.CPUTime, err = time.ParseDuration(v); err != nil || sb.CPUTime < time.Second {
			return Sandbox{}, errorf("%s=%q: want a Go duration of at least 1s, such as 30m", src, v)
		}
	}
	for _, list := range []struct {
		flag string
		dst  *[]string
	}{{"sandbox-readonly", &sb.ReadOnly}, {"sandbox-caches", &sb.Caches}} {
		v, src := lookup(list.flag)
		if v == "" {
			continue
		}
		*list.dst = []string{}
		if list.flag == "sandbox-caches" && v == "none" {
			continue
		}
		for _, p := range SplitList(v) {
			if !filepath.IsAbs(p) {
				return Sandbox{}, errorf("%s=%q: %q is not an absolute path", src, v, p)
			}
			*list.dst = append(*list.dst, filepath.Clean(p))
		}
	}
	// The signing key is the service's: a check that read it could sign
	// verdicts of its own.
	if v, _ := lookup("signing-key"); v != "" {
		if abs, err := filepath.Abs(v); err == nil {
			sb.Hide = append(sb.Hide, abs)
		}
	}
	return sb, nil
}

func value(l Lookup, flag string) string {
	v, _ := l(flag)
	return v
}

var envNameRe = lazyregexp.New(`^[A-Za-z_][A-Za-z0-9_]*$`)

// secretNameRe matches variable names whose values are masked wherever
// they appear in output.
var secretNameRe = lazyregexp.New(`(?i)(TOKEN|SECRET|PASSWORD|PASSWD|PRIVATE_KEY|API_KEY|_PAT$|CREDENTIAL|REDIS_URL)`)

// SecretValues collects the literal values to mask: every ENGINEO_ setting
// and passed-through variable with a secret-looking name, the variables
// named in ENGINEO_REDACT_ENV, and the values runnerEnv (Config.RunnerEnv)
// gives such names, which reach commands without being in the service's
// environment under their own name. environ names the variables the
// process has.
func SecretValues(environ []string, getenv func(string) string, passthrough, runnerEnv []string) []string {
	names := map[string]bool{}
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "ENGINEO_") && secretNameRe().MatchString(name) {
			names[name] = true
		}
	}
	for _, n := range passthrough {
		if secretNameRe().MatchString(n) {
			names[n] = true
		}
	}
	for _, n := range SplitList(getenv("ENGINEO_REDACT_ENV")) {
		names[n] = true
	}
	var vals []string
	for n := range names {
		if v := getenv(n); v != "" {
			vals = append(vals, v)
		}
	}
	for _, kv := range runnerEnv {
		if n, v, _ := strings.Cut(kv, "="); v != "" && (names[n] || secretNameRe().MatchString(n)) {
			vals = append(vals, v)
		}
	}
	return vals
}

// SplitList splits a comma-separated list, dropping empty entries.
func SplitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// ParseBool reads 1/0, true/false, yes/no, on/off.
func ParseBool(s string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "1", "true", "yes", "on":
		return true, nil
	case "0", "false", "no", "off":
		return false, nil
	}
	return false, errors.New("want 1 or 0")
}

// ParseTimeout reads a positive Go duration.
func ParseTimeout(s string) (time.Duration, error) {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil || d <= 0 {
		return 0, errors.New("want a positive Go duration such as 90s, 10m or 1h30m")
	}
	return d, nil
}

// ParseSize reads a byte count: 1048576, 512KiB, 1MiB, 1MB, 2G.
func ParseSize(s string) (int, error) {
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

// ParseMemory reads a memory limit: 512MiB, 2GiB, 4G; at least 4 MiB.
func ParseMemory(s string) (int64, error) {
	s = strings.TrimSpace(s)
	i := len(s)
	for i > 0 && (s[i-1] < '0' || s[i-1] > '9') {
		i--
	}
	n, err := strconv.ParseFloat(s[:i], 64)
	mult := map[string]float64{"": 1, "b": 1, "k": 1 << 10, "kib": 1 << 10, "kb": 1e3, "m": 1 << 20, "mib": 1 << 20, "mb": 1e6,
		"g": 1 << 30, "gib": 1 << 30, "gb": 1e9, "t": 1 << 40, "tib": 1 << 40, "tb": 1e12}
	m, ok := mult[strings.ToLower(strings.TrimSpace(s[i:]))]
	if err != nil || !ok || n*m < 4<<20 {
		return 0, errors.New("want a size of at least 4MiB such as 512MiB or 2GiB")
	}
	return int64(n * m), nil
}

// SigningKeyOutside refuses a signing key inside dir, the tree checks run
// in: every runner shows a check its work tree (the local sandbox hides
// the key's own path, but a reviewer's copy of the tree carries it, and
// containers get the tree whole), and a key there is one commit away from
// being published. A check that read the key could sign verdicts of its
// own. dir "" (serve: a fetched tarball) checks nothing.
func SigningKeyOutside(lookup Lookup, dir string) error {
	key, src := lookup("signing-key")
	if key == "" || dir == "" {
		return nil
	}
	k, err := realAbs(key)
	if err != nil {
		return nil // the key's own error is reported where it is read
	}
	d, err := realAbs(dir)
	if err != nil {
		return nil
	}
	if rel, err := filepath.Rel(d, k); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
		return errorf("%s=%s is inside the work tree %s, where checks run and can read it (and sign verdicts of their own); move it outside, e.g. to ~/.config/autoverify/signing.key", src, key, dir)
	}
	return nil
}

// realAbs is p absolute with its symbolic links resolved.
func realAbs(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}
