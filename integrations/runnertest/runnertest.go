// Package runnertest is the escape suite every verify.Runner must pass (issue
// 13: untrusted pull-request code must never hand over the server). Escape
// runs a small static attacker program (./attacker) through the runner as
// a pull request's command would run, once per attack, and asserts that
// each attack failed or was contained. It is a test-support package, like
// integrations/redistest: import it from a runner's tests.
//
//	func TestEscape(t *testing.T) {
//		runnertest.Escape(t, runnertest.Target{Runner: r, Workdir: t.TempDir()})
//	}
//
// The attacks, what each proves when it is contained, and what the suite
// checks besides the attacker's own verdict line:
//
//	environ      no other process's /proc/<pid>/environ (the server's
//	             secrets) is readable, and the runner's environment is not
//	             passed on: a process started by the test with a marker
//	             in its environment (and the marker in the test process's
//	             own environment, t.Setenv) stays invisible.
//	read         a file the test planted outside the workspace (t.TempDir)
//	             cannot be read; its content is not in the output.
//	docker-sock  the Docker engine's socket (host root) does not answer.
//	connect      a TCP listener the test opens on 127.0.0.1 (where Redis
//	             and the server listen) cannot be reached; the listener
//	             must see no connection at all.
//	write        a file outside the workspace cannot be created; the path
//	             must not exist on the host afterwards.
//	secret       the attacker prints a secret it found in the workspace in
//	             the forms of SecretForms. The runner does not mask (that
//	             is the publishing side's job), so this asserts the forms are
//	             in the raw output: a fixture for end-to-end masking tests.
//	procs        5,000 processes cannot be started;
//	bigfile      a 2 GiB file cannot be written in the workspace;
//	alloc        8 GiB of memory cannot be allocated and touched (run last:
//	             an uncontained runner must fail the test, not the machine;
//	             the attacker grows in 256 MiB steps so a limit stops it
//	             near the limit). For these three, contained means a
//	             CONTAINED line, a non-zero exit, a kill or a timeout, within
//	             AttackTimeout plus a margin.
//
// No attack may print a line starting with "ESCAPED:".
package runnertest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/engineo/autoverify/bot/verify"
)

// Attack names, in the order Escape runs them (alloc last).
const (
	AttackEnviron    = "environ"
	AttackRead       = "read"
	AttackDockerSock = "docker-sock"
	AttackConnect    = "connect"
	AttackWrite      = "write"
	AttackSecret     = "secret"
	AttackProcs      = "procs"
	AttackBigFile    = "bigfile"
	AttackAlloc      = "alloc"
)

// Attacks lists every attack in the order Escape runs them.
var Attacks = []string{AttackEnviron, AttackRead, AttackDockerSock, AttackConnect, AttackWrite,
	AttackSecret, AttackProcs, AttackBigFile, AttackAlloc}

// The sizes of the resource attacks (issue 13's "Done means").
const (
	Procs      = 5000
	FileBytes  = 2 << 30
	AllocBytes = 8 << 30
)

// AttackerName is the attacker's file name in the work directory; commands
// run it as "./" + AttackerName.
const AttackerName = "autoverify-attacker"

// MarkerEnv is the variable Escape sets (t.Setenv) to the environ attack's
// marker, in the test process and in a sleeping process it starts.
const MarkerEnv = "AUTOVERIFY_ESCAPE_MARKER"

// SecretFile is the workspace file the secret attack reads its value from.
const SecretFile = "attacker-secret.txt"

// AttackTimeout is each attack's verify.Command.Timeout: far above what a
// contained attack takes (seconds), so a runner that only stops the resource
// attacks by its timeout still passes, but bounded, so one that stops
// nothing fails instead of hanging.
const AttackTimeout = 2 * time.Minute

// Target is a runner under test.
type Target struct {
	// Runner runs the attacks.
	Runner verify.Runner
	// Workdir is the directory given as every command's verify.Command.Dir:
	// the attacker and the secret file are put there first (a runner that
	// copies the work directory, like the Docker runner, copies them in).
	Workdir string
	// Skip maps an attack's name to why this runner is not asked to
	// contain it; the subtest is skipped with that reason.
	Skip map[string]string
}

