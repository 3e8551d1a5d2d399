package kubernetes

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	authv1 "k8s.io/api/authorization/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"

	"github.com/engineo/autoverify/bot/verify"
)

const testNS = "av"

// cluster is a fake clientset plus a simulated Job controller and kubelet:
// each created Job gets its pod moved through the states a scenario
// names, from a goroutine (reactors run under the fake's lock).
type cluster struct {
	t  *testing.T
	cs *fake.Clientset
	wg sync.WaitGroup
}

// scenario drives one Job's pod; it gets the created Job.
type scenario func(c *cluster, job *batchv1.Job)

func newCluster(t *testing.T, sc scenario) *cluster {
	c := &cluster{t: t, cs: fake.NewClientset()}
	if sc != nil {
		c.cs.PrependReactor("create", "jobs", func(a k8stesting.Action) (bool, runtime.Object, error) {
			job := a.(k8stesting.CreateAction).GetObject().(*batchv1.Job).DeepCopy()
			c.wg.Go(func() { sc(c, job) })
			return false, nil, nil // let the tracker store it
		})
	}
	t.Cleanup(c.wg.Wait)
	return c
}

func (c *cluster) runner(mutate func(*Config)) *Runner {
	cfg := Config{
		Namespace:    testNS,
		Image:        "env:1",
		PollInterval: 5 * time.Millisecond,
		Workspace: func(context.Context, verify.Command) (string, error) {
			return "https://autoverify.test/workspaces/secret-token.tar.gz", nil
		},
	}
	if mutate != nil {
		mutate(&cfg)
	}
	r, err := New(cfg, c.cs)
	if err != nil {
		c.t.Fatal(err)
	}
	var n atomic.Int32
	r.newName = func() string { return fmt.Sprintf("autoverify-test%d", n.Add(1)) }
	r.backstopSlack = 5 * time.Second
	r.logDrain = 2 * time.Second
	return r
}

// pod creates the Job's pod as the Job controller would.
func (c *cluster) pod(job *batchv1.Job) *corev1.Pod {
	p := &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{
			Name:              job.Name + "-x7k2p",
			Namespace:         job.Namespace,
			Labels:            job.Spec.Template.Labels,
			CreationTimestamp: metav1.Now(),
		},
		Spec:   *job.Spec.Template.Spec.DeepCopy(),
		Status: corev1.PodStatus{Phase: corev1.PodPending},
	}
	p, err := c.cs.CoreV1().Pods(job.Namespace).Create(context.Background(), p, metav1.CreateOptions{})
	if err != nil {
		c.t.Errorf("creating pod: %v", err)
	}
	return p
}

// setPod applies f to the pod's status.
func (c *cluster) setPod(p *corev1.Pod, f func(*corev1.PodStatus)) {
	time.Sleep(10 * time.Millisecond)
	cur, err := c.cs.CoreV1().Pods(p.Namespace).Get(context.Background(), p.Name, metav1.GetOptions{})
	if err != nil {
		return // deleted: the run is over
	}
	f(&cur.Status)
	_, _ = c.cs.CoreV1().Pods(p.Namespace).UpdateStatus(context.Background(), cur, metav1.UpdateOptions{})
}

