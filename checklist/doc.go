// Package checklist reads a story's markdown checklist and writes evidence
// markers back into it.
//
// It owns the checklist rules: which GFM task items are automated (an
// <!-- AUTO:CMD=... --> tag on the line before the item, or an allowlisted
// first code span on the item's line), which are manual, which are rejected
// and why; the stable item IDs; the command policy (allowlist and shell
// syntax); and the byte-preserving rewrite of <!-- AUTO-VERIFY:id --> marker
// lines. It does no I/O: callers hand it bytes and get bytes back. It imports
// only the markdown parser (goldmark) and the shell parser (mvdan.cc/sh).
package checklist
