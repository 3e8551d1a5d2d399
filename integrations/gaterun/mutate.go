package gaterun

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/mutate"
)

// DefaultMutateMax is how many mutants VERIFY_MUTATE runs when Spec leaves
// MutateMax zero: each runs a package's tests, so the cap bounds the gate's
// time on a long change (bot/mutate spreads it over files and lines).
const DefaultMutateMax = 50

// minMutantTimeout is the least time a mutant's tests get: the GREEN run
// can be quick enough that a multiple of it would cut a slow compile.
const minMutantTimeout = 10 * time.Second

// mutation is VERIFY_MUTATE's run: its verdict, its record (nil when no
// mutant could be made or the gate did not apply) and the run its
// evidence shows — the first survivor's, else the first mutant's.
type mutation struct {
	res    gates.Result
	report *gates.MutationReport
	shown  *run
}

// goSources reads a tree's non-test Go files (repository path → content),
// skipping what the go tool skips (vendor, testdata, dot and underscore
// directories): what a mutant may be made of.
func goSources(dir string) (map[string][]byte, error) {
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && (skipDir(gates.Go, d.Name()) || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		if out[filepath.ToSlash(rel)], err = os.ReadFile(p); err != nil {
			return fmt.Errorf("reading %s for mutation: %w", rel, err)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("gates: reading the Go sources of %s: %w", dir, err)
	}
	return out, nil
}

// mutateHead runs VERIFY_MUTATE in the head tree after G: one mutant of the
// changed lines at a time is written over its file, its package's tests
// run, and the file is put back before the next. The tree is shared with
// the head's other runs, so mutants never run beside them or each other.
func (s *Spec) mutateHead(ctx context.Context, p *plan, dir string, g *run) (*mutation, error) {
	if s.Ecosystem != gates.Go {
		return &mutation{res: gates.Result{Gate: gates.Mutate, Classification: gates.Accept,
			Reason: "not run: mutants of " + string(s.Ecosystem) + " code are not implemented yet (Go only)"}}, nil
	}
	if o := outcome(g, nil); g == nil || o.TimedOut || o.BuildFailed {
		return &mutation{res: gates.Result{Gate: gates.Mutate, Classification: gates.RejectFailure,
			Reason: "not run: the head's suite did not build or finish (see VERIFY_GREEN)"}}, nil
	}
	limit := s.MutateMax
	if limit == 0 {
		limit = DefaultMutateMax
	}
	set, err := mutate.ForChange(p.headSrc, mutate.ChangedLines(p.baseSrc, p.headSrc), limit)
	if err != nil {
		return nil, fmt.Errorf("gates: making mutants: %w", err)
	}
	start := time.Now()
	m := &mutation{}
	var results []mutate.Result
	shownSurvivor, timeout := false, s.mutantTimeout(g)
	for _, mu := range set.Mutants {
		st, r, err := s.runMutant(ctx, dir, mu, p.headSrc[mu.File], timeout, g)
		if err != nil {
			return nil, err
		}
		results = append(results, mutate.Result{Mutant: mu, Status: st})
		if m.shown == nil || (st == mutate.Survived && !shownSurvivor) {
			m.shown, shownSurvivor = r, st == mutate.Survived
		}
	}
	sum, err := mutate.Summarize(results)
	if err != nil {
		return nil, fmt.Errorf("gates: scoring mutants: %w", err)
	}
	rep := gates.MutationOf(sum, set.Skipped, s.MutateThreshold)
	rep.ElapsedMS, rep.HeadSuiteMS = time.Since(start).Milliseconds(), g.res.Duration.Milliseconds()
	m.report, m.res = &rep, gates.ClassifyMutate(rep)
	return m, nil
}

// mutantTimeout bounds one mutant's tests: three times the head's whole
// suite (G), at least minMutantTimeout, at most the spec's command
// timeout. A mutant that loops forever is then noticed, as a timeout.
func (s *Spec) mutantTimeout(g *run) time.Duration {
	t := max(minMutantTimeout, 3*g.res.Duration)
	if s.Timeout > 0 && t > s.Timeout {
		t = s.Timeout
	}
	return t
}

// runMutant writes mu over its file in dir, runs only its package's
// tests, puts the original back and says what the run showed.
func (s *Spec) runMutant(ctx context.Context, dir string, mu mutate.Mutant, orig []byte, timeout time.Duration, g *run) (mutate.Status, *run, error) {
	file := map[string][]byte{mu.File: orig}
	if err := overlay(dir, file, map[string][]byte{mu.File: mu.Source}); err != nil {
		return "", nil, fmt.Errorf("gates: writing the mutant of %s:%d: %w", mu.File, mu.Line, err)
	}
	r, err := s.execPackage(ctx, dir, s.Test, mu.File, timeout)
	if rerr := overlay(dir, map[string][]byte{mu.File: mu.Source}, file); rerr != nil && err == nil {
		err = fmt.Errorf("gates: restoring %s after its mutant: %w", mu.File, rerr)
	}
	if err != nil {
		return "", nil, err
	}
	return mutantStatus(r, g), r, nil
}

// mutantStatus reads a mutant's run: killed when a test that did not fail
// at head (G) fails — a test already failing there notices nothing —,
// timeout when the runner stopped it, not_compiled when its package did
// not build (by go test's own report), survived otherwise.
func mutantStatus(r, g *run) mutate.Status {
	if r.res.TimedOut {
		return mutate.Timeout
	}
	if failed, _ := r.results.Build(r.res.ExitCode, nil); failed {
		return mutate.NotCompiled
	}
	for name, st := range r.results.Tests {
		if st == gates.Fail && g.results.Tests[name] != gates.Fail {
			return mutate.Killed
		}
	}
	return mutate.Survived
}
