package checklist

import (
	"bytes"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const evPass = "Auto-verified: PASS (see `KAN-25-evidence-20260128T120000Z.txt`)"

// marksFor gives every item of src the same outcome.
func marksFor(t testing.TB, src string, passed bool, text string) map[string]Mark {
	t.Helper()
	s, err := Parse([]byte(src), Policy{})
	require.NoError(t, err)
	m := map[string]Mark{}
	for _, it := range s.Items {
		m[it.ID] = Mark{Passed: passed, Text: text}
	}
	return m
}

func rewrite(t testing.TB, src string, marks map[string]Mark) string {
	t.Helper()
	out, err := Rewrite([]byte(src), marks)
	require.NoError(t, err)
	return string(out)
}

// idMarker replaces real IDs with ID so expectations stay readable.
var idMarker = regexp.MustCompile(`AUTO-VERIFY:[0-9a-f]{8}`)

func TestRewrite(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		src    string
		passed bool
		want   string
	}{
		{"pass checks and adds", "# S\n\n- [ ] Run type check\n- next\n", true,
			"# S\n\n- [x] Run type check\n  - " + evPass + " <!-- AUTO-VERIFY:ID -->\n- next\n"},
		{"fail unchecks", "- [x] a\n", false,
			"- [ ] a\n  - FAIL <!-- AUTO-VERIFY:ID -->\n"},
		{"uppercase X kept on pass", "- [X] a\n", true,
			"- [X] a\n  - " + evPass + " <!-- AUTO-VERIFY:ID -->\n"},
		{"crlf kept", "- [ ] a\r\n- [ ] b\r\n", true,
			"- [x] a\r\n  - " + evPass + " <!-- AUTO-VERIFY:ID -->\r\n- [x] b\r\n  - " + evPass + " <!-- AUTO-VERIFY:ID -->\r\n"},
		{"no newline at end", "- [ ] a", true,
			"- [x] a\n  - " + evPass + " <!-- AUTO-VERIFY:ID -->\n"},
		{"ordered item indent", "10. [ ] a\n", true,
			"10. [x] a\n    - " + evPass + " <!-- AUTO-VERIFY:ID -->\n"},
		{"nested and blockquote", "> - [ ] a\n>   - [ ] b\n", true,
			"> - [x] a\n>   - " + evPass + " <!-- AUTO-VERIFY:ID -->\n>   - [x] b\n>     - " + evPass + " <!-- AUTO-VERIFY:ID -->\n"},
		{"after continuation lines", "- [ ] a\n  more\n- [ ] b\n", true,
			"- [x] a\n  more\n  - " + evPass + " <!-- AUTO-VERIFY:ID -->\n- [x] b\n  - " + evPass + " <!-- AUTO-VERIFY:ID -->\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			text := evPass
			if !tt.passed {
				text = "FAIL"
			}
			got := rewrite(t, tt.src, marksFor(t, tt.src, tt.passed, text))
			assert.Equal(t, tt.want, idMarker.ReplaceAllString(got, "AUTO-VERIFY:ID"))
		})
	}
}

func TestRewriteReplacesInsteadOfDuplicating(t *testing.T) {
	t.Parallel()
	src := "intro\n\n<!-- AUTO:CMD=pnpm test -->\n- [ ] tests pass\n- [ ] manual\n\nend\n"
	s, err := Parse([]byte(src), Policy{})
	require.NoError(t, err)
	id := s.Items[0].ID
	first := rewrite(t, src, map[string]Mark{id: {Passed: false, Text: "Auto-verified: FAIL — TEST_FAILURE, exit 1"}})
	second := rewrite(t, first, map[string]Mark{id: {Passed: true, Text: evPass}})
	assert.Equal(t, "intro\n\n<!-- AUTO:CMD=pnpm test -->\n- [x] tests pass\n  - "+evPass+" <!-- AUTO-VERIFY:"+id+" -->\n- [ ] manual\n\nend\n", second)
	assert.Equal(t, 1, strings.Count(second, "AUTO-VERIFY:"+id))
	assert.Equal(t, second, rewrite(t, second, map[string]Mark{id: {Passed: true, Text: evPass}}))
}

