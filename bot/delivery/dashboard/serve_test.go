package dashboard_test

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/delivery/dashboard"
	runbolt "github.com/engineo/autoverify/integrations/runlog/bolt"
)

// TestServeEndsWithALiveFeedOpen: a browser's open live feed does not
// hold up the shutdown of `autoverify dashboard`.
func TestServeEndsWithALiveFeedOpen(t *testing.T) {
	t.Parallel()
	store, err := runbolt.Open(t.TempDir(), runbolt.WithRetention(0))
	require.NoError(t, err)
	t.Cleanup(func() { store.Close() })
	d, err := dashboard.New(dashboard.Config{History: store, Token: token, PollInterval: 20 * time.Millisecond})
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.Serve(ctx, ln) }()

	req, _ := http.NewRequest(http.MethodGet, "http://"+ln.Addr().String()+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	line, err := bufio.NewReader(resp.Body).ReadString('\n')
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(line, "event: hello") || strings.HasPrefix(line, "id:") || strings.HasPrefix(line, "retry:"), "the feed is open: %q", line)

	start := time.Now()
	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return")
	}
	assert.Less(t, time.Since(start), 3*time.Second, "the open feed held up the shutdown")
}
