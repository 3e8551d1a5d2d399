package gaterun

// The verdicts: each gate's result and evidence from the runs.

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/engineo/autoverify/bot/gates"
)

// outcome is what the rules need of a run, for the tests that matter.
func outcome(r *run, matter []string) gates.Outcome {
	if r == nil {
		return gates.Outcome{Tests: map[string]string{}}
	}
	o := gates.Outcome{ExitCode: r.res.ExitCode, TimedOut: r.res.TimedOut, Tests: r.results.Tests}
	o.BuildFailed, o.MissingOnly = r.results.Build(r.res.ExitCode, matter)
	return o
}

// judge classifies the runs and fills the report.
func (s *Spec) judge(rep *gates.Report, p *plan, rs *runs) {
	atHead := rs.atHead(p)
	red, head := outcome(rs.r, p.claimed), outcome(atHead, p.claimed)
	after := s.after(p, rs)
	traces := gates.TraceChange(p.change, gates.Runs{Before: outcome(rs.b, nil), Red: red, Green: head, After: after}, s.Guards)
	rep.Tests = traces.Lists()
	rep.Weakened = traces.Weakened()

	// VERIFY_GREEN: the claimed tests at head, and a head that builds.
	env := s.environmentOf(p, rs)
	greenRes := s.setupFirst(gates.ClassifyGreen(traces, head, s.newlyUnbuiltAtHead(p, rs, atHead)), p, env, nil, rs.gc, rs.g)
	// VERIFY_RED: the same tests over the base's code. Code they name that
	// the base lacks is RED's proof, unless the head could not run either:
	// then it is missing at both ends (a src layout not on the path).
	redProof := rs.r
	if greenRes.Setup {
		redProof = nil
	}
	redRes := s.setupFirst(gates.ClassifyRed(traces, red), p, env, redProof, rs.r)
	redRes.Reason = rs.redNote + redRes.Reason
	shadows := s.toolShadows(p)
	greenRes = s.shadowed(greenRes, shadows)
	if len(p.unparsable) > 0 {
		why := "test files do not parse: " + strings.Join(p.unparsable, ", ")
		redRes = gates.Result{Gate: gates.Red, Classification: gates.RejectSyntax, Tests: p.unparsable, Reason: why}
		greenRes = gates.Result{Gate: gates.Green, Classification: gates.RejectSyntax, Tests: p.unparsable, Reason: why}
		rep.Tests.FailToPass = nil
	}
	if len(p.notRun) > 0 {
		rep.Tests.NotRun = p.notRun
		note := fmt.Sprintf("; the test command never reaches %d tests the change adds or edits, in a module of their own: %s", len(p.notRun), strings.Join(p.notRun, ", "))
		redRes.Reason += note
		greenRes.Reason += note
	}
	green := rs.g
	if rs.gc != nil {
		green = rs.gc
	}
	rep.Gates = append(rep.Gates, s.evidence(redRes, rs.r), s.evidence(greenRes, green))

	// VERIFY_REFACTOR: every base test, in its base version, at head's
	// code. REFACTOR rests on two commands: B says which tests passed
	// before, F (when a test file or data changed) runs their base
	// versions at head.
	refRes := s.shadowed(s.setupFirst(s.unknownAtHead(gates.ClassifyRefactor(traces, after), traces, rs), p, env, rs.f, rs.b, rs.g, rs.gc, rs.bFix, rs.f), shadows)
	be := s.evidence(refRes, rs.b)
	be.Reason = "the base's suite at the base (which tests passed before); " + refRes.Reason
	if rs.bBeside {
		be.Reason = "the base's suite at the base, in RED's tree without the change's new and edited tests (which tests passed before); " + refRes.Reason
	}
	rep.Gates = append(rep.Gates, be)
	if rs.gc != nil {
		ge := s.evidence(refRes, rs.g)
		ge.Reason = "the head's suite without the change's new and edited tests (which tests still pass at head); " + refRes.Reason
		if p.narrowG {
			ge.Reason = "the head's suite without the change's new and edited tests, in their packages (the base's tests of every package ran in their base versions at head); " + refRes.Reason
		}
		rep.Gates = append(rep.Gates, ge)
	}
	if rs.bFix != nil {
		fe := s.evidence(refRes, rs.bFix)
		fe.Reason = "the base's versions of the edited tests at the base; " + refRes.Reason
		rep.Gates = append(rep.Gates, fe)
	}
	if rs.f != nil {
		rep.Gates = append(rep.Gates, s.evidence(refRes, rs.f))
	}

	// VERIFY_IMPLEMENT: the static checks at head, against the base's.
	if rs.i != nil || p.staticTool != nil {
		rep.Gates = append(rep.Gates, s.implement(p, rs, env))
	}
	if s.staticUnrun != "" {
		rep.Unrun = append(rep.Unrun, gates.Unrun{Gate: gates.Implement, Reason: s.staticUnrun})
	}

	// VERIFY_MUTATE: the changed lines broken one at a time, at head.
	if rs.m != nil {
		rep.Gates = append(rep.Gates, s.evidence(rs.m.res, rs.m.shown))
		rep.Mutation = rs.m.report
	}
}

