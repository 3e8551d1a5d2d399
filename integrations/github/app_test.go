package github

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"strings"
	"testing"
)

func TestNewAppValidatesConfig(t *testing.T) {
	t.Parallel()
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	pkcs1 := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(rsaKey)})
	der, _ := x509.MarshalPKCS8PrivateKey(rsaKey)
	pkcs8 := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
	ecKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	ecDER, _ := x509.MarshalPKCS8PrivateKey(ecKey)
	ecPEM := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: ecDER})
	escaped := strings.ReplaceAll(strings.TrimSpace(string(pkcs1)), "\n", `\n`)

	tests := []struct {
		name    string
		cfg     AppConfig
		wantErr string // "" for success
	}{
		{"PKCS#1", AppConfig{AppID: 1, PrivateKeyPEM: pkcs1}, ""},
		{"PKCS#8", AppConfig{AppID: 1, PrivateKeyPEM: pkcs8}, ""},
		{"newlines escaped in an env var", AppConfig{AppID: 1, PrivateKeyPEM: []byte(escaped)}, ""},
		{"GHES base URL", AppConfig{AppID: 1, PrivateKeyPEM: pkcs1, BaseURL: "https://ghe.example.com/api/v3"}, ""},
		{"no key", AppConfig{AppID: 1}, "ENGINEO_GITHUB_PRIVATE_KEY"},
		{"not PEM", AppConfig{AppID: 1, PrivateKeyPEM: []byte("ghp_notakey")}, "ENGINEO_GITHUB_PRIVATE_KEY_PATH"},
		{"corrupt PEM", AppConfig{AppID: 1, PrivateKeyPEM: pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: []byte("junk")})}, "cannot parse"},
		{"EC key", AppConfig{AppID: 1, PrivateKeyPEM: ecPEM}, "RSA"},
		{"no app ID", AppConfig{PrivateKeyPEM: pkcs1}, "App ID"},
		{"relative base URL", AppConfig{AppID: 1, PrivateKeyPEM: pkcs1, BaseURL: "api.github.com"}, "base URL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			app, err := NewApp(tt.cfg)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("NewApp: %v", err)
				}
				if !strings.HasSuffix(app.baseURL.Path, "/") {
					t.Errorf("base URL %s lacks the trailing slash go-github needs", app.baseURL)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want one mentioning %q", err, tt.wantErr)
			}
		})
	}
}

func TestAppClientUsesJWT(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	// The fake has no /app endpoint: what matters is the JWT on the wire.
	_, _, _ = f.app.AppClient().Apps.Get(f.ctx, "")
	calls := f.srv.Calls()
	if len(calls) == 0 || calls[len(calls)-1].Path != "/app" || calls[len(calls)-1].Auth != "Bearer" {
		t.Errorf("calls = %+v, want GET /app with a Bearer JWT", calls)
	}
}
