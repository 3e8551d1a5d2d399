package local

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/local/sandboxinit"
)

// setupTimeout bounds how long the init may take to build the sandbox
// before the runner gives up on it.
const setupTimeout = 30 * time.Second

// sandboxRoot is the empty host directory each sandbox mounts its private
// root on (in its own mount namespace, so concurrent commands share it).
var sandboxRoot = sync.OnceValues(func() (string, error) {
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("autoverify-sandbox-%d", os.Geteuid()))
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
		return "", fmt.Errorf("local: creating the sandbox mount point: %w", err)
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return "", fmt.Errorf("local: sandbox mount point: %w", err)
	}
	st, _ := fi.Sys().(*syscall.Stat_t)
	if !fi.IsDir() || st == nil || int(st.Uid) != os.Geteuid() {
		return "", fmt.Errorf("local: sandbox mount point %s is not a directory owned by this user; remove it", dir)
	}
	return dir, nil
})

// initProc is a started init that has been sent the sandbox spec and waits
// for its command.
type initProc struct {
	*sandboxinit.Proc
	ready bool // sandboxinit.ReadyLine has been read
}

// spawn starts an init: spawnInit, or what a test put in spawnFunc.
func (r *Runner) spawn() (*initProc, error) {
	if r.spawnFunc != nil {
		return r.spawnFunc()
	}
	return r.spawnInit()
}

// spawnInit starts an init in fresh namespaces and sends it the runner's
// sandbox spec; the init builds the sandbox and then waits.
func (r *Runner) spawnInit() (*initProc, error) {
	root, err := sandboxRoot()
	if err != nil {
		return nil, err
	}
	sb := r.sandbox
	payload := sandboxinit.Spec{Env: r.env, Root: root, Path: r.path,
		ReadOnly: append(append([]string{}, sb.ReadOnly...), sb.ExtraReadOnly...), Caches: sb.Caches, Hide: sb.Hide,
		Network: sb.Network, Processes: r.perSandbox, Memory: sb.MemoryBytes, FileSize: sb.FileSizeBytes,
		TmpSize: sb.TmpBytes, CPUTime: int64(sb.CPUTime / time.Second)}.Encode()
	sp, err := sandboxinit.Start()
	if err != nil {
		return nil, fmt.Errorf("local: %w", err)
	}
	p := &initProc{Proc: sp}
	// The init reads the spec as soon as it starts.
	if _, err := p.SpecW.Write(payload); err != nil {
		p.Kill()
		return nil, fmt.Errorf("local: sending the sandbox spec: %w", err)
	}
	return p, nil
}

// takeInit returns a waiting init, starting one if none is ready, and
// starts the next in the background so that the following command does not
// wait for the init's start-up (about a Go program's start and a dozen
// mounts) either.
func (r *Runner) takeInit() (*initProc, error) {
	// Counted before taking, so that a refill that sees the pool empty
	// does not build for this command as well.
	r.started()
	var p *initProc
	select {
	case p = <-r.warm:
	default:
		// An init being prepared (the prewarm at start-up, say) is
		// nearer to ready than a new one would be; starting another
		// beside it only makes both slower.
		for p == nil && r.refilling.Load() {
			select {
			case p = <-r.warm:
			case <-time.After(200 * time.Microsecond):
			}
		}
		if p == nil {
			// The refill may have put its init in the pool and finished
			// between the two looks above.
			select {
			case p = <-r.warm:
			default:
			}
		}
	}
	if p == nil || !running(p.Process.Pid) {
		if p != nil {
			p.Kill()
		}
		var err error
		if p, err = r.spawn(); err != nil {
			return nil, err
		}
	}
	if !r.closed.Load() && r.wanted() > len(r.warm) {
		r.refill()
	}
	return p, nil
}

// Expect announces up to n more commands (verify.CommandPlanner): a runner
// built WithAnnounced then keeps no more sandboxes waiting than that.
func (r *Runner) Expect(n int) {
	if !r.announced || n <= 0 || r.warm == nil {
		return
	}
	for {
		old := r.expected.Load()
		if r.expected.CompareAndSwap(old, max(old, 0)+int64(n)) {
			break
		}
	}
	if !r.closed.Load() && r.wanted() > len(r.warm) {
		r.refill()
	}
}

// started counts a command against the announced ones.
func (r *Runner) started() {
	for {
		old := r.expected.Load()
		if old <= 0 || r.expected.CompareAndSwap(old, old-1) {
			return
		}
	}
}