// after is the base's versions at head: F's results for the tests of
// touched files (and data), or for every test when F ran whole; G's for
// the rest (same test, same code).
func (s *Spec) after(p *plan, rs *runs) gates.Outcome {
	inF := map[string]bool{}
	for _, n := range p.touchedBase {
		inF[n] = true
	}
	atHead := map[string]string{}
	names := append([]string(nil), p.touchedBase...)
	if rs.b != nil {
		for n := range rs.b.results.Tests {
			names = append(names, n)
		}
	}
	whole := p.wholeF()
	for _, n := range names {
		src := rs.g
		if inF[n] || whole {
			// F ran the whole test command over the base's tests: its
			// result is every base test's, the examples' too, which
			// are not among touchedBase (and which a narrowed G does
			// not run).
			src = rs.f
		}
		if src != nil {
			if st, ok := src.results.Tests[n]; ok {
				atHead[n] = st
			}
		}
	}
	o := gates.Outcome{Tests: atHead}
	if rs.f != nil {
		fo := outcome(rs.f, p.touchedBase)
		o.BuildFailed, o.MissingOnly, o.TimedOut, o.ExitCode = fo.BuildFailed, fo.MissingOnly, fo.TimedOut, fo.ExitCode
	}
	if rs.g != nil && rs.g.res.TimedOut {
		o.TimedOut = true
	}
	return o
}

// unknownAtHead: a test that passed on the base and has no result at head
// was reported in output the runner's cap cut, or did not run there at
// all (the head's test configuration left it out: a pytest addopts
// --deselect, say). Nobody then knows whether it still passes, and
// REFACTOR cannot accept; "all N still pass" would be a claim the runs do
// not make.
func (s *Spec) unknownAtHead(res gates.Result, ts gates.Traces, rs *runs) gates.Result {
	if res.Classification != gates.Accept {
		return res
	}
	var unknown []string
	for n, t := range ts {
		if t.Before == gates.Pass && t.After == "" && t.Weakened == "" {
			unknown = append(unknown, n)
		}
	}
	if len(unknown) == 0 {
		return res
	}
	sort.Strings(unknown)
	why := fmt.Sprintf("%d tests that passed on the base have no result at head", len(unknown))
	if n := cut(rs.g) + cut(rs.gc) + cut(rs.f); n > 0 {
		why += fmt.Sprintf(": the runner cut %d bytes of output (raise ENGINEO_OUTPUT_LIMIT)", n)
	} else {
		why += ": the head's run left them out (its test configuration, a filter): " + strings.Join(unknown, ", ")
	}
	return gates.Result{Gate: gates.Refactor, Classification: gates.RejectFailure, Tests: unknown, Reason: why}
}

// newlyUnbuiltAtHead is what does not build at head but did on the base:
// by the head's runs, and, where G ran only the change's packages
// (narrowG), by F for the packages G did not run that the head still has
// (their test files are the same in F as at head; a package the change
// deleted is REFACTOR's, whose base tests cannot build there).
func (s *Spec) newlyUnbuiltAtHead(p *plan, rs *runs, atHead *run) []string {
	out := newlyUnbuilt(rs.b, atHead)
	if !p.narrowG || rs.f == nil {
		return out
	}
	for _, k := range newlyUnbuilt(rs.b, rs.f) {
		_, ran := rs.g.results.Packages[k]
		_, unbuilt := rs.g.results.Unbuilt[k]
		if !ran && !unbuilt && !slices.Contains(out, k) && hasCode(p.headDir, s.modules[p.headDir], k) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// hasCode reports whether Go package importPath of module, in the tree at
// root, has a non-test Go file there (false when the path is not the
// module's).
func hasCode(root, module, importPath string) bool {
	rel, ok := strings.CutPrefix(importPath, module)
	if !ok || module == "" || (rel != "" && rel[0] != '/') {
		return false
	}
	files, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(rel, "/")), "*.go"))
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			return true
		}
	}
	return false
}

