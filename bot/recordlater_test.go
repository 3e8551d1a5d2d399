package bot

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/evidence"
	"github.com/engineo/autoverify/ledger"
	"github.com/engineo/autoverify/ledger/bolt"
)

// finishHook is a ledger store that calls hook on the second update of
// the test's story (the first reserves the cycle; the second records the
// run) before doing it, and fails it with fail.
type finishHook struct {
	ledger.Store
	mu      sync.Mutex
	updates int
	hook    func(ctx context.Context, s ledger.Store)
	fail    error
}

func (f *finishHook) Update(ctx context.Context, key string, fn func(*ledger.Entry) error) (ledger.Entry, error) {
	f.mu.Lock()
	f.updates++
	n := f.updates
	f.mu.Unlock()
	if n == 2 {
		if f.hook != nil {
			f.hook(ctx, f.Store)
		}
		if f.fail != nil {
			return ledger.Entry{}, f.fail
		}
	}
	return f.Store.Update(ctx, key, fn)
}

// rewritingArtifacts is memArtifacts that also rewrites summaries.
type rewritingArtifacts struct {
	memArtifacts
	rewrites []evidence.Run
}

func (m *rewritingArtifacts) RewriteSummary(_ evidence.Files, run evidence.Run) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.rewrites = append(m.rewrites, run)
	return nil
}

// marker is a Marker publisher that keeps what it saw at Mark and at
// Publish.
type marker struct {
	ev             *events
	onMark         func()
	markCycles     int
	publishCycles  int
	publishRemade  bool
	publishLedgerE error
}

func (m *marker) Begin(context.Context, *Verification) error { return nil }

func (m *marker) Mark(_ context.Context, v *Verification) error {
	m.markCycles = v.Summary.Cycles
	if m.onMark != nil {
		m.onMark()
	}
	return nil
}

func (m *marker) Publish(_ context.Context, v *Verification) error {
	m.ev.add("publish")
	m.publishCycles, m.publishRemade, m.publishLedgerE = v.Summary.Cycles, v.Remade(), v.LedgerErr
	return nil
}

func recordLaterHarness(t *testing.T, store ledger.Store) (*harness, *rewritingArtifacts, *marker) {
	t.Helper()
	h := newPipelineHarness(t, "- [ ] a `ok`\n")
	arts := &rewritingArtifacts{}
	m := &marker{ev: h.ev}
	limits := ledger.DefaultLimits
	h.pipeline = New(Options{Ledger: &ledger.Ledger{Store: store, Limits: limits}, Limits: limits, Redactor: noRedact{},
		Artifacts: arts, Runners: h.pipeline.Runners})
	h.pipeline.Publishers = []Publisher{m}
	return h, arts, m
}

