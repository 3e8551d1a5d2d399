package github

import (
	"strings"

	"github.com/engineo/autoverify/bot/gates"
)

// GitHub's size limits for the text we send. GitHub counts characters; we
// count bytes, which is never more generous, so multi-byte text cannot slip
// past the limit.
const (
	maxCheckRunOutput = 65535 // check run output.summary and output.text
	maxCommentBody    = 65536 // issue comment body
)

// truncationNote ends text that truncateMarkdown had to cut.
const truncationNote = "\n\n… *(truncated to fit GitHub's size limit)*\n"

// truncateMarkdown returns s if it fits in limit bytes, else the longest
// prefix ending at a line break that leaves room for truncationNote, plus
// the note. Cutting at a line keeps tables and lists intact; a single line
// longer than the limit is cut at a rune boundary.
func truncateMarkdown(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	cut := limit - len(truncationNote)
	if cut < 0 {
		cut = 0
	}
	if i := strings.LastIndexByte(s[:cut], '\n'); i > 0 {
		return s[:i] + truncationNote
	}
	return gates.Prefix(s, cut) + truncationNote
}
