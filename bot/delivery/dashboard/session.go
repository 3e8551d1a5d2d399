package dashboard

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

const (
	sessionCookie = "av_session"
	preCookie     = "av_pre"   // the sign-in form's CSRF token
	oauthCookie   = "av_oauth" // the OAuth state, for 10 minutes
)

// session is what a sealed session cookie holds.
type session struct {
	Login string `json:"l"`
	Admin bool   `json:"a"`
	// GH is the user's GitHub token, to ask what they can read.
	GH   string `json:"g,omitempty"`
	CSRF string `json:"c"`
	Exp  int64  `json:"e"`
}

// sealer seals cookies with AES-GCM: a cookie can be neither read nor
// forged without the key (it carries the user's GitHub token).
type sealer struct{ aead cipher.AEAD }

func newSealer(key []byte) (sealer, error) {
	if len(key) != 32 {
		return sealer{}, errors.New("dashboard: the session key must be 32 bytes")
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return sealer{}, err
	}
	aead, err := cipher.NewGCM(block)
	return sealer{aead: aead}, err
}

func (s sealer) seal(purpose string, v any) (string, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(s.aead.Seal(nonce, nonce, raw, []byte(purpose))), nil
}

func (s sealer) open(purpose, text string, v any) error {
	raw, err := base64.RawURLEncoding.DecodeString(text)
	if err != nil || len(raw) < s.aead.NonceSize() {
		return errors.New("bad cookie")
	}
	plain, err := s.aead.Open(nil, raw[:s.aead.NonceSize()], raw[s.aead.NonceSize():], []byte(purpose))
	if err != nil {
		return errors.New("bad cookie")
	}
	return json.Unmarshal(plain, v)
}

func randomToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// viewer is who is looking.
type viewer struct {
	Login string
	Admin bool
	// Bearer is set for Authorization: Bearer clients (no cookie, so no
	// CSRF token needed).
	Bearer bool
	CSRF   string
	gh     string
}

// Name is how the viewer is shown and recorded.
func (v viewer) Name() string {
	if v.Login != "" {
		return v.Login
	}
	return "admin (token)"
}

// secure reports whether the browser talks https to the dashboard: TLS
// here, or a public URL that says so (TLS ends at a proxy).
func (d *Dashboard) secure(r *http.Request) bool {
	return r.TLS != nil || strings.HasPrefix(d.cfg.PublicURL, "https://")
}

func (d *Dashboard) setCookie(w http.ResponseWriter, r *http.Request, name, value string, maxAge time.Duration) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: value, Path: "/", HttpOnly: true, Secure: d.secure(r),
		SameSite: http.SameSiteLaxMode, MaxAge: int(maxAge.Seconds())})
}

func (d *Dashboard) dropCookie(w http.ResponseWriter, r *http.Request, name string) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: "/", HttpOnly: true, Secure: d.secure(r), SameSite: http.SameSiteLaxMode, MaxAge: -1})
}

// viewerOf finds who is asking: a Bearer token or a session cookie.
func (d *Dashboard) viewerOf(r *http.Request) (viewer, bool) {
	if auth := r.Header.Get("Authorization"); auth != "" {
		tok, ok := strings.CutPrefix(auth, "Bearer ")
		if ok && d.cfg.Token != "" && subtle.ConstantTimeCompare([]byte(tok), []byte(d.cfg.Token)) == 1 {
			return viewer{Admin: true, Bearer: true}, true
		}
		return viewer{}, false
	}
	c, err := r.Cookie(sessionCookie)
	if err != nil {
		return viewer{}, false
	}
	var s session
	if d.seal.open(sessionCookie, c.Value, &s) != nil || d.cfg.Now().Unix() > s.Exp {
		return viewer{}, false
	}
	return viewer{Login: s.Login, Admin: s.Admin, CSRF: s.CSRF, gh: s.GH}, true
}

type viewerHandler func(w http.ResponseWriter, r *http.Request, v viewer)

