package local

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/capture"
	"github.com/engineo/autoverify/integrations/local/sandboxinit"
)

// Defaults applied when a Config field is zero.
const (
	// DefaultTimeout bounds a command whose verify.Command.Timeout is zero.
	DefaultTimeout = 10 * time.Minute
	// DefaultOutputLimit is the number of output bytes kept per command.
	DefaultOutputLimit = 1 << 20
	// DefaultKillGrace is how long a timed-out command has between SIGTERM
	// and SIGKILL to flush reports and remove temporary files.
	DefaultKillGrace = 2 * time.Second
)

// Exit codes the runner reports for outcomes that have no process status of
// their own. They follow bash and coreutils so that people reading evidence
// recognise them.
const (
	// ExitTimedOut is reported for a command killed at its deadline, as
	// coreutils timeout does; Result.TimedOut says the same thing.
	ExitTimedOut = 124
	// ExitNotExecutable is reported when argv[0] exists but cannot be run.
	ExitNotExecutable = sandboxinit.ExitNotExecutable
	// ExitNotFound is reported when argv[0] cannot be found.
	ExitNotFound = sandboxinit.ExitNotFound
)

// drainTimeout bounds how long Run waits for end of output once every
// process it knows of is dead. Only a descendant that escaped both the
// namespace or group and the token sweep while keeping the output pipe open
// can make it expire; its remaining output is then dropped.
const drainTimeout = time.Second

// Config configures a Runner. The zero value is valid and means the
// defaults. Option functions set the same fields for callers who prefer
// New.
type Config struct {
	// Timeout bounds each command whose own Timeout is zero; zero means
	// DefaultTimeout.
	Timeout time.Duration
	// OutputLimit is the number of bytes of combined output kept per
	// command, half from the start and half from the end; zero means
	// DefaultOutputLimit. The kept output grows by one marker line when
	// the limit is hit.
	OutputLimit int
	// EnvPassthrough names variables of the service's environment that
	// commands may see, as parsed from ENGINEO_RUNNER_ENV_PASSTHROUGH.
	// PATH, HOME and LANG are always passed and CI is always "true", so
	// listing them changes nothing.
	EnvPassthrough []string
	// Path, when set, replaces the service's PATH for commands and for
	// looking up argv[0].
	Path string
	// KillGrace is the time between SIGTERM and SIGKILL when a command
	// times out; zero means DefaultKillGrace.
	KillGrace time.Duration
	// Isolation forces an isolation mode; empty picks the strongest the
	// kernel permits. Forcing IsolationSandbox or IsolationPIDNamespace
	// where it is not permitted makes construction fail.
	Isolation Isolation
	// Sandbox configures IsolationSandbox.
	Sandbox SandboxConfig
	// Prewarm starts building a sandbox as soon as the runner is built,
	// so that even the first command finds one waiting; long-lived
	// runners (the CLI's, the server's) set it.
	Prewarm bool
	// Waiting is how many sandboxes wait built for their commands; zero
	// means one. Reviewers run each check several times at once, and each
	// run should find one.
	Waiting int
	// Announced keeps no more sandboxes waiting than the commands
	// announced with Expect and not yet started, once any were: a
	// one-shot process (autoverify run) would otherwise build one after
	// its last command that nothing uses, on the cores its own writes
	// need. Before the first Expect, and in long-lived runners (serve's,
	// where the next delivery's command is always coming), Waiting
	// sandboxes wait.
	Announced bool
	// Slots is how many sandboxes may run commands at once (the
	// verification's concurrency, reviewers included); zero means one
	// per CPU. Where no pids cgroup holds the run's process budget
	// (Sandbox.Processes), each sandbox gets that budget divided by
	// Slots.
	Slots int
}

// Option sets one field of the Config that New builds.
type Option func(*Config)

// WithTimeout sets Config.Timeout.
func WithTimeout(d time.Duration) Option { return func(c *Config) { c.Timeout = d } }

// WithOutputLimit sets Config.OutputLimit in bytes.
func WithOutputLimit(n int) Option { return func(c *Config) { c.OutputLimit = n } }

