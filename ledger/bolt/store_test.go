package bolt

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"go.etcd.io/bbolt"

	"github.com/engineo/autoverify/ledger"
	"github.com/engineo/autoverify/ledger/storetest"
)

func openTest(tb testing.TB, dir string, opts ...Option) *Store {
	tb.Helper()
	s, err := Open(dir, opts...)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = s.Close() })
	return s
}

func TestContract(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		opts []Option
	}{
		{"GroupCommit", nil},
		{"SoloCommits", []Option{WithGroupCommit(false)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			storetest.Run(t, func(t *testing.T) ledger.Store { return openTest(t, t.TempDir(), tc.opts...) })
		})
	}
}

// TestContractTwoOpens runs the shared-backend contract over two Opens of
// one directory in this process, which share one bbolt file. (Two
// processes cannot have the file open at once; see TestInUseByAnotherProcess.)
func TestContractTwoOpens(t *testing.T) {
	t.Parallel()
	storetest.RunShared(t, func(t *testing.T) (ledger.Store, ledger.Store) {
		dir := t.TempDir()
		return openTest(t, dir), openTest(t, filepath.Join(dir, ".", "..", filepath.Base(dir)))
	})
}

func TestRegistryRefCount(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx := t.Context()
	a, b := openTest(t, dir), openTest(t, dir)
	if a.db != b.db {
		t.Fatal("two Opens of one directory do not share the database")
	}
	if _, err := a.Update(ctx, "KAN-1", func(e *ledger.Entry) error { e.AutoVerifyRuns = 1; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	// b still works after a closed (twice: the second Close must not drop
	// b's reference).
	if e, err := b.Get(ctx, "KAN-1"); err != nil || e.AutoVerifyRuns != 1 {
		t.Fatalf("Get through b after a closed: %+v, %v", e, err)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	registry.mu.Lock()
	_, still := registry.m[b.Path()]
	registry.mu.Unlock()
	if still {
		t.Error("the last Close left the database in the registry")
	}
	// Reopening reads what was written: it is on disk.
	c := openTest(t, dir)
	if e, err := c.Get(ctx, "KAN-1"); err != nil || e.AutoVerifyRuns != 1 {
		t.Errorf("after reopening: %+v, %v", e, err)
	}
}

func TestFileLayout(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "nested", DefaultDir)
	s := openTest(t, dir)
	if want := filepath.Join(dir, FileName); !strings.HasSuffix(s.Path(), filepath.Join("nested", DefaultDir, FileName)) {
		t.Errorf("Path() = %s, want %s", s.Path(), want)
	}
	fi, err := os.Stat(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("ledger file mode %v, want 0600", fi.Mode().Perm())
	}
	at := time.Date(2025, 6, 7, 8, 9, 10, 0, time.UTC)
	if _, err := s.Update(t.Context(), "KAN-1", func(e *ledger.Entry) error {
		e.AutoVerifyRuns, e.LastFailureAt = 1, &at
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	var raw []byte
	if err := s.db.db.View(func(tx *bbolt.Tx) error {
		raw = append(raw, tx.Bucket([]byte("ledger")).Get([]byte("KAN-1"))...)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("stored value is not JSON: %q", raw)
	}
	if m["story_key"] != "KAN-1" || m["auto_verify_runs"] != 1.0 || m["last_failure_at"] != "2025-06-07T08:09:10Z" {
		t.Errorf("stored JSON = %s", raw)
	}
	if s.db.db.NoSync {
		t.Error("fsync is off; the ledger must be durable")
	}
}

func TestCorruptEntry(t *testing.T) {
	t.Parallel()
	s := openTest(t, t.TempDir())
	ctx := t.Context()
	put := func(v string) {
		if err := s.db.db.Update(func(tx *bbolt.Tx) error { return tx.Bucket(bucketName).Put([]byte("KAN-1"), []byte(v)) }); err != nil {
			t.Fatal(err)
		}
	}
	put("{not json")
	if _, err := s.Get(ctx, "KAN-1"); err == nil || !strings.Contains(err.Error(), "decoding KAN-1") {
		t.Errorf("Get of a corrupt entry: %v", err)
	}
	if _, err := s.Update(ctx, "KAN-1", func(e *ledger.Entry) error { e.AutoVerifyRuns++; return nil }); err == nil {
		t.Error("Update over a corrupt entry succeeded")
	}
	if err := s.Reset(ctx, "KAN-1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "KAN-1"); err != nil {
		t.Errorf("Get after resetting a corrupt entry: %v", err)
	}
}

func TestOpenErrors(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	file := filepath.Join(base, "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	readOnly := filepath.Join(base, "read-only")
	if err := os.Mkdir(readOnly, 0o555); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		dir      string
		want     string
		needUser bool // permission bits do not stop root
	}{
		{"Empty", "", "no directory given", false},
		{"UnderAFile", filepath.Join(file, ".autoverify"), "cannot create the ledger directory " + filepath.Join(file, ".autoverify"), false},
		{"ReadOnlyDir", readOnly, "read-only/ledger.db is not writable", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if tc.needUser && os.Geteuid() == 0 {
				t.Skip("running as root: permission bits do not apply")
			}
			s, err := Open(tc.dir)
			if err == nil {
				_ = s.Close()
				t.Fatal("Open succeeded")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Open(%q): %v, want it to mention %q", tc.dir, err, tc.want)
			}
		})
	}
}

const holdEnv = "AUTOVERIFY_TEST_BOLT_HOLD"

// TestHelperHoldLedger is not a test: TestInUseByAnotherProcess runs the
// test binary with holdEnv set, and this holds the ledger open until its
// stdin closes.
func TestHelperHoldLedger(t *testing.T) {
	dir := os.Getenv(holdEnv)
	if dir == "" {
		t.Skip("helper process only")
	}
	s, err := Open(dir)
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	fmt.Println("ready")
	_, _ = bufio.NewReader(os.Stdin).ReadString('\n')
	_ = s.Close()
	os.Exit(0)
}

func TestInUseByAnotherProcess(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperHoldLedger$")
	cmd.Env = append(os.Environ(), holdEnv+"="+dir)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = stdin.Close(); _ = cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || strings.TrimSpace(line) != "ready" {
		t.Fatalf("helper: %q, %v", line, err)
	}

	start := time.Now()
	s, err := Open(dir, WithLockTimeout(300*time.Millisecond))
	took := time.Since(start)
	if err == nil {
		_ = s.Close()
		t.Fatal("Open succeeded while another process holds the ledger")
	}
	want := fmt.Sprintf("ledger: %s is in use by another autoverify process", filepath.Join(dir, FileName))
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error %q, want it to contain %q", err, want)
	}
	if took < 250*time.Millisecond || took > 3*time.Second {
		t.Errorf("Open gave up after %s, want about the 300ms lock timeout", took)
	}

	// Once the other process lets go, Open succeeds.
	_ = stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("helper: %v", err)
	}
	s = openTest(t, dir, WithLockTimeout(time.Second))
	if err := s.Ping(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// durations collects per-op latencies and reports percentiles.
type durations []time.Duration

func (d durations) report(b *testing.B) {
	if len(d) == 0 {
		return
	}
	slices.Sort(d)
	at := func(p float64) float64 {
		return float64(d[min(len(d)-1, int(p*float64(len(d))))].Nanoseconds()) / 1e3
	}
	b.ReportMetric(at(0.50), "p50-µs")
	b.ReportMetric(at(0.99), "p99-µs")
}

// boltDefaults drops this package's bbolt tuning (map freelist, no
// freelist sync) to compare with bbolt's own defaults.
func boltDefaults(c *config) { c.bolt = bbolt.Options{} }

var variants = []struct {
	name string
	opts []Option
}{
	{"tuned", nil},
	{"bboltDefaults", []Option{boltDefaults}},
}

// BenchmarkUpdate measures one ledger update (read, write, fsynced commit).
func BenchmarkUpdate(b *testing.B) {
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) {
			s := openTest(b, b.TempDir(), v.opts...)
			ctx := context.Background()
			var d durations
			for b.Loop() {
				start := time.Now()
				if _, err := s.Update(ctx, "KAN-1", func(e *ledger.Entry) error { e.AutoVerifyRuns++; return nil }); err != nil {
					b.Fatal(err)
				}
				d = append(d, time.Since(start))
			}
			d.report(b)
		})
	}
}

// BenchmarkConcurrentUpdates runs 1,000 concurrent updates across 100
// stories per iteration and checks the counts are exact.
func BenchmarkConcurrentUpdates(b *testing.B) {
	for _, v := range []struct {
		name string
		opts []Option
	}{
		{"groupCommit", nil},
		{"soloCommits", []Option{WithGroupCommit(false)}},
	} {
		b.Run(v.name, func(b *testing.B) {
			s := openTest(b, b.TempDir(), v.opts...)
			ctx := context.Background()
			i := 0
			for b.Loop() {
				storetest.ConcurrentIncrements(b, ctx, []ledger.Store{s}, fmt.Sprintf("it%d-KAN-", i), 100, 10)
				i++
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(i*1000), "µs/update")
		})
	}
}

// TestReopenWritesNothing: opening an existing ledger commits no
// transaction (each costs two file syncs on every `autoverify run`), and
// what it holds is still there.
func TestReopenWritesNothing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx := context.Background()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(ctx, "S-1", func(e *ledger.Entry) error { e.AutoVerifyRuns = 2; return nil }); err != nil {
		t.Fatal(err)
	}
	txid := func(s *Store) (id int) {
		_ = s.db.db.View(func(tx *bbolt.Tx) error { id = tx.ID(); return nil })
		return id
	}
	before := txid(s)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openTest(t, dir)
	if after := txid(s); after != before {
		t.Errorf("opening an existing ledger committed %d transaction(s)", after-before)
	}
	e, err := s.Get(ctx, "S-1")
	if err != nil || e.AutoVerifyRuns != 2 {
		t.Errorf("after reopening: %+v, %v", e, err)
	}
}

