package links

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSignedLinks(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_800_000_000, 0)
	s := Signer{Key: DeriveKey([]byte("webhook secret"), "evidence links"), TTL: time.Hour, Now: func() time.Time { return now }}
	raw := s.URL("https://av.example.com/", "0123456789abcdef0123456789abcdef", "KAN-1-evidence-x.txt")
	require.True(t, strings.HasPrefix(raw, "https://av.example.com/runs/0123456789abcdef0123456789abcdef/KAN-1-evidence-x.txt?"), raw)
	u, err := url.Parse(raw)
	require.NoError(t, err)
	q := u.Query()
	run, file := "0123456789abcdef0123456789abcdef", "KAN-1-evidence-x.txt"
	assert.NoError(t, s.Verify(run, file, q.Get("expires"), q.Get("sig")))

	assert.ErrorIs(t, s.Verify(run, file, "", ""), ErrUnsigned)
	assert.ErrorIs(t, s.Verify(run, "KAN-1-auto-verify-summary.json", q.Get("expires"), q.Get("sig")), ErrForged, "another file")
	assert.ErrorIs(t, s.Verify("fedcba9876543210fedcba9876543210", file, q.Get("expires"), q.Get("sig")), ErrForged, "another run")
	assert.ErrorIs(t, s.Verify(run, file, "9999999999", q.Get("sig")), ErrForged, "an extended expiry")
	assert.ErrorIs(t, s.Verify(run, file, q.Get("expires"), strings.Repeat("0", 64)), ErrForged)
	other := s
	other.Key = DeriveKey([]byte("another secret"), "evidence links")
	assert.ErrorIs(t, other.Verify(run, file, q.Get("expires"), q.Get("sig")), ErrForged, "another key")
	now = now.Add(time.Hour + time.Second)
	assert.ErrorIs(t, s.Verify(run, file, q.Get("expires"), q.Get("sig")), ErrExpired)
	assert.NotEqual(t, DeriveKey([]byte("s"), "a"), DeriveKey([]byte("s"), "b"), "one key per purpose")
}
