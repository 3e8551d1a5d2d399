package github

import (
	"fmt"
	"strings"
	"testing"

	gh "github.com/google/go-github/v60/github"
)

func annotation(path string, line int, level string) *gh.CheckRunAnnotation {
	return &gh.CheckRunAnnotation{Path: gh.String(path), StartLine: gh.Int(line), EndLine: gh.Int(line),
		AnnotationLevel: gh.String(level), Title: gh.String("Survived mutant: negate"), Message: gh.String("a → b")}
}

// TestAnnotateCheckRun: more than 50 annotations go in several updates,
// which the fake (like GitHub) appends; a bad annotation sends nothing.
func TestAnnotateCheckRun(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	id, err := f.c.StartCheckRun(f.ctx, owner, repo, headSHA, "d", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := f.c.CompleteCheckRun(f.ctx, owner, repo, id, "failure", "rejected", "summary", "", ""); err != nil {
		t.Fatal(err)
	}
	var as []*gh.CheckRunAnnotation
	for i := range 51 {
		as = append(as, annotation(fmt.Sprintf("pkg/f%d.go", i), i+1, "failure"))
	}
	if err := f.c.AnnotateCheckRun(f.ctx, owner, repo, id, "rejected", "summary", as); err != nil {
		t.Fatalf("AnnotateCheckRun: %v", err)
	}
	got := f.srv.CheckRunAnnotations(owner, repo, id)
	if len(got) != 51 || got[50].GetPath() != "pkg/f50.go" || got[50].GetStartLine() != 51 || got[0].GetAnnotationLevel() != "failure" {
		t.Fatalf("annotations = %d, last %s:%d", len(got), got[len(got)-1].GetPath(), got[len(got)-1].GetStartLine())
	}
	r := f.srv.CheckRuns(owner, repo)[0]
	if r.GetConclusion() != "failure" || r.GetOutput().GetTitle() != "rejected" || r.GetOutput().GetAnnotationsCount() != 51 {
		t.Errorf("the run = %s %q, %d annotations", r.GetConclusion(), r.GetOutput().GetTitle(), r.GetOutput().GetAnnotationsCount())
	}

	for bad, want := range map[*gh.CheckRunAnnotation]string{
		annotation("/src/calc.go", 3, "failure"): "repository-relative",
		annotation("../calc.go", 3, "failure"):   "repository-relative",
		annotation("calc.go", 0, "failure"):      "start_line ≥ 1",
		annotation("calc.go", 3, "error"):        `level "error"`,
		{Path: gh.String("calc.go"), StartLine: gh.Int(1), EndLine: gh.Int(1), AnnotationLevel: gh.String("warning")}: "empty message",
	} {
		err := f.c.AnnotateCheckRun(f.ctx, owner, repo, id, "t", "s", []*gh.CheckRunAnnotation{annotation("ok.go", 1, "warning"), bad})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want %q", bad.GetPath(), err, want)
		}
	}
	// The fake refuses what GitHub refuses: 51 in one request.
	_, resp, err := f.c.gh.Checks.UpdateCheckRun(f.ctx, owner, repo, id, gh.UpdateCheckRunOptions{Name: CheckName,
		Output: &gh.CheckRunOutput{Title: gh.String("t"), Summary: gh.String("s"), Annotations: as}})
	if err == nil || resp.StatusCode != 422 {
		t.Errorf("51 annotations in one request: err = %v", err)
	}
	if n := len(f.srv.CheckRunAnnotations(owner, repo, id)); n != 51 {
		t.Errorf("%d annotations after refused requests, want 51", n)
	}
}
