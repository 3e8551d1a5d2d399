package githubapp

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"

	"github.com/google/go-github/v60/github"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/bot/settings"
)

// Pipeline runs verifications (*bot.Pipeline).
type Pipeline interface {
	Run(ctx context.Context, req bot.Request) (*bot.Verification, error)
}

// Resetter starts a story's verify cycles again (the ledger's store).
type Resetter interface {
	Reset(ctx context.Context, key string) error
}

// Base carries what every handler shares.
type Base struct {
	Clients  Clients
	Pipeline Pipeline
	Ledger   Resetter
	// Defaults is the server's configuration; a repository's
	// .autoverify.yml on the base branch refines it (settings.ForRepo).
	Defaults settings.Config
	// ArtifactsDir holds runs/{runID}/ evidence directories.
	ArtifactsDir string
	// Link, when set, gives the URL of a file of a run ("" for the run's
	// page); evidence links in comments use it.
	Link func(runID, file string) string
	// RunIDKey makes run IDs unguessable: an HMAC of the delivery ID.
	RunIDKey   []byte
	Redactor   bot.StringRedactor
	IsNotFound func(error) bool
	Logger     *slog.Logger
}

// Handlers dispatches queued GitHub deliveries to the handler of their
// event.
type Handlers struct {
	Base
}

// Handle runs one job. Errors worth retrying (GitHub or the ledger being
// unreachable) are returned so the queue retries; problems a retry cannot
// fix are reported on the pull request and end in nil.
func (h *Handlers) Handle(ctx context.Context, job queue.Job) error {
	switch job.Event {
	case "issue_comment":
		return (&IssueComment{Base: h.Base}).Handle(ctx, job)
	case "pull_request":
		return (&PullRequest{Base: h.Base}).Handle(ctx, job)
	case "check_run":
		return (&CheckRun{Base: h.Base}).Handle(ctx, job)
	}
	return nil
}

// Request builds the pipeline request for a pull request (number > 0) or a
// branch's head (number == 0, ref set), for delivery deliveryID. The run ID
// derives from the delivery, so a retry after a crash finds its check run
// again, and nobody can guess an ID to read evidence.
func (b *Base) Request(gh Client, owner, repo string, number int, ref, deliveryID, trigger string) bot.Request {
	runID := b.runID(deliveryID)
	link := func(file string) string {
		if b.Link == nil {
			return ""
		}
		return b.Link(runID, file)
	}
	return bot.Request{
		RunID: runID, Trigger: trigger,
		Source: &Source{GitHub: gh, Owner: owner, Repo: repo, Number: number, Ref: ref, IsNotFound: b.IsNotFound},
		Configure: func(f repoconfig.File, _ string) (settings.Config, error) {
			return b.Defaults.ForRepo(f)
		},
		ArtifactsDir: filepath.Join(b.ArtifactsDir, "runs", runID),
		Link:         link,
		Publishers: []bot.Publisher{&Publisher{GitHub: gh, Owner: owner, Repo: repo, Number: number,
			DetailsURL: link(""), Redactor: b.Redactor, Logger: b.logger()}},
	}
}

// verify runs a request and logs how it ended.
func (b *Base) verify(ctx context.Context, req bot.Request, log *slog.Logger) error {
	v, err := b.Pipeline.Run(ctx, req)
	if err != nil {
		return err
	}
	bot.LogOutcome(log, req, v)
	return nil
}

func (b *Base) logger() *slog.Logger {
	if b.Logger != nil {
		return b.Logger
	}
	return slog.Default()
}

func (b *Base) runID(deliveryID string) string {
	m := hmac.New(sha256.New, b.RunIDKey)
	m.Write([]byte(deliveryID))
	return hex.EncodeToString(m.Sum(nil))[:32]
}

// isBot reports whether a comment author is a bot (this app included).
func isBot(u *github.User) bool {
	return u.GetType() == "Bot" || strings.HasSuffix(u.GetLogin(), "[bot]")
}

// canStart reports whether user may start checks on the repository:
// write, maintain or admin access.
func (b *Base) canStart(ctx context.Context, gh Permissions, owner, repo, user string) (bool, error) {
	if user == "" {
		return false, nil
	}
	perm, err := gh.Permission(ctx, owner, repo, user)
	if err != nil {
		return false, fmt.Errorf("reading %s's permission on %s/%s: %w", user, owner, repo, err)
	}
	return canRun(perm), nil
}

// canRun reports whether a permission level may run commands.
func canRun(permission string) bool {
	switch permission {
	case "admin", "maintain", "write":
		return true
	}
	return false
}

// ForKey builds the request for a story named from outside GitHub (a Jira
// issue): the open pull request whose title or branch carries the key, with
// its check run and comment, else the default branch's story file.
func (b *Base) ForKey(ctx context.Context, owner, repo, key, deliveryID, trigger string) (bot.Request, error) {
	gh, err := b.Clients.ForRepo(ctx, owner, repo)
	if err != nil {
		return bot.Request{}, fmt.Errorf("finding the GitHub App installation on %s/%s: %w", owner, repo, err)
	}
	number, ref := 0, ""
	pr, err := gh.FindPullForKey(ctx, owner, repo, key)
	switch {
	case err == nil && pr != nil:
		number = pr.GetNumber()
	case err != nil && (b.IsNotFound == nil || !b.IsNotFound(err)):
		return bot.Request{}, fmt.Errorf("looking for the pull request of %s: %w", key, err)
	default:
		if ref, err = gh.DefaultBranch(ctx, owner, repo); err != nil {
			return bot.Request{}, fmt.Errorf("reading the default branch of %s/%s: %w", owner, repo, err)
		}
	}
	req := b.Request(gh, owner, repo, number, ref, deliveryID, trigger)
	req.Key = key
	return req, nil
}
