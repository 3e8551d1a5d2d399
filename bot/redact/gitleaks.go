package redact

import (
	"bytes"
	"regexp"
	"slices"
	"sync"
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

// newDetectors prepares gitleaks' default rules: the generic rule on its
// own (see genericLines), every other rule in one matcher. Regexes compile
// on first use, so this is cheap (about a millisecond to read the TOML).
func newDetectors() (detectors, error) {
	rs, err := defaultRules()
	if err != nil {
		return detectors{}, err
	}
	var ds detectors
	var others []*gitleaksRule
	for _, r := range rs.rules {
		if r.ID != genericRuleID {
			others = append(others, r)
			continue
		}
		ds.generic = newMatcher([]*gitleaksRule{r}, rs.global)
		var kws [][]byte
		for _, k := range r.keywords {
			kws = append(kws, []byte(k))
		}
		ds.genericPrefilters = genericPrefilters(kws)
	}
	ds.main = newMatcher(others, rs.global)
	return ds, nil
}

// loadDetectors builds the detectors once per process, the first time a
// redactor has a text holding one of the rules' keywords (see keywords.go):
// a run whose texts hold none never pays for them, and every redactor of
// the process shares them (they are read only).
var loadDetectors = sync.OnceValues(newDetectors)

// Prepare starts reading gitleaks' rules in the background, so that a
// long-lived process (the server) has them before its first delivery.
func Prepare() { go func() { _, _ = loadDetectors() }() }

// gitleaksSpans runs gitleaks over b chunk by chunk and appends the spans of
// every secret it reports.
//
// A matcher is safe for concurrent use: it only reads its compiled rules
// and its prefilter trie (exercised by TestConcurrent under -race).
func (r *Redactor) gitleaksSpans(b []byte, spans []span) []span {
	if !mayHaveKeyword(b) {
		return spans // no rule could run on it (see keywords.go)
	}
	ds, err := loadDetectors()
	if err != nil {
		// Fail closed: without the rules nothing can be shown safely.
		return append(spans, span{0, len(b)})
	}
	for start := 0; start < len(b); {
		end, next := chunkBounds(b, start)
		chunk := b[start:end]
		spans = scanChunk(ds.main, chunk, chunk, start, spans)
		if ds.generic != nil {
			if lines := genericLines(chunk, ds.genericPrefilters); len(lines) > 0 {
				spans = scanChunk(ds.generic, lines, chunk, start, spans)
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
	found, err := d.DetectBytes(fragment)
	if err != nil {
		return append(spans, span{base, base + len(chunk)})
	}
	for _, f := range found {
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
