// Package githubtest is an in-process fake of the parts of the GitHub REST
// API autoverify uses, for tests anywhere in the module. It serves the real
// paths with go-github's JSON shapes, authenticates like GitHub (an App JWT
// for installation tokens, an installation token for repository
// endpoints), paginates with Link headers, redirects tarball downloads to a
// codeload-like URL, and lets a test inject failures such as rate limits.
//
// Typical use:
//
//	srv := githubtest.NewServer(t)
//	srv.AddRepo("acme", "shop", "main")
//	srv.AddPull("acme", "shop", githubtest.PullSpec{Number: 7, HeadRef: "kan-1", HeadSHA: sha})
//	srv.SetFiles("acme", "shop", sha, map[string]string{"docs/KAN-1.md": story})
//	app, _ := github.NewApp(github.AppConfig{AppID: srv.AppID, PrivateKeyPEM: srv.PrivateKeyPEM(), BaseURL: srv.URL})
//
// It is not a general GitHub emulator: endpoints and fields beyond what
// autoverify calls are absent, and validation covers the mistakes a client
// is likely to make (wrong token, over-long bodies, unknown SHAs).
package githubtest

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	gh "github.com/google/go-github/v60/github"
)

// BotLogin is the login of the App's bot user in the fake.
const BotLogin = "autoverify[bot]"

// Call is one request the server answered.
type Call struct {
	Method string
	Path   string // URL path, unescaped
	Query  string // raw query
	Status int
	Auth   string // the Authorization scheme sent: "token", "Bearer" or ""
}

// Server is the fake. Its exported fields are fixed at construction.
type Server struct {
	// URL is the API root with a trailing slash, for AppConfig.BaseURL.
	URL string
	// AppID is the App ID the server expects in JWTs.
	AppID int64

	t      testing.TB
	srv    *httptest.Server
	key    *rsa.PrivateKey
	keyPEM []byte

	mu        sync.Mutex
	nextID    int64
	repos     map[string]*repoState // "owner/repo"
	tokens    map[string]tokenGrant
	downloads map[string]string // codeload token → "owner/repo@sha"
	calls     []Call
	faults    []*fault
	reactions map[int64][]*gh.Reaction
	remaining int
	// OAuth (oauth.go).
	oauthApps  map[string]oauthApp
	oauthCodes map[string]oauthCode
	userTokens map[string]string // token → login
}

type tokenGrant struct {
	installationID int64
	expires        time.Time
}

type fault struct {
	method, prefix string
	times          int
	status         int
	headers        map[string]string
	body           string
	applied        bool // serve the request, then answer status anyway
}

// NewServer starts a fake with a fresh RSA key and closes it when the test
// ends.
func NewServer(t testing.TB) *Server {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatalf("githubtest: generating key: %v", err)
	}
	s := &Server{
		AppID:     4242,
		t:         t,
		key:       key,
		keyPEM:    pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)}),
		nextID:    1000,
		repos:     map[string]*repoState{},
		tokens:    map[string]tokenGrant{},
		downloads: map[string]string{},
		reactions: map[int64][]*gh.Reaction{},
		remaining: 5000,
	}
	s.srv = httptest.NewServer(s.handler())
	s.URL = s.srv.URL + "/"
	t.Cleanup(s.srv.Close)
	return s
}

// PrivateKeyPEM is the App's private key (PKCS#1 PEM) the server checks
// JWTs against.
func (s *Server) PrivateKeyPEM() []byte { return append([]byte(nil), s.keyPEM...) }

// Client is an http.Client for the server (plain HTTP; any client works).
func (s *Server) Client() *http.Client { return s.srv.Client() }

func (s *Server) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /app/installations/{id}/access_tokens", s.createToken)

	mux.HandleFunc("GET /repos/{owner}/{repo}", s.getRepo)
	mux.HandleFunc("GET /repos/{owner}/{repo}/installation", s.getInstallation)
	mux.HandleFunc("GET /repos/{owner}/{repo}/branches/{branch...}", s.getBranch)
	mux.HandleFunc("GET /repos/{owner}/{repo}/collaborators/{user}/permission", s.getPermission)
	mux.HandleFunc("GET /repos/{owner}/{repo}/contents/{path...}", s.getContents)
	mux.HandleFunc("GET /repos/{owner}/{repo}/tarball/{ref...}", s.getTarball)
	mux.HandleFunc("GET /codeload/{owner}/{repo}/legacy.tar.gz/{ref...}", s.codeload)

	mux.HandleFunc("GET /repos/{owner}/{repo}/pulls", s.listPulls)
	mux.HandleFunc("GET /repos/{owner}/{repo}/pulls/{number}", s.getPull)
	mux.HandleFunc("PATCH /repos/{owner}/{repo}/pulls/{number}", s.editPull)

	mux.HandleFunc("POST /repos/{owner}/{repo}/check-runs", s.createCheckRun)
	mux.HandleFunc("PATCH /repos/{owner}/{repo}/check-runs/{id}", s.updateCheckRun)
	mux.HandleFunc("GET /repos/{owner}/{repo}/commits/{rest...}", s.listCheckRuns)

	mux.HandleFunc("GET /repos/{owner}/{repo}/issues/{number}/comments", s.listComments)
	mux.HandleFunc("POST /repos/{owner}/{repo}/issues/{number}/comments", s.createComment)
	mux.HandleFunc("PATCH /repos/{owner}/{repo}/issues/comments/{id}", s.editComment)
	mux.HandleFunc("DELETE /repos/{owner}/{repo}/issues/comments/{id}", s.deleteComment)
	mux.HandleFunc("POST /repos/{owner}/{repo}/issues/comments/{id}/reactions", s.createReaction)

	mux.HandleFunc("GET /login/oauth/authorize", s.authorizePage)
	mux.HandleFunc("POST /login/oauth/authorize", s.authorize)
	mux.HandleFunc("POST /login/oauth/access_token", s.accessToken)
	mux.HandleFunc("GET /user", s.getUser)

	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		// Recorded in the order requests arrive; the status once the
		// answer is written (appending after the answer let a client's
		// next request, sent as soon as it read this one's answer, be
		// recorded first, as jiratest found).
		scheme, _, _ := strings.Cut(r.Header.Get("Authorization"), " ")
		s.mu.Lock()
		i := len(s.calls)
		s.calls = append(s.calls, Call{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Auth: scheme})
		s.mu.Unlock()
		defer func() {
			s.mu.Lock()
			s.calls[i].Status = rec.status
			s.mu.Unlock()
		}()
		f := s.takeFault(r)
		if f != nil && !f.applied {
			f.write(rec)
			return
		}
		var out http.ResponseWriter = rec
		if f != nil {
			out = &discard{header: http.Header{}}
		}
		if strings.HasPrefix(r.URL.Path, "/repos/") && !strings.HasSuffix(r.URL.Path, "/installation") {
			if login, ok := s.userOf(r); ok {
				s.userRepo(out, r, login)
				return
			}
			if !s.installationAuth(r) {
				writeError(out, http.StatusUnauthorized, "Bad credentials")
				return
			}
			s.rateHeaders(out.Header())
		}
		mux.ServeHTTP(out, r)
		if f != nil {
			f.write(rec)
		}
	})
}

