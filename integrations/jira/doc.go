// Package jira is autoverify's adapter to the Jira REST API, version 2
// (Jira Cloud, and Jira Server / Data Center). It reads an issue, lists and
// performs workflow transitions, and posts comments (wiki markup) exactly
// once per verification run; it also parses Jira's webhook payloads, since
// knowing their shape is Jira's business, not the intake's.
//
// Authentication is one of:
//
//   - Jira Cloud: HTTP Basic with an account's e-mail address and an API
//     token (ENGINEO_JIRA_EMAIL, ENGINEO_JIRA_API_TOKEN);
//   - Jira Server / Data Center: a personal access token sent as a bearer
//     token (ENGINEO_JIRA_PAT).
//
// Requests go through go-jira's auth transports under a retrying transport
// that waits out 429s (Retry-After in seconds or as an HTTP date, or
// X-RateLimit-Reset) and retries 5xx answers to idempotent requests with
// exponential backoff and jitter. A POST that answers 5xx is never repeated
// blindly — Jira may have applied it — so [Client.AddCommentOnce] and
// [Client.Transition] look at the issue again before trying once more.
//
// The bot declares interfaces over [Client]'s methods; tests run them
// against the in-process fake in package jiratest.
//
// The endpoints used:
//
//   - [Client.Issue]: GET /rest/api/2/issue/{key}?fields=summary,status,project
//     https://developer.atlassian.com/cloud/jira/platform/rest/v2/api-group-issues/#api-rest-api-2-issue-issueidorkey-get
//   - [Client.Transitions]: GET /rest/api/2/issue/{key}/transitions
//     https://developer.atlassian.com/cloud/jira/platform/rest/v2/api-group-issues/#api-rest-api-2-issue-issueidorkey-transitions-get
//   - [Client.Transition]: POST /rest/api/2/issue/{key}/transitions
//     https://developer.atlassian.com/cloud/jira/platform/rest/v2/api-group-issues/#api-rest-api-2-issue-issueidorkey-transitions-post
//   - [Client.Comments], [Client.AddCommentOnce]:
//     GET and POST /rest/api/2/issue/{key}/comment
//     https://developer.atlassian.com/cloud/jira/platform/rest/v2/api-group-issue-comments/
//
// Rate limits follow https://developer.atlassian.com/cloud/jira/platform/rate-limiting/.
package jira
