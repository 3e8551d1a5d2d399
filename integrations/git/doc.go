// Package git is autoverify's adapter to a local git work tree. For every
// `autoverify run` it reads HEAD and the work tree's content hash (the
// result cache's key) with as few git processes as it can; for the CLI's
// auto-fix loop it snapshots which paths are already changed, commits only
// what a fixer changed, and pushes that commit when pushing is enabled. It shells out to the git binary (the work tree is the
// user's own checkout; a library would have to re-implement their config,
// hooks and credential helpers).
package git
