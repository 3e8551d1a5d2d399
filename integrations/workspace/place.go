package workspace

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Where a copy goes, when the Copier names no directory.
//
// Creating files is what a copy costs, and on a disk it costs most: on
// the 2-core VM of docs/benchmarks.md a real repository's 1,100 files took
// 0.6 s to copy onto ext4 and 45 ms onto a tmpfs, which made the default
// two reviewers cost 2.5× the bare commands instead of 1.4×. Many systems
// keep the temporary directory in memory already (Debian 13, Fedora,
// Arch); where it is on a disk, a copy that fits goes to /dev/shm instead.

// memoryFS names a memory file system for copies; a variable so tests can
// point it elsewhere.
var memoryFS = "/dev/shm"

// memoryShare is the part of the memory file system's free space one copy
// may take: the run's other copies and what the checks write into them
// need room too.
const memoryShare = 4

// staleCopy is the age after which a copy whose owner cannot be told
// apart (another machine's, in a shared directory, or a process id reused)
// is removed by the next run that copies there. No verification runs that
// long.
const staleCopy = 24 * time.Hour

// place returns the directory a copy of a tree of size bytes goes to.
func (c Copier) place(size int64) string {
	if c.Dir != "" {
		return c.Dir
	}
	dir := memoryFS
	if tmp := os.TempDir(); inMemory(tmp) || !inMemory(dir) || size > freeBytes(dir)/memoryShare {
		dir = tmp
	}
	sweepStale(dir, time.Now())
	return dir
}

// copyName is the pattern of a copy's directory name: it carries the
// process that made it (its PID namespace and id), so that a later run can
// remove the copies of a process that was killed before it could
// (sweepStale). A process of another PID namespace (another container
// sharing the directory) is never taken for gone.
func copyName() string {
	return copyPrefix + pidNamespace() + "-" + strconv.Itoa(os.Getpid()) + "-*"
}

// treeSize adds up the sizes of the regular files under src, as the copy
// would see them.
func treeSize(src fs.FS) (int64, error) {
	var size int64
	err := fs.WalkDir(src, ".", func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			info, err := d.Info()
			if err != nil {
				return err
			}
			size += info.Size()
		}
		return nil
	})
	return size, err
}

// sweepStale removes the copies in dir that no process will remove: those
// whose process is gone (a server or CLI killed mid-run leaves its copies,
// and on a memory file system they hold memory until removed), and any
// older than staleCopy.
func sweepStale(dir string, now time.Time) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), copyPrefix) {
			continue
		}
		if ownerGone(e.Name()) {
			_ = os.RemoveAll(filepath.Join(dir, e.Name()))
		} else if info, err := e.Info(); err == nil && now.Sub(info.ModTime()) > staleCopy {
			_ = os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
}

// ownerGone says whether the process named in a copy's directory name
// (copyName) is of this PID namespace and no longer exists; false when the
// name carries no owner, or one this process cannot see.
func ownerGone(name string) bool {
	parts := strings.SplitN(strings.TrimPrefix(name, copyPrefix), "-", 3)
	if len(parts) != 3 || parts[0] == "0" || parts[0] != pidNamespace() {
		return false
	}
	pid, err := strconv.Atoi(parts[1])
	return err == nil && pid > 0 && !processExists(pid)
}
