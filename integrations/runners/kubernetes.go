//go:build kubernetes

package runners

import (
	"fmt"

	"k8s.io/client-go/tools/clientcmd"

	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/kubernetes"
	"github.com/engineo/autoverify/integrations/kubernetes/workspaces"
)

// KubernetesBuilt says whether this binary has the kubernetes runner: it
// is built with -tags kubernetes (the container image is), because
// client-go adds 37 modules to a build that `go run` on a laptop never
// needs.
const KubernetesBuilt = true

// newKubernetes builds the kubernetes runner: in-cluster, or from a
// kubeconfig file.
func newKubernetes(cfg settings.Config, ws *workspaces.Workspaces) (verify.Runner, func(), error) {
	k := kubernetes.Config{Namespace: cfg.Kubernetes.Namespace, Image: cfg.Kubernetes.Image, RuntimeClassName: cfg.Kubernetes.RuntimeClass,
		Workspace: ws.URL, Timeout: cfg.CommandTimeout, OutputLimit: cfg.OutputLimit, EnvPassthrough: passthrough(cfg.EnvPassthrough), Env: cfg.RunnerEnv}
	var (
		r   *kubernetes.Runner
		err error
	)
	if cfg.Kubernetes.Kubeconfig == "" {
		r, err = kubernetes.NewInCluster(k)
	} else {
		rc, cerr := clientcmd.BuildConfigFromFlags("", cfg.Kubernetes.Kubeconfig)
		if cerr != nil {
			return nil, nil, fmt.Errorf("ENGINEO_KUBECONFIG=%s: %w", cfg.Kubernetes.Kubeconfig, cerr)
		}
		if k.Namespace == "" {
			k.Namespace = "default"
		}
		r, err = kubernetes.NewForConfig(k, rc)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("kubernetes runner: %w", err)
	}
	return r, func() {}, nil
}
