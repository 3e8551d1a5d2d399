package compose

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"strings"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/moby/moby/api/types/container"
	"github.com/moby/moby/api/types/mount"
	"github.com/moby/moby/api/types/network"
	"github.com/moby/moby/client"

	"github.com/engineo/autoverify/integrations/docker"
)

// LabelStack is put on every container and network of a stack, with the
// stack's random id; LabelService names the service of a container.
const (
	LabelStack   = "autoverify.compose.stack"
	LabelService = "autoverify.compose.service"
)

// healthPoll is how often a dependency is inspected while waiting for its
// condition.
const healthPoll = 100 * time.Millisecond

// stack is one brought-up instance of the project.
type stack struct {
	id        string
	dir       string // the work directory copied into the checked service
	network   string
	ids       []string          // containers, in start order
	byService map[string]string // service → container id
}

// up brings the project up for dir: checks every image is present, creates
// the internal network, then creates and starts each service in dependency
// order, waiting for the conditions its depends_on names. On error
// everything already created is torn down.
func (r *Runner) up(ctx context.Context, dir string) (_ *stack, err error) {
	ctx, cancel := context.WithTimeout(ctx, r.s.upTimeout)
	defer cancel()
	order, err := r.project.Order()
	if err != nil {
		return nil, err
	}
	for _, name := range order {
		img := r.project.Services[name].Image
		if _, err := r.cli.ImageInspect(ctx, img); err != nil {
			if cerrdefs.IsNotFound(err) {
				return nil, fmt.Errorf("compose: %w: service %s: image %q is not on the engine at %s (autoverify never pulls; build or load it there first)",
					docker.ErrImageNotFound, name, img, r.s.host)
			}
			return nil, r.engineErr("inspecting image "+img+" of service "+name, err)
		}
	}
	st := &stack{id: newID(), dir: dir, byService: map[string]string{}}
	defer func() {
		if err != nil {
			if derr := r.down(st); derr != nil {
				err = errors.Join(err, derr)
			}
		}
	}()
	labels := r.labels(st, "")
	st.network = "autoverify-compose-" + st.id
	// Internal: the stack's containers reach each other by service name
	// and nothing else — no route out of the bridge.
	if _, err := r.cli.NetworkCreate(ctx, st.network, client.NetworkCreateOptions{
		Driver: "bridge", Internal: true, Labels: labels,
		// Internal removes the route out but leaves the host's own
		// address on the bridge (the gateway) reachable — every service
		// the host listens on 0.0.0.0 with. A bridge without an address
		// leaves the containers nothing but each other
		// (TestNoRouteToHost).
		Options: map[string]string{"com.docker.network.bridge.inhibit_ipv4": "true"},
	}); err != nil {
		return nil, r.engineErr("creating the stack's network", err)
	}
	for _, name := range order {
		svc := r.project.Services[name]
		for dep, cond := range svc.DependsOn {
			if err := r.await(ctx, st, dep, cond); err != nil {
				return nil, fmt.Errorf("compose: service %s depends on %s: %w", name, dep, err)
			}
		}
		if err := r.startService(ctx, st, svc); err != nil {
			return nil, err
		}
	}
	return st, nil
}

func (r *Runner) labels(st *stack, service string) map[string]string {
	l := docker.CreatorLabels()
	maps.Copy(l, map[string]string{
		docker.LabelManaged:  "true",
		docker.LabelOwner:    r.s.label,
		docker.LabelInstance: r.instance,
		LabelStack:           st.id,
	})
	if service != "" {
		l[LabelService] = service
	}
	return l
}

