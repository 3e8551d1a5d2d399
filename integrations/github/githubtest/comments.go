package githubtest

import (
	"fmt"
	"net/http"
	"strconv"
	"time"
	"unicode/utf8"

	gh "github.com/google/go-github/v60/github"
)

// maxCommentBody is GitHub's limit on a comment body.
const maxCommentBody = 65536

// reactionContents are the reactions GitHub accepts.
var reactionContents = map[string]bool{
	"+1": true, "-1": true, "laugh": true, "confused": true, "heart": true, "hooray": true, "rocket": true, "eyes": true,
}

func (s *Server) botUser() *gh.User {
	return &gh.User{Login: gh.String(BotLogin), Type: gh.String("Bot"), ID: gh.Int64(s.AppID * 1000)}
}

// newComment appends a comment; the caller holds s.mu.
func (s *Server) newComment(rs *repoState, number int, user *gh.User, body string) *gh.IssueComment {
	id := s.newID()
	now := &gh.Timestamp{Time: time.Now().UTC().Truncate(time.Second)}
	c := &gh.IssueComment{
		ID:                gh.Int64(id),
		NodeID:            gh.String(fmt.Sprintf("IC_%d", id)),
		Body:              gh.String(body),
		User:              user,
		CreatedAt:         now,
		UpdatedAt:         now,
		AuthorAssociation: gh.String("NONE"),
		URL:               gh.String(fmt.Sprintf("%srepos/%s/%s/issues/comments/%d", s.URL, rs.owner, rs.name, id)),
		HTMLURL:           gh.String(fmt.Sprintf("https://github.com/%s/%s/pull/%d#issuecomment-%d", rs.owner, rs.name, number, id)),
		IssueURL:          gh.String(fmt.Sprintf("%srepos/%s/%s/issues/%d", s.URL, rs.owner, rs.name, number)),
	}
	rs.comments[number] = append(rs.comments[number], c)
	return c
}

// issue checks that the numbered issue (here: a pull request) exists.
func (s *Server) issue(w http.ResponseWriter, r *http.Request) (*repoState, int) {
	rs := s.repo(w, r)
	if rs == nil {
		return nil, 0
	}
	n, _ := strconv.Atoi(r.PathValue("number"))
	if rs.pulls[n] == nil && rs.comments[n] == nil {
		writeError(w, http.StatusNotFound, "Not Found")
		return nil, 0
	}
	return rs, n
}

func validBody(w http.ResponseWriter, body *string) bool {
	switch {
	case body == nil || *body == "":
		writeError(w, http.StatusUnprocessableEntity, "Validation Failed: body cannot be blank")
		return false
	case utf8.RuneCountInString(*body) > maxCommentBody:
		writeError(w, http.StatusUnprocessableEntity, fmt.Sprintf("Validation Failed: body is too long (maximum is %d characters)", maxCommentBody))
		return false
	}
	return true
}

func (s *Server) listComments(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rs, n := s.issue(w, r)
	if rs == nil {
		return
	}
	all := rs.comments[n]
	lo, hi := page(w, r, len(all))
	out := all[lo:hi]
	if out == nil {
		out = []*gh.IssueComment{}
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) createComment(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rs, n := s.issue(w, r)
	if rs == nil {
		return
	}
	var in gh.IssueComment
	if !decodeBody(w, r, &in) || !validBody(w, in.Body) {
		return
	}
	writeJSON(w, http.StatusCreated, s.newComment(rs, n, s.botUser(), *in.Body))
}

// comment finds a comment of the request's repository by ID.
func (s *Server) comment(w http.ResponseWriter, r *http.Request) (*repoState, int, int) {
	rs := s.repo(w, r)
	if rs == nil {
		return nil, 0, 0
	}
	id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
	for n, cs := range rs.comments {
		for i, c := range cs {
			if c.GetID() == id {
				return rs, n, i
			}
		}
	}
	writeError(w, http.StatusNotFound, "Not Found")
	return nil, 0, 0
}

func (s *Server) editComment(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rs, n, i := s.comment(w, r)
	if rs == nil {
		return
	}
	var in gh.IssueComment
	if !decodeBody(w, r, &in) || !validBody(w, in.Body) {
		return
	}
	c := rs.comments[n][i]
	c.Body = in.Body
	c.UpdatedAt = &gh.Timestamp{Time: time.Now().UTC().Truncate(time.Second)}
	writeJSON(w, http.StatusOK, c)
}

func (s *Server) deleteComment(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rs, n, i := s.comment(w, r)
	if rs == nil {
		return
	}
	cs := rs.comments[n]
	rs.comments[n] = append(cs[:i:i], cs[i+1:]...)
	w.WriteHeader(http.StatusNoContent)
}

// createReaction answers 201 for a new reaction and 200 with the existing
// one when the bot already reacted the same way, as GitHub does.
func (s *Server) createReaction(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rs, n, i := s.comment(w, r)
	if rs == nil {
		return
	}
	id := rs.comments[n][i].GetID()
	var in struct {
		Content string `json:"content"`
	}
	if !decodeBody(w, r, &in) {
		return
	}
	if !reactionContents[in.Content] {
		writeError(w, http.StatusUnprocessableEntity, fmt.Sprintf("Validation Failed: content %q is not a reaction", in.Content))
		return
	}
	for _, re := range s.reactions[id] {
		if re.GetContent() == in.Content {
			writeJSON(w, http.StatusOK, re)
			return
		}
	}
	re := &gh.Reaction{ID: gh.Int64(s.newID()), Content: gh.String(in.Content), User: s.botUser()}
	s.reactions[id] = append(s.reactions[id], re)
	writeJSON(w, http.StatusCreated, re)
}
