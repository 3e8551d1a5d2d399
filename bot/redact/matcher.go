package redact

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"sync"

	ahocorasick "github.com/BobuSumisu/aho-corasick"
	"github.com/pelletier/go-toml/v2"
	"github.com/zricethezav/gitleaks/v8/config"
)

// The rules are gitleaks' (its config package's embedded gitleaks.toml);
// this file reads them and applies them to a fragment of text: the keyword
// prefilter, each rule's regex, its secret group, its entropy threshold,
// and the global and per-rule allowlists — what gitleaks' detect package
// does for a fragment that has no file path and no commit.
//
// It is written here instead of calling detect and config.Translate for
// two measured reasons. detect links gitleaks' file, git and archive
// scanners (mholt/archives with its 7-Zip, RAR, LZ4, XZ, zstd and Brotli
// readers, among others) that redacting command output never uses: 37 of
// the 106 modules of autoverify's build. And Translate compiles every
// rule's regex and builds an Aho-Corasick trie for every stop-word list up
// front: 40 ms and 26 MB per process, most of `autoverify run`'s cost for a
// quick check. Here the TOML is decoded without viper, each rule's regex is
// compiled the first time one of its keywords appears, and stop words are
// matched directly on the few candidate secrets.
//
// Differences from detect, all on the side of masking more: rules tied to
// a file path never apply (there is no path), composite rules need their
// required rules anywhere in the fragment rather than within a distance,
// and "gitleaks:allow" comments are ignored (in command output anyone can
// print one).

// gitleaksRule is one gitleaks rule.
type gitleaksRule struct {
	ID          string
	source      string // the regex, as written
	compile     func() (*regexp.Regexp, error)
	secretGroup int
	entropy     float64
	keywords    []string // lower case; none means the rule always runs
	allowlists  []*allowlist
	required    []string
}

// Regex is the rule's compiled regex (compiled on first use).
func (r *gitleaksRule) Regex() *regexp.Regexp {
	re, _ := r.compile()
	return re
}

// allowlist is a gitleaks allowlist: findings it matches are not secrets.
type allowlist struct {
	and         bool // condition AND (else OR)
	regexTarget string
	regexes     func() ([]*regexp.Regexp, error)
	stopWords   []string // lower case
	// pathOrCommit is set when the list also names paths or commits, which
	// output never has: under AND such a list can never hold.
	pathOrCommit bool
	hasRegexes   bool
}

// ruleSet is gitleaks' default configuration, read once per process.
type ruleSet struct {
	rules  []*gitleaksRule // in the file's order
	global []*allowlist
}

// defaultRules reads gitleaks' default rules the first time a redactor
// needs them.
var defaultRules = sync.OnceValues(func() (*ruleSet, error) { return loadRules(config.DefaultConfig) })

// loadRules reads a gitleaks TOML configuration. Regexes are checked for
// syntax lazily, when a rule first runs; a bad one fails closed there.
func loadRules(src string) (*ruleSet, error) {
	var vc config.ViperConfig
	if err := toml.Unmarshal([]byte(src), &vc); err != nil {
		return nil, fmt.Errorf("reading gitleaks' rules: %w", err)
	}
	rs := &ruleSet{}
	targeted := map[string][]*allowlist{}
	globals := vc.Allowlists
	if vc.AllowList != nil {
		globals = append(globals, vc.AllowList)
	}
	for _, g := range globals {
		a := newAllowlist(g.Condition, g.RegexTarget, g.Regexes, g.StopWords, len(g.Paths)+len(g.Commits) > 0)
		if len(g.TargetRules) == 0 {
			rs.global = append(rs.global, a)
		}
		for _, id := range g.TargetRules {
			targeted[id] = append(targeted[id], a)
		}
	}
	for _, vr := range vc.Rules {
		if vr.Regex == "" || vr.Path != "" || vr.SkipReport {
			continue // path rules and rule parts never report on text alone
		}
		r := &gitleaksRule{ID: vr.ID, source: vr.Regex, secretGroup: vr.SecretGroup, entropy: vr.Entropy}
		r.compile = sync.OnceValues(func() (*regexp.Regexp, error) { return regexp.Compile(r.source) })
		for _, k := range vr.Keywords {
			r.keywords = append(r.keywords, strings.ToLower(k))
		}
		lists := vr.Allowlists
		if vr.AllowList != nil {
			lists = append(lists, vr.AllowList)
		}
		for _, l := range lists {
			r.allowlists = append(r.allowlists, newAllowlist(l.Condition, l.RegexTarget, l.Regexes, l.StopWords, len(l.Paths)+len(l.Commits) > 0))
		}
		r.allowlists = append(r.allowlists, targeted[r.ID]...)
		for _, req := range vr.Required {
			r.required = append(r.required, req.ID)
		}
		rs.rules = append(rs.rules, r)
	}
	return rs, nil
}

