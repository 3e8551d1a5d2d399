package testresults

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// pattern is a lazily compiled regular expression (lazyregexp.New).
type pattern = func() *regexp.Regexp

// A summary is how most test tools' text is read: their totals say how
// many tests passed, failed and were skipped, and each failing test is
// named on a line of its own, with what went wrong under it or in a
// section of its own. Only the patterns differ from tool to tool, so each
// such tool is a summary value (pytestText, jestText, …) in the parsers
// table, not a parser of its own. Output without the totals is not the
// tool's: the counts are never guessed from the names alone.
type summary struct {
	totals totals
	cases  cases
	// above is set when the tool names its failures above its totals line
	// (pytest's short test summary): the lines after it are not read.
	above bool
}

func (s summary) parse(out []byte) (Results, bool) {
	ls := lines(out)
	t, at, ok := s.totals.read(ls)
	if !ok {
		return Results{}, false
	}
	r := t.results()
	if s.above {
		ls = ls[:at]
	}
	r.Cases = s.cases.read(ls)
	return r, true
}

// A count is what a number in a tool's totals counts. Totals patterns name
// their groups after these, so each pattern says what its numbers mean:
// `(?P<total>\d+) examples?, (?P<failed>\d+) failures?`. A name used twice
// adds up (Maven's failures and errors both fail).
type count string

// The counts totals give.
const (
	total   count = "total"   // every test, skipped ones included
	ran     count = "ran"     // the tests that ran: skipped ones not included
	passed  count = "passed"  // passes, when the tool counts them
	failed  count = "failed"  // failures and errors alike
	skipped count = "skipped" // skipped, ignored, pending and todo alike
)

// tally is what a tool's totals say, in its own terms. A count the tool
// does not give is absent, not zero: results works it out from the others
// (most tools print no number of passes, cargo and pytest no total).
type tally map[count]int

func (t tally) results() Results {
	r := Results{Passed: t[passed], Failed: t[failed], Skipped: t[skipped]}
	if n, ok := t[ran]; ok {
		r.Run = n
	} else if n, ok := t[total]; ok {
		r.Run = n - r.Skipped
	} else {
		r.Run = r.Passed + r.Failed
	}
	if _, ok := t[passed]; !ok {
		r.Passed = r.Run - r.Failed
	}
	return r
}

// gives records that the tool gives count c: zero until it says more.
func (t tally) gives(c count) {
	if _, ok := t[c]; !ok {
		t[c] = 0
	}
}

// totals finds a tool's counts in its output lines. at is the line they
// were read from; ok is false when there are none, and the output is then
// not the tool's.
type totals interface {
	read(ls []string) (t tally, at int, ok bool)
}

// totalsLines are totals a tool prints on one line, in one of a few
// shapes. The last such line is the tool's final word, unless add is set.
type totalsLines struct {
	shapes []totalsLine // tried in order on each line; the first that matches counts
	add    bool         // each line counts a part (cargo: one per test binary): they add up
}

// totalsLine is one shape of a totals line.
type totalsLine struct {
	re    pattern     // its groups are named after the counts they hold
	words *wordCounts // reads counts the line lists in words
	// trim matches the line without the indentation (and trailing space)
	// the tool puts around it.
	trim bool
	// unless: a line holding this only looks like the totals (Maven's
	// line per test class).
	unless string
	// noCounts: the line says the tool ran without counting anything
	// (CTest's "No tests were found"), so what an earlier totals line
	// said stands.
	noCounts bool
}

// read looks from the end, where the final totals are: output that has
// them is read only as far back as its last totals line (a pytest log can
// be megabytes, its totals line is the last).
func (tl totalsLines) read(ls []string) (tally, int, bool) {
	if tl.add {
		return tl.sum(ls)
	}
	at := -1
	for i := len(ls) - 1; i >= 0; i-- {
		p, m := tl.match(ls[i])
		if p == nil {
			continue
		}
		if !p.noCounts {
			return p.tally(m), i, true
		}
		if at < 0 {
			at = i
		}
	}
	return tally{}, at, at >= 0
}

func (tl totalsLines) sum(ls []string) (tally, int, bool) {
	t, at := tally{}, -1
	for i, l := range ls {
		p, m := tl.match(l)
		if p == nil {
			continue
		}
		at = i
		if !p.noCounts {
			for c, n := range p.tally(m) {
				t[c] += n
			}
		}
	}
	return t, at, at >= 0
}

