package checklist

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
)

// normalizeText folds case and collapses runs of white space so that
// reflowing or re-indenting an item keeps its ID.
func normalizeText(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return strings.Join(strings.Fields(strings.ToLower(s)), " ")
		}
	}
	// ASCII fast path: one pass, one allocation.
	b := make([]byte, 0, len(s))
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			space = len(b) > 0
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		if space {
			b = append(b, ' ')
			space = false
		}
		b = append(b, c)
	}
	return string(b)
}

// idAssigner hands out 8-hex-digit item IDs. The first item with a given
// normalised text gets the hash of the text; later items with the same text
// (or, rarely, a colliding hash) get the hash of the text plus their
// occurrence number, so every ID in a story is distinct and depends only on
// the texts and their order.
type idAssigner struct {
	used map[[4]byte]bool
	seen map[string]int
}

func newIDAssigner(sizeHint int) *idAssigner {
	return &idAssigner{used: make(map[[4]byte]bool, sizeHint), seen: make(map[string]int, sizeHint)}
}

func (a *idAssigner) next(text string) string {
	norm := normalizeText(text)
	for {
		n := a.seen[norm]
		a.seen[norm] = n + 1
		key := norm
		if n > 0 {
			key = norm + "\x00" + strconv.Itoa(n)
		}
		sum := sha256.Sum256([]byte(key))
		short := [4]byte(sum[:4])
		if !a.used[short] {
			a.used[short] = true
			return hex.EncodeToString(short[:])
		}
	}
}
