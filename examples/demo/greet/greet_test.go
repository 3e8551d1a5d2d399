package greet

import "testing"

func TestHello(t *testing.T) {
	for name, want := range map[string]string{"": "Hello, world!", "Ada": "Hello, Ada!"} {
		if got := Hello(name); got != want {
			t.Errorf("Hello(%q) = %q, want %q", name, got, want)
		}
	}
}
