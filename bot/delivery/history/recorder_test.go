package history

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/bot/runlog"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/ledger"
	"github.com/engineo/autoverify/ledger/bolt"
)

// statusAtBegin is a publisher after the recorder that reads what the
// recorder wrote at Begin.
type statusAtBegin struct {
	log *memRunLog
	got []runlog.Record
}

func (s *statusAtBegin) Begin(context.Context, *bot.Verification) error {
	s.got = append([]runlog.Record(nil), s.log.puts...)
	return nil
}
func (s *statusAtBegin) Publish(context.Context, *bot.Verification) error { return nil }

func TestRecorderRecordsAFailedRunFromItsStart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "- [ ] a `ok`\n- [ ] b `fail`\n- [ ] manual\n", exitByName, nil)
	h.source.subject.Author, h.source.subject.URL, h.source.subject.Number = "alice", "https://github.com/acme/web/pull/7", 7
	log := &memRunLog{}
	atBegin := &statusAtBegin{log: log}
	h.pipeline.Publishers = []bot.Publisher{&Recorder{Log: log}, atBegin}
	req := h.request()
	req.Trigger = "/verify by @alice"
	v, err := h.pipeline.Run(context.Background(), req)
	require.NoError(t, err)
	require.Len(t, atBegin.got, 1, "the run is recorded before any check runs")
	active := atBegin.got[0]
	assert.Equal(t, runlog.Active, active.Status)
	assert.Equal(t, "run-1", active.ID)
	assert.Equal(t, "acme/web", active.Repo)
	assert.False(t, active.Local)
	assert.Equal(t, "KAN-1", active.Story)
	require.Len(t, active.Items, 3, "items are pending")
	assert.False(t, active.Items[0].Ran)

	require.Len(t, log.puts, 4, "begin, each of the two checks as it lands, the end")
	landed := log.puts[1:3]
	for _, r := range landed {
		assert.Equal(t, runlog.Active, r.Status, "items land while the run is active")
	}
	ran := func(r runlog.Record) (n int) {
		for _, it := range r.Items {
			if it.Ran {
				n++
			}
		}
		return n
	}
	assert.Equal(t, 1, ran(landed[0]), "one check landed")
	assert.Equal(t, 2, ran(landed[1]), "both checks have landed before the verdict")
	assert.Equal(t, 0, ran(atBegin.got[0]), "what Begin wrote is not changed afterwards")
	done := log.puts[3]
	assert.Equal(t, runlog.Failed, done.Status)
	assert.Equal(t, string(v.Report.Route), done.Route)
	assert.Equal(t, "alice", done.Author)
	assert.Equal(t, "/verify by @alice", done.Trigger)
	assert.Equal(t, 7, done.Number)
	assert.Equal(t, []string{"ev.txt"}, done.Evidence)
	assert.Equal(t, "reports", done.EvidenceDir)
	assert.Equal(t, 1, done.Ledger.Cycles)
	assert.Equal(t, 3, done.Ledger.MaxCycles)
	require.Len(t, done.Items, 3)
	assert.True(t, done.Items[0].Passed)
	assert.Equal(t, 1, done.Items[1].ExitCode)
	assert.NotEmpty(t, done.Items[1].FailureType)
	assert.Equal(t, []string{done.Items[1].FailureType}, done.FailureTypes())
	assert.False(t, done.Finished.Before(done.Started))
}

func TestRecorderPassAndProblem(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "- [ ] a `ok`\n", exitByName, nil)
	log := &memRunLog{}
	h.pipeline.Publishers = []bot.Publisher{&Recorder{Log: log}}
	_, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	assert.Equal(t, runlog.Passed, log.puts[len(log.puts)-1].Status)

	h = newHarness(t, "prose", exitByName, nil)
	h.source.subject.Title = "no key"
	log = &memRunLog{}
	h.pipeline.Publishers = []bot.Publisher{&Recorder{Log: log}}
	_, err = h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	require.Len(t, log.puts, 1, "a run stopped before Begin is still recorded, once")
	assert.Equal(t, runlog.Stopped, log.puts[0].Status)
	assert.Contains(t, log.puts[0].Problem, "no story key")
}

