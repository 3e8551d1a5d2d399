package github

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	gh "github.com/google/go-github/v60/github"
)

// Permission returns user's role on the repository: GitHub's role_name
// ("admin", "maintain", "write", "triage", "read", or a custom role) when
// present, else the legacy permission ("admin", "write", "read", "none").
// The bot uses it to decide who may trigger /verify; go-github v60's type
// lacks role_name, hence the hand-built request.
func (c *Client) Permission(ctx context.Context, owner, repo, user string) (string, error) {
	u := fmt.Sprintf("repos/%s/%s/collaborators/%s/permission", url.PathEscape(owner), url.PathEscape(repo), url.PathEscape(user))
	req, err := c.gh.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return "", fmt.Errorf("github: getting %s's permission on %s/%s: %w", user, owner, repo, err)
	}
	var out struct {
		Permission string `json:"permission"`
		RoleName   string `json:"role_name"`
	}
	resp, err := c.gh.Do(ctx, req, &out)
	if err != nil {
		return "", fmt.Errorf("github: getting %s's permission on %s/%s: %w", user, owner, repo, classify(err, resp))
	}
	if out.RoleName != "" {
		return out.RoleName, nil
	}
	return out.Permission, nil
}

// RepoInfo fetches the repository.
func (c *Client) RepoInfo(ctx context.Context, owner, repo string) (*gh.Repository, error) {
	r, resp, err := c.gh.Repositories.Get(ctx, owner, repo)
	if err != nil {
		return nil, fmt.Errorf("github: getting repository %s/%s: %w", owner, repo, classify(err, resp))
	}
	return r, nil
}

// DefaultBranch returns the repository's default branch name.
func (c *Client) DefaultBranch(ctx context.Context, owner, repo string) (string, error) {
	r, err := c.RepoInfo(ctx, owner, repo)
	if err != nil {
		return "", err
	}
	if r.GetDefaultBranch() == "" {
		return "", fmt.Errorf("github: repository %s/%s has no default branch (is it empty?)", owner, repo)
	}
	return r.GetDefaultBranch(), nil
}

// BranchSHA returns the commit a branch points at.
//
// GitHub API docs: https://docs.github.com/rest/branches/branches#get-a-branch
func (c *Client) BranchSHA(ctx context.Context, owner, repo, branch string) (string, error) {
	b, resp, err := c.gh.Repositories.GetBranch(ctx, owner, repo, branch, 0)
	if err != nil {
		return "", fmt.Errorf("github: getting branch %s of %s/%s: %w", branch, owner, repo, classify(err, resp))
	}
	return b.GetCommit().GetSHA(), nil
}