// WithEnvPassthrough adds names to Config.EnvPassthrough.
func WithEnvPassthrough(names ...string) Option {
	return func(c *Config) { c.EnvPassthrough = append(c.EnvPassthrough, names...) }
}

// WithPath sets Config.Path.
func WithPath(path string) Option { return func(c *Config) { c.Path = path } }

// WithKillGrace sets Config.KillGrace.
func WithKillGrace(d time.Duration) Option { return func(c *Config) { c.KillGrace = d } }

// WithIsolation sets Config.Isolation.
func WithIsolation(i Isolation) Option { return func(c *Config) { c.Isolation = i } }

// WithPrewarm sets Config.Prewarm.
func WithPrewarm() Option { return func(c *Config) { c.Prewarm = true } }

// WithWaiting sets Config.Waiting.
func WithWaiting(n int) Option { return func(c *Config) { c.Waiting = n } }

// WithAnnounced sets Config.Announced.
func WithAnnounced() Option { return func(c *Config) { c.Announced = true } }

// WithSlots sets Config.Slots.
func WithSlots(n int) Option { return func(c *Config) { c.Slots = n } }

// WithSandbox sets Config.Sandbox.
func WithSandbox(s SandboxConfig) Option { return func(c *Config) { c.Sandbox = s } }

// Runner runs commands as local child processes. It is safe for concurrent
// use; each Run is independent.
type Runner struct {
	timeout time.Duration
	limit   int
	grace   time.Duration
	mode    Isolation
	auto    bool // the mode was picked, not forced: a sandbox that cannot be built falls back
	userNS  bool
	env     []string // snapshot taken at construction
	path    string   // PATH entry of env, where argv[0] is looked up
	sandbox SandboxConfig
	// plainEnv is env before the sandbox's changes, for a fallback.
	plainEnv []string
	// cgroupParent is where process budgets are made ("" where the host
	// gives none); budget is the runner's own, which its commands share
	// unless run through a Budgeted view; perSandbox is the task limit
	// each sandbox's spec carries.
	cgroupParent string
	budget       *Budget
	perSandbox   int
	// memoryParent is where each sandbox's memory cgroup is made ("":
	// RLIMIT_DATA instead; see memory_linux.go); memoryWarn logs once
	// that one could not be.
	memoryParent string
	memoryWarn   sync.Once

	// warm holds an init that has built the sandbox and waits for its
	// command; see startSandboxed.
	warm      chan *initProc
	refilling atomic.Bool
	closed    atomic.Bool
	// announced is Config.Announced; expected counts the commands
	// announced and not yet started, -1 before the first announcement.
	announced bool
	expected  atomic.Int64
	// spawnFunc replaces spawnInit in tests that need a sandbox which
	// cannot be built.
	spawnFunc func() (*initProc, error)
	// probedAt is when CheckIsolation last built a sandbox.
	probeMu  sync.Mutex
	probedAt time.Time

	// built is set once a sandboxed command has started: the sandbox can
	// be built here, so a later failure to build one is an error, never a
	// reason to fall back (a command cannot turn the sandbox off for the
	// commands after it).
	built atomic.Bool
	// noThrowaway is set once the kernel refused to show a tree
	// copy-on-write (verify.ErrNoThrowaway): later commands are not asked.
	noThrowaway atomic.Bool
	// fallback, when set, replaces an automatic sandbox that could not be
	// built; its degraded says why.
	fallbackOnce sync.Once
	fallback     atomic.Pointer[Runner]
	degraded     string

	// goWarm fills the Go build cache the sandbox shows before the first
	// go command (see gowarm.go); nil without the sandbox.
	goWarm *goWarmer
}

var (
	_ verify.Runner         = (*Runner)(nil)
	_ verify.CommandPlanner = (*Runner)(nil)
)

// New builds a Runner from options; see NewFromConfig.
func New(opts ...Option) (*Runner, error) {
	var cfg Config
	for _, o := range opts {
		o(&cfg)
	}
	return NewFromConfig(cfg)
}

