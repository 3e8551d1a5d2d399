package workspace

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// Where a copy goes, when the Copier names no directory.
//
// Creating files is what a copy costs, and on a disk it costs most: on
// the 2-core VM of docs/benchmarks.md a real repository's 1,100 files took
// 0.6 s to copy onto ext4 and 45 ms onto a tmpfs, which made the default
// two reviewers cost 2.5× the bare commands instead of 1.4×. Many systems
// keep the temporary directory in memory already (Debian 13, Fedora,
// Arch); where it is on a disk, a copy that fits goes to /dev/shm instead:
// only when it is a tmpfs that allows programs to run (a noexec mount
// would fail every script of the tree in the copy alone), and only while
// the copies this process holds there stay within a quarter of its free
// space and of the memory its cgroup may still use (tmpfs pages count
// against the writer's memory limit). A copy that still runs out of room
// is made again on the temporary directory.

// memoryFS names a memory file system for copies; a variable so tests can
// point it elsewhere.
var memoryFS = "/dev/shm"

// memoryShare is the part of the memory file system's free space (and of
// the cgroup's memory headroom) this process's copies may take together:
// what the checks write into them, and other users of /dev/shm, need room
// too.
const memoryShare = 4

// inMemoryNow is what this process's copies on the memory file system
// take, by the estimate they were placed with (treeSize).
var inMemoryNow atomic.Int64

// staleCopy is the age after which a copy no lock tells the owner of (one
// made before copies held a lock) is removed by the next run that copies
// there. No verification runs that long.
const staleCopy = 24 * time.Hour

// lockName is the file beside a copy whose lock its owner holds while the
// copy exists; a sweep that can take the lock knows the owner is gone
// (killed before it could remove the copy), on this host or any other
// sharing the directory, in any PID namespace.
const lockName = ".owner.lock"

// place returns the directory a copy of a tree of size bytes goes to, and
// reserves the size on the memory file system when it goes there (free
// gives it back).
func (c Copier) place(size int64) (dir string, free func()) {
	free = func() {}
	if c.Dir != "" {
		return c.Dir, free
	}
	dir = os.TempDir()
	if !inMemory(dir) && usableMemory(memoryFS) {
		budget := min(freeBytes(memoryFS), memoryHeadroom()) / memoryShare
		if inMemoryNow.Add(size) <= budget {
			dir = memoryFS
			var once atomic.Bool
			free = func() {
				if once.CompareAndSwap(false, true) {
					inMemoryNow.Add(-size)
				}
			}
		} else {
			inMemoryNow.Add(-size)
		}
	}
	sweepStale(dir, time.Now())
	return dir, free
}

// noRoom says whether err is a file system out of space (or of inodes).
func noRoom(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}

// pageSize is what a tmpfs takes at least for a file's data; entrySize
// what it takes for an entry (its inode and name).
const pageSize, entrySize = 4096, 1024

// treeSize estimates what a copy of src takes on a tmpfs: each regular
// file's size rounded up to whole pages, and every entry's inode.
func treeSize(src fs.FS) (int64, error) {
	var size int64
	err := fs.WalkDir(src, ".", func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		size += entrySize
		if d.Type().IsRegular() {
			info, err := d.Info()
			if err != nil {
				return err
			}
			size += (info.Size() + pageSize - 1) / pageSize * pageSize
		}
		return nil
	})
	return size, err
}

// sweepStale removes the copies in dir no process will remove: those whose
// owner's lock can be taken (the owner is gone), and, of the copies that
// have no lock, those older than staleCopy.
func sweepStale(dir string, now time.Time) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), copyPrefix) {
			continue
		}
		root := filepath.Join(dir, e.Name())
		switch ownerGone(root) {
		case gone:
			_ = os.RemoveAll(root)
		case unknown:
			if info, err := e.Info(); err == nil && now.Sub(info.ModTime()) > staleCopy {
				_ = os.RemoveAll(root)
			}
		}
	}
}

// owner is what a sweep knows of a copy's owner.
type owner int

const (
	unknown owner = iota // no lock file: an old copy, or one being made
	alive                // the owner holds the lock
	gone                 // the lock was free
)
