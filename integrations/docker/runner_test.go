package docker

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/capture"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/moby/moby/api/types/container"
	"github.com/moby/moby/client"
)

// Helper process for TestReapAfterKilledService: it starts a warm
// container and hangs until killed.
const helperEnv = "AUTOVERIFY_DOCKER_TEST_HELPER"

func TestMain(m *testing.M) {
	if label := os.Getenv(helperEnv); label != "" {
		os.Exit(helperWarmThenHang(label))
	}
	os.Exit(m.Run())
}

func helperWarmThenHang(label string) int {
	r, err := New(Config{Image: testImage, Label: label})
	if err != nil {
		fmt.Println("error:", err)
		return 1
	}
	dir, err := os.MkdirTemp("", "avdocker-helper")
	if err != nil {
		fmt.Println("error:", err)
		return 1
	}
	res, err := r.Run(context.Background(), verify.Command{Argv: []string{"true"}, Dir: dir})
	if err != nil || res.ExitCode != 0 {
		fmt.Println("error:", err, res.ExitCode)
		return 1
	}
	fmt.Println("ready")
	select {} // until SIGKILL: Close never runs
}

func TestExitCodes(t *testing.T) {
	for _, shape := range shapesFor(t) {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, Config{Shape: shape})
			dir := t.TempDir()
			for _, tc := range []struct {
				argv []string
				want int
				out  string
			}{
				{[]string{"true"}, 0, ""},
				{[]string{"false"}, 1, ""},
				{[]string{"sh", "-c", "exit 7"}, 7, ""},
				{[]string{"no-such-program"}, ExitNotFound, "no-such-program"},
				{[]string{"/bin/no-such-program"}, ExitNotFound, "/bin/no-such-program"},
				{[]string{"/tmp"}, ExitNotExecutable, "/tmp"},
				{[]string{"sh", "-c", "kill -9 $$"}, 128 + 9, ""},
				{[]string{"sh", "-c", "kill -TERM $$"}, 128 + 15, ""},
			} {
				res := run(t, r, dir, tc.argv...)
				if res.ExitCode != tc.want || res.TimedOut {
					t.Errorf("%q: exit %d timedOut %v, want %d; output %q", tc.argv, res.ExitCode, res.TimedOut, tc.want, res.Output)
				}
				if tc.out != "" && !strings.Contains(string(res.Output), tc.out) {
					t.Errorf("%q: output %q does not name %q", tc.argv, res.Output, tc.out)
				}
				if res.Duration <= 0 {
					t.Errorf("%q: duration %v", tc.argv, res.Duration)
				}
			}
		})
	}
}

func TestOutput(t *testing.T) {
	for _, shape := range shapesFor(t) {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, Config{Shape: shape})
			res := run(t, r, t.TempDir(), "sh", "-c", "echo out1; echo err1 >&2; sleep 0.2; echo out2; echo err2 >&2")
			got := string(res.Output)
			// stdout and stderr are separate pipes inside the engine, so
			// only writes far enough apart have a guaranteed order.
			for _, want := range []string{"out1\n", "err1\n", "out2\n", "err2\n"} {
				if !strings.Contains(got, want) {
					t.Fatalf("output %q lacks %q", got, want)
				}
			}
			if strings.Index(got, "err1") > strings.Index(got, "out2") {
				t.Errorf("output %q: err1 after out2", got)
			}
			if res.ExitCode != 0 || res.OmittedBytes != 0 {
				t.Errorf("result %+v", res)
			}
		})
	}
}

func TestOutputCap(t *testing.T) {
	const n = 5 << 20
	for _, shape := range shapesFor(t) {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, Config{Shape: shape})
			res := run(t, r, t.TempDir(), "sh", "-c", fmt.Sprintf("yes | head -c %d; echo; echo THE-END", n))
			total := int64(n + len("\nTHE-END\n"))
			if res.OmittedBytes != total-DefaultOutputLimit {
				t.Errorf("omitted %d, want %d", res.OmittedBytes, total-DefaultOutputLimit)
			}
			marker := capture.Marker(res.OmittedBytes)
			if len(res.Output) != DefaultOutputLimit+len(marker) {
				t.Errorf("kept %d bytes, want %d", len(res.Output), DefaultOutputLimit+len(marker))
			}
			if !strings.Contains(string(res.Output), marker) || !strings.HasPrefix(string(res.Output), "y\ny\n") ||
				!strings.HasSuffix(string(res.Output), "\nTHE-END\n") {
				t.Errorf("output does not have head, marker %q and tail", marker)
			}
		})
	}
}