func newAllowlist(condition, target string, regexes, stopWords []string, pathOrCommit bool) *allowlist {
	a := &allowlist{and: strings.EqualFold(strings.TrimSpace(condition), "AND"), regexTarget: target,
		pathOrCommit: pathOrCommit, hasRegexes: len(regexes) > 0}
	src := append([]string(nil), regexes...)
	a.regexes = sync.OnceValues(func() ([]*regexp.Regexp, error) {
		out := make([]*regexp.Regexp, 0, len(src))
		for _, s := range src {
			re, err := regexp.Compile(s)
			if err != nil {
				return nil, err
			}
			out = append(out, re)
		}
		return out, nil
	})
	for _, w := range stopWords {
		a.stopWords = append(a.stopWords, strings.ToLower(w))
	}
	return a
}

// matcher applies a set of rules (and the global allowlists) to text.
type matcher struct {
	rules    []*gitleaksRule
	byID     map[string]*gitleaksRule
	global   []*allowlist
	keywords []string // distinct, lower case
	// trie finds keywords in long texts. Building it costs about 15 ms
	// (the library's dense transition table), so it is built on the first
	// long text; short ones (commands, item texts, short outputs) are
	// searched keyword by keyword.
	trie func() *ahocorasick.Trie
}

// shortText is the length under which keywords are searched one by one:
// 285 substring searches over 4 KiB cost less than a trie scan's setup.
const shortText = 4 << 10

// finding is one secret a rule found.
type finding struct {
	RuleID string
	// Match is what the rule's regex matched; Secret is its secret group
	// (the token without "key=" or quotes).
	Match, Secret string
}

// newMatcher prepares rules, with a keyword trie for the prefilter.
func newMatcher(rules []*gitleaksRule, global []*allowlist) *matcher {
	m := &matcher{rules: rules, byID: map[string]*gitleaksRule{}, global: global}
	seen := map[string]bool{}
	for _, r := range rules {
		m.byID[r.ID] = r
		for _, k := range r.keywords {
			if !seen[k] {
				seen[k] = true
				m.keywords = append(m.keywords, k)
			}
		}
	}
	m.trie = sync.OnceValue(func() *ahocorasick.Trie { return ahocorasick.NewTrieBuilder().AddStrings(m.keywords).Build() })
	return m
}

// present returns the keywords that occur in lower (lower-case text).
func (m *matcher) present(lower string) map[string]bool {
	found := map[string]bool{}
	if len(lower) < shortText {
		for _, k := range m.keywords {
			if strings.Contains(lower, k) {
				found[k] = true
			}
		}
		return found
	}
	for _, hit := range m.trie().MatchString(lower) {
		found[hit.MatchString()] = true
	}
	return found
}

// rule returns the rule with id, or nil.
func (m *matcher) rule(id string) *gitleaksRule { return m.byID[id] }

// DetectBytes returns the findings in b.
func (m *matcher) DetectBytes(b []byte) ([]finding, error) { return m.DetectString(string(b)) }

