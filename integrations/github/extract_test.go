package github

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// entry is one tar entry for a test archive.
type entry struct {
	name     string
	typ      byte
	body     string
	size     int64 // for TypeReg: a body of this many zero bytes instead
	linkname string
	mode     int64
}

func dir(name string) entry        { return entry{name: name, typ: tar.TypeDir} }
func file(name, body string) entry { return entry{name: name, typ: tar.TypeReg, body: body} }
func symlink(name, target string) entry {
	return entry{name: name, typ: tar.TypeSymlink, linkname: target}
}
func hardlink(name, target string) entry {
	return entry{name: name, typ: tar.TypeLink, linkname: target}
}

func tarGz(t *testing.T, entries ...entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	tw := tar.NewWriter(zw)
	for _, e := range entries {
		h := &tar.Header{Name: e.name, Typeflag: e.typ, Linkname: e.linkname, Mode: e.mode}
		if h.Mode == 0 {
			h.Mode = 0o644
		}
		var body []byte
		if e.typ == tar.TypeReg {
			body = []byte(e.body)
			if e.size > 0 {
				body = make([]byte, e.size)
			}
			h.Size = int64(len(body))
		}
		if e.typ == tar.TypeXGlobalHeader {
			h = &tar.Header{Name: e.name, Typeflag: e.typ, Format: tar.FormatPAX,
				PAXRecords: map[string]string{"comment": "0123456789abcdef0123456789abcdef01234567"}}
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatalf("writing header %q: %v", e.name, err)
		}
		if _, err := tw.Write(body); err != nil {
			t.Fatalf("writing %q: %v", e.name, err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// sandbox returns dest inside a parent directory holding nothing else, so
// a test can assert that nothing was written next to dest.
func sandbox(t *testing.T) (parent, dest string) {
	parent = t.TempDir()
	return parent, filepath.Join(parent, "dest")
}

func assertParentUntouched(t *testing.T, parent string) {
	t.Helper()
	ents, err := os.ReadDir(parent)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if e.Name() != "dest" {
			t.Errorf("extraction wrote %q outside dest", e.Name())
		}
	}
}

func TestExtractTarballGitHubLayout(t *testing.T) {
	t.Parallel()
	parent, dest := sandbox(t)
	data := tarGz(t,
		entry{name: "pax_global_header", typ: tar.TypeXGlobalHeader},
		dir("acme-shop-0123456/"),
		file("acme-shop-0123456/README.md", "hello\n"),
		dir("acme-shop-0123456/docs/"),
		dir("acme-shop-0123456/docs/stories/"),
		file("acme-shop-0123456/docs/stories/KAN-1.md", "- [ ] item\n"),
		file("acme-shop-0123456/no/dir/entries/first.txt", "implicit parents\n"),
		entry{name: "acme-shop-0123456/run.sh", typ: tar.TypeReg, body: "#!/bin/sh\n", mode: 0o4755},
		symlink("acme-shop-0123456/docs/readme-link", "../README.md"),
		symlink("acme-shop-0123456/stories", "docs/stories"),
		hardlink("acme-shop-0123456/README.copy", "acme-shop-0123456/README.md"),
		entry{name: "acme-shop-0123456/fifo", typ: tar.TypeFifo},
		entry{name: "acme-shop-0123456/dev", typ: tar.TypeChar},
	)
	if err := ExtractTarball(bytes.NewReader(data), dest, ExtractLimits{}); err != nil {
		t.Fatalf("ExtractTarball: %v", err)
	}
	assertParentUntouched(t, parent)
	for name, want := range map[string]string{
		"README.md":                "hello\n",
		"README.copy":              "hello\n",
		"docs/stories/KAN-1.md":    "- [ ] item\n",
		"stories/KAN-1.md":         "- [ ] item\n",
		"docs/readme-link":         "hello\n",
		"no/dir/entries/first.txt": "implicit parents\n",
		"run.sh":                   "#!/bin/sh\n",
	} {
		got, err := os.ReadFile(filepath.Join(dest, name))
		if err != nil || string(got) != want {
			t.Errorf("%s = %q, %v; want %q", name, got, err, want)
		}
	}
	fi, err := os.Stat(filepath.Join(dest, "run.sh"))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode()&fs.ModeSetuid != 0 || fi.Mode().Perm()&0o100 == 0 {
		t.Errorf("run.sh mode = %v, want executable without setuid", fi.Mode())
	}
	for _, skipped := range []string{"fifo", "dev", "acme-shop-0123456", "pax_global_header"} {
		if _, err := os.Lstat(filepath.Join(dest, skipped)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s exists in dest (err %v), want skipped", skipped, err)
		}
	}
}

func TestExtractTarballRejectsHostileArchives(t *testing.T) {
	t.Parallel()
	outside := filepath.Join(t.TempDir(), "victim")
	const top = "acme-shop-0123456/"
	tests := []struct {
		name    string
		entries []entry
		want    error
		entry   string // the entry the error must name
	}{
		{"dot-dot traversal", []entry{dir(top), file(top+"../../evil", "x")}, ErrUnsafeArchive, "../../evil"},
		{"dot-dot after a directory", []entry{dir(top), file(top+"a/../../evil", "x")}, ErrUnsafeArchive, "a/../../evil"},
		{"absolute path", []entry{file(outside, "x")}, ErrUnsafeArchive, outside},
		{"absolute path after the top directory", []entry{dir(top), file(outside, "x")}, ErrUnsafeArchive, outside},
		{"entry outside the top directory", []entry{dir(top), file("other/x", "x")}, ErrUnsafeArchive, "other/x"},
		{"file without a top directory", []entry{file("loose.txt", "x")}, ErrUnsafeArchive, "loose.txt"},
		{"symlink to /etc then a file through it", []entry{dir(top), symlink(top+"etc", "/etc"), file(top+"etc/cron.d/evil", "x")}, ErrUnsafeArchive, top + "etc"},
		{"symlink climbing out", []entry{dir(top), symlink(top+"up", "../../.."), file(top+"up/evil", "x")}, ErrUnsafeArchive, top + "up"},
		{"symlink inside, then a file through it", []entry{dir(top), dir(top + "d"), symlink(top+"l", "d"), file(top+"l/x", "x")}, ErrUnsafeArchive, top + "l/x"},
		{"symlink chain escaping", []entry{dir(top), symlink(top+"a/b/l", "../.."), symlink(top+"a/b/x", "l/../../..")}, ErrUnsafeArchive, "a/b/x"},
		{"symlink replacing a file", []entry{dir(top), file(top+"f", "x"), symlink(top+"f", "/etc/passwd")}, ErrUnsafeArchive, top + "f"},
		{"hardlink to an absolute path", []entry{dir(top), hardlink(top+"h", "/etc/passwd")}, ErrUnsafeArchive, top + "h"},
		{"hardlink climbing out", []entry{dir(top), hardlink(top+"h", top+"../../etc/passwd")}, ErrUnsafeArchive, top + "h"},
		{"hardlink to a symlink", []entry{dir(top), symlink(top+"s", "f"), hardlink(top+"h", top+"s")}, ErrUnsafeArchive, top + "h"},
		{"hardlink to a later file", []entry{dir(top), hardlink(top+"h", top+"f"), file(top+"f", "x")}, ErrUnsafeArchive, top + "h"},
		{"duplicate file", []entry{dir(top), file(top+"f", "x"), file(top+"f", "y")}, ErrUnsafeArchive, top + "f"},
		{"file where a directory must go", []entry{dir(top), file(top+"d", "x"), file(top+"d/f", "y")}, ErrUnsafeArchive, top + "d/f"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			parent, dest := sandbox(t)
			err := ExtractTarball(bytes.NewReader(tarGz(t, tt.entries...)), dest, ExtractLimits{})
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if !strings.Contains(err.Error(), tt.entry) {
				t.Errorf("error %q does not name the entry %q", err, tt.entry)
			}
			assertParentUntouched(t, parent)
			if _, err := os.Lstat(outside); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s was written", outside)
			}
			if _, err := os.Lstat("/etc/cron.d/evil"); err == nil {
				t.Errorf("/etc/cron.d/evil was written")
			}
		})
	}
}

func TestExtractTarballLimits(t *testing.T) {
	t.Parallel()
	const top = "acme-shop-0123456/"
	many := []entry{dir(top)}
	for i := range 11 {
		many = append(many, file(top+strings.Repeat("f", i+1), "x"))
	}
	tests := []struct {
		name    string
		entries []entry
		lim     ExtractLimits
		entry   string
	}{
		{"file over the per-file limit", []entry{dir(top), {name: top + "big", typ: tar.TypeReg, size: 2 << 20}}, ExtractLimits{MaxFileBytes: 1 << 20}, top + "big"},
		{"total over the limit", []entry{dir(top), {name: top + "a", typ: tar.TypeReg, size: 600 << 10}, {name: top + "b", typ: tar.TypeReg, size: 600 << 10}}, ExtractLimits{MaxBytes: 1 << 20}, top + "b"},
		{"too many entries", many, ExtractLimits{MaxFiles: 10}, top + strings.Repeat("f", 11)},
		// 16 MiB of zeros gzip to a few KiB: rejected from the header,
		// before a byte is written.
		{"zip bomb", []entry{dir(top), {name: top + "bomb", typ: tar.TypeReg, size: 16 << 20}}, ExtractLimits{MaxBytes: 8 << 20}, top + "bomb"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, dest := sandbox(t)
			err := ExtractTarball(bytes.NewReader(tarGz(t, tt.entries...)), dest, tt.lim)
			if !errors.Is(err, ErrArchiveTooLarge) {
				t.Fatalf("err = %v, want ErrArchiveTooLarge", err)
			}
			if !strings.Contains(err.Error(), tt.entry) {
				t.Errorf("error %q does not name %q", err, tt.entry)
			}
			if _, err := os.Stat(filepath.Join(dest, strings.TrimPrefix(tt.entry, top))); err == nil {
				t.Errorf("the offending entry was written")
			}
		})
	}
}

