//go:build linux

package local

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/engineo/autoverify/bot/verify"
)

// sandboxed runs a shell script in a fresh sandbox runner with cfg, in a
// fresh workspace, and returns the result and the workspace.
func sandboxed(t *testing.T, cfg SandboxConfig, script string) (verify.Result, string) {
	t.Helper()
	r := newRunner(t, IsolationSandbox, WithSandbox(cfg))
	t.Cleanup(func() { _ = r.Close() })
	dir := t.TempDir()
	res, err := r.Run(context.Background(), verify.Command{Argv: []string{"sh", "-c", script}, Dir: dir, Timeout: time.Minute})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res, dir
}

// TestSandboxFileSystem checks what a command can see and write: the
// workspace read-write at its own path, a private /tmp and home, the system
// directories read-only, and nothing else of the host.
func TestSandboxFileSystem(t *testing.T) {
	t.Parallel()
	outside := t.TempDir()
	planted := filepath.Join(outside, "secret.txt")
	if err := os.WriteFile(planted, []byte("host secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	hostTmp := filepath.Join(os.TempDir(), fmt.Sprintf("autoverify-sandbox-test-%d", time.Now().UnixNano()))
	script := fmt.Sprintf(`
echo ws >ws.txt && echo "workspace: written at $PWD"
cat %[1]s 2>/dev/null && echo "ESCAPED: read a planted file"
ls %[2]s 2>/dev/null && echo "ESCAPED: listed the planted file's directory"
echo x >%[3]s && echo "tmp: written"
echo x >/usr/autoverify-test 2>/dev/null && echo "ESCAPED: wrote /usr"
echo x >/autoverify-test 2>/dev/null && echo "ESCAPED: wrote /"
echo x >"$HOME/.config" && echo "home: $HOME written"
test -e /var/run/docker.sock -o -e /run/docker.sock && echo "ESCAPED: docker socket visible"
test -e /root/.ssh && echo "ESCAPED: root's home visible"
head -c1 /etc/shadow 2>/dev/null | grep -q . && echo "ESCAPED: /etc/shadow readable"
echo 1 >/proc/sys/vm/drop_caches 2>/dev/null && echo "ESCAPED: wrote a kernel tunable"
ls /proc | grep -c '^[0-9]' | sed 's/^/processes visible: /'
`, planted, outside, hostTmp)
	res, dir := sandboxed(t, SandboxConfig{}, script)
	out := string(res.Output)
	t.Logf("output:\n%s", out)
	if strings.Contains(out, "ESCAPED") || res.ExitCode != 0 {
		t.Errorf("exit %d; the sandbox let a command out:\n%s", res.ExitCode, out)
	}
	for _, want := range []string{"workspace: written at " + dir, "tmp: written", "home: " + SandboxHome + " written"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "ws.txt")); err != nil || string(b) != "ws\n" {
		t.Errorf("workspace write did not reach the host: %q, %v", b, err)
	}
	if _, err := os.Stat(hostTmp); err == nil {
		os.Remove(hostTmp)
		t.Errorf("the sandbox's /tmp is the host's: %s was created", hostTmp)
	}
	// The shell and the ls/grep/sed it starts, nothing of the host.
	if !strings.Contains(out, "processes visible: ") {
		t.Fatalf("no process count in output")
	}
	var n int
	if _, err := fmt.Sscanf(out[strings.Index(out, "processes visible: ")+len("processes visible: "):], "%d", &n); err != nil || n > 6 {
		t.Errorf("the command sees %d processes; want only its own few", n)
	}
}

// TestSandboxHidesServicePaths checks that the service's own directories
// stay invisible even when an operator's read-only path contains them.
func TestSandboxHidesServicePaths(t *testing.T) {
	t.Parallel()
	tools := t.TempDir()
	state := filepath.Join(tools, "state")
	if err := os.MkdirAll(state, 0o755); err != nil {
		t.Fatal(err)
	}
	for path, body := range map[string]string{filepath.Join(tools, "tool.sh"): "echo tool ran", filepath.Join(state, "ledger.db"): "state"} {
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, _ := sandboxed(t, SandboxConfig{ExtraReadOnly: []string{tools}, Hide: []string{state}},
		fmt.Sprintf("sh %s; cat %s/ledger.db 2>/dev/null && echo ESCAPED; ls %s | wc -l | sed 's/^/entries: /'; echo x >%s/w 2>/dev/null && echo ESCAPED-write", filepath.Join(tools, "tool.sh"), state, state, tools))
	out := string(res.Output)
	if !strings.Contains(out, "tool ran") || !strings.Contains(out, "entries: 0") || strings.Contains(out, "ESCAPED") {
		t.Errorf("want the tool visible, the state directory empty and nothing writable; got:\n%s", out)
	}
}

// TestSandboxNetwork checks that a command has only a loopback of its own
// unless the network is enabled: a listener on the host's 127.0.0.1 (where
// Redis or the Docker API would be) cannot be reached, its own can.
func TestSandboxNetwork(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan struct{}, 10)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- struct{}{}
			c.Close()
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port
	// python3's socket module is the one tool on every Debian machine
	// that can open a TCP connection without a shell extension.
	probe := fmt.Sprintf(`python3 -c '
import socket, sys
s = socket.socket(); s.settimeout(2)
try:
    s.connect(("127.0.0.1", %d)); print("connected")
except OSError as e:
    print("refused:", e)
srv = socket.socket(); srv.bind(("127.0.0.1", 0)); srv.listen(1)
c = socket.create_connection(srv.getsockname(), timeout=2); print("own loopback works")
'`, port)
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed")
	}
	res, _ := sandboxed(t, SandboxConfig{}, probe)
	if out := string(res.Output); !strings.Contains(out, "refused") || !strings.Contains(out, "own loopback works") {
		t.Errorf("network off: want the host's listener unreachable and the own loopback up; got:\n%s", out)
	}
	select {
	case <-accepted:
		t.Errorf("the host's listener accepted a connection from the sandbox")
	default:
	}
	res, _ = sandboxed(t, SandboxConfig{Network: true}, probe)
	if out := string(res.Output); !strings.Contains(out, "connected") {
		t.Errorf("network on: want the host's listener reachable; got:\n%s", out)
	}
}

