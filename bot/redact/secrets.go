package redact

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"net/url"
	"slices"
	"strings"
)

// secretPatterns expands configured secret values into the byte strings to
// mask: the value itself and its base64, hex and URL-encoded forms. Base64
// matters because secrets reach output encoded far more often than one
// would like: HTTP Basic headers, Kubernetes Secret manifests, docker
// config.json auths. Hex is what byte dumps, `xxd -p`, and debug printers
// of []byte show. URL encoding is how a token travels in a query string or
// a form body that a verbose HTTP client logs (see urlForms).
//
// For each of the standard and URL alphabets it adds the padded and
// unpadded encodings, and, as Prow's censor does, the part of the encoding
// that is fixed whatever surrounds the value when it sits inside a longer
// encoded string ("user:" + token in a Basic header): with k = 0, 1, 2 bytes
// before it in its 3-byte group, only the characters whose 6 bits all come
// from the value are stable, so the leading and trailing partial characters
// are dropped. Values shorter than minSecretLen, and derived patterns that
// end up shorter than that, are skipped.
func secretPatterns(values []string) *literals {
	seen := make(map[string]bool)
	var pats [][]byte
	add := func(p string) {
		if len(p) >= minSecretLen && !seen[p] {
			seen[p] = true
			pats = append(pats, []byte(p))
		}
	}
	for _, v := range values {
		if len(v) < minSecretLen {
			continue
		}
		add(v)
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
			add(enc.EncodeToString([]byte(v)))
			raw := enc.WithPadding(base64.NoPadding)
			add(raw.EncodeToString([]byte(v)))
			for k := range 3 {
				add(alignedInterior(raw, v, k))
			}
		}
		// Hex is byte-aligned, so unlike base64 a value inside a longer
		// dump keeps its exact encoding: no interior forms are needed.
		h := hex.EncodeToString([]byte(v))
		add(h)
		add(strings.ToUpper(h))
		for _, f := range urlForms(v) {
			add(f)
		}
	}
	// Longest first: when a full encoding and its interior both occur at the
	// same place the merged span is the same, but longer patterns are rarer
	// and this keeps the order deterministic.
	slices.SortStableFunc(pats, func(a, b []byte) int { return len(b) - len(a) })
	return newLiterals(pats)
}

// urlForms returns the percent-encoded forms of v that differ from v: what
// url.QueryEscape (space as '+') and url.PathEscape produce, and the strict
// form that escapes everything but RFC 3986's unreserved characters (curl's
// --data-urlencode, Python's quote(safe="")), each with upper-case %XX
// digits as Go writes them and lower-case ones as some encoders do. Only
// the escapes' digits change case; the value's own letters never do.
// Forms equal to v (a value with nothing to escape) are left to the
// literal pattern.
func urlForms(v string) []string {
	var forms []string
	for _, f := range []string{url.QueryEscape(v), url.PathEscape(v), strictEscape(v)} {
		if f == v {
			continue
		}
		forms = append(forms, f, lowerEscapes(f))
	}
	return forms
}

// strictEscape percent-encodes every byte of v outside RFC 3986's
// unreserved set (ALPHA / DIGIT / "-" / "." / "_" / "~").
func strictEscape(v string) string {
	const hexdig = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexdig[c>>4])
		b.WriteByte(hexdig[c&15])
	}
	return b.String()
}

// lowerEscapes lower-cases the two hex digits after every '%' of a
// percent-encoded string, leaving everything else as it is.
func lowerEscapes(s string) string {
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' {
			for j := i + 1; j <= i+2; j++ {
				if 'A' <= b[j] && b[j] <= 'F' {
					b[j] += 'a' - 'A'
				}
			}
			i += 2
		}
	}
	return string(b)
}

// alignedInterior returns the base64 characters of v that do not depend on
// surrounding bytes when v is preceded by k bytes (mod 3) in the encoded
// stream.
func alignedInterior(enc *base64.Encoding, v string, k int) string {
	buf := make([]byte, k+len(v))
	copy(buf[k:], v)
	s := enc.EncodeToString(buf)
	first := (8*k + 5) / 6         // first character with no prefix bits
	last := (8 * (k + len(v))) / 6 // characters entirely within v end here
	if first >= last {
		return ""
	}
	return s[first:last]
}

// literals finds many fixed patterns in one pass over the input. Each
// configured secret brings up to about twenty patterns (its encodings), and
// searching for each with bytes.Index costs a pass per pattern: cheap for a
// pattern whose first byte is rare, but hex forms start with a digit and
// command output is full of hex (commit hashes, UUIDs, addresses), so a
// handful of secrets made the literal pass slower than everything else
// together. Instead every position's next four bytes are hashed into a
// 64 Ki-bit filter of the patterns' first four bytes (every pattern has at
// least minSecretLen = 4); only a hit looks the prefix up and compares.
type literals struct {
	pats     [][]byte            // longest first
	filter   [1 << 10]uint64     // bit h(prefix) set for every pattern's prefix
	byPrefix map[uint32][][]byte // first four bytes → patterns, longest first
}

func newLiterals(pats [][]byte) *literals {
	l := &literals{pats: pats, byPrefix: make(map[uint32][][]byte, len(pats))}
	for _, p := range pats {
		k := binary.LittleEndian.Uint32(p)
		h := prefixHash(k)
		l.filter[h>>6] |= 1 << (h & 63)
		l.byPrefix[k] = append(l.byPrefix[k], p)
	}
	return l
}

// prefixHash maps four bytes to 16 bits (Fibonacci hashing).
func prefixHash(k uint32) uint32 { return (k * 0x9E3779B1) >> 16 }

// literalSpans appends a span for every occurrence of each pattern in b.
// Where several patterns start at one position the longest is taken;
// occurrences that overlap give overlapping spans, which merge joins.
func literalSpans(b []byte, l *literals, spans []span) []span {
	if l == nil || len(l.pats) == 0 {
		return spans
	}
	for i := 0; i+4 <= len(b); i++ {
		k := binary.LittleEndian.Uint32(b[i:])
		h := prefixHash(k)
		if l.filter[h>>6]&(1<<(h&63)) == 0 {
			continue
		}
		for _, p := range l.byPrefix[k] {
			if bytes.HasPrefix(b[i:], p) {
				spans = append(spans, span{i, i + len(p)})
				break
			}
		}
	}
	return spans
}
