package kubernetes

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/engineo/autoverify/bot/verify"
)

// Defaults applied when a Config field is zero. The timeout, output limit,
// kill grace, uid and LANG match the local and Docker runners.
const (
	DefaultTimeout     = 10 * time.Minute
	DefaultOutputLimit = 1 << 20
	DefaultKillGrace   = 2 * time.Second
	// DefaultUser is the distroless "nonroot" uid (and gid).
	DefaultUser = 65532
	// DefaultTTLAfterFinished is how long a finished Job outlives Run's own
	// delete: the backstop that removes Jobs of a runner that crashed.
	DefaultTTLAfterFinished = 5 * time.Minute
	// DefaultPollInterval is how often Run re-reads the Job and its pod
	// between watch events.
	DefaultPollInterval = 2 * time.Second
	DefaultLang         = "C.UTF-8"
	// DefaultLabel is the owner label value when Config.Label is empty.
	DefaultLabel = "autoverify"
	// DefaultTmpSize and DefaultWorkspaceSize bound the emptyDirs at /tmp
	// and /workspace (they count against ephemeral storage).
	DefaultTmpSize       = "1Gi"
	DefaultWorkspaceSize = "2Gi"
)

// Default resources of the command container (and the workspace init
// container) when Config.Resources is nil.
var (
	DefaultCPURequest    = resource.MustParse("500m")
	DefaultCPULimit      = resource.MustParse("2")
	DefaultMemoryRequest = resource.MustParse("512Mi")
	DefaultMemoryLimit   = resource.MustParse("2Gi")
	DefaultStorageLimit  = resource.MustParse("4Gi")
)

// Paths inside the pod. The workspace emptyDir is mounted at VolumePath and
// the tarball is extracted into WorkDir, the command's working directory;
// /tmp is a second emptyDir and HOME.
const (
	VolumePath = "/workspace"
	WorkDir    = VolumePath + "/src"
	TmpPath    = "/tmp"
)

// Container names in the Job's pod.
const (
	ContainerMain      = "main"
	ContainerWorkspace = "workspace"
)

// WorkspaceURLEnv is the environment variable holding the workspace URL in
// the init container (and only there).
const WorkspaceURLEnv = "AUTOVERIFY_WORKSPACE_URL"

// DefaultFetchScript is what the init container runs (through sh -c) when
// Config.FetchCommand is nil: download the gzipped tarball at
// $AUTOVERIFY_WORKSPACE_URL with curl, else wget, and extract it into
// WorkDir. Entries are taken as relative to the work directory (no
// top-level directory to strip). The script needs sh, tar with gzip and
// curl or wget in Config.FetchImage.
const DefaultFetchScript = `set -eu
f=` + VolumePath + `/.autoverify-workspace.tar.gz
if command -v curl >/dev/null 2>&1; then
  curl -fsS --retry 3 -o "$f" "$` + WorkspaceURLEnv + `"
else
  wget -q -O "$f" "$` + WorkspaceURLEnv + `"
fi
mkdir -p ` + WorkDir + `
tar -xzf "$f" -C ` + WorkDir + `
rm -f "$f"
`

// WorkspaceFunc returns the URL of a gzipped tarball of the command's work
// directory (cmd.Dir), which the Job's init container downloads. The
// server that runs autoverify is expected to serve it under an
// unguessable, short-lived path (for example /workspaces/{random 128-bit
// token}.tar.gz, valid for the run's duration): the URL is a bearer
// capability, and it is visible in the pod spec to anyone who may read
// pods in the namespace.
type WorkspaceFunc func(ctx context.Context, cmd verify.Command) (url string, err error)