// startService creates and starts one service's container; the checked
// service gets the workspace copied in first.
func (r *Runner) startService(ctx context.Context, st *stack, svc *Service) error {
	target := svc.Name == r.s.service
	labels := r.labels(st, svc.Name)
	useInit := true
	res := container.Resources{NanoCPUs: r.s.nanoCPUs, Memory: r.s.memory}
	if r.s.memory > 0 {
		res.MemorySwap = r.s.memory
	}
	if r.s.pids > 0 {
		pids := r.s.pids
		res.PidsLimit = &pids
	}
	tmpfs := map[string]string{docker.TmpPath: fmt.Sprintf("rw,exec,nosuid,nodev,mode=1777,size=%d", r.s.tmp)}
	for _, p := range svc.Tmpfs {
		tmpfs[p] = fmt.Sprintf("rw,nosuid,nodev,mode=1777,size=%d", r.s.tmp)
	}
	cfg := &container.Config{
		Image:       svc.Image,
		Hostname:    svc.Name,
		Entrypoint:  svc.Entrypoint,
		Cmd:         svc.Command,
		Env:         svc.Environment,
		User:        svc.User,
		WorkingDir:  svc.WorkingDir,
		Healthcheck: svc.Healthcheck,
		Labels:      labels,
	}
	host := &container.HostConfig{
		NetworkMode:    container.NetworkMode(st.network),
		ReadonlyRootfs: true,
		CapDrop:        []string{"ALL"},
		SecurityOpt:    []string{"no-new-privileges"},
		Init:           &useInit,
		Tmpfs:          tmpfs,
		LogConfig:      container.LogConfig{Type: "none"},
		Resources:      res,
	}
	if target {
		cfg.User = r.s.user
		cfg.Env = r.s.commandEnv(svc.Environment)
		if cfg.WorkingDir == "" {
			cfg.WorkingDir = docker.WorkDir
		}
		if svc.Entrypoint == nil && svc.Command == nil {
			// Checks exec into this container, so it must stay up: an
			// image's default command is often a shell that would exit.
			cfg.Entrypoint = []string{"sleep", "infinity"}
		}
		host.Mounts = []mount.Mount{{
			Type: mount.TypeVolume, Target: docker.VolumePath,
			VolumeOptions: &mount.VolumeOptions{Labels: labels},
		}}
	}
	created, err := r.cli.ContainerCreate(ctx, client.ContainerCreateOptions{
		Config:     cfg,
		HostConfig: host,
		NetworkingConfig: &network.NetworkingConfig{EndpointsConfig: map[string]*network.EndpointSettings{
			st.network: {Aliases: []string{svc.Name}},
		}},
	})
	if err != nil {
		return r.engineErr("creating service "+svc.Name, err)
	}
	st.ids = append(st.ids, created.ID)
	st.byService[svc.Name] = created.ID
	if target {
		tarball := docker.WorkspaceTar(st.dir, filepath.Base(docker.WorkDir), r.s.uid, r.s.gid)
		defer tarball.Close()
		if _, err := r.cli.CopyToContainer(ctx, created.ID, client.CopyToContainerOptions{
			DestinationPath: docker.VolumePath, Content: tarball,
		}); err != nil {
			return r.engineErr("copying work directory "+st.dir+" into service "+svc.Name, err)
		}
	}
	if _, err := r.cli.ContainerStart(ctx, created.ID, client.ContainerStartOptions{}); err != nil {
		return r.engineErr("starting service "+svc.Name, err)
	}
	return nil
}

