package testresults

import (
	"bytes"
	"fmt"
	"testing"
)

// goJSON1MiB is about 1 MiB of `go test -json` for many passing tests and
// one failing one.
func goJSON1MiB() []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, `{"Time":"2026-11-25T10:00:00Z","Action":"run","Package":"example.com/x","Test":"Test%d"}`+"\n", i)
		fmt.Fprintf(&b, `{"Time":"2026-11-25T10:00:00Z","Action":"output","Package":"example.com/x","Test":"Test%d","Output":"--- PASS: Test%d (0.00s)\n"}`+"\n", i, i)
		fmt.Fprintf(&b, `{"Time":"2026-11-25T10:00:00Z","Action":"pass","Package":"example.com/x","Test":"Test%d","Elapsed":0}`+"\n", i)
	}
	b.WriteString(`{"Action":"run","Package":"example.com/x","Test":"TestBad"}` + "\n")
	b.WriteString(`{"Action":"output","Package":"example.com/x","Test":"TestBad","Output":"    x_test.go:9: got 1, want 2\n"}` + "\n")
	b.WriteString(`{"Action":"fail","Package":"example.com/x","Test":"TestBad"}` + "\n")
	b.WriteString(`{"Action":"fail","Package":"example.com/x"}` + "\n")
	return b.Bytes()
}

// BenchmarkParseGoJSON1MiB reads every test of a 1 MiB go test -json
// stream (the pipeline does this once per go test command).
func BenchmarkParseGoJSON1MiB(b *testing.B) {
	out := goJSON1MiB()
	b.SetBytes(int64(len(out)))
	b.ReportAllocs()
	for b.Loop() {
		if r := Parse(out); r.Failed != 1 {
			b.Fatal("misread")
		}
	}
}

// BenchmarkParseText1MiB reads 1 MiB of pytest output (test logs, then the
// summary): every parser's markers are looked for, pytest's runs.
func BenchmarkParseText1MiB(b *testing.B) {
	line := []byte("tests/test_x.py::test_case PASSED                                   [ 50%]\n")
	out := bytes.Repeat(line, (1<<20)/len(line))
	out = append(out, []byte("FAILED tests/test_x.py::test_bad - assert 1 == 2\n==== 1 failed, 13000 passed in 9.10s ====\n")...)
	b.SetBytes(int64(len(out)))
	b.ReportAllocs()
	for b.Loop() {
		if r := Parse(out); r.Failed != 1 {
			b.Fatal("misread")
		}
	}
}
