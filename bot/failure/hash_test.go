package failure

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNormalizeStripsNoise(t *testing.T) {
	t.Parallel()
	pairs := [][2]string{
		{"--- FAIL: TestX (0.01s)\nFAIL\tex.com/p\t0.004s\n", "--- FAIL: TestX (1.52s)\nFAIL\tex.com/p\t2.100s\n"},
		{"\x1b[31merror\x1b[0m at 2026-01-28T12:00:00.123Z", "error at 2026-11-22T00:43:44Z"},
		{"open /tmp/TestFoo123/001/x.txt: no such file", "open /tmp/TestFoo987/002/x.txt: no such file"},
		{"<Foo object at 0x7f3a2b1c>", "<Foo object at 0x7f99aa00>"},
		{"goroutine 17 [running]:", "goroutine 5 [running]:"},
		{"thread 'main' (10591) panicked at x.rs:5:34", "thread 'main' (22) panicked at x.rs:5:34"},
		{"listening on 127.0.0.1:43121", "listening on 127.0.0.1:39999"},
		{"Ran 3 tests in 0.002s", "Ran 3 tests in 0.117s"},
		{"Time:        1.234 s", "Time:        0.9 s"},
		{"npm error A complete log of this run can be found in: /root/.npm/_logs/2026-11-22T00_43_44_542Z-debug-0.log", "npm error A complete log of this run can be found in: /root/.npm/_logs/2026-11-23T10_03_14_002Z-debug-0.log"},
	}
	// Two real runs of pytest 7.2.1 --durations=3 over eight tests that
	// each sleep a random few milliseconds: the slowest three differ.
	pairs = append(pairs, [2]string{
		"============================= test session starts ==============================\nplatform linux -- Python 3.11.2, pytest-7.2.1, pluggy-1.0.0+repack\nrootdir: /tmp/dur\nplugins: timeout-2.1.0\ncollected 8 items\n\ntest_slow.py ........                                                    [100%]\n\n============================= slowest 3 durations ==============================\n0.04s call     test_slow.py::test_sleeps[3]\n0.03s call     test_slow.py::test_sleeps[4]\n0.03s call     test_slow.py::test_sleeps[7]\n============================== 8 passed in 0.20s ===============================\n",
		"============================= test session starts ==============================\nplatform linux -- Python 3.11.2, pytest-7.2.1, pluggy-1.0.0+repack\nrootdir: /tmp/dur\nplugins: timeout-2.1.0\ncollected 8 items\n\ntest_slow.py ........                                                    [100%]\n\n============================= slowest 3 durations ==============================\n0.03s call     test_slow.py::test_sleeps[1]\n0.03s call     test_slow.py::test_sleeps[0]\n0.02s call     test_slow.py::test_sleeps[3]\n============================== 8 passed in 0.18s ===============================\n"})
	// Two real runs of python3 -I -S -X importtime -c 'import colorsys'
	// (Python 3.11.2): every module's microseconds differ.
	pairs = append(pairs, [2]string{
		"import time: self [us] | cumulative | imported package\nimport time:       185 |        185 |   _io\nimport time:        33 |         33 |   marshal\nimport time:       381 |        381 |   posix\nimport time:       377 |        975 | _frozen_importlib_external\nimport time:       110 |        110 |   time\nimport time:       126 |        236 | zipimport\nimport time:        52 |         52 |     _codecs\nimport time:       304 |        356 |   codecs\nimport time:       471 |        471 |   encodings.aliases\nimport time:       597 |       1422 | encodings\nimport time:       129 |        129 | encodings.utf_8\nimport time:        75 |         75 | _signal\nimport time:        18 |         18 |     _abc\nimport time:        79 |         96 |   abc\nimport time:       118 |        214 | io\nimport time:       829 |        829 | colorsys\n",
		"import time: self [us] | cumulative | imported package\nimport time:       204 |        204 |   _io\nimport time:        27 |         27 |   marshal\nimport time:       284 |        284 |   posix\nimport time:       280 |        792 | _frozen_importlib_external\nimport time:        81 |         81 |   time\nimport time:        96 |        177 | zipimport\nimport time:        37 |         37 |     _codecs\nimport time:       232 |        269 |   codecs\nimport time:       398 |        398 |   encodings.aliases\nimport time:       419 |       1085 | encodings\nimport time:       184 |        184 | encodings.utf_8\nimport time:        96 |         96 | _signal\nimport time:        28 |         28 |     _abc\nimport time:        97 |        125 |   abc\nimport time:       145 |        270 | io\nimport time:       134 |        134 | colorsys\n"})
	// python3 -m timeit (Python 3.11.2), real runs: the best time, the
	// loop count it chose, -v's raw times, and its warning that the
	// times varied, printed by one run and not the other
	// (upstream11-tune's benchmark that two reviewers disagreed on).
	pairs = append(pairs,
		[2]string{"200 loops, best of 5: 3.55 usec per loop\n", "200 loops, best of 5: 3.62 usec per loop\n"},
		[2]string{"50000000 loops, best of 5: 8.09 nsec per loop\n", "20000000 loops, best of 5: 10.2 nsec per loop\n"},
		[2]string{"raw times: 336 usec, 326 usec\n\n1000 loops, best of 2: 326 nsec per loop\n", "raw times: 323 usec, 406 usec\n\n1000 loops, best of 2: 323 nsec per loop\n"},
		[2]string{":0: UserWarning: The test results are likely unreliable. The worst time (40.2 usec) was considerably slower than the best time (3.51 usec).\n200 loops, best of 5: 3.51 usec per loop\n", "200 loops, best of 5: 3.62 usec per loop\n"})
	for _, p := range pairs {
		assert.Equal(t, Normalize([]byte(p[0])), Normalize([]byte(p[1])), "%q vs %q", p[0], p[1])
		assert.Equal(t, Hash("go test ./...", 1, []byte(p[0])), Hash("go test  ./...", 1, []byte(p[1])))
	}
}

