package githubtest

import (
	"net/http"
	"sort"
	"strconv"
	"time"

	gh "github.com/google/go-github/v60/github"
)

// pull finds the request's pull request; the caller holds s.mu.
func (s *Server) pull(w http.ResponseWriter, r *http.Request) (*repoState, *gh.PullRequest) {
	rs := s.repo(w, r)
	if rs == nil {
		return nil, nil
	}
	n, _ := strconv.Atoi(r.PathValue("number"))
	pr := rs.pulls[n]
	if pr == nil {
		writeError(w, http.StatusNotFound, "Not Found")
		return nil, nil
	}
	return rs, pr
}

func (s *Server) getPull(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, pr := s.pull(w, r); pr != nil {
		writeJSON(w, http.StatusOK, pr)
	}
}

// listPulls serves ?state=open|closed|all (default open), newest first.
func (s *Server) listPulls(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rs := s.repo(w, r)
	if rs == nil {
		return
	}
	state := r.URL.Query().Get("state")
	if state == "" {
		state = "open"
	}
	var prs []*gh.PullRequest
	for _, pr := range rs.pulls {
		if state == "all" || pr.GetState() == state {
			prs = append(prs, pr)
		}
	}
	sort.Slice(prs, func(i, j int) bool { return prs[i].GetNumber() > prs[j].GetNumber() })
	lo, hi := page(w, r, len(prs))
	writeJSON(w, http.StatusOK, prs[lo:hi])
}

// editPull applies title, body and state; other fields are ignored.
func (s *Server) editPull(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, pr := s.pull(w, r)
	if pr == nil {
		return
	}
	var in struct {
		Title *string `json:"title"`
		Body  *string `json:"body"`
		State *string `json:"state"`
	}
	if !decodeBody(w, r, &in) {
		return
	}
	if in.Body != nil && len([]rune(*in.Body)) > 65536 {
		writeError(w, http.StatusUnprocessableEntity, "Validation Failed: body is too long (maximum is 65536 characters)")
		return
	}
	if in.State != nil && *in.State != "open" && *in.State != "closed" {
		writeError(w, http.StatusUnprocessableEntity, "Validation Failed: state")
		return
	}
	if in.Title != nil {
		pr.Title = in.Title
	}
	if in.Body != nil {
		pr.Body = in.Body
	}
	if in.State != nil {
		pr.State = in.State
	}
	pr.UpdatedAt = &gh.Timestamp{Time: time.Now().UTC().Truncate(time.Second)}
	writeJSON(w, http.StatusOK, pr)
}