// NewFromConfig validates cfg, applies defaults, snapshots the passed-through
// part of the service's environment and settles the isolation mode, so that
// a misconfiguration or a kernel without the forced mode fails at start-up
// instead of on the first check.
func NewFromConfig(cfg Config) (*Runner, error) {
	if cfg.Timeout < 0 || cfg.KillGrace < 0 || cfg.OutputLimit < 0 || cfg.Waiting < 0 || cfg.Waiting > 64 {
		return nil, fmt.Errorf("local: negative timeout (%v), kill grace (%v) or output limit (%d)",
			cfg.Timeout, cfg.KillGrace, cfg.OutputLimit)
	}
	if err := cfg.Isolation.valid(); err != nil {
		return nil, err
	}
	if err := validateEnvNames(cfg.EnvPassthrough); err != nil {
		return nil, err
	}
	if err := cfg.Sandbox.validate(); err != nil {
		return nil, err
	}
	r := &Runner{
		timeout: orDefault(cfg.Timeout, DefaultTimeout),
		limit:   orDefault(cfg.OutputLimit, DefaultOutputLimit),
		grace:   orDefault(cfg.KillGrace, DefaultKillGrace),
		env:     baseEnv(os.LookupEnv, cfg.Path, cfg.EnvPassthrough),
	}
	r.path = envPath(r.env)
	mode, userNS, err := probeIsolation(cfg.Isolation)
	if err != nil {
		return nil, err
	}
	r.mode, r.userNS, r.auto = mode, userNS, cfg.Isolation == IsolationAuto
	if mode == IsolationSandbox {
		r.sandbox = cfg.Sandbox.withDefaults()
		r.setBudget(cfg.Slots)
		r.memoryParent = memoryCgroupParent()
		r.plainEnv = r.env
		if cfg.Sandbox.Caches == nil {
			makeGoBuildCache(os.LookupEnv, r.path)
		}
		r.env, r.sandbox.Caches = sandboxEnv(r.env, cfg.Sandbox.Caches, os.LookupEnv)
		// One waiting init unless told otherwise: a second command at
		// once waits for the one being prepared (a few milliseconds);
		// more would cost every one-command run an init it never uses.
		r.warm = make(chan *initProc, max(1, cfg.Waiting))
		r.announced = cfg.Announced
		r.expected.Store(-1)
		r.goWarm = newGoWarmer()
		if cfg.Prewarm {
			r.prewarm()
		}
	}
	return r, nil
}

// setBudget settles how the sandboxes' processes are bounded: one pids
// cgroup for all the runner's sandboxes where the host gives one (each
// sandbox may then use the whole budget), else the budget divided among
// the sandboxes that may run at once.
func (r *Runner) setBudget(slots int) {
	total := r.sandbox.Processes
	if parent := pidsCgroupParent(); parent != "" {
		if b, err := newBudget(parent, total); err == nil {
			r.cgroupParent, r.budget, r.perSandbox = parent, b, total
			return
		}
	}
	r.divideBudget(slots)
}

// divideBudget gives each sandbox the budget divided among slots (zero:
// one per CPU), never less than a PID namespace allows: with more slots
// than the budget has room for at that floor, the run can exceed it.
func (r *Runner) divideBudget(slots int) {
	if slots <= 0 {
		slots = runtime.NumCPU()
	}
	r.perSandbox = max(r.sandbox.Processes/slots, minSandboxProcesses)
}

// orDefault returns v, or def when v is zero.
func orDefault[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// Isolation reports the mode commands run under, so that operators and
// tests can see which guarantee is in force.
func (r *Runner) Isolation() Isolation {
	if f := r.fallback.Load(); f != nil {
		return f.mode
	}
	return r.mode
}

// ShowsSourceAtDir says whether a command's Source is shown at its Dir:
// in the sandbox it is bound there; without it the command runs in the
// copy where it is (verify.SourceShower).
func (r *Runner) ShowsSourceAtDir() bool { return r.Isolation() == IsolationSandbox }

// ShowsThrowaway says whether a Throwaway command's tree is shown
// copy-on-write (verify.ThrowawayShower): in the sandbox, until the kernel
// once refused the overlay. Without the sandbox nothing can be.
func (r *Runner) ShowsThrowaway() bool {
	return r.Isolation() == IsolationSandbox && !r.noThrowaway.Load()
}

// Degraded says why an automatically chosen sandbox could not be built and
// commands run with weaker isolation, or "" when they do not.
func (r *Runner) Degraded() string {
	if f := r.fallback.Load(); f != nil {
		return f.degraded
	}
	return ""
}

// Run executes cmd and reports what it did. The error is non-nil only when
// the runner could not do its job (the work directory is missing, the
// kernel refused to start a process) or ctx ended first; in the latter case
// the command's process tree has been killed and the partial Result is
// returned alongside the error.
func (r *Runner) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	return r.run(ctx, cmd, r.budget)
}

