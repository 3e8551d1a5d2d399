// Package jiratest is an in-process fake of the parts of Jira's REST API v2
// that autoverify uses, for tests anywhere in the module. It serves the
// real paths with Jira's JSON shapes (including the errorMessages/errors
// error body), authenticates like Jira Cloud (Basic, e-mail and API token)
// or Jira Server/Data Center (Bearer, personal access token), paginates
// comments with startAt/maxResults/total, and lets a test inject failures
// such as rate limits or a 502 after the request was applied.
//
// Typical use:
//
//	srv := jiratest.NewServer(t) // Basic auth with DefaultEmail/DefaultAPIToken
//	srv.AddIssue("KAN-25", "KAN", "Checkout flow", "In Progress",
//		jiratest.Transition{ID: "31", Name: "Verified", To: "Done"})
//	c, _ := jira.New(jira.Config{BaseURL: srv.URL, Email: jiratest.DefaultEmail, APIToken: jiratest.DefaultAPIToken})
//
// It is not a Jira emulator: there are no workflows beyond the transitions
// a test declares, and only the fields autoverify reads.
package jiratest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
)

// Credentials a new server accepts until RequireBasic or RequireBearer
// says otherwise.
const (
	DefaultEmail    = "bot@example.com"
	DefaultAPIToken = "jira-api-token"
)

// The author of comments posted through the API.
const (
	BotAccountID   = "5b10ac8d82e05b22cc7d4ef5"
	BotName        = "autoverify"
	BotDisplayName = "autoverify"
)

// MaxPageSize caps maxResults on comment listings, as Jira caps it (a
// client asking for more gets fewer and must follow startAt/total).
const MaxPageSize = 50

// maxBody is Jira's default limit on a text field (jira.text.field.character.limit).
const maxBody = 32767

// Transition is a workflow transition offered on an issue.
type Transition struct {
	ID   string
	Name string
	To   string // target status name
	// From lists the statuses the transition is offered in; empty means
	// every status (a global transition).
	From []string
}

// Comment is a stored comment.
type Comment struct {
	ID                string
	Body              string
	AuthorAccountID   string
	AuthorName        string
	AuthorDisplayName string
	Created           time.Time
}

// Call is one request the server answered.
type Call struct {
	Method string
	Path   string // URL path
	Query  string // raw query
	Status int
	Auth   string // the Authorization scheme sent: "Basic", "Bearer" or ""
}

// Server is the fake.
type Server struct {
	// URL is the site's base URL, for Config.BaseURL.
	URL string

	t   testing.TB
	srv *httptest.Server

	mu       sync.Mutex
	auth     authMode
	issues   map[string]*issue
	nextID   int
	statusID map[string]int
	calls    []Call
	faults   []*fault
}

type authMode struct {
	bearer       bool
	user, secret string
}

type issue struct {
	id, key, project, summary, status string
	transitions                       []Transition
	done                              []string
	comments                          []Comment
}

type fault struct {
	method, prefix string
	times          int
	status         int
	headers        map[string]string
	applied        bool // serve the request, then answer status anyway
}

// NewServer starts a fake that accepts Basic DefaultEmail:DefaultAPIToken
// and closes it when the test ends.
func NewServer(t testing.TB) *Server {
	t.Helper()
	s := &Server{
		t:        t,
		auth:     authMode{user: DefaultEmail, secret: DefaultAPIToken},
		issues:   map[string]*issue{},
		nextID:   10000,
		statusID: map[string]int{},
	}
	s.srv = httptest.NewServer(s.handler())
	s.URL = s.srv.URL
	t.Cleanup(s.srv.Close)
	return s
}

// Client is an http.Client for the server (any client works).
func (s *Server) Client() *http.Client { return s.srv.Client() }

// RequireBasic makes the server accept only HTTP Basic email:token, like
// Jira Cloud with an API token.
func (s *Server) RequireBasic(email, token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.auth = authMode{user: email, secret: token}
}

// RequireBearer makes the server accept only "Authorization: Bearer pat",
// like Jira Server/Data Center with a personal access token.
func (s *Server) RequireBearer(pat string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.auth = authMode{bearer: true, secret: pat}
}

