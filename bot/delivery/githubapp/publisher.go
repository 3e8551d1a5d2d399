package githubapp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"

	"github.com/google/go-github/v60/github"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/checklist"
)

// RerunFailedID identifies the check run's "Re-run failed items" button
// in check_run requested_action deliveries.
const RerunFailedID = "rerun-failed"

// RerunFailedAction is the button a check run with failed items offers:
// it runs the failed items again and carries the passes over.
func RerunFailedAction() *github.CheckRunAction {
	return &github.CheckRunAction{Label: "Re-run failed items", Description: "Run failed checks again; keep passes", Identifier: RerunFailedID}
}

// StickyMarker identifies autoverify's one comment on a pull request.
const StickyMarker = "<!-- autoverify:sticky -->"

// publisherAPI is what a Publisher writes.
type publisherAPI interface {
	CheckRuns
	PullReader
	UpsertComment(ctx context.Context, owner, repo string, number int, marker string, parts []string) error
	PullBodies
}

// Publisher reports a verification on a pull request: the `autoverify`
// check run, the sticky comment, and the markers in the description. It
// holds one verification's check run, so it is built per request. For a
// branch (Number == 0) it reports nothing: the trigger reports elsewhere.
type Publisher struct {
	GitHub      publisherAPI
	Owner, Repo string
	Number      int
	// DetailsURL links the check run to the run's evidence ("" for none).
	DetailsURL string
	Redactor   bot.StringRedactor
	Logger     *slog.Logger

	checkRun int64
}

var _ bot.Publisher = (*Publisher)(nil)

// Begin starts the check run on the head commit, or finds the one a
// crashed attempt of the same run started (by its external ID, the run
// ID).
func (p *Publisher) Begin(ctx context.Context, v *bot.Verification) error {
	if p.Number <= 0 {
		return nil
	}
	id, err := p.GitHub.StartCheckRun(ctx, p.Owner, p.Repo, v.Subject.Commit, v.Request.RunID, p.DetailsURL)
	if err != nil {
		return fmt.Errorf("starting the check run on %s/%s@%s: %w", p.Owner, p.Repo, v.Subject.Commit, err)
	}
	p.checkRun = id
	return nil
}

// Publish completes the check run and upserts the sticky comment with the
// verdict or the problem.
func (p *Publisher) Publish(ctx context.Context, v *bot.Verification) error {
	if p.Number <= 0 {
		return nil
	}
	if v.Problem != nil {
		rp := bot.ReportProblem(v.Problem, p.Redactor)
		msg := report.ProblemComment(rp)
		if p.checkRun == 0 && v.Problem.Kind == bot.ProblemSignalRejected && v.Subject.Commit != "" {
			// A rejection stops before Begin; it still gets its own check
			// run, so the rejected commit shows it.
			id, err := p.GitHub.StartCheckRun(ctx, p.Owner, p.Repo, v.Subject.Commit, v.Request.RunID, p.DetailsURL)
			if err != nil {
				return fmt.Errorf("starting the check run on %s/%s@%s: %w", p.Owner, p.Repo, v.Subject.Commit, err)
			}
			p.checkRun = id
		}
		if p.checkRun != 0 {
			if err := p.GitHub.CompleteCheckRun(ctx, p.Owner, p.Repo, p.checkRun, "action_required", report.ProblemTitle(rp), msg, "", p.DetailsURL); err != nil {
				return fmt.Errorf("completing the check run: %w", err)
			}
		}
		return p.GitHub.UpsertComment(ctx, p.Owner, p.Repo, p.Number, StickyMarker, []string{msg})
	}
	if v.FromSubject {
		p.markBody(ctx, v)
	}
	title, summary, text := report.CheckRun(v.Summary)
	details := p.DetailsURL
	if v.Summary.EvidenceURL != "" {
		details = v.Summary.EvidenceURL
	}
	var actions []*github.CheckRunAction
	if _, failed := v.Report.Counts(); failed > 0 {
		actions = append(actions, RerunFailedAction())
	}
	if anns := mutationAnnotations(v.Gates); len(anns) > 0 {
		// Annotated while the run is still in progress, so that it
		// completes with its survivors on their lines (no update after
		// the verdict). Best effort: the survivors are in the summary
		// too, and the verdict and the sticky comment must still go out.
		if err := p.GitHub.AnnotateCheckRun(ctx, p.Owner, p.Repo, p.checkRun, title, summary, anns); err != nil {
			p.warn("could not annotate the check run with the surviving mutants", err)
		}
	}
	if err := p.GitHub.CompleteCheckRun(ctx, p.Owner, p.Repo, p.checkRun, report.Conclusion(v.Summary.Route), title, summary, text, details, actions...); err != nil {
		return fmt.Errorf("completing the check run: %w", err)
	}
	if err := p.GitHub.UpsertComment(ctx, p.Owner, p.Repo, p.Number, StickyMarker, report.Comment(v.Summary)); err != nil {
		return fmt.Errorf("posting the result: %w", err)
	}
	return nil
}

// markBody rewrites the evidence markers in the description the checklist
// came from. It reads the description again first, so edits made while the
// checks ran are kept (markers apply by item ID to whatever is there now).
// It is best effort: the check run and the comment carry the result either
// way.
func (p *Publisher) markBody(ctx context.Context, v *bot.Verification) {
	pr, err := p.GitHub.PullRequest(ctx, p.Owner, p.Repo, p.Number)
	if err != nil {
		p.warn("could not read the pull request body again to add markers", err)
		return
	}
	body := []byte(pr.GetBody())
	marks := verify.Marks(v.Record.Outcomes, v.Record.Rejected, filepath.Base(v.Files.Evidence))
	out, err := checklist.Rewrite(body, marks)
	var skipped *checklist.SkippedError
	if (err != nil && !errors.As(err, &skipped)) || bytes.Equal(out, body) {
		return
	}
	if err := p.GitHub.UpdatePullBody(ctx, p.Owner, p.Repo, p.Number, string(out)); err != nil {
		p.warn("could not update the pull request body's markers", err)
	}
}

func (p *Publisher) warn(msg string, err error) {
	if p.Logger != nil {
		p.Logger.Warn(msg, "err", err)
	}
}
