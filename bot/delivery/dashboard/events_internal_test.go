package dashboard

import (
	"testing"
	"time"
)

// TestFeedCloseReachesLateWaiters: a live-feed handler whose client has
// its headers but which has not yet asked for the channel to wait on when
// the dashboard closes must still find it closed, or the server's
// shutdown waits for its heartbeat.
func TestFeedCloseReachesLateWaiters(t *testing.T) {
	f := newFeed(nil, time.Hour, nil)
	f.close()
	f.close() // twice is harmless
	_, changed := f.current()
	select {
	case <-changed:
	default:
		t.Fatal("after close, a waiter that comes late waits forever")
	}
}
