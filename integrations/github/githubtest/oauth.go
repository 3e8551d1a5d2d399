package githubtest

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
)

// OAuth: the web flow of a GitHub App's user sign-in, as documented at
// https://docs.github.com/en/apps/creating-github-apps/authenticating-with-a-github-app/generating-a-user-access-token-for-a-github-app
//
//	GET  /login/oauth/authorize     the approval page (a form naming the
//	                                user to sign in as, for tests)
//	POST /login/oauth/authorize     approves: redirects to redirect_uri
//	                                with a single-use code and the state
//	POST /login/oauth/access_token  trades the code for a user token;
//	                                like GitHub, mistakes are 200 answers
//	                                with "error" set
//	GET  /user                      the token's user
//	GET  /repos/{owner}/{repo}      with a user token: 200 when the user
//	                                has a role on the repository, else 404
//	                                (GitHub hides what a user cannot read)

type oauthApp struct{ secret string }

type oauthCode struct {
	clientID, redirectURI, login string
}

// SetOAuthApp registers an OAuth client (the App's client ID and a
// client secret).
func (s *Server) SetOAuthApp(clientID, secret string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.oauthApps == nil {
		s.oauthApps, s.oauthCodes, s.userTokens = map[string]oauthApp{}, map[string]oauthCode{}, map[string]string{}
	}
	s.oauthApps[clientID] = oauthApp{secret: secret}
}

// UserToken issues a user token for login directly (for tests that skip
// the web flow).
func (s *Server) UserToken(login string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.userTokens == nil {
		s.oauthApps, s.oauthCodes, s.userTokens = map[string]oauthApp{}, map[string]oauthCode{}, map[string]string{}
	}
	tok := "ghu_" + randomHex(16)
	s.userTokens[tok] = login
	return tok
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func (s *Server) authorizePage(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s.mu.Lock()
	_, ok := s.oauthApps[q.Get("client_id")]
	s.mu.Unlock()
	if !ok {
		http.Error(w, "unknown client_id", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, `<!doctype html><title>Authorize</title><h1>Authorize application</h1>
<form method="post" action="/login/oauth/authorize">
<input type="hidden" name="client_id" value="%s"><input type="hidden" name="redirect_uri" value="%s"><input type="hidden" name="state" value="%s">
<label>Sign in as <input id="login" name="login"></label> <button type="submit" id="authorize">Authorize</button>
</form>`, html.EscapeString(q.Get("client_id")), html.EscapeString(q.Get("redirect_uri")), html.EscapeString(q.Get("state")))
}

func (s *Server) authorize(w http.ResponseWriter, r *http.Request) {
	clientID, redirectURI, login := r.PostFormValue("client_id"), r.PostFormValue("redirect_uri"), r.PostFormValue("login")
	s.mu.Lock()
	_, ok := s.oauthApps[clientID]
	code := randomHex(10)
	if ok && login != "" {
		s.oauthCodes[code] = oauthCode{clientID: clientID, redirectURI: redirectURI, login: login}
	}
	s.mu.Unlock()
	u, err := url.Parse(redirectURI)
	if !ok || login == "" || err != nil || u.Scheme == "" {
		http.Error(w, "bad authorization request", http.StatusBadRequest)
		return
	}
	q := u.Query()
	q.Set("code", code)
	q.Set("state", r.PostFormValue("state"))
	u.RawQuery = q.Encode()
	http.Redirect(w, r, u.String(), http.StatusFound)
}

func (s *Server) accessToken(w http.ResponseWriter, r *http.Request) {
	clientID, secret, code := r.PostFormValue("client_id"), r.PostFormValue("client_secret"), r.PostFormValue("code")
	s.mu.Lock()
	defer s.mu.Unlock()
	app, ok := s.oauthApps[clientID]
	if !ok || app.secret != secret {
		writeJSON(w, http.StatusOK, map[string]string{"error": "incorrect_client_credentials", "error_description": "The client_id and/or client_secret passed are incorrect."})
		return
	}
	c, ok := s.oauthCodes[code]
	delete(s.oauthCodes, code) // single use
	if !ok || c.clientID != clientID {
		writeJSON(w, http.StatusOK, map[string]string{"error": "bad_verification_code", "error_description": "The code passed is incorrect or expired."})
		return
	}
	if ru := r.PostFormValue("redirect_uri"); ru != "" && ru != c.redirectURI {
		writeJSON(w, http.StatusOK, map[string]string{"error": "redirect_uri_mismatch", "error_description": "The redirect_uri MUST match the registered callback URL for this application."})
		return
	}
	tok := "ghu_" + randomHex(16)
	s.userTokens[tok] = c.login
	writeJSON(w, http.StatusOK, map[string]string{"access_token": tok, "token_type": "bearer", "scope": ""})
}

// userOf finds the user of a user token in the Authorization header.
func (s *Server) userOf(r *http.Request) (string, bool) {
	scheme, tok, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	if (scheme != "token" && scheme != "Bearer") || !strings.HasPrefix(tok, "ghu_") {
		return "", false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	login, ok := s.userTokens[tok]
	return login, ok
}

func (s *Server) getUser(w http.ResponseWriter, r *http.Request) {
	login, ok := s.userOf(r)
	if !ok {
		writeError(w, http.StatusUnauthorized, "Requires authentication")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"login": login, "id": len(login) + 100, "type": "User"})
}

// userRepo answers a user token's GET /repos/{owner}/{repo}.
func (s *Server) userRepo(w http.ResponseWriter, r *http.Request, login string) {
	parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	if r.Method != http.MethodGet || len(parts) != 3 {
		writeError(w, http.StatusForbidden, "Resource not accessible by user token in this fake")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	rs := s.lookup(parts[1], parts[2])
	if rs == nil || rs.perms[login] == "" || rs.perms[login] == "none" {
		writeError(w, http.StatusNotFound, "Not Found")
		return
	}
	writeJSON(w, http.StatusOK, s.repoJSON(rs))
}
