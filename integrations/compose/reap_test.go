package compose

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/docker"
)

// helperEnv makes the test binary a process that brings a stack up and
// hangs until killed, for TestReapAfterKilledProcess.
const helperEnv = "AUTOVERIFY_COMPOSE_TEST_HELPER"

func TestMain(m *testing.M) {
	if spec := os.Getenv(helperEnv); spec != "" {
		os.Exit(helperUpThenHang(spec))
	}
	os.Exit(m.Run())
}

func helperUpThenHang(spec string) int {
	file, label, _ := strings.Cut(spec, "|")
	r, err := New(Config{File: file, Service: "app", Label: label})
	if err != nil {
		fmt.Println("error:", err)
		return 1
	}
	res, err := r.Run(context.Background(), verify.Command{Argv: []string{"true"}, Dir: filepath.Dir(file)})
	if err != nil || res.ExitCode != 0 {
		fmt.Println("error:", err, res.ExitCode)
		return 1
	}
	fmt.Println("ready")
	select {} // until SIGKILL: Close never runs
}

// TestReapAfterKilledProcess: a process killed with its stack up leaves
// containers and a network behind; the next runner of the same label
// removes them, and leaves a live process's stack alone.
func TestReapAfterKilledProcess(t *testing.T) {
	long(t)
	needEngine(t)
	label := "autoverify-compose-reap-" + newID()
	dir := t.TempDir()
	file := filepath.Join(dir, "compose.yml")
	if err := os.WriteFile(file, []byte(stackYAML("0s", "service_healthy")), 0o644); err != nil {
		t.Fatal(err)
	}
	live, err := New(Config{File: file, Service: "app", Label: label})
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	run(t, live, dir, "true")

	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+file+"|"+label)
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(out).ReadString('\n')
	if strings.TrimSpace(line) != "ready" {
		cmd.Process.Kill()
		t.Fatalf("helper: %q", line)
	}
	_ = cmd.Process.Signal(syscall.SIGKILL)
	_ = cmd.Wait()
	owner := docker.LabelOwner + "=" + label
	// The helper's stack (2 containers, 1 network) and the live one's.
	if n := len(leftovers(t, live.cli, owner)); n < 6 {
		t.Fatalf("before reaping: %d resources, want the helper's and the live stack's", n)
	}

	r, err := New(Config{File: file, Service: "app", Label: label})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) && len(leftovers(t, live.cli, owner)) > 4 {
		time.Sleep(100 * time.Millisecond) // volumes of removed containers go a moment later
	}
	left := leftovers(t, live.cli, owner)
	mine := leftovers(t, live.cli, docker.LabelInstance+"="+live.instance)
	if len(left) != len(mine) {
		t.Errorf("after reaping: %v left, want only the live stack's %v", left, mine)
	}
	if res := run(t, live, dir, kv("PING")...); res.ExitCode != 0 {
		t.Errorf("the live stack was touched: exit %d %q", res.ExitCode, res.Output)
	}
	live.Close()
	assertNothingLeft(t, r.cli, owner)
}
