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
	return dashboard.Open(ctx, dcfg, dashboard.Config{PublicURL: publicURL, Logger: e.Logger, Now: e.Now},
		func(ctx context.Context) (dashboard.History, func(), error) {
			return stores.OpenRunLog(ctx, cfg, dcfg.Retention, e.Now)
		},
		func() (dashboard.GitHub, error) {
			o, err := ghclient.NewOAuth(ghclient.OAuthConfig{ClientID: dcfg.ClientID, ClientSecret: dcfg.ClientSecret, WebURL: dcfg.GitHubURL, APIURL: apiURL})
			if err != nil {
				return nil, cli.InputErrorf("%v", err)
			}
			return o, nil
		})
}
