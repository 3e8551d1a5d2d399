package mutate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func results(statuses ...Status) []Result {
	out := make([]Result, len(statuses))
	for i, s := range statuses {
		out[i] = Result{Mutant: Mutant{File: "a.go", Line: len(statuses) - i}, Status: s}
	}
	return out
}

func TestSummarize(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		in        []Result
		score     float64
		survivors []int
		accept    bool
	}{
		{"nothing to mutate", nil, 1, nil, true},
		{"only not compiled", results(NotCompiled, NotCompiled), 1, nil, true},
		{"all killed", results(Killed, Killed), 1, nil, true},
		{"timeouts count as killed", results(Timeout, Killed, Survived, NotCompiled), 2.0 / 3, []int{2}, false},
		{"at threshold", results(Killed, Killed, Killed, Killed, Survived), 0.8, []int{1}, true},
		{"all survived", results(Survived, Survived), 0, []int{1, 2}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, err := Summarize(tt.in)
			require.NoError(t, err)
			assert.InDelta(t, tt.score, s.Score, 1e-9)
			assert.Equal(t, len(tt.in), s.Total)
			assert.Equal(t, s.Total, s.Killed+s.Survived+s.Timeout+s.NotCompiled)
			var lines []int
			for _, m := range s.Survivors {
				lines = append(lines, m.Line)
			}
			assert.Equal(t, tt.survivors, lines, "survivors in file, line order")
			assert.Equal(t, tt.accept, Verdict(s, 0), "default threshold")
		})
	}
}

func TestSummarizeRejectsUnknownStatus(t *testing.T) {
	t.Parallel()
	_, err := Summarize([]Result{{Mutant: Mutant{File: "a.go", Line: 3}, Status: "exploded"}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "a.go:3")
}

func TestVerdictThreshold(t *testing.T) {
	t.Parallel()
	s := Summary{Score: 0.5}
	assert.True(t, Verdict(s, 0.5))
	assert.False(t, Verdict(s, 0.51))
	assert.False(t, Verdict(s, -1), "a negative threshold means the default")
}
