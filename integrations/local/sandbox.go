package local

import (
	"fmt"
	"time"

	"github.com/engineo/autoverify/integrations/local/sandboxinit"
)

// Sandbox limits applied when a SandboxConfig field is zero. They are sized
// for real test suites (a Gradle or Go build runs hundreds of threads and
// takes a few GiB) while stopping a fork bomb, a runaway allocation or a
// disk-filling write well before they hurt the host.
const (
	DefaultSandboxProcesses = 1024
	DefaultSandboxMemory    = 4 << 30
	DefaultSandboxFileSize  = 1 << 30
	DefaultSandboxTmpSize   = 1 << 30
	DefaultSandboxCPUTime   = 30 * time.Minute
)

// minSandboxProcesses is the least task limit one sandbox can have: a PID
// namespace's pid_max cannot go lower.
const minSandboxProcesses = 300

// SandboxHome is the fixed home directory commands get in the sandbox: an
// empty, writable, private directory, so that nothing in the service's home
// (credentials, caches of other repositories) is visible and every run
// starts from the same state.
const SandboxHome = sandboxinit.Home

// DefaultSandboxReadOnly lists the host paths a sandboxed command sees,
// read-only: the system directories toolchains live in. Paths that do not
// exist are skipped and symbolic links (a merged /usr's /bin -> usr/bin)
// are recreated as links. The service's own files (its state directory,
// key, artefacts, other runs' workspaces) are not among them; anything the
// operator adds with ENGINEO_SANDBOX_READONLY that contains them is hidden
// again through SandboxConfig.Hide.
var DefaultSandboxReadOnly = []string{
	"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt",
}

// SandboxConfig configures IsolationSandbox. The zero value means the
// defaults: no network, the default limits and read-only paths.
type SandboxConfig struct {
	// Network keeps the host's network namespace; the default gives each
	// command a namespace of its own with only a loopback device, so it
	// can neither reach the internet nor services on the host's
	// 127.0.0.1 (Redis, the Docker API, autoverify itself).
	Network bool
	// Processes bounds the tasks (processes and threads) alive at once in
	// all the runner's sandboxes together: the run's process budget (see
	// Budget), like a Docker container's pids limit.
	Processes int
	// MemoryBytes bounds the memory a command's processes use together,
	// in a memory cgroup of the sandbox's own where the host allows it
	// (see memory_linux.go); elsewhere each process's data segment
	// (RLIMIT_DATA: heap and private writable mappings, reserved or not).
	MemoryBytes int64
	// FileSizeBytes bounds the size of any file a process writes
	// (RLIMIT_FSIZE; the writer gets SIGXFSZ past it).
	FileSizeBytes int64
	// TmpBytes bounds the private /tmp and home directory (each a tmpfs).
	TmpBytes int64
	// CPUTime bounds each process's CPU time (RLIMIT_CPU).
	CPUTime time.Duration
	// ReadOnly lists host paths to show read-only; empty means
	// DefaultSandboxReadOnly. ExtraReadOnly adds to it (a toolchain under
	// /root/.cargo, say).
	ReadOnly      []string
	ExtraReadOnly []string
	// Caches lists host directories shown copy-on-write (an overlay whose
	// writes vanish with the run): a warm build cache speeds checks up
	// without letting one run poison the next. nil means the Go build and
	// module caches of the service's user where they exist; an empty
	// non-nil slice means none.
	Caches []string
	// Hide lists host paths that must never be visible even if a
	// read-only path contains them: the service's state directory, key
	// file and artefacts.
	Hide []string
}

func (c SandboxConfig) withDefaults() SandboxConfig {
	c.Processes = orDefault(c.Processes, DefaultSandboxProcesses)
	c.MemoryBytes = orDefault(c.MemoryBytes, int64(DefaultSandboxMemory))
	c.FileSizeBytes = orDefault(c.FileSizeBytes, int64(DefaultSandboxFileSize))
	c.TmpBytes = orDefault(c.TmpBytes, int64(DefaultSandboxTmpSize))
	c.CPUTime = orDefault(c.CPUTime, DefaultSandboxCPUTime)
	if len(c.ReadOnly) == 0 {
		c.ReadOnly = DefaultSandboxReadOnly
	}
	return c
}

func (c SandboxConfig) validate() error {
	switch {
	case c.Processes < 0, c.MemoryBytes < 0, c.FileSizeBytes < 0, c.TmpBytes < 0, c.CPUTime < 0:
		return fmt.Errorf("local: negative sandbox limit (processes %d, memory %d, file size %d, tmp %d, cpu time %v)",
			c.Processes, c.MemoryBytes, c.FileSizeBytes, c.TmpBytes, c.CPUTime)
	case c.Processes != 0 && c.Processes < minSandboxProcesses:
		// The kernel's pid_max, which enforces it, cannot go lower.
		return fmt.Errorf("local: sandbox processes %d is below the minimum of %d", c.Processes, minSandboxProcesses)
	}
	for _, p := range append(append(append([]string{}, c.ReadOnly...), c.ExtraReadOnly...), append(c.Caches, c.Hide...)...) {
		if len(p) == 0 || p[0] != '/' {
			return fmt.Errorf("local: sandbox path %q is not absolute", p)
		}
	}
	return nil
}
