package docker

import (
	"context"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/engineo/autoverify/bot"
)

// BenchmarkDockerRunnerTrue is the per-command overhead of each shape:
// `true` in an empty work directory. fresh pays create + copy + attach +
// start + wait + remove per command; warm pays exec create + attach +
// inspect (its container is started before the timer). Compare with
// BenchmarkLocalRunnerTrue in integrations/local.
func BenchmarkDockerRunnerTrue(b *testing.B) {
	for _, shape := range shapes {
		b.Run(string(shape), func(b *testing.B) {
			benchRun(b, shape, b.TempDir())
		})
	}
}

// BenchmarkDockerRunnerTrueRepoWorkspace is the same with a realistic work
// directory, this repository's bot/ tree (about 900 files, 4 MB): fresh
// copies it for every command, warm once per container.
func BenchmarkDockerRunnerTrueRepoWorkspace(b *testing.B) {
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "..", "bot")
	for _, shape := range shapes {
		b.Run(string(shape), func(b *testing.B) {
			benchRun(b, shape, dir)
		})
	}
}

func benchRun(b *testing.B, shape Shape, dir string) {
	r := newRunner(b, Config{Shape: shape})
	cmd := bot.Command{Argv: []string{"true"}, Dir: dir}
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