// run is Run with the process budget the command's sandbox joins.
func (r *Runner) run(ctx context.Context, cmd verify.Command, budget *Budget) (verify.Result, error) {
	if len(cmd.Argv) == 0 || cmd.Argv[0] == "" {
		return verify.Result{}, fmt.Errorf("local: item %q: empty argv", cmd.ItemID)
	}
	name := cmd.Argv[0]
	if err := ctx.Err(); err != nil {
		return verify.Result{}, fmt.Errorf("local: running %s: %w", name, err)
	}
	dir, err := workDir(cmd.Dir)
	if err != nil {
		return verify.Result{}, err
	}
	source := ""
	if cmd.Source != "" {
		if source, err = workDir(cmd.Source); err != nil {
			return verify.Result{}, err
		}
	}
	timeout := cmd.Timeout
	if timeout <= 0 {
		timeout = r.timeout
	}

	if r.mode == IsolationSandbox && r.fallback.Load() == nil {
		// Before the clock starts: the warm-up is the runner's work, not
		// the command's, and does not count against its timeout.
		r.warmGo(ctx, cmd.Argv, cmd.HostDir())
		if err := ctx.Err(); err != nil {
			return verify.Result{}, fmt.Errorf("local: running %s: %w", name, err)
		}
	}
	start := time.Now()
	if r.mode == IsolationSandbox {
		if f := r.fallback.Load(); f != nil {
			return f.Run(ctx, cmd)
		}
		c := sandboxinit.Command{Argv: cmd.Argv, Dir: dir, Source: source, Throwaway: cmd.Throwaway}
		writesLayer := r.buildLayer(&c, cmd)
		sb, res, err := r.startSandboxed(c, budget)
		switch {
		case errors.Is(err, verify.ErrNoThrowaway):
			r.noThrowaway.Store(true)
			return verify.Result{}, err
		case err != nil && r.auto && !r.built.Load():
			return r.fallBack(err).Run(ctx, cmd)
		case err != nil:
			return verify.Result{}, err
		case res != nil:
			return failResult(&startFailure{code: res.Code, msg: res.Msg}, start), nil
		}
		sb.reap = writesLayer
		result, err := r.wait(ctx, sb.proc.Pid, sb.ended, sb.code, sb.out, "", job{name, timeout, start, cmd.KeptBytes(r.limit)})
		result.Output = append(result.Output, sb.release()...)
		return result, err
	}
	if cmd.Throwaway {
		return verify.Result{}, fmt.Errorf("local: running %s without the sandbox: %w", name, verify.ErrNoThrowaway)
	}
	// Without the sandbox a copy cannot be shown at the workspace's path:
	// the command runs in the copy where it is.
	if source != "" {
		dir = source
	}
	path, fail := resolve(name, dir, r.path)
	if fail != nil {
		return failResult(fail, start), nil
	}
	env, token := r.env, ""
	if r.mode == IsolationProcessGroup {
		token = rand.Text()
		env = append(slices.Clip(r.env), TokenEnv+"="+token)
	}

	// One pipe for both streams keeps their interleaving as the command
	// wrote it; passing the *os.File lets the child write to it directly.
	pr, pw, err := os.Pipe()
	if err != nil {
		return verify.Result{}, fmt.Errorf("local: creating output pipe for %s: %w", name, err)
	}
	c, err := r.startPlain(path, cmd.Argv, env, dir, pw)
	pw.Close()
	if err != nil {
		pr.Close()
		return startError(name, dir, err, start)
	}
	pid := c.Process.Pid
	return r.wait(ctx, pid, func() error { return waitExited(pid) }, cmdWait(c), pr, token, job{name, timeout, start, cmd.KeptBytes(r.limit)})
}

