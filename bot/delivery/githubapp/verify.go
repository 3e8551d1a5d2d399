package githubapp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/evidence"
	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/ledger"
)

// StickyMarker identifies autoverify's one comment on a pull request.
const StickyMarker = "<!-- autoverify:sticky -->"

// verifyRun is one verification of a pull request (number > 0) or of a
// branch's head (number == 0, for triggers from outside GitHub).
type verifyRun struct {
	Base
	t          target
	deliveryID string
	trigger    string
	// key forces the story key (a Jira issue); "" finds it in the PR.
	key string
	// ref is the branch verified when there is no pull request.
	ref string
	// result is filled in for callers that report elsewhere too.
	result VerifyResult
}

// VerifyResult is what a verification produced, for reporting elsewhere
// (Jira).
type VerifyResult struct {
	// Ran is false when nothing was verified; Skipped says why.
	Ran     bool
	Skipped string
	Report  report.Run
	// PullURL and PullName name the pull request verified, if any.
	PullURL, PullName string
}

// run verifies the pull request's head commit. Transient failures (GitHub,
// the ledger) return errors so the queue retries the delivery; the run ID
// stays the same, so the retry finds its check run again.
func (r *verifyRun) run(ctx context.Context) error {
	t := r.t
	runID := r.runID(r.deliveryID)
	log := r.logger().With("repo", t.owner+"/"+t.repo, "pr", t.number, "run", runID, "delivery", r.deliveryID)
	// The subject: a pull request's head, or a branch's.
	var headSHA, baseRef, title, branch string
	var body []byte
	hasPR := t.number > 0
	if hasPR {
		pr, err := t.gh.PullRequest(ctx, t.owner, t.repo, t.number)
		if err != nil {
			return fmt.Errorf("reading %s: %w", t, err)
		}
		headSHA, baseRef, title, branch, body = pr.GetHead().GetSHA(), pr.GetBase().GetRef(), pr.GetTitle(), pr.GetHead().GetRef(), []byte(pr.GetBody())
		r.result.PullURL, r.result.PullName = pr.GetHTMLURL(), t.String()
	} else {
		sha, err := t.gh.BranchSHA(ctx, t.owner, t.repo, r.ref)
		if err != nil {
			return fmt.Errorf("reading branch %s of %s/%s: %w", r.ref, t.owner, t.repo, err)
		}
		headSHA, baseRef, branch = sha, r.ref, r.ref
	}
	// notify posts a problem where the author will see it: the sticky
	// comment on the pull request, or the result for the caller.
	notify := func(msg string) error {
		r.result.Skipped = msg
		if !hasPR {
			return nil
		}
		return t.gh.UpsertComment(ctx, t.owner, t.repo, t.number, StickyMarker, []string{msg})
	}
	cfg, err := loadRepoConfig(ctx, r.IsNotFound, t, baseRef)
	if err != nil {
		return err
	}
	if cfg.err != nil {
		return notify(fmt.Sprintf("### ❌ autoverify: configuration error\n\n`.autoverify.yml` on `%s` could not be read: %v\n\nFix it on the base branch, then comment `/verify`.", baseRef, cfg.err))
	}
	policy, err := checklist.NewPolicy(r.allowlist(cfg))
	if err != nil {
		return notify("### ❌ autoverify: configuration error\n\n" + err.Error())
	}

	key := r.key
	if key == "" {
		key = StoryKey(title, branch, string(body))
	}
	if key == "" {
		return notify(report.NoChecklist("", cfg.file.StoryFile("{key}")))
	}
	log = log.With("story", key)
	story, err := checklist.Parse(body, policy)
	fromBody := hasPR && err == nil && len(story.Items) > 0
	source := "the pull request description"
	if !fromBody {
		path := cfg.file.StoryFile(key)
		raw, ferr := t.gh.FileContent(ctx, t.owner, t.repo, path, headSHA)
		switch {
		case ferr != nil && r.IsNotFound != nil && r.IsNotFound(ferr):
			return notify(report.NoChecklist(key, path))
		case ferr != nil:
			return fmt.Errorf("reading %s at %s: %w", path, headSHA, ferr)
		}
		story, err = checklist.Parse(raw, policy)
		if err != nil || len(story.Items) == 0 {
			return notify(report.NoChecklist(key, path))
		}
		source = "`" + path + "`"
	}

	detailsURL := r.runURL(runID, "")
	var checkID int64
	if hasPR {
		if checkID, err = t.gh.StartCheckRun(ctx, t.owner, t.repo, headSHA, runID, detailsURL); err != nil {
			return fmt.Errorf("starting the check run on %s@%s: %w", t, headSHA, err)
		}
	}
	ws, err := os.MkdirTemp("", "autoverify-ws-")
	if err != nil {
		return fmt.Errorf("creating a workspace: %w", err)
	}
	defer os.RemoveAll(ws)
	if err := t.gh.DownloadTarball(ctx, t.owner, t.repo, headSHA, ws); err != nil {
		return fmt.Errorf("fetching %s@%s: %w", t, headSHA, err)
	}

	// Auto-fix is left to the CLI, where the work tree is the author's: a
	// fix here would change only a throw-away workspace and "pass" code
	// that nobody pushed.
	var envs []bot.Environment
	if len(cfg.file.Environments) > 0 && r.Environments != nil {
		var release func()
		if envs, release, err = r.Environments(cfg.file.Environments); err != nil {
			msg := fmt.Sprintf("### ❌ autoverify: configuration error\n\n`environments:` in `.autoverify.yml` on `%s`: %v", baseRef, err)
			if hasPR {
				_ = t.gh.CompleteCheckRun(ctx, t.owner, t.repo, checkID, "action_required", "configuration error", msg, "", detailsURL)
			}
			return notify(msg)
		}
		defer release()
	}
	sess := &bot.Session{
		Verifier: &bot.Verifier{Runner: r.Runner, Redactor: r.Redactor, Concurrency: r.Settings.Concurrency, Timeout: r.timeout(cfg), Environments: envs},
		Ledger:   r.Ledger, Limits: r.Ledger.Limits, Now: r.Now,
	}
	rep, err := sess.Run(ctx, bot.Request{Key: key, RunID: runID, Story: story, Dir: ws, Commit: headSHA})
	if r.OnRun != nil && len(rep.Outcomes) > 0 {
		r.OnRun(rep)
	}
	var refused *ledger.RefusedError
	if errors.As(err, &refused) {
		msg := fmt.Sprintf("### 🛑 autoverify: refused\n\n%s", refused.Error())
		msg = strings.Replace(msg, "`autoverify ledger reset "+key+"`", "`/verify reset`", 1)
		if !hasPR {
			return notify(refused.Error())
		}
		if cerr := t.gh.CompleteCheckRun(ctx, t.owner, t.repo, checkID, "action_required", "refused — verify cycles exhausted", msg, "", detailsURL); cerr != nil {
			return cerr
		}
		return notify(msg)
	}
	if err != nil && len(rep.Outcomes) == 0 {
		return fmt.Errorf("verifying %s: %w", key, err)
	}
	if err != nil {
		log.Error("the run finished but the ledger did not record it", "err", err)
	}

	rec := bot.NewRecord(key, story, rep, r.Redactor)
	files, err := evidence.Write(filepath.Join(r.Settings.ArtifactsDir, "runs", runID), rec.Evidence)
	if err != nil {
		return fmt.Errorf("writing evidence of %s: %w", runID, err)
	}
	if fromBody {
		marks := bot.Marks(rec.Outcomes, rec.Rejected, filepath.Base(files.Evidence))
		out, rerr := checklist.Rewrite(body, marks)
		var skipped *checklist.SkippedError
		if rerr == nil || errors.As(rerr, &skipped) {
			if !bytes.Equal(out, body) {
				if err := t.gh.UpdatePullBody(ctx, t.owner, t.repo, t.number, string(out)); err != nil {
					log.Warn("could not update the pull request body's markers", "err", err)
				}
			}
		}
	}
	rr := r.reportRun(key, runID, headSHA, source, story, rec, rep, files)
	r.result.Ran, r.result.Report = true, rr
	if !hasPR {
		log.Info("run finished", "route", rep.Route, "trigger", r.trigger)
		return nil
	}
	title, summary, text := report.CheckRun(rr)
	if err := t.gh.CompleteCheckRun(ctx, t.owner, t.repo, checkID, report.Conclusion(string(rep.Route)), title, summary, text, detailsURL); err != nil {
		return fmt.Errorf("completing the check run: %w", err)
	}
	if err := t.gh.UpsertComment(ctx, t.owner, t.repo, t.number, StickyMarker, report.Comment(rr)); err != nil {
		return fmt.Errorf("posting the result: %w", err)
	}
	passed, failed := rep.Counts()
	log.Info("run finished", "route", rep.Route, "passed", passed, "failed", failed, "trigger", r.trigger)
	return nil
}

