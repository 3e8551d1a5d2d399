package git

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// Repo is a git work tree.
type Repo struct {
	Dir string
}

// ErrNotRepo says the directory is not inside a git work tree.
var ErrNotRepo = errors.New("not a git work tree")

func (r Repo) git(ctx context.Context, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", r.Dir}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", gitError(args, err, errb.String())
	}
	return out.String(), nil
}

// Head returns the commit checked out, or ErrNotRepo.
func (r Repo) Head(ctx context.Context) (string, error) {
	out, err := r.git(ctx, "rev-parse", "--verify", "HEAD")
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(out), nil
}

// Snapshot is the set of paths that differ from HEAD (or are untracked), as
// git status reports them, relative to the top of the work tree.
type Snapshot map[string]string

// Status snapshots the work tree.
func (r Repo) Status(ctx context.Context) (Snapshot, error) {
	out, err := r.git(ctx, "status", "--porcelain=v1", "-z", "--untracked-files=all")
	if err != nil {
		return nil, err
	}
	snap := Snapshot{}
	fields := strings.Split(out, "\x00")
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if len(f) < 4 {
			continue
		}
		code, path := f[:2], f[3:]
		if code[0] == 'R' || code[0] == 'C' {
			i++ // the next field is the rename source
		}
		snap[path] = code
	}
	return snap, nil
}

