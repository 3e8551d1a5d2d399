package redact

import (
	"bytes"
	"regexp"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

// rule is a supplementary pattern for a secret shape gitleaks' default rules
// miss. The secret is the first non-empty capture group (or the whole match
// when the pattern has none), so labels such as "Authorization: Bearer" or
// "password=" stay readable and only the value is masked.
//
// Patterns are written in lower case and matched against an ASCII-lowercased
// copy of the input (same offsets), which makes them case-insensitive without
// (?i). That matters for speed: each pattern then starts with a literal, and
// Go's regexp skips to occurrences of that literal with a fast substring
// search instead of stepping an NFA over every byte (about 100x faster on
// typical output). Values are cut from the original input, so their case is
// preserved.
type rule struct {
	// lit is the literal every match starts with (TestRuleLiterals pins
	// it to the pattern's own literal prefix): a text without it is not
	// searched, and the pattern is compiled only when some text has it.
	lit string
	re  func() *regexp.Regexp
	// skipPlaceholders drops values that are obviously not secrets (true,
	// null, ${VAR}, ***) for the keyword rules, which would otherwise mask
	// ordinary configuration dumps.
	skipPlaceholders bool
}

const (
	// assign is the separator between a key and its value: key=v, key: v,
	// key := v, key => v, "key": "v".
	assign = `["']?[ \t]*(?::=|=>|[:=])[ \t]*`
	// anyValue is a quoted or bare value of any length. A bare value stops at
	// '@' so that in https://token:...@host the host stays readable, and
	// ${VAR} is matched whole so that it is recognised as a placeholder.
	anyValue = `(?:"([^"\r\n]+)"|'([^'\r\n]+)'|(\$\{[^}\s]*\})|([^\s"'&,;<>()\[\]{}@]+))`
	// longValue is anyValue of at least 8 characters.
	longValue = `(?:"([^"\r\n]{8,})"|'([^'\r\n]{8,})'|(\$\{[^}\s]*\})|([^\s"'&,;<>()\[\]{}@]{8,}))`
)

// supplementary lists the extra rules. All are RE2 (linear time) and run
// over the whole input at once, so no chunk boundary can split a match.
var supplementary = []rule{
	// HTTP Authorization headers (and Proxy-Authorization), as printed by
	// curl -v, HTTP client debug logs and Go's http.Header
	// (Authorization:[Bearer ...]). gitleaks only recognises them inside a
	// curl command line (curl-auth-header), and Basic credentials or opaque
	// bearer tokens have no vendor prefix for its other rules to key on.
	{lit: "authorization", re: lazyregexp.New(`authorization["']?[ \t]*[:=][ \t]*["'\[]?(?:(?:bearer|basic|token|digest|negotiate|ntlm|apikey)[ \t]+)?([^\s"'\]]+[^\r\n"'\]]*)`)},
	// A bearer token outside a header line ("using Bearer eyJ...", a curl -H
	// argument split across lines). Sixteen characters of the RFC 6750 token
	// alphabet keep prose such as "bearer authentication" out.
	{lit: "bearer", re: lazyregexp.New(`bearer[ \t]+([a-z0-9._~+/-]{16,}=*)`)},
	// The password part of URL userinfo (https://user:pass@host), which git,
	// pip and database drivers echo in errors. gitleaks has no rule for it;
	// its generic-api-key rule needs a keyword and high entropy.
	{lit: "://", re: lazyregexp.New(`://[^\s/?#@:]*:([^\s/?#@]+)@`)},
	// password=..., "passwd": "...", PASSPHRASE: ... Passwords are often
	// short and low-entropy, which gitleaks' generic-api-key rule (entropy >
	// 3.5, at least 10 characters) lets through. "pass" alone is deliberately
	// not a keyword: go test prints "--- PASS: TestName".
	{lit: "pass", re: lazyregexp.New(`pass(?:w(?:or)?d|phrase)` + assign + anyValue), skipPlaceholders: true},
	// token=..., secret: ..., api_key=..., aws_secret_access_key = ...
	// Same gap as passwords (entropy and length floor); the value must be at
	// least 8 characters so that parser messages such as "unexpected token:
	// IDENT" or counters such as "token: 12" stay intact. The keyword must
	// end the key, so "max_tokens:" and "secretName:" do not match. One
	// pattern per leading literal keeps the fast prefix search.
	{lit: "secret", re: lazyregexp.New(`secret(?:[_-]?(?:access[_-]?)?key)?` + assign + longValue), skipPlaceholders: true},
	{lit: "token", re: lazyregexp.New(`token` + assign + longValue), skipPlaceholders: true},
	{lit: "api", re: lazyregexp.New(`api[_-]?key` + assign + longValue), skipPlaceholders: true},
	{lit: "access", re: lazyregexp.New(`access[_-]?key` + assign + longValue), skipPlaceholders: true},
	{lit: "private", re: lazyregexp.New(`private[_-]?key` + assign + longValue), skipPlaceholders: true},
	{lit: "auth", re: lazyregexp.New(`auth[_-]?key` + assign + longValue), skipPlaceholders: true},
}

// ruleSpans appends the spans of every supplementary rule match in b.
func ruleSpans(b []byte, spans []span) []span {
	lower := asciiLower(b)
	for _, r := range supplementary {
		if !bytes.Contains(lower, []byte(r.lit)) {
			continue
		}
		for _, m := range r.re().FindAllSubmatchIndex(lower, -1) {
			s, e := m[0], m[1]
			for g := 2; g+1 < len(m); g += 2 {
				if m[g] >= 0 && m[g+1] > m[g] {
					s, e = m[g], m[g+1]
					break
				}
			}
			if r.skipPlaceholders && isPlaceholder(b[s:e]) {
				continue
			}
			spans = append(spans, span{s, e})
		}
	}
	return spans
}

var (
	placeholderWords = [][]byte{
		[]byte("true"), []byte("false"), []byte("null"), []byte("nil"),
		[]byte("<nil>"), []byte("none"), []byte("undefined"), []byte("redacted"),
		[]byte(Marker), []byte("<redacted>"), []byte("changeme"),
	}
	// placeholderRef matches shell, Make and template references, which name
	// where a secret comes from rather than hold it.
	placeholderRef = lazyregexp.New(`^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\$\([A-Za-z_][A-Za-z0-9_]*\)|\{\{[^}]*\}\}|\*+|x{3,}|X{3,})$`)
)

// isPlaceholder reports whether an assignment's value is a stand-in rather
// than a secret.
func isPlaceholder(v []byte) bool {
	for _, w := range placeholderWords {
		if bytes.EqualFold(v, w) {
			return true
		}
	}
	return placeholderRef().Match(v)
}

const (
	// maxPEMBlock bounds how far after a BEGIN line an END line is looked
	// for. An 8192-bit RSA key is about 6.5 KiB; 64 KiB leaves room for
	// escaped or line-noisy encodings without masking half a log because of
	// an unrelated END much later.
	maxPEMBlock = 64 << 10
)

var (
	pemBegin = lazyregexp.New(`-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----`)
	pemEnd   = lazyregexp.New(`-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----`)
)

// pemSpans masks private-key blocks from BEGIN to END. It runs on the whole
// input because a block can exceed gitleaks' chunk overlap. When the END
// line is missing (output truncated by the runner's cap) it masks the header
// and the base64 body that follows, since a partial key is still a leak.
//
// The search is linear: BEGIN lines are visited in order, and the position of
// the next END line is remembered and only searched again once a BEGIN lies
// past it.
func pemSpans(b []byte, spans []span) []span {
	if !bytes.Contains(b, []byte("-----BEGIN")) {
		return spans // what pemBegin starts with
	}
	if !bytes.Contains(b, []byte("PRIVATE KEY")) {
		return spans
	}
	endStart, endStop := -1, -1
	noEnd := false
	for pos := 0; pos < len(b); {
		loc := pemBegin().FindIndex(b[pos:])
		if loc == nil {
			break
		}
		begin, hdrEnd := pos+loc[0], pos+loc[1]
		if !noEnd && endStart < hdrEnd {
			if l := pemEnd().FindIndex(b[hdrEnd:]); l != nil {
				endStart, endStop = hdrEnd+l[0], hdrEnd+l[1]
			} else {
				noEnd = true
			}
		}
		var stop int
		if !noEnd && endStart-hdrEnd <= maxPEMBlock {
			stop = endStop
		} else {
			stop = hdrEnd + pemBodyLen(b[hdrEnd:])
		}
		spans = append(spans, span{begin, stop})
		pos = stop
	}
	return spans
}

// pemBodyLen returns the length of the PEM body at the start of b: lines of
// base64 (backslashes allowed, for "\n"-escaped keys in JSON), RFC 1421
// headers (Proc-Type, DEK-Info) and blank lines, capped at maxPEMBlock.
// The line break after the last body line is not counted, so the marker
// keeps its own line.
func pemBodyLen(b []byte) int {
	b = b[:min(len(b), maxPEMBlock)]
	n, last := 0, 0
	for n < len(b) {
		line := b[n:]
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line = line[:i+1]
		}
		content := bytes.TrimRight(line, "\r\n")
		switch {
		case len(bytes.TrimSpace(content)) == 0:
			n += len(line)
			continue
		case isBase64Line(content),
			bytes.HasPrefix(content, []byte("Proc-Type:")),
			bytes.HasPrefix(content, []byte("DEK-Info:")):
			last = n + len(content)
			n += len(line)
		default:
			return last
		}
	}
	return last
}

// isBase64Line reports whether line holds only base64 characters, or the
// backslash escapes of a key embedded in a JSON or YAML string.
func isBase64Line(line []byte) bool {
	for _, c := range line {
		switch {
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9',
			c == '+', c == '/', c == '=', c == '\\':
		default:
			return false
		}
	}
	return true
}
