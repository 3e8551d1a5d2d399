package checklist

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Kind says how an item is verified.
type Kind string

// The item kinds.
const (
	// Auto items run a command.
	Auto Kind = "auto"
	// Manual items need a person.
	Manual Kind = "manual"
	// Rejected items carry an AUTO tag whose command may not run; they are
	// neither run nor counted as manual, and the reason says what to fix.
	Rejected Kind = "rejected"
)

// Source says where an item's command came from.
type Source string

// The command sources.
const (
	FromTag      Source = "tag"
	FromBacktick Source = "backtick"
	FromNone     Source = ""
)

// Item is one GFM task item of a story.
type Item struct {
	// ID is 8 hex digits, stable across checking the box, adding evidence
	// and re-indenting; see idAssigner.
	ID string `json:"id"`
	// Line is the 1-based line of the checkbox.
	Line int `json:"line"`
	// Text is the item's first paragraph after the checkbox, one line.
	Text    string `json:"text"`
	Checked bool   `json:"checked"`
	Kind    Kind   `json:"kind"`
	Source  Source `json:"source"`
	// Command is the command as written; Argv is how it will run.
	Command string   `json:"command"`
	Argv    []string `json:"-"`
	// Reason explains a manual or rejected item.
	Reason string `json:"reason"`
	// Environment is the tag's ENV= (empty: every environment) and ExitCode
	// its EXIT= (the exit status that counts as a pass).
	Environment string `json:"environment,omitempty"`
	ExitCode    int    `json:"required_exit_code,omitempty"`
	// Gate is the tag's GATE= (VERIFY_RED …): the pipeline's gates judge
	// the item, with Argv as the test command, instead of its exit code.
	Gate string `json:"gate,omitempty"`
	// Guards are the tag's GUARD= tests: regression guards the gates do
	// not call vanity for passing before the change.
	Guards []string `json:"guards,omitempty"`
}

// Story is a parsed checklist.
type Story struct {
	Items []Item
	// Warnings name things that look meant but do nothing, such as an AUTO
	// tag separated from its item by a blank line.
	Warnings []string
}

// Counts returns how many items are automated, manual and rejected.
func (s *Story) Counts() (auto, manual, rejected int) {
	for _, it := range s.Items {
		switch it.Kind {
		case Auto:
			auto++
		case Manual:
			manual++
		case Rejected:
			rejected++
		}
	}
	return
}

// ManualRemaining counts the manual items nobody has checked yet: a manual
// item a person has ticked is done, the story's own record of it.
func (s *Story) ManualRemaining() int {
	n := 0
	for _, it := range s.Items {
		if it.Kind == Manual && !it.Checked {
			n++
		}
	}
	return n
}

// EncodingError reports a story that is not UTF-8 text.
type EncodingError struct {
	Line, Offset int
}

func (e *EncodingError) Error() string {
	return fmt.Sprintf("line %d: invalid UTF-8 at byte %d; save the story as UTF-8", e.Line, e.Offset)
}

// ErrNoChecklist is returned by callers that need at least one item.
var ErrNoChecklist = errors.New("no checklist: the story has no task items (`- [ ] ...`)")

// Parse reads a story. It returns an *EncodingError for non-UTF-8 input and
// otherwise never fails: items it cannot automate are manual or rejected
// with a reason.
func Parse(src []byte, policy Policy) (*Story, error) {
	doc, err := scan(src)
	if err != nil {
		return nil, err
	}
	story := &Story{Warnings: doc.warnings, Items: make([]Item, 0, len(doc.items))}
	for _, it := range doc.items {
		story.Items = append(story.Items, classifyItem(it, policy))
	}
	return story, nil
}

func classifyItem(it rawItem, policy Policy) Item {
	item := Item{ID: it.id, Line: it.line, Text: it.text, Checked: it.checked, Kind: Manual}
	switch {
	case it.tag != "":
		item.Source = FromTag
		tag, err := parseTag(it.tag)
		if err != nil {
			item.Kind, item.Reason = Rejected, err.Error()
			return item
		}
		item.Command, item.Environment, item.ExitCode, item.Gate, item.Guards = tag.Command, tag.Environment, tag.ExitCode, tag.Gate, tag.Guards
		if tag.Gate != "" && tag.Command == "" {
			// Argv nil: the gates run the ecosystem's default test
			// command, allowlisted when they pick it.
			item.Kind = Auto
			return item
		}
		argv, err := policy.Check(tag.Command)
		if err != nil {
			item.Kind, item.Reason = Rejected, "AUTO tag "+err.Error()
			return item
		}
		item.Kind, item.Argv = Auto, argv
	case it.hasCode:
		argv, err := policy.Check(it.code)
		if err != nil {
			item.Reason = "first code span " + err.Error()
			return item
		}
		item.Kind, item.Source, item.Command, item.Argv = Auto, FromBacktick, it.code, argv
	default:
		item.Reason = "no AUTO tag and no code span"
	}
	return item
}

