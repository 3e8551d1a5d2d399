package kubernetes

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"strings"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	utilnet "k8s.io/apimachinery/pkg/util/net"
	"k8s.io/apimachinery/pkg/watch"
	kclient "k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"

	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/capture"
)

// Sentinel errors, so that the bot can tell an infrastructure failure
// (ENV_ERROR / INFRA_BLOCKED) from anything else with errors.Is. A command
// that ran and failed, timed out or could not be found is a Result, never
// one of these. An unreachable API server and a lost Job match
// verify.ErrTransient too, so the pipeline retries them.
var (
	// ErrClusterUnreachable wraps errors of an API server that does not
	// answer (connection refused, DNS, TLS, EOF).
	ErrClusterUnreachable = verify.Transient(errors.New("kubernetes API server unreachable"))
	// ErrAccessDenied wraps Forbidden and Unauthorized answers: missing
	// RBAC (see the package doc), an expired token, or an admission policy
	// refusing the pod.
	ErrAccessDenied = errors.New("kubernetes access denied")
	// ErrImagePull wraps an image the node could not pull (ErrImagePull,
	// ImagePullBackOff, InvalidImageName, ErrImageNeverPull).
	ErrImagePull = errors.New("kubernetes image pull failed")
	// ErrWorkspace wraps a failure to provide the workspace: the
	// Config.Workspace hook failed or the init container could not fetch
	// or extract the tarball.
	ErrWorkspace = errors.New("kubernetes workspace unavailable")
	// ErrPodStart wraps a pod that never got its command running: the
	// deadline passed while it was pending (unschedulable, slow pull), it
	// was evicted, or its configuration was refused by the kubelet.
	ErrPodStart = errors.New("kubernetes pod did not run the command")
	// ErrJobLost wraps a Job that vanished or never reached an end within
	// its deadline plus a margin (a stalled Job controller).
	ErrJobLost = verify.Transient(errors.New("kubernetes job lost"))
)

// Exit codes, as the local and Docker runners report them.
const (
	ExitTimedOut      = 124
	ExitNotExecutable = 126
	ExitNotFound      = 127
	ExitOOMKilled     = 128 + 9
)

const (
	// cleanupTimeout bounds the Job deletion, made with a fresh context
	// because Run's may have ended.
	cleanupTimeout = 30 * time.Second
	// logDrain bounds the wait for the log stream's end once the command
	// has terminated.
	logDrain = 10 * time.Second
	// backstopSlack is added to the Job's deadline (and the kill grace)
	// before Run gives up on a Job that never reports an end.
	backstopSlack = time.Minute
	// maxAPIFailures is how many consecutive failed reads of the Job and
	// pod Run tolerates (a restarting API server) before it gives up.
	maxAPIFailures = 5
)

// serviceAccountNamespace is where NewInCluster reads its namespace.
const serviceAccountNamespace = "/var/run/secrets/kubernetes.io/serviceaccount/namespace"

// Runner runs each command as a batch/v1 Job in one namespace. It holds no
// per-command state and is safe for concurrent use.
type Runner struct {
	s        settings
	client   kclient.Interface
	instance string

	// Replaceable by tests.
	newName       func() string
	backstopSlack time.Duration
	logDrain      time.Duration
}

var _ verify.Runner = (*Runner)(nil)

// New validates cfg and returns a Runner using client. It makes no API
// call: an unreachable cluster shows up as Run's error.
func New(cfg Config, client kclient.Interface) (*Runner, error) {
	s, err := cfg.settle()
	if err != nil {
		return nil, err
	}
	if client == nil {
		return nil, errors.New("kubernetes: nil client")
	}
	return &Runner{
		s:             s,
		client:        client,
		instance:      randomName(10),
		newName:       func() string { return "autoverify-" + randomName(12) },
		backstopSlack: backstopSlack,
		logDrain:      logDrain,
	}, nil
}

// NewForConfig is New with a clientset built from rc (for a kubeconfig,
// build rc with k8s.io/client-go/tools/clientcmd).
func NewForConfig(cfg Config, rc *rest.Config) (*Runner, error) {
	cs, err := kclient.NewForConfig(rc)
	if err != nil {
		return nil, fmt.Errorf("kubernetes: client: %w", err)
	}
	return New(cfg, cs)
}

