package sandboxinit

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// buildInitBinary builds cmd/autoverify-sandbox-init into dir, with
// ldflags (-X to make one "from other source").
func buildInitBinary(t *testing.T, dir string, ldflags string) string {
	t.Helper()
	out := filepath.Join(dir, BinaryName)
	args := []string{"build", "-o", out}
	if ldflags != "" {
		args = append(args, "-ldflags", ldflags)
	}
	cmd := exec.Command("go", append(args, "github.com/engineo/autoverify/cmd/autoverify-sandbox-init")...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	return out
}

func needNamespaces(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs the namespaces a root test process can make")
	}
}

// TestStartRunsTheInitBinary: with an init binary in use, Start execs it,
// not the executable itself, and it builds the sandbox.
func TestStartRunsTheInitBinary(t *testing.T) {
	needNamespaces(t)
	bin := buildInitBinary(t, t.TempDir(), "")
	UseBinary(bin)
	defer UseBinary("")
	p, err := Start()
	if err != nil {
		t.Fatal(err)
	}
	defer p.Kill()
	exe, err := os.Readlink("/proc/" + strconv.Itoa(p.Process.Pid) + "/exe")
	if err != nil {
		t.Fatal(err)
	}
	if exe != bin {
		t.Errorf("the init runs %s, want %s", exe, bin)
	}
	if got, _ := BinaryInUse(); got != bin {
		t.Errorf("BinaryInUse = %q, want %q", got, bin)
	}
	root := t.TempDir()
	if _, err := p.SpecW.Write(Spec{Root: root, Path: "/usr/bin:/bin"}.Encode()); err != nil {
		t.Fatal(err)
	}
	line := make([]byte, len(ReadyLine))
	_ = p.Report.SetReadDeadline(time.Now().Add(20 * time.Second))
	if _, err := io.ReadFull(p.Report, line); err != nil || string(line) != ReadyLine {
		rest, _ := io.ReadAll(p.Report)
		t.Fatalf("the init binary answered %q%q, %v; want the ready line", line, rest, err)
	}

}

// TestNoInitBinaryUnlessNamed: a program named like the init binary beside
// the executable (where a work tree a pull request wrote may put one) is
// never run; only BinaryEnv names the init binary.
func TestNoInitBinaryUnlessNamed(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	planted := filepath.Join(filepath.Dir(self), BinaryName)
	if err := os.WriteFile(planted, []byte("#!/bin/sh\necho escaped\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(planted)
	t.Setenv(BinaryEnv, "")
	UseBinary("")
	binary.mu.Lock()
	binary.path = ""
	binary.mu.Unlock()
	findBinary()
	if got, _ := BinaryInUse(); got != "" {
		t.Errorf("Start would run %q, found beside the executable", got)
	}
	t.Setenv(BinaryEnv, planted)
	findBinary()
	if got, _ := BinaryInUse(); got != planted {
		t.Errorf("BinaryEnv naming a trusted program: in use %q, want %q", got, planted)
	}
	UseBinary("")
}

// TestTrustedBinary: the init binary is taken only where nobody but its
// owner (root or this user) can change it or its directory.
func TestTrustedBinary(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("changes owners")
	}
	dir := t.TempDir()
	write := func(name string, mode os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("x"), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good", 0o755)
	if err := trustedBinary(good); err != nil {
		t.Errorf("a root-owned 0755 program in a 0700 directory: %v", err)
	}
	other := write("other", 0o755)
	if err := os.Chown(other, 12345, 12345); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(good, link); err != nil {
		t.Fatal(err)
	}
	open := filepath.Join(t.TempDir(), "open")
	if err := os.Chmod(filepath.Dir(open), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(open, []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	ancestor := filepath.Join(t.TempDir(), "open", "bin")
	if err := os.MkdirAll(ancestor, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Dir(ancestor), 0o777); err != nil {
		t.Fatal(err)
	}
	underOpen := filepath.Join(ancestor, "init")
	if err := os.WriteFile(underOpen, []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	linkedDir := filepath.Join(t.TempDir(), "linked")
	if err := os.Symlink(dir, linkedDir); err != nil {
		t.Fatal(err)
	}
	for name, p := range map[string]string{
		"not clean":                  dir + "/../" + filepath.Base(dir) + "/good",
		"below a world-writable dir": underOpen,
		"through a linked dir":       filepath.Join(linkedDir, "good"),
		"relative":                   "autoverify-sandbox-init",
		"missing":                    filepath.Join(dir, "missing"),
		"group-writable":             write("gw", 0o775),
		"world-writable":             write("ww", 0o757),
		"not executable":             write("nx", 0o644),
		"another user's":             other,
		"a link":                     link,
		"a directory":                dir,
		"in a world-writable dir":    open,
	} {
		if err := trustedBinary(p); err == nil {
			t.Errorf("%s (%s) was trusted", name, p)
		}
	}

	// In a git work tree: refused whatever its modes.
	tree := t.TempDir()
	if err := os.Mkdir(filepath.Join(tree, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	inTree := filepath.Join(tree, "bin", BinaryName)
	if err := os.MkdirAll(filepath.Dir(inTree), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(inTree, []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(BinaryEnv, inTree)
	UseBinary("")
	binary.mu.Lock()
	binary.path = ""
	binary.mu.Unlock()
	findBinary()
	if got, refused := BinaryInUse(); got != "" || !strings.Contains(refused, "git work tree "+tree) {
		t.Errorf("an init program in a work tree: in use %q, refused %q", got, refused)
	}
	UseBinary("")
	sticky := filepath.Join(t.TempDir(), "sticky")
	if err := os.Chmod(filepath.Dir(sticky), 0o777|os.ModeSticky); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(sticky, []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := trustedBinary(sticky); err != nil {
		t.Errorf("a program of its own in a root-owned sticky directory (/tmp): %v", err)
	}
}

// TestStaleInitBinaryRefuses: an init binary built from other source
// answers StaleLine and nothing else, takes what it is sent, and exits
// once the runner lets go; BinaryFailed then switches Start to the
// executable itself, once.
func TestStaleInitBinaryRefuses(t *testing.T) {
	needNamespaces(t)
	bin := buildInitBinary(t, t.TempDir(), "-X github.com/engineo/autoverify/integrations/local/sandboxinit.builtSourceID=other")
	UseBinary(bin)
	defer UseBinary("")
	p, err := Start()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.SpecW.Write(Spec{Root: t.TempDir()}.Encode()); err != nil {
		t.Fatalf("writing to a stale init: %v (it must take what it is sent)", err)
	}
	p.SpecW.Close()
	_ = p.Report.SetReadDeadline(time.Now().Add(20 * time.Second))
	got, err := io.ReadAll(p.Report)
	if err != nil || string(got) != StaleLine {
		t.Fatalf("a stale init answered %q, %v; want only %q", got, err, StaleLine)
	}
	st, err := p.Process.Wait()
	if err != nil || st.ExitCode() != 125 {
		t.Errorf("a stale init ended with %v, %v; want exit 125", st, err)
	}
	p.Out.Close()
	if !BinaryFailed("stale") || BinaryFailed("again") {
		t.Error("BinaryFailed reports the switch, once")
	}
	if got, _ := BinaryInUse(); got != "" {
		t.Errorf("after BinaryFailed, Start runs %q, want the executable itself", got)
	}
	if p, why, ok := TakeBinaryFailure(); !ok || p != bin || why != "stale" {
		t.Errorf("TakeBinaryFailure = %q %q %v", p, why, ok)
	}
	if _, _, ok := TakeBinaryFailure(); ok {
		t.Error("TakeBinaryFailure returned the failure twice")
	}
}