// rawItem is what the markdown scan finds, before any policy applies.
type rawItem struct {
	id      string
	line    int // 1-based checkbox line
	lastLn  int // 1-based last line of the item's first paragraph
	box     int // byte offset of '[' of the checkbox
	prefix  string
	text    string
	checked bool
	tag     string // the raw tag line when one precedes the item
	code    string
	hasCode bool
}

// document is the scan of a story: its items, the lines that belong to
// code and HTML blocks (never rewritten), and its line index.
type document struct {
	src       []byte
	lineStart []int // byte offset where each 0-based line starts
	items     []rawItem
	protected []bool // per 0-based line: inside a code or HTML block
	htmlLine  []bool // per 0-based line: a line of an HTML block
	warnings  []string
}

// markdownParser is CommonMark block parsing with only the inline parsers
// that matter here: task checkboxes, code spans, autolinks (which compete
// with code spans for backticks) and raw HTML (AUTO tags). Links and emphasis
// cannot change which code span comes first, since code spans bind tighter,
// and skipping them halves the parse time of large stories. The link
// reference definition transformer is left out for the same reason: it only
// turns finished paragraphs into definitions, which changes no block
// structure, and a task item's "[ ] " can never be one.
var markdownParser = parser.NewParser(
	parser.WithBlockParsers(parser.DefaultBlockParsers()...),
	parser.WithInlineParsers(
		util.Prioritized(extension.NewTaskCheckBoxParser(), 0),
		util.Prioritized(parser.NewCodeSpanParser(), 100),
		util.Prioritized(parser.NewAutoLinkParser(), 300),
		util.Prioritized(parser.NewRawHTMLParser(), 400),
	),
)

func scan(src []byte) (*document, error) {
	d := &document{src: src}
	d.lineStart = append(d.lineStart, 0)
	for i, c := range src {
		if c == '\n' && i+1 < len(src) {
			d.lineStart = append(d.lineStart, i+1)
		}
	}
	if !utf8.Valid(src) {
		off := 0
		for off < len(src) {
			r, n := utf8.DecodeRune(src[off:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			off += n
		}
		return nil, &EncodingError{Line: d.lineOf(off), Offset: off}
	}
	d.protected = make([]bool, len(d.lineStart))
	d.htmlLine = make([]bool, len(d.lineStart))
	root := markdownParser.Parse(text.NewReader(src))
	// Size by the number of checkbox-like brackets: growing these slices
	// and maps item by item was a tenth of the parse time.
	est := bytes.Count(src, []byte("[ ]")) + bytes.Count(src, []byte("[x]")) + bytes.Count(src, []byte("[X]"))
	d.items = make([]rawItem, 0, est)
	ids := newIDAssigner(est)
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			d.protectBlock(n, false)
			return ast.WalkSkipChildren, nil
		case *ast.HTMLBlock:
			d.protectBlock(n, true)
			return ast.WalkSkipChildren, nil
		case *ast.Paragraph, *ast.TextBlock, *ast.Heading:
			// Inline content matters only for a task item's own first
			// block, which taskItem reads directly. (An AUTO tag on a line
			// of its own is always an HTML block: a comment line may
			// interrupt a paragraph.)
			return ast.WalkSkipChildren, nil
		case *ast.ListItem:
			if it, ok := d.taskItem(n); ok {
				it.id = ids.next(it.text)
				d.items = append(d.items, it)
			}
		}
		return ast.WalkContinue, nil
	})
	d.attachTags()
	return d, nil
}

// protectBlock marks the lines of a code or HTML block. Fence lines are
// left out: they can never look like a marker or a tag.
func (d *document) protectBlock(n ast.Node, html bool) {
	lines := n.Lines()
	mark := func(ln int) {
		d.protected[ln-1] = true
		if html {
			d.htmlLine[ln-1] = true
		}
	}
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		for ln := d.lineOf(seg.Start); ln <= d.lineOf(max(seg.Stop-1, seg.Start)); ln++ {
			mark(ln)
		}
	}
	if hb, ok := n.(*ast.HTMLBlock); ok && hb.HasClosure() {
		mark(d.lineOf(hb.ClosureLine.Start))
	}
}

