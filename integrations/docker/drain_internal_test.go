package docker

import (
	"bufio"
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