// NewInCluster is New for a service running in a pod: the service
// account's token and CA, and, when cfg.Namespace is empty, the pod's own
// namespace.
func NewInCluster(cfg Config) (*Runner, error) {
	rc, err := rest.InClusterConfig()
	if err != nil {
		return nil, fmt.Errorf("kubernetes: in-cluster config: %w", err)
	}
	if cfg.Namespace == "" {
		b, err := os.ReadFile(serviceAccountNamespace)
		if err != nil {
			return nil, fmt.Errorf("kubernetes: no namespace configured and none in the service account: %w", err)
		}
		cfg.Namespace = strings.TrimSpace(string(b))
	}
	return NewForConfig(cfg, rc)
}

// Namespace is where the Jobs are created.
func (r *Runner) Namespace() string { return r.s.Namespace }

// Instance is this Runner's autoverify.instance label value.
func (r *Runner) Instance() string { return r.instance }

// Run creates a Job for cmd, follows it to its end, reads the command's
// log and deletes the Job (always, with a fresh context). A command that
// exits, fails to start (127/126) or exceeds its timeout (124, TimedOut)
// is a Result; the cluster refusing or failing to run the pod is an error
// wrapping one of the sentinels above. When ctx ends first the partial
// Result comes with ctx's error.
func (r *Runner) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	if len(cmd.Argv) == 0 || cmd.Argv[0] == "" {
		return verify.Result{}, fmt.Errorf("kubernetes: item %q: empty argv", cmd.ItemID)
	}
	if err := ctx.Err(); err != nil {
		return verify.Result{}, fmt.Errorf("kubernetes: running %s: %w", cmd.Argv[0], err)
	}
	timeout := cmd.Timeout
	if timeout <= 0 {
		timeout = r.s.Timeout
	}
	var wsURL string
	if r.s.Workspace != nil {
		var err error
		wsURL, err = r.s.Workspace(ctx, cmd)
		if err != nil {
			return verify.Result{}, fmt.Errorf("kubernetes: %w: workspace for %s: %w", ErrWorkspace, cmd.HostDir(), err)
		}
		if wsURL == "" {
			return verify.Result{}, fmt.Errorf("kubernetes: %w: empty workspace URL for %s", ErrWorkspace, cmd.HostDir())
		}
	}
	job := r.s.buildJob(jobSpec{
		name:         r.newName(),
		instance:     r.instance,
		itemID:       cmd.ItemID,
		runID:        RunID(ctx),
		argv:         cmd.Argv,
		workspaceURL: wsURL,
		timeout:      timeout,
	})
	start := time.Now()
	if _, err := r.client.BatchV1().Jobs(r.s.Namespace).Create(ctx, job, metav1.CreateOptions{}); err != nil {
		if ambiguous(err) {
			// The request may have reached the server: make sure.
			r.deleteJob(job.Name)
		}
		return verify.Result{}, r.apiErr(ctx, "creating job for "+cmd.Argv[0], err)
	}
	defer r.deleteJob(job.Name)
	return r.follow(ctx, job, cmd.Argv[0], cmd.KeptBytes(r.s.OutputLimit), start)
}

// deleteJob deletes the Job and, through background propagation, its pod.
// A failure is not an error of the command that ran: the Job's TTL and
// deadline bound what is left behind.
func (r *Runner) deleteJob(name string) {
	ctx, cancel := context.WithTimeout(context.Background(), cleanupTimeout)
	defer cancel()
	policy := metav1.DeletePropagationBackground
	_ = r.client.BatchV1().Jobs(r.s.Namespace).Delete(ctx, name, metav1.DeleteOptions{PropagationPolicy: &policy})
}

// outcome is what one look at the Job and its pod concluded.
type outcome struct {
	done     bool
	timedOut bool
	exitCode int
	note     string // appended to the output, as "autoverify: note"
	err      error  // infrastructure failure: Run returns it
	pod      string // the pod, once known
	started  bool   // the command container has started
	finished time.Duration
}

