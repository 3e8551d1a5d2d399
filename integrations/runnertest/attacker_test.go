package runnertest

import (
	"crypto/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// attack runs the attacker on the host, with no sandbox, in dir.
func attack(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command(BuildAttacker(t), args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("attacker %q: %v: %s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// TestAttackerEscapesWithoutSandbox: run bare on the host, every attack
// reports ESCAPED — the suite's "no ESCAPED line" means something. The
// resource attacks use small sizes here.
func TestAttackerEscapesWithoutSandbox(t *testing.T) {
	dir := t.TempDir()
	marker := "marker-" + rand.Text()
	victim(t, BuildAttacker(t), marker)
	ln := listen(t)
	planted := filepath.Join(t.TempDir(), "planted")
	if err := os.WriteFile(planted, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	written := filepath.Join(t.TempDir(), "written")
	cases := [][]string{
		{"environ", marker},
		{"read", planted},
		{"connect", ln.addr},
		{"write", written},
		{"procs", "50"},
		{"bigfile", "big.bin", "10000000"},
		{"alloc", "300000000"},
	}
	if _, err := os.Stat("/var/run/docker.sock"); err == nil {
		cases = append(cases, []string{"docker-sock"})
	}
	for _, args := range cases {
		t.Run(args[0], func(t *testing.T) {
			if out := attack(t, dir, args...); !strings.HasPrefix(out, "ESCAPED: ") || strings.Count(out, "\n") != 0 {
				t.Errorf("%q: %q, want one ESCAPED line", args, out)
			}
		})
	}
	if _, err := os.Stat(written); err != nil {
		t.Errorf("write: %v", err)
	}
	if ln.conns.Load() != 1 {
		t.Errorf("listener saw %d connections, want 1", ln.conns.Load())
	}
	if _, err := os.Stat(filepath.Join(dir, "big.bin")); err == nil {
		t.Error("bigfile left its file behind")
	}
}

// TestAttackerContained: the verdict is CONTAINED when the attack fails,
// here through plain Unix limits and missing paths.
func TestAttackerContained(t *testing.T) {
	dir := t.TempDir()
	bin := BuildAttacker(t)
	for name, tc := range map[string]struct {
		argv []string
		want string
	}{
		"environ": {[]string{bin, "environ", "marker-nobody-has-" + rand.Text()}, "none holds the marker"},
		"read":    {[]string{bin, "read", "/nonexistent/planted"}, "no such file"},
		"connect": {[]string{bin, "connect", "127.0.0.1:1"}, "connection refused"},
		"write":   {[]string{bin, "write", "/nonexistent/dir/file"}, "no such file"},
		// ulimit -f counts 1024-byte blocks: 1 MiB here.
		"bigfile": {[]string{"sh", "-c", "ulimit -f 1024 && exec \"$0\" bigfile big.bin 10000000", bin}, "file too large"},
		"alloc":   {[]string{"sh", "-c", "ulimit -v 1048576 && exec \"$0\" alloc 4000000000", bin}, "cannot allocate memory"},
	} {
		t.Run(name, func(t *testing.T) {
			cmd := exec.Command(tc.argv[0], tc.argv[1:]...)
			cmd.Dir = dir
			b, err := cmd.CombinedOutput()
			out := strings.TrimSpace(string(b))
			if err != nil || !strings.HasPrefix(out, "CONTAINED: ") || !strings.Contains(out, tc.want) {
				t.Errorf("%v: %q, want a CONTAINED line naming %q", err, out, tc.want)
			}
		})
	}
}

// TestAttackerSecretForms: the secret attack prints exactly SecretForms.
func TestAttackerSecretForms(t *testing.T) {
	dir := t.TempDir()
	secret := NewSecret()
	if err := os.WriteFile(filepath.Join(dir, SecretFile), []byte(secret+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(attack(t, dir, "secret", SecretFile), "\n")
	want := SecretForms(secret)
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("secret printed %q, want %q", got, want)
	}
	seen := map[string]bool{}
	for _, f := range want {
		seen[f] = true
	}
	if len(seen) != 4 {
		t.Errorf("SecretForms(%q) = %q: forms repeat, so a test could not tell them apart", secret, want)
	}
}
