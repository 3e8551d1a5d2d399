package local

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// A sandbox's memory limit is, where the host allows it, a memory cgroup
// of its own rather than RLIMIT_DATA. The rlimit counts what each process
// reserves, not what it uses: an AddressSanitizer build (go test -asan,
// -fsanitize=address) reserves about 15 TiB of shadow memory it never
// touches and stopped at start-up under the default 4 GiB, so its tests
// never ran in the sandbox; and being per process, it let a command's
// processes together take the limit times their number. The cgroup counts
// the pages the command's processes use together, their private /tmp and
// home included, as Docker's --memory does, and refuses swap beyond it;
// past it the kernel kills the largest of them, which the result then
// says (memoryNote).
//
// Where: cgroup v1's memory hierarchy, when this process's cgroup there is
// writable (as root). Elsewhere, and where making one fails, each process
// keeps its RLIMIT_DATA. Under cgroup v2 the memory controller would have
// to be delegated to the run's pids budget and the sandboxes placed in
// children of it; not done: no machine here has v2's memory controller to
// test it on.

// memoryCgroup is one sandbox's memory cgroup.
type memoryCgroup struct {
	dir   string
	bytes int64
}

// memoryCgroupParent is the v1 memory cgroup directory under which this
// process can make memory cgroups, or "" where it cannot.
var memoryCgroupParent = sync.OnceValue(func() string {
	own, mounts, err := ownCgroups()
	if err != nil {
		return ""
	}
	m, ok := mounts["memory"]
	if !ok {
		return ""
	}
	for _, parts := range own {
		if !hasController(parts[1], "memory") {
			continue
		}
		rel, err := filepath.Rel(m.root, parts[2])
		if err != nil || strings.HasPrefix(rel, "..") {
			return ""
		}
		dir := filepath.Join(m.point, rel)
		if syscall.Access(dir, 2 /* W_OK */) != nil {
			return ""
		}
		sweepCgroups(dir)
		return dir
	}
	return ""
})

// newMemoryCgroup makes a memory cgroup under parent limited to bytes,
// swap included where the kernel accounts it.
func newMemoryCgroup(parent string, bytes int64) (*memoryCgroup, error) {
	dir := filepath.Join(parent, fmt.Sprintf("autoverify-%d-%d", os.Getpid(), cgroupSeq.Add(1)))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, fmt.Errorf("local: memory cgroup: %w", err)
	}
	m := &memoryCgroup{dir: dir, bytes: bytes}
	limit := []byte(strconv.FormatInt(bytes, 10))
	// memsw (memory and swap) may not be below the memory limit, so the
	// memory limit is set first. Without swap accounting (swapaccount=0)
	// there is no memsw file, and no swap to bound either way on a host
	// without swap.
	if err := os.WriteFile(filepath.Join(dir, "memory.limit_in_bytes"), limit, 0); err != nil {
		m.close()
		return nil, fmt.Errorf("local: memory cgroup: setting its limit: %w", err)
	}
	err := os.WriteFile(filepath.Join(dir, "memory.memsw.limit_in_bytes"), limit, 0)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		m.close()
		return nil, fmt.Errorf("local: memory cgroup: setting its swap limit: %w", err)
	}
	return m, nil
}

// place moves process pid into the cgroup, before it starts the command.
func (m *memoryCgroup) place(pid int) error {
	if m == nil {
		return nil
	}
	if err := os.WriteFile(filepath.Join(m.dir, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0); err != nil {
		return fmt.Errorf("local: memory cgroup: joining %s: %w", m.dir, err)
	}
	return nil
}

// oomKills is how many processes the kernel killed in the cgroup for its
// limit (memory.oom_control's oom_kill, Linux 4.13 and later).
func (m *memoryCgroup) oomKills() int {
	if m == nil {
		return 0
	}
	raw, err := os.ReadFile(filepath.Join(m.dir, "memory.oom_control"))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if v, ok := strings.CutPrefix(line, "oom_kill "); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(v))
			return n
		}
	}
	return 0
}

// close removes the cgroup, killing whatever is left in it (nothing once
// the sandbox's init has ended).
func (m *memoryCgroup) close() {
	if m == nil {
		return
	}
	if err := removeCgroup(m.dir); err != nil {
		slog.Warn("local runner: a sandbox's memory cgroup could not be removed", "dir", m.dir, "error", err.Error())
	}
}

// memoryCgroup makes the memory cgroup of one sandboxed command, nil where
// the host gives none: its processes then keep RLIMIT_DATA. A failure to
// make one here, where it worked before, is logged once and the command
// runs under the rlimit: the limit is weaker, never absent.
func (r *Runner) memoryCgroup() *memoryCgroup {
	parent := r.memoryParent
	if parent == "" {
		return nil
	}
	m, err := newMemoryCgroup(parent, r.sandbox.MemoryBytes)
	if err != nil {
		r.memoryWarn.Do(func() {
			slog.Warn("local runner: a sandbox's memory cgroup could not be made; its processes are limited one by one (RLIMIT_DATA)", "error", err.Error())
		})
		return nil
	}
	return m
}

// memoryNote is the line a result gets when the kernel killed one of the
// command's processes for its sandbox's memory limit: the command itself
// says nothing (a SIGKILL leaves no last words), so the runner does, as the
// Docker and Kubernetes runners do for an OOMKilled container.
func memoryNote(m *memoryCgroup) string {
	if m.oomKills() == 0 {
		return ""
	}
	return fmt.Sprintf("\nautoverify: the command used its sandbox's whole memory limit of %s (ENGINEO_SANDBOX_MEMORY) and the kernel killed its largest process (SIGKILL)\n",
		humanBytes(m.bytes))
}

// humanBytes writes n in the largest binary unit that divides it.
func humanBytes(n int64) string {
	for _, u := range []struct {
		name string
		size int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return strconv.FormatInt(n/u.size, 10) + " " + u.name
		}
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
