//go:build linux

package local

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/capture"
)

func TestNewDefaultsAndValidation(t *testing.T) {
	t.Parallel()
	r, err := New()
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	if r.timeout != DefaultTimeout || r.limit != DefaultOutputLimit || r.grace != DefaultKillGrace {
		t.Errorf("defaults = %v, %d, %v", r.timeout, r.limit, r.grace)
	}
	if r.Isolation() != IsolationSandbox && r.Isolation() != IsolationPIDNamespace && r.Isolation() != IsolationProcessGroup {
		t.Errorf("auto isolation = %q", r.Isolation())
	}
	t.Logf("auto isolation on this machine: %s", r.Isolation())

	bad := []Config{
		{Timeout: -time.Second},
		{OutputLimit: -1},
		{KillGrace: -1},
		{Isolation: "chroot"},
		{EnvPassthrough: []string{"A-B=1"}}, // "A=B" sets A (WithEnv); a bad name is refused
	}
	for _, cfg := range bad {
		if _, err := NewFromConfig(cfg); err == nil {
			t.Errorf("NewFromConfig(%+v) succeeded, want error", cfg)
		}
	}
}

func TestExitCodes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		argv []string
		want int
		// selfSignal marks cases that depend on the command being able
		// to signal itself, which PID 1 of a namespace cannot (see
		// doc.go): under IsolationPIDNamespace the command is PID 1; in
		// the sandbox the init is.
		selfSignal bool
	}{
		{"true", []string{"true"}, 0, false},
		{"false", []string{"false"}, 1, false},
		{"exit 3", []string{"sh", "-c", "exit 3"}, 3, false},
		{"exit 255", []string{"sh", "-c", "exit 255"}, 255, false},
		{"self SIGTERM", []string{"sh", "-c", "kill -TERM $$; sleep 5"}, 128 + 15, true},
		{"self SIGKILL", []string{"sh", "-c", "kill -KILL $$; sleep 5"}, 128 + 9, true},
	}
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			t.Parallel()
			r := newRunner(t, mode)
			for _, tc := range tests {
				t.Run(tc.name, func(t *testing.T) {
					t.Parallel()
					if tc.selfSignal && mode == IsolationPIDNamespace {
						t.Skip("PID 1 of a namespace ignores signals it sends itself")
					}
					res := run(t, r, tc.argv...)
					if res.ExitCode != tc.want || res.TimedOut {
						t.Errorf("ExitCode = %d, TimedOut = %v, want %d; output %q", res.ExitCode, res.TimedOut, tc.want, res.Output)
					}
					if res.Duration <= 0 {
						t.Errorf("Duration = %v", res.Duration)
					}
				})
			}
		})
	}
}

// TestPIDNamespaceInitIgnoresOwnSignals pins down the documented quirk of
// running as PID 1: a command that signals itself carries on.
func TestPIDNamespaceInitIgnoresOwnSignals(t *testing.T) {
	t.Parallel()
	r := newRunner(t, IsolationPIDNamespace)
	res := run(t, r, "sh", "-c", "kill -TERM $$; echo still here")
	if res.ExitCode != 0 || string(res.Output) != "still here\n" {
		t.Errorf("got %d %q", res.ExitCode, res.Output)
	}
}

func TestStartFailures(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(dir, "noexec"), []byte("#!/bin/sh\necho hi\n"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "badinterp"), []byte("#!/nonexistent/interp\n"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "garbage"), []byte{0x7f, 'E', 'L', 'F', 0, 1, 2, 3}, 0o755))
	must(os.Mkdir(filepath.Join(dir, "subdir"), 0o755))
	writeScript(t, dir, "ok.sh", "echo ran in \"$PWD\"\n")

	tests := []struct {
		name       string
		argv0      string
		wantCode   int
		wantOutput string
	}{
		{"not in PATH", "autoverify-no-such-program", 127, "autoverify: autoverify-no-such-program: executable file not found in $PATH\n"},
		{"missing relative", "./nope", 127, "autoverify: ./nope: no such file or directory\n"},
		{"not executable", "./noexec", 126, "autoverify: ./noexec: permission denied\n"},
		{"directory", "./subdir", 126, "autoverify: ./subdir: is a directory\n"},
		{"bad interpreter", "./badinterp", 127, "autoverify: ./badinterp: no such file or directory\n"},
		{"exec format", "./garbage", 126, "autoverify: ./garbage: exec format error\n"},
		{"relative to Dir", "./ok.sh", 0, "ran in " + dir + "\n"},
	}
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			t.Parallel()
			r := newRunner(t, mode)
			for _, tc := range tests {
				t.Run(tc.name, func(t *testing.T) {
					t.Parallel()
					res, err := r.Run(context.Background(), verify.Command{Argv: []string{tc.argv0}, Dir: dir})
					if err != nil {
						t.Fatalf("Run: %v (want a Result)", err)
					}
					if res.ExitCode != tc.wantCode || string(res.Output) != tc.wantOutput {
						t.Errorf("got %d %q, want %d %q", res.ExitCode, res.Output, tc.wantCode, tc.wantOutput)
					}
				})
			}
		})
	}
}

