// Package compose is the verify.Runner of a docker-compose environment (the
// environment spec's "full service stack"): it brings up the services of a
// compose file on a Docker engine, runs each check as an exec in one
// service's container, and always tears the stack down.
//
// # Mechanism: the engine API, not the compose CLI
//
// The stack is driven through the engine API (github.com/moby/moby/client,
// as integrations/docker) and the file parsed with go.yaml.in/yaml/v3,
// rather than by shelling out to docker-compose. Measured on this
// repository's 2-core machine (Docker 20.10.24, load 4–6 from other jobs)
// for the tests' two-service stack with a healthcheck, 5 runs each,
// BenchmarkStack against BenchmarkDockerComposeCLI (docker-compose 1.29.2,
// the packaged one, with init: true on both services as the runner has):
//
//	                  engine API    docker-compose 1.29
//	up (healthy)      0.86–1.04 s   1.31–1.32 s
//	one check (exec)  52–54 ms      0.41–0.44 s
//	teardown          0.27–0.28 s   0.76–0.87 s
//
// More importantly, the compose file comes from the change under test, and the
// CLI would honour everything in it (privileged, volumes of the host's /,
// network_mode: host, build, env_file, ${SECRET} interpolation from the
// server's environment). Here only image, command, entrypoint,
// environment, depends_on (service_started, service_healthy,
// service_completed_successfully), healthcheck, working_dir, user and
// tmpfs are accepted; every other key is refused by name, and $NAME is
// refused ($$ is a literal $).
//
// # Isolation
//
// The services share a network of their own, reachable by service name:
// an internal bridge (no route out) whose bridge has no address, so the
// host is not reachable through a gateway either (TestNoRouteToHost).
// Every container has a read-only root filesystem with a tmpfs at /tmp
// (and at each tmpfs: path), all capabilities dropped, no-new-privileges,
// docker-init as PID 1, the environment's CPU, memory and pids limits,
// and no stored logs. Images are never pulled: a missing one is an error
// wrapping docker.ErrImageNotFound that names it and its service
// (ENV_ERROR / INFRA_BLOCKED).
//
// The checked service runs as a numeric non-root user (its user:, else
// 65532:65532; root refused) with the work directory copied — never
// bind-mounted — to /workspace/src, where checks run, with its
// environment: under CI=true, HOME=/tmp, LANG=C.UTF-8 and the determinism
// defaults TZ=UTC, LC_ALL=C.UTF-8, PYTHONHASHSEED=0 and NO_COLOR=1
// (verify.DeterministicEnv), which only Config.Env (ENGINEO_RUNNER_ENV), set
// over everything, changes. Unless it sets command: or
// entrypoint:, its main process is `sleep infinity`, so that images whose
// default command is a shell stay up for the checks.
//
// # Lifecycle
//
// The first Run reads the compose file (on the server the workspace that
// holds it is fetched just before the first check; with Config.Root it
// must resolve inside it, symbolic links followed) and brings the stack up (dependency order, waiting for each
// depends_on condition, bounded by Config.UpTimeout); later Runs exec into
// the same stack, one at a time, so they share its state as the warm
// docker shape's commands share a container. A command that times out or
// whose context ends cannot be killed alone (an exec has no process group
// the engine can signal), so the whole stack is removed and the next Run
// brings up a new one. Close removes the stack. A failure while bringing
// it up removes what was created, and is returned at once to the later
// Runs of the same work directory (as is an error in the file).
//
// Containers, their anonymous volumes and the network carry
// integrations/docker's labels (managed, owner, instance, creator host,
// pid and start time) and autoverify.compose.stack; New reaps the stacks a
// dead process of the same Label left behind.
//
// Results are not cached (the Runner is no verify.Fingerprinter): a check's
// result depends on every service's image and state, which one string
// cannot vouch for.
package compose
