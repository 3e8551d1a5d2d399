package assemble

import (
	"context"

	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/delivery/dashboard"
	"github.com/engineo/autoverify/bot/settings"
	ghclient "github.com/engineo/autoverify/integrations/github"
	"github.com/engineo/autoverify/integrations/stores"
)

// Dashboard is dashboard.Open with the run history beside the ledger
// (cfg's) and GitHub's OAuth at apiURL; publicURL is the server's, or ""
// for `autoverify dashboard` on its own. The returned func closes both.
func (e Env) Dashboard(ctx context.Context, cfg settings.Config, dcfg settings.DashboardConfig, apiURL, publicURL string) (*dashboard.Dashboard, func(), error) {
	return e.dashboard(ctx, dcfg, apiURL, publicURL, func(ctx context.Context) (dashboard.History, func(), error) {
		return stores.OpenRunLog(ctx, cfg, dcfg.Retention, e.Now)
	})
}

// dashboard is Dashboard with the run history history opens (the
// server's, shared with its recorder).
func (e Env) dashboard(ctx context.Context, dcfg settings.DashboardConfig, apiURL, publicURL string, history func(context.Context) (dashboard.History, func(), error)) (*dashboard.Dashboard, func(), error) {
	return dashboard.Open(ctx, dcfg, dashboard.Config{PublicURL: publicURL, Logger: e.Logger, Now: e.Now}, history,
		func() (dashboard.GitHub, error) {
			o, err := ghclient.NewOAuth(ghclient.OAuthConfig{ClientID: dcfg.ClientID, ClientSecret: dcfg.ClientSecret, WebURL: dcfg.GitHubURL, APIURL: apiURL})
			if err != nil {
				return nil, cli.InputErrorf("%v", err)
			}
			return o, nil
		})
}
