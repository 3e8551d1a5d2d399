package mutate

import "fmt"

// Status is what running the tests against one mutant showed.
type Status string

// The outcomes a runner reports per mutant.
const (
	// Killed: some test failed, so the tests notice this break.
	Killed Status = "killed"
	// Survived: every test passed with the code broken.
	Survived Status = "survived"
	// Timeout: the tests did not finish; a mutant that hangs the suite is
	// noticed, so it counts as killed in the score.
	Timeout Status = "timeout"
	// NotCompiled: the mutant's package did not build. It is counted but
	// kept out of the score, since it says nothing about the tests.
	NotCompiled Status = "not_compiled"
)

// DefaultThreshold is the score Verdict requires when given none.
const DefaultThreshold = 0.8

// Result is the runner's outcome for one mutant.
type Result struct {
	Mutant Mutant
	Status Status
}

// Summary is the gate's view of a run: counts per status, the score and
// the survivors, which are what a reviewer needs to see to write the
// missing test.
type Summary struct {
	Score       float64
	Killed      int
	Survived    int
	Timeout     int
	NotCompiled int
	Total       int
	Survivors   []Mutant
}

// Summarize counts results. The score is (killed+timeout) over
// (killed+timeout+survived), and 1 when no mutant compiled, because a
// change with nothing to mutate has no untested behaviour to report.
func Summarize(results []Result) (Summary, error) {
	var s Summary
	for i, r := range results {
		switch r.Status {
		case Killed:
			s.Killed++
		case Survived:
			s.Survived++
			s.Survivors = append(s.Survivors, r.Mutant)
		case Timeout:
			s.Timeout++
		case NotCompiled:
			s.NotCompiled++
		default:
			return Summary{}, fmt.Errorf("mutate: result %d (%s:%d): unknown status %q",
				i, r.Mutant.File, r.Mutant.Line, r.Status)
		}
	}
	s.Total = len(results)
	s.Score = 1
	if scored := s.Killed + s.Timeout + s.Survived; scored > 0 {
		s.Score = float64(s.Killed+s.Timeout) / float64(scored)
	}
	sortMutants(s.Survivors)
	return s, nil
}

// Verdict accepts a change whose score reaches threshold. A threshold of
// zero or less means DefaultThreshold, so an unset setting is not a gate
// that accepts everything.
func Verdict(s Summary, threshold float64) bool {
	if threshold <= 0 {
		threshold = DefaultThreshold
	}
	return s.Score >= threshold
}