// cmdWait reaps a command started with os/exec: its exit code, and an
// error only when it could not be waited for (a non-zero exit is a code).
func cmdWait(c *exec.Cmd) func() (int, error) {
	return func() (int, error) {
		err := c.Wait()
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			err = nil
		}
		if err != nil {
			return 0, err
		}
		return exitStatus(c.ProcessState), nil
	}
}

// startPlain starts a command without the sandbox.
func (r *Runner) startPlain(path string, argv, env []string, dir string, pw *os.File) (*exec.Cmd, error) {
	c := &exec.Cmd{
		Path:        path,
		Args:        argv,
		Env:         env,
		Dir:         dir,
		Stdout:      pw,
		Stderr:      pw,
		SysProcAttr: sysProcAttr(r.mode, r.userNS),
	}
	err := c.Start()
	// ETXTBSY is transient: another fork of this process (a concurrent
	// Run, say) still holds a write descriptor of a program that was just
	// written, until that child execs. Go's own os/exec tests retry the
	// same way (golang.org/issue/22315).
	for try := 1; errors.Is(err, syscall.ETXTBSY) && try <= 5; try++ {
		time.Sleep(time.Duration(try) * 20 * time.Millisecond)
		c = &exec.Cmd{Path: c.Path, Args: c.Args, Dir: c.Dir, Env: c.Env, Stdout: pw, Stderr: pw, SysProcAttr: c.SysProcAttr}
		err = c.Start()
	}
	return c, err
}

// fallBack replaces an automatic sandbox that could not be built with the
// strongest isolation short of it, once, and says so: the CLI keeps working
// on machines that forbid the sandbox's mounts (serve refuses them through
// CheckIsolation).
func (r *Runner) fallBack(cause error) *Runner {
	r.fallbackOnce.Do(func() {
		mode, userNS, err := probeIsolation(IsolationNoSandbox)
		if err != nil {
			mode = IsolationProcessGroup
		}
		f := &Runner{timeout: r.timeout, limit: r.limit, grace: r.grace, mode: mode, userNS: userNS,
			env: r.plainEnv, path: r.path, degraded: cause.Error()}
		slog.Warn("local runner: the sandbox cannot be built here; commands run with weaker isolation",
			"isolation", string(mode), "cause", cause.Error())
		r.fallback.Store(f)
	})
	return r.fallback.Load()
}

// job is what wait needs to know of the command it waits for.
type job struct {
	name    string
	timeout time.Duration
	start   time.Time
	limit   int // output bytes kept
}

// wait collects the output and the exit of a started command: hasEnded
// blocks until it has ended (leaving pid unreaped, so that its number
// cannot be reused while its group is signalled), code then reaps it.
func (r *Runner) wait(ctx context.Context, pid int, hasEnded func() error, code func() (int, error), pr *os.File, token string,
	j job) (verify.Result, error) {
	out := capture.New(j.limit)
	readDone := make(chan struct{})
	go func() {
		defer close(readDone)
		copyOut(out, pr)
	}()

	exited := make(chan struct{})
	var waitErr error
	go func() {
		defer close(exited)
		waitErr = hasEnded()
	}()

	timer := time.NewTimer(j.timeout)
	defer timer.Stop()
	var timedOut bool
	var ctxErr error
	select {
	case <-exited:
	case <-timer.C:
		timedOut = true
	case <-ctx.Done():
		ctxErr = ctx.Err()
	}
	if timedOut {
		// Ask politely first so test runners can write their reports.
		// In a PID namespace the first process ignores SIGTERM unless it
		// handles it, so SIGKILL after the grace is what ends it there.
		signalTree(pid, syscall.SIGTERM)
		grace := time.NewTimer(r.grace)
		select {
		case <-exited:
		case <-grace.C:
		case <-ctx.Done():
			ctxErr = ctx.Err()
		}
		grace.Stop()
	}
	if timedOut || ctxErr != nil {
		r.kill(pid, token)
		<-exited
	}
	ended := time.Now()
	// The first process has exited but is not reaped yet, so neither its
	// pid nor its process-group id can have been reused: killing the group
	// now cannot hit a stranger. In a PID namespace the kernel has already
	// killed everything else; in a process group, leftovers die here.
	if waitErr == nil && r.mode == IsolationProcessGroup {
		r.kill(pid, token)
	}
	exit, werr := code()

	select {
	case <-readDone:
	case <-time.After(drainTimeout):
		_ = pr.SetReadDeadline(time.Now())
		<-readDone
	}
	pr.Close()

	if waitErr != nil {
		return verify.Result{}, fmt.Errorf("local: waiting for %s: %w", j.name, waitErr)
	}
	if werr != nil && !timedOut && ctxErr == nil {
		return verify.Result{}, fmt.Errorf("local: waiting for %s: %w", j.name, werr)
	}
	res := verify.Result{
		ExitCode:     exit,
		Output:       out.Bytes(),
		OmittedBytes: out.Omitted(),
		TimedOut:     timedOut,
		Duration:     ended.Sub(j.start),
	}
	if timedOut {
		res.ExitCode = ExitTimedOut
	}
	if ctxErr != nil {
		return res, fmt.Errorf("local: running %s: %w", j.name, ctxErr)
	}
	return res, nil
}

