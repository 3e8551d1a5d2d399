package gates

import (
	"strings"

	"github.com/engineo/autoverify/bot/report"
	"time"
	"unicode/utf8"
)

// Report is a gates run of one change: what each command showed and the
// test lists that follow. Its JSON is `autoverify gates --json`'s output
// and the summary's "gates" field.
type Report struct {
	Base  string     `json:"base"`
	Head  string     `json:"head"`
	Gates []Evidence `json:"gates"`
	Tests TestLists  `json:"tests"`
	// Weakened says how each tampered test was weakened.
	Weakened []Tamper `json:"-"`
}

// Evidence is one gate command's record, as the spec lists it.
type Evidence struct {
	Gate Gate `json:"gate"`
	// Command is the argv after substitution and the tool's own reporting
	// flags, joined for reading ("" when the gate had nothing to run).
	Command        string         `json:"command"`
	ExitCode       int            `json:"exit_code"`
	Classification Classification `json:"classification"`
	// Snippet is the first SnippetBytes of the (redacted) output.
	Snippet   string    `json:"snippet"`
	Timestamp time.Time `json:"timestamp"`
	Attempt   int       `json:"attempt"`
	// Reason says why, in one line; Tests are the names it rests on.
	// Reports show them; the JSON keeps the spec's fields only.
	Reason string   `json:"-"`
	Tests  []string `json:"-"`
}

// TestLists are the tests a change proves, keeps, fakes, breaks or
// weakens.
type TestLists struct {
	// FailToPass failed (or could not build) on the base and pass at head.
	FailToPass []string `json:"fail_to_pass"`
	// PassToPass passed on the base and their base versions still pass
	// at head.
	PassToPass []string `json:"pass_to_pass"`
	// Vanity are new or changed tests that already pass on the base.
	Vanity []string `json:"vanity"`
	// Broken passed on the base and fail at head.
	Broken []string `json:"broken"`
	// Tampered existed on the base and were weakened (see Tamper).
	Tampered []string `json:"tampered"`
}

// SnippetBytes is how much output a gate's evidence keeps (the spec's
// "first 1 KB").
const SnippetBytes = 1024

// Snippet returns the first SnippetBytes of out, cut on a character
// boundary.
func Snippet(out []byte) string {
	if len(out) <= SnippetBytes {
		return strings.ToValidUTF8(string(out), "\uFFFD")
	}
	cut := SnippetBytes
	for cut > 0 && !utf8.RuneStart(out[cut]) {
		cut--
	}
	return strings.ToValidUTF8(string(out[:cut]), "\uFFFD")
}

// Accepted reports whether every gate accepted.
func (r Report) Accepted() bool {
	for _, g := range r.Gates {
		if g.Classification != Accept {
			return false
		}
	}
	return len(r.Gates) > 0
}

// Normalize makes every list non-nil, so the JSON shows [] rather than
// null.
func (r *Report) Normalize() {
	for _, l := range []*[]string{&r.Tests.FailToPass, &r.Tests.PassToPass, &r.Tests.Vanity, &r.Tests.Broken, &r.Tests.Tampered} {
		if *l == nil {
			*l = []string{}
		}
	}
	if r.Gates == nil {
		r.Gates = []Evidence{}
	}
}

// CommandLine joins argv for reading: words with spaces or quotes are
// single-quoted. It is never run by a shell.
func CommandLine(argv []string) string {
	words := make([]string, len(argv))
	for i, w := range argv {
		if w == "" || strings.ContainsAny(w, " \t\"'\\$`|&;<>()*?[]{}!#~") {
			w = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
		words[i] = w
	}
	return strings.Join(words, " ")
}

// View is the report as bot/report renders it.
func (r Report) View() report.Gates {
	v := report.Gates{Base: r.Base, Head: r.Head, Accepted: r.Accepted(),
		FailToPass: r.Tests.FailToPass, PassToPass: r.Tests.PassToPass, Vanity: r.Tests.Vanity, Broken: r.Tests.Broken}
	for _, g := range r.Gates {
		v.Gates = append(v.Gates, report.Gate{Gate: string(g.Gate), Classification: string(g.Classification), Command: g.Command, Reason: g.Reason, ExitCode: g.ExitCode})
	}
	for _, t := range r.Weakened {
		v.Tampered = append(v.Tampered, t.Test+" ("+t.How+")")
	}
	return v
}
