package workspace

import "golang.org/x/sys/unix"

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