// follow watches (and polls) the Job and its pod until the command ends.
func (r *Runner) follow(ctx context.Context, job *batchv1.Job, name string, limit int, start time.Time) (verify.Result, error) {
	ns := r.s.Namespace
	pods := r.client.CoreV1().Pods(ns)
	jobs := r.client.BatchV1().Jobs(ns)
	podSel := metav1.ListOptions{LabelSelector: LabelJob + "=" + job.Name}
	jobSel := metav1.ListOptions{FieldSelector: fields.OneTermEqualSelector("metadata.name", job.Name).String()}

	var podW, jobW watch.Interface
	defer func() {
		for _, w := range []watch.Interface{podW, jobW} {
			if w != nil {
				w.Stop()
			}
		}
	}()
	ticker := time.NewTicker(r.s.PollInterval)
	defer ticker.Stop()
	deadline := time.Duration(*job.Spec.ActiveDeadlineSeconds) * time.Second
	backstop := time.NewTimer(deadline + r.s.KillGrace + r.backstopSlack)
	defer backstop.Stop()

	var (
		logs     *logStream
		started  bool
		failures int
		o        outcome
	)
	defer func() {
		if logs != nil {
			logs.stop()
		}
	}()
	for {
		// Watches only wake the loop; every decision is made on fresh
		// reads, so a missed or failed watch costs at most a poll interval.
		if podW == nil {
			podW, _ = pods.Watch(ctx, podSel)
		}
		if jobW == nil {
			jobW, _ = jobs.Watch(ctx, jobSel)
		}
		var err error
		o, err = r.observe(ctx, job.Name, started)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			failures++
			if errors.Is(err, ErrAccessDenied) || errors.Is(err, ErrJobLost) || failures >= maxAPIFailures {
				return verify.Result{}, err
			}
		} else {
			failures = 0
			started = started || o.started
			if o.pod != "" && started && logs == nil {
				logs = r.startLogs(ctx, o.pod, limit)
			}
			if o.done {
				break
			}
		}
		select {
		case _, ok := <-resultChan(podW):
			if !ok {
				podW = nil
			}
		case _, ok := <-resultChan(jobW):
			if !ok {
				jobW = nil
			}
		case <-ticker.C:
		case <-backstop.C:
			return verify.Result{}, fmt.Errorf("kubernetes: %w: job %s/%s for %s reported no end %v after its deadline",
				ErrJobLost, ns, job.Name, name, r.s.KillGrace+r.backstopSlack)
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
	}

	if ctx.Err() != nil {
		res := verify.Result{Duration: time.Since(start)}
		if logs != nil {
			logs.stop()
			res.Output, res.OmittedBytes = logs.buf.Bytes(), logs.buf.Omitted()
		}
		return res, fmt.Errorf("kubernetes: running %s: %w", name, ctx.Err())
	}
	if o.err != nil {
		return verify.Result{}, o.err
	}
	res := verify.Result{ExitCode: o.exitCode, TimedOut: o.timedOut, Duration: o.finished}
	if res.Duration <= 0 {
		res.Duration = time.Since(start)
	}
	if o.timedOut {
		res.ExitCode = ExitTimedOut
	}
	buf := capture.New(limit)
	if logs == nil && o.pod != "" && started {
		logs = r.startLogs(ctx, o.pod, limit)
	}
	if logs != nil {
		logs.wait(r.logDrain)
		buf = logs.buf
		if logs.err != nil && !errors.Is(logs.err, context.Canceled) {
			fmt.Fprintf(buf, "\nautoverify: reading the log of pod %s: %v\n", o.pod, logs.err)
		}
	}
	if o.note != "" {
		fmt.Fprintf(buf, "\nautoverify: %s\n", o.note)
	}
	res.Output, res.OmittedBytes = buf.Bytes(), buf.Omitted()
	return res, nil
}

func resultChan(w watch.Interface) <-chan watch.Event {
	if w == nil {
		return nil
	}
	return w.ResultChan()
}

// observe reads the pod, then the Job (in that order: a pod killed at the
// deadline is seen with the Job's deadline condition already written by
// current controllers), and decides.
func (r *Runner) observe(ctx context.Context, jobName string, startedBefore bool) (outcome, error) {
	pod, err := r.podOf(ctx, jobName)
	if err != nil {
		return outcome{}, err
	}
	job, err := r.client.BatchV1().Jobs(r.s.Namespace).Get(ctx, jobName, metav1.GetOptions{})
	if apierrors.IsNotFound(err) {
		return outcome{}, fmt.Errorf("kubernetes: %w: job %s/%s was deleted while it ran", ErrJobLost, r.s.Namespace, jobName)
	}
	if err != nil {
		return outcome{}, r.apiErr(ctx, "reading job "+jobName, err)
	}
	o := decide(job, pod, startedBefore)
	if o.done && errors.Is(o.err, ErrPodStart) {
		// The Job gave up before the command started: the pod read
		// before it may predate what the scheduler or kubelet wrote
		// since (why it never started), so read it once more.
		if again, err := r.podOf(ctx, jobName); err == nil {
			o = decide(job, again, startedBefore)
		}
	}
	return o, nil
}