// setJob applies f to the Job's status, waiting for the tracker to hold it.
func (c *cluster) setJob(job *batchv1.Job, f func(*batchv1.JobStatus)) {
	for range 200 {
		cur, err := c.cs.BatchV1().Jobs(job.Namespace).Get(context.Background(), job.Name, metav1.GetOptions{})
		if err == nil {
			f(&cur.Status)
			_, _ = c.cs.BatchV1().Jobs(job.Namespace).UpdateStatus(context.Background(), cur, metav1.UpdateOptions{})
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func running(s *corev1.PodStatus) {
	s.Phase = corev1.PodRunning
	s.InitContainerStatuses = []corev1.ContainerStatus{{Name: ContainerWorkspace, State: corev1.ContainerState{
		Terminated: &corev1.ContainerStateTerminated{ExitCode: 0, Reason: "Completed"}}}}
	s.ContainerStatuses = []corev1.ContainerStatus{{Name: ContainerMain, State: corev1.ContainerState{
		Running: &corev1.ContainerStateRunning{StartedAt: metav1.Now()}}}}
}

func terminated(code int32, reason string) func(*corev1.PodStatus) {
	return func(s *corev1.PodStatus) {
		started := s.ContainerStatuses[0].State.Running.StartedAt
		s.Phase = corev1.PodSucceeded
		if code != 0 {
			s.Phase = corev1.PodFailed
		}
		s.ContainerStatuses[0].State = corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{
			ExitCode: code, Reason: reason, StartedAt: started, FinishedAt: metav1.Now()}}
	}
}

func condition(t batchv1.JobConditionType, reason string) func(*batchv1.JobStatus) {
	return func(s *batchv1.JobStatus) {
		s.Conditions = append(s.Conditions, batchv1.JobCondition{Type: t, Status: corev1.ConditionTrue, Reason: reason})
	}
}

// exits is a scenario: pending, running, then the command exits with code.
func exits(code int32, reason string) scenario {
	return func(c *cluster, job *batchv1.Job) {
		p := c.pod(job)
		c.setPod(p, running)
		c.setPod(p, terminated(code, reason))
		if code == 0 {
			c.setJob(job, condition(batchv1.JobComplete, ""))
		} else {
			c.setJob(job, condition(batchv1.JobFailed, "BackoffLimitExceeded"))
		}
	}
}

var testCmd = verify.Command{ItemID: "abc12345", Argv: []string{"go", "test", "./..."}, Dir: "/src", Timeout: time.Minute}

// assertDeleted checks that every Job created was deleted, with
// background propagation.
func (c *cluster) assertDeleted() {
	c.t.Helper()
	created, deleted := 0, 0
	for _, a := range c.cs.Actions() {
		switch {
		case a.Matches("create", "jobs"):
			created++
		case a.Matches("delete", "jobs"):
			deleted++
			opts := a.(k8stesting.DeleteActionImpl).DeleteOptions
			if opts.PropagationPolicy == nil || *opts.PropagationPolicy != metav1.DeletePropagationBackground {
				c.t.Errorf("delete with propagation %v, want Background", opts.PropagationPolicy)
			}
		}
	}
	if created == 0 || deleted != created {
		c.t.Errorf("%d jobs created, %d deleted", created, deleted)
	}
	jobs, err := c.cs.BatchV1().Jobs(testNS).List(context.Background(), metav1.ListOptions{})
	if err != nil || len(jobs.Items) != 0 {
		c.t.Errorf("jobs left: %v %v", jobs, err)
	}
}

func TestRunSuccess(t *testing.T) {
	c := newCluster(t, exits(0, "Completed"))
	r := c.runner(nil)
	res, err := r.Run(WithRunID(context.Background(), "run-1"), testCmd)
	if err != nil {
		t.Fatal(err)
	}
	// The fake clientset's GetLogs answers "fake logs": that is the log
	// path (a followed stream of the main container) working end to end.
	if res.ExitCode != 0 || res.TimedOut || string(res.Output) != "fake logs" || res.OmittedBytes != 0 {
		t.Errorf("result %+v (output %q), want exit 0 and the fake logs", res, res.Output)
	}
	c.assertDeleted()

	var logOpts *corev1.PodLogOptions
	var job *batchv1.Job
	for _, a := range c.cs.Actions() {
		if a.GetSubresource() == "log" {
			logOpts = a.(k8stesting.GenericActionImpl).Value.(*corev1.PodLogOptions)
		}
		if a.Matches("create", "jobs") {
			job = a.(k8stesting.CreateAction).GetObject().(*batchv1.Job)
		}
	}
	if logOpts == nil || logOpts.Container != ContainerMain || !logOpts.Follow {
		t.Errorf("log options %+v, want the main container, followed", logOpts)
	}
	if job.Labels[LabelRun] != "run-1" || job.Labels[LabelItem] != "abc12345" || job.Labels[LabelManaged] != "true" {
		t.Errorf("labels %v", job.Labels)
	}
	if got := *job.Spec.ActiveDeadlineSeconds; got != 60 {
		t.Errorf("activeDeadlineSeconds %d, want the command's 60", got)
	}
}

// TestRunJobEnv: the Job a Run creates gives the command the determinism
// defaults whatever is passed through, and Config.Env (ENGINEO_RUNNER_ENV)
// over them. No cluster runs the pod here, so this reads the command
// container's environment as the API server received it.
func TestRunJobEnv(t *testing.T) {
	for _, tc := range []struct {
		set  []string
		want map[string]string
	}{
		{nil, map[string]string{"TZ": "UTC", "LC_ALL": "C.UTF-8", "PYTHONHASHSEED": "0", "NO_COLOR": "1", "HOME": "/tmp"}},
		{[]string{"PYTHONHASHSEED=random", "HOME=/tmp/home"}, map[string]string{"TZ": "UTC", "PYTHONHASHSEED": "random", "HOME": "/tmp/home"}},
	} {
		c := newCluster(t, exits(0, "Completed"))
		r := c.runner(func(cfg *Config) {
			cfg.EnvPassthrough = map[string]string{"TZ": "America/New_York", "PYTHONHASHSEED": "random"}
			cfg.Env = tc.set
		})
		if _, err := r.Run(context.Background(), testCmd); err != nil {
			t.Fatal(err)
		}
		var job *batchv1.Job
		for _, a := range c.cs.Actions() {
			if a.Matches("create", "jobs") {
				job = a.(k8stesting.CreateAction).GetObject().(*batchv1.Job)
			}
		}
		var main *corev1.Container
		for i, ct := range job.Spec.Template.Spec.Containers {
			if ct.Name == ContainerMain {
				main = &job.Spec.Template.Spec.Containers[i]
			}
		}
		got := map[string]string{}
		for _, e := range main.Env {
			if _, dup := got[e.Name]; dup {
				t.Errorf("%s set twice", e.Name)
			}
			got[e.Name] = e.Value
		}
		for name, want := range tc.want {
			if got[name] != want {
				t.Errorf("Env %q: the command's %s = %q, want %q", tc.set, name, got[name], want)
			}
		}
	}
}

func TestRunFailureExit3(t *testing.T) {
	c := newCluster(t, exits(3, "Error"))
	res, err := c.runner(nil).Run(context.Background(), testCmd)
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 3 || res.TimedOut || string(res.Output) != "fake logs" {
		t.Errorf("result %+v, want exit 3", res)
	}
	c.assertDeleted()
}

func TestRunOOMKilled(t *testing.T) {
	c := newCluster(t, exits(137, "OOMKilled"))
	res, err := c.runner(nil).Run(context.Background(), testCmd)
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != ExitOOMKilled || !strings.Contains(string(res.Output), "OOMKilled") ||
		!strings.Contains(string(res.Output), "2Gi") || !strings.HasPrefix(string(res.Output), "fake logs") {
		t.Errorf("result %+v (output %q), want 137 with a note", res, res.Output)
	}
	c.assertDeleted()
}

func TestRunDeadlineExceeded(t *testing.T) {
	c := newCluster(t, func(c *cluster, job *batchv1.Job) {
		p := c.pod(job)
		c.setPod(p, running)
		// What the Job controller does at activeDeadlineSeconds: the
		// FailureTarget condition, then the pod killed, then Failed.
		c.setJob(job, condition(batchv1.JobFailureTarget, batchv1.JobReasonDeadlineExceeded))
		c.setPod(p, terminated(143, "Error"))
		c.setJob(job, condition(batchv1.JobFailed, batchv1.JobReasonDeadlineExceeded))
	})
	res, err := c.runner(nil).Run(context.Background(), testCmd)
	if err != nil {
		t.Fatal(err)
	}
	if !res.TimedOut || res.ExitCode != ExitTimedOut || string(res.Output) != "fake logs" {
		t.Errorf("result %+v, want TimedOut, exit 124 and the output so far", res)
	}
	c.assertDeleted()
}

func TestRunDeadlineBeforeStartIsError(t *testing.T) {
	c := newCluster(t, func(c *cluster, job *batchv1.Job) {
		p := c.pod(job)
		c.setPod(p, func(s *corev1.PodStatus) {
			s.Conditions = []corev1.PodCondition{{Type: corev1.PodScheduled, Status: corev1.ConditionFalse,
				Reason: "Unschedulable", Message: "0/3 nodes are available: 3 Insufficient memory."}}
		})
		c.setJob(job, condition(batchv1.JobFailed, batchv1.JobReasonDeadlineExceeded))
	})
	_, err := c.runner(nil).Run(context.Background(), testCmd)
	if !errors.Is(err, ErrPodStart) || !strings.Contains(err.Error(), "Insufficient memory") {
		t.Errorf("err = %v, want ErrPodStart naming the scheduling failure", err)
	}
	c.assertDeleted()
}

func TestRunImagePullBackOff(t *testing.T) {
	c := newCluster(t, func(c *cluster, job *batchv1.Job) {
		p := c.pod(job)
		c.setPod(p, func(s *corev1.PodStatus) {
			s.InitContainerStatuses = []corev1.ContainerStatus{{Name: ContainerWorkspace, State: corev1.ContainerState{
				Waiting: &corev1.ContainerStateWaiting{Reason: "ImagePullBackOff", Message: `Back-off pulling image "env:1"`}}}}
		})
	})
	_, err := c.runner(nil).Run(context.Background(), testCmd)
	if !errors.Is(err, ErrImagePull) || !strings.Contains(err.Error(), "env:1") {
		t.Errorf("err = %v, want ErrImagePull", err)
	}
	c.assertDeleted()
}

func TestRunCommandNotFound(t *testing.T) {
	c := newCluster(t, func(c *cluster, job *batchv1.Job) {
		p := c.pod(job)
		c.setPod(p, func(s *corev1.PodStatus) {
			s.Phase = corev1.PodFailed
			s.ContainerStatuses = []corev1.ContainerStatus{{Name: ContainerMain, State: corev1.ContainerState{
				Terminated: &corev1.ContainerStateTerminated{ExitCode: 128, Reason: "StartError",
					Message: `failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "nope": executable file not found in $PATH: unknown`}}}}
		})
		c.setJob(job, condition(batchv1.JobFailed, "BackoffLimitExceeded"))
	})
	res, err := c.runner(nil).Run(context.Background(), verify.Command{Argv: []string{"nope"}, Dir: "/src"})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != ExitNotFound || !strings.Contains(string(res.Output), `"nope": executable file not found`) {
		t.Errorf("result %+v (output %q), want 127", res, res.Output)
	}
	c.assertDeleted()
}

func TestRunWorkspaceFetchFails(t *testing.T) {
	c := newCluster(t, func(c *cluster, job *batchv1.Job) {
		p := c.pod(job)
		c.setPod(p, func(s *corev1.PodStatus) {
			s.Phase = corev1.PodFailed
			s.InitContainerStatuses = []corev1.ContainerStatus{{Name: ContainerWorkspace, State: corev1.ContainerState{
				Terminated: &corev1.ContainerStateTerminated{ExitCode: 22, Reason: "Error",
					Message: "curl: (22) The requested URL returned error: 404"}}}}
		})
	})
	_, err := c.runner(nil).Run(context.Background(), testCmd)
	if !errors.Is(err, ErrWorkspace) || !strings.Contains(err.Error(), "404") {
		t.Errorf("err = %v, want ErrWorkspace", err)
	}
	c.assertDeleted()
}

func TestRunWorkspaceHookError(t *testing.T) {
	c := newCluster(t, nil)
	r := c.runner(func(cfg *Config) {
		cfg.Workspace = func(context.Context, verify.Command) (string, error) { return "", errors.New("disk full") }
	})
	_, err := r.Run(context.Background(), testCmd)
	if !errors.Is(err, ErrWorkspace) {
		t.Errorf("err = %v, want ErrWorkspace", err)
	}
	if n := len(c.cs.Actions()); n != 0 {
		t.Errorf("%d API calls, want none", n)
	}
}

func TestRunForbiddenOnCreate(t *testing.T) {
	c := newCluster(t, nil)
	c.cs.PrependReactor("create", "jobs", func(k8stesting.Action) (bool, runtime.Object, error) {
		return true, nil, apierrors.NewForbidden(schema.GroupResource{Group: "batch", Resource: "jobs"}, "",
			errors.New(`User "system:serviceaccount:av:autoverify" cannot create resource "jobs"`))
	})
	_, err := c.runner(nil).Run(context.Background(), testCmd)
	if !errors.Is(err, ErrAccessDenied) || !apierrors.IsForbidden(err) {
		t.Errorf("err = %v, want ErrAccessDenied wrapping Forbidden", err)
	}
	for _, a := range c.cs.Actions() {
		if a.Matches("delete", "jobs") {
			t.Error("deleted a job that was refused")
		}
	}
}

func TestRunConnectionRefused(t *testing.T) {
	c := newCluster(t, nil)
	c.cs.PrependReactor("create", "jobs", func(k8stesting.Action) (bool, runtime.Object, error) {
		return true, nil, &url.Error{Op: "Post", URL: "https://10.0.0.1:443/apis/batch/v1/namespaces/av/jobs",
			Err: &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}}
	})
	_, err := c.runner(nil).Run(context.Background(), testCmd)
	if !errors.Is(err, ErrClusterUnreachable) {
		t.Errorf("err = %v, want ErrClusterUnreachable", err)
	}
}

func TestRunForbiddenWhileFollowing(t *testing.T) {
	c := newCluster(t, exits(0, "Completed"))
	c.cs.PrependReactor("list", "pods", func(k8stesting.Action) (bool, runtime.Object, error) {
		return true, nil, apierrors.NewForbidden(schema.GroupResource{Resource: "pods"}, "", errors.New("no list"))
	})
	_, err := c.runner(nil).Run(context.Background(), testCmd)
	if !errors.Is(err, ErrAccessDenied) {
		t.Errorf("err = %v, want ErrAccessDenied", err)
	}
	c.assertDeleted()
}

func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	c := newCluster(t, func(c *cluster, job *batchv1.Job) {
		p := c.pod(job)
		c.setPod(p, running)
		time.Sleep(20 * time.Millisecond)
		cancel()
	})
	_, err := c.runner(nil).Run(ctx, testCmd)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	c.assertDeleted()
}