// withViewer lets signed-in viewers through; others get the sign-in page
// (a redirect for browsers, 401 for the live feed and API clients).
// State changes also need the session's CSRF token and a same-site
// request.
func (d *Dashboard) withViewer(h viewerHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.Header.Get("Authorization") == "" && !sameSite(r) {
			// Refused before anything else: with or without the
			// browser's cookies, another site may not change state here.
			http.Error(w, "forbidden: cross-site request", http.StatusForbidden)
			return
		}
		v, ok := d.viewerOf(r)
		if !ok {
			if r.Header.Get("Authorization") != "" || r.URL.Path == "/events" || r.Method != http.MethodGet {
				w.Header().Set("WWW-Authenticate", `Bearer realm="autoverify"`)
				http.Error(w, "sign in first: /signin", http.StatusUnauthorized)
				return
			}
			next := "/signin"
			if r.URL.Path != "/" {
				next += "?next=" + url.QueryEscape(r.URL.RequestURI())
			}
			http.Redirect(w, r, next, http.StatusSeeOther)
			return
		}
		if r.Method == http.MethodPost && !v.Bearer {
			if got := r.PostFormValue("csrf"); v.CSRF == "" || subtle.ConstantTimeCompare([]byte(got), []byte(v.CSRF)) != 1 {
				http.Error(w, "forbidden: missing or wrong CSRF token; reload the page and try again", http.StatusForbidden)
				return
			}
		}
		h(w, r, v)
	}
}

// sameSite reports whether a state-changing request came from this site:
// Sec-Fetch-Site when the browser sends it, else Origin. A request with
// neither (not a browser) is left to the CSRF token.
func sameSite(r *http.Request) bool {
	if s := r.Header.Get("Sec-Fetch-Site"); s != "" {
		return s == "same-origin"
	}
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		return err == nil && u.Host == r.Host
	}
	return true
}

// signinData is the sign-in page.
type signinData struct {
	page
	Token, GitHub bool
	Pre           string
	Next          string
	Error         string
}

func (d *Dashboard) signinPage(w http.ResponseWriter, r *http.Request) {
	d.renderSignin(w, r, http.StatusOK, "")
}

func (d *Dashboard) renderSignin(w http.ResponseWriter, r *http.Request, status int, msg string) {
	pre := randomToken()
	d.setCookie(w, r, preCookie, pre, 30*time.Minute)
	d.render(w, status, "signin.html", signinData{page: page{Title: "Sign in"}, Token: d.cfg.Token != "", GitHub: d.cfg.GitHub != nil,
		Pre: pre, Next: safeNext(r.FormValue("next")), Error: msg})
}

// safeNext keeps a post-sign-in destination on this site.
func safeNext(next string) string {
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.HasPrefix(next, "/\\") {
		return "/"
	}
	return next
}

func (d *Dashboard) signin(w http.ResponseWriter, r *http.Request) {
	c, err := r.Cookie(preCookie)
	if !sameSite(r) || err != nil || subtle.ConstantTimeCompare([]byte(c.Value), []byte(r.PostFormValue("pre"))) != 1 {
		http.Error(w, "forbidden: the sign-in form expired or came from another site; open /signin again", http.StatusForbidden)
		return
	}
	tok := r.PostFormValue("token")
	if d.cfg.Token == "" || subtle.ConstantTimeCompare([]byte(tok), []byte(d.cfg.Token)) != 1 {
		d.cfg.Logger.Warn("dashboard: wrong sign-in token", "remote", r.RemoteAddr)
		d.renderSignin(w, r, http.StatusUnauthorized, "That token is not the dashboard's token.")
		return
	}
	d.dropCookie(w, r, preCookie)
	if err := d.startSession(w, r, session{Admin: true}); err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	http.Redirect(w, r, safeNext(r.PostFormValue("next")), http.StatusSeeOther)
}

func (d *Dashboard) startSession(w http.ResponseWriter, r *http.Request, s session) error {
	s.CSRF = randomToken()
	s.Exp = d.cfg.Now().Add(d.cfg.SessionTTL).Unix()
	val, err := d.seal.seal(sessionCookie, s)
	if err != nil {
		return err
	}
	d.setCookie(w, r, sessionCookie, val, d.cfg.SessionTTL)
	return nil
}

