package docker

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/moby/moby/client"

	"github.com/engineo/autoverify/bot/verify"
)

// execPoll is how often a running exec is inspected to notice its exit
// while a descendant keeps its output open.
const execPoll = 200 * time.Millisecond

// containerPollEvery is how many exec polls pass between inspections of
// the container itself (once a second), to notice it died under the exec.
const containerPollEvery = 5

// stopped inspects container id and says why it is not running, or "" if
// it is (or cannot be inspected: the exec's own end will tell).
func (r *Runner) stopped(ctx context.Context, id string) string {
	ins, err := r.cli.ContainerInspect(ctx, id, client.ContainerInspectOptions{})
	if err != nil {
		if cerrdefs.IsNotFound(err) {
			return "the warm container was removed while the command ran"
		}
		return ""
	}
	st := ins.Container.State
	if st == nil || st.Running {
		return ""
	}
	if st.OOMKilled {
		return "the warm container was killed for memory (OOM) while the command ran"
	}
	return fmt.Sprintf("the warm container stopped (exit %d) while the command ran", st.ExitCode)
}

// warmSlot is the warm container of one work directory.
type warmSlot struct {
	run sync.Mutex // serialises the commands run in the container
	id  string     // guarded by Runner.mu; "" when there is none
}

// execFailedPrefix starts the text the engine writes into an exec's output
// stream when the runtime could not start the program (exit code 126).
const execFailedPrefix = "OCI runtime exec failed"

// runtimeStopped reports whether an exec's exit and output are the
// engine's word that the container's runtime has stopped although the
// engine still lists it as running (a gVisor sandbox that died): runc's
// "OCI runtime exec failed: ... in state stopped", or containerd's
// "cannot exec in a stopped state" (seen under load with runsc, where the
// sandbox the escape suite's memory attack left behind had ended). A
// command can print either and exit 126; all it gains is a new container
// and one more run of itself.
func runtimeStopped(exitCode int, output []byte) bool {
	return exitCode == ExitNotExecutable && saysRuntimeStopped(output)
}

// saysRuntimeStopped reports whether output is one of those texts (an
// exec still "running" when its container died has no exit code yet).
func saysRuntimeStopped(output []byte) bool {
	out := bytes.TrimSpace(output)
	return bytes.HasPrefix(out, []byte(execFailedPrefix)) && bytes.Contains(out, []byte("in state stopped")) ||
		bytes.HasPrefix(out, []byte("cannot exec in a stopped state"))
}

func (r *Runner) slot(dir string) (*warmSlot, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil, ErrClosed
	}
	w := r.warm[dir]
	if w == nil {
		w = &warmSlot{}
		r.warm[dir] = w
	}
	return w, nil
}

// runWarm execs cmd in the work directory's warm container, creating it
// (and copying the work directory in) on first use or after a timeout
// removed it.
func (r *Runner) runWarm(ctx context.Context, cmd verify.Command, dir string, timeout time.Duration) (verify.Result, error) {
	w, err := r.slot(dir)
	if err != nil {
		return verify.Result{}, err
	}
	w.run.Lock()
	defer w.run.Unlock()
	for attempt := 0; ; attempt++ {
		id, fresh, err := r.warmContainer(ctx, w, dir)
		if err != nil {
			return verify.Result{}, err
		}
		res, gone, err := r.execIn(ctx, w, id, cmd, timeout)
		if !gone {
			return res, err
		}
		// The command did not start: the container went away or stopped
		// under us (removed by someone, its keep-alive or its gVisor
		// sandbox died), or the engine refused the exec. Replace it once.
		r.discard(w, id)
		if fresh || attempt > 0 {
			return verify.Result{}, fmt.Errorf("docker: %s did not start in a new warm container of image %s on %s either (if the container stops at once, its keep-alive %q exits: does the image have it? use the fresh shape or set KeepAlive): %w",
				cmd.Argv[0], r.s.image, r.s.host, strings.Join(r.s.keepAlive, " "), err)
		}
	}
}