// CommitFix commits the paths changed since before, except those already
// changed then (they hold someone else's uncommitted work) and those under
// an excluded path (evidence, the story's markers). It returns the new
// commit, or "" when the fixer changed nothing that may be committed, and
// the paths it left out.
func (r Repo) CommitFix(ctx context.Context, before Snapshot, message string, exclude []string) (string, []string, error) {
	after, err := r.Status(ctx)
	if err != nil {
		return "", nil, err
	}
	top, err := r.git(ctx, "rev-parse", "--show-toplevel")
	if err != nil {
		return "", nil, err
	}
	top = strings.TrimSpace(top)
	var paths, skipped []string
	for p := range after {
		switch {
		case excluded(filepath.Join(top, p), exclude):
		case before[p] != "":
			skipped = append(skipped, p)
		default:
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	sort.Strings(skipped)
	if len(paths) == 0 {
		return "", skipped, nil
	}
	if _, err := r.git(ctx, append([]string{"add", "-A", "--"}, prefixTop(top, paths)...)...); err != nil {
		return "", skipped, err
	}
	args := []string{}
	if email, _ := r.git(ctx, "config", "user.email"); strings.TrimSpace(email) == "" {
		args = append(args, "-c", "user.name=autoverify", "-c", "user.email=autoverify@localhost")
	}
	args = append(args, "commit", "--no-verify", "-m", message, "--")
	if _, err := r.git(ctx, append(args, prefixTop(top, paths)...)...); err != nil {
		return "", skipped, err
	}
	sha, err := r.Head(ctx)
	return sha, skipped, err
}

// Push pushes exactly commit (and its ancestors) to the current branch's
// upstream, never a later commit, so commits made after it (evidence, for
// instance) stay local.
func (r Repo) Push(ctx context.Context, commit string) error {
	branch, err := r.git(ctx, "symbolic-ref", "--short", "HEAD")
	if err != nil {
		return fmt.Errorf("pushing %s: not on a branch: %w", commit, err)
	}
	branch = strings.TrimSpace(branch)
	remote, _ := r.git(ctx, "config", "branch."+branch+".remote")
	remote = strings.TrimSpace(remote)
	if remote == "" {
		remote = "origin"
	}
	if _, err := r.git(ctx, "push", remote, commit+":refs/heads/"+branch); err != nil {
		return fmt.Errorf("pushing %s to %s/%s: %w", commit, remote, branch, err)
	}
	return nil
}

func excluded(abs string, exclude []string) bool {
	for _, e := range exclude {
		if e == "" {
			continue
		}
		e = filepath.Clean(e)
		if abs == e || strings.HasPrefix(abs, e+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

func prefixTop(top string, paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = filepath.Join(top, p)
	}
	return out
}

// FixCommitter commits each auto-fixer's changes in the work tree. It
// leaves out files that were already changed before the fixer ran
// (someone's uncommitted work) and the paths in Exclude (evidence, state,
// the story), and pushes the fix commit only when Push is set. Evidence is
// never committed, so never pushed. It implements bot.FixCommitter.
type FixCommitter struct {
	Repo    Repo
	Push    bool
	Exclude []string
	// Warn learns of files left uncommitted.
	Warn   func(format string, args ...any)
	before Snapshot
}

// Prepare snapshots the work tree before a fixer runs.
func (c *FixCommitter) Prepare(ctx context.Context) error {
	snap, err := c.Repo.Status(ctx)
	c.before = snap
	return err
}

// Commit commits what the fixer changed and returns the commit ("" when
// nothing committable changed).
func (c *FixCommitter) Commit(ctx context.Context, message string) (string, error) {
	sha, skipped, err := c.Repo.CommitFix(ctx, c.before, message, c.Exclude)
	if len(skipped) > 0 && c.Warn != nil {
		c.Warn("warning: auto-fix changed files that already had uncommitted changes; left them uncommitted: %s\n", strings.Join(skipped, ", "))
	}
	if err != nil || sha == "" || !c.Push {
		return sha, err
	}
	return sha, c.Repo.Push(ctx, sha)
}

// AbsPaths resolves paths (following symlinks where they exist) so they
// can be compared with git's view of the work tree in Exclude.
func AbsPaths(paths ...string) []string {
	var out []string
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			continue
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		out = append(out, abs)
	}
	return out
}

// TreeHash is the git tree hash of the work tree as it is now — tracked
// and untracked files that .gitignore does not exclude, changed or not —
// with the paths in exclude (evidence, state, the story whose markers each
// run rewrites) as the index has them. It never writes the repository's
// own index, so the user's staging area is untouched. It is the result
// cache's name for "these exact files".
func (r Repo) TreeHash(ctx context.Context, exclude ...string) (string, error) {
	_, tree, err := r.HeadAndTree(ctx, exclude...)
	return tree, err
}

// HeadAndTree returns HEAD's commit ("" in a repository without commits)
// and TreeHash.
//
// Every `autoverify run` pays for it, so it asks git as little as it can:
// two processes at once, `git rev-parse` (HEAD, HEAD's tree, the top of
// the work tree) and `git status` (what differs from HEAD). When nothing
// differs but excluded paths changed in the work tree only — the usual
// case: a committed tree, the story's markers and the evidence rewritten
// by the last run — the answer is HEAD's tree, about 5 ms. Otherwise
// the paths status named are staged into a copy of the index and
// `git write-tree` hashes it: two more processes, as before.
//
// Hashing in-process (reading the index and the object database with a
// git library) was considered and left: it would re-implement what git's
// status does with the user's configuration (filters, core.fileMode,
// sparse and split indexes), and one wrong answer here is a stale result
// reused; git's own answer costs one process start more.
func (r Repo) HeadAndTree(ctx context.Context, exclude ...string) (head, tree string, err error) {
	abs := AbsPaths(exclude...)
	type statusAnswer struct {
		out string
		err error
	}
	status := make(chan statusAnswer, 1)
	go func() {
		out, err := r.git(ctx, statusArgs...)
		status <- statusAnswer{out, err}
	}()
	// The rest is read from the repository's files where it can be (see
	// readHead), else asked of a second git process.
	top, indexPath, head, headTree, read := readHead(r.Dir)
	st := <-status
	if st.err != nil {
		return "", "", st.err
	}
	if !read || branchOID(st.out) != head {
		var err error
		if top, indexPath, head, headTree, err = r.revParse(ctx); err != nil {
			return "", "", err
		}
	}
	stage, sameAsHead, err := parseStatus(st.out, top, abs)
	if err != nil {
		return "", "", err
	}
	if sameAsHead && headTree != "" {
		return head, headTree, nil
	}
	tree, err = r.writeTree(ctx, top, indexPath, stage)
	return head, tree, err
}

// revParse asks git for the top of the work tree, the index file, HEAD and
// its tree (the last two empty without commits).
func (r Repo) revParse(ctx context.Context) (top, indexPath, head, tree string, err error) {
	out, err := r.git(ctx, "rev-parse", "--path-format=absolute", "--git-path", "index", "--show-toplevel", "HEAD", "HEAD^{tree}")
	if err != nil && !errors.Is(err, ErrNotRepo) {
		// A repository without commits has no HEAD: ask again without it.
		out, err = r.git(ctx, "rev-parse", "--path-format=absolute", "--git-path", "index", "--show-toplevel")
	}
	if err != nil {
		return "", "", "", "", err
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 && len(lines) != 4 {
		return "", "", "", "", fmt.Errorf("git rev-parse: unexpected answer %q", out)
	}
	indexPath, top = lines[0], lines[1]
	if len(lines) == 4 {
		head, tree = lines[2], lines[3]
	}
	return top, indexPath, head, tree, nil
}

// parseStatus reads `git status --porcelain=v2 -z` and returns the paths
// whose work tree state must be staged for the tree hash (changed in the
// work tree, deleted, untracked; excluded paths left out), and whether the
// tree is HEAD's: nothing staged differs from HEAD and the work tree
// differs only at excluded paths.
func parseStatus(out, top string, exclude []string) (stage []string, sameAsHead bool, err error) {
	sameAsHead = true
	fields := strings.Split(out, "\x00")
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if f == "" {
			continue
		}
		var xy, path string
		switch f[0] {
		case '1': // 1 XY sub mH mI mW hH hI path
			p := strings.SplitN(f, " ", 9)
			if len(p) < 9 {
				return nil, false, fmt.Errorf("git status: unexpected entry %q", f)
			}
			xy, path = p[1], p[8]
		case '2': // 2 XY sub mH mI mW hH hI Xscore path, then the source path
			p := strings.SplitN(f, " ", 10)
			if len(p) < 10 {
				return nil, false, fmt.Errorf("git status: unexpected entry %q", f)
			}
			xy, path = p[1], p[9]
			i++
		case 'u': // u XY sub m1 m2 m3 mW h1 h2 h3 path: unmerged
			p := strings.SplitN(f, " ", 11)
			if len(p) < 11 {
				return nil, false, fmt.Errorf("git status: unexpected entry %q", f)
			}
			xy, path = "UU", p[10]
		case '?': // ? path: untracked
			xy, path = ".?", strings.TrimPrefix(f, "? ")
		case '!', '#':
			continue
		default:
			return nil, false, fmt.Errorf("git status: unexpected entry %q", f)
		}
		if len(xy) != 2 {
			return nil, false, fmt.Errorf("git status: unexpected entry %q", f)
		}
		if xy[0] != '.' {
			// The index differs from HEAD here (excluded or not: an
			// excluded path keeps the index's version).
			sameAsHead = false
		}
		if excluded(filepath.Join(top, filepath.FromSlash(path)), exclude) {
			continue
		}
		sameAsHead = false
		if xy[1] != '.' {
			stage = append(stage, path)
		}
	}
	return stage, sameAsHead, nil
}

// writeTree stages paths (relative to top, as the work tree has them)
// into a copy of the index at indexPath and returns the tree `git
// write-tree` makes of it.
func (r Repo) writeTree(ctx context.Context, top, indexPath string, paths []string) (string, error) {
	tmp, err := os.CreateTemp("", "autoverify-index-*")
	if err != nil {
		return "", fmt.Errorf("git: temporary index: %w", err)
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	if raw, err := os.ReadFile(indexPath); err == nil {
		if err := os.WriteFile(tmp.Name(), raw, 0o600); err != nil {
			return "", fmt.Errorf("git: temporary index: %w", err)
		}
	} else {
		os.Remove(tmp.Name()) // no index yet: git starts one
	}
	env := []string{"GIT_INDEX_FILE=" + tmp.Name()}
	if len(paths) > 0 {
		// The paths go in on stdin, literally (a file may be named
		// `*.go`), from the top: no argument list to overflow.
		cmd := exec.CommandContext(ctx, "git", "-C", top, "--literal-pathspecs", "add", "-A",
			"--pathspec-from-file=-", "--pathspec-file-nul")
		cmd.Env = append(os.Environ(), env...)
		cmd.Stdin = strings.NewReader(strings.Join(paths, "\x00"))
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("git add (temporary index): %v: %s", err, strings.TrimSpace(string(out)))
		}
	}
	out, err := r.gitEnv(ctx, env, "write-tree")
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(out), nil
}

func (r Repo) gitEnv(ctx context.Context, env []string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", r.Dir}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if strings.Contains(msg, "not a git repository") {
			return "", ErrNotRepo
		}
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, msg)
	}
	return out.String(), nil
}

