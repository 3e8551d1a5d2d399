//go:build kubernetes

package runners

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/integrations/kubernetes"
	"github.com/engineo/autoverify/integrations/kubernetes/workspaces"
)

// TestKubernetesFromAKubeconfig builds the runner the way serve does with
// ENGINEO_KUBECONFIG (no cluster is reachable here; the runner itself is
// tested with client-go's fake clientset in integrations/kubernetes).
func TestKubernetesFromAKubeconfig(t *testing.T) {
	t.Parallel()
	kc := filepath.Join(t.TempDir(), "config")
	if err := os.WriteFile(kc, []byte(`apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]
users: [{name: u, user: {token: t}}]
contexts: [{name: x, context: {cluster: c, user: u}}]
current-context: x
`), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := settings.Defaults()
	cfg.Runner = "kubernetes"
	cfg.Kubernetes = settings.Kubernetes{Image: "ci:1", Namespace: "checks", Kubeconfig: kc, RuntimeClass: "gvisor"}
	r, release, err := New(cfg, &workspaces.Workspaces{BaseURL: "http://autoverify.checks.svc:8080"})
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	kr, ok := r.(*kubernetes.Runner)
	if !ok {
		t.Fatalf("runner is %T", r)
	}
	if kr.Namespace() != "checks" {
		t.Errorf("namespace = %q", kr.Namespace())
	}
	cfg.Kubernetes.Kubeconfig = filepath.Join(t.TempDir(), "missing")
	if _, _, err := New(cfg, &workspaces.Workspaces{}); err == nil || !strings.Contains(err.Error(), "ENGINEO_KUBECONFIG") {
		t.Errorf("missing kubeconfig: %v", err)
	}
}
