// Package dashboard is autoverify's web dashboard: every verification,
// its evidence and its trend, for people signed in. Pages are rendered on
// the server from embedded templates, charts are SVG drawn on the server,
// and one small embedded script adds live updates and search; everything
// reads without JavaScript. No CDN, nothing fetched at run time.
//
//	GET  /                       overview: the spec's widget figures (runs,
//	                             passed, failed, pass rate, active runs,
//	                             last activity), per repository and per
//	                             story, and charts over 30 days
//	GET  /runs                   history, filtered by repo, story, route,
//	                             failure type, author, status; paged
//	GET  /runs/{id}              one run: items, evidence output, matrix,
//	                             fixes, checks, ledger counters, links
//	GET  /evidence/{id}/{file}   a run's evidence file, as plain text
//	GET  /events                 Server-Sent Events: "change" whenever the
//	                             history changes (Last-Event-ID catches up)
//	GET  /history/clear          asks for confirmation (admins)
//	POST /history/clear          clears the history and records who (admins)
//	GET  /signin, POST /signin   sign-in page; the static token
//	GET  /auth/github            GitHub OAuth sign-in (and /callback)
//	POST /signout                ends the session
//	GET  /static/{file}          the embedded stylesheet and script
//
// Answers: no session → the sign-in page (303 to /signin; 401 for
// /events and Bearer clients); a run or evidence file the viewer may not
// see → 404, the same as one that does not exist; a state change without
// a valid CSRF token, or from another site (Origin, Sec-Fetch-Site) → 403;
// a non-admin clearing the history → 403.
//
// Access: the static token (ENGINEO_DASHBOARD_TOKEN, in the form or as
// Authorization: Bearer) is an admin. A GitHub user sees the runs of the
// repositories GitHub says they can read (GET /repos/{owner}/{repo} with
// their own token, remembered 5 minutes); logins in the admin list are
// admins. Runs of `autoverify run` (their repository is a work
// directory) are visible to admins only.
//
// Sessions are sealed cookies (AES-GCM): HttpOnly, SameSite=Lax, Secure
// over https. Every page has a strict Content-Security-Policy (no inline
// script or style) and nosniff; evidence is served as text/plain in a
// sandbox.
package dashboard
