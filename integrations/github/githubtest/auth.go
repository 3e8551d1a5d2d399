package githubtest

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// tokenTTL is how long installation tokens live, as on GitHub.
const tokenTTL = time.Hour

// createToken serves POST /app/installations/{id}/access_tokens: it checks
// the App JWT the way GitHub does and issues a "ghs_" token.
func (s *Server) createToken(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		writeError(w, http.StatusNotFound, "Not Found")
		return
	}
	scheme, jwt, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	if scheme != "Bearer" {
		writeError(w, http.StatusUnauthorized, "A JSON web token could not be decoded")
		return
	}
	if err := s.verifyJWT(jwt, time.Now()); err != nil {
		writeError(w, http.StatusUnauthorized, err.Error())
		return
	}
	buf := make([]byte, 18)
	_, _ = rand.Read(buf)
	token := "ghs_" + hex.EncodeToString(buf)
	expires := time.Now().Add(tokenTTL).UTC().Truncate(time.Second)
	s.mu.Lock()
	s.tokens[token] = tokenGrant{installationID: id, expires: expires}
	s.mu.Unlock()
	writeJSON(w, http.StatusCreated, map[string]any{
		"token":                token,
		"expires_at":           expires.Format(time.RFC3339),
		"permissions":          map[string]string{"checks": "write", "contents": "read", "issues": "write", "pull_requests": "write", "metadata": "read"},
		"repository_selection": "all",
	})
}

// verifyJWT checks an RS256 JWT against the server's key and GitHub's
// rules for App JWTs: iss is the App ID, it has not expired, and it lives
// at most ten minutes.
func (s *Server) verifyJWT(token string, now time.Time) error {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return errors.New("A JSON web token could not be decoded")
	}
	var header struct {
		Alg string `json:"alg"`
	}
	if err := decodeSegment(parts[0], &header); err != nil {
		return err
	}
	if header.Alg != "RS256" {
		return fmt.Errorf("A JSON web token could not be decoded (alg %q, GitHub requires RS256)", header.Alg)
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil {
		return errors.New("A JSON web token could not be decoded")
	}
	sum := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if err := rsa.VerifyPKCS1v15(&s.key.PublicKey, crypto.SHA256, sum[:], sig); err != nil {
		return errors.New("A JSON web token could not be decoded (signature does not match the App's key)")
	}
	var claims struct {
		Iss json.RawMessage `json:"iss"`
		Iat int64           `json:"iat"`
		Exp int64           `json:"exp"`
	}
	if err := decodeSegment(parts[1], &claims); err != nil {
		return err
	}
	iss := strings.Trim(string(claims.Iss), `"`)
	if iss != strconv.FormatInt(s.AppID, 10) {
		return fmt.Errorf("Integration not found (iss %s, want %d)", iss, s.AppID)
	}
	if claims.Exp <= now.Unix() {
		return errors.New("'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires")
	}
	if claims.Exp-claims.Iat > 600 {
		return errors.New("'Expiration time' claim ('exp') is too far in the future")
	}
	if claims.Iat > now.Add(time.Minute).Unix() {
		return errors.New("'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued")
	}
	return nil
}

func decodeSegment(seg string, v any) error {
	b, err := base64.RawURLEncoding.DecodeString(seg)
	if err != nil {
		return errors.New("A JSON web token could not be decoded")
	}
	if err := json.Unmarshal(b, v); err != nil {
		return errors.New("A JSON web token could not be decoded")
	}
	return nil
}

// installationAuth accepts an unexpired installation token, sent as
// "token ghs_..." (or "Bearer ghs_...", which GitHub also takes). An App
// JWT is not enough for repository endpoints.
func (s *Server) installationAuth(r *http.Request) bool {
	scheme, tok, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	if (scheme != "token" && scheme != "Bearer") || !strings.HasPrefix(tok, "ghs_") {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.tokens[tok]
	return ok && time.Now().Before(g.expires)
}

// ExpireTokens invalidates every installation token issued so far, as if
// an hour had passed; clients must fetch new ones.
func (s *Server) ExpireTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k := range s.tokens {
		delete(s.tokens, k)
	}
}
