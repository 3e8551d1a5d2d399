package kubernetes

import (
	"context"
	"math"
	"regexp"
	"strings"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation"
)

// Labels put on every Job and its pod. Label values are cut to what
// Kubernetes accepts; the full item and run IDs are also in annotations.
const (
	LabelManaged  = "autoverify.managed"  // "true"
	LabelOwner    = "autoverify.owner"    // Config.Label
	LabelInstance = "autoverify.instance" // random, one per Runner
	LabelJob      = "autoverify.job"      // the Job's name; selects its pod
	LabelItem     = "autoverify.item"     // verify.Command.ItemID
	LabelRun      = "autoverify.run"      // WithRunID's value

	AnnotationItem = "autoverify.item"
	AnnotationRun  = "autoverify.run"
	AnnotationArgv = "autoverify.argv0"
)

type runIDKey struct{}

// WithRunID returns a context whose commands' Jobs are labelled with
// runID (autoverify.run), so that one run's Jobs can be listed or deleted
// together. verify.Command carries no run ID, hence the context.
func WithRunID(ctx context.Context, runID string) context.Context {
	return context.WithValue(ctx, runIDKey{}, runID)
}

// RunID is the run ID WithRunID put in ctx, or "".
func RunID(ctx context.Context) string {
	id, _ := ctx.Value(runIDKey{}).(string)
	return id
}

// jobSpec is what one Job is built from.
type jobSpec struct {
	name         string
	instance     string
	itemID       string
	runID        string
	argv         []string
	workspaceURL string // "" means no init container
	timeout      time.Duration
}

