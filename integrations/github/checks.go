package github

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"

	gh "github.com/google/go-github/v60/github"

	"github.com/engineo/autoverify/integrations/httpretry"
)

// CheckName is the name of autoverify's check run, as shown in the pull
// request's checks list and used to find our runs again.
const CheckName = "autoverify"

// StartCheckRun marks verification as in progress on headSHA and returns the
// check run's ID. externalID identifies the job (the webhook delivery or the
// verification run): when a run with the same external_id already exists
// for this App and commit — a retried job, a redelivered webhook — its ID is
// returned instead of creating a second run. detailsURL may be empty.
func (c *Client) StartCheckRun(ctx context.Context, owner, repo, headSHA, externalID, detailsURL string) (int64, error) {
	wrap := func(err error) error {
		return fmt.Errorf("github: creating check run on %s/%s@%s: %w", owner, repo, headSHA, err)
	}
	// A create that answered 5xx may still have happened: look again
	// before creating again, rather than letting the transport retry it.
	for round := 1; ; round++ {
		if externalID != "" {
			id, err := c.findCheckRun(ctx, owner, repo, headSHA, externalID)
			if err != nil {
				return 0, wrap(err)
			}
			if id != 0 {
				return id, nil
			}
		}
		id, err := c.createCheckRun(ctx, owner, repo, headSHA, externalID, detailsURL)
		if err == nil || !isServerError(err) || round == createRounds {
			if err != nil {
				return 0, wrap(err)
			}
			return id, nil
		}
		c.log.Warn("github: creating a check run failed with a server error; looking again before a retry",
			"repo", owner+"/"+repo, "sha", headSHA, "round", round, "err", err)
		if err := httpretry.Sleep(ctx, c.retry.Backoff(round)); err != nil {
			return 0, wrap(err)
		}
	}
}

func (c *Client) createCheckRun(ctx context.Context, owner, repo, headSHA, externalID, detailsURL string) (int64, error) {
	opts := gh.CreateCheckRunOptions{
		Name:      CheckName,
		HeadSHA:   headSHA,
		Status:    gh.String("in_progress"),
		StartedAt: &gh.Timestamp{Time: time.Now()},
	}
	if externalID != "" {
		opts.ExternalID = gh.String(externalID)
	}
	if detailsURL != "" {
		opts.DetailsURL = gh.String(detailsURL)
	}
	run, resp, err := c.gh.Checks.CreateCheckRun(withoutServerErrorRetry(ctx), owner, repo, opts)
	if err != nil {
		return 0, classify(err, resp)
	}
	return run.GetID(), nil
}

// findCheckRun returns the ID of our check run on ref with externalID, or 0.
// filter=all: the default ("latest") hides older runs of the same name.
func (c *Client) findCheckRun(ctx context.Context, owner, repo, ref, externalID string) (int64, error) {
	opts := &gh.ListCheckRunsOptions{
		CheckName:   gh.String(CheckName),
		Filter:      gh.String("all"),
		AppID:       gh.Int64(c.appID),
		ListOptions: gh.ListOptions{PerPage: 100},
	}
	for {
		res, resp, err := c.gh.Checks.ListCheckRunsForRef(ctx, owner, repo, ref, opts)
		if err != nil {
			return 0, fmt.Errorf("listing check runs: %w", classify(err, resp))
		}
		for _, run := range res.CheckRuns {
			if run.GetExternalID() == externalID {
				return run.GetID(), nil
			}
		}
		if resp.NextPage == 0 {
			return 0, nil
		}
		opts.Page = resp.NextPage
	}
}

// CompleteCheckRun finishes a check run with a conclusion ("success",
// "failure", "neutral", "cancelled", "skipped", "timed_out",
// "action_required") and its output. Summary and text are cut at a line
// boundary to GitHub's 65,535-character limit, with a note saying so,
// because GitHub rejects the whole update otherwise. text and detailsURL
// may be empty.
func (c *Client) CompleteCheckRun(ctx context.Context, owner, repo string, id int64, conclusion, title, summary, text, detailsURL string, actions ...*gh.CheckRunAction) error {
	wrap := func(err error) error {
		return fmt.Errorf("github: completing check run %d on %s/%s: %w", id, owner, repo, err)
	}
	if !validConclusion[conclusion] {
		return wrap(fmt.Errorf("unknown conclusion %q", conclusion))
	}
	if err := ValidActions(actions); err != nil {
		return wrap(err)
	}
	out := &gh.CheckRunOutput{
		Title:   gh.String(title),
		Summary: gh.String(truncateMarkdown(summary, maxCheckRunOutput)),
	}
	if text != "" {
		out.Text = gh.String(truncateMarkdown(text, maxCheckRunOutput))
	}
	opts := gh.UpdateCheckRunOptions{
		Name:        CheckName,
		Status:      gh.String("completed"),
		Conclusion:  gh.String(conclusion),
		CompletedAt: &gh.Timestamp{Time: time.Now()},
		Output:      out,
	}
	if detailsURL != "" {
		opts.DetailsURL = gh.String(detailsURL)
	}
	opts.Actions = actions
	if _, resp, err := c.gh.Checks.UpdateCheckRun(ctx, owner, repo, id, opts); err != nil {
		return wrap(classify(err, resp))
	}
	return nil
}

var validConclusion = map[string]bool{
	"action_required": true, "cancelled": true, "failure": true, "neutral": true,
	"success": true, "skipped": true, "timed_out": true,
}

// ValidActions checks a check run's requested-action buttons against
// GitHub's limits (at most 3; label 20, description 40 and identifier 20
// characters), which GitHub enforces with a 422 that would lose the
// verdict with it.
func ValidActions(actions []*gh.CheckRunAction) error {
	if len(actions) > 3 {
		return fmt.Errorf("%d actions: a check run takes at most 3", len(actions))
	}
	for _, a := range actions {
		switch {
		case a.Label == "" || utf8.RuneCountInString(a.Label) > 20:
			return fmt.Errorf("action label %q: want 1 to 20 characters", a.Label)
		case a.Description == "" || utf8.RuneCountInString(a.Description) > 40:
			return fmt.Errorf("action description %q: want 1 to 40 characters", a.Description)
		case a.Identifier == "" || utf8.RuneCountInString(a.Identifier) > 20:
			return fmt.Errorf("action identifier %q: want 1 to 20 characters", a.Identifier)
		}
	}
	return nil
}