// Config configures a Runner. Namespace and Image are required.
type Config struct {
	// Namespace is where Jobs are created; NewInCluster fills it from the
	// service account when empty.
	Namespace string
	// Image is the environment's image: the command's argv runs in it as
	// the container's command (its ENTRYPOINT is overridden, its ENV and
	// PATH kept).
	Image string
	// ImagePullPolicy; empty means IfNotPresent.
	ImagePullPolicy corev1.PullPolicy
	// ImagePullSecrets names secrets in Namespace for private registries.
	ImagePullSecrets []string
	// Workspace returns the URL of the command's workspace tarball. Nil
	// means no workspace: no init container, and the command starts in an
	// empty WorkDir (for checks that need only the image).
	Workspace WorkspaceFunc
	// FetchImage runs the workspace init container; empty means Image.
	FetchImage string
	// FetchCommand replaces the init container's command; nil means
	// ["sh", "-c", DefaultFetchScript]. It gets the URL in
	// $AUTOVERIFY_WORKSPACE_URL and must fill WorkDir.
	FetchCommand []string
	// Resources are the command container's requests and limits (the init
	// container gets the same, which adds nothing to the pod's effective
	// request). Nil means the Default* values above.
	Resources *corev1.ResourceRequirements
	// TmpSize and WorkspaceSize are the size limits of the /tmp and
	// /workspace emptyDirs; empty means the defaults.
	TmpSize, WorkspaceSize string
	// User is the uid (and gid) of every container; zero means
	// DefaultUser. Root is refused.
	User int64
	// Timeout bounds each command whose own Timeout is zero; zero means
	// DefaultTimeout.
	Timeout time.Duration
	// StartupAllowance is added to the Job's activeDeadlineSeconds so that
	// scheduling, the image pull and the workspace fetch do not eat the
	// command's time. Zero (the default) makes the deadline exactly the
	// command's timeout, measured from the Job's start.
	StartupAllowance time.Duration
	// KillGrace is the pod's terminationGracePeriodSeconds: the time
	// between SIGTERM and SIGKILL at the deadline. Zero means
	// DefaultKillGrace.
	KillGrace time.Duration
	// TTLAfterFinished is the Job's ttlSecondsAfterFinished; zero means
	// DefaultTTLAfterFinished.
	TTLAfterFinished time.Duration
	// OutputLimit is the number of bytes of output kept per command; zero
	// means DefaultOutputLimit.
	OutputLimit int
	// EnvPassthrough holds explicit NAME → value pairs given to every
	// command. Nothing is copied from the service's environment. CI and
	// HOME are set by the runner and may not appear; LANG may be
	// overridden.
	EnvPassthrough map[string]string
	// Env are NAME=VALUE pairs set for every command last, as
	// ENGINEO_RUNNER_ENV gives them: over the determinism defaults
	// (verify.DeterministicEnv: TZ=UTC, LC_ALL=C.UTF-8, PYTHONHASHSEED=0,
	// NO_COLOR=1, which EnvPassthrough cannot change), CI, HOME and LANG.
	// A later pair wins.
	Env []string
	// Label is the autoverify.owner label value; empty means DefaultLabel.
	Label string
	// Labels are extra labels put on every Job and pod (for example for a
	// NetworkPolicy or a cost report).
	Labels map[string]string
	// ServiceAccountName runs the pod as that account (its token is never
	// mounted); empty means the namespace's default.
	ServiceAccountName string
	// RuntimeClassName selects a sandboxed runtime (gVisor, Kata) when set.
	RuntimeClassName string
	// NodeSelector and Tolerations place the pods.
	NodeSelector map[string]string
	Tolerations  []corev1.Toleration
	// PollInterval is how often Run re-reads the Job and pod besides watch
	// events; zero means DefaultPollInterval.
	PollInterval time.Duration
}

// settings is a validated Config with defaults applied.
type settings struct {
	Config
	fetchImage   string
	fetchCommand []string
	resources    corev1.ResourceRequirements
	tmpSize      resource.Quantity
	wsSize       resource.Quantity
	env          []corev1.EnvVar
}

