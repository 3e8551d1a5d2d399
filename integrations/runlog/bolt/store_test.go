package bolt_test

import (
	"testing"

	"github.com/engineo/autoverify/integrations/runlog/bolt"
	"github.com/engineo/autoverify/integrations/runlog/storetest"
)

func TestContract(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, o storetest.Options) storetest.Store {
		s, err := bolt.Open(t.TempDir(), bolt.WithRetention(o.Retention), bolt.WithClock(o.Now))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = s.Close() })
		return s
	})
}
