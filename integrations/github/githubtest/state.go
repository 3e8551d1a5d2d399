package githubtest

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"maps"
	"regexp"
	"sort"
	"strings"
	"time"

	gh "github.com/google/go-github/v60/github"
)

// repoState is one repository: commits (SHA → files), branches (name →
// SHA), pull requests, collaborators, check runs and comments.
type repoState struct {
	id            int64
	owner, name   string
	defaultBranch string
	commits       map[string]map[string]string
	tarballs      map[string][]byte // SHA → raw archive overriding the files
	branches      map[string]string
	pulls         map[int]*gh.PullRequest
	perms         map[string]string
	checkRuns     []*gh.CheckRun
	// checkRunActions are the requested-action buttons of each check run
	// (go-github's CheckRun has no field for them).
	checkRunActions map[int64][]*gh.CheckRunAction
	// checkRunAnnotations are each check run's annotations, every update's
	// appended as GitHub does (a run's output only counts them).
	checkRunAnnotations map[int64][]*gh.CheckRunAnnotation
	comments            map[int][]*gh.IssueComment
}

// PullSpec describes a pull request to add. Zero fields get defaults:
// Title "Pull N", HeadSHA/BaseSHA derived from the refs, BaseRef the
// default branch, User "octocat", State "open".
type PullSpec struct {
	Number           int
	Title, Body      string
	HeadRef, HeadSHA string
	BaseRef, BaseSHA string
	User             string
	State            string // "open" or "closed"
}

var shaRE = regexp.MustCompile(`^[0-9a-f]{40}$`)

// fakeSHA derives a stable commit ID for a branch that was given no SHA.
func fakeSHA(parts ...string) string {
	sum := sha1.Sum([]byte(strings.Join(parts, "\x00")))
	return hex.EncodeToString(sum[:])
}

func (s *Server) repoLocked(owner, repo string) *repoState {
	key := owner + "/" + repo
	if r, ok := s.repos[key]; ok {
		return r
	}
	r := &repoState{
		id:            s.newID(),
		owner:         owner,
		name:          repo,
		defaultBranch: "main",
		commits:       map[string]map[string]string{},
		tarballs:      map[string][]byte{},
		branches:      map[string]string{},
		pulls:         map[int]*gh.PullRequest{},
		perms:         map[string]string{},
		comments:      map[int][]*gh.IssueComment{},

		checkRunActions:     map[int64][]*gh.CheckRunAction{},
		checkRunAnnotations: map[int64][]*gh.CheckRunAnnotation{},
	}
	s.repos[key] = r
	return r
}

// lookup returns an existing repository or nil.
func (s *Server) lookup(owner, repo string) *repoState {
	return s.repos[owner+"/"+repo]
}

// AddRepo creates (or updates) a repository. Other helpers create a
// repository with default branch "main" on first mention.
func (s *Server) AddRepo(owner, repo, defaultBranch string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if defaultBranch == "" {
		defaultBranch = "main"
	}
	s.repoLocked(owner, repo).defaultBranch = defaultBranch
}

// SetFiles sets the whole tree of a commit. ref is a 40-hex SHA or a
// branch name; a new branch gets a derived SHA, an existing one keeps its
// SHA and has that commit's files replaced.
func (s *Server) SetFiles(owner, repo, ref string, files map[string]string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.repoLocked(owner, repo)
	r.commits[r.commitFor(ref)] = maps.Clone(files)
}

// SetTarball makes the archive of ref (SHA or branch) these raw bytes
// instead of one built from its files — for feeding a client a hostile or
// corrupt archive.
func (s *Server) SetTarball(owner, repo, ref string, data []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.repoLocked(owner, repo)
	sha := r.commitFor(ref)
	if r.commits[sha] == nil {
		r.commits[sha] = map[string]string{}
	}
	r.tarballs[sha] = append([]byte(nil), data...)
}

// commitFor returns the SHA ref names, creating the branch if needed.
func (r *repoState) commitFor(ref string) string {
	if shaRE.MatchString(ref) {
		return ref
	}
	if sha, ok := r.branches[ref]; ok {
		return sha
	}
	sha := fakeSHA(r.owner, r.name, ref)
	r.branches[ref] = sha
	return sha
}

// resolve maps a ref from a request (branch, refs/heads/branch or SHA; ""
// for the default branch) to a known commit.
func (r *repoState) resolve(ref string) (string, bool) {
	if ref == "" {
		ref = r.defaultBranch
	}
	ref = strings.TrimPrefix(ref, "refs/heads/")
	if sha, ok := r.branches[ref]; ok {
		return sha, true
	}
	if _, ok := r.commits[ref]; ok {
		return ref, true
	}
	return "", false
}

