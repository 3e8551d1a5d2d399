package compose

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// benchYAML is the two-service stack of the tests with a kv that listens
// at once: up is dominated by container start and the healthcheck.
var benchYAML = stackYAML("0s", "service_healthy")

// BenchmarkStack measures bringing the stack up (healthcheck wait
// included), one check (an exec talking to kv) and teardown, through the
// engine API.
func BenchmarkStack(b *testing.B) {
	r, dir := newRunner(b, benchYAML, "app", Config{})
	ctx := context.Background()
	b.Run("up", func(b *testing.B) {
		for b.Loop() {
			st, err := r.up(ctx, dir)
			if err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			if err := r.down(st); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
	})
	b.Run("check", func(b *testing.B) {
		run(b, r, dir, "true") // brings the stack up
		for b.Loop() {
			if res := run(b, r, dir, kv("PING")...); res.ExitCode != 0 {
				b.Fatalf("exit %d %q", res.ExitCode, res.Output)
			}
		}
	})
	b.Run("teardown", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			st, err := r.up(ctx, dir)
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if err := r.down(st); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkDockerComposeCLI measures the same stack through docker-compose
// (the packaged 1.29), for the choice in the package doc. It is skipped
// when docker-compose is not installed.
func BenchmarkDockerComposeCLI(b *testing.B) {
	needEngine(b)
	bin, err := exec.LookPath("docker-compose")
	if err != nil {
		b.Skip("SKIPPING: docker-compose not installed (comparison only)")
	}
	dir := b.TempDir()
	file := filepath.Join(dir, "compose.yml")
	// docker-compose runs the image's default command (busybox's shell,
	// which exits at once); the runner keeps the checked service up with
	// sleep infinity, so the CLI's stack is told to do the same. Both get
	// docker-init as PID 1 as the runner's do; without it a stop waits
	// out docker-compose's 10 s grace (measured: 10.8 s per teardown).
	yaml := strings.Replace(benchYAML, "  app:\n", "  app:\n    init: true\n    command: [\"sleep\", \"infinity\"]\n", 1)
	yaml = strings.Replace(yaml, "\n  kv:\n", "\n  kv:\n    init: true\n", 1)
	if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
		b.Fatal(err)
	}
	project := "avbench" + newID()
	dc := func(b *testing.B, args ...string) {
		b.Helper()
		cmd := exec.Command(bin, append([]string{"-p", project, "-f", file}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("docker-compose %v: %v\n%s", args, err, out)
		}
	}
	b.Cleanup(func() { _ = exec.Command(bin, "-p", project, "-f", file, "down", "-v").Run() })
	b.Run("up", func(b *testing.B) {
		for b.Loop() {
			dc(b, "up", "-d")
			b.StopTimer()
			dc(b, "down", "-v")
			b.StartTimer()
		}
	})
	b.Run("check", func(b *testing.B) {
		dc(b, "up", "-d")
		for b.Loop() {
			dc(b, append([]string{"exec", "-T", "-e", "KV_ADDR=kv", "app"}, kv("PING")...)...)
		}
		dc(b, "down", "-v")
	})
	b.Run("teardown", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			dc(b, "up", "-d")
			b.StartTimer()
			dc(b, "down", "-v")
		}
	})
}