func TestRecorderShowsFurtherChecksAsASection(t *testing.T) {
	t.Parallel()
	done := recordWithStage(t, toyStage{})
	require.Len(t, done.Sections, 1)
	assert.Equal(t, "Checks", done.Sections[0].Title)
	assert.Equal(t, []runlog.Row{{Name: "toy stage", Result: "FAIL — TEST_FAILURE"}}, done.Sections[0].Rows)
	assert.Len(t, done.Items, 1, "the stage's finding is not a story item")
	assert.Equal(t, runlog.Failed, done.Status, "a failed check that is no story item fails the run")
}

// recordWithStage runs a one-item story with stage added to the
// pipeline's checks and returns the run as the recorder last wrote it.
func recordWithStage(t *testing.T, stage bot.Check) runlog.Record {
	t.Helper()
	h := newHarness(t, "- [ ] a `ok`\n", exitByName, nil)
	h.pipeline.Checks = append(h.pipeline.Checks, stage)
	log := &memRunLog{}
	h.pipeline.Publishers = []bot.Publisher{&Recorder{Log: log}}
	_, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	return log.puts[len(log.puts)-1]
}

// mutantStage is a gates stage whose VERIFY_MUTATE left a survivor.
type mutantStage struct{}

func (mutantStage) Name() string { return "gates" }

func (mutantStage) Check(_ context.Context, v *bot.Verification) error {
	v.Gates = &gates.Report{Mutation: &gates.MutationReport{Score: 2.0 / 3, Threshold: 0.8, Killed: 2, Survived: 1, Total: 3,
		Survivors: []gates.Survivor{{File: "calc.go", Line: 5, Operator: "zero_return", Original: "return -x", Mutated: "return 0"}}}}
	return nil
}

func TestRecorderShowsTheMutationScore(t *testing.T) {
	t.Parallel()
	done := recordWithStage(t, mutantStage{})
	require.Len(t, done.Sections, 1)
	assert.Equal(t, "Mutation", done.Sections[0].Title)
	assert.Equal(t, []runlog.Row{
		{Name: "score", Result: "0.67 < 0.80", Detail: "2 killed, 0 timed out, 1 survived, 0 not compiled of 3 mutants"},
		{Name: "calc.go:5 zero_return", Result: "survived", Detail: "return -x → return 0"},
	}, done.Sections[0].Rows)
}

func TestRecorderWarnsAndTheRunGoesOn(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "- [ ] a `ok`\n", exitByName, nil)
	var warned []string
	h.pipeline.Publishers = []bot.Publisher{&Recorder{Log: &memRunLog{err: errors.New("disk full")},
		Warn: func(msg string, err error) { warned = append(warned, msg+": "+err.Error()) }}}
	v, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	assert.True(t, v.Ran())
	require.Len(t, warned, 3, "begin, the item, the end")
	assert.Contains(t, warned[0], "run-1")
	assert.Contains(t, warned[0], "disk full")
}

func TestRecorderFailedEndsTheRun(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "- [ ] a `ok`\n", exitByName, nil)
	h.source.wsErr = errors.New("tarball: 502 Bad Gateway")
	log := &memRunLog{}
	rr := &Recorder{Log: log}
	h.pipeline.Publishers = []bot.Publisher{rr}
	_, err := rr.Around(h.pipeline).Run(context.Background(), h.request())
	require.Error(t, err)
	last := log.puts[len(log.puts)-1]
	assert.Equal(t, runlog.Stopped, last.Status)
	assert.Contains(t, last.Problem, "502 Bad Gateway")
}

func TestRecorderNamesLocalRuns(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "- [ ] a `ok`\n", exitByName, nil)
	h.source.subject.BaseRef, h.source.subject.Repo = "", "."
	log := &memRunLog{}
	h.pipeline.Publishers = []bot.Publisher{&Recorder{Log: log, LocalRepo: "/home/me/web"}}
	req := h.request()
	req.RunID = ""
	_, err := h.pipeline.Run(context.Background(), req)
	require.NoError(t, err)
	first, last := log.puts[0], log.puts[len(log.puts)-1]
	assert.True(t, first.Local)
	assert.Equal(t, "/home/me/web", first.Repo)
	assert.Regexp(t, `^local-KAN-1-\d{8}T\d{6}Z-[0-9a-f]{6}$`, first.ID)
	assert.Equal(t, first.ID, last.ID, "Begin and Publish write the same run")
}

