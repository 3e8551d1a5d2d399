package failure

import (
	"bytes"
	"fmt"
	"testing"
	"time"
)

// bigOutput is 1 MiB of test log with a go test failure at the end: the
// worst case for a reader that scanned everything.
func bigOutput() []byte {
	line := []byte("    some ordinary log line with words like value and result 12345\n")
	out := bytes.Repeat(line, (1<<20)/len(line))
	return append(out, []byte("--- FAIL: TestA (0.00s)\n    a_test.go:3: got 1, want 2\nFAIL\nFAIL\texample.com/x\t0.01s\nFAIL\n")...)
}

// bigGoJSON is 1 MiB of go test -json (thousands of passing tests) ending
// in a failing one: the rules read the text its window's events carry.
func bigGoJSON() []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, `{"Action":"run","Package":"example.com/x","Test":"TestN%d"}`+"\n", i)
		fmt.Fprintf(&b, `{"Action":"output","Package":"example.com/x","Test":"TestN%d","Output":"--- PASS: TestN%d (0.00s)\n"}`+"\n", i, i)
		fmt.Fprintf(&b, `{"Action":"pass","Package":"example.com/x","Test":"TestN%d","Elapsed":0}`+"\n", i)
	}
	b.WriteString(`{"Action":"run","Package":"example.com/x","Test":"TestA"}` + "\n")
	b.WriteString(`{"Action":"output","Package":"example.com/x","Test":"TestA","Output":"    a_test.go:3: got 1, want 2\n"}` + "\n")
	b.WriteString(`{"Action":"output","Package":"example.com/x","Test":"TestA","Output":"--- FAIL: TestA (0.00s)\n"}` + "\n")
	b.WriteString(`{"Action":"fail","Package":"example.com/x","Test":"TestA","Elapsed":0}` + "\n")
	b.WriteString(`{"Action":"fail","Package":"example.com/x","Elapsed":0.5}` + "\n")
	return b.Bytes()
}

// BenchmarkClassifyGoJSON1MiB measures classification of 1 MiB of go test
// -json; the bar is 5 ms.
func BenchmarkClassifyGoJSON1MiB(b *testing.B) {
	out := bigGoJSON()
	b.SetBytes(int64(len(out)))
	b.ReportAllocs()
	for b.Loop() {
		if Classify(Failure{Argv: []string{"go", "test", "-json", "./..."}, ExitCode: 1, Output: out}) != TestFailure {
			b.Fatal("misread")
		}
	}
}

// BenchmarkClassify1MiB measures classification of a 1 MiB output; the
// bar is 5 ms.
func BenchmarkClassify1MiB(b *testing.B) {
	out := bigOutput()
	b.SetBytes(int64(len(out)))
	b.ReportAllocs()
	for b.Loop() {
		if Classify(Failure{Argv: []string{"go", "test", "./..."}, ExitCode: 1, Output: out}) != TestFailure {
			b.Fatal("misread")
		}
	}
}

// bigUnknown is 1 MiB of a program's log that no rule recognises: every
// rule runs over the whole window before the answer (UNKNOWN).
func bigUnknown() []byte {
	line := []byte("step 12345: processed the batch of records and wrote the result\n")
	return bytes.Repeat(line, (1<<20)/len(line))
}

// BenchmarkClassifyUnknown1MiB measures the slowest path: no rule decides
// until the last; the bar is 5 ms.
func BenchmarkClassifyUnknown1MiB(b *testing.B) {
	out := bigUnknown()
	b.SetBytes(int64(len(out)))
	b.ReportAllocs()
	for b.Loop() {
		if Classify(Failure{Argv: []string{"./run.sh"}, ExitCode: 1, Output: out}) != Unknown {
			b.Fatal("misread")
		}
	}
}

// TestClassifyBigOutputIsFast asserts the bar without a benchmark run: a
// 1 MiB output is classified in under 5 ms (best of 5, on a shared
// machine; the benchmark gives the figure).
func TestClassifyBigOutputIsFast(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("timing is meaningless under -race or -short")
	}
	for name, c := range map[string]struct {
		argv   []string
		out    []byte
		budget time.Duration
	}{
		"text":          {[]string{"go", "test"}, bigOutput(), 5 * time.Millisecond},
		"go test -json": {[]string{"go", "test"}, bigGoJSON(), 5 * time.Millisecond},
		"unknown text":  {[]string{"./run.sh"}, bigUnknown(), 5 * time.Millisecond},
		// A review's input: a test command's output naming thousands
		// of dotted names, none a file of the project: 28 ms before
		// namesProjectFile matched only lines that may name one, 13 ms
		// before the case-insensitive "no tests" signals looked for
		// their words in the lower-cased text first (saysNoTests), 8 ms
		// after (on a machine 1.3 times faster than the one that
		// measured 28 → 10 ms).
		"dotted names": {[]string{"pytest"}, bytes.Repeat([]byte("    x = os.environ['A']\nE   KeyError: 'B'\n"), 1<<20/40), 15 * time.Millisecond},
	} {
		best := time.Duration(1 << 62)
		for range 5 {
			start := time.Now()
			Classify(Failure{Argv: c.argv, ExitCode: 1, Output: c.out})
			if d := time.Since(start); d < best {
				best = d
			}
		}
		if best > c.budget {
			t.Errorf("classifying 1 MiB of %s took %v, over %v", name, best, c.budget)
		}
	}
}

// environKeyError stays linear: a review's input, every environ lookup
// beside a KeyError of another name, was once a scan of the window per
// lookup (122 ms for a window of them).
func TestEnvironKeyErrorIsLinear(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("timing is meaningless under -race or -short")
	}
	text := bytes.Repeat([]byte("    x = os.environ['A']\nE   KeyError: 'B'\n"), (headWindow+tailWindow)/40)
	best := time.Duration(1 << 62)
	for range 5 {
		start := time.Now()
		if environKeyError(text) {
			t.Fatal("no lookup's name is a KeyError's")
		}
		best = min(best, time.Since(start))
	}
	if best > 5*time.Millisecond {
		t.Errorf("environKeyError over a window took %v, over 5 ms", best)
	}
}
