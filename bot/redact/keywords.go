package redact

import (
	"strconv"
	"strings"
	"sync"

	"github.com/zricethezav/gitleaks/v8/config"
)

// Every gitleaks rule names keywords, and a rule runs on a text only when
// one of them occurs in it (see matcher.present), so a text holding none of
// them cannot give a gitleaks finding. Reading the rules' TOML (a 100 KB
// document, 8,000 allocations) costs 3-4 ms of CPU in a fresh process,
// more than the rest of a quick `autoverify run` redacts; most texts a run
// redacts are short (item texts, commands, reasons, empty outputs) and hold
// no keyword. So the keywords are first picked out of the TOML's
// `keywords = [...]` arrays by a scan, and the rules are read only for a
// text where one occurs.
//
// The scan is not a TOML parser and does not pretend to be one: it fails
// (and every text goes to the full rules, as before) on anything but
// arrays of plain strings, and TestKeywordScanMatchesTheRules pins that it
// finds exactly the keywords the full read does, so an upgrade of
// gitleaks that writes its keywords differently is caught there. A
// superset would be safe (a text would only be checked when not needed);
// a subset would not, which is why the scan gives up rather than guess.

// ruleKeywords are the keywords of every rule, in lower case, or nil when
// the scan failed.
var ruleKeywords = sync.OnceValue(func() []string {
	kws, ok := scanKeywords(config.DefaultConfig)
	if !ok {
		return nil
	}
	return kws
})

// mayHaveKeyword reports whether gitleaks' rules need to look at b: false
// only for a short text in which no rule's keyword occurs. Long texts go to
// the rules directly (they almost always hold some keyword, and the rules'
// own prefilter is faster on them).
func mayHaveKeyword(b []byte) bool {
	kws := ruleKeywords()
	if kws == nil || len(b) >= shortText {
		return true
	}
	// strings.ToLower, as matcher.DetectString: a keyword written with
	// non-ASCII letters that fold to it (the Kelvin sign for K) counts.
	lower := strings.ToLower(string(b))
	for _, k := range kws {
		if strings.Contains(lower, k) {
			return true
		}
	}
	return false
}

// scanKeywords returns the lower-cased strings of every `keywords = [...]`
// array in src (gitleaks' TOML), and whether every such array was read.
func scanKeywords(src string) ([]string, bool) {
	var out []string
	seen := map[string]bool{}
	arrays := 0
	for rest := src; ; {
		i := strings.Index(rest, "\nkeywords")
		if i < 0 {
			break
		}
		rest = rest[i+len("\nkeywords"):]
		after := strings.TrimLeft(rest, " \t")
		if !strings.HasPrefix(after, "=") {
			return nil, false
		}
		after = strings.TrimLeft(after[1:], " \t")
		if !strings.HasPrefix(after, "[") {
			return nil, false
		}
		kws, n, ok := scanStringArray(after[1:])
		if !ok {
			return nil, false
		}
		arrays++
		for _, k := range kws {
			k = strings.ToLower(k)
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
		rest = after[1+n:]
	}
	if arrays == 0 || len(out) == 0 {
		return nil, false
	}
	return out, true
}

// scanStringArray reads the body of a TOML array of basic strings up to
// and including its closing bracket (whitespace, newlines, commas and
// comments between the strings), returning the strings and the bytes
// consumed. Anything else (literal or multi-line strings, nested arrays,
// other values) fails it.
func scanStringArray(s string) ([]string, int, bool) {
	var out []string
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',':
			i++
		case c == '#':
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return nil, 0, false
			}
			i += j
		case c == ']':
			return out, i + 1, true
		case c == '"':
			if strings.HasPrefix(s[i:], `"""`) {
				return nil, 0, false
			}
			end := i + 1
			for end < len(s) && s[end] != '"' && s[end] != '\n' {
				if s[end] == '\\' {
					end++
				}
				end++
			}
			if end >= len(s) || s[end] != '"' {
				return nil, 0, false
			}
			v, err := strconv.Unquote(s[i : end+1])
			if err != nil {
				return nil, 0, false
			}
			out = append(out, v)
			i = end + 1
		default:
			return nil, 0, false
		}
	}
	return nil, 0, false
}
