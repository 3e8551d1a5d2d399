package gaterun

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strings"

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
// No module named 'tomli'"), a Go compiler's (x.go:3:8: no required module
// provides package …), an exception's or error's own line, the go
// command's ("go: …"), any line that names an error.
var setupSigns = []func() *regexp.Regexp{
	lazyregexp.New(`^E\s+\S`),
	lazyregexp.New(`^\S+\.go:\d+:\d+: `),
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
		if l != "" && strings.Trim(l, "=_- ") != "" && !strings.HasPrefix(l, "===") && !strings.HasPrefix(l, "___") && !strings.HasPrefix(l, "# ") {
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
		best = gates.Prefix(best, setupLineMax) + "…"
	}
	return best
}

// environment says when a run's setup failure is the environment's, not
// the change's: the base's own suite could not run here either (baseDown,
// its line), or the change edits a dependency manifest (manifest) and the
// run is at head. Otherwise the same runner ran the base's suite, and a
// run that cannot start is the change's doing (a module it forgot, a
// test its tree cannot import): its gate keeps its verdict.
type environment struct {
	baseDown, manifest string
}

// environmentOf reads the base's suite and the change's files for
// setupFirst.
func (s *Spec) environmentOf(p *plan, rs *runs) environment {
	return environment{baseDown: s.setupFailure(rs.b, false), manifest: manifestEdited(p)}
}

// manifests are the files that name a tree's dependencies: a change to
// one may need what the runner does not have.
var manifests = map[string]bool{"go.mod": true, "go.sum": true, "go.work": true, "pyproject.toml": true, "setup.py": true,
	"setup.cfg": true, "Pipfile": true, "Pipfile.lock": true, "poetry.lock": true, "uv.lock": true}

// manifestEdited is the first dependency manifest at the trees' tops
// (go.mod, pyproject.toml, requirements*.txt, …) the change adds, edits or
// deletes, "" when none. Read inside the trees only (treeFile).
func manifestEdited(p *plan) string {
	names := map[string]bool{}
	for _, dir := range []string{p.baseDir, p.headDir} {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			n := e.Name()
			if manifests[n] || (strings.HasPrefix(n, "requirements") && strings.HasSuffix(n, ".txt")) {
				names[n] = true
			}
		}
	}
	base, head := treeFile(p.baseDir), treeFile(p.headDir)
	for _, n := range sortedKeys(names) {
		if b, h := base(n), head(n); (b == nil) != (h == nil) || !bytes.Equal(b, h) {
			return n
		}
	}
	return ""
}

// setupFirst puts a gate's verdict aside when a command it rests on could
// not run for the environment (setupFailure, environment): the gate judged
// nothing of the change and says so, an acceptance included, with the
// failure type the setup's (gates.Result.Setup). Checked in the order
// given; proof, when one of them, is the run whose errors naming missing
// code are the gate's verdict, not the setup's. The reason quotes the
// run's output as output: it is the change's code's to print.
func (s *Spec) setupFirst(res gates.Result, p *plan, env environment, proof *run, runs ...*run) gates.Result {
	for _, r := range runs {
		why := s.setupFailure(r, r == proof)
		if why == "" {
			continue
		}
		var cause string
		switch {
		case env.baseDown != "":
			cause = "nor could the base's own suite"
		case env.manifest != "" && r.dir == p.headDir:
			cause = "and the change edits " + env.manifest
		default:
			continue
		}
		return gates.Result{Gate: res.Gate, Classification: gates.RejectFailure, Setup: true, Reason: setupReason(r, p, cause, why)}
	}
	return res
}

// setupReason words a run that could not start for the environment.
func setupReason(r *run, p *plan, cause, line string) string {
	what, where := "the static check", "on the base"
	if r.tests {
		what = "the test command"
	}
	if r.dir == p.headDir {
		where = "at head"
	}
	return fmt.Sprintf("%s could not run %s, %s: read as the environment's failure (ENV_ERROR), no verdict on the change; its output: %q", what, where, cause, line)
}

// staticSetupFirst is IMPLEMENT's setupFirst: besides the environment's
// rule, a check that could not start on either tree (the checker is not
// installed in the runner) judged nothing.
func (s *Spec) staticSetupFirst(res gates.Result, p *plan, env environment, rs *runs) gates.Result {
	if out := s.setupFirst(res, p, env, nil, rs.i, rs.ib); out.Setup {
		return out
	}
	why := s.setupFailure(rs.i, false)
	if why == "" || s.setupFailure(rs.ib, false) == "" {
		return res
	}
	return gates.Result{Gate: res.Gate, Classification: gates.RejectFailure, Setup: true,
		Reason: setupReason(rs.i, p, "nor on the base", why)}
}
