// Package textlite is the few string, line-reading and error-wrapping
// helpers that the packages autoverify initialises first need, written
// here rather than imported from strings, bytes, bufio and fmt.
//
// Why not the standard library: Go initialises packages one at a time, in
// import-path order among those whose imports are done, and a package
// with nothing to initialise still takes its turn. strings and bytes
// import unicode, whose turn comes late ("u" sorts after nearly every
// path of the binary), so strings' own turn came only after about ninety
// other packages, and every package importing it waited with it. The
// local sandbox's init (integrations/local/sandboxinit) does its work from
// a package initialiser of the same binary, and what it waits for is what
// every sandboxed command waits for: importing only this package, os,
// syscall, strconv, path and io, it is the binary's 22nd package
// initialiser instead of its 68th (GODEBUG=inittrace=1: 4 to 6 ms sooner
// into a start on the 2-core machine the benchmarks run on).
//
// The helpers are the standard library's semantics for the cases these
// packages have (ASCII, short strings); the tests check them against it.
package textlite

import "io"

// Index is strings.Index.
func Index(s, substr string) int {
	n := len(substr)
	for i := 0; i+n <= len(s); i++ {
		if s[i:i+n] == substr {
			return i
		}
	}
	return -1
}

// Contains is strings.Contains.
func Contains(s, substr string) bool { return Index(s, substr) >= 0 }

// Cut is strings.Cut.
func Cut(s, sep string) (before, after string, found bool) {
	if i := Index(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}

// HasPrefix is strings.HasPrefix.
func HasPrefix(s, prefix string) bool { return len(s) >= len(prefix) && s[:len(prefix)] == prefix }

// CutPrefix is strings.CutPrefix.
func CutPrefix(s, prefix string) (after string, found bool) {
	if !HasPrefix(s, prefix) {
		return s, false
	}
	return s[len(prefix):], true
}

// CutSuffix is strings.CutSuffix.
func CutSuffix(s, suffix string) (before string, found bool) {
	if len(s) < len(suffix) || s[len(s)-len(suffix):] != suffix {
		return s, false
	}
	return s[:len(s)-len(suffix)], true
}

// TrimSuffix is strings.TrimSuffix.
func TrimSuffix(s, suffix string) string {
	s, _ = CutSuffix(s, suffix)
	return s
}

// TrimLeftByte is strings.TrimLeft with a one-byte cutset.
func TrimLeftByte(s string, c byte) string {
	for len(s) > 0 && s[0] == c {
		s = s[1:]
	}
	return s
}

// TrimSpace is strings.TrimSpace for ASCII white space (what /proc and
// the kernel's files hold).
func TrimSpace(s string) string {
	space := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' }
	for len(s) > 0 && space(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && space(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// Split is strings.Split for a non-empty separator.
func Split(s, sep string) []string {
	var out []string
	for {
		before, after, found := Cut(s, sep)
		out = append(out, before)
		if !found {
			return out
		}
		s = after
	}
}

// EqualFoldASCII is strings.EqualFold for ASCII letters (other bytes
// compare exactly).
func EqualFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	lower := func(c byte) byte {
		if 'A' <= c && c <= 'Z' {
			return c + 'a' - 'A'
		}
		return c
	}
	for i := 0; i < len(a); i++ {
		if lower(a[i]) != lower(b[i]) {
			return false
		}
	}
	return true
}

// wrapped is an error with context, as fmt.Errorf("%s: %w", msg, err)
// makes it.
type wrapped struct {
	msg string
	err error
}

func (e *wrapped) Error() string { return e.msg + ": " + e.err.Error() }
func (e *wrapped) Unwrap() error { return e.err }

// Wrap returns err with msg before it, as fmt.Errorf("%s: %w", msg, err)
// does: errors.Is and errors.As see err through it.
func Wrap(err error, msg string) error { return &wrapped{msg: msg, err: err} }

// LineReader reads lines from a reader, as bufio.Reader's ReadString('\n')
// does, buffering what it read past a line.
type LineReader struct {
	r       io.Reader
	buf     []byte
	scanned int // bytes of buf known to hold no newline
	err     error
}

// NewLineReader returns a LineReader of r.
func NewLineReader(r io.Reader) *LineReader { return &LineReader{r: r} }

// ReadLine returns the next line with its "\n"; at the end of the input
// it returns what is left (without "\n", maybe empty) and the reader's
// error (io.EOF at a clean end).
func (l *LineReader) ReadLine() (string, error) {
	for {
		// Only what was read since the last look is searched: a long line
		// read in many pieces is not searched again from its start.
		for i := l.scanned; i < len(l.buf); i++ {
			if l.buf[i] == '\n' {
				line := string(l.buf[:i+1])
				l.buf, l.scanned = l.buf[i+1:], 0
				return line, nil
			}
		}
		l.scanned = len(l.buf)
		if l.err != nil {
			line := string(l.buf)
			l.buf, l.scanned = nil, 0
			return line, l.err
		}
		var chunk [4096]byte
		n, err := l.r.Read(chunk[:])
		l.buf = append(l.buf, chunk[:n]...)
		if err != nil {
			l.err = err
		} else if n == 0 {
			l.err = io.ErrNoProgress
		}
	}
}

// LineReaderOf returns a LineReader of b.
func LineReaderOf(b []byte) *LineReader { return &LineReader{buf: b, err: io.EOF} }