// TestOutputLimitRaisesTheCap: a command asking for more than the
// runner's cap (the gates, reading a whole test report) keeps all of it.
func TestOutputLimitRaisesTheCap(t *testing.T) {
	const n = 3 << 20
	for _, shape := range shapesFor(t) {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, Config{Shape: shape})
			res, err := r.Run(context.Background(), verify.Command{ItemID: "t", Dir: t.TempDir(), OutputLimit: 4 << 20,
				Argv: []string{"sh", "-c", fmt.Sprintf("yes | head -c %d; echo THE-END", n)}})
			if err != nil {
				t.Fatal(err)
			}
			if res.OmittedBytes != 0 || len(res.Output) != n+len("THE-END\n") {
				t.Errorf("kept %d bytes, omitted %d; want all %d", len(res.Output), res.OmittedBytes, n+len("THE-END\n"))
			}
		})
	}
}

func TestNoNetworkByDefault(t *testing.T) {
	for _, shape := range shapes {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, Config{Shape: shape})
			// Interfaces are read from sysfs: no traffic leaves the host.
			res := run(t, r, t.TempDir(), "ls", "/sys/class/net")
			if got := strings.Fields(string(res.Output)); len(got) != 1 || got[0] != "lo" {
				t.Errorf("interfaces %q, want only lo", res.Output)
			}
		})
	}
	t.Run("network=true", func(t *testing.T) {
		r := newRunner(t, Config{Shape: ShapeFresh, Network: true})
		res := run(t, r, t.TempDir(), "ls", "/sys/class/net")
		if !strings.Contains(string(res.Output), "eth0") {
			t.Errorf("interfaces %q, want eth0 with Network", res.Output)
		}
	})
}

func TestNoHostEnv(t *testing.T) {
	t.Setenv("AUTOVERIFY_FAKE_SECRET", "hunter2-do-not-leak")
	t.Setenv("GITHUB_TOKEN", "ghs_fake_token_value")
	for _, shape := range shapes {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, Config{Shape: shape, EnvPassthrough: map[string]string{"GOFLAGS": "-mod=mod"}})
			res := run(t, r, t.TempDir(), "env")
			env := string(res.Output)
			for _, secret := range []string{"hunter2", "AUTOVERIFY_FAKE_SECRET", "ghs_fake", "GITHUB_TOKEN"} {
				if strings.Contains(env, secret) {
					t.Errorf("host environment leaked (%s): %q", secret, env)
				}
			}
			for _, want := range []string{"CI=true\n", "HOME=/tmp\n", "LANG=C.UTF-8\n", "GOFLAGS=-mod=mod\n", "PATH=/bin\n"} {
				if !strings.Contains(env, want) {
					t.Errorf("env %q lacks %q", env, want)
				}
			}
		})
	}
}

// TestDeterministicEnv: a command in a container sees the determinism
// defaults, also when EnvPassthrough carries other values for them, and
// only Config.Env (ENGINEO_RUNNER_ENV) changes one.
func TestDeterministicEnv(t *testing.T) {
	printEnv := []string{"sh", "-c", `printf '%s|%s|%s|%s|%s|%s\n' "$TZ" "$LC_ALL" "$PYTHONHASHSEED" "$NO_COLOR" "$HOME" "$(date +%Z)"`}
	passed := map[string]string{"TZ": "America/New_York", "LC_ALL": "POSIX", "PYTHONHASHSEED": "random", "NO_COLOR": ""}
	for _, shape := range shapesFor(t) {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, Config{Shape: shape, EnvPassthrough: passed})
			if got := strings.TrimSpace(string(run(t, r, t.TempDir(), printEnv...).Output)); got != "UTC|C.UTF-8|0|1|/tmp|UTC" {
				t.Errorf("command saw %q, want the defaults", got)
			}
			r = newRunner(t, Config{Shape: shape, EnvPassthrough: passed, Env: []string{"PYTHONHASHSEED=random", "NO_COLOR=", "HOME=/tmp/h"}})
			if got := strings.TrimSpace(string(run(t, r, t.TempDir(), printEnv...).Output)); got != "UTC|C.UTF-8|random||/tmp/h|UTC" {
				t.Errorf("command saw %q, want the setting's values", got)
			}
		})
	}
}