// serveLog makes the cluster's pods print log.
func serveLog(c *cluster, log string) {
	c.cs.PrependReactor("get", "pods", func(a k8stesting.Action) (bool, runtime.Object, error) {
		if a.GetSubresource() != "log" {
			return false, nil, nil
		}
		return true, &runtime.Unknown{Raw: []byte(log)}, nil
	})
}

func TestRunOutputCapped(t *testing.T) {
	c := newCluster(t, exits(0, "Completed"))
	serveLog(c, "HEAD"+strings.Repeat("x", 10_000)+"TAIL")
	res, err := c.runner(func(cfg *Config) { cfg.OutputLimit = 1000 }).Run(context.Background(), testCmd)
	if err != nil {
		t.Fatal(err)
	}
	out := string(res.Output)
	if res.OmittedBytes != 10_008-1000 || !strings.HasPrefix(out, "HEAD") || !strings.HasSuffix(out, "TAIL") ||
		!strings.Contains(out, "bytes omitted") {
		t.Errorf("omitted %d, output %d bytes: %.60q…", res.OmittedBytes, len(out), out)
	}
	c.assertDeleted()
}

// TestRunOutputLimitRaisesTheCap: a command asking for more than the
// runner's cap (the gates, reading a whole test report) keeps all of it.
func TestRunOutputLimitRaisesTheCap(t *testing.T) {
	c := newCluster(t, exits(0, "Completed"))
	big := strings.Repeat("x", 10_000)
	serveLog(c, "HEAD"+big+"TAIL")
	cmd := testCmd
	cmd.OutputLimit = 20_000
	res, err := c.runner(func(cfg *Config) { cfg.OutputLimit = 1000 }).Run(context.Background(), cmd)
	if err != nil {
		t.Fatal(err)
	}
	if res.OmittedBytes != 0 || string(res.Output) != "HEAD"+big+"TAIL" {
		t.Errorf("omitted %d, output %d bytes; want all 10008", res.OmittedBytes, len(res.Output))
	}
	c.assertDeleted()
}

