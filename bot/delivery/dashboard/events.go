package dashboard

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// feed watches the history's change counter and wakes the live pages.
// One poller serves every browser, and only while one is listening; it
// polls rather than being told because the writer may be another process
// (`autoverify run` beside `autoverify dashboard`).
type feed struct {
	history  History
	interval time.Duration
	log      *slog.Logger

	mu      sync.Mutex
	seq     int64
	changed chan struct{} // closed and replaced on every change
	subs    int
	stop    context.CancelFunc
	closed  bool
}

func newFeed(h History, interval time.Duration, log *slog.Logger) *feed {
	return &feed{history: h, interval: interval, log: log, changed: make(chan struct{})}
}

// subscribe returns the current sequence number and the channel closed at
// the next change; release ends the subscription.
func (f *feed) subscribe(ctx context.Context) (seq int64, release func(), err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return 0, nil, fmt.Errorf("dashboard is shutting down")
	}
	if f.subs == 0 {
		n, err := f.history.Seq(ctx)
		if err != nil {
			return 0, nil, err
		}
		f.seq = n
		pctx, cancel := context.WithCancel(context.Background())
		f.stop = cancel
		go f.poll(pctx)
	}
	f.subs++
	return f.seq, func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.subs--
		if f.subs == 0 && f.stop != nil {
			f.stop()
			f.stop = nil
		}
	}, nil
}

// current returns the latest sequence number and the channel closed at
// the next change.
func (f *feed) current() (int64, <-chan struct{}) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.seq, f.changed
}

func (f *feed) poll(ctx context.Context) {
	t := time.NewTicker(f.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		n, err := f.history.Seq(ctx)
		if err != nil {
			if ctx.Err() == nil {
				f.log.Warn("dashboard: live feed: reading the history", "err", err)
			}
			continue
		}
		f.mu.Lock()
		if n != f.seq && !f.closed {
			f.seq = n
			close(f.changed)
			f.changed = make(chan struct{})
		}
		f.mu.Unlock()
	}
}

// close ends every subscriber's wait. The channel stays closed, so that a
// handler that asks for it after (one whose client had its headers and
// was still on the way to its first wait) returns at once as well, rather
// than hold up the server's shutdown.
func (f *feed) close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return
	}
	f.closed = true
	if f.stop != nil {
		f.stop()
		f.stop = nil
	}
	close(f.changed)
}

// events is the live feed: an SSE "change" event (id: the history's
// sequence number) whenever the history changes. A browser that
// reconnects with a Last-Event-ID behind the current number gets a change
// at once, so it never misses one.
func (d *Dashboard) events(w http.ResponseWriter, r *http.Request, _ viewer) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	ctx := r.Context()
	seq, release, err := d.feed.subscribe(ctx)
	if err != nil {
		http.Error(w, "live feed unavailable", http.StatusServiceUnavailable)
		return
	}
	defer release()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprintf(w, "retry: 2000\n\n")
	if last, err := strconv.ParseInt(r.Header.Get("Last-Event-ID"), 10, 64); err == nil && last != seq {
		fmt.Fprintf(w, "id: %d\nevent: change\ndata: %d\n\n", seq, seq)
	} else {
		fmt.Fprintf(w, "id: %d\nevent: hello\ndata: %d\n\n", seq, seq)
	}
	flusher.Flush()
	heartbeat := time.NewTicker(15 * time.Second)
	defer heartbeat.Stop()
	for {
		cur, changed := d.feed.current()
		if cur != seq {
			seq = cur
			fmt.Fprintf(w, "id: %d\nevent: change\ndata: %d\n\n", seq, seq)
			flusher.Flush()
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-heartbeat.C:
			fmt.Fprint(w, ": keep-alive\n\n")
			flusher.Flush()
		case <-changed:
			d.feed.mu.Lock()
			closed := d.feed.closed
			d.feed.mu.Unlock()
			if closed {
				return
			}
		}
	}
}
