package mutate

import (
	"bytes"
	"strings"
)

// maxEdits bounds the edit distance the diff searches. Its trace costs
// memory quadratic in the distance, so a change bigger than this is treated
// as a rewrite of every line the cheap passes could not match.
const maxEdits = 1000

// ChangedLines reports, per head file, the 1-based head line numbers that
// are new or changed relative to base. Only non-test Go files are
// considered (paths ending in .go but not _test.go), so callers may pass
// whole trees. A file absent from base counts as entirely new; files with
// no changed line are left out. Deleted lines leave no trace: there is
// nothing in head to mutate for them.
func ChangedLines(base, head map[string][]byte) map[string][]int {
	return changedLines(base, head, isSourceFile)
}

// changedLines is ChangedLines over the files keep accepts.
func changedLines(base, head map[string][]byte, keep func(path string) bool) map[string][]int {
	out := map[string][]int{}
	for path, src := range head {
		if !keep(path) {
			continue
		}
		var changed []int
		if old, ok := base[path]; ok {
			changed = diffLines(splitLines(old), splitLines(src))
		} else {
			changed = allLines(len(splitLines(src)))
		}
		if len(changed) > 0 {
			out[path] = changed
		}
	}
	return out
}

func isSourceFile(path string) bool {
	return strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go")
}

// splitLines splits src into lines without their terminators; a final line
// without a newline still counts, a trailing newline adds no empty line.
// A carriage return before the newline is dropped so that a change of line
// endings alone does not mark the whole file as changed.
func splitLines(src []byte) []string {
	if len(src) == 0 {
		return nil
	}
	src = bytes.TrimSuffix(src, []byte("\n"))
	parts := strings.Split(string(src), "\n")
	for i, p := range parts {
		parts[i] = strings.TrimSuffix(p, "\r")
	}
	return parts
}

func allLines(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// diffLines returns the 1-based indexes of the lines of b that are not part
// of a longest common subsequence of a and b. Lines that occur on only one
// side can never be matched, so they are set aside before the Myers search;
// that keeps the search small for the common case of edited lines.
func diffLines(a, b []string) []int {
	inA := make(map[string]bool, len(a))
	for _, l := range a {
		inA[l] = true
	}
	inB := make(map[string]bool, len(b))
	for _, l := range b {
		inB[l] = true
	}
	var ra []string
	for _, l := range a {
		if inB[l] {
			ra = append(ra, l)
		}
	}
	var rb []string
	var rbIndex []int // rb[i] is b[rbIndex[i]]
	for j, l := range b {
		if inA[l] {
			rb = append(rb, l)
			rbIndex = append(rbIndex, j)
		}
	}
	matched := make([]bool, len(b))
	for i, ok := range matchCommon(ra, rb) {
		if ok {
			matched[rbIndex[i]] = true
		}
	}
	var out []int
	for j, ok := range matched {
		if !ok {
			out = append(out, j+1)
		}
	}
	return out
}

// matchCommon marks which elements of b belong to a longest common
// subsequence of a and b, after trimming the common prefix and suffix.
func matchCommon(a, b []string) []bool {
	matched := make([]bool, len(b))
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		matched[pre] = true
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		matched[len(b)-1-suf] = true
		suf++
	}
	mid := myers(a[pre:len(a)-suf], b[pre:len(b)-suf])
	for j, ok := range mid {
		matched[pre+j] = ok
	}
	return matched
}

// myers runs the greedy O(ND) search of Myers (1986) and walks its trace
// back to mark the elements of b that lie on diagonals, i.e. are matched.
// Past maxEdits it gives up and leaves every element unmatched.
func myers(a, b []string) []bool {
	n, m := len(a), len(b)
	matched := make([]bool, m)
	if n == 0 || m == 0 {
		return matched
	}
	limit := min(n+m, maxEdits)
	off := limit + 1
	v := make([]int, 2*limit+3)
	var trace [][]int // trace[d] holds v[-d..d] after round d
	for d := 0; d <= limit; d++ {
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1]
			} else {
				x = v[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				backtrack(trace, d, n, m, matched)
				return matched
			}
		}
		trace = append(trace, append([]int(nil), v[off-d:off+d+1]...))
	}
	return matched
}

// backtrack follows the trace from (n, m) to the origin, marking the
// diagonal moves, which are the matched elements of b.
func backtrack(trace [][]int, depth, x, y int, matched []bool) {
	for d := depth; d > 0; d-- {
		prev := trace[d-1]
		at := func(k int) int { return prev[k+d-1] }
		k := x - y
		prevK := k - 1
		if k == -d || (k != d && at(k-1) < at(k+1)) {
			prevK = k + 1
		}
		prevX := at(prevK)
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x, y = x-1, y-1
			matched[y] = true
		}
		x, y = prevX, prevY
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		matched[y] = true
	}
}
