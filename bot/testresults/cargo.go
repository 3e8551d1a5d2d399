package testresults

import (
	"strconv"
	"strings"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

var (
	cargoResult  = lazyregexp.New(`^test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored; \d+ measured; \d+ filtered out`)
	cargoTest    = lazyregexp.New(`^test (.+) \.\.\. (ok|FAILED|ignored)`)
	cargoSection = lazyregexp.New(`^---- (.+) (?:stdout|stderr) ----$`)
)

// parseCargo reads cargo test (libtest) output: one "test result:" line
// per test binary (unit, integration, doc tests), summed; names from the
// "test x ... FAILED" lines and the first lines of each "---- x stdout
// ----" section.
func parseCargo(out []byte) (Results, bool) {
	ls := lines(out)
	var r Results
	found := false
	for _, l := range ls {
		if m := cargoResult().FindStringSubmatch(l); m != nil {
			found = true
			p, _ := strconv.Atoi(m[1])
			f, _ := strconv.Atoi(m[2])
			s, _ := strconv.Atoi(m[3])
			r.Passed += p
			r.Failed += f
			r.Skipped += s
		}
	}
	if !found {
		return Results{}, false
	}
	r.Run = r.Passed + r.Failed
	sections := map[string]string{}
	for i, l := range ls {
		m := cargoSection().FindStringSubmatch(l)
		if m == nil {
			continue
		}
		var keep []string
		for _, s := range ls[i+1:] {
			if cargoSection().MatchString(s) || s == "failures:" || s == "successes:" || s == "stack backtrace:" {
				break
			}
			if t := strings.TrimSpace(s); t != "" && !strings.HasPrefix(t, "note: run with `RUST_BACKTRACE") {
				keep = append(keep, t)
			}
			if len(keep) == failureLines {
				break
			}
		}
		if _, ok := sections[m[1]]; !ok {
			sections[m[1]] = strings.Join(keep, "\n")
		}
	}
	for _, l := range ls {
		m := cargoTest().FindStringSubmatch(l)
		if m == nil {
			continue
		}
		c := Case{Name: m[1], Status: Pass}
		switch m[2] {
		case "FAILED":
			c.Status, c.Failure = Fail, sections[m[1]]
		case "ignored":
			c.Status = Skip
		}
		r.Cases = append(r.Cases, c)
	}
	return r, true
}

var (
	nextestSummary = lazyregexp.New(`^\s*Summary \[\s*[\d.]+s\] (\d+) tests? run: (\d+) passed(?: \(\d+ (?:slow|flaky|leaky)[^)]*\))*(?:, (\d+) failed)?(?:, (\d+) timed out)?[^,]*?(?:, (\d+) skipped)?`)
	nextestLine    = lazyregexp.New(`^\s*(PASS|FAIL|SIGSEGV|SIGABRT|ABORT|TIMEOUT|SKIP) \[\s*[\d.]+s\] (.+)$`)
	nextestOutput  = lazyregexp.New(`^--- STD(?:OUT|ERR): +(.+?) ---$`)
)

// parseNextest reads cargo nextest's output: its "Summary" line and the
// status line of every test ("PASS [0.003s] crate tests::a").
func parseNextest(out []byte) (Results, bool) {
	ls := lines(out)
	var r Results
	found := false
	for _, l := range ls {
		m := nextestSummary().FindStringSubmatch(l)
		if m == nil {
			continue
		}
		found = true
		r.Run, _ = strconv.Atoi(m[1])
		r.Passed, _ = strconv.Atoi(m[2])
		f, _ := strconv.Atoi(m[3])
		to, _ := strconv.Atoi(m[4])
		r.Failed = f + to
		r.Skipped, _ = strconv.Atoi(m[5])
	}
	if !found {
		return Results{}, false
	}
	gists := map[string]string{}
	for i, l := range ls {
		m := nextestOutput().FindStringSubmatch(l)
		if m == nil || gists[m[1]] != "" {
			continue
		}
		var keep []string
		for _, s := range ls[i+1:] {
			if nextestOutput().MatchString(s) || nextestLine().MatchString(s) {
				break
			}
			if t := strings.TrimSpace(s); t != "" && !strings.HasPrefix(t, "running ") && !strings.HasPrefix(t, "note: run with") {
				keep = append(keep, t)
			}
			if len(keep) == failureLines {
				break
			}
		}
		gists[m[1]] = strings.Join(keep, "\n")
	}
	seen := map[string]bool{}
	for _, l := range ls {
		m := nextestLine().FindStringSubmatch(l)
		if m == nil {
			continue
		}
		// Nextest repeats failing tests in its summary; keep the first.
		key := m[1] + " " + m[2]
		if seen[key] {
			continue
		}
		seen[key] = true
		c := Case{Name: m[2], Status: Pass}
		switch m[1] {
		case "PASS":
		case "SKIP":
			c.Status = Skip
		default:
			c.Status, c.Failure = Fail, gists[m[2]]
		}
		r.Cases = append(r.Cases, c)
	}
	return r, true
}