func (r *verifyRun) allowlist(cfg repoConfig) []string {
	list := r.Settings.Allowlist
	if cfg.file.Allowlist != nil {
		list = cfg.file.Allowlist
	}
	if cfg.file.BuildEnabled != nil && *cfg.file.BuildEnabled {
		list = append(append([]string(nil), list...), checklist.BuildCommand)
	}
	return list
}

func (r *verifyRun) timeout(cfg repoConfig) time.Duration {
	d := r.Settings.CommandTimeout
	if cfg.file.CommandTimeout != "" {
		if v, err := time.ParseDuration(cfg.file.CommandTimeout); err == nil && v > 0 {
			d = v
		}
	}
	return d
}

// runURL is where the server serves a run's files ("" when no public URL).
func (r *verifyRun) runURL(runID, file string) string {
	if r.Settings.PublicURL == "" {
		return ""
	}
	u := strings.TrimRight(r.Settings.PublicURL, "/") + "/runs/" + runID + "/"
	return u + file
}

func (r *verifyRun) reportRun(key, runID, sha, source string, story *checklist.Story, rec bot.Record, rep bot.Report, files evidence.Files) report.Run {
	url := func(file string) string {
		if r.Settings.PublicURL == "" {
			return ""
		}
		return r.runURL(runID, file)
	}
	return bot.ReportRun(bot.ReportInput{Key: key, RunID: runID, Commit: sha, Source: source, Story: story,
		Record: rec, Report: rep, Limits: r.Ledger.Limits, Files: files, URL: url, Redactor: r.Redactor})
}

