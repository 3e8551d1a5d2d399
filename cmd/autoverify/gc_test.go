package main

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTuneGC: one-shot commands collect at oneShotGC, the long-lived ones
// and anyone who set GOGC keep what they had. Not parallel: the setting is
// the process's.
func TestTuneGC(t *testing.T) {
	prev := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(prev) })
	getenv := func(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }
	for _, c := range []struct {
		args []string
		env  map[string]string
		want int
	}{
		{[]string{"run", "S.md"}, nil, oneShotGC},
		{[]string{"plan", "S.md"}, nil, oneShotGC},
		{[]string{"serve"}, nil, 100},
		{[]string{"dashboard"}, nil, 100},
		{[]string{"run", "S.md"}, map[string]string{"GOGC": "50"}, 100},
		{nil, nil, 100},
	} {
		debug.SetGCPercent(100)
		tuneGC(c.args, getenv(c.env))
		assert.Equal(t, c.want, debug.SetGCPercent(100), "%v %v", c.args, c.env)
	}
}
