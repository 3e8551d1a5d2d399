package local

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func goRootForTest(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skip("no go toolchain on PATH")
	}
	return strings.TrimSpace(string(out))
}

// TestStdImports: the warm-up is given only importable standard packages
// of the toolchain, read from the workspace's Go files where go would read
// them, whatever else the files import or wherever else they lie.
func TestStdImports(t *testing.T) {
	goroot := goRootForTest(t)
	dir := t.TempDir()
	outside := t.TempDir()
	imports := func(paths ...string) string {
		var b strings.Builder
		b.WriteString("package p\n\nimport (\n")
		for _, p := range paths {
			fmt.Fprintf(&b, "\t_ %q\n", p)
		}
		b.WriteString(")\n")
		return b.String()
	}
	files := map[string]string{
		// std, a module's, a dotless module path, cgo, internal, a command,
		// vendored, another platform's, a relative path
		"a.go":             imports("encoding/json", "fmt", "example.com/x", "myapp/util", "C", "internal/abi", "net/http/internal", "cmd/go", "vendor/golang.org/x/net/http2/hpack", "syscall/js", "../up"),
		"a_test.go":        imports("net/http/httptest"),
		"sub/b.go":         imports("crypto/sha256"),
		"testdata/c.go":    imports("archive/zip"),
		".hidden/d.go":     imports("archive/tar"),
		"_skip/e.go":       imports("compress/bzip2"),
		"notgo.txt":        imports("compress/gzip"),
		"cut.go":           "package p\n\nimport (\n\t\"bufio\"\n\t\"bytes", // cut short: what parsed counts
		"big.go":           "package p\n\n// " + strings.Repeat("x", goImportsRead) + "\n\nimport _ \"hash/crc32\"\n",
		"broken_syntax.go": "package p\nimport \"errors\"\nfunc {",
	}
	for name, body := range files {
		full := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(t, os.WriteFile(full, []byte(body), 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(outside, "f.go"), []byte(imports("debug/elf")), 0o644))
	require.NoError(t, os.Symlink(filepath.Join(outside, "f.go"), filepath.Join(dir, "link.go")))
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, "linkdir")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "fifo.go"), 0o644))

	assert.Equal(t, []string{"bufio", "crypto/sha256", "encoding/json", "errors", "fmt", "net/http/httptest"}, stdImports(dir, stdChecker(goroot)))
	assert.Nil(t, stdImports(dir, stdChecker("")), "no standard library known: nothing")
}

// TestFileImportsDoesNotWaitOnAFIFO: a Go file swapped for a FIFO after
// the walk saw it (nothing writes to it) is read as no imports at once.
func TestFileImportsDoesNotWaitOnAFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "x.go")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	done := make(chan []string, 1)
	go func() { done <- fileImports(fifo) }()
	select {
	case got := <-done:
		assert.Nil(t, got)
	case <-time.After(5 * time.Second):
		t.Fatal("fileImports waited on a FIFO")
	}
}

// TestStdImportsReadsABoundedNumberOfFiles: in a tree of more Go files than
// goWarmScanned, the files past the bound are not read.
func TestStdImportsReadsABoundedNumberOfFiles(t *testing.T) {
	goroot := goRootForTest(t)
	dir := t.TempDir()
	for i := 0; i <= goWarmScanned; i++ {
		body := "package p\n"
		if i == goWarmScanned {
			body = "package p\n\nimport _ \"hash/adler32\"\n"
		} else if i == 0 {
			body = "package p\n\nimport _ \"hash/fnv\"\n"
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%05d.go", i)), []byte(body), 0o644))
	}
	assert.Equal(t, []string{"hash/fnv"}, stdImports(dir, stdChecker(goroot)))
}

// TestStdImportsLooksAtABoundedNumberOfEntries: a tree of more entries than
// goWarmVisited (here files that are not Go) is not walked past the bound,
// so a pull request's million files cost a command no more than that.
func TestStdImportsLooksAtABoundedNumberOfEntries(t *testing.T) {
	if testing.Short() {
		t.Skip("long (writes 100,000 files): bash scripts/test-long.sh runs it")
	}
	goroot := goRootForTest(t)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.go"), []byte("package p\n\nimport _ \"hash/fnv\"\n"), 0o644))
	for i := 0; i < goWarmVisited; i++ {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("n%06d.txt", i)))
		require.NoError(t, err)
		require.NoError(t, f.Close())
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "z.go"), []byte("package p\n\nimport _ \"hash/adler32\"\n"), 0o644))
	assert.Equal(t, []string{"hash/fnv"}, stdImports(dir, stdChecker(goroot)))
}