// podOf is the newest pod of job jobName, nil when there is none.
func (r *Runner) podOf(ctx context.Context, jobName string) (*corev1.Pod, error) {
	list, err := r.client.CoreV1().Pods(r.s.Namespace).List(ctx, metav1.ListOptions{LabelSelector: LabelJob + "=" + jobName})
	if err != nil {
		return nil, r.apiErr(ctx, "listing the pods of job "+jobName, err)
	}
	return newestPod(list.Items), nil
}

func newestPod(items []corev1.Pod) *corev1.Pod {
	var p *corev1.Pod
	for i := range items {
		if p == nil || p.CreationTimestamp.Before(&items[i].CreationTimestamp) {
			p = &items[i]
		}
	}
	return p
}

// Waiting reasons that end a run as an infrastructure error.
var (
	pullReasons = map[string]bool{
		"ErrImagePull": true, "ImagePullBackOff": true, "InvalidImageName": true,
		"ErrImageNeverPull": true, "RegistryUnavailable": true, "SignatureValidationFailed": true,
	}
	configReasons = map[string]bool{
		"CreateContainerConfigError": true, "CreateContainerError": true, "RunContainerError": true,
		"PreCreateHookError": true, "PreStartHookError": true,
	}
)

// decide is the state machine, a pure function of the Job and its newest
// pod (nil when none exists yet or any more).
func decide(job *batchv1.Job, pod *corev1.Pod, startedBefore bool) outcome {
	var o outcome
	fail := func(sentinel error, format string, args ...any) outcome {
		o.done = true
		o.err = fmt.Errorf("kubernetes: %w: job %s/%s: %s", sentinel, job.Namespace, job.Name, fmt.Sprintf(format, args...))
		return o
	}
	var main *corev1.ContainerStatus
	if pod != nil {
		o.pod = pod.Name
		main = containerStatus(pod.Status.ContainerStatuses, ContainerMain)
		if main != nil && (main.State.Running != nil || main.State.Terminated != nil) {
			o.started = true
		}
	}

	// The Job's own verdict on the deadline comes first: the pod it
	// killed reports 137 or 143, which is not the command's status.
	if c := jobCondition(job, batchv1.JobReasonDeadlineExceeded); c != nil {
		if o.started || startedBefore {
			o.done, o.timedOut = true, true
			if main != nil && main.State.Terminated != nil && !main.State.Terminated.StartedAt.IsZero() {
				o.finished = main.State.Terminated.FinishedAt.Sub(main.State.Terminated.StartedAt.Time)
			}
			return o
		}
		return fail(ErrPodStart, "deadline (%ds) exceeded before the command started%s",
			deref(job.Spec.ActiveDeadlineSeconds), pendingReason(pod))
	}

	if pod != nil {
		if main != nil && main.State.Terminated != nil {
			t := main.State.Terminated
			if pod.DeletionTimestamp != nil && !jobFinished(job) {
				// Killed by a deletion (a deadline the Job has not
				// reported yet, or someone else): wait for the Job.
				return o
			}
			if t.Reason == "StartError" || t.Reason == "ContainerCannotRun" {
				if code, detail, ok := startFailure(t.Message); ok {
					o.done, o.exitCode, o.note = true, code, detail
					return o
				}
				return fail(ErrPodStart, "container could not start: %s", t.Message)
			}
			o.done, o.exitCode = true, int(t.ExitCode)
			if o.exitCode == 0 && t.Signal != 0 {
				o.exitCode = 128 + int(t.Signal)
			}
			if t.Reason == "OOMKilled" {
				o.exitCode = ExitOOMKilled
				o.note = "the command was killed for exceeding its memory limit (OOMKilled, exit 137)"
				if lim := memoryLimit(pod); lim != "" {
					o.note = "the command was killed for exceeding its memory limit of " + lim + " (OOMKilled, exit 137)"
				}
			}
			if !t.StartedAt.IsZero() && !t.FinishedAt.Before(&t.StartedAt) {
				o.finished = t.FinishedAt.Sub(t.StartedAt.Time)
			}
			return o
		}
		for _, st := range pod.Status.InitContainerStatuses {
			if t := st.State.Terminated; t != nil && t.ExitCode != 0 {
				return fail(ErrWorkspace, "init container %s exited %d (%s): %s", st.Name, t.ExitCode, t.Reason, strings.TrimSpace(t.Message))
			}
		}
		for _, st := range append(append([]corev1.ContainerStatus(nil), pod.Status.InitContainerStatuses...), pod.Status.ContainerStatuses...) {
			w := st.State.Waiting
			if w == nil {
				continue
			}
			switch {
			case pullReasons[w.Reason]:
				return fail(ErrImagePull, "container %s: %s: %s", st.Name, w.Reason, w.Message)
			case configReasons[w.Reason]:
				if st.Name == ContainerMain {
					if code, detail, ok := startFailure(w.Message); ok {
						o.done, o.exitCode, o.note = true, code, detail
						return o
					}
				}
				return fail(ErrPodStart, "container %s: %s: %s", st.Name, w.Reason, w.Message)
			}
		}
		if pod.Status.Phase == corev1.PodFailed {
			return fail(ErrPodStart, "pod %s failed before the command ended: %s %s", pod.Name, pod.Status.Reason, pod.Status.Message)
		}
	}

	switch {
	case jobHas(job, batchv1.JobComplete) || jobHas(job, batchv1.JobSuccessCriteriaMet):
		if pod == nil {
			// Succeeded, but the pod (and its log) is gone.
			o.done = true
			o.note = "the pod was gone before its log could be read; the Job reports success"
		}
	case jobHas(job, batchv1.JobFailed) || jobHas(job, batchv1.JobFailureTarget):
		if pod == nil || pod.Status.Phase == corev1.PodFailed || pod.Status.Phase == corev1.PodSucceeded {
			c := terminalCondition(job)
			return fail(ErrPodStart, "job failed without a command exit status: %s: %s", c.Reason, c.Message)
		}
	}
	return o
}

