package cli

import (
	"fmt"
	"log/slog"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal pair through /dev/ptmx and returns its
// terminal end, or skips where the machine has none (a container without
// devpts).
func openPTY(t *testing.T) *os.File {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { ptmx.Close() })
	fd := int(ptmx.Fd())
	require.NoError(t, unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0), "unlock the pty")
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	require.NoError(t, err, "the pty's number")
	tty, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("cannot open the pty's terminal end: %v", err)
	}
	t.Cleanup(func() { tty.Close() })
	return tty
}

func TestColorOnATerminalUnlessTheEnvironmentSaysNo(t *testing.T) {
	t.Parallel()
	tty := openPTY(t)
	assert.True(t, Color(tty, env(map[string]string{"TERM": "xterm-256color"})))
	assert.False(t, Color(tty, env(map[string]string{"TERM": "xterm", "NO_COLOR": "1"})))
	assert.False(t, Color(tty, env(map[string]string{"TERM": "dumb"})))

	// A pipe and a regular file are no terminal.
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	assert.False(t, Color(w, env(map[string]string{"TERM": "xterm"})))
	f, err := os.Create(t.TempDir() + "/out")
	require.NoError(t, err)
	defer f.Close()
	assert.False(t, Color(f, env(map[string]string{"TERM": "xterm"})))
}

func TestLoggerIsTextOnATerminal(t *testing.T) {
	t.Parallel()
	tty := openPTY(t)
	assert.IsType(t, &slog.TextHandler{}, Logger(tty, env(nil)).Handler())
	assert.IsType(t, &slog.JSONHandler{}, Logger(tty, env(map[string]string{"ENGINEO_LOG_FORMAT": "json"})).Handler())
}
