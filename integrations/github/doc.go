// Package github is autoverify's adapter to the GitHub REST API as a GitHub
// App: it authenticates as the App (a JWT signed with the App's private key)
// and as each installation (short-lived installation tokens, cached and
// refreshed by ghinstallation), retries what GitHub asks us to retry, and
// offers the handful of operations the bot needs, each written so that a
// retried job or a redelivered webhook never leaves a duplicate behind.
//
// Everything here speaks HTTP to GitHub and nothing else; the bot declares
// interfaces over [Client]'s methods, and tests run them against the
// in-process fake in package githubtest.
//
// The endpoints used, one per method:
//
//   - [App.Client]: installation tokens.
//     GitHub API docs: https://docs.github.com/rest/apps/apps#create-an-installation-access-token-for-an-app
//   - [Client.Permission]: a user's role on a repository.
//     GitHub API docs: https://docs.github.com/rest/collaborators/collaborators#get-repository-permissions-for-a-user
//   - [Client.RepoInfo], [Client.DefaultBranch]:
//     GitHub API docs: https://docs.github.com/rest/repos/repos#get-a-repository
//   - [Client.PullRequest]:
//     GitHub API docs: https://docs.github.com/rest/pulls/pulls#get-a-pull-request
//   - [Client.UpdatePullBody]:
//     GitHub API docs: https://docs.github.com/rest/pulls/pulls#update-a-pull-request
//   - [Client.FindPullForKey]:
//     GitHub API docs: https://docs.github.com/rest/pulls/pulls#list-pull-requests
//   - [Client.FileContent]:
//     GitHub API docs: https://docs.github.com/rest/repos/contents#get-repository-content
//   - [Client.DownloadTarball]:
//     GitHub API docs: https://docs.github.com/rest/repos/contents#download-a-repository-archive-tar
//   - [Client.StartCheckRun]:
//     GitHub API docs: https://docs.github.com/rest/checks/runs#list-check-runs-for-a-git-reference
//     GitHub API docs: https://docs.github.com/rest/checks/runs#create-a-check-run
//   - [Client.CompleteCheckRun]:
//     GitHub API docs: https://docs.github.com/rest/checks/runs#update-a-check-run
//   - [Client.AnnotateCheckRun]:
//     GitHub API docs: https://docs.github.com/rest/checks/runs#update-a-check-run
//   - [Client.UpsertComment]:
//     GitHub API docs: https://docs.github.com/rest/issues/comments#list-issue-comments
//     GitHub API docs: https://docs.github.com/rest/issues/comments#create-an-issue-comment
//     GitHub API docs: https://docs.github.com/rest/issues/comments#update-an-issue-comment
//     GitHub API docs: https://docs.github.com/rest/issues/comments#delete-an-issue-comment
//   - [Client.Comment]:
//     GitHub API docs: https://docs.github.com/rest/issues/comments#create-an-issue-comment
//   - [Client.React]:
//     GitHub API docs: https://docs.github.com/rest/reactions/reactions#create-reaction-for-an-issue-comment
//
// Rate limits and retries follow
// https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api
// and https://docs.github.com/rest/using-the-rest-api/best-practices-for-using-the-rest-api.
package github
