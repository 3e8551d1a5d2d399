package docker

import (
	"archive/tar"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// workspaceTar streams dir as a tar archive whose entries live under
// prefix/ (prefix itself included) and are owned by uid:gid, so that the
// command's non-root user can write to the copy. It returns at once; the
// archive is produced by a goroutine as the engine reads it, so memory stays
// constant whatever the workspace's size. A walk error ends the stream with
// that error, which the engine call then reports.
//
// Regular files, directories and symbolic links are copied; links are kept
// as links (never followed, so a link pointing outside the workspace copies
// nothing from outside it). Sockets, devices and FIFOs are skipped.
func workspaceTar(dir, prefix string, uid, gid int) io.ReadCloser {
	pr, pw := io.Pipe()
	go func() {
		tw := tar.NewWriter(pw)
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(dir, path)
			if err != nil {
				return err
			}
			name := prefix
			if rel != "." {
				name = prefix + "/" + filepath.ToSlash(rel)
			}
			return addEntry(tw, path, name, d, uid, gid)
		})
		if err == nil {
			err = tw.Close()
		}
		pw.CloseWithError(err)
	}()
	return pr
}

func addEntry(tw *tar.Writer, path, name string, d fs.DirEntry, uid, gid int) error {
	fi, err := d.Info()
	if err != nil {
		return err
	}
	var link string
	switch mode := fi.Mode(); {
	case mode.IsRegular(), mode.IsDir():
	case mode&fs.ModeSymlink != 0:
		if link, err = os.Readlink(path); err != nil {
			return err
		}
	default:
		return nil
	}
	hdr, err := tar.FileInfoHeader(fi, link)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	hdr.Name = name
	if fi.IsDir() {
		hdr.Name += "/"
		// The command must be able to create files anywhere in its copy,
		// as it could in its checkout under the local runner.
		hdr.Mode |= 0o700
	}
	hdr.Uid, hdr.Gid = uid, gid
	hdr.Uname, hdr.Gname = "", ""
	hdr.Format = tar.FormatPAX
	if err := tw.WriteHeader(hdr); err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	// The header promised fi.Size() bytes; a file that grew or shrank since
	// would corrupt the archive, so copy exactly that many.
	if _, err := io.CopyN(tw, f, hdr.Size); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
