// Package kubernetes is the verify.Runner that runs each command as a
// batch/v1 Job in one namespace of a Kubernetes cluster, with
// k8s.io/client-go (v0.37, with k8s.io/api and k8s.io/apimachinery of the
// same release).
//
// # One Job per command
//
// Every verify.Command becomes its own Job (one pod, backoffLimit 0,
// restartPolicy Never). The alternative — one long-lived pod per (run,
// environment) with each command exec'd into it, like the Docker runner's
// warm shape — is not offered, because on Kubernetes it is not cheap:
//
//   - exec needs "create" on pods/exec, a far broader permission than the
//     Role below (it lets the service run anything in any pod of the
//     namespace), plus a SPDY/WebSocket stream per command;
//   - an exec has no deadline of its own: a timed-out command would have to
//     be ended by deleting the whole pod (as warm Docker does), while a Job
//     gets its deadline enforced by the control plane even if autoverify
//     crashes;
//   - the exit status, OOM kill and log of a Job's container are reported
//     by the kubelet per container; an exec's are not persisted anywhere.
//
// The price is a pod start per command: scheduling, an image pull (cached
// after the first on a node: use IfNotPresent and pinned tags) and the
// workspace fetch — seconds per command, where the Docker runner's warm
// shape costs milliseconds (not measured here: no cluster was reachable when
// this runner was written; only the fake clientset exercised it). Commands of
// a run therefore do not share build artefacts, as in the Docker runner's
// fresh shape.
//
// # The Job
//
//   - activeDeadlineSeconds = the command's timeout (+ Config.StartupAllowance,
//     zero by default: the deadline then also covers scheduling, pull and
//     fetch); terminationGracePeriodSeconds = Config.KillGrace.
//   - ttlSecondsAfterFinished = Config.TTLAfterFinished (5 min): Run deletes
//     the Job itself; the TTL and the deadline bound what a crashed service
//     leaves behind, so there is no orphan reaper.
//   - Pod and containers: runAsNonRoot, uid/gid 65532 (Config.User), fsGroup,
//     seccomp RuntimeDefault, read-only root filesystem, all capabilities
//     dropped, no privilege escalation, automountServiceAccountToken false,
//     enableServiceLinks false. This is meant to satisfy the "restricted" Pod
//     Security Standard (checked field by field, not against a live
//     admission controller), so the namespace can enforce it.
//   - Environment: CI=true, HOME=/tmp, LANG=C.UTF-8 (overridable),
//     Config.EnvPassthrough, the determinism defaults TZ=UTC,
//     LC_ALL=C.UTF-8, PYTHONHASHSEED=0 and NO_COLOR=1 (verify.DeterministicEnv)
//     and, over all of them, Config.Env (ENGINEO_RUNNER_ENV) — nothing from
//     the service's environment and, with
//     service links off, no *_SERVICE_HOST variables either. The image's own
//     ENV (PATH) is kept; argv is the container's command (no shell).
//   - Volumes: emptyDirs at /workspace (the command runs in /workspace/src)
//     and /tmp, with size limits; requests and limits from Config.Resources.
//   - Labels: autoverify.managed=true, autoverify.owner, autoverify.instance,
//     autoverify.job, autoverify.item (the item ID) and autoverify.run (from
//     WithRunID); the full IDs are also annotations (label values are cut to
//     63 characters). The manifest is golden-tested (testdata/*.golden;
//     go test -update rewrites them).
//
// # Workspace
//
// The command's work directory (verify.Command.Dir) is a path on the service,
// meaningless to a pod. Config.Workspace maps a command to the URL of a
// gzipped tarball of it; an init container ("workspace", Config.FetchImage,
// by default the environment's image) downloads it with curl or wget and
// extracts it into /workspace/src (DefaultFetchScript; Config.FetchCommand
// replaces it). The service is expected to serve the tarball under an
// unguessable, short-lived URL (a random 128-bit token per run, expiring
// with it): the URL is a bearer capability and is readable in the pod spec
// by anyone who may get pods in the namespace. It is given only to the init
// container, not to the command. A nil Workspace runs commands in an empty
// directory.
//
// # Network
//
// Kubernetes cannot switch a pod's network off, and a NetworkPolicy applies
// to the whole pod — the init container must reach the service for the
// tarball, so the command can too. Install a policy (the chart does not yet)
// that selects autoverify.managed=true pods, denies all ingress, and allows
// egress only to DNS and to the autoverify service's port, e.g.:
//
//	apiVersion: networking.k8s.io/v1
//	kind: NetworkPolicy
//	metadata: {name: autoverify-jobs}
//	spec:
//	  podSelector: {matchLabels: {autoverify.managed: "true"}}
//	  policyTypes: [Ingress, Egress]
//	  egress:
//	    - to: [{podSelector: {matchLabels: {app.kubernetes.io/name: autoverify}}}]
//	      ports: [{port: 8080, protocol: TCP}]
//	    - to: [{namespaceSelector: {}, podSelector: {matchLabels: {k8s-app: kube-dns}}}]
//	      ports: [{port: 53, protocol: UDP}, {port: 53, protocol: TCP}]
//
// (It needs a CNI that enforces policies.) Commands that need a registry
// (pnpm install) need an egress rule for it or a proxy. For stronger
// isolation than runc, set Config.RuntimeClassName (gVisor, Kata).
//
// # Following a Job
//
// Run creates the Job, then watches its pod (label autoverify.job) and the
// Job, re-reading both on every event and every Config.PollInterval (2 s):
// watches only wake it, so a dropped watch costs a poll interval. Once the
// command container has started, its log is followed (GetLogs, Follow) into
// a capture.Buffer with the local runner's head+tail cap, so output survives
// the pod's deletion at the deadline. (The kubelet rotates container logs
// at its containerLogMaxSize, 10 MiB by default: a command printing more
// loses the middle there before the cap applies.)
//
// Outcomes:
//
//   - main container terminated: its exitCode (128+signal for a signal);
//     OOMKilled → 137 with an "autoverify:" note naming the memory limit; a
//     runtime start error for a missing or non-executable program
//     (containerd's StartError, CRI-O's CreateContainerError) → 127 or 126,
//     as from the other runners;
//   - Job condition Failed/FailureTarget with reason DeadlineExceeded after
//     the command started → TimedOut, exit 124, the output so far. A pod
//     terminated while being deleted is not taken as the command's status
//     until the Job says why (the deadline kill reports 137/143);
//   - the deadline passing before the command started (unschedulable, slow
//     pull) → an error wrapping ErrPodStart, naming the pending reason.
//
// Errors (Run returns an error, not a Result; the bot reports ENV_ERROR /
// INFRA_BLOCKED): Forbidden or Unauthorized (ErrAccessDenied), an API server
// not answering (ErrClusterUnreachable), an image pull failure seen in any
// container's waiting state — ErrImagePull, ImagePullBackOff,
// InvalidImageName, ErrImageNeverPull — (ErrImagePull, at once rather than
// after the kubelet's back-off has eaten the deadline), the workspace hook
// or init container failing (ErrWorkspace), eviction or a refused container
// config (ErrPodStart), and a Job deleted by someone else or never
// reporting an end within its deadline plus a minute (ErrJobLost).
// Transient read errors are retried up to five polls. When ctx ends first,
// Run returns the partial Result with ctx's error.
//
// Whatever happened, the Job is deleted with propagation Background (its
// pod goes with it) using a fresh context, since Run's may have ended.
//
// # Running it on a cluster
//
// In the service's pod, NewInCluster uses the service account's token and
// namespace; elsewhere build a rest.Config (k8s.io/client-go/tools/clientcmd
// for a kubeconfig) and call NewForConfig. The service account needs, in the
// Jobs' namespace, exactly the Role in charts/autoverify/templates/rbac.yaml
// (rbac.create=true):
//
//	rules:
//	  - {apiGroups: ["batch"], resources: ["jobs"],     verbs: [create, get, list, watch, delete]}
//	  - {apiGroups: [""],      resources: ["pods"],     verbs: [get, list, watch]}
//	  - {apiGroups: [""],      resources: ["pods/log"], verbs: [get]}
//
// Run uses create/get/watch/delete on jobs, list/watch on pods and get on
// pods/log; nothing else (no secrets, no exec, no events). If Jobs run in
// another namespace than the service, bind the Role there. A quick check:
//
//	kubectl auth can-i create jobs.batch --as=system:serviceaccount:NS:SA -n NS
//	kubectl auth can-i get pods/log      --as=system:serviceaccount:NS:SA -n NS
//
// and a smoke run against kind or any cluster:
//
//	r, _ := kubernetes.NewForConfig(kubernetes.Config{Namespace: "autoverify", Image: "busybox:1.36"}, rc)
//	res, err := r.Run(ctx, verify.Command{Argv: []string{"sh", "-c", "echo hi; exit 3"}, Timeout: time.Minute})
//
// The tests use client-go's fake clientset with a simulated Job controller
// and kubelet; the fake's GetLogs answers "fake logs", which the tests
// assert as the log path working.
package kubernetes
