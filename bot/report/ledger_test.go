package report

import (
	"testing"
	"time"
)

func TestLedgerEntryGolden(t *testing.T) {
	t.Parallel()
	// A failure time in another zone prints in UTC.
	failedAt := time.Date(2025, 3, 4, 10, 0, 0, 0, time.FixedZone("CET", 3600))
	since := time.Date(2025, 3, 4, 11, 30, 0, 0, time.UTC)
	busy := Entry{StoryKey: "KAN-25", Cycles: 3, MaxCycles: 3, Fixes: 1, MaxFixes: 2,
		LastFailureType: "TEST_FAILURE", LastFailureHash: "9f2c4e1a", LastFailureAt: &failedAt,
		LastCommit: "abc1234abc1234abc1234abc1234abc1234abc12",
		Signal:     &Signal{Last: "READY_FOR_REVIEW", Author: "dev-agent-1", Status: "pending_audit", Attempts: 2, Rejections: 1, FalseClaims: 2},
		InFlight: []InFlight{
			{RunID: "run-7", Since: since, Until: since.Add(10 * time.Minute)},
			{RunID: "run-8", Since: since.Add(time.Minute), Until: since.Add(11 * time.Minute)},
		},
		History: []HistoryRun{
			{At: failedAt, Route: "needs_fix", Reason: "1 automated item failed", Commit: "abc1234abc1234abc1234abc1234abc1234abc12", Passed: 1, Failed: 1},
			// A lost run: no commit, the ledger's reason.
			{At: since.Add(-time.Hour), Route: "human_attention", Reason: "run lost: it reserved a verify cycle at 2025-03-04T10:30:00Z and was not heard of after 2025-03-04T10:40:00Z (its process was killed or lost the ledger); the cycle stays counted"},
			{At: since, Route: "verified", Commit: "short", Passed: 2, Manual: 1},
		}}
	fresh := Entry{StoryKey: "KAN-1", MaxCycles: 3, MaxFixes: 2}
	unsigned := Entry{StoryKey: "KAN-2", MaxCycles: 3, MaxFixes: 2, Signal: &Signal{Status: "implementing"}}
	for name, e := range map[string]Entry{"busy": busy, "fresh": fresh, "signal-empty": unsigned} {
		golden(t, "ledger-entry-"+name, LedgerEntry(e))
	}
}

func TestAuthorsGolden(t *testing.T) {
	t.Parallel()
	golden(t, "authors", Authors([]Author{
		{Name: "dev-agent-1", Signals: 12, Held: 9, FalseClaims: 2, FalsePairs: 3, Rejected: 1},
		{Name: "a-much-longer-author-name", Signals: 1, Unverified: 1},
	}))
	golden(t, "authors-none", Authors(nil))
}