// AddIssue creates (or replaces) an issue with the transitions it offers.
func (s *Server) AddIssue(key, project, summary, status string, transitions ...Transition) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextID++
	s.issues[key] = &issue{
		id: strconv.Itoa(s.nextID), key: key, project: project, summary: summary, status: status,
		transitions: append([]Transition(nil), transitions...),
	}
}

// AddComment stores a comment on an issue as if a person had written it
// (author name and accountId both set to author).
func (s *Server) AddComment(key, author, body string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	is := s.mustIssue(key)
	s.nextID++
	is.comments = append(is.comments, Comment{
		ID: strconv.Itoa(s.nextID), Body: body, AuthorAccountID: author, AuthorName: author,
		AuthorDisplayName: author, Created: time.Now().UTC(),
	})
}

// SetStatus moves an issue to status without a transition (someone using
// the board).
func (s *Server) SetStatus(key, status string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mustIssue(key).status = status
}

func (s *Server) mustIssue(key string) *issue {
	is := s.issues[key]
	if is == nil {
		s.t.Fatalf("jiratest: no issue %s", key)
	}
	return is
}

// Fail makes the next times requests whose method equals method ("" for
// any) and whose path starts with pathPrefix answer status with headers
// (and a Jira error body) instead of being served; times < 0 means
// forever. Faults are checked in the order added, before authentication.
// For example a rate limit:
//
//	srv.Fail("GET", "/rest/api/2/issue/KAN-1", 1, 429, map[string]string{"Retry-After": "1"})
func (s *Server) Fail(method, pathPrefix string, times, status int, headers map[string]string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &fault{method: method, prefix: pathPrefix, times: times, status: status, headers: headers})
}

// FailAfterApplying is Fail for requests that are served — the comment
// stored, the transition made — before the client gets status (e.g. 502)
// instead of the real answer: a gateway that timed out on a request Jira
// finished anyway.
func (s *Server) FailAfterApplying(method, pathPrefix string, times, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &fault{method: method, prefix: pathPrefix, times: times, status: status, applied: true})
}

// Issue is the issue's current status ("" when there is no such issue).
func (s *Server) Issue(key string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if is := s.issues[key]; is != nil {
		return is.status
	}
	return ""
}

// Comments are the issue's comments, oldest first.
func (s *Server) Comments(key string) []Comment {
	s.mu.Lock()
	defer s.mu.Unlock()
	if is := s.issues[key]; is != nil {
		return append([]Comment(nil), is.comments...)
	}
	return nil
}

// TransitionsDone are the names of the transitions performed on the issue
// through the API, in order.
func (s *Server) TransitionsDone(key string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if is := s.issues[key]; is != nil {
		return append([]string(nil), is.done...)
	}
	return nil
}

// Calls are the requests answered so far, in order.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

func (s *Server) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /rest/api/2/issue/{key}", s.getIssue)
	mux.HandleFunc("GET /rest/api/2/issue/{key}/transitions", s.getTransitions)
	mux.HandleFunc("POST /rest/api/2/issue/{key}/transitions", s.doTransition)
	mux.HandleFunc("GET /rest/api/2/issue/{key}/comment", s.listComments)
	mux.HandleFunc("POST /rest/api/2/issue/{key}/comment", s.addComment)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "jiratest: no such endpoint: "+r.Method+" "+r.URL.Path)
	})

	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		// Recorded in the order requests arrive; the status once the
		// answer is written. (Appending after the answer let a client's
		// next request, sent as soon as it read this one's answer, be
		// recorded first.)
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
		if !s.authorized(r) {
			// Jira answers 401 with a plain message and a challenge.
			rec.Header().Set("WWW-Authenticate", `Basic realm="protected-area"`)
			writeError(rec, http.StatusUnauthorized, "You are not authenticated. Authentication required to perform this operation.")
			return
		}
		if f != nil {
			mux.ServeHTTP(&discard{header: http.Header{}}, r)
			f.write(rec)
			return
		}
		mux.ServeHTTP(rec, r)
	})
}

