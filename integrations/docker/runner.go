package docker

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/moby/moby/api/types/container"
	"github.com/moby/moby/api/types/mount"

	// SDK choice: the maintained client, github.com/moby/moby/client
	// (v0.6.2, with github.com/moby/moby/api v1.56.1), not the deprecated
	// github.com/docker/docker/client. Measured on this machine's engine
	// (Docker 20.10.24, API 1.41): the client's MinAPIVersion is "1.40"
	// and its MaxAPIVersion "1.56"; with WithAPIVersionNegotiation the
	// first Ping downgrades it to 1.41, and create (read-only rootfs, cap
	// drop, tmpfs, volume mount, pids/memory/cpu limits, init), archive
	// copy, attach, wait, exec create/attach/inspect, kill, list and remove
	// all work at 1.41 (the tests in this package exercise each of them).
	// So there is no need to fall back to github.com/docker/docker.
	"github.com/moby/moby/client"

	"github.com/engineo/autoverify/bot/verify"
)

// Sentinel errors, so that the bot can tell an infrastructure failure
// (ENV_ERROR / INFRA_BLOCKED) from anything else with errors.Is; an
// unreachable engine matches verify.ErrTransient too, so the pipeline retries it.
var (
	// ErrEngineUnreachable wraps every error caused by the engine not
	// answering at its address.
	ErrEngineUnreachable = verify.Transient(errors.New("docker engine unreachable"))
	// ErrImageNotFound wraps the error for an image the engine does not
	// have. The runner never pulls.
	ErrImageNotFound = errors.New("docker image not found")
	// ErrClosed is returned by Run after Close.
	ErrClosed = errors.New("docker runner closed")
)

// Exit codes, as the local runner reports them.
const (
	ExitTimedOut      = 124
	ExitNotExecutable = 126
	ExitNotFound      = 127
)

// Labels put on every container (and workspace volume) the runner creates.
const (
	LabelManaged  = "autoverify.managed"  // "true"
	LabelOwner    = "autoverify.owner"    // Config.Label
	LabelInstance = "autoverify.instance" // random, one per Runner
	LabelHost     = "autoverify.host"     // hostname of the creating process
	LabelPID      = "autoverify.pid"      // its pid
	LabelPIDStart = "autoverify.pidstart" // its start time (/proc/<pid>/stat field 22)
	LabelShape    = "autoverify.shape"    // "fresh" or "warm"
	LabelItem     = "autoverify.item"     // verify.Command.ItemID (fresh only)
)

// drainTimeout bounds how long Run waits for more output once the
// command has exited and none has come, as in the local runner; drainMax
// bounds the wait however much keeps coming (see Stream.Finish).
const (
	drainTimeout = time.Second
	drainMax     = 30 * time.Second
)

// cleanupTimeout bounds the engine calls made with a fresh context to
// remove a container after Run's own context has ended.
const cleanupTimeout = 30 * time.Second

// Runner runs commands in containers of one image on one engine. It is
// safe for concurrent use; see the package doc for the warm shape's
// per-directory serialisation.
type Runner struct {
	s   settings
	cli *client.Client

	instance string
	labels   map[string]string // common to every container

	reapPending    atomic.Bool // New could not reach the engine to reap
	runtimePending atomic.Bool // New could not ask the engine about Runtime

	mu     sync.Mutex
	closed bool
	warm   map[string]*warmSlot // by absolute work directory
}

var _ verify.Runner = (*Runner)(nil)

