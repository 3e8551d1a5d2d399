package checklist

import (
	"bytes"
	"fmt"
	"strings"
)

// Mark is the evidence line for one item after a run.
type Mark struct {
	// Passed checks the box; a failure unchecks it.
	Passed bool
	// KeepBox leaves the checkbox as the author set it.
	KeepBox bool
	// Text is the sub-bullet's text without the list marker and the
	// AUTO-VERIFY comment, e.g. "Auto-verified: PASS (see `f.txt`)".
	Text string
}

// markerKeyword is a cheap pre-check before markerID.
var markerKeyword = []byte("AUTO-VERIFY:")

// markerID returns the item ID of an evidence sub-bullet: a bullet list
// item line (after blockquote markers and indentation) ending in an
// <!-- AUTO-VERIFY:xxxxxxxx --> comment. Only such lines outside code and
// HTML blocks are ever replaced or removed. Hand-written rather than a
// regular expression because it runs on every line of every rewrite.
func markerID(line []byte) (string, bool) {
	line = bytes.TrimRight(line, " \t\r\n")
	if !bytes.HasSuffix(line, []byte("-->")) {
		return "", false
	}
	open := bytes.LastIndex(line[:len(line)-3], []byte("<!--"))
	if open < 0 || open+4 > len(line)-3 {
		return "", false
	}
	inner := bytes.TrimSpace(line[open+4 : len(line)-3])
	if !bytes.HasPrefix(inner, markerKeyword) || len(inner) != len(markerKeyword)+8 {
		return "", false
	}
	id := inner[len(markerKeyword):]
	for _, c := range id {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return "", false
		}
	}
	head := bytes.TrimLeft(line[:open], " \t>")
	if len(head) < 2 || bytes.IndexByte([]byte("-*+"), head[0]) < 0 || (head[1] != ' ' && head[1] != '\t') {
		return "", false
	}
	return string(id), true
}

// MarkerComment returns the hidden marker for an item ID.
func MarkerComment(id string) string { return "<!-- AUTO-VERIFY:" + id + " -->" }

// Rewrite returns src with, for every item that has a mark, its checkbox set
// from the mark and exactly one evidence sub-bullet directly beneath the
// item's first paragraph. A sub-bullet already carrying the item's marker is
// replaced in place; stray copies elsewhere are removed. Every other byte,
// line endings included, is left as it was, so Rewrite(Rewrite(x)) ==
// Rewrite(x) and a user's text is never touched.
//
// Markdown containers can nest in ways a line-based edit cannot follow (a
// lazy continuation line inside nested blockquotes, say). Rewrite therefore
// parses its own output and checks that every item survived with its marker
// directly beneath; an item for which that fails is left exactly as it was
// and reported in a *SkippedError, which comes with a usable result.
func Rewrite(src []byte, marks map[string]Mark) ([]byte, error) {
	d, err := scan(src)
	if err != nil {
		return nil, err
	}
	skip := map[string]bool{}
	for range len(d.items) + 1 {
		out, reshaped := d.apply(marks, skip)
		bad := ""
		if reshaped {
			bad = d.verify(out, marks, skip)
		} // else only checkbox characters and the inline text of existing
		// marker lines changed: no block can have moved.
		if bad == "" {
			if len(skip) == 0 {
				return out, nil
			}
			return out, d.skippedError(skip)
		}
		skip[bad] = true
	}
	return src, d.skippedError(skip)
}

// SkippedError lists items whose markers could not be written safely.
type SkippedError struct {
	Lines []int
}

func (e *SkippedError) Error() string {
	return fmt.Sprintf("items on lines %v were not marked: their nesting is too unusual to add a line beneath them without changing the story's structure", e.Lines)
}

func (d *document) skippedError(skip map[string]bool) error {
	e := &SkippedError{}
	for _, it := range d.items {
		if skip[it.id] {
			e.Lines = append(e.Lines, it.line)
		}
	}
	return e
}

