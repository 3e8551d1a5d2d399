package compose

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/moby/moby/client"

	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/docker"
)

// Defaults applied when a Config field is zero.
const (
	// DefaultUpTimeout bounds bringing a stack up, healthchecks included.
	DefaultUpTimeout = 2 * time.Minute
	// DefaultLabel is the owner label, as integrations/docker's.
	DefaultLabel = docker.DefaultLabel
)

// cleanupTimeout bounds the engine calls of a teardown.
const cleanupTimeout = 30 * time.Second

// execPoll is how often a running exec is inspected, to notice its exit
// while a descendant keeps its output open.
const execPoll = 200 * time.Millisecond

// Config configures a Runner. File and Service are required.
type Config struct {
	// Host is the engine's address; empty means ENGINEO_DOCKER_HOST, else
	// DOCKER_HOST, else the local socket (as integrations/docker).
	Host string
	// File is the compose file; Service the one whose container checks
	// exec in.
	File, Service string
	// Root, when set, is the directory File must resolve inside, symbolic
	// links followed (the repository: the file comes from the change under
	// test).
	Root string
	// CPUs, MemoryBytes and PidsLimit bound every container of the stack;
	// zero means integrations/docker's defaults, negative unlimited.
	CPUs        float64
	MemoryBytes int64
	PidsLimit   int64
	// Timeout bounds each command whose own Timeout is zero; zero means
	// docker.DefaultTimeout. UpTimeout bounds bringing the stack up.
	Timeout, UpTimeout time.Duration
	// OutputLimit is the bytes of output kept per command; zero means
	// docker.DefaultOutputLimit.
	OutputLimit int
	// Label identifies the process lineage owning the stacks, for
	// ReapOrphans; empty means DefaultLabel.
	Label string
	// Env are NAME=VALUE pairs set for every command last, as
	// ENGINEO_RUNNER_ENV gives them: over the checked service's
	// environment:, the determinism defaults (verify.DeterministicEnv, which
	// the compose file cannot change) and CI, HOME and LANG.
	Env []string
}

type settings struct {
	host, service          string
	nanoCPUs, memory, pids int64
	tmp                    int64
	timeout, upTimeout     time.Duration
	limit                  int
	label, user            string
	file, root             string
	uid, gid               int
	// env is set over the checked service's environment: after the
	// determinism defaults (see commandEnv): CI, HOME, LANG, then
	// Config.Env.
	env []string
}

// commandEnv is the checked service's environment: its environment:, with
// the determinism defaults, CI, HOME, LANG and Config.Env replacing any
// variable of their names (verify.CommandEnv), so the compose file, which
// comes from the change under test, cannot undo them.
func (s settings) commandEnv(service []string) []string {
	env, err := verify.CommandEnv(service, s.env)
	if err != nil {
		// New has checked Config.Env; the rest is the runner's own.
		panic(fmt.Sprintf("compose: unchecked runner environment: %v", err))
	}
	return env
}

// Runner runs commands in the checked service of a compose stack it
// brings up on first use and tears down on Close (and after a command
// timed out). Commands are serialised: they share the stack and its copy
// of the workspace, as the warm docker shape's share a container.
type Runner struct {
	s        settings
	cli      *client.Client
	instance string

	mu     sync.Mutex
	closed bool
	stack  *stack
	// upErr is why the stack could not be brought up for upDir; later
	// commands for that directory get it at once.
	upErr error
	upDir string
	// project is the compose file once read (loadErr why it could not be).
	project *Project
	loadErr error
}

var _ verify.Runner = (*Runner)(nil)

// New connects to the engine and reaps the stacks a dead process of the
// same Label left. The compose file is read by the first Run, which also
// brings the stack up: on the server the workspace holding it is fetched
// only when a check is about to run.
func New(cfg Config) (*Runner, error) {
	if cfg.File == "" || cfg.Service == "" {
		return nil, errors.New("compose: a compose environment needs a file and a service")
	}
	if err := verify.CheckEnvPairs(cfg.Env); err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	s := settings{
		host: cfg.Host, service: cfg.Service, file: cfg.File, root: cfg.Root,
		timeout:   or(cfg.Timeout, docker.DefaultTimeout),
		upTimeout: or(cfg.UpTimeout, DefaultUpTimeout),
		limit:     or(cfg.OutputLimit, docker.DefaultOutputLimit),
		label:     or(cfg.Label, DefaultLabel),
		tmp:       docker.DefaultTmpBytes,
		memory:    max(or(cfg.MemoryBytes, docker.DefaultMemoryBytes), 0),
		pids:      max(or(cfg.PidsLimit, docker.DefaultPidsLimit), 0),
		env:       append([]string{"CI=true", "HOME=" + docker.TmpPath, "LANG=" + docker.DefaultLang}, cfg.Env...),
	}
	if cpus := or(cfg.CPUs, docker.DefaultCPUs); cpus > 0 {
		s.nanoCPUs = int64(cpus * 1e9)
	}
	if s.host == "" {
		for _, n := range []string{docker.EnvHost, docker.EnvDockerHost} {
			if v := os.Getenv(n); v != "" {
				s.host = v
				break
			}
		}
	}
	if s.host == "" {
		s.host = docker.DefaultHost
	}
	cli, err := client.New(client.WithHost(s.host), client.WithAPIVersionNegotiation())
	if err != nil {
		return nil, fmt.Errorf("compose: client for engine %s: %w", s.host, err)
	}
	r := &Runner{s: s, cli: cli, instance: newID()}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, _ = r.ReapOrphans(ctx) // an engine that is down is reported by Run
	return r, nil
}

