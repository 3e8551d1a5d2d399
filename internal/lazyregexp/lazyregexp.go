// Package lazyregexp compiles a package's regular expressions the first
// time they are used instead of when the package is initialised: every
// package of the binary is initialised at the start of every process
// (`autoverify plan` and the sandbox's init included), whether or not the
// command it runs ever matches the expressions. The idea is Go's own
// (internal/lazyregexp in its source tree).
package lazyregexp

import (
	"regexp"
	"sync"
)

// New returns a function that compiles pattern on its first call (it
// panics there on a bad pattern, as regexp.MustCompile does; the tests of
// the package that uses it call it) and returns the same *regexp.Regexp
// on every call. It is safe for concurrent use.
func New(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}
