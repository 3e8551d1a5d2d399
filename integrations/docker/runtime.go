package docker

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/moby/moby/client"
)

// EnvRuntime is the setting that names Config.Runtime, for messages.
const EnvRuntime = "ENGINEO_DOCKER_RUNTIME"

// ErrRuntimeNotFound wraps the error for a Config.Runtime the engine has
// not registered. Like a missing image, it is the operator's to fix, not a
// transient failure.
var ErrRuntimeNotFound = errors.New("runtime not registered")

// checkRuntime asks the engine (GET /info) whether it has the configured
// OCI runtime. The engine would refuse the container anyway, but its
// message ("unknown runtime specified") names neither the setting nor the
// runtimes there are.
//
// Docker API docs: https://docs.docker.com/reference/api/engine/version/v1.41/#tag/System/operation/SystemInfo
func (r *Runner) checkRuntime(ctx context.Context) error {
	if r.s.runtime == "" {
		return nil
	}
	info, err := r.cli.Info(ctx, client.InfoOptions{})
	if err != nil {
		return r.engineErr("listing the engine's runtimes", err)
	}
	if _, ok := info.Info.Runtimes[r.s.runtime]; ok {
		return nil
	}
	have := slices.Sorted(maps.Keys(info.Info.Runtimes))
	return fmt.Errorf("docker: %s=%q: %w on the engine at %s (it has: %s); "+
		"register it under \"runtimes\" in the engine's daemon.json and reload the engine (SIGHUP), or unset %s",
		EnvRuntime, r.s.runtime, ErrRuntimeNotFound, r.s.host, strings.Join(have, ", "), EnvRuntime)
}

// Runtime is the OCI runtime containers are created with; empty means the
// engine's default.
func (r *Runner) Runtime() string { return r.s.runtime }
