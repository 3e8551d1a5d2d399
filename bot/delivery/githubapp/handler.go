package githubapp

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/go-github/v60/github"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/ledger"
)

// GitHub is what a run needs of one installation's API client.
type GitHub interface {
	Permission(ctx context.Context, owner, repo, user string) (string, error)
	PullRequest(ctx context.Context, owner, repo string, number int) (*github.PullRequest, error)
	FileContent(ctx context.Context, owner, repo, path, ref string) ([]byte, error)
	DownloadTarball(ctx context.Context, owner, repo, ref, dest string) error
	StartCheckRun(ctx context.Context, owner, repo, headSHA, externalID, detailsURL string) (int64, error)
	CompleteCheckRun(ctx context.Context, owner, repo string, id int64, conclusion, title, summary, text, detailsURL string) error
	UpsertComment(ctx context.Context, owner, repo string, number int, marker string, parts []string) error
	Comment(ctx context.Context, owner, repo string, number int, body string) error
	React(ctx context.Context, owner, repo string, commentID int64, content string) error
	UpdatePullBody(ctx context.Context, owner, repo string, number int, body string) error
	// For triggers from outside a pull request (Jira):
	FindPullForKey(ctx context.Context, owner, repo, key string) (*github.PullRequest, error)
	DefaultBranch(ctx context.Context, owner, repo string) (string, error)
	BranchSHA(ctx context.Context, owner, repo, branch string) (string, error)
}

// Clients hands out one client per installation.
type Clients interface {
	Client(installationID int64) (GitHub, error)
	// ForRepo finds the installation covering a repository.
	ForRepo(ctx context.Context, owner, repo string) (GitHub, error)
}

// Settings are the server's defaults for runs; a repository's
// .autoverify.yml (from the base branch) refines them.
type Settings struct {
	Allowlist      []string
	CommandTimeout time.Duration
	Concurrency    int
	Limits         ledger.Limits
	// ArtifactsDir holds runs/{runID}/ evidence directories.
	ArtifactsDir string
	// PublicURL, when set, is where the server is reachable; evidence links
	// point at PublicURL/runs/{runID}/{file}.
	PublicURL string
	// RunIDKey makes run IDs unguessable: HMAC of the delivery ID.
	RunIDKey []byte
}

// Base carries what every handler shares.
type Base struct {
	Clients  Clients
	Runner   bot.Runner
	Redactor interface {
		bot.Redactor
		String(string) string
	}
	Ledger     *ledger.Ledger
	Settings   Settings
	IsNotFound func(error) bool
	Logger     *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// OnRun, when set, learns of every finished session (metrics).
	OnRun func(bot.Report)
	// Environments, when set, builds the runners of a repository's
	// environments: (read from the base branch) for a matrix run; the
	// returned func releases them.
	Environments func(map[string]repoconfig.Environment) ([]bot.Environment, func(), error)
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
	}
	return nil
}

func (b *Base) logger() *slog.Logger {
	if b.Logger != nil {
		return b.Logger
	}
	return slog.Default()
}

func (b *Base) now() time.Time {
	if b.Now != nil {
		return b.Now()
	}
	return time.Now()
}

// runID derives the run's ID from the delivery: the same delivery (a retry
// after a crash) gets the same ID, so it finds its check run again, and
// nobody can guess an ID to read evidence.
func (b *Base) runID(deliveryID string) string {
	m := hmac.New(sha256.New, b.Settings.RunIDKey)
	m.Write([]byte(deliveryID))
	return hex.EncodeToString(m.Sum(nil))[:32]
}

// isBot reports whether a comment author is a bot (this app included).
func isBot(u *github.User) bool {
	return u.GetType() == "Bot" || strings.HasSuffix(u.GetLogin(), "[bot]")
}

// canRun reports whether a permission level may run commands.
func canRun(permission string) bool {
	switch permission {
	case "admin", "maintain", "write":
		return true
	}
	return false
}

// target names a pull request.
type target struct {
	gh             GitHub
	owner, repo    string
	number         int
	installationID int64
}

func (t target) String() string { return fmt.Sprintf("%s/%s#%d", t.owner, t.repo, t.number) }
