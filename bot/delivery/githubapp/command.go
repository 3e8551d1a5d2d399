package githubapp

import (
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Command is a /verify command found in a comment.
type Command string

// The commands.
const (
	CmdNone   Command = ""
	CmdVerify Command = "verify"
	CmdReset  Command = "reset"
	CmdHelp   Command = "help"
)

var commandRe = regexp.MustCompile(`^/verify(?:\s+(\S+))?\s*$`)

var commentParser = parser.NewParser(
	parser.WithBlockParsers(parser.DefaultBlockParsers()...),
	parser.WithInlineParsers(),
)

// ParseCommand finds the first line that is a /verify command, outside code
// blocks and quotes (a quoted "> /verify" is someone citing, not asking).
// Unknown subcommands read as help, so a typo gets an answer.
func ParseCommand(body string) Command {
	src := []byte(body)
	doc := commentParser.Parse(text.NewReader(src))
	found := CmdNone
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock, *ast.Blockquote:
			return ast.WalkSkipChildren, nil
		case *ast.Paragraph, *ast.TextBlock:
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				m := commandRe.FindStringSubmatch(strings.TrimSpace(string(seg.Value(src))))
				if m == nil {
					continue
				}
				switch strings.ToLower(m[1]) {
				case "":
					found = CmdVerify
				case "reset":
					found = CmdReset
				default:
					found = CmdHelp
				}
				return ast.WalkStop, nil
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return found
}

// storyKeyRe is the spec's story key pattern.
var storyKeyRe = regexp.MustCompile(`\b[A-Z][A-Z0-9]+-[0-9]+\b`)

// StoryKey finds the story key in the title, then the head branch, then
// the body.
func StoryKey(title, branch, body string) string {
	for _, s := range []string{title, branch, body} {
		if k := storyKeyRe.FindString(s); k != "" {
			return k
		}
	}
	return ""
}
