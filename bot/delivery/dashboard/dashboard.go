package dashboard

import (
	"context"
	"crypto/rand"
	"embed"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/engineo/autoverify/bot/runlog"
)

// History is the run history the dashboard reads and clears
// (integrations/runlog).
type History interface {
	Get(ctx context.Context, id string) (runlog.Record, bool, error)
	List(ctx context.Context, q runlog.Query) (runlog.Page, error)
	Counts(ctx context.Context, keys ...string) (map[string]runlog.Counts, error)
	Repos(ctx context.Context) ([]string, error)
	Seq(ctx context.Context) (int64, error)
	Clear(ctx context.Context, by string, at time.Time) (runlog.Cleared, error)
	Cleared(ctx context.Context) (runlog.Cleared, bool, error)
}

// GitHub signs users in with OAuth and says what they can read
// (integrations/github.OAuth).
type GitHub interface {
	// AuthorizeURL is where the browser goes to approve the sign-in.
	AuthorizeURL(state, redirectURI string) string
	// Exchange trades the code GitHub sent back for the user's token.
	Exchange(ctx context.Context, code, redirectURI string) (string, error)
	// User is the login of the token's user.
	User(ctx context.Context, token string) (string, error)
	// CanRead reports whether the token's user can read repo
	// ("owner/name").
	CanRead(ctx context.Context, token, repo string) (bool, error)
}

// Config is what the dashboard serves.
type Config struct {
	History History
	// Token, when set, signs in as an admin (form or Bearer).
	Token string
	// GitHub, when set, offers GitHub sign-in.
	GitHub GitHub
	// Admins are GitHub logins (lower case) who are admins.
	Admins []string
	// PublicURL, when set, is where browsers reach the dashboard (behind
	// a proxy that terminates TLS): the OAuth callback is under it, and an
	// https address makes cookies Secure.
	PublicURL string
	// Key seals session cookies (32 bytes); nil picks a random one, so
	// sessions end when the process does.
	Key []byte
	// PollInterval is how often the history is checked for changes for
	// the live feed (default 500 ms).
	PollInterval time.Duration
	// AccessTTL is how long a user's access to a repository is
	// remembered (default 5 minutes).
	AccessTTL time.Duration
	// SessionTTL is how long a session lasts (default 12 hours).
	SessionTTL time.Duration
	// StaleAfter is how long a run may stay active before the overview
	// stops counting it as running (its process probably died; default
	// 6 hours).
	StaleAfter time.Duration
	Logger     *slog.Logger
	Now        func() time.Time
}

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// Dashboard is the dashboard's handler.
type Dashboard struct {
	cfg    Config
	mux    *http.ServeMux
	pages  *template.Template
	seal   sealer
	access *accessCache
	feed   *feed
}

// New builds the dashboard. Close stops its live feed.
func New(cfg Config) (*Dashboard, error) {
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = 500 * time.Millisecond
	}
	if cfg.AccessTTL <= 0 {
		cfg.AccessTTL = 5 * time.Minute
	}
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = 12 * time.Hour
	}
	if cfg.StaleAfter <= 0 {
		cfg.StaleAfter = 6 * time.Hour
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	key := cfg.Key
	if len(key) == 0 {
		key = make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return nil, err
		}
	}
	seal, err := newSealer(key)
	if err != nil {
		return nil, err
	}
	pages, err := template.New("").Funcs(funcs).ParseFS(templateFS, "templates/*.html")
	if err != nil {
		return nil, err
	}
	d := &Dashboard{cfg: cfg, mux: http.NewServeMux(), pages: pages, seal: seal,
		access: &accessCache{ttl: cfg.AccessTTL, now: cfg.Now, m: map[string]accessEntry{}}}
	d.feed = newFeed(cfg.History, cfg.PollInterval, cfg.Logger)
	static, _ := fs.Sub(staticFS, "static")
	files := http.StripPrefix("/static/", http.FileServerFS(static))
	d.mux.HandleFunc("GET /static/{file}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		files.ServeHTTP(w, r)
	})
	d.mux.HandleFunc("GET /signin", d.signinPage)
	d.mux.HandleFunc("POST /signin", d.signin)
	d.mux.HandleFunc("GET /auth/github", d.githubStart)
	d.mux.HandleFunc("GET /auth/github/callback", d.githubCallback)
	d.mux.HandleFunc("POST /signout", d.withViewer(d.signout))
	d.mux.HandleFunc("GET /{$}", d.withViewer(d.overview))
	d.mux.HandleFunc("GET /runs", d.withViewer(d.runs))
	d.mux.HandleFunc("GET /runs/{id}", d.withViewer(d.run))
	d.mux.HandleFunc("GET /evidence/{id}/{file}", d.withViewer(d.evidence))
	d.mux.HandleFunc("GET /events", d.withViewer(d.events))
	d.mux.HandleFunc("GET /history/clear", d.withViewer(d.clearPage))
	d.mux.HandleFunc("POST /history/clear", d.withViewer(d.clear))
	return d, nil
}

// Close stops the live feed.
func (d *Dashboard) Close() { d.feed.close() }

// Handler returns the dashboard's routes.
func (d *Dashboard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
	h.Set("X-Frame-Options", "DENY")
	defer func() {
		if p := recover(); p != nil {
			d.cfg.Logger.Error("dashboard: handler panic", "path", r.URL.Path, "panic", p)
			http.Error(w, "internal error", http.StatusInternalServerError)
		}
	}()
	d.mux.ServeHTTP(w, r)
}

// Paths are the paths the dashboard answers, for a server that mounts it
// beside its own routes.
var Paths = []string{"GET /{$}", "GET /runs", "GET /runs/{id}", "GET /evidence/", "GET /events", "/history/clear",
	"/signin", "GET /auth/github", "GET /auth/github/callback", "POST /signout", "GET /static/{file}"}

// render writes a page.
func (d *Dashboard) render(w http.ResponseWriter, status int, name string, data any) {
	var b strings.Builder
	if err := d.pages.ExecuteTemplate(&b, name, data); err != nil {
		d.cfg.Logger.Error("dashboard: rendering", "page", name, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "private, no-store")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(b.String()))
}

// accessCache remembers, per user and repository, what GitHub said.
type accessCache struct {
	mu  sync.Mutex
	ttl time.Duration
	now func() time.Time
	m   map[string]accessEntry
}

type accessEntry struct {
	ok  bool
	exp time.Time
}

func (c *accessCache) get(key string) (bool, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, found := c.m[key]
	if !found || c.now().After(e.exp) {
		return false, false
	}
	return e.ok, true
}

func (c *accessCache) put(key string, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) > 100000 { // bounded: start again rather than grow
		c.m = map[string]accessEntry{}
	}
	c.m[key] = accessEntry{ok: ok, exp: c.now().Add(c.ttl)}
}