func TestRunNoWorkspace(t *testing.T) {
	c := newCluster(t, exits(0, "Completed"))
	res, err := c.runner(func(cfg *Config) { cfg.Workspace = nil }).Run(context.Background(), testCmd)
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("res %+v err %v", res, err)
	}
	for _, a := range c.cs.Actions() {
		if a.Matches("create", "jobs") {
			if n := len(a.(k8stesting.CreateAction).GetObject().(*batchv1.Job).Spec.Template.Spec.InitContainers); n != 0 {
				t.Errorf("%d init containers without a workspace", n)
			}
		}
	}
	c.assertDeleted()
}

func TestRunEmptyArgv(t *testing.T) {
	c := newCluster(t, nil)
	if _, err := c.runner(nil).Run(context.Background(), verify.Command{Dir: "/src"}); err == nil {
		t.Error("empty argv accepted")
	}
}

func TestCheckIsolationAsksTheAPIServer(t *testing.T) {
	t.Parallel()
	cs := fake.NewSimpleClientset()
	allowed := map[string]bool{"create jobs": true, "watch jobs": true, "delete jobs": true, "list pods": true}
	cs.PrependReactor("create", "selfsubjectaccessreviews", func(a k8stesting.Action) (bool, runtime.Object, error) {
		rev := a.(k8stesting.CreateAction).GetObject().(*authv1.SelfSubjectAccessReview)
		ra := rev.Spec.ResourceAttributes
		what := ra.Resource
		if ra.Subresource != "" {
			what += "/" + ra.Subresource
		}
		rev.Status.Allowed = allowed[ra.Verb+" "+what] && ra.Namespace == "checks"
		return true, rev, nil
	})
	r, err := New(Config{Namespace: "checks", Image: "ci:1"}, cs)
	if err != nil {
		t.Fatal(err)
	}
	err = r.CheckIsolation(context.Background())
	if err == nil || !strings.Contains(err.Error(), "may not get pods/log in namespace checks") {
		t.Fatalf("CheckIsolation = %v; want the missing permission named", err)
	}
	allowed["get pods/log"] = true
	if err := r.CheckIsolation(context.Background()); err != nil {
		t.Fatalf("CheckIsolation with the Role = %v", err)
	}
}
