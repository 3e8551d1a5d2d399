package checklist

import "github.com/engineo/autoverify/internal/lazyregexp"

// keyRe is the spec's story key pattern: a project key and a number
// (KAN-25, OPS-1).
var keyRe = lazyregexp.New(`\b[A-Z][A-Z0-9]+-[0-9]+\b`)

// FindKey returns the first story key in texts, tried in order (a pull
// request's title, then its head branch, then its body); "" when none has
// one.
func FindKey(texts ...string) string {
	for _, s := range texts {
		if k := keyRe().FindString(s); k != "" {
			return k
		}
	}
	return ""
}
