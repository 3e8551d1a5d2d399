package failure

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

// HashPrefixLen is how much normalised output the failure hash covers, as
// the spec says: the start of the output names the failure; the rest is
// often counters and stack depth.
const HashPrefixLen = 1000

// hashRawLimit is how much raw output Hash normalises to find its
// HashPrefixLen characters: far more than normalising can shrink to less
// (placeholders are shorter than what they replace, runs of blanks become
// one), unless nearly all of it is noise.
const hashRawLimit = 64 << 10

// Hash identifies a failure across runs: SHA-256 of the command, the exit
// code and the first HashPrefixLen characters of the normalised output. The
// same failure hashes the same on every run; a different one does not.
//
// Only the start of the output is normalised (hashRawLimit bytes, cut at a
// line's end): the hash never reads further, and a command that printed a
// gigabyte costs no more than one that printed a page.
func Hash(command string, exitCode int, output []byte) string {
	if len(output) > hashRawLimit {
		output = output[:hashRawLimit]
		if i := bytes.LastIndexByte(output, '\n'); i > 0 {
			output = output[:i+1]
		}
	}
	norm := Normalize(output)
	if r := []rune(norm); len(r) > HashPrefixLen {
		norm = string(r[:HashPrefixLen])
	}
	h := sha256.New()
	h.Write([]byte(strings.Join(strings.Fields(command), " ")))
	h.Write([]byte{0})
	h.Write([]byte(strconv.Itoa(exitCode)))
	h.Write([]byte{0})
	h.Write([]byte(norm))
	return hex.EncodeToString(h.Sum(nil))
}

// CombineHashes folds the hashes of a run's failures (in story order) into
// the run's failure hash.
func CombineHashes(hashes []string) string {
	if len(hashes) == 0 {
		return ""
	}
	if len(hashes) == 1 {
		return hashes[0]
	}
	sum := sha256.Sum256([]byte(strings.Join(hashes, "\n")))
	return hex.EncodeToString(sum[:])
}

// noise lists run-to-run variation, most specific first. Each match is
// replaced by a placeholder so the text around it still counts. The
// patterns compile on first use (see signals).
var noise = sync.OnceValue(func() []noiseRule {
	return []noiseRule{
		// pytest's --durations section: which tests were slowest, and in
		// what order, is the machine's luck, not the result. Only its
		// rows go (a time, the phase, the test), blank lines and the
		// count of hidden ones: -q's tally after it stays.
		{regexp.MustCompile(`(?m)^(=+ slowest (?:\d+ )?durations =+)\n(?:\d+(?:\.\d+)?s (?:setup|call|teardown) +\S[^\n]*\n|\(\d+ durations? < [^\n]*\)\n|\n)*`), "$1\n"},
		// python -X importtime: each module's own and cumulative
		// microseconds.
		{regexp.MustCompile(`(?m)^import time:\s+\d+ \|\s+\d+ \|`), "import time: <dur> | <dur> |"},
		// python -m timeit: the loop count (chosen by timing when -n
		// is not given), the best time, -v's raw times and its
		// warning that the times varied: the machine's speed, not the
		// result.
		{regexp.MustCompile(`(?m)^\d+ loops?, best of \d+: \S+ [nµum]?sec per loop$`), "<n> loops, best of <n>: <dur> per loop"},
		{regexp.MustCompile(`(?m)^raw times: [^\n]*$`), "raw times: <dur>"},
		{regexp.MustCompile(`(?m)^\d+ loops? -> \S+ secs?\n`), ""},
		{regexp.MustCompile(`(?m)^:0: UserWarning: The test results are likely unreliable\.[^\n]*\n`), ""},
		// Timestamps: ISO 8601 / RFC 3339, log-style dates and clock times.
		{regexp.MustCompile(`\d{4}-\d{2}-\d{2}[T _]\d{2}[:_]\d{2}[:_]\d{2}([.,_]\d+)?(Z|[+-]\d{2}:?\d{2})?`), "<time>"},
		{regexp.MustCompile(`\b\d{4}[-/]\d{2}[-/]\d{2}\b`), "<date>"},
		{regexp.MustCompile(`\b\d{8}T\d{6}Z\b`), "<time>"},
		{regexp.MustCompile(`\b\d{1,2}:\d{2}:\d{2}(\.\d+)?\b`), "<time>"},
		// Temporary paths and per-run directories.
		{regexp.MustCompile(`(/private)?/(tmp|var/tmp|var/folders|dev/shm)/[^\s:'"()\]]*`), "<tmp>"},
		{regexp.MustCompile(`[A-Za-z]:\\Users\\[^\\]+\\AppData\\Local\\Temp\\[^\s:'"]*`), "<tmp>"},
		{regexp.MustCompile(`\bgo-build\d+\b`), "<tmp>"},
		// Durations: 0.12s, (0.00s), 12ms, 1m2.5s, 1.2 s, in 340ms,
		// duration_ms: 2.16 (TAP), "elapsed": 0.3 (JSON reporters).
		{regexp.MustCompile(`(?i)\b(duration|elapsed|time)(_?ms|_?s|_?sec)?["']?(\s*[:=]\s*|\s+)[\d.]+\b`), "$1: <dur>"},
		{regexp.MustCompile(`\b\d+(\.\d+)?\s?(ns|µs|us|ms|s|sec|secs|seconds?|m|min|minutes?|h)\b`), "<dur>"},
		{regexp.MustCompile(`\b(\d+h)?(\d+m)?\d+(\.\d+)?s\b`), "<dur>"},
		// Addresses, object ids and hashes.
		{regexp.MustCompile(`\b0x[0-9a-fA-F]+\b`), "<addr>"},
		{regexp.MustCompile(`\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b`), "<uuid>"},
		{regexp.MustCompile(`-[0-9a-f]{16}\b`), "-<hash>"},
		{regexp.MustCompile(`\bat 0x[0-9a-f]+>|object at <addr>>`), "<obj>"},
		// Process, thread and goroutine numbers, ports.
		{regexp.MustCompile(`\b(goroutine|pid|PID|thread|Thread|process|worker)[ =:#]*\d+\b`), "$1 <n>"},
		{regexp.MustCompile(`thread '([^']*)' \(\d+\)`), "thread '$1' (<n>)"},
		{regexp.MustCompile(`\b(127\.0\.0\.1|localhost|\[::1\]|0\.0\.0\.0):\d+\b`), "$1:<port>"},
		// Random seeds and counts that test runners print.
		{regexp.MustCompile(`(?i)\b(seed|random seed|randomized with seed)[ =:]*\d+\b`), "$1 <n>"},
	}
})

type noiseRule struct {
	re   *regexp.Regexp
	with string
}

var (
	ansiAndSpace  = lazyregexp.New(`[ \t]+`)
	parenDuration = lazyregexp.New(`\s*\(<dur>\)`)
)

// Normalize strips colours and run-to-run noise (timestamps, durations,
// temporary paths, addresses, ids, ports) from output.
func Normalize(out []byte) string {
	s := string(StripANSI(out))
	s = strings.ReplaceAll(s, "\r\n", "\n")
	for _, n := range noise() {
		// A replacement copies the whole text even when nothing
		// matches; most rules match nothing in most outputs.
		if n.re.MatchString(s) {
			s = n.re.ReplaceAllString(s, n.with)
		}
	}
	// Some runners print a test's time only when it is slow: drop
	// parenthesised durations entirely rather than keep a placeholder.
	s = parenDuration().ReplaceAllString(s, "")
	s = ansiAndSpace().ReplaceAllString(s, " ")
	return strings.TrimSpace(s)
}