// TestSandboxCachesAreCopyOnWrite checks that a cache directory is
// readable and writable in the sandbox, and that writes do not reach the
// host's copy, so one run cannot poison the next.
func TestSandboxCachesAreCopyOnWrite(t *testing.T) {
	t.Parallel()
	cache := t.TempDir()
	if err := os.WriteFile(filepath.Join(cache, "entry"), []byte("warm"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, _ := sandboxed(t, SandboxConfig{Caches: []string{cache}},
		fmt.Sprintf("cat %[1]s/entry; echo poisoned >%[1]s/entry && echo new >%[1]s/new && cat %[1]s/entry", cache))
	if out := string(res.Output); out != "warmpoisoned\n" {
		t.Errorf("output = %q, want the warm entry then the command's own write", out)
	}
	if b, _ := os.ReadFile(filepath.Join(cache, "entry")); string(b) != "warm" {
		t.Errorf("the host's cache was changed to %q", b)
	}
	if _, err := os.Stat(filepath.Join(cache, "new")); err == nil {
		t.Errorf("a file the command created reached the host's cache")
	}
}

// TestSandboxLimits checks that each limit holds: the number of
// processes, the size of a file, and the memory of a process.
func TestSandboxLimits(t *testing.T) {
	t.Parallel()
	cfg := SandboxConfig{Processes: 300, FileSizeBytes: 1 << 20, MemoryBytes: 256 << 20}
	// A shell gives up on the first failed fork, so python counts them.
	res, _ := sandboxed(t, cfg, `
python3 -c '
import os, signal, time
pids = []
for i in range(1000):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        time.sleep(30)
        os._exit(0)
    pids.append(pid)
print("background:", len(pids))
for pid in pids:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
'
head -c 2097152 /dev/zero >big 2>/dev/null; echo "file: $(wc -c <big)"
python3 -c 'b = b"x" * (512 << 20)' 2>/dev/null && echo "alloc: ok" || echo "alloc: refused"
`)
	out := string(res.Output)
	t.Logf("output:\n%s", out)
	var bg, size int
	if _, err := fmt.Sscanf(out[strings.Index(out, "background: ")+12:], "%d", &bg); err != nil || bg == 0 || bg >= 300 {
		t.Errorf("%d background processes started (%v); want fewer than the limit of 300", bg, err)
	}
	if _, err := fmt.Sscanf(out[strings.Index(out, "file: ")+6:], "%d", &size); err != nil || size != 1<<20 {
		t.Errorf("a %d-byte file was written (%v); want it stopped at the 1 MiB limit", size, err)
	}
	if !strings.Contains(out, "alloc: refused") {
		t.Errorf("a 512 MiB allocation passed the 256 MiB limit")
	}
}

// TestSandboxCheckIsolationAndClose checks the health probe serve relies
// on, and that Close stops the waiting init.
func TestSandboxCheckIsolationAndClose(t *testing.T) {
	t.Parallel()
	r := newRunner(t, IsolationSandbox)
	if err := r.CheckIsolation(context.Background()); err != nil {
		t.Fatalf("CheckIsolation: %v", err)
	}
	run(t, r, "true") // leaves an init waiting for the next command
	deadline := time.Now().Add(10 * time.Second)
	for len(r.warm) == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if len(r.warm) == 0 {
		t.Fatal("no init waiting after a command")
	}
	p := <-r.warm
	r.warm <- p
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); running(p.Process.Pid) && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	if running(p.Process.Pid) {
		t.Errorf("the waiting init %d survived Close", p.Process.Pid)
	}
	plain := newRunner(t, IsolationProcessGroup)
	if err := plain.CheckIsolation(context.Background()); err == nil || !strings.Contains(err.Error(), "user namespaces") {
		t.Errorf("CheckIsolation without the sandbox = %v, want the fix named", err)
	}
}

// TestSandboxAsNonRoot runs the sandbox the way the server's image does, as
// a user without privileges (which then gets a user namespace), by
// re-running this test binary as nobody.
func TestSandboxAsNonRoot(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Skip("already not root: every other test covers this case")
	}
	const nobody = 65534
	// t.TempDir's parent is private to root.
	base, err := os.MkdirTemp("", "autoverify-nonroot-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(base) })
	if err := os.Chmod(base, 0o755); err != nil {
		t.Fatal(err)
	}
	self, err := os.ReadFile("/proc/self/exe")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(base, "local.test")
	if err := os.WriteFile(bin, self, 0o755); err != nil {
		t.Fatal(err)
	}
	work, tmp := filepath.Join(base, "work"), filepath.Join(base, "tmp")
	for _, d := range []string{work, tmp} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(d, nobody, nobody); err != nil {
			t.Fatal(err)
		}
	}
	helper := func() ([]byte, error) {
		cmd := exec.Command(bin)
		cmd.Env = []string{helperEnv + "=nonroot", "AUTOVERIFY_LOCAL_TEST_DIR=" + work, "PATH=/usr/bin:/bin", "TMPDIR=" + tmp}
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
		return cmd.CombinedOutput()
	}
	raw, err := helper()
	// The copy just written can be busy while a parallel test's fork has
	// not exec'd yet (golang.org/issue/22315; see startPlain).
	for try := 1; errors.Is(err, syscall.ETXTBSY) && try <= 5; try++ {
		time.Sleep(time.Duration(try) * 20 * time.Millisecond)
		raw, err = helper()
	}
	if err != nil {
		t.Fatalf("helper as nobody: %v\n%s", err, raw)
	}
	var rep struct {
		Isolation, Output, Error, Check string
		ExitCode                        int
	}
	if err := json.Unmarshal(raw, &rep); err != nil {
		t.Fatalf("helper said %q: %v", raw, err)
	}
	t.Logf("as nobody: %+v", rep)
	if rep.Isolation != string(IsolationSandbox) || rep.Error != "" || rep.Check != "" {
		t.Fatalf("the sandbox did not work without root: %+v", rep)
	}
	for _, want := range []string{"uid=0", "written"} {
		if !strings.Contains(rep.Output, want) {
			t.Errorf("output lacks %q:\n%s", want, rep.Output)
		}
	}
	if strings.Contains(rep.Output, "ESCAPED") {
		t.Errorf("escaped as nobody:\n%s", rep.Output)
	}
}