func (s *Server) authorized(r *http.Request) bool {
	s.mu.Lock()
	a := s.auth
	s.mu.Unlock()
	h := r.Header.Get("Authorization")
	if a.bearer {
		return h == "Bearer "+a.secret && a.secret != ""
	}
	scheme, cred, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Basic") {
		return false
	}
	raw, err := base64.StdEncoding.DecodeString(cred)
	if err != nil {
		return false
	}
	user, secret, ok := strings.Cut(string(raw), ":")
	return ok && user == a.user && secret == a.secret
}

func (s *Server) takeFault(r *http.Request) *fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, f := range s.faults {
		if (f.method != "" && f.method != r.Method) || !strings.HasPrefix(r.URL.Path, f.prefix) {
			continue
		}
		if f.times > 0 {
			f.times--
			if f.times == 0 {
				s.faults = append(s.faults[:i:i], s.faults[i+1:]...)
			}
		}
		return f
	}
	return nil
}

func (f *fault) write(w http.ResponseWriter) {
	for k, v := range f.headers {
		w.Header().Set(k, v)
	}
	msg := http.StatusText(f.status)
	if f.status == http.StatusTooManyRequests {
		msg = "Rate limit exceeded."
	}
	writeError(w, f.status, msg)
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

// errorBody is Jira's error shape.
type errorBody struct {
	ErrorMessages []string          `json:"errorMessages"`
	Errors        map[string]string `json:"errors"`
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, errorBody{ErrorMessages: []string{msg}, Errors: map[string]string{}})
}

func writeFieldError(w http.ResponseWriter, status int, field, msg string) {
	writeJSON(w, status, errorBody{ErrorMessages: []string{}, Errors: map[string]string{field: msg}})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// ---- JSON shapes (the subset of Jira's that autoverify reads) ----

type jsonStatus struct {
	Self string `json:"self"`
	ID   string `json:"id"`
	Name string `json:"name"`
}

type jsonUser struct {
	AccountID   string `json:"accountId,omitempty"`
	Name        string `json:"name,omitempty"`
	DisplayName string `json:"displayName,omitempty"`
	Active      bool   `json:"active"`
}

type jsonComment struct {
	Self    string   `json:"self"`
	ID      string   `json:"id"`
	Author  jsonUser `json:"author"`
	Body    string   `json:"body"`
	Created string   `json:"created"`
	Updated string   `json:"updated"`
}

// jiraTime is Jira's timestamp format.
const jiraTime = "2006-01-02T15:04:05.000-0700"

func (s *Server) status(name string) jsonStatus {
	id, ok := s.statusID[name]
	if !ok {
		id = 10000 + len(s.statusID)
		s.statusID[name] = id
	}
	return jsonStatus{Self: fmt.Sprintf("%s/rest/api/2/status/%d", s.URL, id), ID: strconv.Itoa(id), Name: name}
}

func (s *Server) comment(key string, c Comment) jsonComment {
	ts := c.Created.Format(jiraTime)
	return jsonComment{
		Self:    fmt.Sprintf("%s/rest/api/2/issue/%s/comment/%s", s.URL, key, c.ID),
		ID:      c.ID,
		Author:  jsonUser{AccountID: c.AuthorAccountID, Name: c.AuthorName, DisplayName: c.AuthorDisplayName, Active: true},
		Body:    c.Body,
		Created: ts,
		Updated: ts,
	}
}

// lookup finds the issue of the request or answers Jira's 404; s.mu is held
// on success.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) *issue {
	s.mu.Lock()
	if is := s.issues[r.PathValue("key")]; is != nil {
		return is
	}
	s.mu.Unlock()
	writeError(w, http.StatusNotFound, "Issue does not exist or you do not have permission to see it.")
	return nil
}

func (s *Server) getIssue(w http.ResponseWriter, r *http.Request) {
	is := s.lookup(w, r)
	if is == nil {
		return
	}
	defer s.mu.Unlock()
	fields := map[string]any{
		"summary": is.summary,
		"status":  s.status(is.status),
		"project": map[string]string{
			"self": s.URL + "/rest/api/2/project/" + is.project,
			"id":   strconv.Itoa(len(is.project) + 10000),
			"key":  is.project,
			"name": is.project,
		},
	}
	if want := r.URL.Query().Get("fields"); want != "" && want != "*all" && want != "*navigable" {
		keep := map[string]bool{}
		for _, f := range strings.Split(want, ",") {
			keep[strings.TrimSpace(f)] = true
		}
		for f := range fields {
			if !keep[f] {
				delete(fields, f)
			}
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"expand": "renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations",
		"id":     is.id,
		"self":   s.URL + "/rest/api/2/issue/" + is.id,
		"key":    is.key,
		"fields": fields,
	})
}

