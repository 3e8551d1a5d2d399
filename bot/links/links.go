// Package links signs the evidence links autoverify posts. A link names a
// run's file and carries an expiry and an HMAC over the run ID, the file
// name and the expiry, so whoever can read a pull request comment can open
// its evidence until the link expires, and nobody can forge a link to
// another run or file or extend one. Pure: callers supply the key and the
// clock.
package links

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Errors Verify returns; the server answers 403 for each.
var (
	ErrUnsigned = errors.New("link is not signed")
	ErrExpired  = errors.New("link has expired")
	ErrForged   = errors.New("link signature does not match")
)

// Signer makes and checks signed links.
type Signer struct {
	// Key is the HMAC key; at least 16 bytes.
	Key []byte
	// TTL is how long a link stays valid.
	TTL time.Duration
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

func (s Signer) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// URL returns base + "/runs/{runID}/{file}?expires=…&sig=…".
func (s Signer) URL(base, runID, file string) string {
	exp := s.now().Add(s.TTL).Unix()
	q := url.Values{"expires": {strconv.FormatInt(exp, 10)}, "sig": {s.sign(runID, file, exp)}}
	return strings.TrimRight(base, "/") + "/runs/" + url.PathEscape(runID) + "/" + url.PathEscape(file) + "?" + q.Encode()
}

// Verify checks a request for runID's file with the query's expires and sig.
func (s Signer) Verify(runID, file, expires, sig string) error {
	if expires == "" || sig == "" {
		return ErrUnsigned
	}
	exp, err := strconv.ParseInt(expires, 10, 64)
	if err != nil {
		return ErrForged
	}
	want := s.sign(runID, file, exp)
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return ErrForged
	}
	if s.now().Unix() > exp {
		return ErrExpired
	}
	return nil
}

// sign is the hex HMAC-SHA256 of "runID\x00file\x00expiry": NUL cannot
// occur in either name, so no two (run, file, expiry) triples sign alike.
func (s Signer) sign(runID, file string, exp int64) string {
	m := hmac.New(sha256.New, s.Key)
	m.Write([]byte(runID + "\x00" + file + "\x00" + strconv.FormatInt(exp, 10)))
	return hex.EncodeToString(m.Sum(nil))
}

// DeriveKey derives a key for one purpose from a secret the operator
// already set (the webhook secret), so links work with no extra setting
// and never share a key with another use of that secret.
func DeriveKey(secret []byte, purpose string) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("autoverify " + purpose))
	return m.Sum(nil)
}