// nonRootHelper is TestSandboxAsNonRoot's other half, run as nobody.
func nonRootHelper() int {
	var rep struct {
		Isolation, Output, Error, Check string
		ExitCode                        int
	}
	r, err := New(WithIsolation(IsolationSandbox))
	if err == nil {
		rep.Isolation = string(r.Isolation())
		if cerr := r.CheckIsolation(context.Background()); cerr != nil {
			rep.Check = cerr.Error()
		}
		var res verify.Result
		res, err = r.Run(context.Background(), verify.Command{Dir: os.Getenv("AUTOVERIFY_LOCAL_TEST_DIR"), Argv: []string{"sh", "-c",
			`id; echo x >f && echo written; echo x >/usr/x 2>/dev/null && echo ESCAPED; echo 1 >/proc/sys/vm/drop_caches 2>/dev/null && echo ESCAPED`}})
		rep.Output, rep.ExitCode = string(res.Output), res.ExitCode
	}
	if err != nil {
		rep.Error = err.Error()
	}
	_ = json.NewEncoder(os.Stdout).Encode(rep)
	return 0
}

// TestSandboxFallsBackOnlyWhenAutomatic checks what happens where the
// sandbox cannot be built: an automatic runner (autoverify run's) runs the
// command with the strongest isolation short of it and says why; a runner
// that requires it (serve's) fails the command instead.
func TestSandboxFallsBackOnlyWhenAutomatic(t *testing.T) {
	t.Parallel()
	cannot := func() (*initProc, error) { return nil, errors.New("mount: operation not permitted") }
	auto, err := New()
	if err != nil {
		t.Fatal(err)
	}
	if auto.Isolation() != IsolationSandbox {
		t.Skipf("auto isolation is %s here", auto.Isolation())
	}
	auto.spawnFunc = cannot
	res := run(t, auto, "sh", "-c", "echo ran")
	if string(res.Output) != "ran\n" || auto.Isolation() == IsolationSandbox || !strings.Contains(auto.Degraded(), "operation not permitted") {
		t.Errorf("auto: output %q, isolation %s, degraded %q; want the command run unsandboxed and the reason kept", res.Output, auto.Isolation(), auto.Degraded())
	}
	required := newRunner(t, IsolationSandbox)
	required.spawnFunc = cannot
	if _, err := required.Run(context.Background(), verify.Command{Argv: []string{"true"}, Dir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "operation not permitted") {
		t.Errorf("required: err = %v, want the sandbox's failure", err)
	}
	if required.Isolation() != IsolationSandbox || required.Degraded() != "" {
		t.Errorf("a required sandbox fell back to %s", required.Isolation())
	}
}

// TestAnnouncedRunnerBuildsOnlyWhatIsExpected checks that a runner built
// WithAnnounced builds a sandbox for each announced command and none after
// the last (a one-shot `autoverify run` would otherwise build one that
// nothing uses), while a long-lived runner keeps one waiting.
func TestAnnouncedRunnerBuildsOnlyWhatIsExpected(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		announced bool
		commands  int
		want      int32
	}{
		{"announced", true, 3, 3},
		{"long-lived", false, 3, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var opts []Option
			if tc.announced {
				opts = append(opts, WithAnnounced())
			}
			r := newRunner(t, IsolationSandbox, opts...)
			defer r.Close()
			var built atomic.Int32
			r.spawnFunc = func() (*initProc, error) {
				built.Add(1)
				return r.spawnInit()
			}
			r.Expect(tc.commands)
			for i := range tc.commands {
				if res := run(t, r, "sh", "-c", "echo ok"); string(res.Output) != "ok\n" {
					t.Fatalf("command %d: output %q", i, res.Output)
				}
			}
			// A refill after the last command would have started by now.
			deadline := time.Now().Add(2 * time.Second)
			for built.Load() < tc.want && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			time.Sleep(200 * time.Millisecond)
			if got := built.Load(); got != tc.want {
				t.Errorf("built %d sandboxes for %d commands, want %d", got, tc.commands, tc.want)
			}
		})
	}
}

