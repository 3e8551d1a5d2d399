package bot

import (
	"context"
	"errors"
	"fmt"
)

// Source is where a verification's inputs come from: a local work tree
// (the CLI), a pull request or a branch on a code host (the GitHub App and
// the Jira path). The pipeline asks it in stage order.
type Source interface {
	// Subject resolves what is verified.
	Subject(ctx context.Context) (Subject, error)
	// File reads path at ref ("" means the work tree); it returns an error
	// matching ErrNotFound when there is no such file.
	File(ctx context.Context, ref, path string) ([]byte, error)
	// Workspace names the directory the checks run in; see Workspace.
	Workspace(ctx context.Context, s Subject) (Workspace, error)
}

// Workspace is where a verification's checks run.
type Workspace struct {
	Dir string
	// Fill puts the subject's files in Dir (downloads the commit); nil
	// when they are there already (a work tree). The pipeline calls it
	// only when a check must run, so a verification served wholly from
	// the result cache never fetches anything.
	Fill func(ctx context.Context) error
	// Release removes what Workspace created (never the user's own work
	// tree); nil when there is nothing to remove.
	Release func()
}

// ErrNotFound is what a Source's File matches when the file does not exist.
var ErrNotFound = errors.New("not found")

// Subject is what a verification looks at.
type Subject struct {
	// Repo names the repository ("owner/name"), or the work directory.
	Repo string
	// Commit is the revision verified: a pull request's head, a branch's
	// head, the work tree's HEAD (or "" outside git).
	Commit string
	// BaseRef is where the repository's configuration is read: a pull
	// request's base branch (never its head, so a pull request cannot
	// widen what it may run), a branch's own name, "" for a work tree.
	BaseRef string
	// BaseCommit is the commit a pull request's base branch was at (what
	// the gates compare with); empty falls back to BaseRef.
	BaseCommit string
	// Title, Branch and Body are the texts a story key is looked for in,
	// in that order.
	Title, Branch, Body string
	// Author is who the change is by (the pull request's author), when
	// known: the claims its description makes are theirs, and the run
	// history lists runs by it.
	Author string
	// Checklist is a checklist the subject carries itself (a pull
	// request's description, the CLI's story file), tried before the
	// story file; ChecklistSource names it. When ChecklistRequired is set
	// it is the only candidate: a problem with it is the author's to fix.
	Checklist         []byte
	ChecklistSource   string
	ChecklistRequired bool
	// Number and URL name the pull request, when there is one.
	Number int
	URL    string
	// Tree identifies the content the checks run on, for the result
	// cache: a git tree hash of the work tree, or the commit; empty turns
	// the cache off.
	Tree string
}

// ProblemKind says what stopped a verification before it reached a
// verdict.
type ProblemKind string

// The problems a verification can stop on.
const (
	// ProblemStory: the story file cannot be read or is not UTF-8.
	ProblemStory ProblemKind = "story"
	// ProblemNoChecklist: no story key, or no task list anywhere.
	ProblemNoChecklist ProblemKind = "no_checklist"
	// ProblemConfig: the configuration is invalid (.autoverify.yml, the
	// allowlist, the environments, a setting).
	ProblemConfig ProblemKind = "config"
	// ProblemRefused: the story's verify cycles are spent.
	ProblemRefused ProblemKind = "refused"
	// ProblemHeadMoved: a run was approved for one commit, and the pull
	// request's head is now another.
	ProblemHeadMoved ProblemKind = "head_moved"
)

// Problem is something the author must fix; nothing was run (or, for
// ProblemRefused, the ledger refused to run). Publishers word it for their
// audience; Error is the plain one-line form.
type Problem struct {
	Kind ProblemKind
	// Key is the story key, when known.
	Key string
	// Path is the story or configuration file concerned, when there is
	// one; Ref is the branch a configuration was read from.
	Path, Ref string
	// Pinned is the commit a run was approved for and Commit the head it
	// found (ProblemHeadMoved).
	Pinned, Commit string
	Err            error
}

func (p *Problem) Error() string {
	switch p.Kind {
	case ProblemStory:
		return fmt.Sprintf("story %s: %v", p.Path, p.Err)
	case ProblemNoChecklist:
		if p.Err != nil {
			return fmt.Sprintf("story %s: %v", p.Path, p.Err)
		}
		if p.Key == "" {
			return "nothing to verify: no story key (like KAN-25) in the title, branch or description"
		}
		return fmt.Sprintf("nothing to verify: %s has no checklist in the description and no story file at %s", p.Key, p.Path)
	case ProblemHeadMoved:
		return fmt.Sprintf("approved for %s, but the head is now %s; nothing was run", p.Pinned, p.Commit)
	}
	return p.Err.Error()
}

func (p *Problem) Unwrap() error { return p.Err }

// Publisher tells people about a verification: the GitHub App (check run,
// sticky comment, markers in the pull request body), Jira (comment and
// transition), the terminal and the story file (the CLI), metrics.
type Publisher interface {
	// Begin announces a verification whose checklist is known and that is
	// about to run (a check run in progress).
	Begin(ctx context.Context, v *Verification) error
	// Publish reports how it ended: v.Problem when something stopped it,
	// else the verdict in v.Summary.
	Publish(ctx context.Context, v *Verification) error
}
