package githubtest

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"testing"
	"time"
)

// signJWT makes an App JWT like ghinstallation's, without its dependency.
func signJWT(t *testing.T, key *rsa.PrivateKey, appID int64) string {
	t.Helper()
	enc := base64.RawURLEncoding.EncodeToString
	now := time.Now().Add(-30 * time.Second).Unix()
	signing := enc([]byte(`{"alg":"RS256","typ":"JWT"}`)) + "." +
		enc([]byte(fmt.Sprintf(`{"iat":%d,"exp":%d,"iss":"%d"}`, now, now+120, appID)))
	sum := sha256.Sum256([]byte(signing))
	sig, err := rsa.SignPKCS1v15(rand.Reader, key, crypto.SHA256, sum[:])
	if err != nil {
		t.Fatal(err)
	}
	return signing + "." + enc(sig)
}
