package compose

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/moby/moby/client"

	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/docker"
)

// Test images, built by testdata/build-images.sh FROM scratch: nothing can
// be pulled where these tests run.
const (
	busybox  = "autoverify-test-busybox:latest"
	kvserver = "autoverify-test-kvserver:latest"
)

// testLabel keeps these tests' stacks apart from a service's.
const testLabel = "autoverify-compose-test"

var (
	engineOnce sync.Once
	engineErr  error
)

// needEngine skips when no engine answers (fails when CI=true) and builds
// the test images once per test process.
func needEngine(tb testing.TB) {
	tb.Helper()
	engineOnce.Do(func() {
		cli, err := client.New(client.WithHost(host()), client.WithAPIVersionNegotiation())
		if err != nil {
			engineErr = err
			return
		}
		defer cli.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if _, err := cli.Ping(ctx, client.PingOptions{NegotiateAPIVersion: true}); err != nil {
			engineErr = err
			return
		}
		c := exec.Command("bash", filepath.Join("testdata", "build-images.sh"))
		c.Stdout, c.Stderr = os.Stderr, os.Stderr
		engineErr = c.Run()
	})
	if engineErr == nil {
		return
	}
	if os.Getenv("CI") == "true" {
		tb.Fatalf("docker engine required when CI=true: %v", engineErr)
	}
	tb.Skipf("SKIPPING: no usable docker engine (%v); these tests need one", engineErr)
}

func host() string {
	for _, n := range []string{docker.EnvHost, docker.EnvDockerHost} {
		if v := os.Getenv(n); v != "" {
			return v
		}
	}
	return docker.DefaultHost
}

// newRunner writes compose YAML into a fresh workspace and returns a
// runner for service, and the workspace. Cleanup closes the runner and
// fails the test if anything labelled with its instance is left.
func newRunner(tb testing.TB, yaml, service string, cfg Config) (*Runner, string) {
	tb.Helper()
	needEngine(tb)
	dir := tb.TempDir()
	cfg.File = filepath.Join(dir, "compose.yml")
	if err := os.WriteFile(cfg.File, []byte(yaml), 0o644); err != nil {
		tb.Fatal(err)
	}
	cfg.Service = service
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
		assertNothingLeft(tb, r.cli, docker.LabelInstance+"="+r.instance)
	})
	return r, dir
}

// assertNothingLeft fails unless no container, network or volume carries
// the label filter.
func assertNothingLeft(tb testing.TB, cli *client.Client, label string) {
	tb.Helper()
	left := leftovers(tb, cli, label)
	if len(left) > 0 {
		tb.Errorf("left behind with %s: %v", label, left)
	}
}

func leftovers(tb testing.TB, cli *client.Client, label string) []string {
	tb.Helper()
	ctx := context.Background()
	f := client.Filters{}.Add("label", label)
	var left []string
	cs, err := cli.ContainerList(ctx, client.ContainerListOptions{All: true, Filters: f})
	if err != nil {
		tb.Fatalf("ContainerList: %v", err)
	}
	for _, c := range cs.Items {
		left = append(left, "container "+c.ID[:12])
	}
	ns, err := cli.NetworkList(ctx, client.NetworkListOptions{Filters: f})
	if err != nil {
		tb.Fatalf("NetworkList: %v", err)
	}
	for _, n := range ns.Items {
		left = append(left, "network "+n.Name)
	}
	vs, err := cli.VolumeList(ctx, client.VolumeListOptions{Filters: f})
	if err != nil {
		tb.Fatalf("VolumeList: %v", err)
	}
	for _, v := range vs.Items {
		left = append(left, "volume "+v.Name)
	}
	return left
}

func run(tb testing.TB, r *Runner, dir string, argv ...string) verify.Result {
	tb.Helper()
	res, err := r.Run(context.Background(), verify.Command{ItemID: "t", Argv: argv, Dir: dir})
	if err != nil {
		tb.Fatalf("Run %q: %v", argv, err)
	}
	return res
}

// long skips t under `go test -short`, the quick subset CI runs
// (scripts/test.sh): each of these brings a stack up and down (6-15 s on
// two cores) for what another kept test also covers in part (teardown,
// health); scripts/test-long.sh runs every test. The isolation tests are
// never skipped.
func long(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("long: bash scripts/test-long.sh runs it")
	}
}