// wanted is how many sandboxes should wait: the pool's size, or fewer when
// fewer commands are announced.
func (r *Runner) wanted() int {
	if n := r.expected.Load(); r.announced && n >= 0 {
		return min(cap(r.warm), int(n))
	}
	return cap(r.warm)
}

// refill starts waiting inits until the pool holds what is wanted or the
// runner is closed, in the background. One refill at a time, so commands
// taking inits quickly do not start more than the pool holds; it is marked
// before its goroutine starts, so a command arriving meanwhile waits for
// its init rather than starting another beside it.
func (r *Runner) refill() {
	if r.refilling.CompareAndSwap(false, true) {
		go r.refillLoop(nil)
	}
}

// prewarm is refill at construction.
func (r *Runner) prewarm() { r.refill() }

// refillLoop is refill's goroutine; it holds r.refilling. first, if not
// nil, is an init already spawned, to be added first.
//
// The inits the pool lacks are all spawned at once and then waited for:
// spawned one after another, each waited for the one before to build its
// sandbox (a Go runtime's start and the mounts), and a second reviewer's
// command in a quick run waited 3-4 ms for its init.
func (r *Runner) refillLoop(first *initProc) {
	for {
		var batch []*initProc
		if first != nil {
			batch, first = append(batch, first), nil
		}
		failed := false
		for len(r.warm)+len(batch) < r.wanted() && !r.closed.Load() {
			p, err := r.spawn()
			if err != nil {
				failed = true
				break
			}
			batch = append(batch, p)
		}
		for i, p := range batch {
			if r.closed.Load() {
				p.Kill()
				continue
			}
			if !r.addWarm(p) {
				for _, rest := range batch[i+1:] {
					rest.Kill()
				}
				failed = true
				break
			}
		}
		if failed {
			// The next command starts its own and reports why; trying
			// again here would only repeat the failure.
			r.refilling.Store(false)
			return
		}
		r.refilling.Store(false)
		// A command may have taken an init after the loop's last look.
		if len(r.warm) >= r.wanted() || r.closed.Load() || !r.refilling.CompareAndSwap(false, true) {
			return
		}
	}
}

// addWarm waits for a spawned init to build its sandbox and puts it in the
// pool. It reports false when the init failed; the next command then
// starts its own and reports why.
func (r *Runner) addWarm(p *initProc) bool {
	_ = p.Report.SetReadDeadline(time.Now().Add(setupTimeout))
	var ready [len(sandboxinit.ReadyLine)]byte
	if _, err := io.ReadFull(p.Report, ready[:]); err != nil || string(ready[:]) != sandboxinit.ReadyLine {
		p.Kill()
		return false
	}
	p.ready = true
	select {
	case r.warm <- p:
		if r.closed.Load() { // closed meanwhile: do not leave it waiting
			r.drain()
		}
		return true
	default:
		p.Kill()
		return false
	}
}

// Close stops the init waiting for a next command, if any. Commands still
// running are not affected. A runner that was never closed leaves its
// waiting inits, which die with the service.
func (r *Runner) Close() error {
	if r.warm == nil {
		return nil
	}
	r.closed.Store(true)
	r.drain()
	return r.budget.Close()
}

func (r *Runner) drain() {
	for {
		select {
		case p := <-r.warm:
			p.Kill()
		default:
			return
		}
	}
}

// running reports whether pid exists and has not exited: a zombie is dead.
// For our own child, which is not reaped until Wait, the pid cannot have
// been reused.
func running(pid int) bool {
	state, _, _, ok := procStat(pid)
	return ok && state != 'Z' && state != 'X'
}

