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

	code, body = get(t, h, "GET", "/runs/"+id+"/KAN-1-evidence.txt")
	assert.Equal(t, http.StatusOK, code)
	assert.Equal(t, "evidence", body)
	for _, bad := range []string{"/runs/", "/runs/NOTANID/KAN-1-evidence.txt", "/runs/0123/KAN-1-evidence.txt"} {
		code, _ = get(t, h, "GET", bad)
		assert.Equal(t, http.StatusNotFound, code, bad)
	}
}
