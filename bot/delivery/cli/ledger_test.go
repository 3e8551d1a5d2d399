package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/ledger"
)

// fakeLedger is a ledger holding one entry; counts, when set, makes it
// count claims per author.
type fakeLedger struct {
	entry ledger.Entry
	reset []string
	err   error
}

func (f *fakeLedger) Get(_ context.Context, key string) (ledger.Entry, error) {
	e := f.entry
	e.StoryKey = key
	return e, f.err
}

func (f *fakeLedger) Reset(_ context.Context, key string) error {
	f.reset = append(f.reset, key)
	return f.err
}

type countingLedger struct {
	fakeLedger
	counts map[string]ledger.ClaimCounts
}

func (c *countingLedger) CountClaims(context.Context, string, string, ledger.ClaimCounts) error {
	return nil
}

func (c *countingLedger) AuthorClaims(context.Context) (map[string]ledger.ClaimCounts, error) {
	return c.counts, nil
}

// TestShowLedgerJSON: `ledger show --json` is the entry, its limits and
// the counts of the author of its claims alone (none without claims or
// without a counting store).
func TestShowLedgerJSON(t *testing.T) {
	t.Parallel()
	limits := ledger.Limits{MaxAutoFixAttempts: 2, MaxVerifyCycles: 3}
	claimed := ledger.Entry{AutoVerifyRuns: 1, EnvironmentVerification: &ledger.EnvironmentVerification{DeveloperID: "dev-1"}}
	counts := map[string]ledger.ClaimCounts{"dev-1": {Signals: 2, Held: 1}, "dev-2": {Signals: 5}}
	for name, tc := range map[string]struct {
		store   LedgerReader
		authors map[string]any
	}{
		"claims counted":  {&countingLedger{fakeLedger{entry: claimed}, counts}, map[string]any{"dev-1": map[string]any{"signals": 2.0, "held": 1.0, "rejected": 0.0, "false_claims": 0.0, "false_pairs": 0.0, "unverified": 0.0}}},
		"no claims":       {&countingLedger{fakeLedger{entry: ledger.Entry{AutoVerifyRuns: 1}}, counts}, nil},
		"store not count": {&fakeLedger{entry: claimed}, nil},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var b bytes.Buffer
			require.NoError(t, ShowLedger(context.Background(), &b, tc.store, "KAN-5", limits, true))
			var got map[string]any
			require.NoError(t, json.Unmarshal(b.Bytes(), &got))
			assert.Equal(t, "KAN-5", got["story_key"])
			assert.EqualValues(t, 1, got["auto_verify_runs"])
			assert.Equal(t, map[string]any{"max_auto_fix_attempts": 2.0, "max_verify_cycles": 3.0}, got["limits"])
			if tc.authors == nil {
				assert.NotContains(t, got, "author_claims")
			} else {
				assert.Equal(t, tc.authors, got["author_claims"])
			}
			assert.Contains(t, b.String(), "\n  \"story_key\"", "indented")
		})
	}
}

func TestShowLedgerText(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	l := ledger.Limits{MaxAutoFixAttempts: 2, MaxVerifyCycles: 3}
	require.NoError(t, ShowLedger(context.Background(), &b, &fakeLedger{entry: ledger.Entry{AutoVerifyRuns: 1}}, "KAN-5", l, false))
	assert.Equal(t, LedgerEntry(ledger.Entry{StoryKey: "KAN-5", AutoVerifyRuns: 1}, l), b.String())

	err := ShowLedger(context.Background(), &b, &fakeLedger{err: errors.New("down")}, "KAN-5", l, false)
	assert.EqualError(t, err, "reading the ledger of KAN-5: down")
}

func TestResetLedger(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	store := &fakeLedger{}
	require.NoError(t, ResetLedger(context.Background(), &b, store, "KAN-6"))
	assert.Equal(t, []string{"KAN-6"}, store.reset)
	assert.Equal(t, "KAN-6: ledger reset; verify cycles and auto-fix attempts start again from 0\n", b.String())

	err := ResetLedger(context.Background(), &b, &fakeLedger{err: errors.New("down")}, "KAN-6")
	assert.EqualError(t, err, "resetting KAN-6: down")
}

func TestShowAuthors(t *testing.T) {
	t.Parallel()
	counts := map[string]ledger.ClaimCounts{"b": {Signals: 1}, "a": {Signals: 2, Held: 2}}
	store := &countingLedger{counts: counts}
	var b bytes.Buffer
	require.NoError(t, ShowAuthors(context.Background(), &b, store, false))
	assert.Equal(t, Authors(counts), b.String())

	b.Reset()
	require.NoError(t, ShowAuthors(context.Background(), &b, store, true))
	var got map[string]ledger.ClaimCounts
	require.NoError(t, json.Unmarshal(b.Bytes(), &got))
	assert.Equal(t, counts, got)

	err := ShowAuthors(context.Background(), &b, &fakeLedger{}, false)
	assert.EqualError(t, err, "the *cli.fakeLedger ledger does not count claims per author")
}
