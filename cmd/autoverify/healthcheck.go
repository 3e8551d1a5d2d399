package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"time"
)

// healthcheck is `autoverify healthcheck [URL]`: exit 0 when the server
// answers 200 on /healthz. The image has no shell or curl, so Docker's
// HEALTHCHECK runs the binary itself.
func (a *App) healthcheck(ctx context.Context, args []string) (int, error) {
	url := ""
	if len(args) > 0 {
		url = args[0]
	} else {
		addr := orDefault(a.Getenv("ENGINEO_LISTEN_ADDR"), ":8080")
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return exitBadInput, inputErrorf("ENGINEO_LISTEN_ADDR=%q: %v", addr, err)
		}
		if host == "" || host == "0.0.0.0" || host == "::" {
			host = "127.0.0.1"
		}
		url = "http://" + net.JoinHostPort(host, port) + "/healthz"
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return exitBadInput, inputErrorf("healthcheck URL %q: %v", url, err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return exitFailed, fmt.Errorf("healthcheck %s: %w", url, err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return exitFailed, fmt.Errorf("healthcheck %s: %s", url, resp.Status)
	}
	return exitOK, nil
}
