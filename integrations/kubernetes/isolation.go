package kubernetes

import (
	"context"
	"fmt"

	authv1 "k8s.io/api/authorization/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/engineo/autoverify/bot/verify"
)

var _ verify.IsolationChecker = (*Runner)(nil)

// CheckIsolation reports whether the cluster answers and lets this service
// account do what Run does in the Jobs' namespace (create, watch and
// delete Jobs; read pods and their logs), asked of the API server with a
// SelfSubjectAccessReview per verb, so a missing Role is found at start-up
// rather than on the first check.
func (r *Runner) CheckIsolation(ctx context.Context) error {
	needs := []authv1.ResourceAttributes{
		{Group: "batch", Resource: "jobs", Verb: "create"},
		{Group: "batch", Resource: "jobs", Verb: "watch"},
		{Group: "batch", Resource: "jobs", Verb: "delete"},
		{Resource: "pods", Verb: "list"},
		{Resource: "pods", Subresource: "log", Verb: "get"},
	}
	for _, ra := range needs {
		ra.Namespace = r.s.Namespace
		rev, err := r.client.AuthorizationV1().SelfSubjectAccessReviews().Create(ctx,
			&authv1.SelfSubjectAccessReview{Spec: authv1.SelfSubjectAccessReviewSpec{ResourceAttributes: &ra}}, metav1.CreateOptions{})
		if err != nil {
			return fmt.Errorf("kubernetes API server does not answer (%v): check the in-cluster config or ENGINEO_KUBECONFIG", err)
		}
		if !rev.Status.Allowed {
			what := ra.Resource
			if ra.Subresource != "" {
				what += "/" + ra.Subresource
			}
			return fmt.Errorf("the service account may not %s %s in namespace %s: install the chart's Role (rbac.create) or bind an equivalent one", ra.Verb, what, r.s.Namespace)
		}
	}
	return nil
}
