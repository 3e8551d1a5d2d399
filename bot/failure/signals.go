package failure

// Signals: message patterns, compiled on first use and looked for
// behind a literal prefilter (literals.go).

import (
	"bytes"
	"regexp"
	"regexp/syntax"
	"sync"
)

// signal is a message pattern and the literals one of which every match
// contains: they are looked for first (bytes.Contains is an order of
// magnitude faster than running the pattern), so most patterns never run.
// An alternation at the top ("Could not resolve host|Temporary failure in
// name resolution") gives one literal per branch; a pattern with a branch
// or part that has none gives none, and always runs.
type signal struct {
	re   *regexp.Regexp
	lits [][]byte
	ids  []int // the literals' ids in the prefilter (literals.go)
}

// match is matchAny over the input's text, with the literals looked up in
// the set found by one pass over it.
func (in *input) match(set *signals) bool {
	sigs := set.get()
	if in.found == nil {
		in.found = literalsIn(in.text)
	}
	for _, s := range sigs {
		if len(s.ids) > 0 && !in.anyFound(s.ids) {
			continue
		}
		if s.re.Match(in.text) {
			return true
		}
	}
	return false
}

func (in *input) anyFound(ids []int) bool {
	for _, id := range ids {
		if in.found[id] {
			return true
		}
	}
	return false
}

func matchAny(out []byte, set *signals) bool {
	for _, s := range set.get() {
		if len(s.lits) > 0 && !containsAny(out, s.lits) {
			continue
		}
		if s.re.Match(out) {
			return true
		}
	}
	return false
}

func containsAny(out []byte, lits [][]byte) bool {
	for _, l := range lits {
		if bytes.Contains(out, l) {
			return true
		}
	}
	return false
}

// signals is a set of patterns, compiled on first use: compiling the few
// hundred of them costs a process's start-up several milliseconds
// (GODEBUG=inittrace=1), which autoverify plan and a run whose checks pass
// never need.
type signals struct {
	patterns []string
	sigs     []signal
}

var (
	// allSignals are every set rx made, in the order of the package's
	// variables; compileAll compiles them all at once so that the
	// literal prefilter (literals.go) knows every literal before it is
	// built.
	allSignals  []*signals
	compileOnce sync.Once
)

func rx(patterns ...string) *signals {
	s := &signals{patterns: patterns}
	allSignals = append(allSignals, s)
	return s
}

// get returns the set's compiled signals.
func (s *signals) get() []signal {
	compileOnce.Do(compileAll)
	return s.sigs
}

func compileAll() {
	for _, set := range allSignals {
		set.sigs = make([]signal, len(set.patterns))
		for i, p := range set.patterns {
			set.sigs[i] = signal{re: regexp.MustCompile("(?m)" + p)}
			for _, l := range requiredLiterals(p) {
				set.sigs[i].lits = append(set.sigs[i].lits, []byte(l))
				set.sigs[i].ids = append(set.sigs[i].ids, literalID(l))
			}
		}
	}
}

// maxLiterals bounds the literals looked for before a pattern runs: past
// it, the scans would cost more than the pattern.
const maxLiterals = 8

// requiredLiterals finds literals one of which every match of pattern
// contains, preferring the set whose shortest literal is longest (nil
// when there is none, e.g. a branch with no literal at all).
func requiredLiterals(pattern string) []string {
	re, err := syntax.Parse("(?m)"+pattern, syntax.Perl)
	if err != nil {
		return nil
	}
	return literalsOf(re.Simplify())
}

// shortest is the length of the shortest literal of a set (0 for none).
func shortest(set []string) int {
	if len(set) == 0 {
		return 0
	}
	n := len(set[0])
	for _, l := range set[1:] {
		n = min(n, len(l))
	}
	return n
}

func literalsOf(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return nil
		}
		return []string{string(re.Rune)}
	case syntax.OpCapture, syntax.OpPlus:
		return literalsOf(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return literalsOf(re.Sub[0])
		}
	case syntax.OpConcat:
		var best []string
		for _, sub := range re.Sub {
			if l := literalsOf(sub); shortest(l) > shortest(best) {
				best = l
			}
		}
		return best
	case syntax.OpAlternate:
		var all []string
		for _, sub := range re.Sub {
			l := literalsOf(sub)
			if len(l) == 0 {
				return nil
			}
			all = append(all, l...)
		}
		if len(all) > maxLiterals {
			return nil
		}
		return all
	}
	return nil
}
