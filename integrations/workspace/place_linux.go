package workspace

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// inMemory says whether dir is on a tmpfs.
func inMemory(dir string) bool {
	var st unix.Statfs_t
	return unix.Statfs(dir, &st) == nil && st.Type == unix.TMPFS_MAGIC
}

// usableMemory says whether dir is a tmpfs copies can go to: one that lets
// programs run (not mounted noexec).
func usableMemory(dir string) bool {
	var st unix.Statfs_t
	return unix.Statfs(dir, &st) == nil && st.Type == unix.TMPFS_MAGIC && st.Flags&unix.ST_NOEXEC == 0
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

// memoryHeadroom is what this process's cgroup (v2) may still allocate:
// memory.max less memory.current; unlimited when there is no limit or it
// cannot be read.
func memoryHeadroom() int64 {
	const unlimited = int64(1) << 62
	f, err := os.Open("/proc/self/cgroup")
	if err != nil {
		return unlimited
	}
	defer f.Close()
	var path string
	for s := bufio.NewScanner(f); s.Scan(); {
		if p, ok := strings.CutPrefix(s.Text(), "0::"); ok {
			path = p
		}
	}
	if path == "" {
		return unlimited
	}
	read := func(name string) (int64, bool) {
		raw, err := os.ReadFile(filepath.Join("/sys/fs/cgroup", path, name))
		if err != nil {
			return 0, false
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(raw)), 10, 64)
		return n, err == nil
	}
	limit, ok := read("memory.max") // "max" does not parse: no limit
	used, ok2 := read("memory.current")
	if !ok || !ok2 {
		return unlimited
	}
	return max(limit-used, 0)
}

// lockOwner creates and locks the lock file of the copy rooted at root;
// the lock is held until the returned file is closed. The file is locked
// under another name and then renamed, so that a sweep never finds it
// unlocked.
func lockOwner(root string) (*os.File, error) {
	f, err := os.CreateTemp(root, lockName+".*")
	if err != nil {
		return nil, err
	}
	err = unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(root, lockName))
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// ownerGone tries the lock of the copy rooted at root.
func ownerGone(root string) owner {
	f, err := os.OpenFile(filepath.Join(root, lockName), os.O_RDWR|unix.O_NOFOLLOW, 0)
	if err != nil {
		return unknown
	}
	defer f.Close()
	if unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB) != nil {
		return alive
	}
	return gone
}
