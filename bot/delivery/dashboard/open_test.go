package dashboard_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/delivery/dashboard"
	"github.com/engineo/autoverify/bot/settings"
	runbolt "github.com/engineo/autoverify/integrations/runlog/bolt"
)

// TestOpenClosesTheHistoryOnEveryError: a dashboard nobody could sign in
// to opens nothing; GitHub sign-in that cannot be built closes the history
// it opened; a dashboard that opened closes the history once, however
// often it is closed.
func TestOpenClosesTheHistoryOnEveryError(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		s      settings.DashboardConfig
		github error
		err    string
		opened int
	}{
		"no sign-in":     {s: settings.DashboardConfig{}, err: "the dashboard is for signed-in users"},
		"github fails":   {s: settings.DashboardConfig{ClientID: "id", ClientSecret: "secret"}, github: errors.New("oauth: no"), err: "oauth: no", opened: 1},
		"token":          {s: settings.DashboardConfig{Token: token}, opened: 1},
		"github sign-in": {s: settings.DashboardConfig{ClientID: "id", ClientSecret: "secret"}, opened: 1},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			opened, closed := 0, 0
			history := func(context.Context) (dashboard.History, func(), error) {
				opened++
				s, err := runbolt.Open(t.TempDir())
				require.NoError(t, err)
				return s, func() { closed++; _ = s.Close() }, nil
			}
			github := func() (dashboard.GitHub, error) {
				if tc.github != nil {
					return nil, tc.github
				}
				return &fakeGitHub{}, nil
			}
			d, closeDash, err := dashboard.Open(context.Background(), tc.s, dashboard.Config{}, history, github)
			assert.Equal(t, tc.opened, opened)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				assert.Equal(t, opened, closed, "what was opened is closed")
				return
			}
			require.NoError(t, err)
			require.NotNil(t, d)
			closeDash()
			closeDash()
			assert.Equal(t, 1, closed)
		})
	}
}

// TestOpenWithoutHistoryIsAnEnvironmentError: a history that cannot be
// opened is the environment's fault, not the settings'.
func TestOpenWithoutHistoryIsAnEnvironmentError(t *testing.T) {
	t.Parallel()
	_, _, err := dashboard.Open(context.Background(), settings.DashboardConfig{Token: token}, dashboard.Config{},
		func(context.Context) (dashboard.History, func(), error) {
			return nil, nil, errors.New("runs.db: locked")
		},
		func() (dashboard.GitHub, error) { return nil, nil })
	require.EqualError(t, err, "ENV_ERROR: runs.db: locked")
}