// TestPathOverride checks that argv[0] is looked up in the runner's PATH,
// not the service's.
func TestPathOverride(t *testing.T) {
	t.Parallel()
	bin := t.TempDir()
	writeScript(t, bin, "only-here", "echo found\n")
	noexec := t.TempDir()
	if err := os.WriteFile(filepath.Join(noexec, "only-here"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(noexec, "not-runnable"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// A non-executable match earlier in PATH is passed over for a runnable
	// one later, and reported as 126 only when nothing runnable exists.
	r3 := newRunner(t, IsolationProcessGroup, WithPath(noexec+":/nonexistent:"+bin))
	if res := run(t, r3, "only-here"); res.ExitCode != 0 {
		t.Errorf("shadowed by non-executable: %d %q", res.ExitCode, res.Output)
	}
	if res := run(t, r3, "not-runnable"); res.ExitCode != 126 || string(res.Output) != "autoverify: not-runnable: permission denied\n" {
		t.Errorf("non-executable only: %d %q", res.ExitCode, res.Output)
	}
	r := newRunner(t, IsolationProcessGroup, WithPath(bin+":/usr/bin:/bin"))
	if res := run(t, r, "only-here"); res.ExitCode != 0 || string(res.Output) != "found\n" {
		t.Errorf("with override: %d %q", res.ExitCode, res.Output)
	}
	r2 := newRunner(t, IsolationProcessGroup)
	if res := run(t, r2, "only-here"); res.ExitCode != 127 {
		t.Errorf("without override: %d %q", res.ExitCode, res.Output)
	}
}

func TestRunnerErrors(t *testing.T) {
	t.Parallel()
	r := newRunner(t, IsolationProcessGroup)
	missing := filepath.Join(t.TempDir(), "gone")
	file := writeScript(t, t.TempDir(), "f", "")
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name    string
		ctx     context.Context
		cmd     verify.Command
		wantSub string
	}{
		{"missing dir", context.Background(), verify.Command{Argv: []string{"true"}, Dir: missing}, missing},
		{"dir is a file", context.Background(), verify.Command{Argv: []string{"true"}, Dir: file}, file},
		{"no dir", context.Background(), verify.Command{Argv: []string{"true"}}, "no work directory"},
		{"empty argv", context.Background(), verify.Command{ItemID: "item-7", Dir: t.TempDir()}, "item-7"},
		{"canceled", canceled, verify.Command{Argv: []string{"true"}, Dir: t.TempDir()}, "canceled"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := r.Run(tc.ctx, tc.cmd)
			if err == nil || !strings.Contains(err.Error(), tc.wantSub) {
				t.Errorf("err = %v, want one mentioning %q", err, tc.wantSub)
			}
		})
	}
}

// TestEnvScrubbed sets a secret in the test process and checks that the
// command sees exactly the documented variables and nothing else. It cannot
// be parallel because it changes the process environment.
func TestEnvScrubbed(t *testing.T) {
	t.Setenv("AUTOVERIFY_FAKE_SECRET", "hunter2-secret-value")
	t.Setenv("AUTOVERIFY_PASSED", "visible")
	t.Setenv("LANG", "en_GB.UTF-8")
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			r := newRunner(t, mode, WithEnvPassthrough("AUTOVERIFY_PASSED", "AUTOVERIFY_UNSET_NAME"))
			// sh -c env also shows what a grandchild inherits.
			res := run(t, r, "sh", "-c", "env")
			if res.ExitCode != 0 {
				t.Fatalf("env: %d %q", res.ExitCode, res.Output)
			}
			if bytes.Contains(res.Output, []byte("hunter2")) || bytes.Contains(res.Output, []byte("AUTOVERIFY_FAKE_SECRET")) {
				t.Fatalf("secret leaked into command environment:\n%s", res.Output)
			}
			got := map[string]string{}
			for _, line := range strings.Split(strings.TrimSpace(string(res.Output)), "\n") {
				k, v, _ := strings.Cut(line, "=")
				got[k] = v
			}
			// sh itself adds PWD (and some shells SHLVL and _).
			delete(got, "PWD")
			delete(got, "SHLVL")
			delete(got, "_")
			want := map[string]string{
				"PATH": os.Getenv("PATH"), "HOME": os.Getenv("HOME"), "LANG": "en_GB.UTF-8",
				"CI": "true", "AUTOVERIFY_PASSED": "visible",
			}
			for _, kv := range verify.DeterministicEnv() {
				k, v, _ := strings.Cut(kv, "=")
				want[k] = v
			}
			if mode == IsolationSandbox {
				// The sandbox's own home, and the Go caches it shows
				// copy-on-write (see sandboxEnv).
				want["HOME"] = SandboxHome
				for _, name := range []string{"GOCACHE", "GOMODCACHE"} {
					if v, ok := got[name]; ok {
						want[name] = v
					}
				}
			}
			if mode == IsolationProcessGroup {
				if len(got[TokenEnv]) < 16 {
					t.Errorf("run token missing or short: %q", got[TokenEnv])
				}
				want[TokenEnv] = got[TokenEnv]
			}
			keys := func(m map[string]string) []string {
				var ks []string
				for k := range m {
					ks = append(ks, k)
				}
				slices.Sort(ks)
				return ks
			}
			if !slices.Equal(keys(got), keys(want)) {
				t.Errorf("env names = %q, want %q", keys(got), keys(want))
			}
			for k, v := range want {
				if got[k] != v {
					t.Errorf("%s = %q, want %q", k, got[k], v)
				}
			}
		})
	}
}

