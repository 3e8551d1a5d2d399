// Package server is autoverify's HTTP face: the routes `autoverify serve`
// answers and what each one is for.
//
//	POST /webhooks/github     GitHub deliveries (bot/delivery/intake)
//	POST /webhooks/jira       Jira deliveries, when Jira is configured
//	GET  /healthz             200 while the process is up (liveness)
//	GET  /readyz              200 when every dependency answers, else 503
//	                          naming the first that does not (readiness)
//	GET  /metrics             Prometheus metrics
//	GET  /runs/{id}/{file}    a run's evidence file; the ID is a 128-bit
//	                          HMAC of the delivery, so only someone with a
//	                          link finds a run, and there is no listing
//
// It wires handlers it is given; it holds no rules of its own.
package server

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"time"
)

// Dependency is something /readyz checks.
type Dependency struct {
	// Name words it in the answer ("ledger", "queue", "runner").
	Name string
	Ping func(ctx context.Context) error
}

// Config is what the server serves.
type Config struct {
	GitHub http.Handler
	// Jira is nil when Jira is not configured.
	Jira    http.Handler
	Metrics http.Handler
	// Ready are checked in order by /readyz.
	Ready []Dependency
	// RunsDir holds runs/{id}/ evidence directories.
	RunsDir string
}

// New returns the server's handler.
func New(cfg Config) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("POST /webhooks/github", cfg.GitHub)
	if cfg.Jira != nil {
		mux.Handle("POST /webhooks/jira", cfg.Jira)
	}
	if cfg.Metrics != nil {
		mux.Handle("GET /metrics", cfg.Metrics)
	}
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, "ok") })
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		for _, d := range cfg.Ready {
			if err := d.Ping(ctx); err != nil {
				http.Error(w, d.Name+" unreachable: "+err.Error(), http.StatusServiceUnavailable)
				return
			}
		}
		fmt.Fprintln(w, "ready")
	})
	runs := http.StripPrefix("/runs/", http.FileServer(http.Dir(filepath.Join(cfg.RunsDir, "runs"))))
	mux.HandleFunc("GET /runs/{id}/{file...}", func(w http.ResponseWriter, r *http.Request) {
		if !IsRunID(r.PathValue("id")) {
			http.NotFound(w, r)
			return
		}
		runs.ServeHTTP(w, r)
	})
	return mux
}

// IsRunID reports whether id has the shape of a run ID: 32 lower-case hex
// digits.
func IsRunID(id string) bool {
	return len(id) == 32 && strings.Trim(id, "0123456789abcdef") == ""
}
