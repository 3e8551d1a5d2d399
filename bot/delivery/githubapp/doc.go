// Package githubapp is how GitHub reaches the pipeline and how results
// reach GitHub. One small handler per event kind (issue_comment,
// pull_request) shares its injected parts through an embedded Base, as
// palantir/policy-bot does; signature checks, deduplication and queueing
// happen once, before, in bot/delivery/intake.
//
// A handler decides whether and what to verify (a /verify by someone with
// write access, a push when the base branch's .autoverify.yml asks for it)
// and builds a bot.Request with two parts of this package:
//
//   - Source: the pull request (or a branch, for Jira triggers) as the
//     subject — head commit, base branch for .autoverify.yml, title, branch
//     and description for the story key and the checklist — and the head
//     commit's tarball as the workspace;
//   - Publisher: the `autoverify` check run (started in Begin, completed in
//     Publish), the one sticky comment, and the evidence markers rewritten
//     in the description when the checklist came from it.
//
// It talks to GitHub only through the small role interfaces in github.go
// (implemented by integrations/github), so its unit tests use hand-written
// fakes; cmd/autoverify's end-to-end tests run it against a fake of the
// REST API.
package githubapp