// newlyUnbuilt is what does not build at head (by the tool's own report)
// but did on the base.
func newlyUnbuilt(b, g *run) []string {
	if g == nil {
		return nil
	}
	var out []string
	for k := range g.results.Unbuilt {
		if b != nil {
			if _, had := b.results.Unbuilt[k]; had {
				continue
			}
		}
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// implement judges VERIFY_IMPLEMENT. Where the check ran on the files the
// change touched (staticScope), none of them is a file it reads is a
// pass with nothing to read, and none of them on the base is a base with
// no finding: every finding at head is the change's.
func (s *Spec) implement(p *plan, rs *runs, env environment) gates.Evidence {
	if rs.i == nil {
		return s.evidence(gates.Result{Gate: gates.Implement, Classification: gates.Accept,
			Reason: "the change adds or edits no file the static checks read (they read each file alone)"}, nil)
	}
	base := s.check(rs.ib, p.baseDir)
	if p.staticTool != nil && rs.ib == nil {
		base = gates.Check{Ran: true}
	}
	res := s.staticSetupFirst(gates.ClassifyImplement(s.check(rs.i, p.headDir), base), p, env, rs)
	if p.staticTool != nil {
		res.Reason += fmt.Sprintf(" (on the %d files the change adds or edits: the checks read each file alone)", len(p.staticFiles))
	}
	return s.evidence(res, rs.i)
}

// check is a static-check run as IMPLEMENT reads it (nil: not run).
func check(r *run) gates.Check {
	if r == nil {
		return gates.Check{}
	}
	return gates.Check{Ran: true, ExitCode: r.res.ExitCode, TimedOut: r.res.TimedOut, Output: r.results.Text}
}

// check is a static run as IMPLEMENT reads it, the re-exports written as
// redundant aliases dropped from pyflakes' report (gates.DropReexports,
// the source read from tree); a report left with no finding is a pass.
func (s *Spec) check(r *run, tree string) gates.Check {
	c := check(r)
	if r == nil || !slices.ContainsFunc(s.Static, func(w string) bool { return strings.Contains(w, "pyflakes") }) {
		return c
	}
	kept := gates.DropReexports(c.Output, treeFile(tree))
	if kept != c.Output && len(gates.Findings(kept)) == 0 {
		c.ExitCode = 0
	}
	c.Output = kept
	return c
}

// treeFile reads a file of tree by the path a report names, never outside
// the tree (os.Root: no "..", no symlink out; the report is the change's
// code's to write). nil when it cannot.
func treeFile(tree string) func(string) []byte {
	return func(name string) []byte {
		root, err := os.OpenRoot(tree)
		if err != nil {
			return nil
		}
		defer root.Close()
		b, err := root.ReadFile(path.Clean(strings.TrimPrefix(name, "./")))
		if err != nil {
			return nil
		}
		return b
	}
}

// evidence is the spec's record of one gate command (r nil: the gate had
// nothing to run).
func (s *Spec) evidence(res gates.Result, r *run) gates.Evidence {
	e := gates.Evidence{Gate: res.Gate, Classification: res.Classification, Reason: res.Reason, Tests: res.Tests, Setup: res.Setup, Attempt: 1, ExitCode: -1, Timestamp: s.now()}
	if r == nil {
		e.Snippet = res.Reason
		return e
	}
	e.Command, e.ExitCode, e.Timestamp, e.Attempt = gates.CommandLine(r.argv), r.res.ExitCode, r.at, r.attempt
	e.Duration = r.res.Duration
	text := []byte(r.results.Text)
	if len(strings.TrimSpace(r.results.Text)) == 0 {
		text = r.res.Output
	}
	text = text[:min(len(text), snippetSource)]
	if s.Redactor != nil {
		text = s.Redactor.Bytes(text)
	}
	e.Snippet = gates.Snippet(text)
	return e
}

// cut is how many output bytes the runner dropped from r.
func cut(r *run) int64 {
	if r == nil {
		return 0
	}
	return r.res.OmittedBytes
}