func TestReadOnlyRootWritableWorkspaceAndTmp(t *testing.T) {
	for _, shape := range shapes {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, Config{Shape: shape})
			dir := t.TempDir()
			if res := run(t, r, dir, "touch", "/x"); res.ExitCode == 0 {
				t.Errorf("touch /x succeeded on a read-only root: %+v", res)
			} else if !strings.Contains(string(res.Output), "Read-only file system") {
				t.Errorf("touch /x: %q", res.Output)
			}
			for _, argv := range [][]string{
				{"touch", "in-workspace"},
				{"sh", "-c", "mkdir -p sub/dir && touch sub/dir/f"},
				{"touch", "/tmp/in-tmp"},
				{"sh", "-c", "echo hi > $HOME/.cache-file && cat $HOME/.cache-file"},
			} {
				if res := run(t, r, dir, argv...); res.ExitCode != 0 {
					t.Errorf("%q: exit %d %q", argv, res.ExitCode, res.Output)
				}
			}
			if _, err := os.Stat(filepath.Join(dir, "in-workspace")); !os.IsNotExist(err) {
				t.Errorf("a write in the container reached the host directory: %v", err)
			}
		})
	}
}

func TestNonRootAndNoPrivileges(t *testing.T) {
	for _, shape := range shapes {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, Config{Shape: shape})
			dir := t.TempDir()
			if res := run(t, r, dir, "id", "-u"); strings.TrimSpace(string(res.Output)) != "65532" {
				t.Errorf("id -u: %q", res.Output)
			}
			if res := run(t, r, dir, "id", "-g"); strings.TrimSpace(string(res.Output)) != "65532" {
				t.Errorf("id -g: %q", res.Output)
			}
			res := run(t, r, dir, "sh", "-c", `while read k v; do case $k in CapEff:|CapBnd:|NoNewPrivs:) echo "$k $v";; esac; done < /proc/self/status`)
			for _, want := range []string{"CapEff: 0000000000000000", "CapBnd: 0000000000000000", "NoNewPrivs: 1"} {
				if !strings.Contains(string(res.Output), want) {
					t.Errorf("status %q lacks %q", res.Output, want)
				}
			}
		})
	}
}

func TestWorkspaceCopiedIn(t *testing.T) {
	for _, shape := range shapesFor(t) {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, Config{Shape: shape})
			dir := t.TempDir()
			must(t, os.MkdirAll(filepath.Join(dir, "pkg", "deep"), 0o755))
			must(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example\n"), 0o644))
			must(t, os.WriteFile(filepath.Join(dir, "pkg", "deep", "data.txt"), []byte("payload\n"), 0o600))
			must(t, os.WriteFile(filepath.Join(dir, "run.sh"), []byte("#!/bin/sh\necho script-ran\n"), 0o755))
			must(t, os.Symlink("pkg/deep/data.txt", filepath.Join(dir, "link")))
			if res := run(t, r, dir, "cat", "go.mod", "pkg/deep/data.txt", "link"); string(res.Output) != "module example\npayload\npayload\n" {
				t.Errorf("cat: exit %d %q", res.ExitCode, res.Output)
			}
			if res := run(t, r, dir, "./run.sh"); string(res.Output) != "script-ran\n" {
				t.Errorf("./run.sh: exit %d %q", res.ExitCode, res.Output)
			}
			if res := run(t, r, dir, "sh", "-c", "pwd; ls -ln pkg/deep/data.txt"); !strings.HasPrefix(string(res.Output), WorkDir+"\n") ||
				!strings.Contains(string(res.Output), "65532    65532") {
				t.Errorf("pwd, owner: %q", res.Output)
			}
		})
	}
}

