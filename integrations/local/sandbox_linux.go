package local

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/engineo/autoverify/bot"
)

// selfExe is how the runner starts its own executable as the sandbox's
// init: the path stays valid even if the file on disk is replaced by an
// upgrade while the service runs.
const selfExe = "/proc/self/exe"

// setupTimeout bounds how long the init may take to build the sandbox
// before the runner gives up on it.
const setupTimeout = 30 * time.Second

// sandboxRoot is the empty host directory each sandbox mounts its private
// root on (in its own mount namespace, so concurrent commands share it).
var sandboxRoot = sync.OnceValues(func() (string, error) {
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("autoverify-sandbox-%d", os.Geteuid()))
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
		return "", fmt.Errorf("local: creating the sandbox mount point: %w", err)
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return "", fmt.Errorf("local: sandbox mount point: %w", err)
	}
	st, _ := fi.Sys().(*syscall.Stat_t)
	if !fi.IsDir() || st == nil || int(st.Uid) != os.Geteuid() {
		return "", fmt.Errorf("local: sandbox mount point %s is not a directory owned by this user; remove it", dir)
	}
	return dir, nil
})

// sandboxAttr returns the namespaces of a sandboxed command. Without root,
// a user namespace maps the service's user to root inside it, which is
// what lets the init build mounts; the command itself runs with no
// capabilities (see confine). As root, no user namespace is made so that
// /proc can be mounted even where a container runtime has masked parts of
// the host's; the init drops root's capabilities before the exec instead.
func sandboxAttr(network bool) *syscall.SysProcAttr {
	attr := &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL,
		Cloneflags: syscall.CLONE_NEWPID | syscall.CLONE_NEWNS | syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS}
	if !network {
		attr.Cloneflags |= syscall.CLONE_NEWNET
	}
	if os.Geteuid() != 0 {
		attr.Cloneflags |= syscall.CLONE_NEWUSER
		attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Geteuid(), Size: 1}}
		attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getegid(), Size: 1}}
		attr.GidMappingsEnableSetgroups = false
	}
	return attr
}

// sandboxSpecFor is the spec of one command.
func (r *Runner) sandboxSpecFor(argv []string, dir string, probe bool) (sandboxSpec, error) {
	root, err := sandboxRoot()
	if err != nil {
		return sandboxSpec{}, err
	}
	if dir == root || strings.HasPrefix(dir, root+"/") {
		return sandboxSpec{}, fmt.Errorf("local: work directory %s is inside the sandbox mount point", dir)
	}
	sb := r.sandbox
	return sandboxSpec{Argv: argv, Dir: dir, Root: root, Path: r.path,
		ReadOnly: append(append([]string{}, sb.ReadOnly...), sb.ExtraReadOnly...), Caches: sb.Caches, Hide: sb.Hide,
		Network: sb.Network, Processes: sb.Processes, Memory: sb.MemoryBytes, FileSize: sb.FileSizeBytes,
		TmpSize: sb.TmpBytes, CPUTime: int64(sb.CPUTime / time.Second), Probe: probe}, nil
}

