package intake

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// SignaturePrefix starts every signature header Verify accepts.
const SignaturePrefix = "sha256="

// Verify reports whether header is "sha256=" followed by the hex HMAC-SHA256
// of body under secret. The comparison takes constant time. An empty secret
// never verifies: an unconfigured secret must not accept unsigned requests.
func Verify(secret, body []byte, header string) bool {
	if len(secret) == 0 {
		return false
	}
	sigHex, ok := strings.CutPrefix(header, SignaturePrefix)
	if !ok || len(sigHex) != 2*sha256.Size {
		return false
	}
	var got [sha256.Size]byte
	if _, err := hex.Decode(got[:], []byte(sigHex)); err != nil {
		return false
	}
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	return hmac.Equal(mac.Sum(nil), got[:])
}

// Sign returns the header value Verify accepts for body under secret; tests
// and senders use it.
func Sign(secret, body []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	return SignaturePrefix + hex.EncodeToString(mac.Sum(nil))
}
