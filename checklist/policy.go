package checklist

import (
	"fmt"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// DefaultAllowlist is the spec's allowlist when none is configured.
var DefaultAllowlist = []string{"pnpm type-check", "pnpm lint", "pnpm test", "pnpm test:e2e"}

// BuildCommand is added to the allowlist when builds are enabled
// (ENGINEO_AUTOVERIFY_BUILD_ENABLED=1).
const BuildCommand = "pnpm build"

// Policy decides which commands may run. The zero Policy allows nothing.
type Policy struct {
	allow [][]string
	names []string
}

// NewPolicy builds a policy from allowlist entries such as "pnpm test".
// An entry matches a command whose leading words equal the entry's words,
// so "pnpm test" admits "pnpm test --coverage" but not "pnpm testing".
func NewPolicy(allowlist []string) (Policy, error) {
	var p Policy
	for _, e := range allowlist {
		e = strings.TrimSpace(e)
		if e == "" {
			continue
		}
		words, err := splitWords(e)
		if err != nil {
			return Policy{}, fmt.Errorf("allowlist entry %q: %w", e, err)
		}
		p.allow = append(p.allow, words)
		p.names = append(p.names, strings.Join(words, " "))
	}
	return p, nil
}

// Allowlist returns the normalised entries.
func (p Policy) Allowlist() []string { return append([]string(nil), p.names...) }

// CommandError explains why a command may not run, in words its author can
// act on.
type CommandError struct {
	Command string
	Reason  string
}

func (e *CommandError) Error() string {
	return fmt.Sprintf("command `%s` %s", e.Command, e.Reason)
}

// Check parses a command and returns its argv when it is allowlisted and free
// of shell syntax. Commands run as argv, never through a shell, so anything a
// shell would interpret (operators, redirections, expansions, globs, quotes
// hiding escapes) is refused outright rather than passed on literally: the
// author meant something the runner would not do.
func (p Policy) Check(command string) ([]string, error) {
	argv, err := splitWords(command)
	if err != nil {
		return nil, &CommandError{Command: command, Reason: err.Error()}
	}
	if len(argv) == 0 {
		return nil, &CommandError{Command: command, Reason: "is empty"}
	}
	for _, entry := range p.allow {
		if hasPrefixWords(argv, entry) {
			return argv, nil
		}
	}
	allowed := "nothing is allowlisted"
	if len(p.names) > 0 {
		allowed = "allowed: " + strings.Join(p.names, ", ")
	}
	return nil, &CommandError{Command: command, Reason: fmt.Sprintf(
		"is not in the allowlist (%s); add it to ENGINEO_AUTOVERIFY_ALLOWLIST or to allowlist: in .autoverify.yml", allowed)}
}

func hasPrefixWords(argv, entry []string) bool {
	if len(entry) > len(argv) {
		return false
	}
	for i, w := range entry {
		if argv[i] != w {
			return false
		}
	}
	return true
}

// errShell is the suffix of every shell-syntax refusal.
const errShell = "commands run without a shell, so shell syntax is not allowed"

// splitWords turns a command into argv with a real shell parser and refuses
// anything but one simple command made of literal words. A character list
// alone would miss constructs such as `a{b,c}`, `~/x`, `!cmd` or comments,
// and would refuse harmless quoted arguments.
func splitWords(command string) ([]string, error) {
	for i, r := range command {
		if r == '\n' || r == '\r' {
			return nil, fmt.Errorf("contains a line break; %s", errShell)
		}
		if r < 0x20 && r != '\t' || r == 0x7f {
			return nil, fmt.Errorf("contains control character %U at byte %d; remove it", r, i)
		}
	}
	if argv, ok := plainWords(command); ok {
		return argv, nil
	}
	if ch := firstOperator(command); ch != "" {
		return nil, fmt.Errorf("contains `%s`; %s", ch, errShell)
	}
	parser := shellParsers.Get().(*syntax.Parser)
	f, err := parser.Parse(strings.NewReader(command), "")
	shellParsers.Put(parser)
	if err != nil {
		return nil, fmt.Errorf("is not a plain command (%v); %s", err, errShell)
	}
	if len(f.Stmts) == 0 {
		if len(f.Last) > 0 {
			return nil, fmt.Errorf("is only a comment")
		}
		return nil, nil
	}
	if len(f.Stmts) > 1 || len(f.Last) > 0 {
		return nil, fmt.Errorf("is more than one command; %s", errShell)
	}
	st := f.Stmts[0]
	switch {
	case len(st.Comments) > 0:
		return nil, fmt.Errorf("contains a `#` comment; %s", errShell)
	case st.Negated:
		return nil, fmt.Errorf("contains `!`; %s", errShell)
	case st.Background || st.Coprocess || st.Disown:
		return nil, fmt.Errorf("contains `&`; %s", errShell)
	case len(st.Redirs) > 0:
		return nil, fmt.Errorf("contains a redirection; %s", errShell)
	}
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok {
		return nil, fmt.Errorf("is a shell construct, not a simple command; %s", errShell)
	}
	if len(call.Assigns) > 0 {
		return nil, fmt.Errorf("sets a variable (`%s=`); pass settings through the runner's environment instead", call.Assigns[0].Name.Value)
	}
	argv := make([]string, 0, len(call.Args))
	for _, w := range call.Args {
		s, err := literalWord(w)
		if err != nil {
			return nil, err
		}
		argv = append(argv, s)
	}
	return argv, nil
}

// plainWords splits commands made only of characters that no POSIX shell or
// bash interprets inside a word (letters, digits and _ . / : , + - = @ %),
// separated by spaces or tabs, with no '=' in the first word (which would
// be an assignment). For such text a shell does nothing but split on the
// blanks, so the shell parser would return exactly these words; skipping it
// for the common case makes large stories parse several times faster. A
// first word that is a bash keyword (or a declaration builtin, which bash
// parses specially) goes to the parser.
// FuzzPlainWords checks the equivalence.
func plainWords(command string) ([]string, bool) {
	for i := 0; i < len(command); i++ {
		c := command[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == ' ' || c == '\t':
		case strings.IndexByte("_./:,+-=@%", c) >= 0:
		default:
			return nil, false
		}
	}
	words := strings.Fields(command)
	if len(words) > 0 && (strings.IndexByte(words[0], '=') >= 0 || reservedWords[words[0]]) {
		return nil, false
	}
	return words, true
}

// reservedWords are bash keywords, special only as a command's first word.
var reservedWords = map[string]bool{
	"if": true, "then": true, "else": true, "elif": true, "fi": true, "case": true, "esac": true,
	"for": true, "select": true, "while": true, "until": true, "do": true, "done": true, "in": true,
	"function": true, "time": true, "coproc": true, "declare": true, "let": true, "local": true,
	"export": true, "readonly": true, "typeset": true, "nameref": true,
}

// shellParsers reuses parsers: building one per command dominated the
// parse time of large stories.
var shellParsers = sync.Pool{New: func() any {
	return syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(true))
}}

