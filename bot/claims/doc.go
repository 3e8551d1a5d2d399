// Package claims reads what an agent claims about its verification — a
// READY_FOR_REVIEW or AUDIT_PASSED signal carrying an Environment
// Verification Matrix (environment-verification.md) — validates it the way
// the spec's coordinator does, and holds each claimed row against what
// autoverify observed when it ran the same (check, environment) pair.
//
// Validation follows the spec's six steps in its order, with its regexes
// and its error texts, so the first failing step decides the error exactly
// as the spec's Python would (TestAgainstSpecPython runs it on generated
// texts). The package is pure: no I/O, standard library only.
package claims
