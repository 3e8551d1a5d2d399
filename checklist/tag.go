package checklist

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

// tagBody returns the text after "AUTO:" of a whole-line AUTO tag comment,
// or false. The keyword is case-insensitive and white space is tolerated
// around every token. String operations rather than a regular expression:
// this runs on every HTML line of every story, and the lazy pattern it
// replaces dominated the parse of large stories.
func tagBody(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "<!--") || !strings.HasSuffix(s, "-->") || len(s) < 7 {
		return "", false
	}
	s = strings.TrimLeft(s[4:len(s)-3], " \t")
	if len(s) < 4 || !strings.EqualFold(s[:4], "AUTO") {
		return "", false
	}
	s = strings.TrimLeft(s[4:], " \t")
	if !strings.HasPrefix(s, ":") {
		return "", false
	}
	return s[1:], true
}

// tagFieldRe matches one leading KEY=value field of a tag body. CMD is
// always last and takes the rest of the tag, so a command may contain '='.
var tagFieldRe = lazyregexp.New(`(?i)^\s*(ENV|EXIT|GATE|GUARD|CMD)\s*=\s*`)

// Tag is a parsed AUTO tag.
type Tag struct {
	// Command is the raw command text after CMD=.
	Command string
	// Environment is the ENV= value; empty means every environment.
	Environment string
	// ExitCode is the EXIT= value: the exit status that counts as a pass.
	ExitCode int
	// Gate is the GATE= value as the spec names it (VERIFY_RED,
	// VERIFY_GREEN, VERIFY_REFACTOR, VERIFY_IMPLEMENT, VERIFY_MUTATE): the item passes
	// when that gate of the change accepts, with CMD= as the test command.
	Gate string
	// Guards are the GUARD= tests (comma-separated names as the test tool
	// reports them): regression guards, which pass before the change on
	// purpose, so VERIFY_RED does not call them vanity.
	Guards []string
}

// isTagLine reports whether a trimmed line is an AUTO tag at all (well
// formed or not), so that a malformed tag rejects its item instead of being
// silently ignored.
func isTagLine(s string) bool {
	_, ok := tagBody(s)
	return ok
}

// parseTag parses a trimmed AUTO tag line such as
// `<!-- AUTO:ENV=ci EXIT=1 CMD=go test ./... -->`.
func parseTag(s string) (Tag, error) {
	body, ok := tagBody(s)
	if !ok {
		return Tag{}, fmt.Errorf("not an AUTO tag")
	}
	t := Tag{}
	seen := map[string]bool{}
	for {
		f := tagFieldRe().FindStringSubmatch(body)
		if f == nil {
			if t.Gate != "" && strings.TrimSpace(body) == "" {
				// A gate without CMD= runs the ecosystem's default
				// test command, which the gates check against the
				// allowlist themselves.
				return t, nil
			}
			return Tag{}, fmt.Errorf("AUTO tag %q has no CMD=: write <!-- AUTO:CMD=your command -->", strings.TrimSpace(s))
		}
		key := strings.ToUpper(f[1])
		body = body[len(f[0]):]
		if seen[key] {
			return Tag{}, fmt.Errorf("AUTO tag repeats %s=", key)
		}
		seen[key] = true
		if key == "CMD" {
			t.Command = strings.TrimSpace(body)
			if t.Command == "" {
				return Tag{}, fmt.Errorf("AUTO tag has an empty CMD=: put the command after CMD=")
			}
			return t, nil
		}
		val, rest, _ := strings.Cut(strings.TrimLeft(body, " \t"), " ")
		body = rest
		switch key {
		case "ENV":
			if val == "" {
				return Tag{}, fmt.Errorf("AUTO tag has an empty ENV=: name an environment or drop ENV=")
			}
			if strings.EqualFold(val, "ALL") {
				val = ""
			}
			t.Environment = val
		case "EXIT":
			n, err := strconv.Atoi(val)
			if err != nil || n < 0 || n > 255 {
				return Tag{}, fmt.Errorf("AUTO tag EXIT=%q is not an exit status: use a whole number from 0 to 255", val)
			}
			t.ExitCode = n
		case "GATE":
			g, ok := gateName(val)
			if !ok {
				return Tag{}, fmt.Errorf("AUTO tag GATE=%q is not a gate: use red, green, refactor, implement or mutate", val)
			}
			t.Gate = g
		case "GUARD":
			for _, n := range strings.Split(val, ",") {
				if n = strings.TrimSpace(n); n != "" {
					t.Guards = append(t.Guards, n)
				}
			}
			if len(t.Guards) == 0 {
				return Tag{}, fmt.Errorf("AUTO tag has an empty GUARD=: name the regression-guard tests, e.g. GUARD=TestParseEmpty")
			}
		}
	}
}

// gateName reads a GATE= value: red, green, refactor, implement, mutate,
// in any case, with or without the spec's VERIFY_ prefix.
func gateName(v string) (string, bool) {
	switch g := strings.TrimPrefix(strings.ToUpper(v), "VERIFY_"); g {
	case "RED", "GREEN", "REFACTOR", "IMPLEMENT", "MUTATE":
		return "VERIFY_" + g, true
	}
	return "", false
}
