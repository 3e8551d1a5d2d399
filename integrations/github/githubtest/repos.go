package githubtest

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"path"
	"sort"
	"strings"
	"time"

	gh "github.com/google/go-github/v60/github"
)

// repo finds the request's repository; the caller holds s.mu. GitHub
// answers 404 for repositories that do not exist or are not visible.
func (s *Server) repo(w http.ResponseWriter, r *http.Request) *repoState {
	rs := s.lookup(r.PathValue("owner"), r.PathValue("repo"))
	if rs == nil {
		writeError(w, http.StatusNotFound, "Not Found")
	}
	return rs
}

func (s *Server) getRepo(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if rs := s.repo(w, r); rs != nil {
		writeJSON(w, http.StatusOK, s.repoJSON(rs))
	}
}

// legacyPermission maps a role to the coarse "permission" field GitHub
// still sends next to role_name.
var legacyPermission = map[string]string{
	"admin": "admin", "maintain": "write", "write": "write", "triage": "read", "read": "read", "none": "none",
}

func (s *Server) getPermission(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rs := s.repo(w, r)
	if rs == nil {
		return
	}
	user := r.PathValue("user")
	role, ok := rs.perms[user]
	if !ok {
		role = "none"
	}
	perm, ok := legacyPermission[role]
	if !ok {
		perm = "read" // a custom role; GitHub reports its base permission
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"permission": perm,
		"role_name":  role,
		"user":       &gh.User{Login: gh.String(user), Type: gh.String("User")},
	})
}

// maxInlineContent is the size above which GitHub's contents API omits the
// content (encoding "none") and the raw media type must be used.
const maxInlineContent = 1 << 20

func (s *Server) getContents(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rs := s.repo(w, r)
	if rs == nil {
		return
	}
	ref := r.URL.Query().Get("ref")
	sha, ok := rs.resolve(ref)
	if !ok {
		writeError(w, http.StatusNotFound, fmt.Sprintf("No commit found for the ref %s", ref))
		return
	}
	files := rs.commits[sha]
	p := strings.Trim(r.PathValue("path"), "/")
	if content, ok := files[p]; ok {
		if strings.Contains(r.Header.Get("Accept"), "raw") {
			w.Header().Set("Content-Type", "application/vnd.github.raw")
			_, _ = w.Write([]byte(content))
			return
		}
		writeJSON(w, http.StatusOK, s.fileJSON(rs, sha, p, content))
		return
	}
	var entries []*gh.RepositoryContent
	seen := map[string]bool{}
	for _, name := range sortedKeys(files) {
		rest, ok := strings.CutPrefix(name, p+"/")
		if p == "" {
			rest, ok = name, true
		}
		if !ok {
			continue
		}
		child, _, isDir := strings.Cut(rest, "/")
		if seen[child] {
			continue
		}
		seen[child] = true
		full := path.Join(p, child)
		if isDir {
			entries = append(entries, &gh.RepositoryContent{Type: gh.String("dir"), Name: gh.String(child), Path: gh.String(full)})
		} else {
			e := s.fileJSON(rs, sha, full, files[full])
			e.Content, e.Encoding = nil, nil
			entries = append(entries, e)
		}
	}
	if len(entries) == 0 {
		writeError(w, http.StatusNotFound, "Not Found")
		return
	}
	writeJSON(w, http.StatusOK, entries)
}

