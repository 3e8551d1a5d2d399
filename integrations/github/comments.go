package github

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	gh "github.com/google/go-github/v60/github"

	"github.com/engineo/autoverify/integrations/httpretry"
	"github.com/engineo/autoverify/internal/lazyregexp"
)

// partMarker tags each comment of a multi-part sticky report with its
// 1-based position, so an update edits part N in place.
func partMarker(n int) string { return fmt.Sprintf("<!-- autoverify:part %d -->", n) }

var partMarkerRE = lazyregexp.New(`<!-- autoverify:part (\d+) -->`)

// UpsertComment keeps one sticky report on pull request (or issue) number:
// the comments by a bot that contain marker — a hidden HTML comment the
// caller chooses, such as "<!-- autoverify:sticky -->" — are its parts, and
// parts[i] is written to the comment tagged part i+1, which is edited in
// place (only when it changed), created when missing, and old parts beyond
// len(parts) are deleted — after the new ones are written, so the PR never
// shows no report. Comments are listed afresh on every call, so a retried or
// repeated call converges on exactly len(parts) comments; a duplicate of a
// part (two workers racing) is deleted by the next call. A create that
// answers 5xx is not blindly repeated (GitHub may have applied it): the
// comments are listed again first. A comment that
// carries marker but no part tag (an older format) counts as part 1. Parts
// over GitHub's 65,536-character limit are truncated with a note.
func (c *Client) UpsertComment(ctx context.Context, owner, repo string, number int, marker string, parts []string) error {
	wrap := func(err error) error {
		return fmt.Errorf("github: updating the sticky comment on %s/%s#%d: %w", owner, repo, number, err)
	}
	if strings.TrimSpace(marker) == "" {
		return wrap(fmt.Errorf("empty marker"))
	}
	// A create that answered 5xx may have happened anyway: instead of
	// letting the transport repeat it, list again and converge from there.
	for round := 1; ; round++ {
		err := c.upsertOnce(ctx, owner, repo, number, marker, parts)
		var uc uncertainCreate
		if err == nil || !errors.As(err, &uc) || round == createRounds {
			if err != nil {
				return wrap(err)
			}
			return nil
		}
		c.log.Warn("github: creating a comment failed with a server error; listing again before a retry",
			"repo", owner+"/"+repo, "number", number, "round", round, "err", err)
		if err := httpretry.Sleep(ctx, c.retry.Backoff(round)); err != nil {
			return wrap(err)
		}
	}
}

// uncertainCreate marks a create that answered 5xx: it may or may not exist.
type uncertainCreate struct{ error }

func (e uncertainCreate) Unwrap() error { return e.error }

func (c *Client) upsertOnce(ctx context.Context, owner, repo string, number int, marker string, parts []string) error {
	existing, err := c.stickyParts(ctx, owner, repo, number, marker)
	if err != nil {
		return err
	}
	var surplus []*gh.IssueComment
	for n, cs := range existing {
		if n > len(parts) {
			surplus = append(surplus, cs...)
		} else {
			surplus = append(surplus, cs[1:]...)
		}
	}
	for i, part := range parts {
		n := i + 1
		header := marker + "\n" + partMarker(n) + "\n\n"
		body := header + truncateMarkdown(part, maxCommentBody-len(header))
		if cs := existing[n]; len(cs) > 0 {
			if cs[0].GetBody() == body {
				continue
			}
			if _, resp, err := c.gh.Issues.EditComment(ctx, owner, repo, cs[0].GetID(), &gh.IssueComment{Body: gh.String(body)}); err != nil {
				return fmt.Errorf("editing part %d (comment %d): %w", n, cs[0].GetID(), classify(err, resp))
			}
			continue
		}
		if _, resp, err := c.gh.Issues.CreateComment(withoutServerErrorRetry(ctx), owner, repo, number, &gh.IssueComment{Body: gh.String(body)}); err != nil {
			err = fmt.Errorf("creating part %d: %w", n, classify(err, resp))
			if isServerError(err) {
				return uncertainCreate{err}
			}
			return err
		}
	}
	for _, cm := range surplus {
		if resp, err := c.gh.Issues.DeleteComment(ctx, owner, repo, cm.GetID()); err != nil {
			if err = classify(err, resp); errors.Is(err, ErrNotFound) {
				continue // already gone: a concurrent call cleaned up
			}
			return fmt.Errorf("deleting old comment %d: %w", cm.GetID(), err)
		}
	}
	return nil
}

// stickyParts lists every comment on the issue (all pages) and groups ours
// by part number, oldest first within a part.
func (c *Client) stickyParts(ctx context.Context, owner, repo string, number int, marker string) (map[int][]*gh.IssueComment, error) {
	parts := map[int][]*gh.IssueComment{}
	opts := &gh.IssueListCommentsOptions{ListOptions: gh.ListOptions{PerPage: 100}}
	for {
		page, resp, err := c.gh.Issues.ListComments(ctx, owner, repo, number, opts)
		if err != nil {
			return nil, fmt.Errorf("listing comments: %w", classify(err, resp))
		}
		for _, cm := range page {
			// A person quoting our report carries the marker too; only a
			// bot's comment (ours: the installation can edit no other) counts.
			if cm.GetUser().GetType() == "User" || !strings.Contains(cm.GetBody(), marker) {
				continue
			}
			n := 1
			if m := partMarkerRE().FindStringSubmatch(cm.GetBody()); m != nil {
				if v, err := strconv.Atoi(m[1]); err == nil && v > 0 {
					n = v
				}
			}
			parts[n] = append(parts[n], cm)
		}
		if resp.NextPage == 0 {
			return parts, nil
		}
		opts.Page = resp.NextPage
	}
}

// Comment posts a new comment on a pull request or issue (replies such as
// "/verify needs write access"; the report itself goes through
// UpsertComment).
func (c *Client) Comment(ctx context.Context, owner, repo string, number int, body string) error {
	body = truncateMarkdown(body, maxCommentBody)
	if _, resp, err := c.gh.Issues.CreateComment(ctx, owner, repo, number, &gh.IssueComment{Body: gh.String(body)}); err != nil {
		return fmt.Errorf("github: commenting on %s/%s#%d: %w", owner, repo, number, classify(err, resp))
	}
	return nil
}

// React adds a reaction to an issue comment — "eyes" acknowledges a
// /verify. content is one of GitHub's reactions: +1, -1, laugh, confused,
// heart, hooray, rocket, eyes. Reacting twice is harmless (GitHub answers
// 200 with the existing reaction).
func (c *Client) React(ctx context.Context, owner, repo string, commentID int64, content string) error {
	if _, resp, err := c.gh.Reactions.CreateIssueCommentReaction(ctx, owner, repo, commentID, content); err != nil {
		return fmt.Errorf("github: reacting %q to comment %d on %s/%s: %w", content, commentID, owner, repo, classify(err, resp))
	}
	return nil
}