// AddPull adds (or replaces) a pull request. Its head branch points at
// HeadSHA, so SetFiles with either the SHA or the head branch sets the
// files the pull request sees.
func (s *Server) AddPull(owner, repo string, p PullSpec) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.repoLocked(owner, repo)
	if p.Number <= 0 {
		s.t.Fatalf("githubtest: AddPull needs a positive Number")
	}
	if p.Title == "" {
		p.Title = fmt.Sprintf("Pull %d", p.Number)
	}
	if p.HeadRef == "" {
		p.HeadRef = fmt.Sprintf("pull-%d", p.Number)
	}
	if p.BaseRef == "" {
		p.BaseRef = r.defaultBranch
	}
	if p.HeadSHA == "" {
		p.HeadSHA = r.commitFor(p.HeadRef)
	}
	if p.BaseSHA == "" {
		p.BaseSHA = r.commitFor(p.BaseRef)
	}
	if p.User == "" {
		p.User = "octocat"
	}
	if p.State == "" {
		p.State = "open"
	}
	r.branches[p.HeadRef] = p.HeadSHA
	if _, ok := r.branches[p.BaseRef]; !ok {
		r.branches[p.BaseRef] = p.BaseSHA
	}
	for _, sha := range []string{p.HeadSHA, p.BaseSHA} {
		if r.commits[sha] == nil {
			r.commits[sha] = map[string]string{}
		}
	}
	ghRepo := s.repoJSON(r)
	now := gh.Timestamp{Time: time.Now().UTC().Truncate(time.Second)}
	htmlURL := fmt.Sprintf("https://github.com/%s/%s/pull/%d", owner, repo, p.Number)
	r.pulls[p.Number] = &gh.PullRequest{
		ID:        gh.Int64(s.newID()),
		Number:    gh.Int(p.Number),
		State:     gh.String(p.State),
		Title:     gh.String(p.Title),
		Body:      gh.String(p.Body),
		User:      &gh.User{Login: gh.String(p.User), Type: gh.String("User")},
		HTMLURL:   gh.String(htmlURL),
		URL:       gh.String(fmt.Sprintf("%srepos/%s/%s/pulls/%d", s.URL, owner, repo, p.Number)),
		CreatedAt: &now,
		UpdatedAt: &now,
		Head:      &gh.PullRequestBranch{Ref: gh.String(p.HeadRef), SHA: gh.String(p.HeadSHA), Label: gh.String(owner + ":" + p.HeadRef), Repo: ghRepo},
		Base:      &gh.PullRequestBranch{Ref: gh.String(p.BaseRef), SHA: gh.String(p.BaseSHA), Label: gh.String(owner + ":" + p.BaseRef), Repo: ghRepo},
	}
}

// SetPermission gives user a role on the repository: "admin", "maintain",
// "write", "triage", "read" or "none".
func (s *Server) SetPermission(owner, repo, user, role string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.repoLocked(owner, repo).perms[user] = role
}

// AddComment adds a comment by user (a person, e.g. the "/verify" comment a
// webhook refers to) and returns its ID.
func (s *Server) AddComment(owner, repo string, number int, user, body string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.repoLocked(owner, repo)
	c := s.newComment(r, number, &gh.User{Login: gh.String(user), Type: gh.String("User"), ID: gh.Int64(s.newID())}, body)
	return c.GetID()
}

// Pull returns a copy of a pull request, or nil.
func (s *Server) Pull(owner, repo string, number int) *gh.PullRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r := s.lookup(owner, repo); r != nil {
		return clone(r.pulls[number])
	}
	return nil
}

// Comments returns copies of an issue's comments, oldest first.
func (s *Server) Comments(owner, repo string, number int) []*gh.IssueComment {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.lookup(owner, repo)
	if r == nil {
		return nil
	}
	var out []*gh.IssueComment
	for _, c := range r.comments[number] {
		out = append(out, clone(c))
	}
	return out
}

// CheckRuns returns copies of the repository's check runs, oldest first.
func (s *Server) CheckRuns(owner, repo string) []*gh.CheckRun {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.lookup(owner, repo)
	if r == nil {
		return nil
	}
	var out []*gh.CheckRun
	for _, c := range r.checkRuns {
		out = append(out, clone(c))
	}
	return out
}

// CheckRunActions returns the requested-action buttons check run id
// offers.
func (s *Server) CheckRunActions(owner, repo string, id int64) []*gh.CheckRunAction {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.lookup(owner, repo)
	if r == nil {
		return nil
	}
	var out []*gh.CheckRunAction
	for _, a := range r.checkRunActions[id] {
		c := *a
		out = append(out, &c)
	}
	return out
}

// CheckRunAnnotations returns check run id's annotations, in the order
// they were added.
func (s *Server) CheckRunAnnotations(owner, repo string, id int64) []*gh.CheckRunAnnotation {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.lookup(owner, repo)
	if r == nil {
		return nil
	}
	var out []*gh.CheckRunAnnotation
	for _, a := range r.checkRunAnnotations[id] {
		c := *a
		out = append(out, &c)
	}
	return out
}

// Reactions returns the reaction contents on a comment, in order.
func (s *Server) Reactions(commentID int64) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, r := range s.reactions[commentID] {
		out = append(out, r.GetContent())
	}
	return out
}

func (s *Server) repoJSON(r *repoState) *gh.Repository {
	return &gh.Repository{
		ID:            gh.Int64(r.id),
		Name:          gh.String(r.name),
		FullName:      gh.String(r.owner + "/" + r.name),
		Owner:         &gh.User{Login: gh.String(r.owner)},
		DefaultBranch: gh.String(r.defaultBranch),
		Private:       gh.Bool(true),
		HTMLURL:       gh.String("https://github.com/" + r.owner + "/" + r.name),
		URL:           gh.String(s.URL + "repos/" + r.owner + "/" + r.name),
	}
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
