// Package server is autoverify's HTTP face: the routes `autoverify serve`
// answers and what each one is for.
//
//	POST /webhooks/github     GitHub deliveries (bot/delivery/intake)
//	POST /webhooks/jira       Jira deliveries, when Jira is configured
//	GET  /healthz             200 while the process is up (liveness)
//	GET  /readyz              200 when every dependency answers, else 503
//	                          naming the first that does not (readiness)
//	GET  /metrics             Prometheus metrics
//	GET  /workspaces/{token}  a running check's workspace tarball, for the
//	                          kubernetes runner's Jobs (token: 128 random
//	                          bits, dies with the run)
//	GET  /runs/{id}/{file}    a run's evidence file, for a signed link that
//	                          has not expired (403 otherwise); served as
//	                          plain text, never rendered; no listings
//	/ (the dashboard's paths) the dashboard (bot/delivery/dashboard), when
//	                          one is configured
//
// It wires handlers it is given; it holds no rules of its own.
package server

import (
	"context"
	"fmt"
	"net/http"
	"os"
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
	// Workspaces, when set, serves workspace tarballs to the kubernetes
	// runner's Jobs under their tokens.
	Workspaces http.Handler
	// CheckLink verifies a link's expiry and signature for a run's file
	// (links.Signer.Verify); nil refuses every evidence request.
	CheckLink func(runID, file, expires, sig string) error
	// Dashboard, when set, answers its Paths beside the routes above.
	Dashboard http.Handler
	// DashboardPaths are the mux patterns the dashboard answers.
	DashboardPaths []string
	// SigningKey is the PEM public key verdicts are signed with, served at
	// SigningKeyPath for verifiers (nil: the server does not sign).
	SigningKey []byte
}

// SigningKeyPath is where the server publishes the public key of its
// signed verdicts (autoverify attest verify --key).
const SigningKeyPath = "/signing-key.pub"

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
	if cfg.Workspaces != nil {
		mux.Handle("GET /workspaces/{token}", cfg.Workspaces)
	}
	mux.HandleFunc("GET "+SigningKeyPath, func(w http.ResponseWriter, r *http.Request) {
		if cfg.SigningKey == nil {
			http.Error(w, "this server does not sign its verdicts: no ENGINEO_SIGNING_KEY is set", http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "application/x-pem-file")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		_, _ = w.Write(cfg.SigningKey)
	})
	mux.HandleFunc("GET /runs/{id}/{file...}", func(w http.ResponseWriter, r *http.Request) {
		id, file := r.PathValue("id"), r.PathValue("file")
		if !IsRunID(id) || !plainName(file) {
			http.NotFound(w, r)
			return
		}
		q := r.URL.Query()
		if cfg.CheckLink == nil || cfg.CheckLink(id, file, q.Get("expires"), q.Get("sig")) != nil {
			http.Error(w, "forbidden: evidence links are signed and expire; ask for a fresh link", http.StatusForbidden)
			return
		}
		serveEvidence(w, r, filepath.Join(cfg.RunsDir, "runs", id, file))
	})
	if cfg.Dashboard != nil {
		for _, p := range cfg.DashboardPaths {
			mux.Handle(p, cfg.Dashboard)
		}
	}
	return mux
}

// serveEvidence sends one evidence file as plain text: evidence holds
// command output a pull request controls, so a browser must never render
// it as a page (no sniffing, a sandboxed CSP).
func serveEvidence(w http.ResponseWriter, r *http.Request, path string) {
	f, err := os.Open(path)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}
	ctype := "text/plain; charset=utf-8"
	if strings.HasSuffix(path, ".json") {
		ctype = "application/json"
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", "sandbox; default-src 'none'")
	w.Header().Set("Cache-Control", "private, no-store")
	http.ServeContent(w, r, "", st.ModTime(), f)
}

// plainName reports whether file is one file name: no directory, no
// listing, nothing hidden.
func plainName(file string) bool {
	return file != "" && !strings.ContainsAny(file, "/\\\x00") && !strings.HasPrefix(file, ".")
}

// IsRunID reports whether id has the shape of a run ID: 32 lower-case hex
// digits.
func IsRunID(id string) bool {
	return len(id) == 32 && strings.Trim(id, "0123456789abcdef") == ""
}