// warmContainer returns w's container, starting one if there is none;
// fresh reports that it was just started.
func (r *Runner) warmContainer(ctx context.Context, w *warmSlot, dir string) (id string, fresh bool, err error) {
	r.mu.Lock()
	id, closed := w.id, r.closed
	r.mu.Unlock()
	if closed {
		return "", false, ErrClosed
	}
	if id != "" {
		return id, false, nil
	}
	spec := r.containerSpec(r.s.keepAlive, nil, ShapeWarm, "")
	id, err = r.create(ctx, spec, dir)
	if err != nil {
		return "", false, err
	}
	if _, err := r.cli.ContainerStart(ctx, id, client.ContainerStartOptions{}); err != nil {
		r.remove(id)
		return "", false, r.engineErr(fmt.Sprintf("starting the warm container (keep-alive %q)", strings.Join(r.s.keepAlive, " ")), err)
	}
	r.mu.Lock()
	closed = r.closed
	if !closed {
		w.id = id
	}
	r.mu.Unlock()
	if closed {
		r.remove(id)
		return "", false, ErrClosed
	}
	return id, true, nil
}

// discard removes w's container id (if it is still w's), killing whatever
// runs in it; the next command starts a new one.
func (r *Runner) discard(w *warmSlot, id string) {
	r.mu.Lock()
	if w.id == id {
		w.id = ""
	}
	r.mu.Unlock()
	r.remove(id)
}

// startExec creates and starts cmd's exec in container id. notStarted
// reports that the engine answered but did not start it while ctx was
// live: the container was removed or stopped, or the engine refused (a
// gVisor sandbox that died answers an exec's start with a 500 while the
// engine still lists the container as running). The command has not run,
// so the caller may replace the container and run it there once. An
// engine that does not answer keeps its container for when it is back.
func (r *Runner) startExec(ctx context.Context, id string, cmd verify.Command) (execID string, att client.ExecAttachResult, notStarted bool, err error) {
	name := cmd.Argv[0]
	ex, err := r.cli.ExecCreate(ctx, id, client.ExecCreateOptions{
		User:         r.s.user,
		Env:          r.s.env,
		WorkingDir:   WorkDir,
		Cmd:          cmd.Argv,
		AttachStdout: true,
		AttachStderr: true,
	})
	if err != nil {
		return "", att, refused(ctx, err), r.execStartErr(ctx, id, "creating an exec for "+name, err)
	}
	att, err = r.cli.ExecAttach(ctx, ex.ID, client.ExecAttachOptions{})
	if err != nil {
		return "", att, refused(ctx, err), r.execStartErr(ctx, id, "starting "+name, err)
	}
	return ex.ID, att, false, nil
}

// refused says whether err is the engine's answer to an exec it did not
// create or start, rather than no answer or the caller's cancel.
func refused(ctx context.Context, err error) bool {
	return ctx.Err() == nil && !client.IsErrConnectionFailed(err)
}

// execStartErr wraps the engine's refusal to create or start an exec with
// what the container's state says about it.
func (r *Runner) execStartErr(ctx context.Context, id, op string, err error) error {
	if refused(ctx, err) {
		if why := r.stopped(ctx, id); why != "" {
			op += " (" + strings.TrimSuffix(why, " while the command ran") + ")"
		}
	}
	return r.engineErr(op, err)
}