// match returns the shape l has, and its match, or nil.
func (tl totalsLines) match(l string) (*totalsLine, []string) {
	for i := range tl.shapes {
		p := &tl.shapes[i]
		if p.unless != "" && strings.Contains(l, p.unless) {
			continue
		}
		s := l
		if p.trim {
			s = strings.TrimSpace(l)
		}
		if m := p.re().FindStringSubmatch(s); m != nil {
			return p, m
		}
	}
	return nil, nil
}

func (p *totalsLine) tally(m []string) tally {
	t := tally{}
	for i, name := range p.re().SubexpNames() {
		if name != "" {
			n, _ := strconv.Atoi(m[i])
			t[count(name)] += n
		}
	}
	if p.words != nil {
		p.words.add(t, m[0])
	}
	return t
}

// wordCounts reads counts a tool lists in words, in any order: "1 failed, 2
// passed" or "Failures: 1, Skipped: 2". Each match of re is one count, in
// groups n (the number) and word; as says what each word counts (a word
// it leaves out is not counted).
type wordCounts struct {
	re    pattern
	as    map[string]count
	first bool // a word said twice counts once, where it first appears
}

// add adds the counts s lists to t. Every count as names is then in t,
// zero when s does not mention it: tools leave zeros out ("1 passed").
func (w wordCounts) add(t tally, s string) {
	for _, c := range w.as {
		t.gives(c)
	}
	re := w.re()
	n, word := re.SubexpIndex("n"), re.SubexpIndex("word")
	var seen map[string]bool
	for _, m := range re.FindAllStringSubmatch(s, -1) {
		c, ok := w.as[m[word]]
		if !ok {
			continue
		}
		if w.first {
			if seen[m[word]] {
				continue
			}
			if seen == nil {
				seen = map[string]bool{}
			}
			seen[m[word]] = true
		}
		v, _ := strconv.Atoi(m[n])
		t[c] += v
	}
}

// countLines are totals printed one count a line, as node --test prints
// them ("ℹ tests 4", "ℹ pass 2", …; "# tests 4" in TAP): re matches a
// whole line. The last line for each word counts, and there are totals
// only when one of them gave the total.
type countLines struct{ wordCounts }

func (c countLines) read(ls []string) (tally, int, bool) {
	re := c.re()
	n, word := re.SubexpIndex("n"), re.SubexpIndex("word")
	last, at := map[string]int{}, -1
	for i, l := range ls {
		if m := re.FindStringSubmatch(l); m != nil {
			last[m[word]], _ = strconv.Atoi(m[n])
			at = i
		}
	}
	t := tally{}
	for _, k := range c.as {
		t.gives(k)
	}
	found := false
	for w, v := range last {
		if k, ok := c.as[w]; ok {
			t[k] += v
			found = found || k == total
		}
	}
	return t, at, found
}

// cases says where a tool names its tests and what went wrong with them.
type cases struct {
	// line names one test, in groups: name (and class, which goes
	// before it: "Class.name"), status (how it ended, read by statuses;
	// without it every line names a failure) and gist (what went wrong,
	// when nothing else says).
	line     pattern
	statuses map[string]Status // a status not here: the line names no test
	// nameBelow: line only heads a failure, whose name is on the next
	// line, in this pattern's groups (minitest's "1) Failure:").
	nameBelow pattern
	skip      string // names starting with this are not tests (jest's "Test suite failed to run")
	once      bool   // the tool names tests again in a closing list: the first time counts
	region    region // where in the output tests are named: all of it when zero
	under     *block // what went wrong is in the lines under the test's line
	// gists reads what went wrong from elsewhere (a section of its own
	// per test), by the test's name; key turns a test's name into its
	// section's, when they differ (pytest).
	gists func(ls []string) map[string]string
	key   func(name string) string
}

// read lists the tests ls names, in the order it names them.
func (c cases) read(ls []string) []Case {
	var gists map[string]string
	if c.gists != nil {
		gists = c.gists(ls)
	}
	var out []Case
	seen := map[string]bool{}
	in := c.region.from == nil && c.region.open == nil
	for i, l := range ls {
		if c.region.marks(l, &in) || !in {
			continue
		}
		m := c.line().FindStringSubmatch(l)
		if m == nil {
			if c.region.list {
				break
			}
			continue
		}
		if tc, ok := c.caseAt(ls, i, m, gists, seen); ok {
			out = append(out, tc)
		}
	}
	return out
}

