package dashboard

import (
	"context"
	"fmt"
	"sync"

	"github.com/engineo/autoverify/bot/settings"
)

// Open builds a dashboard from its checked settings s and cfg (the
// address browsers use, the logger, the clock): it refuses a dashboard
// nobody could sign in to before anything is opened, then opens the run
// history (history) and, with a GitHub client ID, GitHub sign-in
// (github). On an error the history is closed again; the returned func
// closes the dashboard and the history, once.
func Open(ctx context.Context, s settings.DashboardConfig, cfg Config,
	history func(context.Context) (History, func(), error), github func() (GitHub, error)) (*Dashboard, func(), error) {
	if err := s.RequireSignIn(); err != nil {
		return nil, nil, err
	}
	runs, closeRuns, err := history(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("ENV_ERROR: %w", err)
	}
	cfg.History, cfg.Token, cfg.Admins, cfg.Key = runs, s.Token, s.Admins, s.SessionKey()
	if s.ClientID != "" {
		if cfg.GitHub, err = github(); err != nil {
			closeRuns()
			return nil, nil, err
		}
	}
	d, err := New(cfg)
	if err != nil {
		closeRuns()
		return nil, nil, err
	}
	return d, sync.OnceFunc(func() { d.Close(); closeRuns() }), nil
}