func TestHashSeparatesDifferentFailures(t *testing.T) {
	t.Parallel()
	base := Hash("go test ./...", 1, []byte("--- FAIL: TestA (0.00s)\n    a_test.go:9: got 1 want 2\n"))
	assert.Len(t, base, 64)
	for name, h := range map[string]string{
		"other test":    Hash("go test ./...", 1, []byte("--- FAIL: TestB (0.00s)\n    a_test.go:9: got 1 want 2\n")),
		"other line":    Hash("go test ./...", 1, []byte("--- FAIL: TestA (0.00s)\n    a_test.go:19: got 1 want 2\n")),
		"other values":  Hash("go test ./...", 1, []byte("--- FAIL: TestA (0.00s)\n    a_test.go:9: got 3 want 2\n")),
		"other exit":    Hash("go test ./...", 2, []byte("--- FAIL: TestA (0.00s)\n    a_test.go:9: got 1 want 2\n")),
		"other command": Hash("go test ./a", 1, []byte("--- FAIL: TestA (0.00s)\n    a_test.go:9: got 1 want 2\n")),
	} {
		assert.NotEqual(t, base, h, name)
	}
	// -q's tally and a later step's output after the list still count
	// (a review's finding: the first version dropped everything up to
	// the next "=====" line, which -q never prints).
	quiet := ".                                                                        [100%]\n============================= slowest 5 durations ==============================\n\n(3 durations < 0.005s hidden.  Use -vv to show these durations.)\n1 passed in 0.00s\nlintme1.py:1:1: F401 'os' imported but unused\n"
	assert.NotEqual(t, Normalize([]byte(quiet)), Normalize([]byte(strings.Replace(quiet, "lintme1.py:1:1: F401 'os' imported but unused", "lintme2.py:3:1: E302 expected 2 blank lines, found 0", 1))))
	assert.Contains(t, Normalize([]byte(quiet)), "1 passed in")
	// Only the slowest-tests list goes: a failure after it still counts.
	before := "============================= slowest 1 durations ==============================\n0.01s call     t.py::test_a\n=========================== short test summary info ============================\nFAILED t.py::test_a - assert 1 == 2\n"
	assert.NotEqual(t, Normalize([]byte(before)), Normalize([]byte(strings.Replace(before, "test_a - assert 1", "test_b - assert 1", 1))))
}

func TestHashCoversOnlyTheStart(t *testing.T) {
	t.Parallel()
	head := strings.Repeat("x", HashPrefixLen)
	assert.Equal(t, Hash("c", 1, []byte(head+"tail one")), Hash("c", 1, []byte(head+"tail two")))
}

// TestHashOnRealOutputs: every real output in the corpus hashes differently
// from every other (they are different failures).
func TestHashOnRealOutputs(t *testing.T) {
	t.Parallel()
	seen := map[string]string{}
	for _, c := range loadCorpus(t, "testdata/real") {
		h := Hash(strings.Join(c.argv, " "), c.exit, c.out)
		if prev, dup := seen[h]; dup {
			t.Errorf("%s and %s hash the same", prev, c.name)
		}
		seen[h] = c.name
	}
}

// TestHashOnRealReruns: each pair under testdata/reruns is the same broken
// project run twice by a real tool; the hash must not change.
func TestHashOnRealReruns(t *testing.T) {
	t.Parallel()
	firsts, err := filepath.Glob("testdata/reruns/*.1.txt")
	require.NoError(t, err)
	if len(firsts) == 0 {
		t.Skip("no rerun pairs under testdata/reruns")
	}
	for _, a := range firsts {
		b := strings.TrimSuffix(a, ".1.txt") + ".2.txt"
		ca, cb := readCase(t, a), readCase(t, b)
		assert.Equal(t, Hash(strings.Join(ca.argv, " "), ca.exit, ca.out), Hash(strings.Join(cb.argv, " "), cb.exit, cb.out),
			"%s: reruns hash differently\n--- normalised 1:\n%s\n--- normalised 2:\n%s", filepath.Base(a), Normalize(ca.out), Normalize(cb.out))
	}
}

func readCase(t *testing.T, path string) corpusCase {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	return parseCase(t, path, raw)
}