// verify parses a rewrite and returns the ID of the first marked item that
// did not survive it intact, or "" when all did.
func (d *document) verify(out []byte, marks map[string]Mark, skip map[string]bool) string {
	o, err := scan(out)
	if err != nil || len(o.items) != len(d.items) {
		return d.firstMarked(marks, skip)
	}
	for i, it := range d.items {
		got := o.items[i]
		_, marked := marks[it.id]
		if got.id != it.id || got.text != it.text {
			if marked && !skip[it.id] {
				return it.id
			}
			return d.firstMarked(marks, skip)
		}
		if !marked || skip[it.id] {
			continue
		}
		if got.lastLn >= len(o.lineStart) || o.protected[got.lastLn] {
			return it.id
		}
		id, ok := markerID(o.lineBytes(got.lastLn + 1))
		if !ok || id != it.id {
			return it.id
		}
	}
	return ""
}

func (d *document) firstMarked(marks map[string]Mark, skip map[string]bool) string {
	for _, it := range d.items {
		if _, ok := marks[it.id]; ok && !skip[it.id] {
			return it.id
		}
	}
	return ""
}

// apply performs the line edits for every marked item not in skip. It
// reports whether any line was added, removed, or re-indented, which is
// when the result must be parsed again to check it.
func (d *document) apply(marks map[string]Mark, skip map[string]bool) ([]byte, bool) {
	reshaped := false
	src := d.src
	lines := splitLines(src)
	markers := map[string][]int{}
	for ln := 1; ln <= len(lines); ln++ {
		if d.protected[ln-1] || !bytes.Contains(lines[ln-1], markerKeyword) {
			continue
		}
		if id, ok := markerID(lines[ln-1]); ok {
			markers[id] = append(markers[id], ln)
		}
	}
	current := make(map[string]bool, len(d.items))
	for _, it := range d.items {
		current[it.id] = true
	}
	eol := dominantEOL(src)
	// Edits by 1-based line; slices, not maps: a 10,000-item story makes
	// tens of thousands of them.
	replace := make([][]byte, len(lines)+1)
	deleted := make([]bool, len(lines)+1)
	inserts := make([][][]byte, len(lines)+1)
	added := 0
	for _, it := range d.items {
		mark, ok := marks[it.id]
		if !ok || skip[it.id] {
			continue
		}
		// Checkbox: only the character between the brackets changes.
		line := lines[it.line-1]
		if r := replace[it.line]; r != nil {
			line = r
		}
		off := it.box - d.lineStart[it.line-1] + 1
		if off < len(line) && !mark.KeepBox {
			c := line[off]
			switch {
			case mark.Passed && c == ' ':
				line = withByte(line, off, 'x')
			case !mark.Passed && (c == 'x' || c == 'X'):
				line = withByte(line, off, ' ')
			}
			replace[it.line] = line
		}
		text := markText(mark.Text)
		want := []byte(it.prefix + "- " + text + " " + MarkerComment(it.id))
		target := it.lastLn + 1
		placed := false
		for _, ln := range markers[it.id] {
			if ln == target && !placed {
				if !bytes.HasPrefix(lines[ln-1], []byte(it.prefix+"- ")) {
					reshaped = true
				}
				replace[ln] = append(want, lineEnding(lines[ln-1], eol)...)
				placed = true
				continue
			}
			deleted[ln] = true
			reshaped = true
		}
		if !placed {
			inserts[it.lastLn] = append(inserts[it.lastLn], want)
			added += len(want) + 2
			if !d.plainInsertion(it) {
				reshaped = true
			}
		}
		// Markers right beneath the item whose IDs match no item any more
		// are left from before the item's text was edited: they describe
		// nothing and would mislead, so they go.
		for ln := target; ln <= len(lines) && !d.protected[ln-1]; ln++ {
			if !bytes.Contains(lines[ln-1], markerKeyword) {
				break
			}
			id, ok := markerID(lines[ln-1])
			if !ok {
				break
			}
			if !current[id] {
				deleted[ln] = true
				reshaped = true
			}
		}
	}
	var out bytes.Buffer
	out.Grow(len(src) + added + 2)
	for i, line := range lines {
		ln := i + 1
		if deleted[ln] {
			continue
		}
		if r := replace[ln]; r != nil {
			line = r
		}
		ins := inserts[ln]
		if len(ins) > 0 && !bytes.HasSuffix(line, []byte("\n")) {
			line = append(append([]byte(nil), line...), eol...)
		}
		out.Write(line)
		for _, l := range ins {
			out.Write(l)
			out.WriteString(lineEnding(line, eol))
		}
	}
	return out.Bytes(), reshaped
}

