package docker

import (
	"context"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/engineo/autoverify/bot/verify"
)

// benchRuntimes are the OCI runtimes benchmarked: the engine's default
// (runc) and gVisor (runsc), which is skipped when the engine lacks it.
var benchRuntimes = []string{"", gVisor}

func runtimeName(rt string) string {
	if rt == "" {
		return "runc"
	}
	return rt
}

// BenchmarkDockerRunnerTrue is the per-command overhead of each shape
// under each runtime: `true` in an empty work directory. fresh pays create
// + copy + attach + start + wait + remove per command; warm pays exec
// create + attach + inspect (its container is started before the timer).
// Compare with BenchmarkLocalRunnerTrue in integrations/local.
func BenchmarkDockerRunnerTrue(b *testing.B) {
	for _, rt := range benchRuntimes {
		for _, shape := range shapes {
			b.Run(runtimeName(rt)+"/"+string(shape), func(b *testing.B) {
				benchRun(b, rt, shape, b.TempDir())
			})
		}
	}
}

// BenchmarkDockerRunnerTrueRepoWorkspace is the same with a realistic work
// directory, this repository's bot/ tree (about 900 files, 4 MB): fresh
// copies it for every command, warm once per container.
func BenchmarkDockerRunnerTrueRepoWorkspace(b *testing.B) {
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "..", "bot")
	for _, rt := range benchRuntimes {
		for _, shape := range shapes {
			b.Run(runtimeName(rt)+"/"+string(shape), func(b *testing.B) {
				benchRun(b, rt, shape, dir)
			})
		}
	}
}

// BenchmarkDockerRunnerForks runs a command that forks 100 times (busybox
// ash running `ls /` in a loop), warm shape: where a sandboxing runtime's
// system-call cost shows, as against the fixed cost of `true`.
func BenchmarkDockerRunnerForks(b *testing.B) {
	for _, rt := range benchRuntimes {
		b.Run(runtimeName(rt), func(b *testing.B) {
			benchRun(b, rt, ShapeWarm, b.TempDir(),
				"sh", "-c", "i=0; while [ $i -lt 100 ]; do ls / >/dev/null; i=$((i+1)); done")
		})
	}
}

func benchRun(b *testing.B, rt string, shape Shape, dir string, argv ...string) {
	if rt != "" {
		needRuntime(b, rt)
	}
	r := newRunner(b, Config{Shape: shape, Runtime: rt})
	if argv == nil {
		argv = []string{"true"}
	}
	cmd := verify.Command{Argv: argv, Dir: dir}
	ctx := context.Background()
	if res, err := r.Run(ctx, cmd); err != nil || res.ExitCode != 0 { // warm: start the container
		b.Fatalf("Run: %v %+v", err, res)
	}
	for b.Loop() {
		res, err := r.Run(ctx, cmd)
		if err != nil || res.ExitCode != 0 {
			b.Fatalf("Run: %v %+v", err, res)
		}
	}
}
