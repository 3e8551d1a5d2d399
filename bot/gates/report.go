package gates

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/engineo/autoverify/bot/report"
)

// Report is a gates run of one change: what each command showed and the
// test lists that follow. Its JSON is `autoverify gates --json`'s output
// and the summary's "gates" field.
type Report struct {
	Base  string     `json:"base"`
	Head  string     `json:"head"`
	Gates []Evidence `json:"gates"`
	Tests TestLists  `json:"tests"`
	// Mutation is VERIFY_MUTATE's record, when mutants ran (nil: the
	// gate was not asked for, or did not apply).
	Mutation *MutationReport `json:"mutation,omitempty"`
	// Weakened says how each tampered test was weakened.
	Weakened []Tamper `json:"-"`
	// Unrun are the gates that were meant to run and could not, with why
	// (IMPLEMENT with no static check allowlisted and installed): beside
	// the spec's fields, and only when there are some, so that a reader of
	// --json or the summary does not take an absent gate for one that was
	// never asked for.
	Unrun []Unrun `json:"unrun,omitempty"`
}

// Unrun is a gate that did not run, and why.
type Unrun struct {
	Gate   Gate   `json:"gate"`
	Reason string `json:"reason"`
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
	// Duration is the command's wall time, for the evidence file and the
	// tables that show each item's time (not in the spec's JSON).
	Duration time.Duration `json:"-"`
	// Reason says why, in one line; Tests are the names it rests on.
	// Reports show them; the JSON keeps the spec's fields only.
	Reason string   `json:"-"`
	Tests  []string `json:"-"`
	// Setup: the gate could not run for the environment (Result.Setup).
	Setup bool `json:"-"`
}

// TestLists are the tests a change proves, keeps, guards, fakes, breaks,
// rewrites or weakens. A test stands in one list at most; Traces.Lists
// says which, in the order tampered, rewritten, broken, fail_to_pass,
// vanity, guards, pass_to_pass.
type TestLists struct {
	// FailToPass were claimed by the change (new, changed, or reached
	// through data), failed (or could not build) on the base's code and
	// pass at head.
	FailToPass []string `json:"fail_to_pass"`
	// PassToPass passed on the base and their base versions still pass
	// at head.
	PassToPass []string `json:"pass_to_pass"`
	// Guards are new tests that pass on the base beside a red one, or
	// named guards: regression guards, not proof, not vanity.
	Guards []string `json:"guards"`
	// Vanity are new or changed tests that prove nothing: none of the
	// claimed tests fails on the base, or they are skipped.
	Vanity []string `json:"vanity"`
	// Broken passed on the base and fail at head, untouched.
	Broken []string `json:"broken"`
	// Rewritten were edited (or their data) and their base versions,
	// which passed on the base, fail at head: expectations the change
	// rewrites.
	Rewritten []string `json:"rewritten"`
	// Tampered existed on the base and were weakened (see Tamper).
	Tampered []string `json:"tampered"`
	// NotRun were added or edited by the change where the test command
	// never reaches them (a Go module of their own): no result, no proof.
	NotRun []string `json:"not_run"`
}

// SnippetBytes is how much output a gate's evidence keeps (the spec's
// "first 1 KB").
const SnippetBytes = 1024

// Snippet returns the first SnippetBytes of out, cut on a character
// boundary.
func Snippet(out []byte) string {
	return strings.ToValidUTF8(Prefix(string(out), SnippetBytes), "\uFFFD")
}

// Prefix is s cut to at most n bytes, at a rune boundary: a cut inside a
// multi-byte character would leave invalid UTF-8 in a report.
func Prefix(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
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
	for _, l := range []*[]string{&r.Tests.FailToPass, &r.Tests.PassToPass, &r.Tests.Guards, &r.Tests.Vanity, &r.Tests.Broken, &r.Tests.Rewritten, &r.Tests.Tampered, &r.Tests.NotRun} {
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
		FailToPass: r.Tests.FailToPass, PassToPass: r.Tests.PassToPass, Guards: r.Tests.Guards, Vanity: r.Tests.Vanity,
		Broken: r.Tests.Broken, Rewritten: r.Tests.Rewritten, NotRun: r.Tests.NotRun}
	for _, g := range r.Gates {
		v.Gates = append(v.Gates, report.Gate{Gate: string(g.Gate), Classification: string(g.Classification), Command: g.Command, Reason: g.Reason, ExitCode: g.ExitCode})
	}
	if m := r.Mutation; m != nil {
		v.Mutation = &report.Mutation{Score: m.Score, Threshold: m.Threshold, Total: m.Total}
		for _, s := range m.Survivors {
			v.Mutation.Survivors = append(v.Mutation.Survivors, report.Survivor{Where: s.File + ":" + strconv.Itoa(s.Line),
				Operator: s.Operator, Original: s.Original, Mutated: s.Mutated})
		}
	}
	for _, t := range r.Weakened {
		v.Tampered = append(v.Tampered, t.Test+" ("+t.How+")")
	}
	for _, u := range r.Unrun {
		v.Unrun = append(v.Unrun, report.Gate{Gate: string(u.Gate), Reason: u.Reason})
	}
	return v
}
