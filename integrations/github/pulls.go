package github

import (
	"context"
	"fmt"
	"strings"

	gh "github.com/google/go-github/v60/github"
)

// PullRequest fetches one pull request (head and base SHAs included).
func (c *Client) PullRequest(ctx context.Context, owner, repo string, number int) (*gh.PullRequest, error) {
	pr, resp, err := c.gh.PullRequests.Get(ctx, owner, repo, number)
	if err != nil {
		return nil, fmt.Errorf("github: getting pull request %s/%s#%d: %w", owner, repo, number, classify(err, resp))
	}
	return pr, nil
}

// UpdatePullBody replaces a pull request's description (where the story's
// checklist lives when it is not in a file) and nothing else.
func (c *Client) UpdatePullBody(ctx context.Context, owner, repo string, number int, body string) error {
	_, resp, err := c.gh.PullRequests.Edit(ctx, owner, repo, number, &gh.PullRequest{Body: gh.String(body)})
	if err != nil {
		return fmt.Errorf("github: updating the body of pull request %s/%s#%d: %w", owner, repo, number, classify(err, resp))
	}
	return nil
}

// FindPullForKey returns the first open pull request (newest first, as
// GitHub lists them) whose title or head branch mentions an issue key such
// as "KAN-25", ignoring case. The key must stand alone: "KAN-2" does not
// match "KAN-25". No match is ErrNotFound.
func (c *Client) FindPullForKey(ctx context.Context, owner, repo, key string) (*gh.PullRequest, error) {
	if key == "" {
		return nil, fmt.Errorf("github: finding the pull request for an empty key in %s/%s", owner, repo)
	}
	opts := &gh.PullRequestListOptions{State: "open", ListOptions: gh.ListOptions{PerPage: 100}}
	for {
		prs, resp, err := c.gh.PullRequests.List(ctx, owner, repo, opts)
		if err != nil {
			return nil, fmt.Errorf("github: listing open pull requests of %s/%s: %w", owner, repo, classify(err, resp))
		}
		for _, pr := range prs {
			if mentionsKey(pr.GetTitle(), key) || mentionsKey(pr.GetHead().GetRef(), key) {
				return pr, nil
			}
		}
		if resp.NextPage == 0 {
			return nil, fmt.Errorf("github: no open pull request in %s/%s mentions %s: %w", owner, repo, key, ErrNotFound)
		}
		opts.Page = resp.NextPage
	}
}

// mentionsKey reports whether s contains key, case-insensitively, with no
// letter or digit directly before or after it.
func mentionsKey(s, key string) bool {
	ls, lk := strings.ToLower(s), strings.ToLower(key)
	for from := 0; ; {
		i := strings.Index(ls[from:], lk)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(lk)
		if (i == 0 || !alnum(ls[i-1])) && (end == len(ls) || !alnum(ls[end])) {
			return true
		}
		from = i + 1
	}
}

func alnum(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9'
}
