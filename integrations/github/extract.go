package github

import (
	"archive/tar"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"syscall"
)

// ExtractLimits bound what one archive may write. A pull request author
// controls the archive, so a checkout must not be able to fill the disk or
// the inode table. Zero fields take the defaults.
type ExtractLimits struct {
	MaxBytes     int64 // total bytes of regular files; default 1 GiB
	MaxFileBytes int64 // bytes of any one file; default 256 MiB
	MaxFiles     int   // entries written (files, directories, links); default 100,000
}

// Default extraction limits.
const (
	DefaultMaxBytes     int64 = 1 << 30
	DefaultMaxFileBytes int64 = 256 << 20
	DefaultMaxFiles           = 100_000
)

func (l ExtractLimits) withDefaults() ExtractLimits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultMaxBytes
	}
	if l.MaxFileBytes <= 0 {
		l.MaxFileBytes = DefaultMaxFileBytes
	}
	if l.MaxFiles <= 0 {
		l.MaxFiles = DefaultMaxFiles
	}
	return l
}

// Extraction errors; the returned error wraps one of them and names the
// offending entry.
var (
	// ErrUnsafeArchive: an entry would write or point outside dest.
	ErrUnsafeArchive = errors.New("unsafe archive entry")
	// ErrArchiveTooLarge: the archive exceeds an ExtractLimits bound.
	ErrArchiveTooLarge = errors.New("archive exceeds limits")
)

// ExtractTarball writes a gzip-compressed tar in GitHub's archive layout —
// everything under one top-level directory ("owner-repo-sha7/"), which is
// stripped — into dest, which must be empty or absent.
//
// It is written for hostile input: entries with absolute paths or ".."
// components are rejected; symbolic links may only point inside dest (also
// when followed through other links) and nothing is ever written through
// one; hard links may only point at files this archive already wrote;
// device and FIFO entries are skipped; set-id bits are dropped; and
// ExtractLimits are enforced before the bytes are written. All writes go
// through an os.Root, so even a bug here cannot escape dest. On error dest
// holds a partial tree the caller should remove.
func ExtractTarball(r io.Reader, dest string, lim ExtractLimits) error {
	if err := emptyDir(dest); err != nil {
		return err
	}
	root, err := os.OpenRoot(dest)
	if err != nil {
		return fmt.Errorf("extracting archive: %w", err)
	}
	defer root.Close()
	zr, err := gzip.NewReader(r)
	if err != nil {
		return fmt.Errorf("extracting archive: not gzip: %w", err)
	}
	defer zr.Close()

	x := &extractor{
		root:     root,
		lim:      lim.withDefaults(),
		dirs:     map[string]bool{".": true},
		files:    map[string]bool{},
		symlinks: map[string]bool{},
	}
	tr := tar.NewReader(zr)
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("extracting archive: reading entry after %q: %w", x.last, err)
		}
		x.last = hdr.Name
		if err := x.entry(hdr, tr); err != nil {
			return err
		}
	}
	return x.checkSymlinks()
}

// emptyDir creates dest or checks that it is an empty directory: extracting
// over existing files would mix two trees and defeat the O_EXCL checks.
func emptyDir(dest string) error {
	if err := os.MkdirAll(dest, 0o755); err != nil {
		return fmt.Errorf("extracting archive: %w", err)
	}
	f, err := os.Open(dest)
	if err != nil {
		return fmt.Errorf("extracting archive: %w", err)
	}
	defer f.Close()
	names, err := f.Readdirnames(1)
	if err != nil && err != io.EOF {
		return fmt.Errorf("extracting archive: %w", err)
	}
	if len(names) > 0 {
		return fmt.Errorf("extracting archive: destination %s is not empty", dest)
	}
	return nil
}

type extractor struct {
	root     *os.Root
	lim      ExtractLimits
	top      string // the top-level directory being stripped
	last     string // raw name of the last entry, for error messages
	entries  int
	bytes    int64
	dirs     map[string]bool // directories created (or checked) so far
	files    map[string]bool // regular files written, for hard link targets
	symlinks map[string]bool // symbolic links created, checked again at the end
}

func unsafeEntry(name, format string, args ...any) error {
	return fmt.Errorf("extracting archive: entry %q: %s: %w", name, fmt.Sprintf(format, args...), ErrUnsafeArchive)
}