func TestRewriteMovesStrayMarkerBeneathItem(t *testing.T) {
	t.Parallel()
	src := "- [ ] a\n\nnotes\n- old <!-- AUTO-VERIFY:ID -->\n"
	s, err := Parse([]byte(src), Policy{})
	require.NoError(t, err)
	id := s.Items[0].ID
	src = strings.ReplaceAll(src, "ID", id)
	got := rewrite(t, src, map[string]Mark{id: {Passed: true, Text: "new"}})
	assert.Equal(t, "- [x] a\n  - new <!-- AUTO-VERIFY:"+id+" -->\n\nnotes\n", got)
}

func TestRewriteLeavesMarkersInCodeBlocks(t *testing.T) {
	t.Parallel()
	src := "- [ ] a\n\n```\n- x <!-- AUTO-VERIFY:ID -->\n```\n"
	s, err := Parse([]byte(src), Policy{})
	require.NoError(t, err)
	id := s.Items[0].ID
	src = strings.ReplaceAll(src, "ID", id)
	got := rewrite(t, src, map[string]Mark{id: {Passed: true, Text: "new"}})
	assert.Equal(t, "- [x] a\n  - new <!-- AUTO-VERIFY:"+id+" -->\n\n```\n- x <!-- AUTO-VERIFY:"+id+" -->\n```\n", got)
}

func TestRewriteDropsStaleMarkersBeneathItem(t *testing.T) {
	t.Parallel()
	src := "- [ ] a\n  - old text <!-- AUTO-VERIFY:0badc0de -->\n\nfar away\n- x <!-- AUTO-VERIFY:0badbeef -->\n"
	s, err := Parse([]byte(src), Policy{})
	require.NoError(t, err)
	id := s.Items[0].ID
	got := rewrite(t, src, map[string]Mark{id: {Passed: true, Text: "new"}})
	assert.Equal(t, "- [x] a\n  - new <!-- AUTO-VERIFY:"+id+" -->\n\nfar away\n- x <!-- AUTO-VERIFY:0badbeef -->\n", got)
}

func TestRewriteSkipsItemsItCannotMarkSafely(t *testing.T) {
	t.Parallel()
	src := "* >>>>>>>>>>>>>>>\n>>>>>>>>>>>>>>>\n>>>>>>>0)   [X] 0"
	s, err := Parse([]byte(src), Policy{})
	require.NoError(t, err)
	require.Len(t, s.Items, 1)
	out, err := Rewrite([]byte(src), map[string]Mark{s.Items[0].ID: {Passed: false, Text: "x"}})
	var skipped *SkippedError
	require.ErrorAs(t, err, &skipped)
	assert.Equal(t, []int{3}, skipped.Lines)
	assert.Equal(t, src, string(out), "left exactly as it was")
}

func TestRewriteLeavesUnmarkedItems(t *testing.T) {
	t.Parallel()
	src := "- [ ] a\n- [x] b\n"
	assert.Equal(t, src, rewrite(t, src, nil))
}

