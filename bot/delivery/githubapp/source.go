package githubapp

import (
	"context"
	"fmt"
	"strings"

	"github.com/engineo/autoverify/bot"
)

// sourceAPI is what a Source reads.
type sourceAPI interface {
	PullReader
	Contents
	BranchSHA(ctx context.Context, owner, repo, branch string) (string, error)
}

// Source is a pull request (Number > 0) or a branch's head (Ref) as the
// subject of a verification.
type Source struct {
	GitHub      sourceAPI
	Owner, Repo string
	Number      int
	// Ref is the branch verified when there is no pull request; it is
	// also where the configuration is read.
	Ref string
	// IsNotFound tells a missing file from a failed read.
	IsNotFound func(error) bool
	// Pinned, when set, is the commit (or a prefix of it) a maintainer
	// approved: the run happens only if the head is still that commit.
	Pinned string
}

var _ bot.Source = (*Source)(nil)
var _ bot.RevisionSource = (*Source)(nil)

// Revisions fetches any revision's files (integrations/github's Client
// does, from tarballs, through the safe extractor): the gates' base and
// head.
type Revisions interface {
	Extract(ctx context.Context, owner, repo, ref, dest string) error
}

// Extract puts rev's files in dest, for the gates.
func (s *Source) Extract(ctx context.Context, rev, dest string) error {
	r, ok := s.GitHub.(Revisions)
	if !ok {
		return fmt.Errorf("%s: this GitHub client cannot fetch revisions", s)
	}
	if err := r.Extract(ctx, s.Owner, s.Repo, rev, dest); err != nil {
		return fmt.Errorf("fetching %s@%s: %w", s, rev, err)
	}
	return nil
}

func (s *Source) String() string {
	if s.Number > 0 {
		return fmt.Sprintf("%s/%s#%d", s.Owner, s.Repo, s.Number)
	}
	return fmt.Sprintf("%s/%s@%s", s.Owner, s.Repo, s.Ref)
}

// Subject reads the pull request (its head commit, base branch, title,
// branch and description) or the branch's head commit.
func (s *Source) Subject(ctx context.Context) (bot.Subject, error) {
	repo := s.Owner + "/" + s.Repo
	if s.Number <= 0 {
		sha, err := s.GitHub.BranchSHA(ctx, s.Owner, s.Repo, s.Ref)
		if err != nil {
			return bot.Subject{}, fmt.Errorf("reading branch %s of %s: %w", s.Ref, repo, err)
		}
		return bot.Subject{Repo: repo, Commit: sha, BaseRef: s.Ref, Branch: s.Ref, Tree: "commit:" + sha}, nil
	}
	pr, err := s.GitHub.PullRequest(ctx, s.Owner, s.Repo, s.Number)
	if err != nil {
		return bot.Subject{}, fmt.Errorf("reading %s: %w", s, err)
	}
	if head := pr.GetHead().GetSHA(); s.Pinned != "" && !strings.HasPrefix(head, s.Pinned) {
		return bot.Subject{}, &bot.Problem{Kind: bot.ProblemHeadMoved, Pinned: s.Pinned, Commit: head}
	}
	return bot.Subject{
		Repo: repo, Commit: pr.GetHead().GetSHA(), BaseRef: pr.GetBase().GetRef(), BaseCommit: pr.GetBase().GetSHA(),
		Title: pr.GetTitle(), Branch: pr.GetHead().GetRef(), Body: pr.GetBody(), Author: pr.GetUser().GetLogin(),
		Checklist: []byte(pr.GetBody()), ChecklistSource: "the pull request description",
		Number: s.Number, URL: pr.GetHTMLURL(), Tree: "commit:" + pr.GetHead().GetSHA(),
	}, nil
}

// File reads a file at ref through the contents API.
func (s *Source) File(ctx context.Context, ref, path string) ([]byte, error) {
	raw, err := s.GitHub.FileContent(ctx, s.Owner, s.Repo, path, ref)
	if err != nil && s.IsNotFound != nil && s.IsNotFound(err) {
		return nil, fmt.Errorf("%s at %s: %w", path, ref, bot.ErrNotFound)
	}
	return raw, err
}

// Workspace is a temporary directory that the subject's commit is
// extracted into from GitHub's tarball, when a check must run.
func (s *Source) Workspace(ctx context.Context, subj bot.Subject) (bot.Workspace, error) {
	ws, err := s.GitHub.Workspace(ctx, s.Owner, s.Repo, subj.Commit)
	if err != nil {
		return bot.Workspace{}, fmt.Errorf("workspace for %s@%s: %w", s, subj.Commit, err)
	}
	fill := ws.Fill
	ws.Fill = func(ctx context.Context) error {
		if err := fill(ctx); err != nil {
			return fmt.Errorf("fetching %s@%s: %w", s, subj.Commit, err)
		}
		return nil
	}
	return ws, nil
}