// SecretForms are the forms the secret attack prints a secret in, and
// masking must catch: plain, base64 (standard), hex and URL-encoded.
func SecretForms(secret string) []string {
	return []string{
		secret,
		base64.StdEncoding.EncodeToString([]byte(secret)),
		hex.EncodeToString([]byte(secret)),
		url.QueryEscape(secret),
	}
}

// NewSecret is a secret whose four SecretForms all differ (it has
// characters URL encoding changes) and that nothing else prints.
func NewSecret() string {
	return "s3cr/t+" + rand.Text()[:12] + "@x"
}

// Escape runs every attack through tgt.Runner, each as its own command in
// its own subtest named after the attack, and asserts it was contained (see
// the package doc). It uses t.Setenv, so t must not be parallel.
func Escape(t *testing.T, tgt Target) {
	t.Helper()
	bin := BuildAttacker(t)
	copyFile(t, bin, filepath.Join(tgt.Workdir, AttackerName))
	secretValue := NewSecret()
	if err := os.WriteFile(filepath.Join(tgt.Workdir, SecretFile), []byte(secretValue+"\n"), 0o644); err != nil {
		t.Fatalf("writing the secret file: %v", err)
	}

	// Outside the workspace: a planted file and a write target, in a
	// directory that exists on the host.
	outside := t.TempDir()
	planted := filepath.Join(outside, "planted.txt")
	plantedText := "planted-" + rand.Text()
	if err := os.WriteFile(planted, []byte(plantedText+"\n"), 0o644); err != nil {
		t.Fatalf("planting %s: %v", planted, err)
	}
	writeTarget := filepath.Join(outside, "written-by-attacker.txt")

	marker := "marker-" + rand.Text()
	t.Setenv(MarkerEnv, marker)
	victim(t, bin, marker)

	ln := listen(t)

	for _, attack := range Attacks {
		t.Run(attack, func(t *testing.T) {
			if why, ok := tgt.Skip[attack]; ok {
				t.Skipf("SKIPPING %s: %s", attack, why)
			}
			var argv []string
			switch attack {
			case AttackEnviron:
				argv = []string{marker}
			case AttackRead:
				argv = []string{planted}
			case AttackConnect:
				argv = []string{ln.addr}
			case AttackWrite:
				argv = []string{writeTarget}
			case AttackSecret:
				argv = []string{SecretFile}
			case AttackProcs:
				argv = []string{strconv.Itoa(Procs)}
			case AttackBigFile:
				argv = []string{"attacker-bigfile.bin", strconv.FormatInt(FileBytes, 10)}
			case AttackAlloc:
				argv = []string{strconv.FormatInt(AllocBytes, 10)}
			}
			res := attackOnce(t, tgt, attack, argv...)
			out := string(res.Output)
			for _, line := range EscapedLines(res.Output) {
				t.Errorf("%s escaped: %s", attack, line)
			}
			switch attack {
			case AttackSecret:
				if res.ExitCode != 0 {
					t.Fatalf("secret: exit %d, output %q", res.ExitCode, out)
				}
				for _, form := range SecretForms(secretValue) {
					if !strings.Contains(out, form) {
						t.Errorf("secret: output %q lacks the form %q (the attacker did not run as expected)", out, form)
					}
				}
			case AttackProcs, AttackBigFile, AttackAlloc:
				if res.ExitCode == 126 || res.ExitCode == 127 {
					t.Errorf("%s: exit %d: the attacker did not start, so nothing was tested: output %q", attack, res.ExitCode, out)
				}
				if res.ExitCode == 0 && !res.TimedOut && !strings.Contains(out, "CONTAINED:") {
					t.Errorf("%s: exit 0 without a CONTAINED line: output %q", attack, out)
				}
				if bound := AttackTimeout + 30*time.Second; res.Duration > bound {
					t.Errorf("%s: took %v, more than %v", attack, res.Duration, bound)
				}
			default:
				if res.ExitCode != 0 || !strings.Contains(out, "CONTAINED:") {
					t.Errorf("%s: exit %d, output %q: want exit 0 and a CONTAINED line (did the attacker run?)", attack, res.ExitCode, out)
				}
			}
			switch attack {
			case AttackRead:
				if strings.Contains(out, plantedText) {
					t.Errorf("read: the planted file's content is in the output %q", out)
				}
			case AttackWrite:
				if _, err := os.Stat(writeTarget); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("write: %s exists on the host after the run (stat: %v)", writeTarget, err)
				}
			case AttackConnect:
				if n := ln.conns.Load(); n != 0 {
					t.Errorf("connect: the listener on %s saw %d connection(s)", ln.addr, n)
				}
			}
			t.Logf("%s: exit %d, timed out %v, %v: %s", attack, res.ExitCode, res.TimedOut,
				res.Duration.Round(time.Millisecond), strings.TrimSpace(out))
		})
	}
	if n := ln.conns.Load(); n != 0 {
		t.Errorf("the listener on %s saw %d connection(s) during the suite", ln.addr, n)
	}
}