func tooLarge(name, format string, args ...any) error {
	return fmt.Errorf("extracting archive: entry %q: %s: %w", name, fmt.Sprintf(format, args...), ErrArchiveTooLarge)
}

func (x *extractor) entry(hdr *tar.Header, body io.Reader) error {
	switch hdr.Typeflag {
	case tar.TypeXGlobalHeader, tar.TypeXHeader, tar.TypeGNULongName, tar.TypeGNULongLink:
		return nil // metadata (git archive writes the commit ID in a global header)
	case tar.TypeChar, tar.TypeBlock, tar.TypeFifo:
		return nil // never needed to build or test code; skipped
	}
	name, err := x.strip(hdr.Name)
	if err != nil {
		return err
	}
	if name == "" {
		if hdr.Typeflag != tar.TypeDir {
			return unsafeEntry(hdr.Name, "not inside the archive's top-level directory")
		}
		return nil
	}
	x.entries++
	if x.entries > x.lim.MaxFiles {
		return tooLarge(hdr.Name, "more than %d entries", x.lim.MaxFiles)
	}
	switch hdr.Typeflag {
	case tar.TypeDir:
		return x.mkdirAll(hdr.Name, name)
	case tar.TypeReg:
		return x.file(hdr, name, body)
	case tar.TypeSymlink:
		return x.symlink(hdr, name)
	case tar.TypeLink:
		return x.hardlink(hdr, name)
	default:
		return nil // unknown types carry nothing a checkout needs
	}
}

// strip validates a raw entry name and returns it relative to the top-level
// directory ("" for the directory itself).
func (x *extractor) strip(raw string) (string, error) {
	if strings.HasPrefix(raw, "/") {
		return "", unsafeEntry(raw, "absolute path")
	}
	parts := strings.Split(strings.Trim(raw, "/"), "/")
	for _, p := range parts {
		if p == ".." {
			return "", unsafeEntry(raw, `path contains ".."`)
		}
		if strings.ContainsRune(p, 0) {
			return "", unsafeEntry(raw, "path contains NUL")
		}
	}
	if x.top == "" {
		if parts[0] == "" || parts[0] == "." {
			return "", unsafeEntry(raw, "no top-level directory")
		}
		x.top = parts[0]
	} else if parts[0] != x.top {
		return "", unsafeEntry(raw, "outside the top-level directory %q", x.top)
	}
	rest := path.Join(parts[1:]...)
	if rest == "." {
		rest = ""
	}
	return rest, nil
}

// mkdirAll creates dir and its parents one component at a time, refusing
// any component that exists as anything but a directory — in particular a
// symbolic link, which is how archives smuggle writes out of dest.
func (x *extractor) mkdirAll(raw, dir string) error {
	if x.dirs[dir] {
		return nil
	}
	if parent := path.Dir(dir); !x.dirs[parent] {
		if err := x.mkdirAll(raw, parent); err != nil {
			return err
		}
	}
	if err := x.root.Mkdir(dir, 0o755); err != nil {
		if !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("extracting archive: entry %q: %w", raw, err)
		}
		fi, lerr := x.root.Lstat(dir)
		if lerr != nil {
			return fmt.Errorf("extracting archive: entry %q: %w", raw, lerr)
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			return unsafeEntry(raw, "path goes through the symbolic link %q", dir)
		}
		if !fi.IsDir() {
			return unsafeEntry(raw, "%q exists and is not a directory", dir)
		}
	}
	x.dirs[dir] = true
	return nil
}

func (x *extractor) file(hdr *tar.Header, name string, body io.Reader) error {
	if hdr.Size > x.lim.MaxFileBytes {
		return tooLarge(hdr.Name, "%d bytes, more than the %d allowed per file", hdr.Size, x.lim.MaxFileBytes)
	}
	if x.bytes+hdr.Size > x.lim.MaxBytes {
		return tooLarge(hdr.Name, "the archive would exceed %d bytes in total", x.lim.MaxBytes)
	}
	x.bytes += hdr.Size
	if err := x.mkdirAll(hdr.Name, path.Dir(name)); err != nil {
		return err
	}
	perm := fs.FileMode(0o644)
	if hdr.Mode&0o111 != 0 {
		perm = 0o755
	}
	// O_EXCL: never replace or write through what is already there (a
	// duplicate entry or a link); O_NOFOLLOW says the same for links.
	f, err := x.root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, perm)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return unsafeEntry(hdr.Name, "%q already exists (duplicate entry or link)", name)
		}
		return fmt.Errorf("extracting archive: entry %q: %w", hdr.Name, err)
	}
	// The tar reader stops at hdr.Size; the extra byte would only show a
	// reader that lied, and the limit keeps even that bounded.
	n, err := io.Copy(f, io.LimitReader(body, hdr.Size+1))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("extracting archive: entry %q: %w", hdr.Name, err)
	}
	if n != hdr.Size {
		return fmt.Errorf("extracting archive: entry %q: read %d bytes, header says %d", hdr.Name, n, hdr.Size)
	}
	x.files[name] = true
	return nil
}