// TestWarmKeepsWorkspaceState documents the warm shape: commands of one
// work directory share the copy, as they share the directory under the
// local runner; the fresh shape starts from the host's copy each time.
func TestWarmKeepsWorkspaceState(t *testing.T) {
	for _, shape := range shapes {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, Config{Shape: shape})
			dir := t.TempDir()
			run(t, r, dir, "touch", "artifact")
			res := run(t, r, dir, "ls", "artifact")
			if kept := res.ExitCode == 0; kept != (shape == ShapeWarm) {
				t.Errorf("%s: artifact kept = %v", shape, kept)
			}
		})
	}
}

func TestTimeoutKills(t *testing.T) {
	for _, shape := range shapesFor(t) {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, Config{Shape: shape})
			dir := t.TempDir()
			run(t, r, dir, "true") // warm: the container exists before the timeout
			start := time.Now()
			res, err := r.Run(context.Background(), verify.Command{
				Argv: []string{"sh", "-c", "echo started; sleep 100"}, Dir: dir, Timeout: time.Second,
			})
			elapsed := time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			if !res.TimedOut || res.ExitCode != ExitTimedOut {
				t.Errorf("result %+v, want TimedOut and exit 124", res)
			}
			if !strings.Contains(string(res.Output), "started") {
				t.Errorf("output before the kill lost: %q", res.Output)
			}
			if elapsed > 1*time.Second+DefaultKillGrace+5*time.Second {
				t.Errorf("took %v", elapsed)
			}
			if ids := managed(t, r, LabelInstance, r.instance); len(ids) != 0 {
				t.Errorf("containers left after the kill: %v", ids)
			}
			// The runner carries on; warm starts a new container.
			if res := run(t, r, dir, "echo", "again"); string(res.Output) != "again\n" {
				t.Errorf("after timeout: %+v", res)
			}
		})
	}
}

// TestFreshTimeoutGrace checks the SIGTERM-then-SIGKILL sequence: a command
// that handles SIGTERM gets to run its handler.
func TestFreshTimeoutGrace(t *testing.T) {
	r := newRunner(t, Config{Shape: ShapeFresh})
	res, err := r.Run(context.Background(), verify.Command{
		Argv: []string{"sh", "-c", `trap 'echo got-term; exit 3' TERM; echo ready; while :; do sleep 0.1; done`},
		Dir:  t.TempDir(), Timeout: time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	if !res.TimedOut || !strings.Contains(string(res.Output), "got-term") {
		t.Errorf("result %+v output %q, want the TERM handler's output", res, res.Output)
	}
}

func TestContextCancelKills(t *testing.T) {
	for _, shape := range shapesFor(t) {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, Config{Shape: shape})
			ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
			defer cancel()
			_, err := r.Run(ctx, verify.Command{Argv: []string{"sleep", "100"}, Dir: t.TempDir()})
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("err %v, want deadline exceeded", err)
			}
			if ids := managed(t, r, LabelInstance, r.instance); len(ids) != 0 {
				t.Errorf("containers left: %v", ids)
			}
		})
	}
}