// taskItem extracts a GFM task item from a list item node.
func (d *document) taskItem(li *ast.ListItem) (rawItem, bool) {
	block := li.FirstChild()
	switch block.(type) {
	case *ast.Paragraph, *ast.TextBlock:
	default:
		return rawItem{}, false // a checkbox in a heading is not a task
	}
	if block.Lines().Len() == 0 {
		return rawItem{}, false
	}
	box, ok := block.FirstChild().(*east.TaskCheckBox)
	if !ok {
		return rawItem{}, false
	}
	lines := block.Lines()
	start := lines.At(0).Start
	// GFM wants white space after the checkbox; goldmark is laxer, and
	// "[x]:0" turns into a link definition once the box is checked.
	if after := start + 3; after >= len(d.src) || (d.src[after] != ' ' && d.src[after] != '\t') {
		return rawItem{}, false
	}
	it := rawItem{
		line:    d.lineOf(start),
		box:     start,
		checked: box.IsChecked,
	}
	lastSeg := lines.At(lines.Len() - 1)
	it.lastLn = d.lineOf(max(lastSeg.Stop-1, lastSeg.Start))
	var parts []string
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		parts = append(parts, strings.TrimSpace(string(d.src[seg.Start:seg.Stop])))
	}
	raw := strings.Join(parts, " ")
	raw = strings.TrimSpace(raw[min(3, len(raw)):]) // drop "[ ]"
	if raw == "" {
		return rawItem{}, false
	}
	it.text = raw
	it.prefix = d.markerPrefix(it.line, start)
	for c := box.NextSibling(); c != nil; c = c.NextSibling() {
		cs, ok := c.(*ast.CodeSpan)
		if !ok {
			continue
		}
		code, startOff := codeSpanText(cs, d.src)
		if startOff >= 0 && d.lineOf(startOff) == it.line {
			it.code, it.hasCode = code, true
		}
		break
	}
	return it, true
}

// codeSpanText returns a code span's content (line endings become spaces,
// as CommonMark says) and the offset where it starts, or -1 when empty.
func codeSpanText(cs *ast.CodeSpan, src []byte) (string, int) {
	var b strings.Builder
	start := -1
	for c := cs.FirstChild(); c != nil; c = c.NextSibling() {
		t, ok := c.(*ast.Text)
		if !ok {
			continue
		}
		if start < 0 {
			start = t.Segment.Start
		}
		b.Write(bytes.TrimRight(t.Segment.Value(src), "\r\n"))
		if t.SoftLineBreak() || t.HardLineBreak() {
			b.WriteByte(' ')
		}
	}
	return strings.TrimSpace(b.String()), start
}

// markerPrefix is the indentation for a sub-bullet under the item: the
// checkbox line up to the '[' with blockquote markers kept and everything
// else turned into spaces, tabs expanded to CommonMark's 4-column stops, so
// the sub-bullet nests in the same container at the item's content column.
func (d *document) markerPrefix(line, box int) string {
	var b strings.Builder
	col := 0
	for _, c := range d.src[d.lineStart[line-1]:box] {
		switch c {
		case '>':
			b.WriteByte('>')
			col++
		case '\t':
			n := 4 - col%4
			b.WriteString(strings.Repeat(" ", n))
			col += n
		default:
			if c&0xC0 == 0x80 {
				continue // UTF-8 continuation byte: one column per rune
			}
			b.WriteByte(' ')
			col++
		}
	}
	return b.String()
}

// attachTags gives each item the AUTO tag on the line right above its
// checkbox, and warns about tags that attach to nothing.
func (d *document) attachTags() {
	used := map[int]bool{}
	for i := range d.items {
		ln := d.items[i].line - 1
		if ln < 1 || !d.htmlLine[ln-1] {
			continue
		}
		if t := stripQuote(d.lineText(ln)); isTagLine(t) {
			d.items[i].tag = strings.TrimSpace(t)
			used[ln] = true
		}
	}
	for ln := 1; ln <= len(d.lineStart); ln++ {
		if d.htmlLine[ln-1] && !used[ln] && isTagLine(stripQuote(d.lineText(ln))) {
			d.warnings = append(d.warnings, fmt.Sprintf(
				"line %d: AUTO tag applies to nothing; put it on the line directly above a checkbox item", ln))
		}
	}
}

// stripQuote removes blockquote markers and indentation from a line.
func stripQuote(s string) string {
	return strings.TrimLeft(s, " \t>")
}

// lineOf returns the 1-based line holding byte offset off.
func (d *document) lineOf(off int) int {
	lo, hi := 0, len(d.lineStart)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if d.lineStart[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo + 1
}

// lineBytes returns a 1-based line with its line ending.
func (d *document) lineBytes(ln int) []byte {
	end := len(d.src)
	if ln < len(d.lineStart) {
		end = d.lineStart[ln]
	}
	return d.src[d.lineStart[ln-1]:end]
}

// lineText returns a 1-based line without its line ending.
func (d *document) lineText(ln int) string {
	start := d.lineStart[ln-1]
	end := len(d.src)
	if ln < len(d.lineStart) {
		end = d.lineStart[ln]
	}
	return strings.TrimRight(string(d.src[start:end]), "\r\n")
}
