package docker

import (
	"fmt"
	"maps"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/engineo/autoverify/bot/verify"
)

// Shape is how commands are mapped onto containers.
type Shape string

const (
	// ShapeWarm keeps one container per (runner, work directory) alive
	// and execs each command into it. It is the default: it costs about a
	// sixth of a fresh container per command (see the package doc).
	ShapeWarm Shape = "warm"
	// ShapeFresh creates, starts and removes a container per command, with
	// the work directory copied in each time: no state carries over
	// between commands, at a few hundred milliseconds per command.
	ShapeFresh Shape = "fresh"
)

// Defaults applied when a Config field is zero.
const (
	// DefaultTimeout is the local runner's.
	DefaultTimeout = 10 * time.Minute
	// DefaultOutputLimit is the local runner's.
	DefaultOutputLimit = 1 << 20
	// DefaultKillGrace is the local runner's: the time a timed-out fresh
	// container has between SIGTERM and SIGKILL.
	DefaultKillGrace = 2 * time.Second
	// DefaultUser is the conventional "nonroot" uid:gid of distroless
	// images; it needs no entry in the image's /etc/passwd.
	DefaultUser = "65532:65532"
	// DefaultCPUs, DefaultMemoryBytes and DefaultPidsLimit bound a
	// container when the Config leaves them zero; a negative value means
	// no limit.
	DefaultCPUs        = 2.0
	DefaultMemoryBytes = 2 << 30
	DefaultPidsLimit   = 1024
	// DefaultFileSizeBytes is the largest file a command may write
	// (RLIMIT_FSIZE) when Config.FileSizeBytes is zero. The workspace is a
	// volume on the engine's disk, not bounded by the memory limit as /tmp
	// is; without this a command filled that disk (issue 13: a 1.28 GB
	// file was allowed). 1 GiB is above any test artefact we know of.
	DefaultFileSizeBytes = 1 << 30
	// DefaultTmpBytes is the size of the tmpfs at /tmp, which is also HOME
	// (tool caches live there). It counts against the memory limit only as
	// far as it is used.
	DefaultTmpBytes = 1 << 30
	// DefaultLabel is the owner label when Config.Label is empty.
	DefaultLabel = "autoverify"
	// DefaultLang is the local runner's.
	DefaultLang = "C.UTF-8"
)

// Paths inside the container. The workspace volume is mounted at
// VolumePath and the work directory is copied to WorkDir beneath it: the
// engine will not change the owner of a volume's mount point through the
// archive API, so the copy is a subdirectory it creates owned by the
// command's user.
const (
	VolumePath = "/workspace"
	WorkDir    = VolumePath + "/src"
	// TmpPath is a tmpfs; HOME points at it.
	TmpPath = "/tmp"
)

// Environment variable names New reads when Config.Host is empty, in order.
const (
	EnvHost       = "ENGINEO_DOCKER_HOST"
	EnvDockerHost = "DOCKER_HOST"
	// DefaultHost is the local engine's socket.
	DefaultHost = "unix:///var/run/docker.sock"
)

