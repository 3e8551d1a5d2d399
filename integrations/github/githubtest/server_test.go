package githubtest

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// token gets an installation token the way ghinstallation does, with a
// JWT signed here by hand (the fake checks it with its own key).
func token(t *testing.T, s *Server) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, s.URL+"app/installations/1/access_tokens", nil)
	req.Header.Set("Authorization", "Bearer "+signJWT(t, s.key, s.AppID))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		Token     string `json:"token"`
		ExpiresAt string `json:"expires_at"`
	}
	if resp.StatusCode != http.StatusCreated || json.NewDecoder(resp.Body).Decode(&out) != nil || !strings.HasPrefix(out.Token, "ghs_") || out.ExpiresAt == "" {
		t.Fatalf("access_tokens: %s %+v", resp.Status, out)
	}
	return out.Token
}

func get(t *testing.T, url, auth string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

func TestAuthentication(t *testing.T) {
	t.Parallel()
	s := NewServer(t)
	s.AddRepo("o", "r", "main")
	other := NewServer(t)
	tok := token(t, s)
	tests := []struct {
		name, auth string
		want       int
	}{
		{"installation token", "token " + tok, 200},
		{"no token", "", 401},
		{"unknown token", "token ghs_forged", 401},
		{"a token of another server", "token " + token(t, other), 401},
		{"an App JWT", "Bearer " + signJWT(t, s.key, s.AppID), 401},
	}
	for _, tt := range tests {
		if got := get(t, s.URL+"repos/o/r", tt.auth).StatusCode; got != tt.want {
			t.Errorf("%s: status %d, want %d", tt.name, got, tt.want)
		}
	}
	req, _ := http.NewRequest(http.MethodPost, s.URL+"app/installations/1/access_tokens", nil)
	req.Header.Set("Authorization", "Bearer "+signJWT(t, other.key, s.AppID))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 401 {
		t.Errorf("JWT signed with the wrong key: status %d, want 401", resp.StatusCode)
	}
	s.ExpireTokens()
	if got := get(t, s.URL+"repos/o/r", "token "+tok).StatusCode; got != 401 {
		t.Errorf("expired token: status %d, want 401", got)
	}
}

func TestCommentPagination(t *testing.T) {
	t.Parallel()
	s := NewServer(t)
	s.AddPull("o", "r", PullSpec{Number: 1})
	for range 45 {
		s.AddComment("o", "r", 1, "bob", "hi")
	}
	auth := "token " + token(t, s)
	resp := get(t, s.URL+"repos/o/r/issues/1/comments", auth)
	var page []map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&page)
	link := resp.Header.Get("Link")
	if len(page) != 30 || !strings.Contains(link, `page=2&per_page=30>; rel="next"`) || !strings.Contains(link, `rel="last"`) {
		t.Errorf("first page: %d comments, Link %q", len(page), link)
	}
	resp = get(t, s.URL+"repos/o/r/issues/1/comments?page=2&per_page=30", auth)
	page = nil
	_ = json.NewDecoder(resp.Body).Decode(&page)
	if len(page) != 15 || strings.Contains(resp.Header.Get("Link"), `rel="next"`) {
		t.Errorf("last page: %d comments, Link %q", len(page), resp.Header.Get("Link"))
	}
}

func TestTarballLayout(t *testing.T) {
	t.Parallel()
	s := NewServer(t)
	sha := "abcdef0123456789abcdef0123456789abcdef01"
	s.SetFiles("o", "r", sha, map[string]string{"a/b.txt": "b", "c.txt": "c"})
	resp := get(t, s.URL+"repos/o/r/tarball/"+sha, "token "+token(t, s))
	// The default client followed the 302 to codeload without the header.
	if resp.StatusCode != 200 || resp.Request.URL.Path != "/codeload/o/r/legacy.tar.gz/"+sha {
		t.Fatalf("status %d at %s", resp.StatusCode, resp.Request.URL)
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	var names []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, h.Name)
	}
	want := "pax_global_header o-r-abcdef0/ o-r-abcdef0/a/ o-r-abcdef0/a/b.txt o-r-abcdef0/c.txt"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("entries = %s\nwant      %s", got, want)
	}
}

func TestFail(t *testing.T) {
	t.Parallel()
	s := NewServer(t)
	s.AddRepo("o", "r", "main")
	s.Fail("GET", "/repos/o/r", 1, 502, map[string]string{"X-Test": "1"}, "bad gateway")
	auth := "token " + token(t, s)
	resp := get(t, s.URL+"repos/o/r", auth)
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 502 || resp.Header.Get("X-Test") != "1" || !bytes.Equal(body, []byte("bad gateway")) {
		t.Errorf("injected: %d %q", resp.StatusCode, body)
	}
	if got := get(t, s.URL+"repos/o/r", auth).StatusCode; got != 200 {
		t.Errorf("after the fault: %d", got)
	}
	calls := s.Calls()
	if len(calls) != 3 || calls[1].Status != 502 || calls[2].Status != 200 {
		t.Errorf("calls = %+v", calls)
	}
}
