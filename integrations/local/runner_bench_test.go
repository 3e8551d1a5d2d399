//go:build linux

package local

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/engineo/autoverify/bot/verify"
)

// BenchmarkBareExecTrue is the floor the runner's overhead is measured
// against: os/exec starting and waiting for true.
func BenchmarkBareExecTrue(b *testing.B) {
	for b.Loop() {
		if err := exec.Command("true").Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLocalRunnerTrue runs true through the runner in each isolation
// mode; the difference from BenchmarkBareExecTrue is the runner's overhead
// (namespace creation and teardown, or the /proc sweep).
func BenchmarkLocalRunnerTrue(b *testing.B) {
	for _, mode := range modes {
		b.Run(string(mode), func(b *testing.B) {
			r := newRunner(b, mode)
			cmd := verify.Command{Argv: []string{"true"}, Dir: b.TempDir()}
			ctx := context.Background()
			for b.Loop() {
				res, err := r.Run(ctx, cmd)
				if err != nil || res.ExitCode != 0 {
					b.Fatalf("Run: %v %+v", err, res)
				}
			}
		})
	}
}

const gib = 1 << 30

// bigOutputPeak re-executes the test binary as a helper that runs a
// command printing n bytes through the runner, and returns the helper's
// peak RSS in MiB as the kernel accounts it.
func bigOutputPeak(tb testing.TB, mode Isolation, n int64) (float64, helperReport, time.Duration) {
	tb.Helper()
	exe, err := os.Executable()
	if err != nil {
		tb.Fatal(err)
	}
	c := exec.Command(exe)
	c.Env = append(os.Environ(), helperEnv+"=bigoutput", helperModeEnv+"="+string(mode), helperBytesEnv+"="+strconv.FormatInt(n, 10))
	c.Stderr = os.Stderr
	start := time.Now()
	out, err := c.Output()
	elapsed := time.Since(start)
	if err != nil {
		tb.Fatalf("helper: %v", err)
	}
	var rep helperReport
	if err := json.Unmarshal(out, &rep); err != nil {
		tb.Fatalf("helper output %q: %v", out, err)
	}
	if rep.Error != "" {
		if mode == IsolationPIDNamespace {
			tb.Skipf("helper: %s", rep.Error)
		}
		tb.Fatalf("helper: %s", rep.Error)
	}
	if rep.ExitCode != 0 || rep.OmittedBytes != n-DefaultOutputLimit {
		tb.Fatalf("helper result %+v, want exit 0 and %d bytes omitted", rep, n-DefaultOutputLimit)
	}
	// ru_maxrss is in KiB on Linux; wait4 reports the maximum over the
	// helper and its reaped children, and head itself stays tiny.
	maxrss := c.ProcessState.SysUsage().(*syscall.Rusage).Maxrss
	return float64(maxrss) / 1024, rep, elapsed
}

// BenchmarkPeakMemory1GiB reports the peak RSS of a process running a
// command that prints 1 GiB. The command runs once per mode whatever b.N is
// (200 GiB per mode would prove nothing more); peak-MiB is the figure.
func BenchmarkPeakMemory1GiB(b *testing.B) {
	for _, mode := range modes {
		b.Run(string(mode), func(b *testing.B) {
			peak, _, elapsed := bigOutputPeak(b, mode, gib)
			for b.Loop() {
			}
			b.ReportMetric(float64(elapsed.Nanoseconds()), "ns/op") // one run, not per loop
			b.ReportMetric(peak, "peak-MiB")
			b.ReportMetric(float64(gib)/(1<<20)/elapsed.Seconds(), "MiB/s")
		})
	}
}

// TestPeakMemoryBigOutput asserts the memory bound: a command printing
// 1 GiB keeps the runner's process under 64 MiB.
func TestPeakMemoryBigOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("prints 1 GiB per mode")
	}
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			peak, rep, elapsed := bigOutputPeak(t, mode, gib)
			t.Logf("%s: peak RSS %.1f MiB, kept %d bytes, omitted %d, %v", mode, peak, rep.OutputLen, rep.OmittedBytes, elapsed)
			if peak >= 64 {
				t.Errorf("peak RSS %.1f MiB, want < 64 MiB", peak)
			}
		})
	}
}

// BenchmarkSandboxWarmTrue is what one command waits for in the sandbox
// when the runner's waiting init is ready (the usual case: it is started
// while the previous command runs, or when the runner is built): the
// difference from BenchmarkBareExecTrue is the sandbox's per-command
// overhead. BenchmarkLocalRunnerTrue/sandbox runs commands back to back,
// faster than inits can be prepared, so it measures throughput instead.
func BenchmarkSandboxWarmTrue(b *testing.B) {
	r := newRunner(b, IsolationSandbox)
	defer r.Close()
	cmd := verify.Command{Argv: []string{"true"}, Dir: b.TempDir()}
	ctx := context.Background()
	if _, err := r.Run(ctx, cmd); err != nil { // starts the first waiting init
		b.Fatal(err)
	}
	for b.Loop() {
		b.StopTimer()
		for len(r.warm) == 0 {
			time.Sleep(time.Millisecond)
		}
		b.StartTimer()
		res, err := r.Run(ctx, cmd)
		if err != nil || res.ExitCode != 0 {
			b.Fatalf("Run: %v %+v", err, res)
		}
	}
}
