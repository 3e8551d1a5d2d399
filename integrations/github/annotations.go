package github

import (
	"context"
	"fmt"
	"path"
	"strings"

	gh "github.com/google/go-github/v60/github"
)

// MaxAnnotations is how many annotations GitHub takes in one check run
// update; more take more updates, each appended to the run's list.
const MaxAnnotations = 50

// AnnotateCheckRun adds annotations to check run id, MaxAnnotations per
// PATCH as GitHub requires. GitHub wants output's title and summary with
// every output update, so they are sent again (cut like CompleteCheckRun's);
// the annotations are appended to those the run has. Each annotation is
// checked first: GitHub refuses the whole request for one bad annotation.
func (c *Client) AnnotateCheckRun(ctx context.Context, owner, repo string, id int64, title, summary string, annotations []*gh.CheckRunAnnotation) error {
	wrap := func(err error) error {
		return fmt.Errorf("github: annotating check run %d on %s/%s: %w", id, owner, repo, err)
	}
	for _, a := range annotations {
		if err := ValidAnnotation(a); err != nil {
			return wrap(err)
		}
	}
	for start := 0; start < len(annotations); start += MaxAnnotations {
		batch := annotations[start:min(start+MaxAnnotations, len(annotations))]
		opts := gh.UpdateCheckRunOptions{Name: CheckName, Output: &gh.CheckRunOutput{
			Title:       gh.String(title),
			Summary:     gh.String(truncateMarkdown(summary, maxCheckRunOutput)),
			Annotations: batch,
		}}
		if _, resp, err := c.gh.Checks.UpdateCheckRun(ctx, owner, repo, id, opts); err != nil {
			return wrap(classify(err, resp))
		}
	}
	return nil
}

// annotationLevels are the levels GitHub takes.
var annotationLevels = map[string]bool{"notice": true, "warning": true, "failure": true}

// ValidAnnotation checks what GitHub requires of an annotation: a
// repository-relative path (GitHub cannot place any other), lines from 1
// with the end not before the start, a known level and a message.
func ValidAnnotation(a *gh.CheckRunAnnotation) error {
	p := a.GetPath()
	switch {
	case p == "" || path.IsAbs(p) || strings.HasPrefix(p, "./") || path.Clean(p) != p || p == ".." || strings.HasPrefix(p, "../"):
		return fmt.Errorf("annotation path %q: want a clean repository-relative path such as pkg/calc.go", p)
	case a.GetStartLine() < 1 || a.GetEndLine() < a.GetStartLine():
		return fmt.Errorf("annotation on %s: lines %d-%d: want start_line ≥ 1 and end_line ≥ start_line", p, a.GetStartLine(), a.GetEndLine())
	case !annotationLevels[a.GetAnnotationLevel()]:
		return fmt.Errorf("annotation on %s: level %q: want notice, warning or failure", p, a.GetAnnotationLevel())
	case a.GetMessage() == "":
		return fmt.Errorf("annotation on %s:%d: empty message", p, a.GetStartLine())
	}
	return nil
}