// await waits until service dep reaches cond.
func (r *Runner) await(ctx context.Context, st *stack, dep, cond string) error {
	id := st.byService[dep]
	t := time.NewTicker(healthPoll)
	defer t.Stop()
	for {
		ins, err := r.cli.ContainerInspect(ctx, id, client.ContainerInspectOptions{})
		if err != nil {
			return r.engineErr("inspecting service "+dep, err)
		}
		state := ins.Container.State
		switch cond {
		case ConditionStarted:
			return nil
		case ConditionCompleted:
			if state != nil && !state.Running && state.Status == container.StateExited {
				if state.ExitCode != 0 {
					return fmt.Errorf("%s exited with %d, want service_completed_successfully", dep, state.ExitCode)
				}
				return nil
			}
		case ConditionHealthy:
			if state == nil || state.Health == nil {
				return fmt.Errorf("condition service_healthy, but %s has no healthcheck (add healthcheck: to it)", dep)
			}
			switch state.Health.Status {
			case container.Healthy:
				return nil
			case container.Unhealthy:
				last := ""
				if n := len(state.Health.Log); n > 0 && state.Health.Log[n-1] != nil {
					l := state.Health.Log[n-1]
					last = fmt.Sprintf("; last probe: exit %d, output %q", l.ExitCode, truncate(strings.TrimSpace(l.Output), 200))
				}
				return fmt.Errorf("%s is unhealthy (its healthcheck failed %d times%s)", dep, state.Health.FailingStreak, last)
			}
			if !state.Running {
				return fmt.Errorf("%s exited with %d before it was healthy", dep, state.ExitCode)
			}
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s did not reach %s within %v: %w", dep, cond, r.s.upTimeout, ctx.Err())
		case <-t.C:
		}
	}
}

// down removes the stack's containers (last started first, with their
// anonymous volumes) and its network, with a context of its own: it runs
// after a timeout or a cancelled run too.
func (r *Runner) down(st *stack) error {
	ctx, cancel := context.WithTimeout(context.Background(), cleanupTimeout)
	defer cancel()
	var errs []error
	for i := len(st.ids) - 1; i >= 0; i-- {
		if err := r.removeContainer(ctx, st.ids[i]); err != nil {
			errs = append(errs, err)
		}
	}
	if st.network != "" {
		if _, err := r.cli.NetworkRemove(ctx, st.network, client.NetworkRemoveOptions{}); err != nil && !cerrdefs.IsNotFound(err) {
			errs = append(errs, r.engineErr("removing network "+st.network, err))
		}
	}
	return errors.Join(errs...)
}

func (r *Runner) removeContainer(ctx context.Context, id string) error {
	_, err := r.cli.ContainerRemove(ctx, id, client.ContainerRemoveOptions{Force: true, RemoveVolumes: true})
	if err != nil && !cerrdefs.IsNotFound(err) && !(cerrdefs.IsConflict(err) && containsAny(err.Error(), "already in progress")) {
		return r.engineErr("removing container "+shortID(id), err)
	}
	return nil
}

// ReapOrphans removes the stacks (containers, then networks) that a
// process of this Label left behind when it died without tearing them
// down, as integrations/docker does for its containers: the creator's pid
// and start time, not the resource's age, decide. New calls it.
func (r *Runner) ReapOrphans(ctx context.Context) (int, error) {
	f := client.Filters{}.
		Add("label", docker.LabelManaged+"=true").
		Add("label", docker.LabelOwner+"="+r.s.label).
		Add("label", LabelStack)
	list, err := r.cli.ContainerList(ctx, client.ContainerListOptions{All: true, Filters: f})
	if err != nil {
		return 0, r.engineErr("listing containers to reap", err)
	}
	var errs []error
	n := 0
	for _, c := range list.Items {
		if c.Labels[docker.LabelInstance] == r.instance || !docker.CreatorGone(c.Labels) {
			continue
		}
		if err := r.removeContainer(ctx, c.ID); err != nil {
			errs = append(errs, err)
			continue
		}
		n++
	}
	nets, err := r.cli.NetworkList(ctx, client.NetworkListOptions{Filters: f})
	if err != nil {
		return n, errors.Join(append(errs, r.engineErr("listing networks to reap", err))...)
	}
	for _, nw := range nets.Items {
		if nw.Labels[docker.LabelInstance] == r.instance || !docker.CreatorGone(nw.Labels) {
			continue
		}
		if _, err := r.cli.NetworkRemove(ctx, nw.ID, client.NetworkRemoveOptions{}); err != nil && !cerrdefs.IsNotFound(err) {
			errs = append(errs, r.engineErr("removing network "+nw.Name, err))
			continue
		}
		n++
	}
	return n, errors.Join(errs...)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