// New validates cfg, connects a client to the engine (negotiating the API
// version down to the engine's) and reaps orphans left by a previous
// process with the same Label. An unreachable engine does not make New
// fail — the service can start while the engine restarts — but the reap is
// then retried on each Run until one reaches the engine, and Run reports
// the engine's absence as an error wrapping ErrEngineUnreachable. A
// Config.Runtime the engine answers it does not have makes New fail
// (ErrRuntimeNotFound); when the engine does not answer, the first Run that
// reaches it checks instead.
func New(cfg Config) (*Runner, error) {
	s, err := cfg.settle(lookupEnv)
	if err != nil {
		return nil, err
	}
	opts := []client.Opt{client.WithHost(s.host), client.WithAPIVersionNegotiation()}
	if s.tlsPath != "" {
		opts = append(opts, client.WithTLSClientConfig(
			filepath.Join(s.tlsPath, "ca.pem"),
			filepath.Join(s.tlsPath, "cert.pem"),
			filepath.Join(s.tlsPath, "key.pem")))
	}
	cli, err := client.New(opts...)
	if err != nil {
		return nil, fmt.Errorf("docker: client for engine %s: %w", s.host, err)
	}
	r := &Runner{s: s, cli: cli, instance: rand.Text()[:16], warm: map[string]*warmSlot{}}
	self := selfIdentity()
	r.labels = map[string]string{
		LabelManaged:  "true",
		LabelOwner:    s.label,
		LabelInstance: r.instance,
		LabelHost:     self.host,
		LabelPID:      self.pid,
		LabelPIDStart: self.start,
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := r.ReapOrphans(ctx); err != nil {
		r.reapPending.Store(true)
	}
	if err := r.checkRuntime(ctx); errors.Is(err, ErrRuntimeNotFound) {
		_ = cli.Close()
		return nil, err
	} else if err != nil {
		r.runtimePending.Store(true)
	}
	return r, nil
}

// Host is the engine address in use.
func (r *Runner) Host() string { return r.s.host }

// APIVersion is the API version the client speaks, once negotiated (after
// the first successful engine call).
func (r *Runner) APIVersion() string { return r.cli.ClientVersion() }

// Shape is the shape commands run in.
func (r *Runner) Shape() Shape { return r.s.shape }

// Close removes the warm containers and closes the client. Commands still
// running in them end (their Run returns an error); later Runs return
// ErrClosed.
func (r *Runner) Close() error {
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return nil
	}
	r.closed = true
	var ids []string
	for _, w := range r.warm {
		if w.id != "" {
			ids = append(ids, w.id)
			w.id = ""
		}
	}
	r.warm = nil
	r.mu.Unlock()
	var errs []error
	for _, id := range ids {
		errs = append(errs, r.remove(id))
	}
	errs = append(errs, r.cli.Close())
	return errors.Join(errs...)
}

// Run executes cmd in a container and reports what it did. The error is
// non-nil when the runner could not do its job — the engine is
// unreachable (ErrEngineUnreachable), the image is missing
// (ErrImageNotFound), the work directory is unusable — or when ctx ended
// first, in which case the container has been killed and the partial
// Result comes with the error.
func (r *Runner) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	return r.run(ctx, cmd, r.s.shape)
}

var _ verify.FreshRunner = (*Runner)(nil)

// Fresh returns a runner whose every command gets a new container, for
// the independent reviewers: a warm container has seen other commands.
// It shares this runner's engine connection and reaping; closing this
// runner ends it too.
func (r *Runner) Fresh() verify.Runner { return freshRunner{r} }

type freshRunner struct{ r *Runner }

func (f freshRunner) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	return f.r.run(ctx, cmd, ShapeFresh)
}

// Fingerprint is the runner's: the shape does not change a result.
func (f freshRunner) Fingerprint(argv []string) string { return f.r.Fingerprint(argv) }