func offered(t Transition, status string) bool {
	if len(t.From) == 0 {
		return true
	}
	for _, f := range t.From {
		if strings.EqualFold(f, status) {
			return true
		}
	}
	return false
}

func (s *Server) getTransitions(w http.ResponseWriter, r *http.Request) {
	is := s.lookup(w, r)
	if is == nil {
		return
	}
	defer s.mu.Unlock()
	out := []map[string]any{}
	for _, t := range is.transitions {
		if !offered(t, is.status) {
			continue
		}
		out = append(out, map[string]any{
			"id":            t.ID,
			"name":          t.Name,
			"to":            s.status(t.To),
			"hasScreen":     false,
			"isGlobal":      len(t.From) == 0,
			"isInitial":     false,
			"isAvailable":   true,
			"isConditional": false,
		})
	}
	writeJSON(w, http.StatusOK, map[string]any{"expand": "transitions", "transitions": out})
}

func (s *Server) doTransition(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Transition *struct {
			ID json.RawMessage `json:"id"`
		} `json:"transition"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, "Can not deserialize the request body: "+err.Error())
		return
	}
	is := s.lookup(w, r)
	if is == nil {
		return
	}
	defer s.mu.Unlock()
	if req.Transition == nil || len(req.Transition.ID) == 0 {
		writeError(w, http.StatusBadRequest, "Missing 'transition' identifier")
		return
	}
	// Jira takes the id as a string or a number.
	id := strings.Trim(string(req.Transition.ID), `"`)
	for _, t := range is.transitions {
		if t.ID == id && offered(t, is.status) {
			is.status = t.To
			is.done = append(is.done, t.Name)
			w.WriteHeader(http.StatusNoContent)
			return
		}
	}
	writeError(w, http.StatusBadRequest, fmt.Sprintf("Transition id '%s' is not valid for this issue.", id))
}

func (s *Server) listComments(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	startAt, maxResults := 0, MaxPageSize
	if v := q.Get("startAt"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			writeError(w, http.StatusBadRequest, "The 'startAt' parameter must be a non-negative number.")
			return
		}
		startAt = n
	}
	if v := q.Get("maxResults"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			writeError(w, http.StatusBadRequest, "The 'maxResults' parameter must be a non-negative number.")
			return
		}
		maxResults = min(n, MaxPageSize)
	}
	is := s.lookup(w, r)
	if is == nil {
		return
	}
	defer s.mu.Unlock()
	total := len(is.comments)
	page := []jsonComment{}
	for i := startAt; i < total && len(page) < maxResults; i++ {
		page = append(page, s.comment(is.key, is.comments[i]))
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"startAt": startAt, "maxResults": maxResults, "total": total, "comments": page,
	})
}

func (s *Server) addComment(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Body *string `json:"body"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, "Can not deserialize the request body: "+err.Error())
		return
	}
	is := s.lookup(w, r)
	if is == nil {
		return
	}
	defer s.mu.Unlock()
	switch {
	case req.Body == nil || strings.TrimSpace(*req.Body) == "":
		writeFieldError(w, http.StatusBadRequest, "comment", "Comment body can not be empty!")
		return
	case utf8.RuneCountInString(*req.Body) > maxBody:
		writeFieldError(w, http.StatusBadRequest, "comment", "The entered text is too long. It exceeds the allowed limit of 32,767 characters.")
		return
	}
	s.nextID++
	c := Comment{
		ID: strconv.Itoa(s.nextID), Body: *req.Body,
		AuthorAccountID: BotAccountID, AuthorName: BotName, AuthorDisplayName: BotDisplayName,
		Created: time.Now().UTC(),
	}
	is.comments = append(is.comments, c)
	writeJSON(w, http.StatusCreated, s.comment(is.key, c))
}
