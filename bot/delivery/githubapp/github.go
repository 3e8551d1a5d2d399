package githubapp

import (
	"context"

	"github.com/engineo/autoverify/bot"

	"github.com/google/go-github/v60/github"
)

// The roles of the GitHub API this package consumes, each declared where
// it is used: handlers, the Source and the Publisher take only the roles
// they need. integrations/github's Client has them all.

// PullReader reads a pull request.
type PullReader interface {
	PullRequest(ctx context.Context, owner, repo string, number int) (*github.PullRequest, error)
}

// Permissions reads a collaborator's permission level ("admin", "write",
// …).
type Permissions interface {
	Permission(ctx context.Context, owner, repo, user string) (string, error)
}

// Contents reads files and checks commits out.
type Contents interface {
	FileContent(ctx context.Context, owner, repo, path, ref string) ([]byte, error)
	// Workspace names a new directory for the repository at ref; its Fill
	// downloads the commit, its Release removes the directory.
	Workspace(ctx context.Context, owner, repo, ref string) (bot.Workspace, error)
}

// Branches finds what to verify when a trigger names a story, not a pull
// request (Jira).
type Branches interface {
	FindPullForKey(ctx context.Context, owner, repo, key string) (*github.PullRequest, error)
	DefaultBranch(ctx context.Context, owner, repo string) (string, error)
	BranchSHA(ctx context.Context, owner, repo, branch string) (string, error)
}

// CheckRuns starts and completes the `autoverify` check run.
type CheckRuns interface {
	StartCheckRun(ctx context.Context, owner, repo, headSHA, externalID, detailsURL string) (int64, error)
	// CompleteCheckRun completes a check run, offering actions as
	// requested-action buttons.
	CompleteCheckRun(ctx context.Context, owner, repo string, id int64, conclusion, title, summary, text, detailsURL string, actions ...*github.CheckRunAction) error
	// AnnotateCheckRun adds annotations (file and line notes) to a
	// check run; title and summary are its output's, which GitHub wants
	// with them.
	AnnotateCheckRun(ctx context.Context, owner, repo string, id int64, title, summary string, annotations []*github.CheckRunAnnotation) error
}

// Comments posts replies, the sticky comment and reactions.
type Comments interface {
	UpsertComment(ctx context.Context, owner, repo string, number int, marker string, parts []string) error
	Comment(ctx context.Context, owner, repo string, number int, body string) error
	React(ctx context.Context, owner, repo string, commentID int64, content string) error
}

// PullBodies rewrites a pull request's description.
type PullBodies interface {
	UpdatePullBody(ctx context.Context, owner, repo string, number int, body string) error
}

// Client is one installation's client: every role. Only the Clients
// boundary names it; consumers take roles.
type Client interface {
	PullReader
	Permissions
	Contents
	Branches
	CheckRuns
	Comments
	PullBodies
}

// Clients hands out one client per installation.
type Clients interface {
	Client(installationID int64) (Client, error)
	// ForRepo finds the installation covering a repository.
	ForRepo(ctx context.Context, owner, repo string) (Client, error)
}

// ClientsOf adapts a GitHub App's two client lookups, whatever concrete
// client type they return, to Clients.
func ClientsOf[C Client](byID func(int64) (C, error), byRepo func(context.Context, string, string) (C, error)) Clients {
	return clientFuncs[C]{byID, byRepo}
}

type clientFuncs[C Client] struct {
	byID   func(int64) (C, error)
	byRepo func(context.Context, string, string) (C, error)
}

func (f clientFuncs[C]) Client(id int64) (Client, error) {
	c, err := f.byID(id)
	if err != nil {
		return nil, err
	}
	return c, nil
}

func (f clientFuncs[C]) ForRepo(ctx context.Context, owner, repo string) (Client, error) {
	c, err := f.byRepo(ctx, owner, repo)
	if err != nil {
		return nil, err
	}
	return c, nil
}
