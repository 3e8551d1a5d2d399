package docker

import (
	"context"
	"hash/fnv"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/moby/moby/client"

	"github.com/engineo/autoverify/bot/verify"
)

// testImage is built by testdata/build-images.sh (FROM scratch, static
// busybox): nothing can be pulled where these tests run.
const testImage = "autoverify-test-busybox:latest"

var (
	engineOnce sync.Once
	engineErr  error // why the engine or the image is unusable
)

// needEngine skips the test loudly when no engine answers — or fails it
// when CI=true, where a missing engine is a broken environment — and builds
// the test image once if it is missing.
func needEngine(tb testing.TB) {
	tb.Helper()
	engineOnce.Do(func() { engineErr = prepareEngine() })
	if engineErr == nil {
		return
	}
	if os.Getenv("CI") == "true" {
		tb.Fatalf("docker engine required when CI=true: %v", engineErr)
	}
	tb.Skipf("SKIPPING: no usable docker engine (%v); these tests need one", engineErr)
}

func prepareEngine() error {
	cli, err := client.New(client.WithHost(testHost()), client.WithAPIVersionNegotiation())
	if err != nil {
		return err
	}
	defer cli.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := cli.Ping(ctx, client.PingOptions{NegotiateAPIVersion: true}); err != nil {
		return err
	}
	if _, err := cli.ImageInspect(ctx, testImage); err == nil {
		return nil
	}
	_, file, _, _ := runtime.Caller(0)
	script := filepath.Join(filepath.Dir(file), "testdata", "build-images.sh")
	c := exec.Command("bash", script)
	c.Stdout, c.Stderr = os.Stderr, os.Stderr
	if err := c.Run(); err != nil {
		return err
	}
	_, err = cli.ImageInspect(ctx, testImage)
	return err
}

func testHost() string {
	for _, n := range []string{EnvHost, EnvDockerHost} {
		if v := os.Getenv(n); v != "" {
			return v
		}
	}
	return DefaultHost
}

// shapes are both shapes, for tests that run under each.
var shapes = []Shape{ShapeFresh, ShapeWarm}

// shapesFor is the shapes a functional test runs: both, or under -short
// (CI's quick subset) one of them, picked by the test's name, so that the
// quick subset still takes each shape in some tests. The isolation tests
// (network, environment, root file system, user) always run both, the
// escape suites one shape per runtime (TestEscape); scripts/test-long.sh
// runs every test in both.
func shapesFor(t *testing.T) []Shape {
	if !testing.Short() {
		return shapes
	}
	h := fnv.New32a()
	h.Write([]byte(t.Name()))
	i := h.Sum32() % uint32(len(shapes))
	return shapes[i : i+1]
}

// attackLimits is cfg for the tests that attack the limits (the escape
// suites, a memory attack): under -short, CI's quick subset, the memory,
// process and file-size limits are lower than the defaults (256 MiB, 128
// tasks, 256 MiB against 2 GiB, 1,024 and 1 GiB), so the attacks reach
// them sooner: the same limits of the engine stop them, in about a
// quarter of the time (the alloc attack touched 2 GiB for 14-17 s on a
// loaded two-core machine). scripts/test-long.sh runs them with the
// defaults.
func attackLimits(cfg Config) Config {
	if testing.Short() {
		cfg.MemoryBytes, cfg.PidsLimit, cfg.FileSizeBytes = 256<<20, 128, 256<<20
	}
	return cfg
}

// testLabel keeps this package's containers apart from a service's.
const testLabel = "autoverify-test"

func newRunner(tb testing.TB, cfg Config) *Runner {
	tb.Helper()
	needEngine(tb)
	if cfg.Image == "" {
		cfg.Image = testImage
	}
	if cfg.Label == "" {
		cfg.Label = testLabel
	}
	r, err := New(cfg)
	if err != nil {
		tb.Fatalf("New: %v", err)
	}
	tb.Cleanup(func() {
		if err := r.Close(); err != nil {
			tb.Errorf("Close: %v", err)
		}
	})
	return r
}

func run(tb testing.TB, r *Runner, dir string, argv ...string) verify.Result {
	tb.Helper()
	res, err := r.Run(context.Background(), verify.Command{ItemID: "t", Argv: argv, Dir: dir})
	if err != nil {
		tb.Fatalf("Run %q: %v", argv, err)
	}
	return res
}

// managed lists the containers carrying label=value (all states).
func managed(tb testing.TB, r *Runner, label, value string) []string {
	tb.Helper()
	list, err := r.cli.ContainerList(context.Background(), client.ContainerListOptions{
		All:     true,
		Filters: client.Filters{}.Add("label", label+"="+value),
	})
	if err != nil {
		tb.Fatalf("ContainerList: %v", err)
	}
	var ids []string
	for _, c := range list.Items {
		ids = append(ids, c.ID)
	}
	return ids
}
