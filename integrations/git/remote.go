package git

import (
	"context"
	"net/url"
	"regexp"
	"strings"
)

// OriginURL is the address of the work tree's origin remote as others can
// name it: a network URL with any credentials, query and ".git" suffix
// taken off, scp-like addresses (git@github.com:acme/web.git) written as
// ssh:// URLs. It is "" when there is no origin or it is a local path:
// then the work tree has no name outside this machine.
func (r Repo) OriginURL(ctx context.Context) string {
	out, err := r.git(ctx, "config", "--get", "remote.origin.url")
	if err != nil {
		return ""
	}
	return PublicURL(strings.TrimSpace(out))
}

// CommitTree is the tree of commit.
func (r Repo) CommitTree(ctx context.Context, commit string) (string, error) {
	out, err := r.git(ctx, "rev-parse", "--verify", commit+"^{tree}")
	return strings.TrimSpace(out), err
}

// scpLike is git's user@host:path form of an ssh address.
var scpLike = regexp.MustCompile(`^(?:[^@/]+@)?([A-Za-z0-9.-]+):([^/].*)$`)

// PublicURL is a remote's address without what must not be published (a
// user name, a password or token, a query), or "" when it is not a
// network address.
func PublicURL(remote string) string {
	if m := scpLike.FindStringSubmatch(remote); m != nil && !strings.Contains(remote, "://") {
		remote = "ssh://" + m[1] + "/" + m[2]
	}
	u, err := url.Parse(remote)
	if err != nil || u.Host == "" {
		return ""
	}
	switch u.Scheme {
	case "https", "http", "ssh", "git":
	default:
		return ""
	}
	u.User, u.RawQuery, u.Fragment, u.ForceQuery = nil, "", "", false
	u.Path = strings.TrimSuffix(strings.TrimSuffix(u.Path, "/"), ".git")
	u.RawPath = ""
	return u.String()
}
