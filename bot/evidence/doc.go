// Package evidence writes the spec's run artifacts: the per-run evidence
// text file {KEY}-evidence-{timestamp}.txt and the per-story summary
// {KEY}-auto-verify-summary.json. Every file is written atomically (a temp
// file, fsync, then rename or link), so a crash never leaves half an
// artifact. Output must be redacted before it gets here; this package only
// formats and stores.
package evidence
