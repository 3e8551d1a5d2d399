// Package runlog holds the rules of the run history the dashboard shows:
// what a run record holds, which indices list it and which counters it
// moves. It does no I/O. Stores (integrations/runlog/redis and
// integrations/runlog/bolt) read a run's previous record, ask Plan for the
// whole change and apply it in one transaction, so a retried or updated
// run counts once and every store keeps the same indices and counters.
//
// Counting follows the verification-manager spec's status widget: a run
// that reached a verdict is passed or failed; a run stopped before one (bad
// configuration, nothing to verify, cycles spent) is "stopped" and kept
// out of the pass rate; a run still going is "active". The pass rate is
// passed / (passed + failed) as a rounded whole percent, 100 when nothing
// has been judged.
//
// Counters are kept per scope (every repository together, each
// repository, each story) and per UTC day, so no page view scans records.
package runlog