// checkRewriteInvariants asserts what every rewrite must keep: a second
// rewrite changes nothing, item IDs survive, and the only differences from
// the source are checkbox characters and marker lines of marked items.
func checkRewriteInvariants(t *testing.T, src []byte, marks map[string]Mark) {
	once, err := Rewrite(src, marks)
	var skipped *SkippedError
	if err != nil && !errors.As(err, &skipped) {
		return // invalid UTF-8 is refused, not rewritten
	}
	twice, _ := Rewrite(once, marks)
	require.Equal(t, string(once), string(twice), "rewrite twice != rewrite once")

	before, err := Parse(src, Policy{})
	require.NoError(t, err)
	after, err := Parse(once, Policy{})
	require.NoError(t, err)
	require.Equal(t, len(before.Items), len(after.Items), "items appeared or vanished")
	for i := range before.Items {
		require.Equal(t, before.Items[i].ID, after.Items[i].ID, "item ID changed")
	}
	// Every marked item that was not skipped has its marker right beneath,
	// whichever path (re-parse or plain insertion) the rewrite took.
	od, err := scan(once)
	require.NoError(t, err)
	skippedLines := map[int]bool{}
	if skipped != nil {
		for _, l := range skipped.Lines {
			skippedLines[l] = true
		}
	}
	bd, _ := scan(src)
	for i, it := range od.items {
		if _, ok := marks[it.id]; !ok || skippedLines[bd.items[i].line] {
			continue
		}
		require.Less(t, it.lastLn, len(od.lineStart), "marker missing at end")
		id, ok := markerID(od.lineBytes(it.lastLn + 1))
		require.True(t, ok && id == it.id, "marker of %s not beneath it:\n%s", it.id, once)
	}

	// Strip what a rewrite may touch and compare the rest byte for byte.
	strip := func(b []byte) string {
		d, err := scan(b)
		require.NoError(t, err)
		var out strings.Builder
		boxes := map[int]int{}
		touched := map[int]bool{}
		current := map[string]bool{}
		for _, it := range d.items {
			current[it.id] = true
		}
		for _, it := range d.items {
			if _, ok := marks[it.id]; ok {
				boxes[it.line] = it.box - d.lineStart[it.line-1] + 1
				touched[it.lastLn] = true
			}
		}
		lines := splitLines(b)
		for i, line := range lines {
			ln := i + 1
			if !d.protected[i] {
				if id, ok := markerID(line); ok {
					if _, ok := marks[id]; ok || !current[id] {
						continue // ours to replace, or stale and ours to drop
					}
				}
			}
			if off, ok := boxes[ln]; ok && off < len(line) {
				line = withByte(line, off, '?')
			}
			out.Write(bytes.TrimRight(line, "\r\n"))
			if ln == len(lines) || touched[ln] {
				// A rewrite may end an item's last line so a marker can follow.
				out.WriteString("\n")
			} else {
				out.WriteString(lineEnding(line, "\n"))
			}
		}
		return out.String()
	}
	require.Equal(t, strip(src), strip(once), "bytes outside touched lines changed")
}

func FuzzRewrite(f *testing.F) {
	seeds := []string{
		"- [ ] a\n- [x] b\n",
		"<!-- AUTO:CMD=pnpm test -->\n- [ ] a\r\n  - Auto-verified: PASS <!-- AUTO-VERIFY:00000000 -->\r\n",
		"> 1. [ ] q\n>    more\n\n```\n- [ ] code\n```\n",
		"- [ ] a\n  - [ ] b\n    - [X] c",
		"* [ ] x\n\n  para\n\n* [ ] y\n<!--\n- [ ] hidden\n-->\n",
		"- [ ] `pnpm lint`\n\t- [ ] tab\n",
	}
	for _, s := range seeds {
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, src []byte, passed bool) {
		s, err := Parse(src, Policy{})
		if err != nil {
			return
		}
		marks := map[string]Mark{}
		for i, it := range s.Items {
			if i%3 != 2 { // leave some items unmarked
				marks[it.ID] = Mark{Passed: passed != (i%2 == 1), Text: "Auto-verified: PASS (see `f.txt`)"}
			}
		}
		checkRewriteInvariants(t, src, marks)
	})
}

func TestMarkerID(t *testing.T) {
	t.Parallel()
	good := map[string]string{
		"  - Auto-verified: PASS <!-- AUTO-VERIFY:abc12345 -->": "abc12345",
		"> * x <!--AUTO-VERIFY:00000000-->  \r\n":               "00000000",
		"\t+ y <!-- AUTO-VERIFY:deadbeef -->\n":                 "deadbeef",
		"- `a` <!-- x --> <!-- AUTO-VERIFY:0badc0de -->":        "0badc0de",
	}
	for line, want := range good {
		id, ok := markerID([]byte(line))
		assert.True(t, ok, line)
		assert.Equal(t, want, id, line)
	}
	for _, line := range []string{
		"text <!-- AUTO-VERIFY:abc12345 -->",     // not a list item
		"-x <!-- AUTO-VERIFY:abc12345 -->",       // no space after marker
		"- x <!-- AUTO-VERIFY:ABC12345 -->",      // upper-case hex
		"- x <!-- AUTO-VERIFY:abc1234 -->",       // 7 digits
		"- x <!-- AUTO-VERIFY:abc12345 --> tail", // not at the end
		"1. x <!-- AUTO-VERIFY:abc12345 -->",     // ordered: not ours
	} {
		_, ok := markerID([]byte(line))
		assert.False(t, ok, line)
	}
}
