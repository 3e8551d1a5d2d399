package workspace

import (
	"os"
	"strings"
	"sync"

	"golang.org/x/sys/unix"
)

// inMemory says whether dir is on a tmpfs.
func inMemory(dir string) bool {
	var st unix.Statfs_t
	return unix.Statfs(dir, &st) == nil && st.Type == unix.TMPFS_MAGIC
}

// freeBytes is what an unprivileged writer may still write to dir's file
// system.
func freeBytes(dir string) int64 {
	var st unix.Statfs_t
	if unix.Statfs(dir, &st) != nil {
		return 0
	}
	return int64(st.Bavail) * st.Bsize
}

// processExists says whether process pid exists (signal 0 checks without
// sending; EPERM means it exists under another user).
func processExists(pid int) bool {
	err := unix.Kill(pid, 0)
	return err == nil || err == unix.EPERM
}

// pidNamespace names this process's PID namespace by its inode ("0" when
// it cannot be read).
var pidNamespace = sync.OnceValue(func() string {
	link, err := os.Readlink("/proc/self/ns/pid") // pid:[4026531836]
	if ino := strings.TrimSuffix(strings.TrimPrefix(link, "pid:["), "]"); err == nil && ino != "" && ino != link {
		return ino
	}
	return "0"
})