func TestCleanupAndLabels(t *testing.T) {
	for _, shape := range shapesFor(t) {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, Config{Shape: shape, CPUs: 0.5, MemoryBytes: 256 << 20, PidsLimit: 64})
			dir := t.TempDir()
			// A container exists while the command runs; inspect it then.
			done := make(chan verify.Result)
			go func() {
				res, _ := r.Run(context.Background(), verify.Command{Argv: []string{"sleep", "2"}, Dir: dir})
				done <- res
			}()
			// A container listed a moment before it is removed (the warm
			// shape's start, under a loaded machine's timing) is looked for
			// again, not taken for the one the command runs in.
			var ids []string
			var ins client.ContainerInspectResult
			var err error
			for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
				if ids = managed(t, r, LabelInstance, r.instance); len(ids) == 0 {
					continue
				}
				if ins, err = r.cli.ContainerInspect(context.Background(), ids[0], client.ContainerInspectOptions{}); !cerrdefs.IsNotFound(err) {
					break
				}
			}
			if len(ids) != 1 {
				t.Fatalf("containers while running: %v", ids)
			}
			if err != nil {
				t.Fatal(err)
			}
			c := ins.Container
			hc := c.HostConfig
			if !hc.ReadonlyRootfs || string(hc.NetworkMode) != "none" || len(hc.CapDrop) != 1 || hc.CapDrop[0] != "ALL" ||
				len(hc.SecurityOpt) != 1 || hc.SecurityOpt[0] != "no-new-privileges" ||
				hc.NanoCPUs != 5e8 || hc.Memory != 256<<20 || hc.PidsLimit == nil || *hc.PidsLimit != 64 {
				t.Errorf("host config: readonly %v net %s capdrop %v secopt %v cpus %d mem %d pids %v",
					hc.ReadonlyRootfs, hc.NetworkMode, hc.CapDrop, hc.SecurityOpt, hc.NanoCPUs, hc.Memory, hc.PidsLimit)
			}
			l := c.Config.Labels
			if l[LabelManaged] != "true" || l[LabelOwner] != testLabel || l[LabelShape] != string(shape) ||
				l[LabelPID] != fmt.Sprint(os.Getpid()) {
				t.Errorf("labels %v", l)
			}
			if res := <-done; res.ExitCode != 0 {
				t.Errorf("sleep 2: %+v", res)
			}
			left := managed(t, r, LabelInstance, r.instance)
			switch shape {
			case ShapeFresh:
				if len(left) != 0 {
					t.Errorf("fresh container not removed: %v", left)
				}
			case ShapeWarm:
				if len(left) != 1 {
					t.Errorf("warm container: %v", left)
				}
				must(t, r.Close())
				if left := managed(t, r, LabelInstance, r.instance); len(left) != 0 {
					t.Errorf("Close left %v", left)
				}
				if _, err := r.Run(context.Background(), verify.Command{Argv: []string{"true"}, Dir: dir}); !errors.Is(err, ErrClosed) {
					t.Errorf("Run after Close: %v", err)
				}
			}
		})
	}
}

