package workspaces

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/engineo/autoverify/bot/verify"
)

func TestWorkspacesServeEachRunUnderItsOwnToken(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(dir, "src", "pkg"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "src", "pkg", "a.go"), []byte("package pkg\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "run.sh"), []byte("echo hi\n"), 0o755))
	must(t, os.Symlink("run.sh", filepath.Join(dir, "link.sh")))
	now := time.Unix(1_800_000_000, 0)
	ws := &Workspaces{BaseURL: "http://autoverify.ns.svc:8080/", TTL: time.Hour, Now: func() time.Time { return now }}
	srv := httptest.NewServer(ws)
	defer srv.Close()

	u, err := ws.URL(context.Background(), verify.Command{Dir: dir})
	must(t, err)
	if !strings.HasPrefix(u, "http://autoverify.ns.svc:8080/workspaces/") || len(strings.TrimPrefix(u, "http://autoverify.ns.svc:8080/workspaces/")) != 32 {
		t.Fatalf("URL = %q", u)
	}
	again, _ := ws.URL(context.Background(), verify.Command{Dir: dir})
	if again != u {
		t.Errorf("a second command of the run gets a new token: %q vs %q", again, u)
	}
	other, _ := ws.URL(context.Background(), verify.Command{Dir: t.TempDir()})
	if other == u {
		t.Error("two workspaces share a token")
	}
	local := srv.URL + strings.TrimPrefix(u, "http://autoverify.ns.svc:8080")

	got := fetchTar(t, local)
	want := []string{"link.sh -> run.sh", "run.sh 8 -rwxr-xr-x", "src/", "src/pkg/", "src/pkg/a.go 12 -rw-r--r--"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("tarball = %v, want %v", got, want)
	}

	for name, url := range map[string]string{"unknown token": srv.URL + "/workspaces/" + strings.Repeat("0", 32), "no token": srv.URL + "/workspaces/"} {
		if code := status(t, url); code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", name, code)
		}
	}
	ws.Forget(dir)
	if code := status(t, local); code != http.StatusNotFound {
		t.Errorf("after Forget: %d, want 404", code)
	}
	u2, _ := ws.URL(context.Background(), verify.Command{Dir: dir})
	now = now.Add(2 * time.Hour)
	if code := status(t, srv.URL+strings.TrimPrefix(u2, "http://autoverify.ns.svc:8080")); code != http.StatusNotFound {
		t.Errorf("after the TTL: %d, want 404", code)
	}
	if _, err := (&Workspaces{TTL: time.Hour}).URL(context.Background(), verify.Command{Dir: dir}); err == nil || !strings.Contains(err.Error(), "ENGINEO_KUBERNETES_WORKSPACE_URL") {
		t.Errorf("no base URL: %v", err)
	}
}

func fetchTar(t *testing.T, url string) []string {
	t.Helper()
	resp, err := http.Get(url)
	must(t, err)
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %s", url, resp.Status)
	}
	gz, err := gzip.NewReader(resp.Body)
	must(t, err)
	tr := tar.NewReader(gz)
	var out []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		must(t, err)
		switch h.Typeflag {
		case tar.TypeSymlink:
			out = append(out, h.Name+" -> "+h.Linkname)
		case tar.TypeDir:
			out = append(out, h.Name)
		default:
			b, _ := io.ReadAll(tr)
			out = append(out, h.Name+" "+itoa(len(b))+" "+h.FileInfo().Mode().String())
		}
	}
	sort.Strings(out)
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

func status(t *testing.T, url string) int {
	t.Helper()
	resp, err := http.Get(url)
	must(t, err)
	resp.Body.Close()
	return resp.StatusCode
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
