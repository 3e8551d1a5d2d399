package redact

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/spf13/viper"
	"github.com/zricethezav/gitleaks/v8/config"
)

const (
	// chunkSize bounds the fragment handed to gitleaks. Its cost per finding
	// grows with the fragment (it indexes every newline of the fragment for
	// each match), so one large fragment with many hits is about 100x slower
	// than the same bytes in 64 KiB pieces.
	chunkSize = 64 << 10
	// chunkOverlap is how much consecutive chunks share (between one and two
	// times this, since the next chunk starts on a line boundary), so that a
	// token cut by a chunk boundary is still seen whole by one chunk. It is
	// far longer than any single-line token; multi-line PEM blocks, which can
	// be longer, are handled by pemSpans instead.
	chunkOverlap = 4 << 10
)

// genericRuleID is gitleaks' catch-all "keyword = high-entropy value" rule.
// It is split off into its own detector because it dominates the cost: its
// regex has no literal prefix, so Go's regexp engine steps an NFA over every
// byte (about 1 MB/s), and its keywords (token, key, api, auth, access...)
// occur in almost every chunk of real output.
const genericRuleID = "generic-api-key"

// detectors holds gitleaks' default rules compiled once.
type detectors struct {
	// main runs every default rule except the generic one, on whole chunks.
	main *matcher
	// generic runs only genericRuleID, on the lines of a chunk where it can
	// match (see genericLines); nil if the rule is absent.
	generic *matcher
	// genericPrefilters find where the generic rule can match.
	genericPrefilters []*regexp.Regexp
}

// newDetectors compiles gitleaks' default rules. It does what
// detect.NewDetectorDefaultConfig does, but with a private viper instance:
// that function mutates viper's global instance, which would race with a
// concurrent New and clobber any other user of global viper in the process.
func newDetectors() (detectors, error) {
	v := viper.New()
	v.SetConfigType("toml")
	if err := v.ReadConfig(strings.NewReader(config.DefaultConfig)); err != nil {
		return detectors{}, fmt.Errorf("read default config: %w", err)
	}
	var vc config.ViperConfig
	if err := v.Unmarshal(&vc); err != nil {
		return detectors{}, fmt.Errorf("decode default config: %w", err)
	}
	cfg, err := vc.Translate()
	if err != nil {
		return detectors{}, fmt.Errorf("translate default config: %w", err)
	}
	var ds detectors
	if g, ok := cfg.Rules[genericRuleID]; ok {
		gcfg := subConfig(cfg, []string{genericRuleID})
		ds.generic = newDetector(gcfg)
		var kws [][]byte
		for _, k := range g.Keywords {
			kws = append(kws, []byte(strings.ToLower(k)))
		}
		ds.genericPrefilters = genericPrefilters(kws)
	}
	var others []string
	for _, id := range cfg.OrderedRules {
		if id != genericRuleID {
			others = append(others, id)
		}
	}
	ds.main = newDetector(subConfig(cfg, others))
	return ds, nil
}

// subConfig returns cfg restricted to the given rules, with the keyword set
// gitleaks' prefilter uses rebuilt to match.
func subConfig(cfg config.Config, ids []string) config.Config {
	sub := cfg
	sub.Rules = make(map[string]config.Rule, len(ids))
	sub.Keywords = make(map[string]struct{})
	sub.OrderedRules = ids
	for _, id := range ids {
		r := cfg.Rules[id]
		sub.Rules[id] = r
		for _, k := range r.Keywords {
			sub.Keywords[strings.ToLower(k)] = struct{}{}
		}
	}
	return sub
}

// newDetector builds the matcher of cfg's rules. A "gitleaks:allow"
// comment does not exempt anything (in command output anyone can print
// one), and encoded text is not decoded: a decoded finding has no byte
// range in the original to mask; encoded forms of configured secrets are
// handled by literalSpans.
func newDetector(cfg config.Config) *matcher { return newMatcher(cfg) }

// gitleaksSpans runs gitleaks over b chunk by chunk and appends the spans of
// every secret it reports.
//
// A matcher is safe for concurrent use: it only reads its compiled rules
// and its prefilter trie (exercised by TestConcurrent under -race).
func (r *Redactor) gitleaksSpans(b []byte, spans []span) []span {
	for start := 0; start < len(b); {
		end, next := chunkBounds(b, start)
		chunk := b[start:end]
		spans = scanChunk(r.detectors.main, chunk, chunk, start, spans)
		if r.detectors.generic != nil {
			if lines := genericLines(chunk, r.detectors.genericPrefilters); len(lines) > 0 {
				spans = scanChunk(r.detectors.generic, lines, chunk, start, spans)
			}
		}
		if end == len(b) {
			break
		}
		start = next
	}
	return spans
}