// caseAt reads the test named by line i, whose match is m; ok is false
// when the line names no test after all, or one already listed.
func (c cases) caseAt(ls []string, i int, m []string, gists map[string]string, seen map[string]bool) (Case, bool) {
	re, names, next := c.line(), m, i+1
	namer := re
	if c.nameBelow != nil {
		if i+1 >= len(ls) {
			return Case{}, false
		}
		namer, next = c.nameBelow(), i+2
		if names = namer.FindStringSubmatch(strings.TrimSpace(ls[i+1])); names == nil {
			return Case{}, false
		}
	}
	name := group(namer, names, "name")
	if class := group(namer, names, "class"); class != "" {
		name = class + "." + name
	}
	if c.skip != "" && strings.HasPrefix(name, c.skip) {
		return Case{}, false
	}
	word, status := group(re, m, "status"), Fail
	if c.statuses != nil {
		s, ok := c.statuses[word]
		if !ok {
			return Case{}, false
		}
		status = s
	}
	if c.once {
		if seen[word+" "+name] {
			return Case{}, false
		}
		seen[word+" "+name] = true
	}
	tc := Case{Name: name, Status: status}
	if status == Fail {
		tc.Failure = c.gist(ls[next:], name, group(re, m, "gist"), gists)
	}
	return tc, true
}

// gist is what went wrong with the failing test name: its section's text,
// else the lines under its line, else what its line said.
func (c cases) gist(under []string, name, said string, gists map[string]string) string {
	if gists != nil {
		if c.key != nil {
			name = c.key(name)
		}
		if g, ok := gists[name]; ok {
			return g
		}
	} else if c.under != nil {
		return c.under.read(under)
	}
	return said
}

// group is m's group called name, or "" when re has none.
func group(re *regexp.Regexp, m []string, name string) string {
	if i := re.SubexpIndex(name); i >= 0 {
		return m[i]
	}
	return ""
}

// region is the part of the output where a tool names its tests: below
// the first line matching from (node's "✖ failing tests:"), or below each
// line matching open (checked on every line) up to one matching close
// (PHPUnit's "There was 1 failure:" … "There was 1 risky test:") or, with
// list, up to the first line that names no test (CTest's list of failures).
type region struct {
	from, open, close pattern
	list              bool
}

// marks reports whether l opens or closes the region (and so names no
// test), updating in.
func (r region) marks(l string, in *bool) bool {
	switch {
	case r.from != nil:
		if !*in && r.from().MatchString(l) {
			*in = true
			return true
		}
	case r.open != nil:
		if r.open().MatchString(l) {
			*in = true
			return true
		}
		if r.close != nil && r.close().MatchString(l) {
			*in = false
			return true
		}
	}
	return false
}

// block is what a tool says about a failure in the lines under a heading:
// up to failureLines of them (or lines), trimmed, blank ones left out, up
// to the first line that ends the block.
type block struct {
	lines    int       // how many lines to keep, when not failureLines
	endAt    []pattern // a line matching one of these ends the block (the next heading)
	endsWith []string  // as does one whose trimmed text starts with one of these
	endLines []string  // or that is exactly one of these
	blank    bool      // or a blank line
	indented bool      // or one not indented by a space (Gradle indents what it says under a test)
	drop     []string  // trimmed lines starting with one of these are noise, skipped
}

// lineBelow is a block of one line: the one under the heading (nothing
// when that is blank).
var lineBelow = &block{lines: 1, blank: true}

func (b block) read(rest []string) string {
	limit := failureLines
	if b.lines > 0 {
		limit = b.lines
	}
	var keep []string
	for _, l := range rest {
		t := strings.TrimSpace(l)
		if b.ends(l, t) {
			break
		}
		if t == "" || hasPrefix(t, b.drop) {
			continue
		}
		keep = append(keep, t)
		if len(keep) == limit {
			break
		}
	}
	return strings.Join(keep, "\n")
}

// ends reports whether line l (trimmed: t) ends the block.
func (b block) ends(l, t string) bool {
	if b.blank && t == "" || b.indented && !strings.HasPrefix(l, " ") {
		return true
	}
	for _, re := range b.endAt {
		if re().MatchString(l) {
			return true
		}
	}
	return hasPrefix(t, b.endsWith) || slices.Contains(b.endLines, l)
}

func hasPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// sections read what went wrong with each test from a section of its own
// ("---- tests::breaks stdout ----"), under a heading whose group name is
// the test's name. The first section for a name counts.
type sections struct {
	heading pattern
	body    block
	// firstWithText: a test has a section per stream (nextest's stdout
	// and stderr), and the first is often empty: the first with text
	// counts.
	firstWithText bool
}

func (s sections) read(ls []string) map[string]string {
	gists := map[string]string{}
	re := s.heading()
	name := re.SubexpIndex("name")
	for i, l := range ls {
		m := re.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if g, ok := gists[m[name]]; ok && (g != "" || !s.firstWithText) {
			continue
		}
		gists[m[name]] = s.body.read(ls[i+1:])
	}
	return gists
}