// TestWorkspaceVolumeRemoved checks that the anonymous workspace volume goes
// with its container.
func TestWorkspaceVolumeRemoved(t *testing.T) {
	r := newRunner(t, Config{Shape: ShapeFresh})
	run(t, r, t.TempDir(), "true")
	vols, err := r.cli.VolumeList(context.Background(), client.VolumeListOptions{
		Filters: client.Filters{}.Add("label", LabelInstance+"="+r.instance),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(vols.Items) != 0 {
		t.Errorf("volumes left: %d", len(vols.Items))
	}
}

func TestReapOrphans(t *testing.T) {
	needEngine(t)
	const label = testLabel + "-reap"
	cli, err := client.New(client.WithHost(testHost()), client.WithAPIVersionNegotiation())
	must(t, err)
	defer cli.Close()
	ctx := context.Background()
	host, _ := os.Hostname()
	deadPID := deadPid(t)
	mk := func(labels map[string]string) string {
		c, err := cli.ContainerCreate(ctx, client.ContainerCreateOptions{
			Config: &container.Config{Image: testImage, Cmd: []string{"sleep", "infinity"}, Labels: labels},
		})
		must(t, err)
		_, err = cli.ContainerStart(ctx, c.ID, client.ContainerStartOptions{})
		must(t, err)
		t.Cleanup(func() { cli.ContainerRemove(ctx, c.ID, client.ContainerRemoveOptions{Force: true}) })
		return c.ID
	}
	base := func(kv ...string) map[string]string {
		m := map[string]string{LabelManaged: "true", LabelOwner: label, LabelInstance: "crashed", LabelHost: host, LabelPID: deadPID, LabelPIDStart: "1"}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	self := selfIdentity()
	orphan := mk(base())
	reusedPID := mk(base(LabelPID, self.pid, LabelPIDStart, "not-"+self.start)) // pid reused by us
	live := mk(base(LabelPID, self.pid, LabelPIDStart, self.start))             // a live process
	otherOwner := mk(base(LabelOwner, label+"-other"))
	otherHost := mk(base(LabelHost, "some-other-host"))

	r := newRunner(t, Config{Label: label}) // New reaps
	exists := func(id string) bool {
		_, err := cli.ContainerInspect(ctx, id, client.ContainerInspectOptions{})
		return err == nil
	}
	for id, want := range map[string]bool{orphan: false, reusedPID: false, live: true, otherOwner: true, otherHost: true} {
		if exists(id) != want {
			t.Errorf("container %s exists = %v, want %v", shortID(id), !want, want)
		}
	}
	if n, err := r.ReapOrphans(ctx); err != nil || n != 0 {
		t.Errorf("second reap: %d %v", n, err)
	}
}

// TestReapAfterKilledService kills a process holding a warm container with
// SIGKILL, so that nothing of it cleans up, and checks that the next
// runner with the same label removes what it left.
func TestReapAfterKilledService(t *testing.T) {
	needEngine(t)
	label := fmt.Sprintf("%s-killed-%d", testLabel, time.Now().UnixNano())
	exe, err := os.Executable()
	must(t, err)
	c := exec.Command(exe)
	c.Env = append(os.Environ(), helperEnv+"="+label)
	c.Stderr = os.Stderr
	stdout, err := c.StdoutPipe()
	must(t, err)
	must(t, c.Start())
	line, _ := bufio.NewReader(stdout).ReadString('\n')
	if line != "ready\n" {
		c.Process.Kill()
		c.Wait()
		t.Fatalf("helper: %q", line)
	}
	must(t, c.Process.Signal(syscall.SIGKILL))
	_ = c.Wait()

	r := newRunner(t, Config{Label: label + "-observer"})
	if left := managed(t, r, LabelOwner, label); len(left) != 1 {
		t.Fatalf("the killed service left %d containers, want its warm one", len(left))
	}
	r2 := newRunner(t, Config{Label: label}) // New reaps
	if left := managed(t, r2, LabelOwner, label); len(left) != 0 {
		t.Errorf("after New: %d containers left", len(left))
	}
}

func TestImageMissing(t *testing.T) {
	for _, shape := range shapesFor(t) {
		t.Run(string(shape), func(t *testing.T) {
			const image = "autoverify-no-such-image:never"
			r := newRunner(t, Config{Shape: shape, Image: image})
			_, err := r.Run(context.Background(), verify.Command{Argv: []string{"true"}, Dir: t.TempDir()})
			if !errors.Is(err, ErrImageNotFound) || !strings.Contains(err.Error(), image) {
				t.Errorf("err %v, want ErrImageNotFound naming %s", err, image)
			}
		})
	}
}

// TestWarmReplacesLostContainer: a warm container that stopped (its
// keep-alive ended) or was removed by someone else is replaced once.
func TestWarmReplacesLostContainer(t *testing.T) {
	dir := t.TempDir()
	r := newRunner(t, Config{KeepAlive: []string{"sleep", "1"}})
	warmID := func() string {
		ids := managed(t, r, LabelInstance, r.instance)
		if len(ids) != 1 {
			t.Fatalf("warm containers: %v", ids)
		}
		return ids[0]
	}
	run(t, r, dir, "true")
	first := warmID()
	// Wait for the keep-alive to end.
	for deadline := time.Now().Add(10 * time.Second); ; {
		ins, err := r.cli.ContainerInspect(context.Background(), first, client.ContainerInspectOptions{})
		must(t, err)
		if !ins.Container.State.Running {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("keep-alive did not end")
		}
		time.Sleep(100 * time.Millisecond)
	}
	if res := run(t, r, dir, "echo", "replaced"); string(res.Output) != "replaced\n" {
		t.Errorf("after the keep-alive ended: %+v", res)
	}
	second := warmID()
	if second == first {
		t.Fatal("stopped container reused")
	}
	_, err := r.cli.ContainerRemove(context.Background(), second, client.ContainerRemoveOptions{Force: true, RemoveVolumes: true})
	must(t, err)
	if res := run(t, r, dir, "echo", "again"); string(res.Output) != "again\n" {
		t.Errorf("after removal: %+v", res)
	}
}

func TestEngineDown(t *testing.T) {
	host := "unix://" + filepath.Join(t.TempDir(), "no-engine.sock")
	r, err := New(Config{Host: host, Image: testImage})
	if err != nil {
		t.Fatalf("New must not fail on an unreachable engine: %v", err)
	}
	defer r.Close()
	for _, shape := range shapesFor(t) {
		r.s.shape = shape
		_, err = r.Run(context.Background(), verify.Command{Argv: []string{"true"}, Dir: t.TempDir()})
		if !errors.Is(err, ErrEngineUnreachable) || !strings.Contains(err.Error(), host) {
			t.Errorf("%s: err %v, want ErrEngineUnreachable naming %s", shape, err, host)
		}
	}
}

func TestConcurrentRuns(t *testing.T) {
	for _, shape := range shapesFor(t) {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, Config{Shape: shape})
			dirs := []string{t.TempDir(), t.TempDir()}
			var wg sync.WaitGroup
			for i := range 6 {
				wg.Go(func() {
					want := fmt.Sprint(i)
					res, err := r.Run(context.Background(), verify.Command{Argv: []string{"echo", want}, Dir: dirs[i%2]})
					if err != nil || strings.TrimSpace(string(res.Output)) != want {
						t.Errorf("run %d: %v %+v", i, err, res)
					}
				})
			}
			wg.Wait()
		})
	}
}