// TestUpdateWithBlobs: the entry's update and the blobs are one
// transaction — both stored, or, when the update refuses, neither.
func TestUpdateWithBlobs(t *testing.T) {
	t.Parallel()
	s := openTest(t, t.TempDir())
	ctx := context.Background()
	blobs := []ledger.Blob{{Key: "k1", Value: []byte("one"), TTL: time.Hour}, {Key: "k2", Value: []byte("two"), TTL: time.Hour}}
	e, err := s.UpdateWithBlobs(ctx, "KAN-1", func(e *ledger.Entry) error { e.AutoVerifyRuns = 7; return nil }, blobs)
	if err != nil {
		t.Fatal(err)
	}
	if e.AutoVerifyRuns != 7 {
		t.Errorf("entry: %+v", e)
	}
	for _, b := range blobs {
		got, ok, err := s.GetBlob(ctx, b.Key)
		if err != nil || !ok || string(got) != string(b.Value) {
			t.Errorf("%s: %q %v %v", b.Key, got, ok, err)
		}
	}
	refuse := fmt.Errorf("no")
	_, err = s.UpdateWithBlobs(ctx, "KAN-1", func(*ledger.Entry) error { return refuse }, []ledger.Blob{{Key: "k3", Value: []byte("three"), TTL: time.Hour}})
	if err != refuse {
		t.Fatalf("refused update: %v", err)
	}
	if _, ok, _ := s.GetBlob(ctx, "k3"); ok {
		t.Error("a blob was stored by an update that was refused")
	}
	if e, _ := s.Get(ctx, "KAN-1"); e.AutoVerifyRuns != 7 {
		t.Errorf("the refused update changed the entry: %+v", e)
	}
}