func containerStatus(sts []corev1.ContainerStatus, name string) *corev1.ContainerStatus {
	for i := range sts {
		if sts[i].Name == name {
			return &sts[i]
		}
	}
	return nil
}

// jobCondition returns the Failed or FailureTarget condition with reason.
func jobCondition(job *batchv1.Job, reason string) *batchv1.JobCondition {
	for i, c := range job.Status.Conditions {
		if (c.Type == batchv1.JobFailed || c.Type == batchv1.JobFailureTarget) &&
			c.Status == corev1.ConditionTrue && c.Reason == reason {
			return &job.Status.Conditions[i]
		}
	}
	return nil
}

func jobHas(job *batchv1.Job, t batchv1.JobConditionType) bool {
	for _, c := range job.Status.Conditions {
		if c.Type == t && c.Status == corev1.ConditionTrue {
			return true
		}
	}
	return false
}

func jobFinished(job *batchv1.Job) bool {
	return jobHas(job, batchv1.JobComplete) || jobHas(job, batchv1.JobFailed) ||
		jobHas(job, batchv1.JobFailureTarget) || jobHas(job, batchv1.JobSuccessCriteriaMet)
}

func terminalCondition(job *batchv1.Job) batchv1.JobCondition {
	for _, c := range job.Status.Conditions {
		if (c.Type == batchv1.JobFailed || c.Type == batchv1.JobFailureTarget) && c.Status == corev1.ConditionTrue {
			return c
		}
	}
	return batchv1.JobCondition{}
}

// pendingReason says why a pod has not started, for error messages.
func pendingReason(pod *corev1.Pod) string {
	if pod == nil {
		return " (no pod was created)"
	}
	for _, c := range pod.Status.Conditions {
		if c.Type == corev1.PodScheduled && c.Status == corev1.ConditionFalse {
			return fmt.Sprintf(" (pod %s unscheduled: %s: %s)", pod.Name, c.Reason, c.Message)
		}
	}
	for _, st := range append(append([]corev1.ContainerStatus(nil), pod.Status.InitContainerStatuses...), pod.Status.ContainerStatuses...) {
		if w := st.State.Waiting; w != nil && w.Reason != "" {
			return fmt.Sprintf(" (pod %s, container %s waiting: %s %s)", pod.Name, st.Name, w.Reason, w.Message)
		}
	}
	return fmt.Sprintf(" (pod %s %s)", pod.Name, pod.Status.Phase)
}