// TestOutputInterleaving checks that stdout and stderr arrive in the order
// written, which only a single shared pipe guarantees.
func TestOutputInterleaving(t *testing.T) {
	t.Parallel()
	script := `i=1; while [ $i -le 200 ]; do echo "out $i"; echo "err $i" >&2; i=$((i+1)); done`
	var want strings.Builder
	for i := 1; i <= 200; i++ {
		want.WriteString("out " + strconv.Itoa(i) + "\nerr " + strconv.Itoa(i) + "\n")
	}
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			t.Parallel()
			res := run(t, newRunner(t, mode), "sh", "-c", script)
			if string(res.Output) != want.String() || res.OmittedBytes != 0 {
				t.Errorf("output not interleaved as written:\n%s", res.Output)
			}
		})
	}
}

// TestOutputCap runs a real command past the limit and compares the kept
// output with the head and tail of what the command printed.
func TestOutputCap(t *testing.T) {
	t.Parallel()
	full, err := exec.Command("seq", "1", "20000").Output()
	if err != nil {
		t.Fatalf("seq: %v", err)
	}
	const limit = 1000
	want := string(full[:limit/2]) + capture.Marker(int64(len(full)-limit)) + string(full[len(full)-limit/2:])
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			t.Parallel()
			res := run(t, newRunner(t, mode, WithOutputLimit(limit)), "seq", "1", "20000")
			if string(res.Output) != want {
				t.Errorf("output = %q\nwant %q", res.Output, want)
			}
			if res.OmittedBytes != int64(len(full)-limit) {
				t.Errorf("OmittedBytes = %d, want %d", res.OmittedBytes, len(full)-limit)
			}
			if !strings.HasSuffix(string(res.Output), "19999\n20000\n") {
				t.Errorf("tail lost")
			}
		})
	}
}

// TestOutputLimitRaisesTheCap: a command that asks for more output than
// the runner keeps (the gates, reading a whole test report) gets all of
// it; one that asks for less still gets the runner's cap.
func TestOutputLimitRaisesTheCap(t *testing.T) {
	t.Parallel()
	full, err := exec.Command("seq", "1", "20000").Output()
	if err != nil {
		t.Fatalf("seq: %v", err)
	}
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			t.Parallel()
			r := newRunner(t, mode, WithOutputLimit(1000))
			for ask, kept := range map[int]int{1 << 20: len(full), 10: 1000} {
				res, err := r.Run(context.Background(), verify.Command{Argv: []string{"seq", "1", "20000"}, Dir: t.TempDir(), OutputLimit: ask})
				if err != nil {
					t.Fatal(err)
				}
				if got := int64(len(full)) - res.OmittedBytes; got != int64(kept) {
					t.Errorf("asked for %d: kept %d bytes, want %d", ask, got, kept)
				}
				if ask > len(full) && string(res.Output) != string(full) {
					t.Errorf("asked for %d: output differs from what seq printed", ask)
				}
			}
		})
	}
}

// TestConcurrentRuns checks runs sharing one Runner do not mix output.
func TestConcurrentRuns(t *testing.T) {
	t.Parallel()
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			t.Parallel()
			r := newRunner(t, mode)
			errs := make(chan error, 16)
			for i := range 16 {
				go func() {
					res, err := r.Run(context.Background(), verify.Command{Argv: []string{"echo", strconv.Itoa(i + 1)}, Dir: t.TempDir()})
					if err == nil && string(res.Output) != strconv.Itoa(i+1)+"\n" {
						err = errors.New("run " + strconv.Itoa(i+1) + " got " + string(res.Output))
					}
					errs <- err
				}()
			}
			for range 16 {
				if err := <-errs; err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// TestShowsSourceAtDirOnlyInTheSandbox: only the sandbox shows a copy at
// the workspace's path; without it a command runs in the copy where it is,
// and gaterun must then not spread mutants over copies.
func TestShowsSourceAtDirOnlyInTheSandbox(t *testing.T) {
	for _, mode := range modes {
		r := newRunner(t, mode)
		if got := r.ShowsSourceAtDir(); got != (r.Isolation() == IsolationSandbox) {
			t.Errorf("%s: ShowsSourceAtDir %v under %s", mode, got, r.Isolation())
		}
	}
	if newRunner(t, IsolationProcessGroup).ShowsSourceAtDir() {
		t.Error("a process group cannot show a copy at another path")
	}
}