// firstOperator names the first control or expansion character, so the
// refusal can say exactly what to remove. The parser still has the final
// word; this only improves the message for the common cases.
func firstOperator(s string) string {
	var quote rune
	for i, r := range s {
		switch {
		case quote == '\'':
			if r == '\'' {
				quote = 0
			}
			continue
		case quote == '"':
			switch {
			case r == '"':
				quote = 0
			case r == '$' && literalDollar(s[i+1:], true):
			case r == '$', r == '`':
				return string(r)
			}
			continue
		case r == '\'' || r == '"':
			quote = r
			continue
		}
		switch r {
		case '$':
			if !literalDollar(s[i+1:], false) {
				return "$"
			}
		case '|', ';', '&', '`', '<', '>', '(', ')':
			return string(r)
		}
	}
	return ""
}

// literalDollar reports whether a shell leaves a `$` followed by rest as
// a plain dollar sign: at a word's end (Go's -run '^$', "run no test")
// or before the double quote closing it. Anything else may start an
// expansion ($x, ${x}, $(x), $1, $?, $'x').
func literalDollar(rest string, inDoubleQuotes bool) bool {
	if rest == "" || rest[0] == ' ' || rest[0] == '\t' {
		return true
	}
	return inDoubleQuotes && rest[0] == '"'
}

// literalWord returns the value of a word made only of literal text and
// quotes without expansions.
func literalWord(w *syntax.Word) (string, error) {
	var b strings.Builder
	for i, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			if err := checkUnquoted(p.Value, i == 0); err != nil {
				return "", err
			}
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", fmt.Errorf("contains `$'...'`; %s", errShell)
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if p.Dollar {
				return "", fmt.Errorf("contains `$\"...\"`; %s", errShell)
			}
			for _, qp := range p.Parts {
				lit, ok := qp.(*syntax.Lit)
				if !ok {
					return "", fmt.Errorf("contains an expansion inside double quotes; %s", errShell)
				}
				if strings.ContainsRune(lit.Value, '\\') {
					return "", fmt.Errorf("contains `\\` inside double quotes; use single quotes for literal text")
				}
				b.WriteString(lit.Value)
			}
		default:
			return "", fmt.Errorf("contains a shell expansion; %s", errShell)
		}
	}
	return b.String(), nil
}

// checkUnquoted refuses characters that a shell would expand in an unquoted
// literal: globs, brace expansion, a leading tilde and backslash escapes.
func checkUnquoted(s string, first bool) error {
	if first && strings.HasPrefix(s, "~") {
		return fmt.Errorf("starts a word with `~`; %s (write the path out)", errShell)
	}
	// bash expands a tilde after the `=` of a word that looks like an
	// assignment, and after each `:` in its value (x=~, PATH=a:~/bin),
	// even as an argument.
	if strings.Contains(s, "=~") || strings.Contains(s, ":~") {
		return fmt.Errorf("contains `~` after `=` or `:`; %s (quote it with '...' if it is literal)", errShell)
	}
	if i := strings.IndexAny(s, "*?["); i >= 0 {
		return fmt.Errorf("contains the glob character `%c`; %s (quote it with '...' if it is literal)", s[i], errShell)
	}
	if i := strings.IndexAny(s, "{}"); i >= 0 {
		return fmt.Errorf("contains `%c` (brace expansion); %s (quote it with '...' if it is literal)", s[i], errShell)
	}
	if strings.ContainsRune(s, '\\') {
		return fmt.Errorf("contains `\\`; %s (quote with '...' instead)", errShell)
	}
	return nil
}