func (d *Dashboard) signout(w http.ResponseWriter, r *http.Request, _ viewer) {
	d.dropCookie(w, r, sessionCookie)
	http.Redirect(w, r, "/signin", http.StatusSeeOther)
}

// oauthState is what the OAuth cookie holds between the redirect to
// GitHub and its answer.
type oauthState struct {
	State string `json:"s"`
	Next  string `json:"n"`
	Exp   int64  `json:"e"`
}

// redirectURI is the OAuth callback: under the public URL when there is
// one (it must match the App's registered callback), else this request's
// host.
func (d *Dashboard) redirectURI(r *http.Request) string {
	if d.cfg.PublicURL != "" {
		return strings.TrimSuffix(d.cfg.PublicURL, "/") + "/auth/github/callback"
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host + "/auth/github/callback"
}

func (d *Dashboard) githubStart(w http.ResponseWriter, r *http.Request) {
	if d.cfg.GitHub == nil {
		http.NotFound(w, r)
		return
	}
	st := oauthState{State: randomToken(), Next: safeNext(r.FormValue("next")), Exp: d.cfg.Now().Add(10 * time.Minute).Unix()}
	val, err := d.seal.seal(oauthCookie, st)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	d.setCookie(w, r, oauthCookie, val, 10*time.Minute)
	http.Redirect(w, r, d.cfg.GitHub.AuthorizeURL(st.State, d.redirectURI(r)), http.StatusFound)
}

func (d *Dashboard) githubCallback(w http.ResponseWriter, r *http.Request) {
	if d.cfg.GitHub == nil {
		http.NotFound(w, r)
		return
	}
	var st oauthState
	c, err := r.Cookie(oauthCookie)
	if err != nil || d.seal.open(oauthCookie, c.Value, &st) != nil || d.cfg.Now().Unix() > st.Exp ||
		subtle.ConstantTimeCompare([]byte(st.State), []byte(r.FormValue("state"))) != 1 {
		http.Error(w, "forbidden: the GitHub sign-in state does not match; start again at /signin", http.StatusForbidden)
		return
	}
	d.dropCookie(w, r, oauthCookie)
	if e := r.FormValue("error"); e != "" {
		d.renderSignin(w, r, http.StatusUnauthorized, "GitHub did not sign you in: "+e)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 15*time.Second)
	defer cancel()
	tok, err := d.cfg.GitHub.Exchange(ctx, r.FormValue("code"), d.redirectURI(r))
	if err != nil {
		d.cfg.Logger.Warn("dashboard: GitHub code exchange", "err", err)
		d.renderSignin(w, r, http.StatusUnauthorized, "GitHub sign-in failed; try again.")
		return
	}
	login, err := d.cfg.GitHub.User(ctx, tok)
	if err != nil {
		d.cfg.Logger.Warn("dashboard: GitHub user", "err", err)
		d.renderSignin(w, r, http.StatusUnauthorized, "GitHub sign-in failed; try again.")
		return
	}
	admin := slices.Contains(d.cfg.Admins, strings.ToLower(login))
	if err := d.startSession(w, r, session{Login: login, Admin: admin, GH: tok}); err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	d.cfg.Logger.Info("dashboard: signed in with GitHub", "login", login, "admin", admin)
	http.Redirect(w, r, st.Next, http.StatusSeeOther)
}

// githubRepo is what a GitHub repository's name looks like; anything
// else (a CLI run's work directory) is for admins only.
var githubRepo = lazyregexp.New(`^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$`)

// canSee reports whether v may see runs of repo (local: a CLI run).
func (d *Dashboard) canSee(ctx context.Context, v viewer, repo string, local bool) bool {
	if v.Admin {
		return true
	}
	if local || v.gh == "" || d.cfg.GitHub == nil || !githubRepo().MatchString(repo) {
		return false
	}
	key := v.Login + "\x00" + repo
	if ok, found := d.access.get(key); found {
		return ok
	}
	ok, err := d.cfg.GitHub.CanRead(ctx, v.gh, repo)
	if err != nil {
		d.cfg.Logger.Warn("dashboard: checking access", "login", v.Login, "repo", repo, "err", err)
		return false // not remembered: asked again next time
	}
	d.access.put(key, ok)
	return ok
}
