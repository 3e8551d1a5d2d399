package failure

import (
	"bytes"
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

// TestClassifyBigOutputIsFast asserts the bar without a benchmark run: a
// 1 MiB output is classified in under 5 ms (best of 5, on a shared
// machine; the benchmark gives the figure).
func TestClassifyBigOutputIsFast(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("timing is meaningless under -race or -short")
	}
	out := bigOutput()
	best := time.Duration(1 << 62)
	for range 5 {
		start := time.Now()
		Classify(Failure{Argv: []string{"go", "test"}, ExitCode: 1, Output: out})
		if d := time.Since(start); d < best {
			best = d
		}
	}
	if best > 5*time.Millisecond {
		t.Errorf("classifying 1 MiB took %v, over 5 ms", best)
	}
}
