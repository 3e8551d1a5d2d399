package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func get(t *testing.T, h http.Handler, method, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, path, nil))
	body, _ := io.ReadAll(rec.Body)
	return rec.Code, string(body)
}

func TestRoutes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	id := "0123456789abcdef0123456789abcdef"
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "runs", id), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "runs", id, "KAN-1-evidence.txt"), []byte("evidence"), 0o644))
	queueDown := errors.New("dial tcp 127.0.0.1:6379: connection refused")
	var queueErr error
	h := New(Config{
		GitHub: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusAccepted) }),
		Ready: []Dependency{
			{Name: "ledger", Ping: func(context.Context) error { return nil }},
			{Name: "queue", Ping: func(context.Context) error { return queueErr }},
		},
		RunsDir: dir,
		CheckLink: func(runID, file, expires, sig string) error {
			if sig != "good" || expires != "1" {
				return errors.New("bad link")
			}
			return nil
		},
	})

	code, _ := get(t, h, "POST", "/webhooks/github")
	assert.Equal(t, http.StatusAccepted, code)
	code, _ = get(t, h, "POST", "/webhooks/jira")
	assert.Equal(t, http.StatusNotFound, code, "no Jira route unless Jira is configured")
	code, _ = get(t, h, "GET", "/webhooks/github")
	assert.Equal(t, http.StatusMethodNotAllowed, code)
	code, body := get(t, h, "GET", "/healthz")
	assert.Equal(t, http.StatusOK, code, body)
	code, body = get(t, h, "GET", "/readyz")
	assert.Equal(t, http.StatusOK, code, body)
	queueErr = queueDown
	code, body = get(t, h, "GET", "/readyz")
	assert.Equal(t, http.StatusServiceUnavailable, code)
	assert.Contains(t, body, "queue unreachable: dial tcp")

	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/runs/"+id+"/KAN-1-evidence.txt?expires=1&sig=good", nil))
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Equal(t, "evidence", rec.Body.String())
	assert.Equal(t, "text/plain; charset=utf-8", rec.Header().Get("Content-Type"), "evidence is never rendered as a page")
	assert.Equal(t, "nosniff", rec.Header().Get("X-Content-Type-Options"))
	assert.Contains(t, rec.Header().Get("Content-Security-Policy"), "sandbox")

	for _, unsigned := range []string{"/runs/" + id + "/KAN-1-evidence.txt", "/runs/" + id + "/KAN-1-evidence.txt?expires=1&sig=forged"} {
		code, _ = get(t, h, "GET", unsigned)
		assert.Equal(t, http.StatusForbidden, code, unsigned)
	}
	for _, bad := range []string{"/runs/", "/runs/" + id + "/", "/runs/" + id + "/?expires=1&sig=good", "/runs/" + id + "/.hidden?expires=1&sig=good",
		"/runs/NOTANID/KAN-1-evidence.txt?expires=1&sig=good", "/runs/0123/KAN-1-evidence.txt", "/runs/" + id + "/missing.txt?expires=1&sig=good"} {
		code, body = get(t, h, "GET", bad)
		assert.Equal(t, http.StatusNotFound, code, bad)
		assert.NotContains(t, body, "KAN-1-evidence.txt", "no listing")
	}
}

func TestDashboardBesideTheRoutes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	id := "0123456789abcdef0123456789abcdef"
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "runs", id), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "runs", id, "e.txt"), []byte("evidence"), 0o644))
	dash := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "dashboard "+r.URL.Path) })
	h := New(Config{
		GitHub:  http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusAccepted) }),
		Metrics: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "metrics") }),
		RunsDir: dir, CheckLink: func(_, _, _, sig string) error {
			if sig != "good" {
				return errors.New("bad")
			}
			return nil
		},
		Workspaces:     http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "workspace") }),
		Dashboard:      dash,
		DashboardPaths: []string{"GET /{$}", "GET /runs", "GET /runs/{id}", "GET /evidence/", "GET /events", "/history/clear", "/signin", "GET /static/"},
	})
	for path, want := range map[string]string{
		"/":                   "dashboard /",
		"/runs":               "dashboard /runs",
		"/runs/" + id:         "dashboard /runs/" + id,
		"/runs/local-KAN-1-x": "dashboard /runs/local-KAN-1-x",
		"/evidence/x/y":       "dashboard /evidence/x/y",
		"/signin":             "dashboard /signin",
		"/static/app.css":     "dashboard /static/app.css",
		"/healthz":            "ok\n",
		"/metrics":            "metrics",
		"/workspaces/t":       "workspace",
		"/runs/" + id + "/e.txt?expires=1&sig=good": "evidence",
	} {
		code, body := get(t, h, "GET", path)
		assert.Equal(t, http.StatusOK, code, path)
		assert.Equal(t, want, body, path)
	}
	code, _ := get(t, h, "GET", "/runs/"+id+"/e.txt?expires=1&sig=bad")
	assert.Equal(t, http.StatusForbidden, code, "signed links are unchanged")
	code, _ = get(t, h, "POST", "/webhooks/github")
	assert.Equal(t, http.StatusAccepted, code)
	code, _ = get(t, h, "GET", "/nothing-here")
	assert.Equal(t, http.StatusNotFound, code)
}
