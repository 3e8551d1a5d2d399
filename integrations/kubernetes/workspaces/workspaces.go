// Package workspaces serves the work directories of running verifications
// as gzipped tarballs to the kubernetes runner's Jobs, whose init container
// fetches them (kubernetes.Config.Workspace). It is apart from the runner so
// that serving workspaces does not link client-go.
package workspaces

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/engineo/autoverify/bot/verify"
)

// Workspaces serves the work directories of running verifications as
// gzipped tarballs for the Jobs' init containers (kubernetes.Config.Workspace): each
// directory gets a random 128-bit token, its URL is BaseURL +
// "/workspaces/" + token, and the token dies when the verification
// releases the directory (Forget) or its TTL passes, whichever comes
// first. The URL is a bearer capability, given only to the init container.
type Workspaces struct {
	// BaseURL is where pods reach this service (its cluster Service URL).
	BaseURL string
	// TTL bounds a token's life even if Forget is never called.
	TTL time.Duration
	// Now is the clock; nil means time.Now.
	Now func() time.Time

	mu     sync.Mutex
	byTok  map[string]wsEntry
	tokDir map[string]string // dir → token
}

type wsEntry struct {
	dir     string
	expires time.Time
}

func (w *Workspaces) now() time.Time {
	if w.Now != nil {
		return w.Now()
	}
	return time.Now()
}

// URL is a WorkspaceFunc: the tarball URL of cmd's work directory.
func (w *Workspaces) URL(_ context.Context, cmd verify.Command) (string, error) {
	if w.BaseURL == "" {
		return "", errors.New("no URL pods can reach this service at: set ENGINEO_KUBERNETES_WORKSPACE_URL (or ENGINEO_PUBLIC_URL)")
	}
	// A reviewer's copy (cmd.Source) is served as itself: the Job shows
	// every workspace at the same path.
	dir, err := filepath.Abs(cmd.HostDir())
	if err != nil {
		return "", err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.byTok == nil {
		w.byTok, w.tokDir = map[string]wsEntry{}, map[string]string{}
	}
	w.expire()
	tok, ok := w.tokDir[dir]
	if !ok {
		var b [16]byte
		if _, err := rand.Read(b[:]); err != nil {
			return "", err
		}
		tok = hex.EncodeToString(b[:])
		w.tokDir[dir] = tok
	}
	w.byTok[tok] = wsEntry{dir: dir, expires: w.now().Add(w.TTL)}
	return strings.TrimRight(w.BaseURL, "/") + "/workspaces/" + tok, nil
}

// Forget ends the tokens of dir: its verification is over.
func (w *Workspaces) Forget(dir string) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if tok, ok := w.tokDir[abs]; ok {
		delete(w.byTok, tok)
		delete(w.tokDir, abs)
	}
}

// expire drops tokens past their TTL; w.mu is held.
func (w *Workspaces) expire() {
	now := w.now()
	for tok, e := range w.byTok {
		if now.After(e.expires) {
			delete(w.byTok, tok)
			delete(w.tokDir, e.dir)
		}
	}
}

// ServeHTTP answers GET /workspaces/{token} with the directory as a gzipped
// tar; an unknown or expired token gets 404.
func (w *Workspaces) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	tok := strings.TrimPrefix(r.URL.Path, "/workspaces/")
	w.mu.Lock()
	w.expire()
	e, ok := w.byTok[tok]
	w.mu.Unlock()
	if !ok || tok == "" {
		http.NotFound(rw, r)
		return
	}
	rw.Header().Set("Content-Type", "application/gzip")
	rw.Header().Set("Cache-Control", "no-store")
	if err := WriteTarball(rw, e.dir); err != nil {
		// The status is already sent; a truncated gzip stream fails the
		// init container's extraction, which reports ErrWorkspace.
		return
	}
}

// WriteTarball writes dir as a gzipped tar whose entries are relative to
// dir (no top-level directory), the layout the runner's default fetch
// script extracts:
// directories, regular files and symbolic links; other files (sockets,
// devices) are left out.
func WriteTarball(out io.Writer, dir string) error {
	gz := gzip.NewWriter(out)
	tw := tar.NewWriter(gz)
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil || rel == "." {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		link := ""
		switch {
		case info.Mode()&fs.ModeSymlink != 0:
			if link, err = os.Readlink(path); err != nil {
				return err
			}
		case info.IsDir(), info.Mode().IsRegular():
		default:
			return nil
		}
		hdr, err := tar.FileInfoHeader(info, link)
		if err != nil {
			return err
		}
		hdr.Name = filepath.ToSlash(rel)
		if info.IsDir() {
			hdr.Name += "/"
		}
		hdr.Uid, hdr.Gid, hdr.Uname, hdr.Gname = 0, 0, "", ""
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		if !info.Mode().IsRegular() {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = io.Copy(tw, f)
		return err
	})
	if err != nil {
		return fmt.Errorf("workspaces: packing %s: %w", dir, err)
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}
