package docker

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/moby/moby/api/pkg/stdcopy"
	"github.com/moby/moby/client"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/verify"
)

// engineStream is an attach stream the test writes as the engine does
// (stdcopy frames), with the runner's end to read.
func engineStream(t *testing.T) (*Stream, net.Conn) {
	t.Helper()
	engine, runner := net.Pipe()
	t.Cleanup(func() { engine.Close() })
	return CopyStream(client.HijackedResponse{Conn: runner, Reader: bufio.NewReader(runner)}, 1<<20), engine
}

// frame is p as the engine frames a container's stdout on a TTY-less
// attach stream: the stream's number, three zero bytes, p's length
// (big-endian), p.
func frame(p string) []byte {
	h := make([]byte, 8, 8+len(p))
	h[0] = byte(stdcopy.Stdout)
	binary.BigEndian.PutUint32(h[4:], uint32(len(p)))
	return append(h, p...)
}

// TestFinishWaitsWhileOutputKeepsComing: the exit is seen while the
// engine is still delivering the command's output, in pieces less than
// drainTimeout apart and longer than it in all; Finish keeps all of it,
// whether leftover processes could hold the stream (an exec) or not (a
// container that exited). It once waited one second in all: on a loaded
// machine a warm exec's 3 MiB arrived cut to 1.5 MB, with nothing said
// about the rest.
func TestFinishWaitsWhileOutputKeepsComing(t *testing.T) {
	for _, leftovers := range []bool{true, false} {
		t.Run(fmt.Sprintf("leftovers=%v", leftovers), func(t *testing.T) {
			t.Parallel()
			s, engine := engineStream(t)
			go func() {
				for i := 0; i < 20; i++ {
					_, _ = engine.Write(frame(fmt.Sprintf("piece %d\n", i)))
					time.Sleep(drainTimeout / 8)
				}
				engine.Close()
			}()
			require.True(t, s.Finish(context.Background(), leftovers), "the stream ended by itself: %q", s.Out.Bytes())
			assert.Equal(t, 20, strings.Count(string(s.Out.Bytes()), "piece "), "every piece kept: %q", s.Out.Bytes())
		})
	}
}

// TestFinishGivesUpOnAQuietHolder: a process the command left holds the
// output open and writes nothing more: Finish stops waiting about
// drainTimeout after the last output, and the output says the rest was
// not read. A container's stream, which no process outlives, is waited
// for until the run's context ends.
func TestFinishGivesUpOnAQuietHolder(t *testing.T) {
	t.Parallel()
	const said = "autoverify: the output was still open"
	s, engine := engineStream(t)
	go func() { _, _ = engine.Write(frame("last words\n")) }()
	start := time.Now()
	require.False(t, s.Finish(context.Background(), true), "the stream is held open")
	assert.Less(t, time.Since(start), 5*drainTimeout, "gave up on the quiet stream")
	assert.True(t, strings.HasPrefix(string(s.Out.Bytes()), "last words\n"), "%q", s.Out.Bytes())
	assert.Contains(t, string(s.Out.Bytes()), said+" ")
	assert.Contains(t, string(s.Out.Bytes()), "a process the command left holds it open")

	s, engine = engineStream(t)
	go func() { _, _ = engine.Write(frame("last words\n")) }()
	ctx, cancel := context.WithTimeout(context.Background(), 3*drainTimeout)
	defer cancel()
	start = time.Now()
	require.False(t, s.Finish(ctx, false))
	assert.GreaterOrEqual(t, time.Since(start), 3*drainTimeout, "a quiet container stream is waited for")
	assert.Contains(t, string(s.Out.Bytes()), "the run was cancelled")
}

// removeManaged removes what r's instance left, so that a failing test
// leaves nothing on the engine.
func removeManaged(t *testing.T, r *Runner) {
	for _, id := range managed(t, r, LabelInstance, r.instance) {
		_ = r.remove(id)
	}
}

// TestCancelledWhileCreatingLeavesNoContainer: the run's context ends
// while the engine is creating its container (the answer comes after the
// deadline): the container the engine made is removed, in either shape.
// Before, the client gave up on the answer, never learnt the id, and the
// container stayed (a warm one seen under load in TestContextCancelKills).
func TestCancelledWhileCreatingLeavesNoContainer(t *testing.T) {
	needEngine(t)
	for _, shape := range shapes {
		t.Run(string(shape), func(t *testing.T) {
			host, engine := startEngineProxy(t, testHost(), `^POST /v[0-9.]+/containers/create$`)
			engine.hold = 1500 * time.Millisecond
			r := newRunner(t, Config{Shape: shape, Host: host})
			t.Cleanup(func() { removeManaged(t, r) })
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			_, err := r.Run(ctx, verify.Command{Argv: []string{"true"}, Dir: t.TempDir()})
			require.ErrorIs(t, err, context.DeadlineExceeded)
			require.EqualValues(t, 1, engine.held.Load(), "the run's end came while the engine was creating the container: a run that ended before proves nothing")
			assert.Empty(t, managed(t, r, LabelInstance, r.instance), "containers left")
		})
	}
}
