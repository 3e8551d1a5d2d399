package docker

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/capture"

	"github.com/moby/moby/api/pkg/stdcopy"
	"github.com/moby/moby/api/types/container"
	"github.com/moby/moby/client"
)

// Stream demultiplexes a TTY-less attach stream (a container's or an
// exec's) into one capture, so stdout and stderr keep the order in which
// the engine framed them. integrations/compose reads its execs with it.
type Stream struct {
	// Out is the capture; read it once Finish or Abort has returned.
	Out  *capture.Buffer
	h    client.HijackedResponse
	done chan struct{}
	// read counts the stream's bytes, so that Finish can tell a stream
	// still coming from one a leftover process holds open.
	read atomic.Int64
}

// CopyStream starts copying h's stream into a capture of limit bytes.
func CopyStream(h client.HijackedResponse, limit int) *Stream {
	s := &Stream{Out: capture.New(limit), h: h, done: make(chan struct{})}
	go func() {
		defer close(s.done)
		_, _ = stdcopy.StdCopy(s.Out, s.Out, countingReader{h.Reader, &s.read})
	}()
	return s
}

// Done is closed when the stream has ended (or been closed).
func (s *Stream) Done() <-chan struct{} { return s.done }

// Finish waits for the end of the stream, then closes the connection;
// after it returns the capture is no longer written. It reports whether
// the stream ended by itself; when it did not, the capture ends with a
// line saying why the rest was not read. It waits while output keeps
// arriving: the engine can still be delivering what the command wrote
// when its exit is seen (3 MiB took over a second on a loaded machine,
// and a fixed second of waiting cut it short without a word). It gives up
// when ctx ends, after drainMax in all (output that keeps coming), and,
// where the command's processes can outlive it (leftovers: an exec),
// once nothing has arrived for drainTimeout (one of them holds the output
// open and is quiet). A container's stream has no such holder once the
// container has exited: only a slow engine delays its end.
func (s *Stream) Finish(ctx context.Context, leftovers bool) bool {
	start := time.Now()
	tick := time.NewTicker(drainTimeout)
	defer tick.Stop()
	last := s.read.Load()
	why := ""
	for why == "" {
		select {
		case <-s.done:
			return true
		case <-ctx.Done():
			why = "the run was cancelled"
		case <-tick.C:
			n := s.read.Load()
			switch {
			case time.Since(start) >= drainMax:
				why = "it kept coming"
			case n == last && leftovers:
				why = "a process the command left holds it open"
			}
			last = n
		}
	}
	select {
	case <-s.done: // it ended as the wait did
		return true
	default:
	}
	s.h.Close()
	<-s.done
	fmt.Fprintf(s.Out, "\nautoverify: the output was still open %s after the command exited (%s); the rest was not read\n",
		time.Since(start).Round(100*time.Millisecond), why)
	return false
}

// countingReader counts what passes through it.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// Abort closes the connection at once, for a container that never ran.
func (s *Stream) Abort() {
	s.h.Close()
	<-s.done
}