func (x *extractor) symlink(hdr *tar.Header, name string) error {
	target := hdr.Linkname
	switch {
	case target == "":
		return unsafeEntry(hdr.Name, "symbolic link with an empty target")
	case path.IsAbs(target):
		return unsafeEntry(hdr.Name, "symbolic link to the absolute path %q", target)
	case escapes(path.Join(path.Dir(name), target)):
		return unsafeEntry(hdr.Name, "symbolic link to %q points outside the archive", target)
	}
	if err := x.mkdirAll(hdr.Name, path.Dir(name)); err != nil {
		return err
	}
	if err := x.root.Symlink(target, name); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return unsafeEntry(hdr.Name, "%q already exists (duplicate entry)", name)
		}
		return fmt.Errorf("extracting archive: entry %q: %w", hdr.Name, err)
	}
	x.symlinks[name] = true
	return nil
}

// hardlink admits only links to regular files this archive wrote: a hard
// link names its target by archive path, so anything else is either outside
// dest or a way to alias a symbolic link.
func (x *extractor) hardlink(hdr *tar.Header, name string) error {
	target, err := x.strip(hdr.Linkname)
	if err != nil {
		return unsafeEntry(hdr.Name, "hard link to %q: %v", hdr.Linkname, err)
	}
	if !x.files[target] {
		return unsafeEntry(hdr.Name, "hard link to %q, which is not a file earlier in the archive", hdr.Linkname)
	}
	if err := x.mkdirAll(hdr.Name, path.Dir(name)); err != nil {
		return err
	}
	if err := x.root.Link(target, name); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return unsafeEntry(hdr.Name, "%q already exists (duplicate entry)", name)
		}
		return fmt.Errorf("extracting archive: entry %q: %w", hdr.Name, err)
	}
	x.files[name] = true
	return nil
}

// escapes reports whether a cleaned relative path climbs above its root.
func escapes(p string) bool {
	p = path.Clean(p)
	return p == ".." || strings.HasPrefix(p, "../") || path.IsAbs(p)
}

// checkSymlinks resolves every link the way the kernel would, following
// links through links. Each link was checked on its own when written, but
// a chain can still escape: "a/b/l -> ../.." is harmless, yet
// "a/b/x -> l/../../.." leaves dest once l is followed.
func (x *extractor) checkSymlinks() error {
	names := make([]string, 0, len(x.symlinks))
	for n := range x.symlinks {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if x.resolvesOutside(n) {
			target, _ := x.root.Readlink(n)
			return unsafeEntry(path.Join(x.top, n), "symbolic link to %q leads outside the archive through other links", target)
		}
	}
	return nil
}

// resolvesOutside walks name component by component, substituting link
// targets as it meets them, and reports whether ".." ever climbs above the
// root. Missing components are walked lexically (more cautious than the
// kernel, which would stop). A link loop is not an escape.
func (x *extractor) resolvesOutside(name string) bool {
	var done []string
	todo := strings.Split(name, "/")
	for hops := 0; len(todo) > 0; {
		c := todo[0]
		todo = todo[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			if len(done) == 0 {
				return true
			}
			done = done[:len(done)-1]
			continue
		}
		cur := path.Join(append(append([]string{}, done...), c)...)
		fi, err := x.root.Lstat(cur)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			done = append(done, c)
			continue
		}
		if hops++; hops > 40 {
			return false
		}
		target, err := x.root.Readlink(cur)
		if err != nil {
			done = append(done, c)
			continue
		}
		if path.IsAbs(target) {
			return true
		}
		todo = append(strings.Split(target, "/"), todo...)
	}
	return false
}
