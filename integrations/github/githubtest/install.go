package githubtest

import (
	"net/http"
	"time"

	gh "github.com/google/go-github/v60/github"
)

// InstallationID is the installation the fake reports for every repository.
const InstallationID int64 = 42

// getInstallation answers GET /repos/{owner}/{repo}/installation, which
// GitHub authenticates with the App's JWT.
func (s *Server) getInstallation(w http.ResponseWriter, r *http.Request) {
	scheme, jwt, _ := cutAuth(r)
	if scheme != "Bearer" || s.verifyJWT(jwt, time.Now()) != nil {
		writeError(w, http.StatusUnauthorized, "A JSON web token could not be decoded")
		return
	}
	s.mu.Lock()
	_, ok := s.repos[r.PathValue("owner")+"/"+r.PathValue("repo")]
	s.mu.Unlock()
	if !ok {
		writeError(w, http.StatusNotFound, "Not Found")
		return
	}
	writeJSON(w, http.StatusOK, &gh.Installation{ID: gh.Int64(InstallationID), AppID: gh.Int64(s.AppID)})
}

// getBranch answers GET /repos/{owner}/{repo}/branches/{branch}.
func (s *Server) getBranch(w http.ResponseWriter, r *http.Request) {
	rs := s.repo(w, r)
	if rs == nil {
		return
	}
	name := r.PathValue("branch")
	s.mu.Lock()
	sha, ok := rs.branches[name]
	s.mu.Unlock()
	if !ok {
		writeError(w, http.StatusNotFound, "Branch not found")
		return
	}
	writeJSON(w, http.StatusOK, &gh.Branch{Name: gh.String(name), Commit: &gh.RepositoryCommit{SHA: gh.String(sha)}})
}