// plainInsertion reports whether a marker line can go beneath the item
// without any chance of changing the story's block structure, so the
// re-parse can be skipped. It holds when the item is in no blockquote and
// has no tabs before its checkbox, every line of its first paragraph is
// indented to its content column (no lazy continuation), and the next
// non-blank line after the paragraph is indented less than the marker's own
// content column (so nothing that follows can become part of the marker's
// list item). Then the marker line is a bullet item at the item's content
// column, which interrupts nothing and nests directly under the item.
// Everything else is checked by parsing the result.
func (d *document) plainInsertion(it rawItem) bool {
	w := len(it.prefix)
	if strings.ContainsAny(it.prefix, ">\t") {
		return false
	}
	head := d.lineBytes(it.line)[:it.box-d.lineStart[it.line-1]]
	for _, c := range head {
		if strings.IndexByte(" -*+.)0123456789", c) < 0 {
			return false // tabs, blockquotes, stray control characters
		}
	}
	for ln := it.line + 1; ln <= it.lastLn; ln++ {
		if indentOf(d.lineBytes(ln)) < w {
			return false
		}
	}
	for ln := it.lastLn + 1; ln <= len(d.lineStart); ln++ {
		line := d.lineBytes(ln)
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		return indentOf(line) < w+2
	}
	return true
}

// indentOf counts leading spaces; a tab makes the line count as deeply
// indented, which sends it to the careful path.
func indentOf(line []byte) int {
	n := 0
	for _, c := range line {
		switch c {
		case ' ':
			n++
		case '\t':
			return 1 << 20
		default:
			return n
		}
	}
	return n
}

var commentDelims = strings.NewReplacer("<!--", "<!- -", "-->", "- ->")

// markText makes a mark's text safe on one marker line: one line, no
// comment delimiters, and balanced backticks so the marker comment can
// never end up inside a code span.
func markText(s string) string {
	s = strings.TrimSpace(s)
	if strings.ContainsAny(s, "\t\n\r\v\f") || strings.Contains(s, "  ") {
		s = strings.Join(strings.Fields(s), " ")
	}
	if strings.Contains(s, "<!--") || strings.Contains(s, "-->") {
		s = commentDelims.Replace(s)
	}
	if strings.Count(s, "`")%2 == 1 {
		s = strings.ReplaceAll(s, "`", "'")
	}
	return s
}

func withByte(b []byte, i int, c byte) []byte {
	out := append([]byte(nil), b...)
	out[i] = c
	return out
}

// splitLines splits after each '\n', keeping the endings.
func splitLines(src []byte) [][]byte {
	var lines [][]byte
	for len(src) > 0 {
		i := bytes.IndexByte(src, '\n')
		if i < 0 {
			lines = append(lines, src)
			break
		}
		lines = append(lines, src[:i+1])
		src = src[i+1:]
	}
	if len(lines) == 0 {
		lines = append(lines, nil)
	}
	return lines
}

// lineEnding returns the ending of line, or def when it has none.
func lineEnding(line []byte, def string) string {
	switch {
	case bytes.HasSuffix(line, []byte("\r\n")):
		return "\r\n"
	case bytes.HasSuffix(line, []byte("\n")):
		return "\n"
	}
	return def
}

// dominantEOL is the story's first line ending, so a line added to a CRLF
// file ends in CRLF too.
func dominantEOL(src []byte) string {
	i := bytes.IndexByte(src, '\n')
	if i > 0 && src[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}