// Run executes cmd in the checked service, bringing the stack up first if
// it is not. The error is non-nil when the stack could not be brought up
// (a missing image wraps docker.ErrImageNotFound, an unreachable engine
// docker.ErrEngineUnreachable, an unhealthy dependency names it) or ctx
// ended.
func (r *Runner) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	if len(cmd.Argv) == 0 || cmd.Argv[0] == "" {
		return verify.Result{}, fmt.Errorf("compose: item %q: empty argv", cmd.ItemID)
	}
	dir, err := filepath.Abs(cmd.HostDir())
	if err != nil || cmd.HostDir() == "" {
		return verify.Result{}, fmt.Errorf("compose: work directory %q: %v", cmd.HostDir(), err)
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return verify.Result{}, fmt.Errorf("compose: work directory %s is not a directory: %v", dir, err)
	}
	timeout := cmd.Timeout
	if timeout <= 0 {
		timeout = r.s.timeout
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return verify.Result{}, errors.New("compose: runner closed")
	}
	if r.stack != nil && r.stack.dir != dir {
		r.teardown()
	}
	if err := r.load(); err != nil {
		return verify.Result{}, err
	}
	if r.upErr != nil && r.upDir == dir {
		return verify.Result{}, r.upErr
	}
	if r.stack == nil {
		st, err := r.up(ctx, dir)
		if err != nil {
			// A stack that could not come up (an image missing, a
			// dependency unhealthy) would fail the same way for every
			// check of the run, each after waiting as long again; an
			// unreachable engine or an ended context may pass next time.
			if ctx.Err() == nil && !errors.Is(err, verify.ErrTransient) {
				r.upErr, r.upDir = err, dir
			}
			return verify.Result{}, err
		}
		r.stack = st
	}
	return r.exec(ctx, cmd, timeout)
}

// load reads and checks the compose file once; its error is kept and
// returned to every later Run.
func (r *Runner) load() error {
	if r.project != nil || r.loadErr != nil {
		return r.loadErr
	}
	p, err := r.read()
	if err != nil {
		r.loadErr = err
		return err
	}
	svc, ok := p.Services[r.s.service]
	if !ok {
		names := make([]string, 0, len(p.Services))
		for n := range p.Services {
			names = append(names, n)
		}
		r.loadErr = fmt.Errorf("compose file %s: service %q is not in it (services: %s); name the one checks run in",
			r.s.file, r.s.service, strings.Join(slices.Sorted(slices.Values(names)), ", "))
		return r.loadErr
	}
	// The checked service runs the change's commands: never as root. Its
	// user: must be numeric so the workspace can be chowned to it before
	// the container starts.
	user := svc.User
	if user == "" {
		user = docker.DefaultUser
	}
	if r.s.user, r.s.uid, r.s.gid, err = docker.ParseUser(user); err != nil {
		r.loadErr = fmt.Errorf("compose file %s: services.%s: user: %w", r.s.file, r.s.service, err)
		return r.loadErr
	}
	r.project = p
	return nil
}

func (r *Runner) read() (*Project, error) {
	file := r.s.file
	if r.s.root != "" {
		root, err := filepath.EvalSymlinks(r.s.root)
		if err != nil {
			return nil, fmt.Errorf("compose: %w", err)
		}
		rel, _ := filepath.Rel(r.s.root, file)
		if file, err = filepath.EvalSymlinks(file); err != nil {
			return nil, fmt.Errorf("compose: %s cannot be read: %w", rel, err)
		}
		if in, err := filepath.Rel(root, file); err != nil || in == ".." || strings.HasPrefix(in, ".."+string(filepath.Separator)) {
			return nil, fmt.Errorf("compose: %s resolves outside the repository (to %s); name a file inside it", rel, file)
		}
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	defer f.Close()
	// One byte more than allowed, so that Parse can say it is too big
	// without a huge file being read into memory.
	raw, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	return Parse(raw, r.s.file)
}

// Close tears the stack down and closes the client.
func (r *Runner) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil
	}
	r.closed = true
	err := r.teardown()
	return errors.Join(err, r.cli.Close())
}

