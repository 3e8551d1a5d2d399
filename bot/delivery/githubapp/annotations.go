package githubapp

import (
	"path"
	"strings"

	"github.com/google/go-github/v60/github"

	"github.com/engineo/autoverify/bot/gates"
)

// mutationAnnotations are the check run's annotations for VERIFY_MUTATE's
// survivors: one on each survivor's line, so the pull request's "Files
// changed" tab shows where a test is missing. They are failures when the
// gate rejected and warnings when the score still reached the threshold.
// A survivor whose file is not a clean repository-relative path (GitHub
// could not place it) is left out.
func mutationAnnotations(rep *gates.Report) []*github.CheckRunAnnotation {
	if rep == nil || rep.Mutation == nil {
		return nil
	}
	level := "warning"
	for _, e := range rep.Gates {
		if e.Gate == gates.Mutate && e.Classification != gates.Accept {
			level = "failure"
		}
	}
	var out []*github.CheckRunAnnotation
	for _, s := range rep.Mutation.Survivors {
		file := strings.TrimPrefix(path.Clean(strings.ReplaceAll(s.File, "\\", "/")), "./")
		if s.Line < 1 || path.IsAbs(file) || file == "." || file == ".." || strings.HasPrefix(file, "../") {
			continue
		}
		out = append(out, &github.CheckRunAnnotation{
			Path: github.String(file), StartLine: github.Int(s.Line), EndLine: github.Int(s.Line),
			AnnotationLevel: github.String(level),
			Title:           github.String("Survived mutant: " + s.Operator),
			Message:         github.String(s.Original + " → " + s.Mutated + ": no test fails with this line broken"),
		})
	}
	return out
}