// DetectString returns the findings in s. An error means a rule could not
// be compiled; the caller fails closed.
func (m *matcher) DetectString(s string) ([]finding, error) {
	present := m.present(strings.ToLower(s))
	byRule := map[string]int{}
	var out []finding
	for _, r := range m.rules {
		if !wanted(r, present) {
			continue
		}
		fs, err := m.detectRule(s, r)
		if err != nil {
			return nil, err
		}
		byRule[r.ID] = len(fs)
		out = append(out, fs...)
	}
	// A composite rule counts only when each rule it requires found
	// something too.
	kept := out[:0]
	for _, f := range out {
		ok := true
		for _, req := range m.byID[f.RuleID].required {
			ok = ok && byRule[req] > 0
		}
		if ok {
			kept = append(kept, f)
		}
	}
	return kept, nil
}

func wanted(r *gitleaksRule, present map[string]bool) bool {
	if len(r.keywords) == 0 {
		return true
	}
	for _, k := range r.keywords {
		if present[k] {
			return true
		}
	}
	return false
}

// detectRule finds r's secrets in s: each regex match, narrowed to the
// rule's secret group (or the first non-empty group when none is set),
// kept when its Shannon entropy exceeds the rule's threshold and no
// allowlist exempts it.
func (m *matcher) detectRule(s string, r *gitleaksRule) ([]finding, error) {
	re, err := r.compile()
	if err != nil {
		return nil, fmt.Errorf("gitleaks rule %s: %w", r.ID, err)
	}
	var out []finding
	for _, loc := range re.FindAllStringIndex(s, -1) {
		match := strings.Trim(s[loc[0]:loc[1]], "\n")
		f := finding{RuleID: r.ID, Match: match, Secret: match}
		if groups := re.FindStringSubmatch(match); len(groups) >= 2 {
			switch {
			case r.secretGroup > 0 && r.secretGroup < len(groups):
				f.Secret = groups[r.secretGroup]
			case r.secretGroup > 0:
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
		if r.entropy != 0 && shannonEntropy(f.Secret) <= r.entropy {
			continue
		}
		line := lineAround(s, loc[0], loc[0]+len(match))
		allowed, err := anyAllows(m.global, f, line)
		if err == nil && !allowed {
			allowed, err = anyAllows(r.allowlists, f, line)
		}
		if err != nil {
			return nil, fmt.Errorf("gitleaks rule %s allowlist: %w", r.ID, err)
		}
		if !allowed {
			out = append(out, f)
		}
	}
	return out, nil
}

// anyAllows reports whether an allowlist exempts f, as gitleaks reads
// them: a regex on the secret (or the match, or the line, per
// regexTarget), or a stop word in the secret; with the AND condition every
// check that is set must hold, and path and commit checks cannot hold
// without a path or a commit.
func anyAllows(lists []*allowlist, f finding, line string) (bool, error) {
	for _, a := range lists {
		target := f.Secret
		switch a.regexTarget {
		case "match":
			target = f.Match
		case "line":
			target = line
		}
		regexes, err := a.regexes()
		if err != nil {
			return false, err
		}
		regexOK := false
		for _, re := range regexes {
			if target == "" {
				break
			}
			if re.MatchString(target) {
				regexOK = true
				break
			}
		}
		stopOK := containsStopWord(a.stopWords, f.Secret)
		if !a.and {
			if regexOK || stopOK {
				return true, nil
			}
			continue
		}
		if a.pathOrCommit {
			continue
		}
		checks, ok := 0, true
		if a.hasRegexes {
			checks++
			ok = ok && regexOK
		}
		if len(a.stopWords) > 0 {
			checks++
			ok = ok && stopOK
		}
		if checks > 0 && ok {
			return true, nil
		}
	}
	return false, nil
}

// containsStopWord reports whether secret holds one of words (already
// lower case). It runs only on findings, which are few.
func containsStopWord(words []string, secret string) bool {
	if len(words) == 0 || secret == "" {
		return false
	}
	lower := strings.ToLower(secret)
	for _, w := range words {
		if strings.Contains(lower, w) {
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
