// Package bot verifies a story: it takes the automated items of a parsed
// checklist, runs their commands through a Runner with bounded concurrency,
// classifies failures, and hands results to the evidence writer and the
// story rewriter. It owns no I/O of its own: runners, stores and reporters
// are interfaces declared here and implemented under integrations/ and
// ledger/.
package bot
