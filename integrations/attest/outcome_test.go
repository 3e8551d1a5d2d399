package attest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/report"
)

// TestOutcomeAndView: a verified run shows each check's result and the
// run's verdict, and its JSON says verified with what held; a failure
// says why, in the same shape.
func TestOutcomeAndView(t *testing.T) {
	t.Parallel()
	evidence, summary := []byte("evidence of the run\n"), []byte(`{"story_key":"KAN-1"}`)
	bundle, pubPEM := signedRun(t, Ed25519, evidence, summary)
	pub, err := ParsePublic(pubPEM)
	require.NoError(t, err)
	res, err := Verify(context.Background(), bundle, pub, Checks{Subjects: map[string][]byte{"evidence": evidence}})
	require.NoError(t, err)
	assert.Equal(t, report.Verified{File: "run.intoto.jsonl", Whole: true, Statements: []report.VerifiedStatement{
		{Result: Passed, Check: "go test ./..."}, {Result: Failed, Check: "go vet ./..."}, {Result: Failed, Verdict: true}}},
		res.View("run.intoto.jsonl"))

	raw, err := json.Marshal(OutcomeOf(res, nil))
	require.NoError(t, err)
	var got map[string]any
	require.NoError(t, json.Unmarshal(raw, &got))
	assert.Equal(t, true, got["verified"])
	assert.NotContains(t, got, "reason")
	assert.Equal(t, true, got["whole"])
	assert.Len(t, got["statements"], 3)

	_, failed := Verify(context.Background(), bundle, pub, Checks{Commit: "another"})
	var reason *Error
	require.ErrorAs(t, failed, &reason)
	raw, err = json.Marshal(OutcomeOf(Verification{}, failed))
	require.NoError(t, err)
	got = nil
	require.NoError(t, json.Unmarshal(raw, &got))
	assert.Equal(t, false, got["verified"])
	assert.Equal(t, failed.Error(), got["reason"])
}