// TestWarmInit: a sandbox built ahead of its command (the pool's, before
// the configuration's network is known to the init: it makes a network
// namespace while it waits and leaves it when the spec gives the host's)
// runs its command like any other, with or without the host's network,
// and gets its environment from the spec (no variable of this process
// leaks in).
func TestWarmInit(t *testing.T) {
	t.Setenv("AUTOVERIFY_FAKE_SECRET", "hunter2-secret-value")
	for _, network := range []bool{false, true} {
		// The host's interfaces, as a command with the host's network
		// sees them; one in a network namespace of its own sees only lo.
		hostNet, err := os.ReadFile("/proc/net/dev")
		if err != nil {
			t.Fatal(err)
		}
		r := newRunner(t, IsolationSandbox, WithSandbox(SandboxConfig{Network: network}), WithPrewarm())
		t.Cleanup(func() { _ = r.Close() })
		time.Sleep(100 * time.Millisecond) // the pool's init is built and waits
		res := run(t, r, "sh", "-c", "env; echo pid=$$ ppid=$PPID; echo host=$(hostname); cat /proc/net/dev")
		out := string(res.Output)
		if res.ExitCode != 0 || !strings.Contains(out, " ppid=1\n") || !strings.Contains(out, "HOME="+SandboxHome) || !strings.Contains(out, "host=autoverify\n") {
			t.Fatalf("want the command a child of the sandbox's init (PID 1), with its home and host name; got %d:\n%s", res.ExitCode, out)
		}
		if strings.Contains(out, "hunter2") {
			t.Fatalf("the test process's environment reached the warm init's command:\n%s", out)
		}
		interfaces := strings.Count(out[strings.Index(out, "Inter-|"):], ":")
		if network && strings.Count(string(hostNet), ":") > 1 && interfaces < 2 {
			t.Fatalf("with network, the command saw only a loopback of its own:\n%s", out)
		}
		if !network && interfaces != 1 {
			t.Fatalf("without network, want only the sandbox's own lo:\n%s", out)
		}
	}
}
