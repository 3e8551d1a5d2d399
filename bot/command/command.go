// Package command reads /verify commands from comments (GitHub pull request
// comments and Jira comments alike): line-anchored, outside code blocks and
// quotes, parsed with a real CommonMark parser. Pure.
package command

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

// Command is a /verify command found in a comment.
type Command string

// The commands.
const (
	None   Command = ""
	Verify Command = "verify"
	Reset  Command = "reset"
	Help   Command = "help"
)

var commandRe = lazyregexp.New(`^/verify(?:\s+(\S+))?\s*$`)

// shaRe is an abbreviated or full commit SHA.
var shaRe = lazyregexp.New(`^[0-9a-f]{7,40}$`)

// Invocation is a command with its argument.
type Invocation struct {
	Command Command
	// SHA pins a /verify to a commit ("/verify abc1234"): the run happens
	// only if the pull request's head is still that commit.
	SHA string
	// Fresh ("/verify fresh") runs every check even when a cached result
	// exists.
	Fresh bool
	// Gates ("/verify gates") runs the deterministic gates of the pull
	// request against its base, besides the checklist.
	Gates bool
	// Failed ("/verify failed") runs again only the checks that failed:
	// passes of the same tree, command and environment carry over.
	Failed bool
}

var commentParser = parser.NewParser(
	parser.WithBlockParsers(parser.DefaultBlockParsers()...),
	parser.WithInlineParsers(),
)

// Parse finds the first line that is a /verify command, outside code
// blocks and quotes (a quoted "> /verify" is someone citing, not asking).
// Unknown subcommands read as help, so a typo gets an answer.
func Parse(body string) Command { return ParseInvocation(body).Command }

// ParseInvocation is Parse with the command's argument.
func ParseInvocation(body string) Invocation {
	src := []byte(body)
	doc := commentParser.Parse(text.NewReader(src))
	var found Invocation
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
				m := commandRe().FindStringSubmatch(strings.TrimSpace(string(seg.Value(src))))
				if m == nil {
					continue
				}
				arg := strings.ToLower(m[1])
				switch {
				case arg == "":
					found.Command = Verify
				case shaRe().MatchString(arg):
					found.Command, found.SHA = Verify, arg
				case arg == "reset":
					found.Command = Reset
				case arg == "fresh":
					found.Command, found.Fresh = Verify, true
				case arg == "gates":
					found.Command, found.Gates = Verify, true
				case arg == "failed":
					found.Command, found.Failed = Verify, true
				default:
					found.Command = Help
				}
				return ast.WalkStop, nil
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return found
}
