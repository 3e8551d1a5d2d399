package local

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWarmRecord: what one process warmed is read back by the next for
// the same toolchain and settings only; entries older than goWarmEvery
// are not kept; a record that is not one is ignored.
func TestWarmRecord(t *testing.T) {
	cache := t.TempDir()
	now := time.Now().Round(0)
	done := map[string]time.Time{
		goWarmKey(nil, "testing"):               now,
		goWarmKey([]string{"-race"}, "testing"): now.Add(-time.Minute),
		goWarmKey(nil, "encoding/json"):         now.Add(-goWarmEvery - time.Minute),
	}
	writeWarmRecord(cache, "go1.26 /usr/local/go", done)
	got := readWarmRecord(cache, "go1.26 /usr/local/go")
	require.Len(t, got, 2)
	assert.True(t, got[goWarmKey(nil, "testing")].Equal(now))
	assert.NotContains(t, got, goWarmKey(nil, "encoding/json"), "older than an hour: not kept")
	assert.Nil(t, readWarmRecord(cache, "go1.26 /usr/local/go\nGOFLAGS=-mod=vendor"), "other settings")
	assert.Nil(t, readWarmRecord(cache, ""), "no toolchain known")
	assert.Nil(t, readWarmRecord(t.TempDir(), "go1.26 /usr/local/go"), "no record")

	require.NoError(t, os.WriteFile(filepath.Join(cache, goWarmRecord), []byte("{\"toolchain\": \"go1.26 /usr/local/go\", \"warmed\": 7"), 0o644))
	assert.Nil(t, readWarmRecord(cache, "go1.26 /usr/local/go"), "a record that does not parse")
	writeWarmRecord(cache, "", done)
	assert.Nil(t, readWarmRecord(cache, "go1.26 /usr/local/go"), "nothing written without a toolchain")
	matches, err := filepath.Glob(filepath.Join(cache, goWarmRecord+".*"))
	require.NoError(t, err)
	assert.Empty(t, matches, "no temporary file left")
}