// Config configures a Runner. Only Image is required.
type Config struct {
	// Host is the engine's address (unix://, tcp://, ssh:// is not
	// supported). Empty means ENGINEO_DOCKER_HOST, else DOCKER_HOST, else
	// DefaultHost. These two names are the only part of the service's
	// environment the runner reads.
	Host string
	// TLSCertPath is a directory holding ca.pem, cert.pem and key.pem for
	// a tcp:// engine that requires TLS client authentication.
	TLSCertPath string
	// Image is the environment's image, already present on the engine:
	// the runner never pulls (a missing image is an error from Run).
	Image string
	// Shape is ShapeWarm (default) or ShapeFresh.
	Shape Shape
	// CPUs, MemoryBytes and PidsLimit bound each container; zero means the
	// default, negative means unlimited.
	CPUs        float64
	MemoryBytes int64
	PidsLimit   int64
	// TmpBytes is the size of the /tmp tmpfs; zero means DefaultTmpBytes.
	TmpBytes int64
	// FileSizeBytes is the largest file a command may write, anywhere
	// (RLIMIT_FSIZE: a write past it fails with EFBIG, or kills a process
	// that does not ignore SIGXFSZ); zero means DefaultFileSizeBytes,
	// negative means no limit. It bounds each file, not the workspace's
	// total: the engine's local volumes have no quota.
	FileSizeBytes int64
	// Runtime is the engine's OCI runtime for the containers, by the name
	// the engine registered it under (`docker info`: Runtimes), e.g.
	// "runsc" for gVisor; empty means the engine's default (runc). New and
	// CheckIsolation refuse a name the engine does not have.
	Runtime string
	// Network attaches the container to the engine's default bridge; the
	// default (false) is network "none": loopback only.
	Network bool
	// User is the numeric uid:gid (or uid, meaning uid:uid) commands run
	// as; empty means DefaultUser. Root ("0") is refused. It must be
	// numeric because the workspace copy is chowned to it before the
	// container has started, when no /etc/passwd can be consulted.
	User string
	// Timeout bounds each command whose own Timeout is zero; zero means
	// DefaultTimeout.
	Timeout time.Duration
	// KillGrace is the time between SIGTERM and SIGKILL for a timed-out
	// fresh container; zero means DefaultKillGrace. Warm timeouts kill at
	// once (see the package doc).
	KillGrace time.Duration
	// OutputLimit is the number of bytes of combined output kept per
	// command; zero means DefaultOutputLimit.
	OutputLimit int
	// EnvPassthrough holds explicit NAME → value pairs given to every
	// command. The runner never copies anything from its own environment:
	// whoever builds the Config decides what, if anything, to forward. CI
	// and HOME are set by the runner and may not appear; LANG and PATH may
	// be overridden here.
	EnvPassthrough map[string]string
	// Env are NAME=VALUE pairs set for every command last, as
	// ENGINEO_RUNNER_ENV gives them: over the determinism defaults
	// (verify.DeterministicEnv: TZ=UTC, LC_ALL=C.UTF-8, PYTHONHASHSEED=0,
	// NO_COLOR=1, which EnvPassthrough cannot change), CI, HOME and LANG.
	// A later pair wins.
	Env []string
	// Label identifies the process lineage that owns containers, for
	// ReapOrphans; empty means DefaultLabel. Two services sharing an
	// engine from different hosts must use different labels.
	Label string
	// KeepAlive is the warm container's main process; nil means
	// ["sleep", "infinity"], which needs a sleep in the image's PATH.
	KeepAlive []string
}

// settings is a validated Config with defaults applied.
type settings struct {
	host, tlsPath, image string
	shape                Shape
	nanoCPUs             int64
	memory, pids, tmp    int64
	fileSize             int64
	runtime              string
	network              bool
	user                 string
	uid, gid             int
	timeout, grace       time.Duration
	limit                int
	env                  []string
	label                string
	keepAlive            []string
}

