package failure

import "sync"

// The literal prefilter. Each signal names literals one of which every
// match contains (rx, requiredLiterals); before any pattern runs, one pass
// over the output finds which of all the signals' literals occur in it
// (an Aho–Corasick automaton over every literal, built once). A signal
// whose literals are all absent is skipped without running its pattern.
// Looking each literal up with bytes.Contains instead costs one scan of
// the window per literal: with some 300 literals that was most of the time
// of an output no rule recognises (about 4–8 ms for a 64 KiB window,
// against 0.3 ms for the single pass).

var (
	litMu  sync.Mutex
	litIDs = map[string]int{}
	lits   []string

	acOnce sync.Once
	ac     *automaton
)

// literalID registers a literal (when the signals are compiled) and
// returns its index in the found set.
func literalID(l string) int {
	litMu.Lock()
	defer litMu.Unlock()
	if id, ok := litIDs[l]; ok {
		return id
	}
	litIDs[l] = len(lits)
	lits = append(lits, l)
	return len(lits) - 1
}

// automaton is a deterministic Aho–Corasick matcher over bytes mapped to
// classes (the bytes that occur in some literal, plus one class for all
// others), so its table stays small.
type automaton struct {
	class  [256]uint16
	nclass int
	next   []int32   // state*nclass + class → state
	out    [][]int32 // literal ids ending at each state, suffixes included
	n      int       // literals
}

func buildAutomaton(words []string) *automaton {
	a := &automaton{nclass: 1, n: len(words)}
	for _, w := range words {
		for i := 0; i < len(w); i++ {
			if a.class[w[i]] == 0 {
				a.class[w[i]] = uint16(a.nclass)
				a.nclass++
			}
		}
	}
	// The trie: -1 is "no edge yet".
	newState := func() int32 {
		for range a.nclass {
			a.next = append(a.next, -1)
		}
		a.out = append(a.out, nil)
		return int32(len(a.out) - 1)
	}
	newState()
	for id, w := range words {
		s := int32(0)
		for i := 0; i < len(w); i++ {
			k := int(s)*a.nclass + int(a.class[w[i]])
			if a.next[k] < 0 {
				t := newState()
				a.next[k] = t
			}
			s = a.next[int(s)*a.nclass+int(a.class[w[i]])]
		}
		a.out[s] = append(a.out[s], int32(id))
	}
	// Breadth first: fail links, then every missing edge follows its
	// state's fail link (a DFA), and outputs gain their suffixes'.
	fail := make([]int32, len(a.out))
	queue := make([]int32, 0, len(a.out))
	for c := range a.nclass {
		if t := a.next[c]; t < 0 {
			a.next[c] = 0
		} else {
			fail[t] = 0
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		a.out[s] = append(a.out[s], a.out[fail[s]]...)
		for c := range a.nclass {
			k := int(s)*a.nclass + c
			if t := a.next[k]; t < 0 {
				a.next[k] = a.next[int(fail[s])*a.nclass+c]
			} else {
				fail[t] = a.next[int(fail[s])*a.nclass+c]
				queue = append(queue, t)
			}
		}
	}
	return a
}

// scan marks in found (indexed by literal id) every literal text contains.
func (a *automaton) scan(text []byte, found []bool) {
	s := int32(0)
	for _, b := range text {
		s = a.next[int(s)*a.nclass+int(a.class[b])]
		for _, id := range a.out[s] {
			found[id] = true
		}
	}
}

// literalsIn returns which registered literals text contains.
func literalsIn(text []byte) []bool {
	compileOnce.Do(compileAll) // registers the literals
	acOnce.Do(func() {
		litMu.Lock()
		defer litMu.Unlock()
		ac = buildAutomaton(lits)
	})
	found := make([]bool, ac.n)
	ac.scan(text, found)
	return found
}
