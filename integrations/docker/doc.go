// Package docker is the verify.Runner that runs each command in a container
// of one image (one environment) on a Docker engine, local or remote.
//
// # SDK
//
// It uses the maintained client, github.com/moby/moby/client with
// github.com/moby/moby/api (github.com/docker/docker is deprecated since
// Engine v29). That client's MinAPIVersion is 1.40, so with API-version
// negotiation it speaks 1.41 to Docker 20.10 engines; every call this
// package makes was exercised against Docker 20.10.24 by its tests.
//
// # Isolation
//
// Every container gets: network "none" (loopback only) unless
// Config.Network; a read-only root filesystem; a writable workspace
// (an anonymous volume at /workspace, holding the copy at /workspace/src,
// which is the working directory) and a tmpfs at /tmp (exec allowed, so
// test binaries built there run; it is also HOME); a numeric non-root user
// (65532:65532 by default, root refused); all capabilities dropped;
// no-new-privileges; docker-init as PID 1; pids, memory (no extra swap),
// CPU and file-size (RLIMIT_FSIZE, 1 GiB by default) limits; no stdin; and
// an environment of CI=true, HOME=/tmp, LANG=C.UTF-8, the image's own ENV
// (PATH included), the explicit Config.EnvPassthrough values, the
// determinism defaults TZ=UTC, LC_ALL=C.UTF-8, PYTHONHASHSEED=0 and
// NO_COLOR=1 (verify.DeterministicEnv) and, over all of them, Config.Env
// (ENGINEO_RUNNER_ENV) — nothing from the service's environment.
// The engine's log driver is "none": output is streamed over attach and
// never stored by the engine. The escape suite (integrations/runnertest)
// checks all of this from inside, under both shapes.
//
// # OCI runtime
//
// Config.Runtime (ENGINEO_DOCKER_RUNTIME) names an engine-registered
// runtime for the containers, typically "runsc" (gVisor): the command's
// system calls then reach gVisor's user-space kernel, not the host's. New
// and CheckIsolation check the name against the engine's GET /info and
// name the runtimes it has. Measured (docs/benchmarks.md): 10–15 ms more
// per warm command, 60–350 ms per fresh container (by load), 3–4 ms per
// fork. Under gVisor, hitting the memory limit (or
// forking until the sandbox's own memory runs out) ends the whole sandbox;
// the engine may still report the container running and leave an exec
// waiting, so the warm shape inspects its container once a second during a
// command and ends the command (exit 137) when it has stopped, and replaces
// a container whose runtime says it is stopped.
//
// # Workspace: copied, not bind-mounted
//
// The work directory is sent as a tar stream through the engine API
// (PUT /containers/{id}/archive) into the container's workspace volume
// before the command starts. Copying is the only way that works with a
// remote engine (ENGINEO_DOCKER_HOST=tcp://…), where a host path means
// nothing; it also keeps the command from writing into the service's
// checkout, lets the files be owned by the command's user without chowning
// anything on the host, and exposes no host path to the container. The
// archive is streamed, so memory stays constant. There is no bind-mount
// option: for a local engine it would save the copy (about 0.5 s per
// command for a 900-file, 4 MB tree in the fresh shape, once per container
// in the warm shape) at the cost of all of the above.
//
// # Shapes
//
// ShapeFresh creates a container per command (workspace copied in,
// attach, start, wait, remove). ShapeWarm keeps one container per
// (Runner, work directory) running its keep-alive (`sleep infinity`) and
// execs each command into it; the workspace is copied when the container is
// created, so commands of a run share it — build artefacts carry over, as
// they do in the checkout under the local runner. Commands for the same
// directory are serialised; different directories run in parallel. Close
// removes the warm containers.
//
// Measured per-command overhead of `true` on this repository's 2-core CI
// machine (Docker 20.10.24, overlay2; BenchmarkDockerRunnerTrue), next to
// the local runner (BenchmarkLocalRunnerTrue):
//
//	local  pid-namespace        ~0.9 ms
//	local  process-group        ~1.3 ms
//	docker warm  (exec)          ~65 ms
//	docker fresh (container)    ~400 ms  (~920 ms with a 4 MB, 900-file workspace)
//
// The warm shape is the default: a story of ten checks loses under a
// second to it instead of four to ten. Use fresh when commands must not see
// each other's leftovers.
//
// # Timeouts
//
// A timed-out fresh container gets SIGTERM (forwarded to the command by
// docker-init), Config.KillGrace to exit, then SIGKILL; it is then removed.
// An exec has no process group the engine can signal and arbitrary images
// have no kill/setsid to build one, so a timed-out warm command is ended by
// force-removing its whole warm container — the one kill that reaches every
// descendant — with no grace; the next command gets a new container (and
// a new copy of the workspace). Either way Result.TimedOut is set and
// ExitCode is 124. A warm command whose output stays open more than a
// second after it exited (a background descendant) also has its container
// replaced, so the descendant cannot affect the next command; a descendant
// that detached from the output survives until the container is removed.
//
// # Exit codes and output
//
// Exit codes follow the local runner: the process's status, 128+signal
// for a signal, 127 for a program not found and 126 for one that is not
// executable (recognised from the runtime's error text, as the docker CLI
// does), 124 on timeout. Output is stdout and stderr demultiplexed into one
// capture with the local runner's head+tail cap and marker.
//
// # Errors
//
// Run returns an error, not a Result, when the engine is unreachable
// (wrapping ErrEngineUnreachable and naming the host) or the image is not
// on the engine (ErrImageNotFound, naming the image: the runner never
// pulls). The bot reports those as ENV_ERROR / INFRA_BLOCKED.
//
// # Cleanup and orphans
//
// Every container (and workspace volume) is labelled autoverify.managed,
// autoverify.owner (Config.Label), autoverify.instance, and the creating
// process's host, pid and start time. Fresh containers are removed by a
// deferred call with its own context, whatever happened to Run's. A
// process that crashes leaves its containers behind; ReapOrphans, called by
// New, removes those of its Label whose creating process (pid and start
// time, on this host) is gone. See ReapOrphans for why liveness, not age,
// decides.
package docker