func (r *Runner) teardown() error {
	if r.stack == nil {
		return nil
	}
	err := r.down(r.stack)
	r.stack = nil
	return err
}

// exec runs cmd in the checked service. An exec cannot be signalled as a
// process group, so a timed-out or cancelled command ends by tearing the
// whole stack down; the next command brings up a new one.
func (r *Runner) exec(ctx context.Context, cmd verify.Command, timeout time.Duration) (verify.Result, error) {
	id := r.stack.byService[r.s.service]
	name := cmd.Argv[0]
	ex, err := r.cli.ExecCreate(ctx, id, client.ExecCreateOptions{
		User: r.s.user, Env: r.s.commandEnv(r.project.Services[r.s.service].Environment),
		WorkingDir: docker.WorkDir, Cmd: cmd.Argv, AttachStdout: true, AttachStderr: true,
	})
	if err != nil {
		if cerrdefs.IsConflict(err) || cerrdefs.IsNotFound(err) {
			// Its own command ended: a new stack would end the same way.
			r.upErr = fmt.Errorf("compose: service %s is not running (its command must keep running for checks to exec in it): %w", r.s.service, err)
			r.upDir = r.stack.dir
			r.teardown()
			return verify.Result{}, r.upErr
		}
		return verify.Result{}, r.engineErr("creating an exec for "+name, err)
	}
	start := time.Now()
	att, err := r.cli.ExecAttach(ctx, ex.ID, client.ExecAttachOptions{})
	if err != nil {
		return verify.Result{}, r.engineErr("starting "+name, err)
	}
	stream := docker.CopyStream(att.HijackedResponse, cmd.KeptBytes(r.s.limit))
	out := stream.Out
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	poll := time.NewTicker(execPoll)
	defer poll.Stop()
	exit := -1
	var timedOut bool
	var ctxErr error
wait:
	for {
		select {
		case <-stream.Done():
			break wait
		case <-poll.C:
			if ins, err := r.cli.ExecInspect(ctx, ex.ID, client.ExecInspectOptions{}); err == nil && !ins.Running {
				exit = ins.ExitCode
				break wait
			}
		case <-timer.C:
			timedOut = true
			break wait
		case <-ctx.Done():
			ctxErr = ctx.Err()
			break wait
		}
	}
	if timedOut || ctxErr != nil {
		terr := r.teardown()
		stream.Abort()
		res := verify.Result{ExitCode: docker.ExitTimedOut, Output: out.Bytes(), OmittedBytes: out.Omitted(),
			TimedOut: timedOut, Duration: time.Since(start)}
		if ctxErr != nil {
			res.ExitCode = 128 + 9
			return res, fmt.Errorf("compose: running %s: %w", name, errors.Join(ctxErr, terr))
		}
		return res, terr
	}
	ended := time.Now()
	stream.Finish(ctx, true)
	if exit < 0 {
		if exit, err = docker.ExecExit(r.cli, ex.ID); err != nil {
			return verify.Result{}, r.engineErr("inspecting the exec of "+name, err)
		}
	}
	output := out.Bytes()
	if exit == docker.ExitNotExecutable && bytes.HasPrefix(output, []byte(docker.ExecFailedPrefix)) {
		if code, detail, ok := docker.StartFailure(string(output)); ok {
			return verify.Result{ExitCode: code, Output: []byte("autoverify: " + detail + "\n"), Duration: ended.Sub(start)}, nil
		}
	}
	return verify.Result{ExitCode: exit, Output: output, OmittedBytes: out.Omitted(), Duration: ended.Sub(start)}, nil
}

// engineErr wraps an engine error with what was being done, and with
// docker.ErrEngineUnreachable when the engine did not answer.
func (r *Runner) engineErr(op string, err error) error {
	if client.IsErrConnectionFailed(err) {
		return fmt.Errorf("compose: %w at %s while %s: %w", docker.ErrEngineUnreachable, r.s.host, op, err)
	}
	return fmt.Errorf("compose: %s (engine %s): %w", op, r.s.host, err)
}

func newID() string { return strings.ToLower(rand.Text()[:16]) }

func or[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

func containsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

func shortID(id string) string {
	if len(id) > 12 {
		return id[:12]
	}
	return id
}