// maskRedactor masks one secret.
type maskRedactor string

func (m maskRedactor) String(s string) string { return strings.ReplaceAll(s, string(m), "[REDACTED]") }

func (m maskRedactor) Bytes(b []byte) []byte { return []byte(m.String(string(b))) }

func TestRecorderRedactsWhatItWrites(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "- [ ] deploy with hunter2-token `ok`\n", exitByName, nil)
	h.source.wsErr = errors.New("dial https://user:hunter2-token@git.example: refused")
	log := &memRunLog{}
	rr := &Recorder{Log: log, Redactor: maskRedactor("hunter2-token")}
	h.pipeline.Publishers = []bot.Publisher{rr}
	_, err := rr.Around(h.pipeline).Run(context.Background(), h.request())
	require.Error(t, err)
	for _, r := range log.puts {
		raw := fmt.Sprintf("%+v", r)
		assert.NotContains(t, raw, "hunter2-token")
	}
	assert.Contains(t, log.puts[len(log.puts)-1].Problem, "[REDACTED]")
}

// TestRecorderMasksItemsInTheBackground: with Pending, Begin leaves
// masking the items to its background write (the first redaction of a
// process waits for gitleaks' rules); the start, every landing and the
// end are still written masked.
func TestRecorderMasksItemsInTheBackground(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "- [ ] deploy with hunter2-token `ok`\n- [ ] then `ok hunter2-token`\n", exitByName, nil)
	log := &memRunLog{}
	var pending sync.WaitGroup
	// The pipeline masks the summary the end is written from.
	h.pipeline.Redactor = maskRedactor("hunter2-token")
	h.pipeline.Publishers = []bot.Publisher{&Recorder{Log: log, Redactor: maskRedactor("hunter2-token"), Pending: &pending}}
	_, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	pending.Wait()
	log.mu.Lock()
	defer log.mu.Unlock()
	require.Len(t, log.puts, 4, "begin, two landings, the end")
	for _, r := range log.puts {
		assert.NotContains(t, fmt.Sprintf("%+v", r), "hunter2-token")
		require.Len(t, r.Items, 2)
		assert.Equal(t, "deploy with [REDACTED] `ok`", r.Items[0].Text, "%s %d", r.Status, len(log.puts))
	}
}

func TestRecorderShowsReviewersAsASection(t *testing.T) {
	t.Parallel()
	v := &bot.Verification{Request: bot.Request{RunID: "r"}, Key: "KAN-1", Subject: bot.Subject{Repo: "acme/web", BaseRef: "main"}}
	v.Summary.RunID, v.Summary.VerificationStatus = "r", "escalated"
	v.Summary.Reviews = []report.Review{{Check: "pnpm test", Environment: "node20", Status: "escalated", Reason: "digest_mismatch",
		Flaky: []string{"cart applies discount"}, Reviewers: []report.Reviewer{{ID: "r1", Status: "passed"}, {ID: "r2", Status: "failed"}}}}
	rec := (&Recorder{IssueURL: func(k string) string { return "https://acme.atlassian.net/browse/" + k }}).Finished(v)
	assert.Equal(t, "https://acme.atlassian.net/browse/KAN-1", rec.IssueURL)
	require.Len(t, rec.Sections, 1)
	assert.Equal(t, runlog.Section{Title: "Reviewers — escalated", Rows: []runlog.Row{{Name: "pnpm test in node20", Result: "escalated (digest_mismatch)",
		Detail: "r1: passed; r2: failed; flaky: cart applies discount"}}}, rec.Sections[0])
}

// slowProgressLog takes its time over progress writes (records of an
// active run with a landed item).
type slowProgressLog struct{ memRunLog }

