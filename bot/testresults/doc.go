// Package testresults reads which tests a command ran, and how each ended,
// from what the test tool printed: `go test -json` and go's text output,
// JUnit XML (pytest --junitxml, jest-junit, Maven Surefire, Gradle), TAP
// (node --test, bats), pytest and unittest text, cargo test and nextest,
// and the summary lines of jest, Maven, Gradle, RSpec, minitest, PHPUnit
// and CTest. What it cannot read it says it cannot (FormatUnknown), never
// guessing a count.
//
// It also knows test commands by their words (Detect), so the pipeline can
// refuse a test command that exited 0 having run no tests, and can ask a
// tool for its structured report where that is safe (WithReporting).
//
// It is pure: no I/O, standard library only.
package testresults