// startSandboxed runs c.Argv in a sandbox, in c.Dir (where c.Source, when
// set, is shown), and returns once the init has started it (or reported
// why it could not: rep for the command's fault, the error for the
// runner's).
func (r *Runner) startSandboxed(c sandboxinit.Command, budget *Budget) (*sandboxCmd, *sandboxinit.Report, error) {
	root, err := sandboxRoot()
	if err != nil {
		return nil, nil, err
	}
	host := c.Dir
	if c.Source != "" {
		host = c.Source
	}
	for _, d := range []string{c.Dir, host} {
		if isUnder(d, root) {
			return nil, nil, fmt.Errorf("local: work directory %s is inside the sandbox mount point", d)
		}
	}
	if c.Throwaway && strings.ContainsAny(host, ",:\\") {
		// The overlay's options cannot carry the path (see showThrowaway).
		return nil, nil, fmt.Errorf("local: %s (%s): %w", sandboxinit.ThrowawaySetup, host, verify.ErrNoThrowaway)
	}
	var mem *memoryCgroup
	if !c.Probe {
		mem = r.memoryCgroup()
	}
	p, err := r.takeInit()
	if err != nil {
		mem.close()
		return nil, nil, err
	}
	// The init joins the run's budget, and its memory cgroup, before it
	// starts the command, so everything the command starts counts in them.
	if err := budget.place(p.Process.Pid); err != nil {
		p.Kill()
		mem.close()
		return nil, nil, err
	}
	if err := mem.place(p.Process.Pid); err != nil {
		r.memoryWarn.Do(func() {
			slog.Warn("local runner: a sandbox could not join its memory cgroup; its processes are limited one by one (RLIMIT_DATA)", "error", err.Error())
		})
		mem.close()
		mem = nil
	}
	c.MemoryCgroup = mem != nil
	sb, rep, err := r.startOn(p, c.Encode())
	if sb == nil {
		go mem.close()
		return nil, rep, err
	}
	sb.mem = mem
	return sb, nil, nil
}

// startOn sends the command to init p and returns once it has started it
// (or reported why it could not: rep for the command's fault, the error
// for the runner's).
func (r *Runner) startOn(p *initProc, payload []byte) (*sandboxCmd, *sandboxinit.Report, error) {
	// A long argv may not fit the pipe's buffer, so it is written while
	// the init reads it.
	go func() {
		_, _ = p.SpecW.Write(payload)
		p.SpecW.Close()
	}()
	_ = p.Report.SetReadDeadline(time.Now().Add(setupTimeout))
	rd := bufio.NewReader(p.Report)
	line, rerr := rd.ReadString('\n')
	if !p.ready && line == sandboxinit.ReadyLine {
		line, rerr = rd.ReadString('\n')
	}
	if line == sandboxinit.StartedLine && rerr == nil {
		r.built.Store(true)
		_ = p.Report.SetReadDeadline(time.Time{}) // the command may take as long as its timeout
		return &sandboxCmd{proc: p.Process, out: p.Out, report: p.Report, rd: rd}, nil, nil
	}
	rest, err := io.ReadAll(rd)
	if rerr == nil {
		rerr = err
	}
	raw := append([]byte(line), rest...)
	p.Report.Close()
	p.Out.Close()
	rep, err := sandboxinit.DecodeReport(raw)
	if err != nil || (rerr != nil && !errors.Is(rerr, io.EOF)) {
		_ = p.Process.Kill()
		_, _ = p.Process.Wait()
		return nil, nil, fmt.Errorf("local: sandbox init gave no usable report (%q, %v)", raw, rerr)
	}
	_, _ = p.Process.Wait()
	if strings.HasPrefix(rep.Setup, sandboxinit.ThrowawaySetup) {
		return nil, nil, fmt.Errorf("local: %s: %w", rep.Setup, verify.ErrNoThrowaway)
	}
	if rep.Setup != "" {
		// Built by autoverify itself, the sandbox may fail the same way
		// (this machine's kernel); then that is what is reported.
		return nil, nil, fmt.Errorf("local: building the sandbox: %s", rep.Setup)
	}
	return nil, &rep, nil
}

// sandboxCmd is a command started by an init that stays its PID 1 (see
// sandboxinit's serve) and reports how it ended.
type sandboxCmd struct {
	proc   *os.Process
	out    *os.File // the command's output
	report *os.File
	rd     *bufio.Reader // report, after sandboxinit.StartedLine

	status syscall.WaitStatus
	ok     bool // status was reported
	bad    string
	// reap makes code wait for the init's own end: a build layer's writer
	// (see layerCache) holds the layer until its sandbox goes.
	reap bool
	// mem is the sandbox's memory cgroup (nil: RLIMIT_DATA instead).
	mem *memoryCgroup
}

// release, once the command has ended, says whether the kernel killed one
// of its processes for the sandbox's memory limit (a line for the output,
// or "") and removes the memory cgroup, in the background: the init may
// still be ending (see code).
func (s *sandboxCmd) release() string {
	if s.mem == nil {
		return ""
	}
	note := memoryNote(s.mem)
	go s.mem.close()
	return note
}