func (s *slowProgressLog) Put(ctx context.Context, r runlog.Record) error {
	for _, it := range r.Items {
		if r.Status == runlog.Active && it.Ran {
			time.Sleep(30 * time.Millisecond)
			break
		}
	}
	return s.memRunLog.Put(ctx, r)
}

// TestRecorderProgressIsWrittenInOrderBeforeTheEnd: progress is
// written in the background (and, with Pending, the start and the end
// too), but in the order things happened, and the run's end is always the
// last record, however slow the history is.
func TestRecorderProgressIsWrittenInOrderBeforeTheEnd(t *testing.T) {
	t.Parallel()
	for name, pending := range map[string]*sync.WaitGroup{"start and end before returning": nil, "everything in the background": {}} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, "- [ ] a `ok`\n- [ ] b `fail`\n", exitByName, nil)
			log := &slowProgressLog{}
			h.pipeline.Publishers = []bot.Publisher{&Recorder{Log: log, Pending: pending}}
			_, err := h.pipeline.Run(context.Background(), h.request())
			require.NoError(t, err)
			if pending != nil {
				pending.Wait()
			}
			log.mu.Lock()
			defer log.mu.Unlock()
			require.Len(t, log.puts, 4, "begin, two landings, the end")
			ran := func(r runlog.Record) (n int) {
				for _, it := range r.Items {
					if it.Ran {
						n++
					}
				}
				return n
			}
			assert.Equal(t, runlog.Active, log.puts[0].Status, "the start first")
			assert.Equal(t, []int{0, 1, 2}, []int{ran(log.puts[0]), ran(log.puts[1]), ran(log.puts[2])}, "landings in order")
			assert.Equal(t, runlog.Failed, log.puts[3].Status, "the end is written last")
		})
	}
}

// TestRecorderSettle: with Settle, a record of a run still going waits
// and is dropped when a newer one comes meanwhile, so a quick run is
// written once, at its end; a run that lasts longer than Settle is seen
// active, with its landings, before it ends.
func TestRecorderSettle(t *testing.T) {
	t.Parallel()
	t.Run("a quick run is written once", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, "- [ ] a `ok`\n- [ ] b `fail`\n", exitByName, nil)
		log := &memRunLog{}
		var pending sync.WaitGroup
		h.pipeline.Publishers = []bot.Publisher{&Recorder{Log: log, Pending: &pending, Settle: time.Minute}}
		start := time.Now()
		_, err := h.pipeline.Run(context.Background(), h.request())
		require.NoError(t, err)
		pending.Wait()
		assert.Less(t, time.Since(start), 30*time.Second, "nothing waited for Settle")
		log.mu.Lock()
		defer log.mu.Unlock()
		require.Len(t, log.puts, 1)
		assert.Equal(t, runlog.Failed, log.puts[0].Status)
	})
	t.Run("a slow run is seen active", func(t *testing.T) {
		t.Parallel()
		slow := runner{run: func(_ context.Context, cmd verify.Command) (verify.Result, error) {
			if cmd.Argv[0] == "slow" {
				time.Sleep(300 * time.Millisecond)
			}
			return verify.Result{}, nil
		}}
		h := newHarness(t, "- [ ] a `ok`\n- [ ] b `slow`\n", slow, nil)
		log := &memRunLog{}
		var pending sync.WaitGroup
		h.pipeline.Publishers = []bot.Publisher{&Recorder{Log: log, Pending: &pending, Settle: 20 * time.Millisecond}}
		_, err := h.pipeline.Run(context.Background(), h.request())
		require.NoError(t, err)
		pending.Wait()
		log.mu.Lock()
		defer log.mu.Unlock()
		require.GreaterOrEqual(t, len(log.puts), 2)
		assert.Equal(t, runlog.Active, log.puts[0].Status, "the start, once Settle passed")
		assert.Equal(t, runlog.Passed, log.puts[len(log.puts)-1].Status, "the end last")
	})
}