// kill ends the command's whole tree with SIGKILL: the first process and
// its group in either mode (in a PID namespace that takes the namespace
// with it), plus the token sweep for descendants that left the group.
func (r *Runner) kill(pid int, token string) {
	signalTree(pid, syscall.SIGKILL)
	if token != "" {
		sweepToken(token, startTime(pid))
	}
}

// copyOut reads the pipe through a fixed buffer into c until end of output
// or until the read deadline set by Run expires. A deadline can fire while
// output is still buffered in the pipe (a loaded machine may not have
// scheduled the reader yet), so it is followed by one last non-blocking
// drain: what the command wrote before it died is never dropped.
func copyOut(c *capture.Buffer, f *os.File) {
	bp := readBufs.Get().(*[]byte)
	defer readBufs.Put(bp)
	buf := *bp
	for {
		n, err := f.Read(buf)
		if n > 0 {
			_, _ = c.Write(buf[:n])
		}
		if errors.Is(err, os.ErrDeadlineExceeded) {
			drainPipe(f, buf, c)
		}
		if err != nil {
			return
		}
	}
}

// workDir checks the command's directory up front: a missing directory is
// the caller's or the runner's fault, not the command's, and the error from
// a failed chdir in the child could not be told apart from a missing
// program.
func workDir(dir string) (string, error) {
	if dir == "" {
		return "", errors.New("local: command has no work directory")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("local: work directory %s: %w", dir, err)
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return "", fmt.Errorf("local: work directory %s: %w", dir, err)
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("local: work directory %s: not a directory", dir)
	}
	return abs, nil
}

// failResult turns a program that could not be started into the Result a
// shell would have produced.
func failResult(f *startFailure, start time.Time) verify.Result {
	return verify.Result{
		ExitCode: f.code,
		Output:   []byte("autoverify: " + f.msg + "\n"),
		Duration: time.Since(start),
	}
}

// startError sorts a failed start into the command's fault (the program
// vanished, its interpreter is missing, it is not an executable format) and
// the runner's (the work directory went away, the kernel refused the
// process).
func startError(name, dir string, err error, start time.Time) (verify.Result, error) {
	if _, serr := os.Stat(dir); serr != nil {
		return verify.Result{}, fmt.Errorf("local: work directory %s: %w", dir, serr)
	}
	switch {
	case errors.Is(err, syscall.ENOENT):
		return failResult(&startFailure{code: ExitNotFound, msg: name + ": " + errText(err)}, start), nil
	case errors.Is(err, syscall.EACCES), errors.Is(err, syscall.ENOEXEC),
		errors.Is(err, syscall.EISDIR), errors.Is(err, syscall.ENOTDIR),
		errors.Is(err, syscall.ELOOP), errors.Is(err, syscall.ETXTBSY):
		return failResult(&startFailure{code: ExitNotExecutable, msg: name + ": " + errText(err)}, start), nil
	}
	return verify.Result{}, fmt.Errorf("local: starting %s: %w", name, err)
}
