package serve

import (
	"context"
	"net/http"
	"time"

	"github.com/engineo/autoverify/bot/delivery/dashboard"
	"github.com/engineo/autoverify/bot/delivery/intake"
	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/bot/delivery/server"
	"github.com/engineo/autoverify/bot/links"
	"github.com/engineo/autoverify/bot/verify"
)

// routes builds the HTTP server: the intakes, metrics, readiness,
// evidence, workspaces and the dashboard.
func (p *parts) routes(ctx context.Context, open Openers, srv *Server) error {
	cfg := p.cfg
	var enqueue intake.Enqueuer = p.q
	if !cfg.Config.Enabled {
		p.log.Warn("autoverify is disabled (ENGINEO_AUTOVERIFY_ENABLED=0): deliveries are acknowledged and nothing runs")
		enqueue = queue.Off{Logger: p.log}
	}
	routes := server.Config{
		GitHub:     intake.NewGitHub(intake.GitHubConfig{Secret: []byte(cfg.WebhookSecret), Queue: enqueue, Dedup: p.dedup, Logger: p.log, Observer: p.metrics.Intake()}),
		Metrics:    p.metrics.Handler(),
		Ready:      []server.Dependency{{Name: "ledger", Ping: p.store.Ping}, {Name: "queue", Ping: p.q.Ping}},
		RunsDir:    cfg.Config.ArtifactsDir,
		CheckLink:  p.links.Verify,
		SigningKey: cfg.SigningKey,
		Workspaces: cfg.Workspaces,
	}
	if open.Dashboard != nil {
		d, closeDash, err := open.Dashboard(ctx)
		if err != nil {
			return err
		}
		srv.closers = append(srv.closers, closeDash)
		routes.Dashboard, routes.DashboardPaths = d, dashboard.Paths
	}
	// Readiness follows the runner's isolation, except where the operator
	// opted out of it by name: that server would otherwise never be ready.
	if checker, ok := p.runner.(verify.IsolationChecker); ok && p.isolated {
		routes.Ready = append(routes.Ready, server.Dependency{Name: "runner", Ping: checker.CheckIsolation})
	}
	if j := cfg.Jira; j != nil {
		routes.Jira = intake.NewJira(intake.JiraConfig{Secret: []byte(j.WebhookSecret), Queue: enqueue, Dedup: p.dedup, Logger: p.log, Observer: p.metrics.Intake()})
	}
	srv.http = &http.Server{Handler: server.New(routes), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, IdleTimeout: 2 * time.Minute}
	if d, ok := routes.Dashboard.(*dashboard.Dashboard); ok {
		srv.http.RegisterOnShutdown(d.Close) // live feeds end, so draining does not wait for them
	}
	return nil
}

// runLinks makes signed evidence links under the server's public URL; nil
// without one.
func runLinks(publicURL string, signer links.Signer) func(runID, file string) string {
	if publicURL == "" {
		return nil
	}
	return func(runID, file string) string {
		if file == "" {
			return ""
		}
		return signer.URL(publicURL, runID, file)
	}
}
