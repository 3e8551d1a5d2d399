package redact

import (
	"bytes"
	"slices"
)

// Marker replaces every redacted span. It is fixed (no rule id) so that it
// reveals nothing about what was hidden.
const Marker = "[REDACTED]"

// minSecretLen is the shortest configured secret that is masked. Shorter
// values ("", "x", "on") would match all over ordinary output and make it
// unreadable while protecting nothing worth protecting.
const minSecretLen = 4

// Redactor masks secrets in text. It is cheap to build: gitleaks' rules are
// read once per process, on first use, and shared. All methods are safe
// for concurrent use.
type Redactor struct {
	// secrets holds the configured secret values and their encodings,
	// longest first so that a full encoding wins over its interior.
	secrets *literals
}

// Option configures a Redactor.
type Option func(*options)

type options struct {
	secrets []string
}

// WithSecrets adds literal secret values (tokens, passwords the service was
// configured with) to mask wherever they occur, raw or base64-encoded.
// Values shorter than 4 bytes are ignored. The option may be repeated.
func WithSecrets(values ...string) Option {
	return func(o *options) { o.secrets = append(o.secrets, values...) }
}

// New builds a Redactor. The error is kept for callers that may one day
// configure rules; today New cannot fail.
func New(opts ...Option) (*Redactor, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	return &Redactor{secrets: secretPatterns(o.secrets)}, nil
}

// String returns s with every secret replaced by Marker.
func (r *Redactor) String(s string) string {
	out := r.Bytes([]byte(s))
	return string(out)
}

// Bytes returns b with every secret replaced by Marker. When nothing is
// found it returns b itself, so callers must not assume the result is a
// copy; b is never modified.
func (r *Redactor) Bytes(b []byte) []byte {
	if len(b) == 0 {
		return b
	}
	var spans []span
	spans = r.gitleaksSpans(b, spans)
	spans = pemSpans(b, spans)
	spans = ruleSpans(b, spans)
	spans = literalSpans(b, r.secrets, spans)
	if len(spans) == 0 {
		return b
	}
	return apply(b, merge(spans))
}

// span is a half-open byte range [start, end) of the input to mask.
type span struct{ start, end int }

// merge sorts spans and joins those that overlap or touch, so each run of
// secret bytes becomes a single marker.
func merge(spans []span) []span {
	slices.SortFunc(spans, func(a, b span) int { return a.start - b.start })
	out := spans[:1]
	for _, s := range spans[1:] {
		last := &out[len(out)-1]
		if s.start <= last.end {
			last.end = max(last.end, s.end)
			continue
		}
		out = append(out, s)
	}
	return out
}

// apply copies b into a new slice with each (sorted, disjoint) span replaced
// by Marker.
func apply(b []byte, spans []span) []byte {
	var out bytes.Buffer
	out.Grow(len(b) + len(spans)*len(Marker))
	prev := 0
	for _, s := range spans {
		out.Write(b[prev:s.start])
		out.WriteString(Marker)
		prev = s.end
	}
	out.Write(b[prev:])
	return out.Bytes()
}

// indexAll appends a span for every non-overlapping occurrence of pat in b,
// shifted by base. Overlapping occurrences need no span of their own: each
// overlaps one that is masked, so it cannot survive intact.
func indexAll(b, pat []byte, base int, spans []span) []span {
	if len(pat) == 0 {
		return spans
	}
	for i := 0; ; {
		j := bytes.Index(b[i:], pat)
		if j < 0 {
			return spans
		}
		spans = append(spans, span{base + i + j, base + i + j + len(pat)})
		i += j + len(pat)
	}
}
