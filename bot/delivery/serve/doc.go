// Package serve is a running `autoverify serve`. From settings already
// checked (bot/settings), Open builds what the server holds, in this
// order:
//
//	redactor      every secret the server holds, masked in what it posts
//	runner        refused unless it isolates pull request code from the
//	              server, or the operator opted out by name (then logged
//	              loudly at every start and left out of /readyz)
//	ledger store  loop safety
//	queue         deliveries waiting for a worker, and the deduper
//	metrics       read the queue; the GitHub and Jira clients' calls go
//	              to them from here on (Observer)
//	run history   every run recorded for the dashboard
//	handlers      the pipeline, the GitHub handlers, the Jira handler
//	workers       the queue's, each delivery to its handler
//	routes        bot/delivery/server's, with the dashboard when one is
//	              configured
//
// An error at any step closes everything opened before it, last first,
// and Close does the same for a server that started. Serve answers until
// its context ends, then drains: no new deliveries, running verifications
// finish, and a durable queue keeps what has not started.
//
// It holds no adapter: integrations/assemble constructs them and
// injects them (Openers, Config), as it does for every delivery package.
package serve
