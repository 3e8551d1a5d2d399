package sandboxinit

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
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
// not the executable itself, and it builds the sandbox; none is found
// beside an executable that has none.
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
	if got := BinaryInUse(); got != bin {
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

	binary.mu.Lock()
	binary.path = ""
	binary.mu.Unlock()
	findBinary()
	if got := BinaryInUse(); got != "" {
		t.Errorf("found %q beside the test binary, which has none", got)
	}
}

// TestStaleInitBinaryRefuses: an init binary built from other source
// answers StaleLine and nothing else, takes what it is sent, and exits
// once the runner lets go; BinaryStale then switches Start to the
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
	if !BinaryStale() || BinaryStale() {
		t.Error("BinaryStale reports the switch, once")
	}
	if got := BinaryInUse(); got != "" {
		t.Errorf("after BinaryStale, Start runs %q, want the executable itself", got)
	}
}