func openBolt(t *testing.T) *bolt.Store {
	t.Helper()
	s, err := bolt.Open(t.TempDir())
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

// TestPipelineWritesEvidenceWhileTheLedgerRecords: the ledger's record of
// the run is in flight while the evidence is written and the markers are
// made (a Marker's Mark), and published only once it has landed; the
// entry shown is the one the ledger holds.
func TestPipelineWritesEvidenceWhileTheLedgerRecords(t *testing.T) {
	t.Parallel()
	base := openBolt(t)
	started, release := make(chan struct{}), make(chan struct{})
	var ev *events
	store := &finishHook{Store: base, hook: func(context.Context, ledger.Store) {
		ev.add("ledger records")
		close(started)
		select {
		case <-release:
		case <-time.After(10 * time.Second):
			ev.add("ledger record waited 10 s: nothing overlapped it")
		}
	}}
	h, arts, m := recordLaterHarness(t, store)
	ev = h.ev
	m.onMark = func() {
		select {
		case <-started:
		case <-time.After(10 * time.Second):
			ev.add("marked before the ledger's record started")
		}
		ev.add("mark")
		close(release)
	}
	v, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	require.Nil(t, v.Problem)
	assert.Equal(t, "subject\npub begin\nworkspace\nrunners\nfill\nledger records\nmark\npublish\npub publish verified\nrelease runners\nrelease workspace", h.ev.String(),
		"the evidence and the marks are made while the ledger records the run; publishing waits for it")
	require.Len(t, arts.runs, 1)
	assert.Empty(t, arts.rewrites, "the entry the summary was written with is the ledger's")
	stored, err := base.Get(context.Background(), "KAN-1")
	require.NoError(t, err)
	require.Len(t, stored.History, 1)
	assert.True(t, sameEntry(stored, v.Report.Entry), "the entry shown is the ledger's")
	assert.True(t, sameEntry(summaryLedger(stored), arts.runs[0].Ledger.(ledger.Entry)))
	assert.False(t, v.Remade())
	assert.Nil(t, v.LedgerErr)
	assert.Equal(t, 1, m.markCycles)
	assert.Equal(t, 1, m.publishCycles)
}

// TestPipelineRemakesTheSummaryWhenTheLedgerDiffers: another run of the
// story reserves a cycle between this run's reservation and its record
// (a shared store): the summary and report are made again from what the
// ledger holds, and a Marker learns it at Publish.
func TestPipelineRemakesTheSummaryWhenTheLedgerDiffers(t *testing.T) {
	t.Parallel()
	base := openBolt(t)
	store := &finishHook{Store: base, hook: func(ctx context.Context, s ledger.Store) {
		_, err := s.Update(ctx, "KAN-1", func(e *ledger.Entry) error { e.AutoVerifyRuns++; return nil })
		require.NoError(t, err)
	}}
	h, arts, m := recordLaterHarness(t, store)
	v, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	require.Len(t, arts.runs, 1)
	assert.Equal(t, 1, arts.runs[0].Ledger.(ledger.Entry).AutoVerifyRuns, "written first with the entry as this run left it")
	require.Len(t, arts.rewrites, 1)
	assert.Equal(t, 2, arts.rewrites[0].Ledger.(ledger.Entry).AutoVerifyRuns, "made again with the ledger's")
	assert.Equal(t, 2, v.Report.Entry.AutoVerifyRuns)
	assert.True(t, v.Remade())
	assert.Equal(t, 1, m.markCycles)
	assert.Equal(t, 2, m.publishCycles)
	assert.True(t, m.publishRemade)
}

// TestPipelineReportsALedgerWriteThatFailed: the checks ran and the
// evidence is kept, the summary's ledger block is emptied (nothing was
// recorded) and the failure is reported, as when the record was written
// before the evidence.
func TestPipelineReportsALedgerWriteThatFailed(t *testing.T) {
	t.Parallel()
	store := &finishHook{Store: openBolt(t), fail: errors.New("disk full")}
	h, arts, m := recordLaterHarness(t, store)
	v, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	require.Error(t, v.LedgerErr)
	assert.Contains(t, v.LedgerErr.Error(), "recording the run of KAN-1 in the ledger: disk full")
	require.Len(t, arts.rewrites, 1)
	assert.Equal(t, ledger.Entry{}, arts.rewrites[0].Ledger)
	assert.Equal(t, v.LedgerErr, m.publishLedgerE)
	assert.Equal(t, ledger.Route("verified"), v.Report.Route, "the verdict stands; only its record is missing")
}

// TestPipelineStageErrorStillWaitsForTheRecord: a stage that fails after
// the verify cycle does not return before the ledger's record is written.
func TestPipelineStageErrorStillWaitsForTheRecord(t *testing.T) {
	t.Parallel()
	base := openBolt(t)
	var once sync.Once
	store := &finishHook{Store: base, hook: func(context.Context, ledger.Store) {
		once.Do(func() { time.Sleep(50 * time.Millisecond) })
	}}
	h, _, _ := recordLaterHarness(t, store)
	h.pipeline.Artifacts = failingArtifacts{}
	_, err := h.pipeline.Run(context.Background(), h.request())
	require.Error(t, err)
	stored, err := base.Get(context.Background(), "KAN-1")
	require.NoError(t, err)
	assert.Len(t, stored.History, 1, "recorded before Run returned")
}

type failingArtifacts struct{}

func (failingArtifacts) Write(string, evidence.Run) (evidence.Files, error) {
	return evidence.Files{}, errors.New("read-only file system")
}