// ErrNoRevision says a revision names no commit of the repository.
var ErrNoRevision = errors.New("no such revision")

// Commit resolves rev (a branch, tag, hash, HEAD~1) to its commit hash.
// A revision that names no commit matches ErrNoRevision.
func (r Repo) Commit(ctx context.Context, rev string) (string, error) {
	if rev == "" || strings.HasPrefix(rev, "-") {
		return "", fmt.Errorf("%q: %w", rev, ErrNoRevision)
	}
	out, err := r.git(ctx, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if errors.Is(err, ErrNotRepo) {
		return "", err
	}
	if err != nil || strings.TrimSpace(out) == "" {
		return "", fmt.Errorf("%q: %w", rev, ErrNoRevision)
	}
	return strings.TrimSpace(out), nil
}

// Archive writes the tree of commit as a gzip-compressed tar whose
// entries all sit under top/ (GitHub's tarball layout, so one safe
// extractor reads both). It reads the object database only: the work
// tree, the index and the repository's files are left as they are.
func (r Repo) Archive(ctx context.Context, commit, top string, w io.Writer) error {
	cmd := exec.CommandContext(ctx, "git", "-C", r.Dir, "archive", "--format=tar.gz", "--prefix="+top+"/", "--end-of-options", commit)
	var errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = w, &errb
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("git archive %s: %v: %s", commit, err, strings.TrimSpace(errb.String()))
	}
	return nil
}

// StartHead starts reading dir's HEAD and, with tree, the hash of its
// content (TreeHash, leaving out exclude: evidence, state and the story's
// markers change every run and are not what the checks test) in the
// background, and returns the function that waits for the answer (the
// CLI's source asks it once it needs the subject). Outside git both are
// "".
func StartHead(ctx context.Context, dir string, tree bool, exclude ...string) func(context.Context, string, bool) (head, treeHash string, err error) {
	type answer struct {
		head, tree string
		err        error
	}
	done := make(chan answer, 1)
	go func() {
		repo := Repo{Dir: dir}
		var a answer
		if tree {
			a.head, a.tree, a.err = repo.HeadAndTree(ctx, exclude...)
		} else {
			a.head, a.err = repo.Head(ctx)
		}
		if errors.Is(a.err, ErrNotRepo) {
			a = answer{}
		}
		done <- a
	}()
	var once sync.Once
	var got answer
	return func(context.Context, string, bool) (string, string, error) {
		once.Do(func() { got = <-done })
		return got.head, got.tree, got.err
	}
}
