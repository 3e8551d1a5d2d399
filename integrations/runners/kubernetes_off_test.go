//go:build !kubernetes

package runners

import (
	"strings"
	"testing"

	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/integrations/kubernetes/workspaces"
)

func TestKubernetesNotBuiltSaysHow(t *testing.T) {
	t.Parallel()
	cfg := settings.Defaults()
	cfg.Runner, cfg.Kubernetes.Image = "kubernetes", "ci:1"
	_, _, err := New(cfg, &workspaces.Workspaces{})
	if err == nil || !strings.Contains(err.Error(), "-tags kubernetes") {
		t.Fatalf("err = %v, want the build tag named", err)
	}
}
