package docker

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"net"
	"net/http"
	"net/http/httputil"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/moby/moby/api/pkg/stdcopy"
	"github.com/moby/moby/client"

	"github.com/engineo/autoverify/bot/verify"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

// slowCreateEngine is the test's engine behind a proxy that answers a
// container's create only after delay, the engine having created it by
// then: an engine slow to answer, as under load.
func slowCreateEngine(t *testing.T, delay time.Duration, creates *atomic.Int32) string {
	t.Helper()
	engine, ok := strings.CutPrefix(testHost(), "unix://")
	if !ok {
		t.Skipf("the proxy speaks to a local socket; the engine is at %s", testHost())
	}
	// A short directory of its own: a socket's path must fit in 108 bytes,
	// which t.TempDir's long names under a long TMPDIR do not.
	short, err := os.MkdirTemp("", "av")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(short) })
	sock := filepath.Join(short, "engine.sock")
	ln, err := net.Listen("unix", sock)
	require.NoError(t, err)
	transport := &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, "unix", engine)
	}}
	proxy := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.Out.URL.Scheme, pr.Out.URL.Host = "http", "engine"
		},
		Transport: transport,
		ModifyResponse: func(res *http.Response) error {
			if strings.HasSuffix(res.Request.URL.Path, "/containers/create") {
				creates.Add(1)
				time.Sleep(delay)
			}
			return nil
		},
	}
	srv := &http.Server{Handler: proxy}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() {
		srv.Close()
		transport.CloseIdleConnections()
	})
	return "unix://" + sock
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
			var creates atomic.Int32
			r := newRunner(t, Config{Shape: shape, Host: slowCreateEngine(t, 1500*time.Millisecond, &creates)})
			t.Cleanup(func() { removeManaged(t, r) })
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			_, err := r.Run(ctx, verify.Command{Argv: []string{"true"}, Dir: t.TempDir()})
			require.ErrorIs(t, err, context.DeadlineExceeded)
			require.EqualValues(t, 1, creates.Load(), "the run's end came while the engine was creating the container: a run that ended before proves nothing")
			assert.Empty(t, managed(t, r, LabelInstance, r.instance), "containers left")
		})
	}
}
