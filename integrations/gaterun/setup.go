package gaterun

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/engineo/autoverify/bot/failure"
	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/integrations/workspace"
	"github.com/engineo/autoverify/internal/lazyregexp"
)

// setupLineMax bounds the line of a failed setup a gate's reason quotes.
const setupLineMax = 240

// setupFailure says why r could not run at all for the environment's
// reason, "" when it ran or failed for a reason the change may own. Such a
// command exited non-zero having run no test, and the failure reading that
// judges checklist items (bot/failure, given the tree, so that a missing
// package of the tree's own stays the code's) reads its output as the
// setup's: a module the sandbox could not download, a tool not installed.
// The gates' own reading never sees that: a Go command stopped before any
// package ran prints no report, and a run without results read as "no new
// test failed" (RED), "the command failed" (GREEN, a TEST_FAILURE) or "all
// 0 tests still pass" (REFACTOR's acceptance). Never a run that passed,
// timed out or ran a test, nor a static check that names a place in the
// code (a finding: it ran, whatever the failure reading makes of a file
// without a suffix); nor, where missing code is a verdict
// (missingIsProof: RED's run, how a test of new code is red on the base,
// and REFACTOR's base versions at head, which fail to build when the
// change removed what they use), one whose only errors name what the code
// does not define.
func (s *Spec) setupFailure(r *run, missingIsProof bool) string {
	if r == nil || r.res.ExitCode == 0 || r.res.TimedOut || len(r.results.Tests) > 0 {
		return ""
	}
	text := []byte(r.results.Text)
	if len(strings.TrimSpace(r.results.Text)) == 0 {
		text = r.res.Output
	}
	if _, missingOnly := gates.BuildFailure(string(text), nil); missingOnly && missingIsProof {
		return ""
	}
	if !r.tests && gates.NamesAPlace(string(text)) {
		return "" // a static check that reports on a file read the code
	}
	f := failure.Failure{Argv: r.argv, ExitCode: r.res.ExitCode, Output: text}
	if r.dir != "" {
		if tree, closeTree, err := (workspace.Trees{}).OpenTree(r.dir); err == nil {
			defer func() { _ = closeTree() }()
			f.Tree = tree
		}
	}
	if failure.Classify(f) != failure.EnvError {
		return ""
	}
	if s.Redactor != nil {
		text = s.Redactor.Bytes(text)
	}
	return setupLine(string(text))
}

// setupSigns are the lines that say why a command could not run, in the
// order a reason prefers them: pytest's error lines ("E   ModuleNotFoundError:
// No module named 'tomli'"), an exception's or error's own line, the go
// command's ("go: …"), any line that names an error.
var setupSigns = []func() *regexp.Regexp{
	lazyregexp.New(`^E\s+\S`),
	lazyregexp.New(`^\S*\w(?:Error|Exception): `),
	lazyregexp.New(`^go: `),
	lazyregexp.New(`(?i)error|not found|no such|cannot|unreachable|denied|missing`),
}

// setupLine is the line of text that says best why a command could not
// run (setupSigns; else its first line that is not blank or a rule of
// "=" or "_"), cut to setupLineMax bytes on a rune boundary.
func setupLine(text string) string {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l != "" && strings.Trim(l, "=_- ") != "" && !strings.HasPrefix(l, "===") && !strings.HasPrefix(l, "___") {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return "(no output)"
	}
	best := lines[0]
find:
	for _, sign := range setupSigns {
		for _, l := range lines {
			if sign().MatchString(l) {
				best = l
				break find
			}
		}
	}
	if len(best) > setupLineMax {
		cut := setupLineMax
		for cut > 0 && !utf8.RuneStart(best[cut]) {
			cut--
		}
		best = best[:cut] + "…"
	}
	return best
}

// setupFirst puts a gate's verdict aside when a command it rests on could
// not run for the environment (setupFailure): the gate judged nothing of
// the change and says so, an acceptance included, with the failure type
// the setup's (gates.Result.Setup). Checked in the order given; proof, when
// one of them, is the run whose errors naming missing code are the gate's
// verdict, not the setup's.
func (s *Spec) setupFirst(res gates.Result, p *plan, proof *run, runs ...*run) gates.Result {
	for _, r := range runs {
		why := s.setupFailure(r, r == proof)
		if why == "" {
			continue
		}
		what, where := "the static check", "on the base"
		if r.tests {
			what = "the test command"
		}
		if r.dir == p.headDir {
			where = "at head"
		}
		return gates.Result{Gate: res.Gate, Classification: gates.RejectFailure, Setup: true,
			Reason: fmt.Sprintf("%s could not run %s, for the environment, not the change (ENV_ERROR): %s", what, where, why)}
	}
	return res
}
