package git

import (
	"bytes"
	"compress/zlib"
	"crypto/sha1"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// readHead reads, from the repository's own files and without starting
// git, what `git rev-parse --git-path index --show-toplevel HEAD
// HEAD^{tree}` answers: the top of the work tree, the index file, the
// commit checked out and its tree. autoverify run asks this on every run
// for the result cache's key, and on a small machine a git process costs
// as much as the rest of the key (see docs/benchmarks.md).
//
// It is hand-rolled rather than a git library because it needs three small
// reads, each verified, where a library (go-git) adds its start-up cost to
// every command and answers far more than is asked. It handles the plain
// layout only — a .git directory, HEAD on a branch (loose or packed ref) or
// detached, the commit as a loose object or a whole (not delta) object in
// a pack with a version 2 index, SHA-1 — and reports ok=false for anything
// else (git variables in the environment, a .git file as worktrees and
// submodules have, extensions, core.worktree, alternates, a delta), where
// the caller asks git. The commit's bytes are hashed and must have the id
// HEAD names, and the caller compares that id with the one `git status
// --branch` reports, so an answer is either git's or not given.
func readHead(dir string) (top, indexPath, head, tree string, ok bool) {
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if relocating[name] || strings.HasPrefix(name, "GIT_CONFIG") {
			return "", "", "", "", false
		}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", "", "", "", false
	}
	if abs, err = filepath.EvalSymlinks(abs); err != nil {
		return "", "", "", "", false
	}
	for top = abs; ; {
		fi, err := os.Lstat(filepath.Join(top, ".git"))
		if err == nil {
			if !fi.IsDir() {
				return "", "", "", "", false
			}
			break
		}
		parent := filepath.Dir(top)
		if parent == top {
			return "", "", "", "", false
		}
		top = parent
	}
	gitDir := filepath.Join(top, ".git")
	if cfg, err := os.ReadFile(filepath.Join(gitDir, "config")); err != nil || plainConfigUnsafe(cfg) {
		return "", "", "", "", false
	}
	if _, err := os.Stat(filepath.Join(gitDir, "objects", "info", "alternates")); err == nil {
		return "", "", "", "", false
	}
	// `git replace` can stand another commit in for HEAD's.
	if replaced(gitDir) {
		return "", "", "", "", false
	}
	head, err = resolveHead(gitDir)
	if err != nil {
		return "", "", "", "", false
	}
	tree, err = commitTree(gitDir, head)
	if err != nil {
		return "", "", "", "", false
	}
	return top, filepath.Join(gitDir, "index"), head, tree, true
}

// relocating are the variables that move the repository, its work tree,
// index or objects, or change how HEAD resolves.
var relocating = map[string]bool{"GIT_DIR": true, "GIT_WORK_TREE": true, "GIT_INDEX_FILE": true, "GIT_OBJECT_DIRECTORY": true,
	"GIT_ALTERNATE_OBJECT_DIRECTORIES": true, "GIT_COMMON_DIR": true, "GIT_CEILING_DIRECTORIES": true,
	"GIT_DISCOVERY_ACROSS_FILESYSTEM": true, "GIT_NAMESPACE": true, "GIT_REPLACE_REF_BASE": true, "GIT_NO_REPLACE_OBJECTS": true}

// replaced reports whether the repository has replace refs.
func replaced(gitDir string) bool {
	if entries, err := os.ReadDir(filepath.Join(gitDir, "refs", "replace")); err == nil && len(entries) > 0 {
		return true
	}
	packed, err := os.ReadFile(filepath.Join(gitDir, "packed-refs"))
	return err == nil && bytes.Contains(packed, []byte(" refs/replace/"))
}

// plainConfigUnsafe reports whether a repository's config changes where
// the work tree, the refs or the objects are, or how they are named.
func plainConfigUnsafe(cfg []byte) bool {
	lower := bytes.ToLower(cfg)
	for _, word := range []string{"worktree", "[extensions", "bare = true", "bare=true", "objectformat", "refstorage"} {
		if bytes.Contains(lower, []byte(word)) {
			return true
		}
	}
	return false
}

