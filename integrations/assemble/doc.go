// Package assemble is autoverify's composition root: it builds the
// server (serve.Open on the real adapters), a local run's adapters
// (cli.Adapters, the run's source and the publishers --report adds) and
// the dashboard from resolved settings, choosing the adapter behind each
// port — the runners, the ledger's store and the run history, the queue,
// GitHub, Jira, the evidence on disk, the signer. cmd/autoverify reads
// the command line and the environment and hands them here (Env, a
// settings.Lookup); the delivery packages are given what this package
// builds and never import it (bot/layers_test.go).
package assemble
