package failure

import (
	"bytes"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

// Python prints an exception raised while another was being handled as a
// chain: the handled one's traceback, "During handling of the above
// exception, another exception occurred:", then the one that ended the
// program. A module tried first and missing on purpose — an optional
// accelerator (`try: from ._speedups import f` / `except ImportError:
// from ._native import f`) — is the handled part; when the program then
// ends on an error of its own code (a NameError in the fallback), the
// missing module is not why it failed.

var (
	// handledMarker joins two tracebacks of one chain.
	handledMarker = []byte("During handling of the above exception, another exception occurred:")
	// pyCodeErrorLast is an exception of the program's own code as the
	// last traceback of a chain ends (or as pytest quotes it).
	pyCodeErrorLast = lazyregexp.New(`(?m)^(?:E\s+)?(?:NameError|UnboundLocalError|SyntaxError|IndentationError|TabError|TypeError|AttributeError): `)
)

// withoutHandledImports is text with the missing-module lines of handled
// tracebacks blanked, when the chain's last traceback ends on an error of
// the code's own (pyCodeErrorLast); else text as it is. Only the handled
// parts lose those lines: a module missing where nothing handled it, or a
// chain that ends on another kind of error (a RuntimeError saying what to
// install), keeps its setup reading.
func withoutHandledImports(text []byte) []byte {
	last := bytes.LastIndex(text, handledMarker)
	if last < 0 || !pyCodeErrorLast().Match(text[last:]) {
		return text
	}
	handled := pyMissingModule.ReplaceAll(text[:last], []byte("(a module tried first, missing, and handled)"))
	return append(handled, text[last:]...)
}