// resolveHead follows HEAD to a commit id through one loose or packed ref.
func resolveHead(gitDir string) (string, error) {
	raw, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return "", err
	}
	s := strings.TrimSpace(string(raw))
	ref, symbolic := strings.CutPrefix(s, "ref: ")
	if !symbolic {
		return checkID(s)
	}
	if !strings.HasPrefix(ref, "refs/") || strings.Contains(ref, "..") {
		return "", fmt.Errorf("HEAD names %q", ref)
	}
	if raw, err := os.ReadFile(filepath.Join(gitDir, filepath.FromSlash(ref))); err == nil {
		return checkID(strings.TrimSpace(string(raw)))
	}
	packed, err := os.ReadFile(filepath.Join(gitDir, "packed-refs"))
	if err != nil {
		return "", err
	}
	for line := range strings.SplitSeq(string(packed), "\n") {
		if id, name, ok := strings.Cut(strings.TrimRight(line, "\r"), " "); ok && name == ref {
			return checkID(id)
		}
	}
	return "", fmt.Errorf("%s is not in packed-refs", ref)
}

func checkID(s string) (string, error) {
	if len(s) != 2*sha1.Size {
		return "", fmt.Errorf("%q is not a SHA-1 object id", s)
	}
	if _, err := hex.DecodeString(s); err != nil {
		return "", fmt.Errorf("%q is not a SHA-1 object id", s)
	}
	return s, nil
}

// maxCommit bounds the commit object read: a commit is a few hundred
// bytes, a long message a few kilobytes.
const maxCommit = 1 << 20

// commitTree reads commit id (loose, or whole in a pack), checks that its
// bytes hash to id, and returns its tree.
func commitTree(gitDir, id string) (string, error) {
	body, err := looseObject(gitDir, id)
	if errors.Is(err, os.ErrNotExist) {
		body, err = packedCommit(gitDir, id)
	}
	if err != nil {
		return "", err
	}
	tree, ok := strings.CutPrefix(string(body), "tree ")
	if !ok || len(tree) < 2*sha1.Size {
		return "", errors.New("commit without a tree line")
	}
	return checkID(tree[:2*sha1.Size])
}

// looseObject returns the body of loose commit id, verified.
func looseObject(gitDir, id string) ([]byte, error) {
	f, err := os.Open(filepath.Join(gitDir, "objects", id[:2], id[2:]))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := zlib.NewReader(f)
	if err != nil {
		return nil, err
	}
	raw, err := io.ReadAll(io.LimitReader(z, maxCommit))
	if err != nil {
		return nil, err
	}
	header, body, ok := bytes.Cut(raw, []byte{0})
	if !ok || string(header) != "commit "+strconv.Itoa(len(body)) {
		return nil, fmt.Errorf("object %s is not a commit", id)
	}
	return body, verify(id, raw)
}

func verify(id string, raw []byte) error {
	sum := sha1.Sum(raw)
	if hex.EncodeToString(sum[:]) != id {
		return fmt.Errorf("object %s does not hash to its id", id)
	}
	return nil
}

// packedCommit finds commit id in the packs' version 2 indexes and returns
// its body, verified; a commit stored as a delta is left to git.
func packedCommit(gitDir, id string) ([]byte, error) {
	want, _ := hex.DecodeString(id)
	idxs, _ := filepath.Glob(filepath.Join(gitDir, "objects", "pack", "pack-*.idx"))
	for _, idx := range idxs {
		off, found, err := findInIndex(idx, want)
		if err != nil {
			return nil, err
		}
		if found {
			return readPacked(strings.TrimSuffix(idx, ".idx")+".pack", off, id)
		}
	}
	return nil, fmt.Errorf("object %s not found", id)
}

