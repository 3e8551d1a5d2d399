package dashboard

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"time"
)

// Serve answers on ln, as `autoverify dashboard` does, until ctx ends;
// then it ends the live feeds, so that shutting down does not wait for
// them, and gives the requests under way 5 seconds.
func (d *Dashboard) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{Handler: d, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serving: %w", err)
	case <-ctx.Done():
	}
	d.Close()
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(sctx)
	return nil
}