func TestConfigValidation(t *testing.T) {
	none := func(string) (string, bool) { return "", false }
	for _, cfg := range []Config{
		{},
		{Image: "x", Shape: "tepid"},
		{Image: "x", User: "root"},
		{Image: "x", User: "0:0"},
		{Image: "x", User: "1000:staff"},
		{Image: "x", EnvPassthrough: map[string]string{"HOME": "/root"}},
		{Image: "x", EnvPassthrough: map[string]string{"A=B": "c"}},
		{Image: "x", Env: []string{"NOVALUE"}},
		{Image: "x", Timeout: -1},
		{Image: "x", KeepAlive: []string{}},
	} {
		if _, err := cfg.settle(none); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
	env := map[string]string{EnvHost: "tcp://engineo:2376", EnvDockerHost: "unix:///other.sock"}
	s, err := Config{Image: "x", User: "1000"}.settle(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	must(t, err)
	if s.host != "tcp://engineo:2376" || s.user != "1000:1000" || s.shape != ShapeWarm || s.nanoCPUs != 2e9 || s.pids != DefaultPidsLimit {
		t.Errorf("settings %+v", s)
	}
	delete(env, EnvHost)
	if s, _ := (Config{Image: "x"}).settle(func(k string) (string, bool) { v, ok := env[k]; return v, ok }); s.host != "unix:///other.sock" {
		t.Errorf("host %s, want DOCKER_HOST's", s.host)
	}
	if s, _ := (Config{Image: "x", MemoryBytes: -1, PidsLimit: -1, CPUs: -1}).settle(none); s.memory != 0 || s.pids != 0 || s.nanoCPUs != 0 || s.host != DefaultHost {
		t.Errorf("unlimited: %+v", s)
	}
}

func TestStartFailure(t *testing.T) {
	for msg, want := range map[string]int{
		`OCI runtime exec failed: exec failed: unable to start container process: exec: "nope": executable file not found in $PATH: unknown`:                               ExitNotFound,
		`failed to create task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/x": stat /x: no such file or directory: unknown`: ExitNotFound,
		`OCI runtime exec failed: exec failed: unable to start container process: exec: "/tmp": permission denied: unknown`:                                                ExitNotExecutable,
		`some other failure`: 0,
	} {
		code, detail, _ := startFailure(msg)
		if code != want || (want != 0 && (strings.Contains(detail, "unknown") || !strings.HasPrefix(detail, `"`))) {
			t.Errorf("%q: %d %q, want %d", msg, code, detail, want)
		}
	}
}

func TestCaptureMirrorsLocal(t *testing.T) {
	c := capture.New(10)
	for range 3 {
		c.Write([]byte("0123456789"))
	}
	if got, want := string(c.Bytes()), "01234"+capture.Marker(20)+"56789"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

func must(tb testing.TB, err error) {
	tb.Helper()
	if err != nil {
		tb.Fatal(err)
	}
}

// deadPid returns the pid of a process that has exited.
func deadPid(tb testing.TB) string {
	c := exec.Command("true")
	must(tb, c.Run())
	return fmt.Sprint(c.Process.Pid)
}

func TestSentinelsSayWhatTheBotMayRetry(t *testing.T) {
	t.Parallel()
	if !errors.Is(fmt.Errorf("x: %w", ErrEngineUnreachable), verify.ErrTransient) {
		t.Error("an unreachable engine may answer next time: transient")
	}
	if errors.Is(ErrImageNotFound, verify.ErrTransient) || errors.Is(ErrClosed, verify.ErrTransient) {
		t.Error("a missing image or a closed runner does not fix itself")
	}
}