func (cfg Config) settle() (settings, error) {
	s := settings{Config: cfg}
	if cfg.Namespace == "" {
		return s, fmt.Errorf("kubernetes: no namespace configured")
	}
	if errs := validation.IsDNS1123Label(cfg.Namespace); len(errs) > 0 {
		return s, fmt.Errorf("kubernetes: namespace %q: %s", cfg.Namespace, strings.Join(errs, "; "))
	}
	if cfg.Image == "" {
		return s, fmt.Errorf("kubernetes: no image configured")
	}
	if cfg.Timeout < 0 || cfg.StartupAllowance < 0 || cfg.KillGrace < 0 || cfg.TTLAfterFinished < 0 ||
		cfg.OutputLimit < 0 || cfg.PollInterval < 0 {
		return s, fmt.Errorf("kubernetes: negative duration or output limit in config")
	}
	s.Timeout = orDefault(cfg.Timeout, DefaultTimeout)
	s.KillGrace = orDefault(cfg.KillGrace, DefaultKillGrace)
	s.TTLAfterFinished = orDefault(cfg.TTLAfterFinished, DefaultTTLAfterFinished)
	s.OutputLimit = orDefault(cfg.OutputLimit, DefaultOutputLimit)
	s.PollInterval = orDefault(cfg.PollInterval, DefaultPollInterval)
	s.Label = orDefault(cfg.Label, DefaultLabel)
	s.ImagePullPolicy = orDefault(cfg.ImagePullPolicy, corev1.PullIfNotPresent)
	s.User = orDefault(cfg.User, DefaultUser)
	if s.User < 0 {
		return s, fmt.Errorf("kubernetes: invalid uid %d", s.User)
	}
	s.fetchImage = orDefault(cfg.FetchImage, cfg.Image)
	s.fetchCommand = cfg.FetchCommand
	if s.fetchCommand == nil {
		s.fetchCommand = []string{"sh", "-c", DefaultFetchScript}
	}
	if len(s.fetchCommand) == 0 || s.fetchCommand[0] == "" {
		return s, fmt.Errorf("kubernetes: empty fetch command")
	}
	if errs := validation.IsValidLabelValue(s.Label); len(errs) > 0 {
		return s, fmt.Errorf("kubernetes: label %q: %s", s.Label, strings.Join(errs, "; "))
	}
	for k, v := range cfg.Labels {
		if errs := append(validation.IsQualifiedName(k), validation.IsValidLabelValue(v)...); len(errs) > 0 {
			return s, fmt.Errorf("kubernetes: label %s=%q: %s", k, v, strings.Join(errs, "; "))
		}
		if strings.HasPrefix(k, "autoverify.") {
			return s, fmt.Errorf("kubernetes: label %s: the autoverify. prefix is the runner's", k)
		}
	}

	var err error
	if s.tmpSize, err = resource.ParseQuantity(orDefault(cfg.TmpSize, DefaultTmpSize)); err != nil {
		return s, fmt.Errorf("kubernetes: tmp size: %w", err)
	}
	if s.wsSize, err = resource.ParseQuantity(orDefault(cfg.WorkspaceSize, DefaultWorkspaceSize)); err != nil {
		return s, fmt.Errorf("kubernetes: workspace size: %w", err)
	}
	if cfg.Resources != nil {
		s.resources = *cfg.Resources.DeepCopy()
	} else {
		s.resources = corev1.ResourceRequirements{
			Requests: corev1.ResourceList{
				corev1.ResourceCPU:    DefaultCPURequest,
				corev1.ResourceMemory: DefaultMemoryRequest,
			},
			Limits: corev1.ResourceList{
				corev1.ResourceCPU:              DefaultCPULimit,
				corev1.ResourceMemory:           DefaultMemoryLimit,
				corev1.ResourceEphemeralStorage: DefaultStorageLimit,
			},
		}
	}

	env := []string{"CI=true", "HOME=" + TmpPath}
	if _, ok := cfg.EnvPassthrough["LANG"]; !ok {
		env = append(env, "LANG="+DefaultLang)
	}
	for _, name := range slices.Sorted(maps.Keys(cfg.EnvPassthrough)) {
		if len(validation.IsEnvVarName(name)) > 0 {
			return s, fmt.Errorf("kubernetes: invalid environment variable %q in passthrough", name)
		}
		if name == "CI" || name == "HOME" || name == WorkspaceURLEnv {
			return s, fmt.Errorf("kubernetes: %s is set by the runner and cannot be passed through", name)
		}
		env = append(env, name+"="+cfg.EnvPassthrough[name])
	}
	for _, kv := range cfg.Env {
		if strings.HasPrefix(kv, WorkspaceURLEnv+"=") {
			return s, fmt.Errorf("kubernetes: %s is set by the runner and cannot be set", WorkspaceURLEnv)
		}
	}
	env, err = verify.CommandEnv(env, cfg.Env)
	if err != nil {
		return s, fmt.Errorf("kubernetes: %w", err)
	}
	for _, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		s.env = append(s.env, corev1.EnvVar{Name: name, Value: value})
	}
	return s, nil
}

func orDefault[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}
