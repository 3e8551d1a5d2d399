package checklist

import (
	"bytes"
	"regexp"
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

// markerRe matches an evidence sub-bullet: a list item line ending in an
// AUTO-VERIFY comment. Only such lines outside code and HTML blocks are ever
// replaced or removed.
var markerRe = regexp.MustCompile(`^[ \t>]*[-*+][ \t]+.*<!--\s*AUTO-VERIFY:([0-9a-f]{8})\s*-->[ \t]*$`)

// MarkerComment returns the hidden marker for an item ID.
func MarkerComment(id string) string { return "<!-- AUTO-VERIFY:" + id + " -->" }

// Rewrite returns src with, for every item that has a mark, its checkbox set
// from the mark and exactly one evidence sub-bullet directly beneath the
// item's first paragraph. A sub-bullet already carrying the item's marker is
// replaced in place; stray copies elsewhere are removed. Every other byte,
// line endings included, is left as it was, so Rewrite(Rewrite(x)) ==
// Rewrite(x) and a user's text is never touched.
func Rewrite(src []byte, marks map[string]Mark) ([]byte, error) {
	d, err := scan(src)
	if err != nil {
		return nil, err
	}
	lines := splitLines(src)
	markers := map[string][]int{}
	for ln := 1; ln <= len(lines); ln++ {
		if d.protected[ln-1] {
			continue
		}
		if m := markerRe.FindStringSubmatch(d.lineText(ln)); m != nil {
			markers[m[1]] = append(markers[m[1]], ln)
		}
	}
	eol := dominantEOL(src)
	replace := map[int][]byte{}
	deleted := map[int]bool{}
	inserts := map[int][][]byte{}
	for _, it := range d.items {
		mark, ok := marks[it.id]
		if !ok {
			continue
		}
		// Checkbox: only the character between the brackets changes.
		line := lines[it.line-1]
		if r, ok := replace[it.line]; ok {
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
		text := strings.Join(strings.Fields(mark.Text), " ")
		want := []byte(it.prefix + "- " + text + " " + MarkerComment(it.id))
		target := it.lastLn + 1
		placed := false
		for _, ln := range markers[it.id] {
			if ln == target && !placed {
				replace[ln] = append(want, lineEnding(lines[ln-1], eol)...)
				placed = true
				continue
			}
			deleted[ln] = true
		}
		if !placed {
			inserts[it.lastLn] = append(inserts[it.lastLn], want)
		}
	}
	var out bytes.Buffer
	out.Grow(len(src) + 128*len(inserts))
	for i, line := range lines {
		ln := i + 1
		if deleted[ln] {
			continue
		}
		if r, ok := replace[ln]; ok {
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
	return out.Bytes(), nil
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
