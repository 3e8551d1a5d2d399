package github

import (
	"context"
	"fmt"
	"github.com/engineo/autoverify/bot"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"

	gh "github.com/google/go-github/v60/github"
)

// FileContent reads one file at ref (a branch, tag or SHA; "" means the
// default branch). A missing file or ref is ErrNotFound, which the bot
// reports as "no story here" rather than as a failure.
func (c *Client) FileContent(ctx context.Context, owner, repo, path, ref string) ([]byte, error) {
	var opts *gh.RepositoryContentGetOptions
	if ref != "" {
		opts = &gh.RepositoryContentGetOptions{Ref: ref}
	}
	file, dir, resp, err := c.gh.Repositories.GetContents(ctx, owner, repo, path, opts)
	if err != nil {
		return nil, fmt.Errorf("github: reading %s from %s/%s@%s: %w", path, owner, repo, ref, classify(err, resp))
	}
	if file == nil {
		return nil, fmt.Errorf("github: reading %s from %s/%s@%s: a directory (%d entries), not a file", path, owner, repo, ref, len(dir))
	}
	if file.GetType() != "" && file.GetType() != "file" {
		return nil, fmt.Errorf("github: reading %s from %s/%s@%s: a %s, not a file", path, owner, repo, ref, file.GetType())
	}
	// Files over 1 MB come back with encoding "none" and no content; the raw
	// media type serves them (up to 100 MB).
	if file.GetEncoding() == "none" {
		return c.rawContent(ctx, owner, repo, path, ref)
	}
	s, err := file.GetContent()
	if err != nil {
		return nil, fmt.Errorf("github: reading %s from %s/%s@%s: %w", path, owner, repo, ref, err)
	}
	return []byte(s), nil
}

func (c *Client) rawContent(ctx context.Context, owner, repo, path, ref string) ([]byte, error) {
	u := fmt.Sprintf("repos/%s/%s/contents/%s", url.PathEscape(owner), url.PathEscape(repo), (&url.URL{Path: path}).EscapedPath())
	if ref != "" {
		u += "?ref=" + url.QueryEscape(ref)
	}
	req, err := c.gh.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, fmt.Errorf("github: reading %s from %s/%s@%s: %w", path, owner, repo, ref, err)
	}
	req.Header.Set("Accept", "application/vnd.github.raw+json")
	var buf strings.Builder
	resp, err := c.gh.Do(ctx, req, &buf)
	if err != nil {
		return nil, fmt.Errorf("github: reading %s from %s/%s@%s (raw): %w", path, owner, repo, ref, classify(err, resp))
	}
	return []byte(buf.String()), nil
}

// DownloadTarball fetches the repository at ref as GitHub's tarball and
// extracts it into dest (which must be empty or absent) with
// ExtractTarball's protections and lim's limits. The archive URL GitHub
// redirects to is pre-signed, so the download does not carry our token.
func (c *Client) DownloadTarball(ctx context.Context, owner, repo, ref, dest string, lim ExtractLimits) error {
	wrap := func(err error) error {
		return fmt.Errorf("github: downloading %s/%s@%s: %w", owner, repo, ref, err)
	}
	var opts *gh.RepositoryContentGetOptions
	if ref != "" {
		opts = &gh.RepositoryContentGetOptions{Ref: ref}
	}
	// One redirect is followed: a renamed repository answers 301 first.
	link, resp, err := c.gh.Repositories.GetArchiveLink(ctx, owner, repo, gh.Tarball, opts, 1)
	if err != nil {
		return wrap(classify(err, resp))
	}
	link = c.gh.BaseURL.ResolveReference(link)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, link.String(), nil)
	if err != nil {
		return wrap(err)
	}
	req.Header.Set("User-Agent", userAgent)
	res, err := c.download.Do(req)
	if err != nil {
		return wrap(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(res.Body, 512))
		err := fmt.Errorf("archive download answered %s: %s", res.Status, strings.TrimSpace(string(body)))
		if res.StatusCode == http.StatusNotFound {
			err = notFound{err}
		}
		return wrap(err)
	}
	if err := ExtractTarball(res.Body, dest, lim); err != nil {
		return wrap(err)
	}
	return nil
}

// Workspace names a new temporary directory for a verification of the
// repository at ref, whose Fill downloads and extracts the commit there
// (with the default ExtractLimits, or AppConfig.Extract's) — only when a
// check must run — and whose Release removes it.
func (c *Client) Workspace(ctx context.Context, owner, repo, ref string) (bot.Workspace, error) {
	dir, err := os.MkdirTemp(c.workspaceRoot, "autoverify-ws-")
	if err != nil {
		return bot.Workspace{}, fmt.Errorf("github: creating a workspace: %w", err)
	}
	return bot.Workspace{
		Dir:     dir,
		Fill:    func(ctx context.Context) error { return c.DownloadTarball(ctx, owner, repo, ref, dir, c.limits) },
		Release: func() { _ = os.RemoveAll(dir) },
	}, nil
}

// Extract downloads ref's tarball into dest (empty or absent) through the
// safe extractor, within the client's limits: the gates' base and head
// trees.
func (c *Client) Extract(ctx context.Context, owner, repo, ref, dest string) error {
	return c.DownloadTarball(ctx, owner, repo, ref, dest, c.limits)
}
