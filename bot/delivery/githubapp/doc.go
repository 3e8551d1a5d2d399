// Package githubapp is autoverify's GitHub App behaviour: what a queued
// webhook delivery does. One small handler per event kind (issue_comment,
// pull_request) shares the injected clients through an embedded Base, as
// palantir/policy-bot does; signature checks, deduplication and queueing
// happen once, before, in bot/intake.
//
// A /verify run: check the commenter's permission, acknowledge with 👀,
// read .autoverify.yml from the base branch, find the story key and the
// checklist (the pull request's task list, else the story file at the head
// commit), start the check run, fetch the head commit's tarball into a
// temporary workspace, run the bot.Session (ledger, runner, auto-fix),
// write evidence under the run's unguessable ID, rewrite the body's markers
// when the checklist came from it, complete the check run and upsert the
// sticky comment.
//
// It talks to GitHub only through the GitHub interface declared here
// (implemented by integrations/github).
package githubapp
