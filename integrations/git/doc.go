// Package git is autoverify's adapter to a local git work tree, used by the
// CLI's auto-fix loop: it reads HEAD, snapshots which paths are already
// changed, commits only what a fixer changed, and pushes that commit when
// pushing is enabled. It shells out to the git binary (the work tree is the
// user's own checkout; a library would have to re-implement their config,
// hooks and credential helpers).
package git
