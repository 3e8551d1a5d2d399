package gates

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/mutate"
)

func TestClassifyMutate(t *testing.T) {
	boundary := mutate.Mutant{File: "calc.go", Line: 4, Operator: mutate.OpBoundary, Original: "\tif x < 0 {", Mutated: "\tif x <= 0 {"}
	deleted := mutate.Mutant{File: "calc.go", Line: 5, Operator: mutate.OpDeleteStatement, Original: "\t\tn++"}
	summarize := func(rs ...mutate.Result) mutate.Summary {
		s, err := mutate.Summarize(rs)
		require.NoError(t, err)
		return s
	}

	strong := MutationOf(summarize(mutate.Result{Mutant: boundary, Status: mutate.Killed}, mutate.Result{Mutant: deleted, Status: mutate.Timeout}), 0, 0)
	r := ClassifyMutate(strong)
	assert.Equal(t, Accept, r.Classification, r.Reason)
	assert.Equal(t, 0.8, strong.Threshold, "no threshold is the default, not zero")
	assert.Contains(t, r.Reason, "score 1.00 (1 killed, 1 timed out, 0 survived")

	weak := MutationOf(summarize(mutate.Result{Mutant: boundary, Status: mutate.Survived}, mutate.Result{Mutant: deleted, Status: mutate.Survived},
		mutate.Result{Mutant: boundary, Status: mutate.NotCompiled}), 3, 0.5)
	r = ClassifyMutate(weak)
	assert.Equal(t, RejectWeak, r.Classification)
	assert.Equal(t, []string{"calc.go:4 boundary", "calc.go:5 delete_statement"}, r.Tests)
	assert.Contains(t, r.Reason, "score 0.00")
	assert.Contains(t, r.Reason, "3 changed lines left out by the cap")
	assert.Equal(t, Survivor{File: "calc.go", Line: 4, Operator: "boundary", Original: "if x < 0 {", Mutated: "if x <= 0 {"}, weak.Survivors[0])

	half := MutationOf(summarize(mutate.Result{Mutant: boundary, Status: mutate.Survived}, mutate.Result{Mutant: deleted, Status: mutate.Killed}), 0, 0.5)
	assert.Equal(t, Accept, ClassifyMutate(half).Classification, "a score equal to the threshold reaches it")

	none := MutationOf(summarize(), 0, 0)
	r = ClassifyMutate(none)
	assert.Equal(t, Accept, r.Classification)
	assert.Contains(t, r.Reason, "nothing to mutate")

	unbuilt := MutationOf(summarize(mutate.Result{Mutant: boundary, Status: mutate.NotCompiled}), 0, 0)
	r = ClassifyMutate(unbuilt)
	assert.Equal(t, Accept, r.Classification, "a mutant the compiler rejects says nothing about the tests")
	assert.Contains(t, r.Reason, "none of the 1 mutants compiled")
}

func TestMutationJSON(t *testing.T) {
	s, err := mutate.Summarize([]mutate.Result{{Mutant: mutate.Mutant{File: "a.go", Line: 2, Operator: "boolean", Original: "a && b", Mutated: "a || b"}, Status: mutate.Survived}})
	require.NoError(t, err)
	m := MutationOf(s, 1, 0.9)
	raw, err := json.Marshal(Report{Mutation: &m})
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"mutation":{"score":0,"killed":0,"survived":1,"timeout":0,"not_compiled":0,"total":1,"skipped_by_cap":1,"threshold":0.9,`+
		`"survivors":[{"file":"a.go","line":2,"operator":"boolean","original":"a \u0026\u0026 b","mutated":"a || b"}],"elapsed_ms":0,"head_suite_ms":0}`)
	raw, err = json.Marshal(Report{})
	require.NoError(t, err)
	assert.NotContains(t, string(raw), "mutation", "no mutation gate, no field")
}
