package docker

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"net"
	"net/http"
	"net/http/httputil"
	"path/filepath"
	"strings"
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
// drainTimeout apart and longer than it in all; finish keeps all of it.
// It once waited one second in all: on a loaded machine a warm exec's
// 3 MiB arrived cut to 1.5 MB, with nothing said about the rest.
func TestFinishWaitsWhileOutputKeepsComing(t *testing.T) {
	s, engine := engineStream(t)
	go func() {
		for i := 0; i < 8; i++ {
			_, _ = engine.Write(frame(fmt.Sprintf("piece %d\n", i)))
			time.Sleep(drainTimeout / 3)
		}
		engine.Close()
	}()
	require.True(t, s.Finish(), "the stream ended by itself")
	assert.Equal(t, 8, strings.Count(string(s.Out.Bytes()), "piece "), "every piece kept: %q", s.Out.Bytes())
}

// TestFinishGivesUpOnAQuietHolder: a process the command left holds the
// output open and writes nothing more: finish stops waiting about
// drainTimeout after the last output, and says the stream did not end.
func TestFinishGivesUpOnAQuietHolder(t *testing.T) {
	s, engine := engineStream(t)
	go func() { _, _ = engine.Write(frame("last words\n")) }()
	start := time.Now()
	require.False(t, s.Finish(), "the stream is held open")
	assert.Less(t, time.Since(start), 5*drainTimeout, "gave up on the quiet stream")
	assert.Equal(t, "last words\n", string(s.Out.Bytes()))
}

// slowCreateEngine is the test's engine behind a proxy that answers a
// container's create only after delay, the engine having created it by
// then: an engine slow to answer, as under load.
func slowCreateEngine(t *testing.T, delay time.Duration) string {
	t.Helper()
	engine, ok := strings.CutPrefix(testHost(), "unix://")
	if !ok {
		t.Skipf("the proxy speaks to a local socket; the engine is at %s", testHost())
	}
	sock := filepath.Join(t.TempDir(), "engine.sock")
	ln, err := net.Listen("unix", sock)
	require.NoError(t, err)
	proxy := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.Out.URL.Scheme, pr.Out.URL.Host = "http", "engine"
		},
		Transport: &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, "unix", engine)
		}},
		ModifyResponse: func(res *http.Response) error {
			if strings.HasSuffix(res.Request.URL.Path, "/containers/create") {
				time.Sleep(delay)
			}
			return nil
		},
	}
	srv := &http.Server{Handler: proxy}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { srv.Close() })
	return "unix://" + sock
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
			r := newRunner(t, Config{Shape: shape, Host: slowCreateEngine(t, 1500*time.Millisecond)})
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			_, err := r.Run(ctx, verify.Command{Argv: []string{"true"}, Dir: t.TempDir()})
			require.ErrorIs(t, err, context.DeadlineExceeded)
			assert.Empty(t, managed(t, r, LabelInstance, r.instance), "containers left")
		})
	}
}