// chunkBounds returns the end of the chunk starting at start and the start
// of the following chunk. Both are line boundaries when a newline is near
// enough, so gitleaks' keyword rules see whole lines; a line longer than half
// a chunk is cut anywhere, the overlap still covering tokens on it.
func chunkBounds(b []byte, start int) (end, next int) {
	end = start + chunkSize
	if end >= len(b) {
		return len(b), len(b)
	}
	half := start + chunkSize/2
	if i := bytes.LastIndexByte(b[half:end], '\n'); i >= 0 {
		end = half + i + 1
	}
	next = end - chunkOverlap
	if i := bytes.LastIndexByte(b[end-2*chunkOverlap:next], '\n'); i >= 0 {
		next = end - 2*chunkOverlap + i + 1
	}
	return end, next
}

// scanChunk runs d over fragment and appends a span for every occurrence in
// chunk (which starts at byte base of the whole input) of each secret found.
// fragment is chunk itself or a selection of its lines; searching the secret
// text in chunk avoids mapping gitleaks' line and column numbers back.
func scanChunk(d *matcher, fragment, chunk []byte, base int, spans []span) (out []span) {
	// Fail closed: if gitleaks panics on some input, mask the whole chunk
	// rather than crash the caller or post the text unchecked.
	defer func() {
		if recover() != nil {
			out = append(spans, span{base, base + len(chunk)})
		}
	}()
	for _, f := range d.DetectBytes(fragment) {
		// Secret is the rule's capture group (the token without "key=" or
		// quotes); mask every occurrence of it in the chunk. Fall back to
		// the whole match when the group is too short to search for safely.
		pat := f.Secret
		if len(pat) < minSecretLen {
			pat = f.Match
		}
		if len(pat) < minSecretLen {
			continue
		}
		n := len(spans)
		spans = indexAll(chunk, []byte(pat), base, spans)
		if len(spans) == n && pat != f.Match && len(f.Match) >= minSecretLen {
			spans = indexAll(chunk, []byte(f.Match), base, spans)
		}
	}
	return spans
}

// genericTail is what gitleaks' generic-api-key regex (v8.30.1) requires
// after its keyword, cut down to the first 10 characters of the value. It is
// matched from each keyword (in lower case, so it is a superset of the real
// rule) to find the few places where the real regex can match; the test
// TestGenericRulePinned fails if an upgrade changes the rule.
const genericTail = `[ \t\w.-]{0,20}[\s'"]{0,3}(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)[\x60'"\s=]{0,5}(?:[\w.=-]{10}|[a-z0-9][a-z0-9+/]{11})`

// genericPrefilters returns one pattern per keyword, each starting with the
// keyword literal so that Go's regexp can skip to it with a substring search.
func genericPrefilters(keywords [][]byte) []*regexp.Regexp {
	res := make([]*regexp.Regexp, 0, len(keywords))
	for _, k := range keywords {
		res = append(res, regexp.MustCompile(regexp.QuoteMeta(string(k))+genericTail))
	}
	return res
}

// genericLines returns the lines of chunk where the generic rule could
// match: those holding a keyword, up to the line holding the start of the
// value (the rule lets whitespace, newlines included, separate them). The
// rule's regex costs about 2 µs per byte in Go's engine, so feeding it only
// these lines, typically a few percent of the output, is what makes
// redaction fast. Returns nil when there are none.
func genericLines(chunk []byte, prefilters []*regexp.Regexp) []byte {
	lower := asciiLower(chunk)
	var hits []span
	for _, re := range prefilters {
		for _, m := range re.FindAllIndex(lower, -1) {
			hits = append(hits, span{m[0], m[1]})
		}
	}
	if len(hits) == 0 {
		return nil
	}
	// Widen each hit to whole lines. Hits are visited in order and every
	// newline search is bounded by the previous line range, so a long line
	// with many hits is still scanned once.
	slices.SortFunc(hits, func(a, b span) int { return a.start - b.start })
	var ranges []span
	cur := span{-1, -1}
	for _, h := range hits {
		if h.start >= cur.end {
			if cur.end >= 0 {
				ranges = append(ranges, cur)
			}
			from := max(cur.end, 0)
			cur.start = from + bytes.LastIndexByte(lower[from:h.start], '\n') + 1
			cur.end = h.start
		}
		if h.end > cur.end {
			cur.end = len(lower)
			if n := bytes.IndexByte(lower[h.end:], '\n'); n >= 0 {
				cur.end = h.end + n + 1
			}
		}
	}
	ranges = append(ranges, cur)
	var out []byte
	for _, r := range ranges {
		out = append(out, chunk[r.start:r.end]...)
		if out[len(out)-1] != '\n' {
			out = append(out, '\n')
		}
	}
	return out
}

// asciiLower returns a copy of b with A-Z folded to a-z and every other byte
// unchanged, so that offsets in the copy are offsets in b (strings.ToLower
// would rewrite invalid UTF-8 and change lengths).
func asciiLower(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}