// buildJob is the whole isolation policy of the runner, in one place (and
// golden-tested).
func (s *settings) buildJob(j jobSpec) *batchv1.Job {
	labels := map[string]string{}
	for k, v := range s.Labels {
		labels[k] = v
	}
	labels[LabelManaged] = "true"
	labels[LabelOwner] = s.Label
	labels[LabelInstance] = j.instance
	labels[LabelJob] = j.name
	annotations := map[string]string{AnnotationArgv: j.argv[0]}
	if j.itemID != "" {
		labels[LabelItem] = labelValue(j.itemID)
		annotations[AnnotationItem] = j.itemID
	}
	if j.runID != "" {
		labels[LabelRun] = labelValue(j.runID)
		annotations[AnnotationRun] = j.runID
	}

	deadline := int64(math.Ceil((j.timeout + s.StartupAllowance).Seconds()))
	ttl := int64(math.Ceil(s.TTLAfterFinished.Seconds()))
	grace := int64(math.Ceil(s.KillGrace.Seconds()))
	uid := s.User

	containerSecurity := &corev1.SecurityContext{
		RunAsNonRoot:             ptr(true),
		RunAsUser:                ptr(uid),
		RunAsGroup:               ptr(uid),
		ReadOnlyRootFilesystem:   ptr(true),
		AllowPrivilegeEscalation: ptr(false),
		Privileged:               ptr(false),
		Capabilities:             &corev1.Capabilities{Drop: []corev1.Capability{"ALL"}},
		SeccompProfile:           &corev1.SeccompProfile{Type: corev1.SeccompProfileTypeRuntimeDefault},
	}

	main := corev1.Container{
		Name:            ContainerMain,
		Image:           s.Image,
		ImagePullPolicy: s.ImagePullPolicy,
		// Command, not Args: argv replaces the image's ENTRYPOINT and is
		// executed directly, never through a shell.
		Command:                  append([]string(nil), j.argv...),
		WorkingDir:               WorkDir,
		Env:                      append([]corev1.EnvVar(nil), s.env...),
		Resources:                *s.resources.DeepCopy(),
		SecurityContext:          containerSecurity.DeepCopy(),
		TerminationMessagePolicy: corev1.TerminationMessageReadFile,
		VolumeMounts: []corev1.VolumeMount{
			{Name: "workspace", MountPath: VolumePath},
			{Name: "tmp", MountPath: TmpPath},
		},
	}
	var inits []corev1.Container
	if j.workspaceURL != "" {
		inits = []corev1.Container{{
			Name:            ContainerWorkspace,
			Image:           s.fetchImage,
			ImagePullPolicy: s.ImagePullPolicy,
			Command:         append([]string(nil), s.fetchCommand...),
			WorkingDir:      VolumePath,
			Env: []corev1.EnvVar{
				{Name: "HOME", Value: TmpPath},
				{Name: WorkspaceURLEnv, Value: j.workspaceURL},
			},
			Resources:                *s.resources.DeepCopy(),
			SecurityContext:          containerSecurity.DeepCopy(),
			TerminationMessagePolicy: corev1.TerminationMessageFallbackToLogsOnError,
			VolumeMounts: []corev1.VolumeMount{
				{Name: "workspace", MountPath: VolumePath},
				{Name: "tmp", MountPath: TmpPath},
			},
		}}
	} else {
		// Without a fetch, WorkDir must still exist: the runtime creates
		// a missing workingDir, but as root on a volume the command's
		// user could then not write to; a subPath-less emptyDir mount of
		// its own is simplest.
		main.VolumeMounts[0].MountPath = WorkDir
	}

	var pullSecrets []corev1.LocalObjectReference
	for _, n := range s.ImagePullSecrets {
		pullSecrets = append(pullSecrets, corev1.LocalObjectReference{Name: n})
	}
	var runtimeClass *string
	if s.RuntimeClassName != "" {
		runtimeClass = ptr(s.RuntimeClassName)
	}
	wsSize, tmpSize := s.wsSize, s.tmpSize

	return &batchv1.Job{
		TypeMeta: metav1.TypeMeta{APIVersion: "batch/v1", Kind: "Job"},
		ObjectMeta: metav1.ObjectMeta{
			Name:        j.name,
			Namespace:   s.Namespace,
			Labels:      labels,
			Annotations: annotations,
		},
		Spec: batchv1.JobSpec{
			Parallelism:             ptr(int32(1)),
			Completions:             ptr(int32(1)),
			BackoffLimit:            ptr(int32(0)),
			ActiveDeadlineSeconds:   ptr(deadline),
			TTLSecondsAfterFinished: ptr(int32(min(ttl, math.MaxInt32))),
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: copyMap(labels), Annotations: copyMap(annotations)},
				Spec: corev1.PodSpec{
					RestartPolicy:                 corev1.RestartPolicyNever,
					TerminationGracePeriodSeconds: ptr(grace),
					AutomountServiceAccountToken:  ptr(false),
					// No FOO_SERVICE_HOST variables: the command's
					// environment is only what the runner sets.
					EnableServiceLinks: ptr(false),
					ServiceAccountName: s.ServiceAccountName,
					RuntimeClassName:   runtimeClass,
					NodeSelector:       copyMap(s.NodeSelector),
					Tolerations:        append([]corev1.Toleration(nil), s.Tolerations...),
					ImagePullSecrets:   pullSecrets,
					SecurityContext: &corev1.PodSecurityContext{
						RunAsNonRoot:   ptr(true),
						RunAsUser:      ptr(uid),
						RunAsGroup:     ptr(uid),
						FSGroup:        ptr(uid),
						SeccompProfile: &corev1.SeccompProfile{Type: corev1.SeccompProfileTypeRuntimeDefault},
					},
					InitContainers: inits,
					Containers:     []corev1.Container{main},
					Volumes: []corev1.Volume{
						{Name: "workspace", VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{SizeLimit: &wsSize}}},
						{Name: "tmp", VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{SizeLimit: &tmpSize}}},
					},
				},
			},
		},
	}
}

var labelUnsafe = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// labelValue makes v a valid label value: unsafe characters become '-',
// it is cut to 63 characters and trimmed to start and end alphanumeric.
func labelValue(v string) string {
	v = labelUnsafe.ReplaceAllString(v, "-")
	if len(v) > validation.LabelValueMaxLength {
		v = v[:validation.LabelValueMaxLength]
	}
	return strings.TrimFunc(v, func(r rune) bool {
		return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9')
	})
}

func copyMap(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func ptr[T any](v T) *T { return &v }
