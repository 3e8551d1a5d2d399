//go:build !kubernetes

package runners

import (
	"errors"

	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/kubernetes/workspaces"
)

// KubernetesBuilt says whether this binary has the kubernetes runner; see
// kubernetes.go.
const KubernetesBuilt = false

func newKubernetes(settings.Config, *workspaces.Workspaces) (verify.Runner, func(), error) {
	return nil, nil, errors.New("this autoverify was built without the kubernetes runner: build it with `go build -tags kubernetes ./cmd/autoverify` (the container image is)")
}