// attackOnce runs the attacker once through the target's runner.
func attackOnce(t *testing.T, tgt Target, attack string, args ...string) verify.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), AttackTimeout+time.Minute)
	defer cancel()
	res, err := tgt.Runner.Run(ctx, verify.Command{
		ItemID:  "escape-" + attack,
		Argv:    append([]string{"./" + AttackerName, attack}, args...),
		Dir:     tgt.Workdir,
		Timeout: AttackTimeout,
	})
	if err != nil {
		t.Fatalf("%s: the runner failed: %v (output %q)", attack, err, res.Output)
	}
	return res
}

// victim starts a process standing for the server: the marker is in its
// environment, as the webhook secret is in the server's. The test
// process's own /proc/self/environ would not do: t.Setenv changes the Go
// copy of the environment, not the block the kernel shows.
func victim(t *testing.T, bin, marker string) {
	t.Helper()
	cmd := exec.Command(bin, "sleep", "3600")
	cmd.Env = append(os.Environ(), MarkerEnv+"="+marker)
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting the victim process: %v", err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
}

type listener struct {
	addr  string
	conns atomic.Int64
}

// listen opens a TCP listener on 127.0.0.1 that counts connections and
// writes each a banner line.
func listen(t *testing.T) *listener {
	t.Helper()
	nl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listening on 127.0.0.1: %v", err)
	}
	l := &listener{addr: nl.Addr().String()}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := nl.Accept()
			if err != nil {
				return
			}
			l.conns.Add(1)
			_, _ = io.WriteString(c, "autoverify-escape-banner\n")
			_ = c.Close()
		}
	}()
	t.Cleanup(func() {
		_ = nl.Close()
		<-done
	})
	return l
}

var (
	buildOnce sync.Once
	buildPath string
	buildErr  error
)

// BuildAttacker builds the attacker (CGO_ENABLED=0: static, so it runs in
// a FROM-scratch image) once per test binary and returns its path. The
// binary is kept under the system's temporary directory, keyed by a hash
// of its source and the Go version, so later test binaries reuse it.
func BuildAttacker(tb testing.TB) string {
	tb.Helper()
	buildOnce.Do(func() { buildPath, buildErr = build() })
	if buildErr != nil {
		tb.Fatalf("building the attacker: %v", buildErr)
	}
	return buildPath
}

func build() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "", errors.New("cannot locate the runnertest package's source")
	}
	src := filepath.Join(filepath.Dir(file), "attacker")
	code, err := os.ReadFile(filepath.Join(src, "main.go"))
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(append(code, runtime.Version()+runtime.GOARCH...))
	dir := filepath.Join(os.TempDir(), "autoverify-attacker-"+hex.EncodeToString(sum[:8]))
	bin := filepath.Join(dir, AttackerName)
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	// Built under a temporary name and renamed: two test binaries may build
	// at once.
	tmp := fmt.Sprintf("%s.%d", bin, os.Getpid())
	cmd := exec.Command(goTool(), "build", "-trimpath", "-o", tmp, ".")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build in %s: %v\n%s", src, err, out)
	}
	if err := os.Rename(tmp, bin); err != nil {
		return "", err
	}
	return bin, nil
}

func goTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(runtime.GOROOT(), "bin", "go")
}

// copyFile copies the attacker into the work directory, executable.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatalf("copying the attacker: %v", err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		t.Fatalf("copying the attacker: %v", err)
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		t.Fatalf("copying the attacker to %s: %v", to, err)
	}
	if err := out.Close(); err != nil {
		t.Fatalf("copying the attacker to %s: %v", to, err)
	}
}

// EscapedLines are the "ESCAPED:" lines of an attacker's output: none
// means no attack reported success.
func EscapedLines(out []byte) []string {
	var ls []string
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(line, "ESCAPED:") {
			ls = append(ls, line)
		}
	}
	return ls
}
