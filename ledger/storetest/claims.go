package storetest

import (
	"context"
	"encoding/json"
	"reflect"
	"sync"
	"testing"

	"github.com/engineo/autoverify/ledger"
)

func testAuthorClaims(t *testing.T, s ledger.Store) {
	ctx := ctxFor(t)
	ac, ok := s.(ledger.AuthorCounter)
	if !ok {
		t.Fatalf("%T does not count claims per author", s)
	}
	if got, err := ac.AuthorClaims(ctx); err != nil || len(got) != 0 {
		t.Fatalf("a new store: %v, %v; want no authors", got, err)
	}
	falseClaim := ledger.ClaimCounts{Signals: 1, FalseClaims: 1, FalsePairs: 2}
	// Concurrent deliveries of the same run (a retry) count once; other
	// runs add up.
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if err := ac.CountClaims(ctx, "dev|agent 1", "run-1", falseClaim); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	for _, run := range []string{"run-2", "run-3"} {
		if err := ac.CountClaims(ctx, "dev|agent 1", run, ledger.ClaimCounts{Signals: 1, Held: 1}); err != nil {
			t.Fatal(err)
		}
	}
	if err := ac.CountClaims(ctx, "557058:reporter", "run-1", ledger.ClaimCounts{Signals: 1, Rejected: 1}); err != nil {
		t.Fatal(err)
	}
	got, err := ac.AuthorClaims(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]ledger.ClaimCounts{
		"dev|agent 1":     {Signals: 3, Held: 2, FalseClaims: 1, FalsePairs: 2},
		"557058:reporter": {Signals: 1, Rejected: 1},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("AuthorClaims = %+v, want %+v", got, want)
	}
}

func testClaimState(t *testing.T, s ledger.Store) {
	ctx := context.Background()
	l := &ledger.Ledger{Store: s, Limits: ledger.DefaultLimits}
	cmds := []ledger.VerificationCommand{{Check: "unit_tests", Environment: "ALL"}, {Check: "lint", Environment: "native"}}
	envs := []string{"devcontainer", "native"}
	rejected := ledger.ClaimRecord{RunID: "r1", Signal: "READY_FOR_REVIEW", Author: "dev-agent-1", RequiredEnvironments: envs, Commands: cmds,
		Claimed: []ledger.PairResult{{Check: "unit_tests", Environment: "native", Result: "PASS"}}, Rejected: "Missing: unit_tests in devcontainer"}
	for range 2 { // the retried delivery counts once
		if _, err := l.RecordClaim(ctx, "KAN-3", rejected); err != nil {
			t.Fatal(err)
		}
	}
	rows := []ledger.PairResult{{Check: "unit_tests", Environment: "devcontainer", Result: "PASS"},
		{Check: "unit_tests", Environment: "native", Result: "PASS"}, {Check: "lint", Environment: "native", Result: "PASS"}}
	held := ledger.ClaimRecord{RunID: "r2", Signal: "READY_FOR_REVIEW", Author: "dev-agent-1", RequiredEnvironments: envs, Commands: cmds,
		Claimed: rows, Observed: rows}
	if _, err := l.RecordClaim(ctx, "KAN-3", held); err != nil {
		t.Fatal(err)
	}
	audit := held
	audit.RunID, audit.Signal, audit.Author = "r3", "AUDIT_PASSED", "auditor-1"
	audit.Observed = append([]ledger.PairResult{{Check: "unit_tests", Environment: "devcontainer", ExitCode: 1, Result: "FAIL"}}, rows[1:]...)
	audit.FalseClaims = []ledger.FalseClaim{{Check: "unit_tests", Environment: "devcontainer", ClaimedResult: "PASS", ObservedExitCode: 1, ObservedResult: "FAIL"}}
	e, err := l.RecordClaim(ctx, "KAN-3", audit)
	if err != nil {
		t.Fatal(err)
	}
	// Read back through the store, under the spec's names.
	raw, err := json.Marshal(mustGet(t, s, "KAN-3"))
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		EV map[string]any `json:"environment_verification"`
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"required_environments", "verification_commands", "developer_results", "auditor_results", "signal_attempts",
		"observed_results", "false_claims", "signal_rejections", "status", "developer_id", "last_signal"} {
		if _, ok := got.EV[name]; !ok {
			t.Errorf("environment_verification has no %q: %s", name, raw)
		}
	}
	ev := e.EnvironmentVerification
	switch {
	case ev.SignalAttempts != 3:
		t.Errorf("signal_attempts = %d, want 3 (a retried run counts once)", ev.SignalAttempts)
	case ev.SignalRejections != 1:
		t.Errorf("signal_rejections = %d, want 1", ev.SignalRejections)
	case ev.Status != ledger.StatusImplementing:
		t.Errorf("status = %q, want implementing after a false claim", ev.Status)
	case ev.DeveloperID != "dev-agent-1" || len(ev.DeveloperResults) != 3 || len(ev.AuditorResults) != 3 || len(ev.FalseClaims) != 1:
		t.Errorf("state = %+v", ev)
	}
	// BeginCycle and Finish keep it.
	if _, err := l.BeginCycle(ctx, "KAN-3", ""); err != nil {
		t.Fatal(err)
	}
	if mustGet(t, s, "KAN-3").EnvironmentVerification == nil {
		t.Error("a verify cycle dropped the signal state")
	}
	if ac, ok := s.(ledger.AuthorCounter); ok {
		counts, err := ac.AuthorClaims(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if counts["dev-agent-1"] != (ledger.ClaimCounts{Signals: 2, Held: 1, Rejected: 1}) || counts["auditor-1"].FalseClaims != 1 {
			t.Errorf("author counts = %+v", counts)
		}
	}
}