func TestExtractTarballRefusesBadInput(t *testing.T) {
	t.Parallel()
	t.Run("not gzip", func(t *testing.T) {
		t.Parallel()
		_, dest := sandbox(t)
		if err := ExtractTarball(strings.NewReader("<html>not an archive</html>"), dest, ExtractLimits{}); err == nil {
			t.Fatal("want an error")
		}
	})
	t.Run("destination not empty", func(t *testing.T) {
		t.Parallel()
		_, dest := sandbox(t)
		if err := os.MkdirAll(dest, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dest, "old"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		err := ExtractTarball(bytes.NewReader(tarGz(t, dir("x/"))), dest, ExtractLimits{})
		if err == nil || !strings.Contains(err.Error(), "not empty") {
			t.Fatalf("err = %v, want 'not empty'", err)
		}
	})
}

func TestTruncateMarkdown(t *testing.T) {
	t.Parallel()
	lines := strings.Repeat("| row | ✓ |\n", 10000) // ~120 KB, multi-byte
	tests := []struct {
		name  string
		in    string
		limit int
	}{
		{"fits", "short\n", 100},
		{"lines", lines, maxCheckRunOutput},
		{"one long line", strings.Repeat("é", 50000), maxCheckRunOutput},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := truncateMarkdown(tt.in, tt.limit)
			if len(got) > tt.limit {
				t.Fatalf("len = %d > %d", len(got), tt.limit)
			}
			if len(tt.in) <= tt.limit {
				if got != tt.in {
					t.Fatalf("changed text that fits")
				}
				return
			}
			if !strings.HasSuffix(got, truncationNote) {
				t.Errorf("no truncation note")
			}
			kept := strings.TrimSuffix(got, truncationNote)
			if !strings.HasPrefix(tt.in, kept) {
				t.Errorf("kept text is not a prefix")
			}
			if strings.Contains(tt.in, "\n") && !strings.HasSuffix(kept, "|") {
				t.Errorf("not cut at a line boundary: ...%q", kept[len(kept)-10:])
			}
			if !utf8.ValidString(kept) {
				t.Errorf("cut inside a rune")
			}
		})
	}
}
