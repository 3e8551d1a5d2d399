package githubapp

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/gates"
)

// TestPublisherAnnotatesSurvivors: each surviving mutant is an annotation
// on its line, a failure when VERIFY_MUTATE rejected and a warning when it
// accepted; they are sent before the run is completed (it completes with
// them, no update after the verdict); a path GitHub could not place is left out, and an annotation
// that fails does not keep the sticky comment from being posted.
func TestPublisherAnnotatesSurvivors(t *testing.T) {
	t.Parallel()
	mutation := &gates.MutationReport{Score: 0.5, Threshold: 0.8, Total: 2, Survivors: []gates.Survivor{
		{File: "calc/calc.go", Line: 5, Operator: "zero_return", Original: "return -x", Mutated: "return 0"},
		{File: "/tmp/tree/calc.go", Line: 6, Operator: "negate", Original: "a", Mutated: "b"},
	}}
	verdict := func(c gates.Classification) *bot.Verification {
		return &bot.Verification{Gates: &gates.Report{Mutation: mutation, Gates: []gates.Evidence{
			{Gate: gates.Green, Classification: gates.Accept}, {Gate: gates.Mutate, Classification: c}}}}
	}

	gh := &fakeGitHub{}
	p := &Publisher{GitHub: gh, Owner: "acme", Repo: "web", Number: 7}
	require.NoError(t, p.Publish(context.Background(), verdict(gates.RejectWeak)))
	require.Len(t, gh.annotations, 1)
	require.Len(t, gh.annotations[0], 1, "the absolute path is left out")
	require.Len(t, gh.checks, 2)
	assert.Equal(t, "annotate 1", gh.checks[0], "annotated while in progress, before the verdict completes the run")
	assert.Contains(t, gh.checks[1], "complete ")
	a := gh.annotations[0][0]
	assert.Equal(t, "calc/calc.go", a.GetPath())
	assert.Equal(t, 5, a.GetStartLine())
	assert.Equal(t, 5, a.GetEndLine())
	assert.Equal(t, "failure", a.GetAnnotationLevel())
	assert.Equal(t, "Survived mutant: zero_return", a.GetTitle())
	assert.Equal(t, "return -x → return 0: no test fails with this line broken", a.GetMessage())

	gh = &fakeGitHub{annotateErr: errors.New("422")}
	p = &Publisher{GitHub: gh, Owner: "acme", Repo: "web", Number: 7}
	require.NoError(t, p.Publish(context.Background(), verdict(gates.Accept)))
	require.Len(t, gh.annotations, 1)
	assert.Equal(t, "warning", gh.annotations[0][0].GetAnnotationLevel(), "the gate accepted")
	assert.Len(t, gh.sticky, 1, "a failed annotation still posts the comment")

	gh = &fakeGitHub{}
	p = &Publisher{GitHub: gh, Owner: "acme", Repo: "web", Number: 7}
	require.NoError(t, p.Publish(context.Background(), &bot.Verification{Gates: &gates.Report{}}))
	assert.Empty(t, gh.annotations, "no mutants: no annotation request")
}
