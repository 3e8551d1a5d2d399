// Package cli is how `autoverify run` reaches the pipeline and how its
// result reaches the person at the terminal: a Source over a local work
// tree and a story file, a Publisher that prints the result table and
// writes the evidence markers into the story, and the local pipeline's
// assembly (Adapters.RunLocal, Adapters.Audit: what is opened in which
// order, what runs in the background and is waited for, what is closed).
// It also holds what the other commands show (plan, ledger
// show/reset/authors), the local files they read (the story, the
// signal, .autoverify.yml), and the command line's mechanics every
// command shares (FlagSet, ParseArgs, InputError, the colour and log
// format decisions). It touches only the local files it is given;
// git, the atomic file writer and every adapter of the pipeline
// (Adapters) are injected by integrations/assemble.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/engineo/autoverify/bot"
)

// Source is a story file verified in a local work tree.
type Source struct {
	// StoryPath is the story file; it must have a checklist.
	StoryPath string
	// Dir is the work tree the commands run in and whose .autoverify.yml
	// is read.
	Dir string
	// Commit is the commit verified; empty asks Head.
	Commit string
	// Head returns the work tree's checked-out commit ("" outside git)
	// and, when tree is asked for, a name of its content for the result
	// cache (a git tree hash; "" leaves the cache off).
	Head func(ctx context.Context, dir string, tree bool) (commit, treeHash string, err error)
	// Cache asks Head for the tree hash.
	Cache bool
	// Committer, when set, commits what auto-fixers change (see
	// bot.FixableSource); nil runs fixers without committing.
	Committer func(v *bot.Verification) bot.FixCommitter
	// Warn receives warnings (one line each).
	Warn io.Writer
	// Trees puts a revision's files in an empty directory (git archive),
	// for the gates; nil means the gates cannot run.
	Trees func(ctx context.Context, rev, dest string) error
}

var _ bot.RevisionSource = (*Source)(nil)

// Extract puts rev's files in dest without touching the work tree.
func (s *Source) Extract(ctx context.Context, rev, dest string) error {
	if s.Trees == nil {
		return fmt.Errorf("gates: %s is not a git work tree", s.Dir)
	}
	return s.Trees(ctx, rev, dest)
}

var _ bot.FixableSource = (*Source)(nil)

// Subject reads the story and the work tree's commit.
func (s *Source) Subject(ctx context.Context) (bot.Subject, error) {
	raw, err := os.ReadFile(s.StoryPath)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return bot.Subject{}, &bot.Problem{Kind: bot.ProblemStory, Path: s.StoryPath, Err: errors.New("no such file; check the path")}
	case err != nil:
		return bot.Subject{}, &bot.Problem{Kind: bot.ProblemStory, Path: s.StoryPath, Err: err}
	}
	subj := bot.Subject{Repo: s.Dir, Commit: s.Commit, Checklist: raw, ChecklistSource: s.StoryPath, ChecklistRequired: true}
	if s.Head != nil && (s.Commit == "" || s.Cache) {
		head, tree, err := s.Head(ctx, s.Dir, s.Cache)
		if err != nil {
			fmt.Fprintf(s.warn(), "warning: reading the commit of %s: %v; comparing failures against an empty commit\n", s.Dir, err)
		}
		if subj.Commit == "" {
			subj.Commit = head
		}
		if tree != "" {
			subj.Tree = "tree:" + tree
		}
	}
	return subj, nil
}

// File reads a file of the work tree; ref is ignored (the work tree is
// what is verified).
func (s *Source) File(_ context.Context, _, path string) ([]byte, error) {
	full := filepath.Join(s.Dir, path)
	raw, err := os.ReadFile(full)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s: %w", full, bot.ErrNotFound)
	case err != nil:
		return nil, &bot.Problem{Kind: bot.ProblemConfig, Err: fmt.Errorf("%s: %v", full, err)}
	}
	return raw, nil
}

// Workspace is the work tree itself; nothing is fetched, created or
// removed.
func (s *Source) Workspace(context.Context, bot.Subject) (bot.Workspace, error) {
	return bot.Workspace{Dir: s.Dir}, nil
}

// FixCommitter commits fixes in the work tree when the run verifies a
// commit.
func (s *Source) FixCommitter(v *bot.Verification) bot.FixCommitter {
	if s.Committer == nil || v.Subject.Commit == "" {
		return nil
	}
	return s.Committer(v)
}

func (s *Source) warn() io.Writer {
	if s.Warn == nil {
		return io.Discard
	}
	return s.Warn
}

// Change is a change base..Head in a local git work tree, judged by the
// gates alone (`autoverify gates`): it has no checklist, its commands run
// on trees extracted from the commits (never the work tree), and the
// work tree supplies only the configuration.
type Change struct {
	// Source gives the configuration and the commits' trees; its story
	// file is not read.
	Source
	// Head is the commit judged, and HeadTree its git tree hash: the
	// content the gates ran on, which an attestation may then name by
	// the repository's public address.
	Head, HeadTree string
}

// Subject is the head commit; there is no checklist.
func (c *Change) Subject(context.Context) (bot.Subject, error) {
	subj := bot.Subject{Repo: c.Dir, Commit: c.Head}
	if c.HeadTree != "" {
		subj.Tree = "tree:" + c.HeadTree
	}
	return subj, nil
}