// execIn runs cmd as an exec in container id. gone reports that the
// command did not start there (see startExec).
func (r *Runner) execIn(ctx context.Context, w *warmSlot, id string, cmd verify.Command, timeout time.Duration) (res verify.Result, gone bool, err error) {
	name := cmd.Argv[0]
	start := time.Now()
	execID, att, notStarted, err := r.startExec(ctx, id, cmd)
	if err != nil {
		if ctx.Err() != nil {
			// The run ended while the exec was being started: it may be
			// running in the container with no one to wait for it or
			// time it out. Removing the container ends it.
			r.discard(w, id)
		}
		return verify.Result{}, notStarted, err
	}
	out := CopyStream(att.HijackedResponse, cmd.KeptBytes(r.s.limit))

	timer := time.NewTimer(timeout)
	defer timer.Stop()
	poll := time.NewTicker(execPoll)
	defer poll.Stop()
	var (
		timedOut bool
		ctxErr   error
		exitCode = -1
		ended    time.Time
		polls    int
		died     string // why the container stopped under the exec
	)
wait:
	for {
		select {
		case <-out.Done():
			break wait
		case <-poll.C:
			// The exec may have exited while a descendant holds its
			// output open; the stream would then outlast it.
			ins, err := r.cli.ExecInspect(ctx, execID, client.ExecInspectOptions{})
			if err == nil && !ins.Running {
				exitCode, ended = ins.ExitCode, time.Now()
				break wait
			}
			polls++
			if polls%containerPollEvery == 0 {
				if why := r.stopped(ctx, id); why != "" {
					died = why
					break wait
				}
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
		// An exec has no process group the engine can signal, and the
		// image may have no kill or setsid to build one: removing the
		// container is the one kill that reaches every descendant. The
		// next command gets a new warm container.
		r.discard(w, id)
		ended = time.Now()
		out.Finish(ctx, true)
		res := verify.Result{
			ExitCode:     ExitTimedOut,
			Output:       out.Out.Bytes(),
			OmittedBytes: out.Out.Omitted(),
			TimedOut:     timedOut,
			Duration:     ended.Sub(start),
		}
		if ctxErr != nil {
			res.ExitCode = 128 + 9
			return res, false, fmt.Errorf("docker: running %s: %w", name, ctxErr)
		}
		return res, false, nil
	}
	if died != "" {
		out.Finish(ctx, true)
		if saysRuntimeStopped(out.Out.Bytes()) {
			// The program never started: the container was already dead
			// when the exec came (the previous command's memory attack
			// ended the gVisor sandbox after its exec had returned), and
			// the engine left this exec "running" too. Not the command's
			// doing: replace the container and run it there.
			return verify.Result{}, true, fmt.Errorf("docker: %s: %s", died, bytes.TrimSpace(out.Out.Bytes()))
		}
		// The exec can outlive its container: under gVisor a sandbox the
		// OOM killer ended leaves the exec "running" and its stream open
		// until the timeout. The command was killed with its container.
		r.discard(w, id)
		output := append(out.Out.Bytes(), "\nautoverify: "+died+"\n"...)
		return verify.Result{
			ExitCode:     128 + 9,
			Output:       output,
			OmittedBytes: out.Out.Omitted(),
			Duration:     time.Since(start),
		}, false, nil
	}
	if ended.IsZero() {
		ended = time.Now()
	}
	drained := out.Finish(ctx, true)
	if exitCode < 0 {
		exitCode, err = r.execExit(execID)
		if err != nil {
			if cerrdefs.IsNotFound(err) {
				return verify.Result{}, false, fmt.Errorf("docker: %s: warm container removed while it ran (runner closing?): %w", name, err)
			}
			return verify.Result{}, false, r.engineErr("inspecting the exec of "+name, err)
		}
	} else if !drained {
		// The exec exited but its output stayed open past the drain
		// timeout: a descendant outlived it. Remove the container so it
		// cannot affect the next command.
		r.discard(w, id)
	}
	output := out.Out.Bytes()
	if runtimeStopped(exitCode, output) {
		// The engine still had the container as running, its runtime did
		// not (a gVisor sandbox that died): replace it.
		return verify.Result{}, true, fmt.Errorf("docker: %s", bytes.TrimSpace(output))
	}
	if exitCode == ExitNotExecutable && bytes.HasPrefix(output, []byte(execFailedPrefix)) {
		if code, detail, ok := startFailure(string(output)); ok {
			return failResult(code, detail, start), false, nil
		}
	}
	return verify.Result{
		ExitCode:     exitCode,
		Output:       output,
		OmittedBytes: out.Out.Omitted(),
		Duration:     ended.Sub(start),
	}, false, nil
}

// execExit inspects a finished exec for its exit code (see ExecExit).
func (r *Runner) execExit(execID string) (int, error) { return ExecExit(r.cli, execID) }

// ExecExit inspects a finished exec for its exit code. The output stream
// can end a moment before the engine records the exit, so it retries while
// the exec still reads as running. integrations/compose shares it.
func ExecExit(cli *client.Client, execID string) (int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), cleanupTimeout)
	defer cancel()
	delay := time.Millisecond
	for {
		ins, err := cli.ExecInspect(ctx, execID, client.ExecInspectOptions{})
		if err != nil {
			return 0, err
		}
		if !ins.Running {
			return ins.ExitCode, nil
		}
		select {
		case <-ctx.Done():
			return 0, fmt.Errorf("exec %s still running after its output ended", shortID(execID))
		case <-time.After(delay):
		}
		delay = min(2*delay, 50*time.Millisecond)
	}
}