// secondUpdate is a ledger store that calls hook on the second update of
// a story (the first reserves the cycle; the second records the run),
// before doing it: another run of the story in between.
type secondUpdate struct {
	ledger.Store
	mu      sync.Mutex
	updates int
	hook    func(ctx context.Context, s ledger.Store)
}

func (f *secondUpdate) Update(ctx context.Context, key string, fn func(*ledger.Entry) error) (ledger.Entry, error) {
	f.mu.Lock()
	f.updates++
	n := f.updates
	f.mu.Unlock()
	if n == 2 && f.hook != nil {
		f.hook(ctx, f.Store)
	}
	return f.Store.Update(ctx, key, fn)
}

// TestRecorderMarksOnceUnlessRemade: a recorder writing in the
// background (the CLI's, with Pending) writes the run's end at Mark, and
// again at Publish only when the report was made again; one writing as it
// goes (the server's) writes it once, at Publish, from the ledger's
// answer.
func TestRecorderMarksOnceUnlessRemade(t *testing.T) {
	t.Parallel()
	for _, background := range []bool{true, false} {
		for _, remade := range []bool{false, true} {
			base, err := bolt.Open(t.TempDir())
			require.NoError(t, err)
			t.Cleanup(func() { base.Close() })
			store := &secondUpdate{Store: base}
			if remade {
				store.hook = func(ctx context.Context, s ledger.Store) {
					_, _ = s.Update(ctx, "KAN-1", func(e *ledger.Entry) error { e.AutoVerifyRuns++; return nil })
				}
			}
			h := newHarness(t, "- [ ] a `ok`\n", exitByName, store)
			log := &memRunLog{}
			rec := &Recorder{Log: log}
			var pending sync.WaitGroup
			if background {
				rec.Pending = &pending
			}
			h.pipeline.Publishers = []bot.Publisher{rec}
			_, err = h.pipeline.Run(context.Background(), h.request())
			require.NoError(t, err)
			pending.Wait()
			var ends []int
			for _, r := range log.puts {
				if r.Status != runlog.Active {
					ends = append(ends, r.Ledger.Cycles)
				}
			}
			switch {
			case background && remade:
				assert.Equal(t, []int{1, 2}, ends, "the end at Mark, then again from the ledger's answer")
			case background:
				assert.Equal(t, []int{1}, ends, "the end once, at Mark")
			case remade:
				assert.Equal(t, []int{2}, ends, "the end once, at Publish, from the ledger's answer")
			default:
				assert.Equal(t, []int{1}, ends, "the end once, at Publish")
			}
		}
	}
}

// fakeAttester "signs" by naming a file (the signing itself is
// integrations/attest's, tested there and end to end in cmd/autoverify).
type fakeAttester struct{ err error }

func (fakeAttester) Fingerprint() string { return "SHA256:abcd" }
func (a fakeAttester) Attest(_ context.Context, v *bot.Verification) (string, error) {
	return "/runs/" + v.Key + "-20260101T000000Z.intoto.jsonl", a.err
}

// TestRecorderSaysWhetherTheVerdictIsSigned: the run page says signed (by
// which key) and offers the attestation with the evidence; unsigned, or
// why signing failed, otherwise.
func TestRecorderSaysWhetherTheVerdictIsSigned(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		attester bot.Attester
		signing  string
		files    int
	}{
		{fakeAttester{}, "signed by key SHA256:abcd", 2},
		{fakeAttester{err: errors.New("disk full")}, "not signed: disk full", 1},
		{nil, "unsigned (no signing key is configured)", 1},
	} {
		h := newHarness(t, "- [ ] a `ok`\n", exitByName, nil)
		h.pipeline.Attester = c.attester
		log := &memRunLog{}
		h.pipeline.Publishers = []bot.Publisher{&Recorder{Log: log}}
		_, err := h.pipeline.Run(context.Background(), h.request())
		require.NoError(t, err)
		done := log.puts[len(log.puts)-1]
		assert.Equal(t, c.signing, done.Signing)
		require.Len(t, done.Evidence, c.files)
		if c.files == 2 {
			assert.Equal(t, "KAN-1-20260101T000000Z.intoto.jsonl", done.Evidence[1])
		}
	}
}