// startSandboxed starts argv in a new sandbox with its output on out and
// waits until the init has exec'd it. A program that cannot be found or run
// inside the sandbox gives a Result (as a shell would), a sandbox that
// cannot be built an error.
func (r *Runner) startSandboxed(argv []string, dir string, out *os.File, probe bool) (*exec.Cmd, *initReport, error) {
	spec, err := r.sandboxSpecFor(argv, dir, probe)
	if err != nil {
		return nil, nil, err
	}
	payload, err := json.Marshal(spec)
	if err != nil {
		return nil, nil, fmt.Errorf("local: encoding the sandbox spec: %w", err)
	}
	specR, specW, err := os.Pipe()
	if err != nil {
		return nil, nil, fmt.Errorf("local: sandbox spec pipe: %w", err)
	}
	repR, repW, err := os.Pipe()
	if err != nil {
		specR.Close()
		specW.Close()
		return nil, nil, fmt.Errorf("local: sandbox report pipe: %w", err)
	}
	defer repR.Close()
	c := &exec.Cmd{Path: selfExe, Args: []string{initArg0}, Env: r.env, Dir: dir,
		ExtraFiles: []*os.File{specR, repW}, SysProcAttr: sandboxAttr(spec.Network)}
	if out != nil {
		c.Stdout, c.Stderr = out, out
	}
	err = c.Start()
	specR.Close()
	repW.Close()
	if err != nil {
		specW.Close()
		return nil, nil, fmt.Errorf("local: starting the sandbox: %w", err)
	}
	// A large argv may not fit the pipe's buffer, so the spec is written
	// while the init reads it.
	go func() {
		_, _ = specW.Write(payload)
		specW.Close()
	}()
	_ = repR.SetReadDeadline(time.Now().Add(setupTimeout))
	raw, rerr := io.ReadAll(repR)
	if len(raw) == 0 && rerr == nil {
		return c, nil, nil // exec'd: the report pipe closed on exec
	}
	var rep initReport
	if err := json.Unmarshal(raw, &rep); err != nil || rerr != nil {
		_ = c.Process.Kill()
		_ = c.Wait()
		return nil, nil, fmt.Errorf("local: sandbox init gave no usable report (%q, %v)", raw, rerr)
	}
	_ = c.Wait()
	if rep.Setup != "" {
		return nil, nil, fmt.Errorf("local: building the sandbox: %s", rep.Setup)
	}
	return nil, &rep, nil
}

// CheckIsolation builds a sandbox once, without running anything in it,
// and says whether commands are isolated from the service: `serve` refuses
// to start otherwise, and /readyz reports it.
func (r *Runner) CheckIsolation(ctx context.Context) error {
	if r.mode != IsolationSandbox {
		return fmt.Errorf("the local runner cannot build its sandbox here (it runs commands with %s isolation only%s): allow user namespaces (sysctl user.max_user_namespaces, kernel.apparmor_restrict_unprivileged_userns=0) or run autoverify as root in its container",
			r.mode, reasonSuffix(r.degraded))
	}
	rep, err := r.probe(ctx)
	if err != nil {
		return fmt.Errorf("the local runner's sandbox cannot be built: %w", err)
	}
	if rep.Processes == "none" {
		return errors.New("the local runner's sandbox cannot bound the number of processes (running as root on a kernel older than 6.14); run autoverify as a non-root user")
	}
	return nil
}

func reasonSuffix(reason string) string {
	if reason == "" {
		return ""
	}
	return ": " + reason
}

// probe builds a sandbox in a throwaway directory and reports how it
// bounds processes.
func (r *Runner) probe(ctx context.Context) (initReport, error) {
	dir, err := os.MkdirTemp("", "autoverify-probe-")
	if err != nil {
		return initReport{}, err
	}
	defer os.RemoveAll(dir)
	type answer struct {
		rep *initReport
		err error
	}
	done := make(chan answer, 1)
	go func() {
		c, rep, err := r.startSandboxed([]string{"true"}, dir, nil, true)
		if c != nil { // cannot happen: a probe never execs
			_ = c.Process.Kill()
			_ = c.Wait()
		}
		done <- answer{rep, err}
	}()
	select {
	case a := <-done:
		if a.err != nil {
			return initReport{}, a.err
		}
		if a.rep == nil {
			return initReport{}, errors.New("sandbox probe ran a command")
		}
		return *a.rep, nil
	case <-ctx.Done():
		return initReport{}, ctx.Err()
	}
}

// runSandboxStart adapts startSandboxed to Run: it returns the started
// command, or the Result of a program that could not be started.
func (r *Runner) runSandboxStart(cmd bot.Command, dir string, pw *os.File, start time.Time) (*exec.Cmd, *bot.Result, error) {
	c, rep, err := r.startSandboxed(cmd.Argv, dir, pw, false)
	if err != nil {
		return nil, nil, err
	}
	if rep != nil {
		res := failResult(&startFailure{code: rep.Code, msg: rep.Msg}, start)
		return nil, &res, nil
	}
	return c, nil, nil
}
