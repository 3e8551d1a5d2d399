package redact

import (
	"encoding/base64"
	"slices"
)

// secretPatterns expands configured secret values into the byte strings to
// mask: the value itself and its base64 forms. Base64 matters because
// secrets reach output encoded far more often than one would like: HTTP
// Basic headers, Kubernetes Secret manifests, docker config.json auths.
//
// For each of the standard and URL alphabets it adds the padded and
// unpadded encodings, and, as Prow's censor does, the part of the encoding
// that is fixed whatever surrounds the value when it sits inside a longer
// encoded string ("user:" + token in a Basic header): with k = 0, 1, 2 bytes
// before it in its 3-byte group, only the characters whose 6 bits all come
// from the value are stable, so the leading and trailing partial characters
// are dropped. Values shorter than minSecretLen, and derived patterns that
// end up shorter than that, are skipped.
func secretPatterns(values []string) [][]byte {
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
	}
	// Longest first: when a full encoding and its interior both occur at the
	// same place the merged span is the same, but longer patterns are rarer
	// and this keeps the order deterministic.
	slices.SortStableFunc(pats, func(a, b []byte) int { return len(b) - len(a) })
	return pats
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

// literalSpans appends a span for every occurrence of each pattern in b.
func literalSpans(b []byte, pats [][]byte, spans []span) []span {
	for _, p := range pats {
		spans = indexAll(b, p, 0, spans)
	}
	return spans
}
