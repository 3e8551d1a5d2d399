package strutil

import "testing"

func TestTitle(t *testing.T) {
	cases := []struct{ in, want string }{
		{"go", "Go"},
		{"", ""},
		{"hello world", "Hello world"},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			if got := Title(c.in); got != c.want {
				t.Errorf("Title(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}