// fileJSON renders a file the way the contents API does: base64 with a
// newline every 60 characters, or no content past 1 MB.
func (s *Server) fileJSON(rs *repoState, sha, p, content string) *gh.RepositoryContent {
	blob := fakeSHA("blob", content)
	rc := &gh.RepositoryContent{
		Type:    gh.String("file"),
		Name:    gh.String(path.Base(p)),
		Path:    gh.String(p),
		Size:    gh.Int(len(content)),
		SHA:     gh.String(blob),
		URL:     gh.String(fmt.Sprintf("%srepos/%s/%s/contents/%s?ref=%s", s.URL, rs.owner, rs.name, p, sha)),
		HTMLURL: gh.String(fmt.Sprintf("https://github.com/%s/%s/blob/%s/%s", rs.owner, rs.name, sha, p)),
	}
	if len(content) > maxInlineContent {
		rc.Encoding = gh.String("none")
		rc.Content = gh.String("")
		return rc
	}
	enc := base64.StdEncoding.EncodeToString([]byte(content))
	var b strings.Builder
	for len(enc) > 60 {
		b.WriteString(enc[:60])
		b.WriteByte('\n')
		enc = enc[60:]
	}
	b.WriteString(enc)
	b.WriteByte('\n')
	rc.Encoding = gh.String("base64")
	rc.Content = gh.String(b.String())
	return rc
}

// getTarball answers like GitHub: 302 to a pre-signed codeload URL (here
// on the same server) that needs no Authorization header.
func (s *Server) getTarball(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rs := s.repo(w, r)
	if rs == nil {
		return
	}
	ref := r.PathValue("ref")
	sha, ok := rs.resolve(ref)
	if !ok {
		writeError(w, http.StatusNotFound, "Not Found")
		return
	}
	buf := make([]byte, 16)
	_, _ = rand.Read(buf)
	tok := hex.EncodeToString(buf)
	s.downloads[tok] = rs.owner + "/" + rs.name + "@" + sha
	if ref == "" {
		ref = rs.defaultBranch
	}
	loc := fmt.Sprintf("%scodeload/%s/%s/legacy.tar.gz/%s?token=%s", s.URL, rs.owner, rs.name, url.PathEscape(ref), tok)
	w.Header().Set("Location", loc)
	w.WriteHeader(http.StatusFound)
}

func (s *Server) codeload(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	target, ok := s.downloads[r.URL.Query().Get("token")]
	if !ok {
		http.Error(w, "404: Not Found", http.StatusNotFound)
		return
	}
	repoName, sha, _ := strings.Cut(target, "@")
	owner, name, _ := strings.Cut(repoName, "/")
	rs := s.lookup(owner, name)
	data, ok := rs.tarballs[sha]
	if !ok {
		var err error
		if data, err = buildTarball(rs, sha); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
	}
	w.Header().Set("Content-Type", "application/x-gzip")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%s-%s-%s.tar.gz", owner, name, sha[:7]))
	_, _ = w.Write(data)
}

// buildTarball lays a commit's files out as git archive does: a pax global
// header carrying the commit ID, then everything under
// "{owner}-{repo}-{sha7}/", directories before their contents.
func buildTarball(rs *repoState, sha string) ([]byte, error) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	mtime := time.Unix(1700000000, 0)
	if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeXGlobalHeader, Name: "pax_global_header", PAXRecords: map[string]string{"comment": sha}, Format: tar.FormatPAX}); err != nil {
		return nil, err
	}
	top := fmt.Sprintf("%s-%s-%s/", rs.owner, rs.name, sha[:7])
	files := rs.commits[sha]
	dirs := map[string]bool{"": true}
	var names []string
	for _, name := range sortedKeys(files) {
		for d := path.Dir(name); d != "." && !dirs[d]; d = path.Dir(d) {
			dirs[d] = true
			names = append(names, d+"/")
		}
		names = append(names, name)
	}
	names = append([]string{""}, names...)
	// Sorting puts each directory ("a/") before its contents ("a/b").
	sort.Strings(names)
	for _, name := range names {
		if name == "" || strings.HasSuffix(name, "/") {
			if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: top + name, Mode: 0o775, ModTime: mtime}); err != nil {
				return nil, err
			}
			continue
		}
		content := files[name]
		if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: top + name, Mode: 0o664, Size: int64(len(content)), ModTime: mtime}); err != nil {
			return nil, err
		}
		if _, err := tw.Write([]byte(content)); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
