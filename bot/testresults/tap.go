package testresults

import (
	"strings"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

var (
	tapLine    = lazyregexp.New(`^(\s*)(not ok|ok) \d+(?:\s+-)?(.*?)(?:\s*#\s*(SKIP|TODO|skip|todo)\b.*)?$`)
	tapPlan    = lazyregexp.New(`^\s*1\.\.\d+`)
	tapCount   = lazyregexp.New(`^# (?P<word>tests|pass|fail|skipped|todo|cancelled) (?P<n>\d+)$`)
	tapBailOut = lazyregexp.New(`^\s*Bail out!`)
)

// tapTotals are node's counts at the end of its TAP ("# tests 4").
var tapTotals = countLines{wordCounts{re: tapCount, as: nodeCounts}}

// parseTAP reads TAP: node --test (which nests subtests four spaces
// deeper, before their parent) and bats. Only leaf tests count, as node's
// own "# tests N" does; a skipped or todo test is skipped. When node's
// totals are printed they are used as they are.
func parseTAP(out []byte) (Results, bool) {
	ls := lines(out)
	hasPlan := false
	for _, l := range ls {
		if tapPlan().MatchString(l) {
			hasPlan = true
			break
		}
	}
	if !hasPlan {
		return Results{}, false
	}
	type entry struct {
		indent int
		c      Case
	}
	var entries []entry
	for i, l := range ls {
		m := tapLine().FindStringSubmatch(l)
		if m == nil {
			continue
		}
		c := Case{Name: strings.TrimSpace(m[3]), Status: Pass}
		switch {
		case m[4] != "":
			c.Status = Skip
		case m[2] == "not ok":
			c.Status = Fail
			c.Failure = tapFailure(ls[i+1:], len(m[1]))
		}
		entries = append(entries, entry{indent: len(m[1]), c: c})
	}
	var r Results
	// A line is a parent when the line before it is deeper: its subtests
	// were printed just before it.
	for i, e := range entries {
		if i > 0 && entries[i-1].indent > e.indent {
			continue
		}
		r.Cases = append(r.Cases, e.c)
	}
	finish(&r)
	if t, _, ok := tapTotals.read(ls); ok {
		n := t.results()
		r.Run, r.Passed, r.Failed, r.Skipped = n.Run, n.Passed, n.Failed, n.Skipped
	}
	for _, l := range ls {
		if tapBailOut().MatchString(l) && r.Failed == 0 {
			r.Failed = 1
			r.Cases = append(r.Cases, Case{Name: "bail out", Status: Fail, Failure: strings.TrimSpace(l)})
			r.Run = r.Passed + r.Failed
		}
	}
	return r, true
}

// tapFailure keeps the diagnostics under a "not ok" line: from node's
// YAML block the error, expected and actual values (not the stack), and
// bats' "#" lines.
func tapFailure(rest []string, indent int) string {
	var keep []string
	for _, l := range rest {
		if tapLine().MatchString(l) || tapPlan().MatchString(l) {
			break
		}
		t := strings.TrimSpace(l)
		if t == "..." || strings.HasPrefix(t, "stack:") {
			break
		}
		switch {
		case t == "" || t == "---":
			continue
		case strings.HasPrefix(t, "#"):
			t = strings.TrimSpace(t[1:])
			if t == "" || strings.HasPrefix(t, "(in test file") || strings.HasPrefix(t, "Subtest:") {
				continue
			}
		case yamlKey().MatchString(t):
			m := yamlKey().FindStringSubmatch(t)
			if m[1] != "error" && m[1] != "expected" && m[1] != "actual" {
				continue
			}
			if v := strings.TrimSpace(m[2]); v == "|-" || v == "|" || v == ">-" {
				continue // the value is the indented block that follows
			}
			if m[1] == "error" {
				t = strings.Trim(strings.TrimSpace(m[2]), "'\"")
			}
		}
		keep = append(keep, t)
		if len(keep) == failureLines {
			break
		}
	}
	return strings.Join(keep, "\n")
}

var yamlKey = lazyregexp.New(`^([A-Za-z_]+):(\s.*|$)`)

// nodeCounts are what node --test's reporters count ("ℹ tests 4" in
// spec, "# tests 4" in TAP): a cancelled test failed, a todo one was
// skipped.
var nodeCounts = map[string]count{
	"tests": total, "pass": passed, "fail": failed, "cancelled": failed, "skipped": skipped, "todo": skipped,
}

var (
	nodeSpecCount   = lazyregexp.New(`^ℹ (?P<word>tests|pass|fail|skipped|todo|cancelled) (?P<n>\d+)$`)
	nodeSpecFailing = lazyregexp.New(`^✖ failing tests:`)
	nodeSpecFail    = lazyregexp.New(`^(\s*)✖ (?P<name>.+?)(?: \([\d.]+m?s\))?$`)
)

// nodeSpecText reads node --test's spec reporter (the default on a
// terminal): its "ℹ tests N" totals, and the names under "✖ failing
// tests:", where each failure is listed once more with its error.
var nodeSpecText = summary{
	totals: countLines{wordCounts{re: nodeSpecCount, as: nodeCounts}},
	cases: cases{
		line: nodeSpecFail, once: true, region: region{from: nodeSpecFailing},
		under: &block{endAt: []pattern{nodeSpecFail}, endsWith: []string{"at "}, drop: []string{"test at "}},
	},
}
