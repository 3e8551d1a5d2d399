// Package ledger is autoverify's memory and its brakes. It owns the work
// ledger of each story (the spec's auto_verify_runs, auto_fix_attempts,
// last_failure_hash, last_failure_type, last_failure_at and
// verify_last_commit_sha, plus a bounded run history), the loop-safety
// limits, and Decide, the pure routing function that ends every run in one
// route. Storage sits behind the Store interface declared here and
// implemented by ledger/redis (shared, for the server) and ledger/bolt (the
// embedded default). The package itself does no I/O beyond calling a Store.
package ledger
