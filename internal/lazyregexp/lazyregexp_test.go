package lazyregexp

import (
	"sync"
	"testing"
)

func TestNewCompilesOnceOnFirstUse(t *testing.T) {
	bad := New(`(`) // not compiled yet: no panic here
	re := New(`^a+$`)
	var wg sync.WaitGroup
	got := make([]any, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = re()
		}()
	}
	wg.Wait()
	for _, g := range got {
		if g != got[0] {
			t.Fatal("a second compilation: every call must return the same *regexp.Regexp")
		}
	}
	if !re().MatchString("aaa") || re().MatchString("b") {
		t.Error("wrong pattern")
	}
	defer func() {
		if recover() == nil {
			t.Error("a bad pattern did not panic on first use")
		}
	}()
	bad()
}