// findInIndex looks id up in a version 2 pack index by binary search over
// its sorted ids, reading only the entries it visits.
func findInIndex(path string, id []byte) (int64, bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, false, err
	}
	defer f.Close()
	var head [8 + 256*4]byte
	if _, err := f.ReadAt(head[:], 0); err != nil {
		return 0, false, err
	}
	if !bytes.Equal(head[:8], []byte{0xff, 't', 'O', 'c', 0, 0, 0, 2}) {
		return 0, false, fmt.Errorf("%s: not a version 2 pack index", path)
	}
	fanout := func(b int) uint32 { return binary.BigEndian.Uint32(head[8+4*b:]) }
	n := int64(fanout(255))
	lo := int64(0)
	if id[0] > 0 {
		lo = int64(fanout(int(id[0]) - 1))
	}
	hi := int64(fanout(int(id[0])))
	const ids = 8 + 256*4
	var entry [sha1.Size]byte
	var readErr error
	i := lo + int64(sort.Search(int(hi-lo), func(k int) bool {
		if _, err := f.ReadAt(entry[:], ids+(lo+int64(k))*sha1.Size); err != nil {
			readErr = err
			return true
		}
		return bytes.Compare(entry[:], id) >= 0
	}))
	if readErr != nil {
		return 0, false, readErr
	}
	if i >= hi {
		return 0, false, nil
	}
	if _, err := f.ReadAt(entry[:], ids+i*sha1.Size); err != nil || !bytes.Equal(entry[:], id) {
		return 0, false, err
	}
	offsets := ids + n*sha1.Size + n*4 // past the ids and their CRCs
	var b4 [4]byte
	if _, err := f.ReadAt(b4[:], offsets+i*4); err != nil {
		return 0, false, err
	}
	off := int64(binary.BigEndian.Uint32(b4[:]))
	if off&(1<<31) != 0 {
		var b8 [8]byte
		if _, err := f.ReadAt(b8[:], offsets+n*4+(off&^(1<<31))*8); err != nil {
			return 0, false, err
		}
		off = int64(binary.BigEndian.Uint64(b8[:]))
	}
	return off, true, nil
}

// readPacked reads the object at off in pack, which must be a whole
// commit, and returns its body, verified.
func readPacked(pack string, off int64, id string) ([]byte, error) {
	f, err := os.Open(pack)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var hdr [16]byte
	n, err := f.ReadAt(hdr[:], off)
	if n == 0 {
		return nil, err
	}
	typ := (hdr[0] >> 4) & 7
	size := int64(hdr[0] & 15)
	i, shift := 0, 4
	for hdr[i]&0x80 != 0 {
		i++
		if i >= n || shift > 56 {
			return nil, errors.New("pack entry header too long")
		}
		size |= int64(hdr[i]&0x7f) << shift
		shift += 7
	}
	if typ != 1 { // OBJ_COMMIT; deltas and the rest are git's to read
		return nil, fmt.Errorf("object %s is stored as type %d", id, typ)
	}
	if size > maxCommit {
		return nil, fmt.Errorf("commit %s is %d bytes", id, size)
	}
	z, err := zlib.NewReader(io.NewSectionReader(f, off+int64(i)+1, 1<<62))
	if err != nil {
		return nil, err
	}
	body := make([]byte, size)
	if _, err := io.ReadFull(z, body); err != nil {
		return nil, err
	}
	raw := append([]byte("commit "+strconv.FormatInt(size, 10)+"\x00"), body...)
	return body, verify(id, raw)
}

// branchOID returns the commit `git status --porcelain=v2 --branch -z`
// compared the work tree against ("" without commits).
func branchOID(status string) string {
	for f := range strings.SplitSeq(status, "\x00") {
		if oid, ok := strings.CutPrefix(f, "# branch.oid "); ok {
			if _, err := checkID(oid); err == nil {
				return oid
			}
			return ""
		}
	}
	return ""
}