func memoryLimit(pod *corev1.Pod) string {
	for _, c := range pod.Spec.Containers {
		if c.Name == ContainerMain {
			if q, ok := c.Resources.Limits[corev1.ResourceMemory]; ok {
				return q.String()
			}
		}
	}
	return ""
}

// startFailure recognises the runtime's message for a program that could
// not be started and turns it into the exit code a shell would report, as
// the Docker runner does. containerd reports it as a terminated
// "StartError" (exit 128), CRI-O as a waiting "CreateContainerError"; both
// messages name the program: `exec: "x": executable file not found in
// $PATH`.
func startFailure(msg string) (int, string, bool) {
	i := strings.Index(msg, `exec: "`)
	if i < 0 {
		return 0, "", false
	}
	detail := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(msg[i+len("exec: "):]), ": unknown"))
	switch {
	case strings.Contains(msg, "executable file not found"), strings.Contains(msg, "no such file or directory"):
		return ExitNotFound, detail, true
	case strings.Contains(msg, "permission denied"), strings.Contains(msg, "exec format error"),
		strings.Contains(msg, "is a directory"), strings.Contains(msg, "not a directory"):
		return ExitNotExecutable, detail, true
	}
	return 0, "", false
}

// logStream follows the command container's log into a capped buffer.
type logStream struct {
	buf    *capture.Buffer
	cancel context.CancelFunc
	done   chan struct{}
	err    error // set before done is closed
}

// startLogs follows the log from the start (Follow: the stream ends when
// the container does), so that output is kept even if the pod is deleted
// at the deadline.
func (r *Runner) startLogs(ctx context.Context, pod string, limit int) *logStream {
	lctx, cancel := context.WithCancel(ctx)
	ls := &logStream{buf: capture.New(limit), cancel: cancel, done: make(chan struct{})}
	req := r.client.CoreV1().Pods(r.s.Namespace).GetLogs(pod, &corev1.PodLogOptions{Container: ContainerMain, Follow: true})
	go func() {
		defer close(ls.done)
		rc, err := req.Stream(lctx)
		if err != nil {
			ls.err = err
			return
		}
		defer rc.Close()
		if _, err := io.Copy(ls.buf, rc); err != nil && lctx.Err() == nil {
			ls.err = err
		}
	}()
	return ls
}

// wait gives the stream up to d to end on its own, then cuts it.
func (ls *logStream) wait(d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ls.done:
	case <-t.C:
		ls.stop()
	}
}

func (ls *logStream) stop() {
	ls.cancel()
	<-ls.done
}

// apiErr wraps an API error with what was being done and the sentinel the
// bot classifies by.
func (r *Runner) apiErr(ctx context.Context, op string, err error) error {
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("kubernetes: %s: %w", op, ctx.Err())
	case apierrors.IsForbidden(err) || apierrors.IsUnauthorized(err):
		return fmt.Errorf("kubernetes: %w: %s in namespace %s (check the Role in charts/autoverify/templates/rbac.yaml and admission policies): %w",
			ErrAccessDenied, op, r.s.Namespace, err)
	case unreachable(err):
		return fmt.Errorf("kubernetes: %w: %s: %w", ErrClusterUnreachable, op, err)
	}
	return fmt.Errorf("kubernetes: %s in namespace %s: %w", op, r.s.Namespace, err)
}

func unreachable(err error) bool {
	if utilnet.IsConnectionRefused(err) || utilnet.IsProbableEOF(err) || utilnet.IsConnectionReset(err) {
		return true
	}
	var ne net.Error
	var ue *url.Error
	return errors.As(err, &ne) || errors.As(err, &ue)
}

// ambiguous reports whether a failed create may nonetheless have created
// the Job: no answer from the server, but not a refused connection.
func ambiguous(err error) bool {
	var st apierrors.APIStatus
	if errors.As(err, &st) {
		return apierrors.IsTimeout(err) || apierrors.IsServerTimeout(err) || apierrors.IsInternalError(err)
	}
	return !utilnet.IsConnectionRefused(err)
}

func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// randomName is n lowercase base32 characters: a valid DNS label part.
func randomName(n int) string {
	return strings.ToLower(rand.Text()[:n])
}