// discard swallows the real response of a request whose answer a fault
// replaces after serving it.
type discard struct{ header http.Header }

func (d *discard) Header() http.Header         { return d.header }
func (d *discard) Write(b []byte) (int, error) { return len(b), nil }
func (d *discard) WriteHeader(int)             {}

type recorder struct {
	http.ResponseWriter
	status int
}

func (r *recorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

// Fail makes the next times requests whose method equals method ("" for
// any) and whose path starts with pathPrefix answer status with headers and
// body instead of being served; times < 0 means forever. Faults are checked
// in the order added, before authentication. For example a secondary rate
// limit:
//
//	srv.Fail("POST", "/repos/acme/shop/issues/", 1, 403,
//	    map[string]string{"Retry-After": "1"},
//	    `{"message":"You have exceeded a secondary rate limit."}`)
func (s *Server) Fail(method, pathPrefix string, times int, status int, headers map[string]string, body string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &fault{method: method, prefix: pathPrefix, times: times, status: status, headers: headers, body: body})
}

// FailAfterApplying is Fail for the worst kind of error: the request is
// served — a comment or check run really is created — but the client gets
// status (say 502) instead, as when GitHub times out after doing the work.
func (s *Server) FailAfterApplying(method, pathPrefix string, times int, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &fault{method: method, prefix: pathPrefix, times: times, status: status, applied: true,
		body: `{"message":"Server Error"}`})
}

// takeFault returns the first fault matching r, spending one of its times.
func (s *Server) takeFault(r *http.Request) *fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, c := range s.faults {
		if (c.method == "" || c.method == r.Method) && strings.HasPrefix(r.URL.Path, c.prefix) {
			if c.times > 0 {
				c.times--
				if c.times == 0 {
					s.faults = append(s.faults[:i:i], s.faults[i+1:]...)
				}
			}
			return c
		}
	}
	return nil
}

func (f *fault) write(w http.ResponseWriter) {
	for k, v := range f.headers {
		w.Header().Set(k, v)
	}
	if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
	}
	w.WriteHeader(f.status)
	_, _ = w.Write([]byte(f.body))
}

// rateHeaders imitates the core rate limit: every authenticated request
// spends one of 5000. The budget refills instead of running out (use Fail
// to test an exhausted limit), so long tests never trip go-github's
// client-side rate-limit check.
func (s *Server) rateHeaders(h http.Header) {
	s.mu.Lock()
	if s.remaining--; s.remaining <= 0 {
		s.remaining = 5000
	}
	rem := s.remaining
	s.mu.Unlock()
	h.Set("X-RateLimit-Limit", "5000")
	h.Set("X-RateLimit-Remaining", strconv.Itoa(rem))
	h.Set("X-RateLimit-Used", strconv.Itoa(5000-rem))
	h.Set("X-RateLimit-Reset", strconv.FormatInt(time.Now().Add(time.Hour).Unix(), 10))
	h.Set("X-RateLimit-Resource", "core")
}

// Calls returns every request answered so far, in order.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

// CountCalls counts answered requests with method ("" for any) whose path
// starts with pathPrefix.
func (s *Server) CountCalls(method, pathPrefix string) int {
	n := 0
	for _, c := range s.Calls() {
		if (method == "" || c.Method == method) && strings.HasPrefix(c.Path, pathPrefix) {
			n++
		}
	}
	return n
}

func (s *Server) newID() int64 {
	s.nextID++
	return s.nextID
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeError answers in GitHub's error shape.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{
		"message":           msg,
		"documentation_url": "https://docs.github.com/rest",
	})
}

func decodeBody(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := json.NewDecoder(r.Body).Decode(v); err != nil {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("Problems parsing JSON: %v", err))
		return false
	}
	return true
}

// clone deep-copies a go-github value so callers never share state with
// the server.
func clone[T any](v *T) *T {
	if v == nil {
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	out := new(T)
	if err := json.Unmarshal(b, out); err != nil {
		panic(err)
	}
	return out
}

func cutAuth(r *http.Request) (scheme, credential string, ok bool) {
	return strings.Cut(r.Header.Get("Authorization"), " ")
}
