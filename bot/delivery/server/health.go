package server

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"time"
)

// HealthURL is the /healthz of a server listening on addr (host:port, as
// ENGINEO_LISTEN_ADDR says), asked from the same machine: a server
// listening on every interface is asked on 127.0.0.1.
func HealthURL(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", err
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/healthz", nil
}

// BadURLError is a health check URL no request can be made of.
type BadURLError struct {
	URL string
	Err error
}

func (e *BadURLError) Error() string { return fmt.Sprintf("healthcheck URL %q: %v", e.URL, e.Err) }

func (e *BadURLError) Unwrap() error { return e.Err }

// CheckHealth asks a server's /healthz (url) whether it is up: nil when it
// answers 200 within 3 seconds. The image has no shell or curl, so
// Docker's HEALTHCHECK runs `autoverify healthcheck`, which asks this.
func CheckHealth(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return &BadURLError{URL: url, Err: err}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck %s: %w", url, err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck %s: %s", url, resp.Status)
	}
	return nil
}