func (cfg Config) settle(lookup func(string) (string, bool)) (settings, error) {
	s := settings{
		host:      cfg.Host,
		tlsPath:   cfg.TLSCertPath,
		image:     cfg.Image,
		shape:     cfg.Shape,
		network:   cfg.Network,
		timeout:   orDefault(cfg.Timeout, DefaultTimeout),
		grace:     orDefault(cfg.KillGrace, DefaultKillGrace),
		limit:     orDefault(cfg.OutputLimit, DefaultOutputLimit),
		label:     orDefault(cfg.Label, DefaultLabel),
		keepAlive: cfg.KeepAlive,
		runtime:   cfg.Runtime,
	}
	if s.image == "" {
		return s, fmt.Errorf("docker: no image configured")
	}
	if s.host == "" {
		for _, name := range []string{EnvHost, EnvDockerHost} {
			if v, ok := lookup(name); ok && v != "" {
				s.host = v
				break
			}
		}
	}
	if s.host == "" {
		s.host = DefaultHost
	}
	switch s.shape {
	case "":
		s.shape = ShapeWarm
	case ShapeWarm, ShapeFresh:
	default:
		return s, fmt.Errorf("docker: unknown shape %q (want %q or %q)", s.shape, ShapeWarm, ShapeFresh)
	}
	if cfg.Timeout < 0 || cfg.KillGrace < 0 || cfg.OutputLimit < 0 || cfg.TmpBytes < 0 {
		return s, fmt.Errorf("docker: negative timeout (%v), kill grace (%v), output limit (%d) or tmp size (%d)",
			cfg.Timeout, cfg.KillGrace, cfg.OutputLimit, cfg.TmpBytes)
	}
	cpus := orDefault(cfg.CPUs, DefaultCPUs)
	if math.IsNaN(cpus) || math.IsInf(cpus, 0) {
		return s, fmt.Errorf("docker: invalid CPU limit %v", cfg.CPUs)
	}
	if cpus > 0 {
		s.nanoCPUs = int64(cpus * 1e9)
	}
	s.memory = max(orDefault(cfg.MemoryBytes, DefaultMemoryBytes), 0)
	s.pids = max(orDefault(cfg.PidsLimit, DefaultPidsLimit), 0)
	s.tmp = orDefault(cfg.TmpBytes, DefaultTmpBytes)
	s.fileSize = max(orDefault(cfg.FileSizeBytes, DefaultFileSizeBytes), 0)
	if strings.ContainsAny(s.runtime, "\x00\n/ ") {
		return s, fmt.Errorf("docker: invalid runtime name %q: want a name the engine lists under Runtimes (docker info)", s.runtime)
	}
	if s.keepAlive == nil {
		s.keepAlive = []string{"sleep", "infinity"}
	}
	if len(s.keepAlive) == 0 || s.keepAlive[0] == "" {
		return s, fmt.Errorf("docker: empty keep-alive command")
	}
	if strings.ContainsAny(s.label, "\x00\n") {
		return s, fmt.Errorf("docker: invalid label %q", s.label)
	}

	var err error
	s.user, s.uid, s.gid, err = parseUser(orDefault(cfg.User, DefaultUser))
	if err != nil {
		return s, err
	}

	s.env = []string{"CI=true", "HOME=" + TmpPath}
	if _, ok := cfg.EnvPassthrough["LANG"]; !ok {
		s.env = append(s.env, "LANG="+DefaultLang)
	}
	for _, name := range slices.Sorted(maps.Keys(cfg.EnvPassthrough)) {
		v := cfg.EnvPassthrough[name]
		if name == "" || strings.ContainsAny(name, "=\x00") || strings.ContainsRune(v, 0) {
			return s, fmt.Errorf("docker: invalid environment variable %q in passthrough", name)
		}
		if name == "CI" || name == "HOME" {
			return s, fmt.Errorf("docker: %s is set by the runner and cannot be passed through", name)
		}
		s.env = append(s.env, name+"="+v)
	}
	if s.env, err = verify.CommandEnv(s.env, cfg.Env); err != nil {
		return s, fmt.Errorf("docker: %w", err)
	}
	return s, nil
}

// parseUser accepts "uid" or "uid:gid", both numeric and non-zero uid.
func parseUser(u string) (string, int, int, error) {
	us, gs, hasGID := strings.Cut(u, ":")
	uid, err := strconv.Atoi(us)
	if err != nil || uid < 0 {
		return "", 0, 0, fmt.Errorf("docker: user %q: want numeric uid[:gid]", u)
	}
	gid := uid
	if hasGID {
		if gid, err = strconv.Atoi(gs); err != nil || gid < 0 {
			return "", 0, 0, fmt.Errorf("docker: user %q: want numeric uid[:gid]", u)
		}
	}
	if uid == 0 {
		return "", 0, 0, fmt.Errorf("docker: user %q: commands may not run as root", u)
	}
	return strconv.Itoa(uid) + ":" + strconv.Itoa(gid), uid, gid, nil
}

func orDefault[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// lookupEnv is os.LookupEnv; a variable so tests can see what New reads.
var lookupEnv = os.LookupEnv