// VerifyRequest asks for a verification from outside GitHub (a Jira
// trigger): the open pull request carrying the key when there is one (it
// gets its check run and comment as usual), else the default branch.
type VerifyRequest struct {
	Owner, Repo string
	StoryKey    string
	DeliveryID  string
	Trigger     string
}

// Verify runs a verification for req and returns what it produced.
func (b *Base) Verify(ctx context.Context, req VerifyRequest) (VerifyResult, error) {
	gh, err := b.Clients.ForRepo(ctx, req.Owner, req.Repo)
	if err != nil {
		return VerifyResult{}, fmt.Errorf("finding the GitHub App installation on %s/%s: %w", req.Owner, req.Repo, err)
	}
	r := &verifyRun{Base: *b, t: target{gh: gh, owner: req.Owner, repo: req.Repo}, deliveryID: req.DeliveryID, trigger: req.Trigger, key: req.StoryKey}
	pr, err := gh.FindPullForKey(ctx, req.Owner, req.Repo, req.StoryKey)
	switch {
	case err == nil && pr != nil:
		r.t.number = pr.GetNumber()
	case err != nil && (b.IsNotFound == nil || !b.IsNotFound(err)):
		return VerifyResult{}, fmt.Errorf("looking for the pull request of %s: %w", req.StoryKey, err)
	default:
		if r.ref, err = gh.DefaultBranch(ctx, req.Owner, req.Repo); err != nil {
			return VerifyResult{}, fmt.Errorf("reading the default branch of %s/%s: %w", req.Owner, req.Repo, err)
		}
	}
	err = r.run(ctx)
	return r.result, err
}
