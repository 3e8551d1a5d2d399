package local

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/verify"
)

// needMemoryCgroups skips where the host gives no memory cgroup (fails with
// CI=true: the CI machine has one, and the limit's meaning rests on it).
func needMemoryCgroups(t *testing.T) {
	t.Helper()
	if memoryCgroupParent() == "" {
		if ci, _ := strconv.ParseBool(os.Getenv("CI")); ci {
			t.Fatal("no memory cgroup can be made here (cgroup v1's memory hierarchy, as root)")
		}
		t.Skip("SKIPPED LOUDLY: no memory cgroup can be made here; sandboxes use RLIMIT_DATA")
	}
}

// TestSandboxMemoryCountsUseNotReservation: a process that reserves far
// more than the limit and touches little of it runs (AddressSanitizer's
// shadow memory), where RLIMIT_DATA refused the reservation itself.
func TestSandboxMemoryCountsUseNotReservation(t *testing.T) {
	t.Parallel()
	needMemoryCgroups(t)
	// 64 GiB, MAP_NORESERVE (0x4000 on Linux; Python 3.11 has no name
	// for it), as ASan maps its shadow; one page touched.
	res, _ := sandboxed(t, SandboxConfig{MemoryBytes: 256 << 20}, `/usr/bin/python3 -c '
import mmap
m = mmap.mmap(-1, 64 << 30, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | 0x4000)
m[0] = 1
print("reserved 64 GiB")
'`)
	require.Equal(t, 0, res.ExitCode, "output: %s", res.Output)
	require.Contains(t, string(res.Output), "reserved 64 GiB")
	require.NotContains(t, string(res.Output), "autoverify:")
}

// TestSandboxMemoryIsTheCommandsTotal: the limit bounds the command's
// processes together. Two processes each under the limit but over it
// together do not both finish: the kernel kills one, and the result says
// why. Under RLIMIT_DATA, a limit per process, both ran.
func TestSandboxMemoryIsTheCommandsTotal(t *testing.T) {
	t.Parallel()
	needMemoryCgroups(t)
	hold := `/usr/bin/python3 -c 'import time; b = b"x" * (180 << 20); time.sleep(2)'`
	res, _ := sandboxed(t, SandboxConfig{MemoryBytes: 256 << 20},
		hold+` & a=$!; `+hold+` & b=$!; wait $a; echo "a: $?"; wait $b; echo "b: $?"`)
	out := string(res.Output)
	t.Logf("output:\n%s", out)
	require.Regexp(t, regexp.MustCompile(`(?m)^[ab]: 137$`), out, "neither process was killed: the limit is per process")
	require.Contains(t, out, "autoverify: the command used its sandbox's whole memory limit of 256 MiB (ENGINEO_SANDBOX_MEMORY)")
}

// TestSandboxMemoryCgroupIsRemoved: each command's memory cgroup goes once
// the command has ended, a killed one's too.
func TestSandboxMemoryCgroupIsRemoved(t *testing.T) {
	needMemoryCgroups(t)
	r := newRunner(t, IsolationSandbox, WithSandbox(SandboxConfig{MemoryBytes: 64 << 20}))
	defer r.Close()
	mine := func() []string {
		dirs, _ := filepath.Glob(filepath.Join(memoryCgroupParent(), "autoverify-"+strconv.Itoa(os.Getpid())+"-*"))
		return dirs
	}
	// An earlier test's cgroup may still be going (removed in the
	// background) and go while this one waits: what counts is that no
	// cgroup this test's commands made is left, not how many there are.
	before := mine()
	made := func() []string {
		return slices.DeleteFunc(mine(), func(d string) bool { return slices.Contains(before, d) })
	}
	res := run(t, r, "sh", "-c", `/usr/bin/python3 -c 'b = b"x" * (128 << 20)'; echo "exit $?"`)
	require.Contains(t, string(res.Output), "exit 137")
	require.Contains(t, string(res.Output), "memory limit of 64 MiB")
	run(t, r, "true")
	for deadline := time.Now().Add(10 * time.Second); len(made()) > 0 && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	require.Empty(t, made(), "memory cgroups left")
}

// TestSandboxASanBuildRuns: a real AddressSanitizer build (go test -asan)
// runs its tests in the sandbox with the default memory limit; under the
// default 4 GiB of RLIMIT_DATA it stopped at start-up with
// "ReserveShadowMemoryRange failed". Long: the sanitizer's runtime and the
// standard library compile for -asan (about a minute on two cores).
func TestSandboxASanBuildRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("long: compiles the standard library for -asan")
	}
	needMemoryCgroups(t)
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("SKIPPED LOUDLY: go test -asan needs a C compiler (gcc)")
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/asan\n\ngo 1.22\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a_test.go"), []byte(`package asan

import "testing"

func TestTouch(t *testing.T) {
	b := make([]byte, 1<<20)
	b[len(b)-1] = 1
	if b[len(b)-1] != 1 {
		t.Fatal("lost a write")
	}
}
`), 0o644))
	r := newRunner(t, IsolationSandbox)
	defer r.Close()
	res, err := r.Run(context.Background(), verify.Command{ItemID: "asan", Argv: []string{"go", "test", "-asan", "-count=1", "-v", "."},
		Dir: dir, Timeout: 10 * time.Minute})
	require.NoError(t, err)
	out := string(res.Output)
	require.Equal(t, 0, res.ExitCode, "output: %s", out)
	require.Contains(t, out, "--- PASS: TestTouch")
	require.False(t, strings.Contains(out, "ReserveShadowMemoryRange"), out)
}
