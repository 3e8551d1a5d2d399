// Package bot is the verification pipeline: one list of stages (New) that
// the CLI and the server share — read the subject and its configuration,
// reserve a verify cycle in the ledger, run the checks (bot/verify, the
// verification core below it), then the further checks (the gates, the
// audit of an agent's claims), route and fix, record the run and publish
// it. Deliveries (bot/delivery/*) build requests and publishers around it.
// It owns no I/O of its own: sources, stores and publishers are interfaces
// declared here and implemented under integrations/ and ledger/.
package bot
