package server

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHealthURL(t *testing.T) {
	t.Parallel()
	for addr, want := range map[string]string{
		":8080":          "http://127.0.0.1:8080/healthz",
		"0.0.0.0:9000":   "http://127.0.0.1:9000/healthz",
		"[::]:9000":      "http://127.0.0.1:9000/healthz",
		"10.0.0.7:9000":  "http://10.0.0.7:9000/healthz",
		"[::1]:9000":     "http://[::1]:9000/healthz",
		"localhost:9000": "http://localhost:9000/healthz",
	} {
		got, err := HealthURL(addr)
		require.NoError(t, err, addr)
		assert.Equal(t, want, got, addr)
	}
	_, err := HealthURL("8080")
	assert.Error(t, err, "a port alone is not host:port")
}

func TestCheckHealth(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(New(Config{GitHub: http.NotFoundHandler()}))
	t.Cleanup(srv.Close)
	require.NoError(t, CheckHealth(context.Background(), srv.URL+"/healthz"))

	err := CheckHealth(context.Background(), srv.URL+"/nope")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "404")
	var bad *BadURLError
	assert.False(t, errors.As(err, &bad), "a server that answers is no bad URL")

	err = CheckHealth(context.Background(), "http://bad host/healthz")
	require.ErrorAs(t, err, &bad)
	assert.Contains(t, err.Error(), `healthcheck URL "http://bad host/healthz"`)

	srv.Close()
	err = CheckHealth(context.Background(), srv.URL+"/healthz")
	require.Error(t, err, "nobody listening")
	assert.False(t, errors.As(err, &bad))
}
