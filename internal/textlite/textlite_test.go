package textlite

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

var samples = []string{"", " ", "a", "-", "--x=1", "a b c", "a  b", "\n", "a\n", " \t x \r\n", "::/a::/b:", "PATH=/x:/y", "ab", "aab", "FALSE", "OfF", "false", "o"}

// TestLikeTheStandardLibrary checks each helper against the function it
// stands for, on every pair of samples.
func TestLikeTheStandardLibrary(t *testing.T) {
	t.Parallel()
	for _, s := range samples {
		for _, sep := range samples {
			if Index(s, sep) != strings.Index(s, sep) || Contains(s, sep) != strings.Contains(s, sep) {
				t.Errorf("Index/Contains(%q, %q)", s, sep)
			}
			b1, a1, f1 := Cut(s, sep)
			b2, a2, f2 := strings.Cut(s, sep)
			if b1 != b2 || a1 != a2 || f1 != f2 {
				t.Errorf("Cut(%q, %q) = %q %q %t, want %q %q %t", s, sep, b1, a1, f1, b2, a2, f2)
			}
			if HasPrefix(s, sep) != strings.HasPrefix(s, sep) {
				t.Errorf("HasPrefix(%q, %q)", s, sep)
			}
			p1, ok1 := CutPrefix(s, sep)
			p2, ok2 := strings.CutPrefix(s, sep)
			s1, ok3 := CutSuffix(s, sep)
			s2, ok4 := strings.CutSuffix(s, sep)
			if p1 != p2 || ok1 != ok2 || s1 != s2 || ok3 != ok4 || TrimSuffix(s, sep) != strings.TrimSuffix(s, sep) {
				t.Errorf("CutPrefix/CutSuffix/TrimSuffix(%q, %q)", s, sep)
			}
			if sep != "" && !reflect.DeepEqual(Split(s, sep), strings.Split(s, sep)) {
				t.Errorf("Split(%q, %q) = %q, want %q", s, sep, Split(s, sep), strings.Split(s, sep))
			}
			if EqualFoldASCII(s, sep) != strings.EqualFold(s, sep) {
				t.Errorf("EqualFoldASCII(%q, %q)", s, sep)
			}
		}
		if TrimSpace(s) != strings.TrimSpace(s) {
			t.Errorf("TrimSpace(%q) = %q", s, TrimSpace(s))
		}
		if TrimLeftByte(s, '-') != strings.TrimLeft(s, "-") {
			t.Errorf("TrimLeftByte(%q)", s)
		}
	}
}

func FuzzCutSplit(f *testing.F) {
	f.Add("a=b=c", "=")
	f.Add("::", ":")
	f.Fuzz(func(t *testing.T, s, sep string) {
		b1, a1, f1 := Cut(s, sep)
		b2, a2, f2 := strings.Cut(s, sep)
		if b1 != b2 || a1 != a2 || f1 != f2 {
			t.Fatalf("Cut(%q, %q) = %q %q %t, want %q %q %t", s, sep, b1, a1, f1, b2, a2, f2)
		}
		if sep != "" && !reflect.DeepEqual(Split(s, sep), strings.Split(s, sep)) {
			t.Fatalf("Split(%q, %q)", s, sep)
		}
	})
}

// TestWrap: the message reads as fmt.Errorf's, and the cause is found.
func TestWrap(t *testing.T) {
	t.Parallel()
	err := Wrap(Wrap(fs.ErrNotExist, "inner"), "outer")
	if err.Error() != "outer: inner: file does not exist" {
		t.Errorf("Error() = %q", err)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Error("errors.Is does not see the cause")
	}
}

// TestLineReaderLikeBufio reads the same input with bufio and with
// LineReader, one byte at a time and all at once, with and without a
// last newline.
func TestLineReaderLikeBufio(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 10000)
	for _, in := range []string{"", "a\n", "a\nb", "a\n\nb\n", long + "\n" + long, "Env \"A=1\"\n.\nArgv \"true\"\n.\n"} {
		for name, wrap := range map[string]func(io.Reader) io.Reader{"whole": func(r io.Reader) io.Reader { return r }, "byte by byte": iotest.OneByteReader} {
			want := bufio.NewReader(wrap(strings.NewReader(in)))
			got := NewLineReader(wrap(strings.NewReader(in)))
			for {
				wl, werr := want.ReadString('\n')
				gl, gerr := got.ReadLine()
				if wl != gl || werr != gerr {
					t.Fatalf("%s %q: ReadLine = %q, %v; bufio %q, %v", name, in, gl, gerr, wl, werr)
				}
				if werr != nil {
					break
				}
			}
		}
		r := LineReaderOf([]byte(in))
		var lines []string
		for {
			l, err := r.ReadLine()
			lines = append(lines, l)
			if err != nil {
				break
			}
		}
		if strings.Join(lines, "") != in {
			t.Errorf("LineReaderOf(%q) read %q", in, lines)
		}
	}
}

// BenchmarkLineReaderLongLine reads one 8 MiB line from a pipe-like reader
// that returns 4 KiB at a time (a pull request's long command): linear,
// as bufio's.
func BenchmarkLineReaderLongLine(b *testing.B) {
	in := strings.Repeat("x", 8<<20) + "\n"
	for b.Loop() {
		r := NewLineReader(iotest.HalfReader(strings.NewReader(in)))
		if l, err := r.ReadLine(); err != nil || len(l) != len(in) {
			b.Fatal(len(l), err)
		}
	}
}