// ended blocks until the init reports the command's end, or ends without
// reporting it (killed: by the runner at a timeout, or by the command).
func (s *sandboxCmd) ended() error {
	line, err := s.rd.ReadString('\n')
	s.report.Close()
	if err == nil {
		st, derr := sandboxinit.DecodeExit(line)
		s.status, s.ok = syscall.WaitStatus(st), derr == nil
		if derr != nil {
			s.bad = derr.Error()
		}
	}
	return nil
}

// code is the command's exit code. The init exits right after its report;
// its own end (a Go program's teardown) is reaped beside the caller's work
// instead of delaying the result.
func (s *sandboxCmd) code() (int, error) {
	if s.ok && s.reap {
		_, _ = s.proc.Wait()
		return waitCode(s.status), nil
	}
	if s.ok {
		go func() { _, _ = s.proc.Wait() }()
		return waitCode(s.status), nil
	}
	// No status: the init was killed (the runner's SIGKILL at a timeout
	// or a cancellation, the kernel's OOM killer), which took the command
	// with it, as a signal that kills PID 1 always did; its death is the
	// command's. Anything else is not an exit code to trust.
	st, err := s.proc.Wait()
	if err != nil {
		return 0, err
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return waitCode(ws), nil
	}
	if s.bad != "" {
		return 0, fmt.Errorf("the sandbox's init: %s", s.bad)
	}
	return 0, fmt.Errorf("the sandbox's init ended (%v) without the command's exit status", st)
}

// CheckIsolation builds a sandbox once, without running anything in it,
// and says whether commands are isolated from the service: `serve` refuses
// to start otherwise, and /readyz reports it.
func (r *Runner) CheckIsolation(ctx context.Context) error {
	if r.mode != IsolationSandbox {
		return fmt.Errorf("the local runner cannot build its sandbox here (it runs commands with %s isolation only%s): allow user namespaces (sysctl user.max_user_namespaces, kernel.apparmor_restrict_unprivileged_userns=0) or run autoverify as root in its container",
			r.mode, reasonSuffix(r.degraded))
	}
	r.probeMu.Lock()
	defer r.probeMu.Unlock()
	// /readyz asks every few seconds; a sandbox that built a moment ago
	// still builds.
	if time.Since(r.probedAt) < probeTTL {
		return nil
	}
	rep, err := r.probe(ctx)
	if err != nil {
		return fmt.Errorf("the local runner's sandbox cannot be built: %w", err)
	}
	if rep.Processes == "none" {
		return errors.New("the local runner's sandbox cannot bound the number of processes (running as root on a kernel older than 6.14); run autoverify as a non-root user")
	}
	// The sandbox builds here: a command whose sandbox fails later fails,
	// never falling back to weaker isolation (serve's promise).
	r.built.Store(true)
	r.probedAt = time.Now()
	return nil
}

// probeTTL is how long a successful CheckIsolation is trusted.
const probeTTL = 30 * time.Second

func reasonSuffix(reason string) string {
	if reason == "" {
		return ""
	}
	return ": " + reason
}

// probe builds a sandbox in a throwaway directory and reports how it
// bounds processes.
func (r *Runner) probe(ctx context.Context) (sandboxinit.Report, error) {
	dir, err := os.MkdirTemp("", "autoverify-probe-")
	if err != nil {
		return sandboxinit.Report{}, err
	}
	defer os.RemoveAll(dir)
	type answer struct {
		rep *sandboxinit.Report
		err error
	}
	done := make(chan answer, 1)
	go func() {
		sb, rep, err := r.startSandboxed(sandboxinit.Command{Argv: []string{"true"}, Dir: dir, Probe: true}, nil)
		if sb != nil { // cannot happen: a probe never starts its command
			sb.out.Close()
			_ = sb.proc.Kill()
			_ = sb.ended()
			_, _ = sb.code()
		}
		done <- answer{rep, err}
	}()
	select {
	case a := <-done:
		if a.err != nil {
			return sandboxinit.Report{}, a.err
		}
		if a.rep == nil {
			return sandboxinit.Report{}, errors.New("sandbox probe ran a command")
		}
		return *a.rep, nil
	case <-ctx.Done():
		return sandboxinit.Report{}, ctx.Err()
	}
}

// Network reports whether sandboxed commands share the host's network.
func (r *Runner) Network() bool { return r.mode != IsolationSandbox || r.sandbox.Network }