// runFresh runs cmd in a container of its own: create with the work
// directory copied in, attach, start, wait, remove.
func (r *Runner) runFresh(ctx context.Context, cmd verify.Command, dir string, timeout time.Duration) (verify.Result, error) {
	name := cmd.Argv[0]
	spec := r.containerSpec(cmd.Argv[:1], cmd.Argv[1:], ShapeFresh, cmd.ItemID)
	id, err := r.create(ctx, spec, dir)
	if err != nil {
		return verify.Result{}, err
	}
	// Always removed, whatever happens below; a failure to remove is left
	// to the engine's operator (the container is labelled) rather than
	// turned into an error for a command that ran.
	defer r.remove(id)

	att, err := r.cli.ContainerAttach(ctx, id, client.ContainerAttachOptions{Stream: true, Stdout: true, Stderr: true})
	if err != nil {
		return verify.Result{}, r.engineErr("attaching to the container for "+name, err)
	}
	out := CopyStream(att.HijackedResponse, cmd.KeptBytes(r.s.limit))

	// Registered before start so the exit cannot be missed; its context
	// outlives ctx so that a cancelled run can still see the kill land.
	waitCtx, stopWait := context.WithCancel(context.WithoutCancel(ctx))
	defer stopWait()
	wait := r.cli.ContainerWait(waitCtx, id, client.ContainerWaitOptions{Condition: container.WaitConditionNextExit})

	start := time.Now()
	if _, err := r.cli.ContainerStart(ctx, id, client.ContainerStartOptions{}); err != nil {
		out.Abort()
		if code, detail, ok := startFailure(err.Error()); ok {
			return failResult(code, detail, start), nil
		}
		return verify.Result{}, r.engineErr("starting the container for "+name, err)
	}

	timer := time.NewTimer(timeout)
	defer timer.Stop()
	var (
		timedOut bool
		ctxErr   error
		status   int64
		waitErr  error
	)
	select {
	case w := <-wait.Result:
		status, waitErr = exitOf(w)
	case waitErr = <-wait.Error:
	case <-timer.C:
		timedOut = true
	case <-ctx.Done():
		ctxErr = ctx.Err()
	}
	if timedOut || ctxErr != nil {
		grace := r.s.grace
		if ctxErr != nil {
			grace = 0
		}
		var err error
		status, ctxErr, err = r.killFresh(ctx, id, wait, grace, ctxErr)
		if err != nil {
			waitErr = err
		}
	}
	ended := time.Now()
	out.Finish(ctx, false)

	if waitErr != nil {
		return verify.Result{}, r.engineErr("waiting for "+name, waitErr)
	}
	res := verify.Result{
		ExitCode:     int(status),
		Output:       out.Out.Bytes(),
		OmittedBytes: out.Out.Omitted(),
		TimedOut:     timedOut,
		Duration:     ended.Sub(start),
	}
	if timedOut {
		res.ExitCode = ExitTimedOut
	}
	if ctxErr != nil {
		return res, fmt.Errorf("docker: running %s: %w", name, ctxErr)
	}
	return res, nil
}

// killFresh ends a timed-out or cancelled container: SIGTERM, up to grace
// for it to exit (test runners write their reports), then SIGKILL, and
// waits for the exit. It returns the exit status, ctx's error if ctx ended
// meanwhile, and an engine error.
func (r *Runner) killFresh(ctx context.Context, id string, wait client.ContainerWaitResult, grace time.Duration, ctxErr error) (int64, error, error) {
	kctx, cancel := context.WithTimeout(context.Background(), cleanupTimeout)
	defer cancel()
	if grace > 0 {
		_, _ = r.cli.ContainerKill(kctx, id, client.ContainerKillOptions{Signal: "SIGTERM"})
		t := time.NewTimer(grace)
		defer t.Stop()
		select {
		case w := <-wait.Result:
			status, err := exitOf(w)
			return status, ctxErr, err
		case err := <-wait.Error:
			return 0, ctxErr, err
		case <-t.C:
		case <-ctx.Done():
			ctxErr = ctx.Err()
		}
	}
	// Not running any more is fine: it exited on its own meanwhile.
	_, _ = r.cli.ContainerKill(kctx, id, client.ContainerKillOptions{Signal: "SIGKILL"})
	select {
	case w := <-wait.Result:
		status, err := exitOf(w)
		return status, ctxErr, err
	case err := <-wait.Error:
		return 0, ctxErr, err
	case <-kctx.Done():
		return 0, ctxErr, errors.New("container did not stop after SIGKILL")
	}
}

func exitOf(w container.WaitResponse) (int64, error) {
	if w.Error != nil && w.Error.Message != "" {
		return 0, errors.New(w.Error.Message)
	}
	return w.StatusCode, nil
}