func (r *Runner) run(ctx context.Context, cmd verify.Command, shape Shape) (verify.Result, error) {
	if len(cmd.Argv) == 0 || cmd.Argv[0] == "" {
		return verify.Result{}, fmt.Errorf("docker: item %q: empty argv", cmd.ItemID)
	}
	if err := ctx.Err(); err != nil {
		return verify.Result{}, fmt.Errorf("docker: running %s: %w", cmd.Argv[0], err)
	}
	dir, err := workDir(cmd.HostDir())
	if err != nil {
		return verify.Result{}, err
	}
	timeout := cmd.Timeout
	if timeout <= 0 {
		timeout = r.s.timeout
	}
	if r.reapPending.Load() {
		if _, err := r.ReapOrphans(ctx); err == nil {
			r.reapPending.Store(false)
		}
	}
	if r.runtimePending.Load() {
		if err := r.checkRuntime(ctx); err != nil {
			return verify.Result{}, err
		}
		r.runtimePending.Store(false)
	}
	if shape == ShapeFresh {
		return r.runFresh(ctx, cmd, dir, timeout)
	}
	return r.runWarm(ctx, cmd, dir, timeout)
}

// containerSpec is what both shapes create: the isolation lives here.
func (r *Runner) containerSpec(entrypoint, cmd []string, shape Shape, item string) client.ContainerCreateOptions {
	labels := make(map[string]string, len(r.labels)+2)
	for k, v := range r.labels {
		labels[k] = v
	}
	labels[LabelShape] = string(shape)
	if item != "" {
		labels[LabelItem] = item
	}
	network := container.NetworkMode("none")
	if r.s.network {
		network = "default"
	}
	useInit := true
	res := container.Resources{NanoCPUs: r.s.nanoCPUs, Memory: r.s.memory}
	if r.s.memory > 0 {
		res.MemorySwap = r.s.memory // no swap on top of the limit
	}
	if r.s.pids > 0 {
		pids := r.s.pids
		res.PidsLimit = &pids
	}
	if r.s.fileSize > 0 {
		// Docker passes fsize to setrlimit as is: bytes.
		res.Ulimits = append(res.Ulimits, &container.Ulimit{Name: "fsize", Soft: r.s.fileSize, Hard: r.s.fileSize})
	}
	return client.ContainerCreateOptions{
		Config: &container.Config{
			Image:      r.s.image,
			Entrypoint: entrypoint,
			Cmd:        cmd,
			Env:        r.s.env,
			User:       r.s.user,
			WorkingDir: WorkDir,
			Labels:     labels,
			// No stdin: commands read end of file, as under the local
			// runner.
			AttachStdout: true,
			AttachStderr: true,
		},
		HostConfig: &container.HostConfig{
			NetworkMode:    network,
			Runtime:        r.s.runtime,
			ReadonlyRootfs: true,
			CapDrop:        []string{"ALL"},
			SecurityOpt:    []string{"no-new-privileges"},
			// docker-init (tini) as PID 1 forwards the timeout's SIGTERM
			// to the command and reaps orphaned grandchildren.
			Init: &useInit,
			Tmpfs: map[string]string{
				TmpPath: fmt.Sprintf("rw,exec,nosuid,nodev,mode=1777,size=%d", r.s.tmp),
			},
			Mounts: []mount.Mount{{
				// Anonymous volume, removed with the container
				// (RemoveVolumes); the workspace is copied into it.
				Type:          mount.TypeVolume,
				Target:        VolumePath,
				VolumeOptions: &mount.VolumeOptions{Labels: labels},
			}},
			// Output is streamed by attach; keeping a copy in the engine's
			// log store would only fill the engine's disk.
			LogConfig: container.LogConfig{Type: "none"},
			Resources: res,
		},
	}
}

