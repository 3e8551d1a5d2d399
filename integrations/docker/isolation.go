package docker

import (
	"context"
	"fmt"

	"github.com/moby/moby/client"

	"github.com/engineo/autoverify/bot/verify"
)

var _ verify.IsolationChecker = (*Runner)(nil)

// CheckIsolation reports whether the engine answers and has the image:
// then every command runs in a container of its own (read-only root,
// non-root, no capabilities, no network unless configured) — and, when
// Config.Runtime is set, whether the engine has that runtime.
func (r *Runner) CheckIsolation(ctx context.Context) error {
	if _, err := r.cli.Ping(ctx, client.PingOptions{}); err != nil {
		return fmt.Errorf("docker engine at %s does not answer (%v): start it, or set ENGINEO_DOCKER_HOST", r.s.host, err)
	}
	if err := r.checkRuntime(ctx); err != nil {
		return err
	}
	if _, err := r.cli.ImageInspect(ctx, r.s.image); err != nil {
		return fmt.Errorf("docker image %s is not on the engine at %s (%v): build or load it there (autoverify never pulls)", r.s.image, r.s.host, err)
	}
	return nil
}
