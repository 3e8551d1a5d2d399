package redact

import (
	"math"
	"strings"

	ahocorasick "github.com/BobuSumisu/aho-corasick"
	"github.com/zricethezav/gitleaks/v8/config"
)

// matcher applies gitleaks' rules to a fragment of text: the keyword
// prefilter, each rule's regex, its secret group, its entropy threshold,
// and the global and per-rule allowlists — what gitleaks' detect package
// does for a fragment that has no file path and no commit.
//
// It is written here instead of using detect because detect also links
// gitleaks' file, git and archive scanners (mholt/archives and its 7-Zip,
// RAR, LZ4, XZ, zstd and Brotli readers, among others) that redacting
// command output never uses: they were 37 of the 106 modules in
// autoverify's build, and most of a cold `go run`'s downloads. The rules,
// the part worth depending on, still come from gitleaks' config package,
// and its own allowlist methods are used as they are.
//
// Differences from detect, all on the side of masking more: rules tied to
// a file path never apply (there is no path), composite rules need their
// required rules anywhere in the fragment rather than within a distance,
// and "gitleaks:allow" comments are ignored (in command output anyone can
// print one).
type matcher struct {
	// Config is the rule set this matcher applies.
	Config config.Config
	rules  []config.Rule
	// keyed[i] are the lower-case keywords of rules[i]; a rule without
	// keywords always runs.
	keyed [][]string
	trie  *ahocorasick.Trie
}

// finding is one secret a rule found.
type finding struct {
	RuleID string
	// Match is what the rule's regex matched; Secret is its secret group
	// (the token without "key=" or quotes).
	Match, Secret string
}

// newMatcher prepares cfg's rules in its order.
func newMatcher(cfg config.Config) *matcher {
	m := &matcher{Config: cfg}
	var keywords []string
	for _, id := range cfg.OrderedRules {
		r := cfg.Rules[id]
		if r.Regex == nil || r.Path != nil || r.SkipReport {
			continue
		}
		var ks []string
		for _, k := range r.Keywords {
			k = strings.ToLower(k)
			ks = append(ks, k)
			keywords = append(keywords, k)
		}
		m.rules, m.keyed = append(m.rules, r), append(m.keyed, ks)
	}
	m.trie = ahocorasick.NewTrieBuilder().AddStrings(keywords).Build()
	return m
}

// DetectBytes returns the findings in b.
func (m *matcher) DetectBytes(b []byte) []finding { return m.DetectString(string(b)) }

// DetectString returns the findings in s.
func (m *matcher) DetectString(s string) []finding {
	present := map[string]bool{}
	lower := strings.ToLower(s)
	for _, hit := range m.trie.MatchString(lower) {
		present[hit.MatchString()] = true
	}
	byRule := map[string][]finding{}
	var out []finding
	for i, r := range m.rules {
		if !m.wanted(i, present) {
			continue
		}
		fs := m.detectRule(s, r)
		byRule[r.RuleID] = fs
		out = append(out, fs...)
	}
	// A composite rule counts only when each rule it requires found
	// something too.
	kept := out[:0]
	for _, f := range out {
		if r := m.Config.Rules[f.RuleID]; requirementsMet(r, byRule) {
			kept = append(kept, f)
		}
	}
	return kept
}

func (m *matcher) wanted(i int, present map[string]bool) bool {
	if len(m.keyed[i]) == 0 {
		return true
	}
	for _, k := range m.keyed[i] {
		if present[k] {
			return true
		}
	}
	return false
}

func requirementsMet(r config.Rule, byRule map[string][]finding) bool {
	for _, req := range r.RequiredRules {
		if len(byRule[req.RuleID]) == 0 {
			return false
		}
	}
	return true
}

// detectRule finds r's secrets in s: each regex match, narrowed to the
// rule's secret group (or the first non-empty group when none is set),
// kept when its Shannon entropy exceeds the rule's threshold and no
// allowlist exempts it.
func (m *matcher) detectRule(s string, r config.Rule) []finding {
	var out []finding
	for _, loc := range r.Regex.FindAllStringIndex(s, -1) {
		match := strings.Trim(s[loc[0]:loc[1]], "\n")
		f := finding{RuleID: r.RuleID, Match: match, Secret: match}
		if groups := r.Regex.FindStringSubmatch(match); len(groups) >= 2 {
			switch {
			case r.SecretGroup > 0 && r.SecretGroup < len(groups):
				f.Secret = groups[r.SecretGroup]
			case r.SecretGroup > 0:
				continue
			default:
				for _, g := range groups[1:] {
					if g != "" {
						f.Secret = g
						break
					}
				}
			}
		}
		if r.Entropy != 0 && shannonEntropy(f.Secret) <= r.Entropy {
			continue
		}
		line := lineAround(s, loc[0], loc[0]+len(match))
		if allowed(m.Config.Allowlists, f, line) || allowed(r.Allowlists, f, line) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// allowed reports whether an allowlist exempts f, as gitleaks reads them: a
// regex on the secret (or the match, or the line, per RegexTarget), or a
// stop word in the secret; with the AND condition every check that is set
// must hold, and path and commit checks cannot hold without a path or a
// commit.
func allowed(lists []*config.Allowlist, f finding, line string) bool {
	for _, a := range lists {
		target := f.Secret
		switch a.RegexTarget {
		case "match":
			target = f.Match
		case "line":
			target = line
		}
		regexOK := a.RegexAllowed(target)
		stopOK, _ := a.ContainsStopWord(f.Secret)
		if a.MatchCondition != config.AllowlistMatchAnd {
			if regexOK || stopOK {
				return true
			}
			continue
		}
		if len(a.Commits) > 0 || len(a.Paths) > 0 {
			continue
		}
		checks := 0
		ok := true
		if len(a.Regexes) > 0 {
			checks++
			ok = ok && regexOK
		}
		if len(a.StopWords) > 0 {
			checks++
			ok = ok && stopOK
		}
		if checks > 0 && ok {
			return true
		}
	}
	return false
}

// lineAround returns the whole line(s) holding s[start:end].
func lineAround(s string, start, end int) string {
	from := strings.LastIndexByte(s[:start], '\n') + 1
	to := len(s)
	if i := strings.IndexByte(s[end:], '\n'); i >= 0 {
		to = end + i
	}
	return s[from:to]
}

// shannonEntropy is the Shannon entropy of s in bits per byte.
func shannonEntropy(s string) float64 {
	if s == "" {
		return 0
	}
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	n := float64(len(s))
	var h float64
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}
