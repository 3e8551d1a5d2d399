//go:build linux

package local

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/engineo/autoverify/integrations/runnertest"
)

// TestEscape runs the escape suite (integrations/runnertest) against the
// sandbox with its default limits, as `serve` uses it: every attack must be
// contained. Under -short (CI's quick subset) the memory limit is 512 MiB
// rather than 4 GiB: the same memory cgroup stops the alloc attack, which
// took 19 s to touch 4 GiB on a loaded two-core machine.
// Not parallel: the suite sets environment variables.
func TestEscape(t *testing.T) {
	var opts []Option
	if testing.Short() {
		opts = append(opts, WithSandbox(SandboxConfig{MemoryBytes: 512 << 20}))
	}
	r := newRunner(t, IsolationSandbox, opts...)
	t.Cleanup(func() { _ = r.Close() })
	runnertest.Escape(t, runnertest.Target{Runner: r, Workdir: t.TempDir()})
}

// TestEscapeWithoutSandbox shows what the suite is for: without the
// sandbox (ENGINEO_SANDBOX=off) the attacks that need it get out, which is
// why serve refuses that runner.
func TestEscapeWithoutSandbox(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	r := newRunner(t, IsolationPIDNamespace)
	bin := runnertest.BuildAttacker(t)
	// A sibling of the work directory, inside the test's own temporary
	// tree, which the test framework removes.
	outside := filepath.Join(filepath.Dir(t.TempDir()), "outside.txt")
	res := run(t, r, bin, "write", outside)
	if len(runnertest.EscapedLines(res.Output)) == 0 {
		t.Errorf("without the sandbox a write outside the workspace was contained: %s", res.Output)
	}
	if _, err := os.Stat(outside); err != nil {
		t.Errorf("the attacker said it wrote %s, but: %v", outside, err)
	}
}