// create creates a container and copies the work directory into it.
func (r *Runner) create(ctx context.Context, spec client.ContainerCreateOptions, dir string) (string, error) {
	// The create is not cut short when ctx ends: an engine that has the
	// request creates the container whether or not the client waits for
	// the answer, and one whose id never came back was left behind (a run
	// cancelled, under load, while its warm container was being created).
	// It is bounded by cleanupTimeout, and the container removed at once
	// when ctx ended meanwhile.
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cleanupTimeout)
	defer cancel()
	created, err := r.cli.ContainerCreate(cctx, spec)
	if err != nil {
		if ctx.Err() != nil {
			return "", fmt.Errorf("docker: creating a container: %w", errors.Join(ctx.Err(), err))
		}
		return "", r.engineErr("creating a container", err)
	}
	id := created.ID
	if err := ctx.Err(); err != nil {
		r.remove(id)
		return "", fmt.Errorf("docker: creating a container: %w", err)
	}
	tarball := workspaceTar(dir, filepath.Base(WorkDir), r.s.uid, r.s.gid)
	defer tarball.Close()
	if _, err := r.cli.CopyToContainer(ctx, id, client.CopyToContainerOptions{
		DestinationPath: VolumePath,
		Content:         tarball,
	}); err != nil {
		r.remove(id)
		return "", r.engineErr("copying work directory "+dir+" into the container", err)
	}
	return id, nil
}

// remove force-removes a container and its workspace volume, with a fresh
// context: it runs after Run's own context may have ended.
func (r *Runner) remove(id string) error {
	ctx, cancel := context.WithTimeout(context.Background(), cleanupTimeout)
	defer cancel()
	_, err := r.cli.ContainerRemove(ctx, id, client.ContainerRemoveOptions{Force: true, RemoveVolumes: true})
	if err != nil && !cerrdefs.IsNotFound(err) && !isRemovalInProgress(err) {
		return r.engineErr("removing container "+shortID(id), err)
	}
	return nil
}

func isRemovalInProgress(err error) bool {
	return cerrdefs.IsConflict(err) && strings.Contains(err.Error(), "already in progress")
}

// engineErr wraps an engine error with what was being done and where, and
// with the sentinel the bot classifies by.
func (r *Runner) engineErr(op string, err error) error {
	switch {
	case client.IsErrConnectionFailed(err):
		return fmt.Errorf("docker: %w at %s while %s: %w", ErrEngineUnreachable, r.s.host, op, err)
	case cerrdefs.IsNotFound(err) && strings.Contains(strings.ToLower(err.Error()), "no such image"):
		return fmt.Errorf("docker: %w: %q is not on the engine at %s (the runner never pulls; build or load it there first): %w",
			ErrImageNotFound, r.s.image, r.s.host, err)
	}
	return fmt.Errorf("docker: %s (engine %s, image %s): %w", op, r.s.host, r.s.image, err)
}

// workDir checks the command's directory up front, as the local runner
// does: a missing directory is the caller's fault, not the command's.
func workDir(dir string) (string, error) {
	if dir == "" {
		return "", errors.New("docker: command has no work directory")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("docker: work directory %s: %w", dir, err)
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return "", fmt.Errorf("docker: work directory %s: %w", dir, err)
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("docker: work directory %s: not a directory", dir)
	}
	return abs, nil
}

// startFailure recognises the runtime's message for a program that could
// not be started and turns it into the exit code a shell would report, as
// the docker CLI does. The message names the program: `exec: "x":
// executable file not found in $PATH`.
func startFailure(msg string) (int, string, bool) {
	i := strings.Index(msg, `exec: "`)
	if i < 0 {
		return 0, "", false
	}
	detail := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(msg[i+len("exec: "):]), ": unknown"))
	switch {
	case strings.Contains(msg, "executable file not found"), strings.Contains(msg, "no such file or directory"):
		return ExitNotFound, detail, true
	case strings.Contains(msg, "permission denied"), strings.Contains(msg, "exec format error"),
		strings.Contains(msg, "is a directory"), strings.Contains(msg, "not a directory"):
		return ExitNotExecutable, detail, true
	}
	return 0, "", false
}

func failResult(code int, detail string, start time.Time) verify.Result {
	return verify.Result{
		ExitCode: code,
		Output:   []byte("autoverify: " + detail + "\n"),
		Duration: time.Since(start),
	}
}

func shortID(id string) string {
	if len(id) > 12 {
		return id[:12]
	}
	return id
}
