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
		msg := strings.TrimSpace(errb.String())
		if strings.Contains(msg, "not a git repository") {
			return "", ErrNotRepo
		}
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, msg)
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
// run rewrites) as HEAD has them. It writes a temporary index, never the
// repository's own, so the user's staging area is untouched. It is the
// result cache's name for "these exact files".
func (r Repo) TreeHash(ctx context.Context, exclude ...string) (string, error) {
	_, tree, err := r.HeadAndTree(ctx, exclude...)
	return tree, err
}

// HeadAndTree returns HEAD's commit ("" in a repository without commits)
// and TreeHash, with four git processes, two of them at once: about 15 ms.
func (r Repo) HeadAndTree(ctx context.Context, exclude ...string) (head, tree string, err error) {
	abs := AbsPaths(exclude...)
	ignored := make(chan map[string]bool, 1)
	go func() { ignored <- r.ignoredOf(ctx, abs) }()
	out, err := r.git(ctx, "rev-parse", "--path-format=absolute", "--git-path", "index", "--show-toplevel", "HEAD")
	if err != nil {
		// A repository without commits has no HEAD: ask again without it.
		if out, err = r.git(ctx, "rev-parse", "--path-format=absolute", "--git-path", "index", "--show-toplevel"); err != nil {
			<-ignored
			return "", "", err
		}
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	skip := <-ignored
	if len(lines) < 2 {
		return "", "", fmt.Errorf("git rev-parse: unexpected answer %q", out)
	}
	indexPath, top := lines[0], lines[1]
	if len(lines) > 2 {
		head = lines[2]
	}
	tmp, err := os.CreateTemp("", "autoverify-index-*")
	if err != nil {
		return "", "", fmt.Errorf("git: temporary index: %w", err)
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	if raw, err := os.ReadFile(indexPath); err == nil {
		if err := os.WriteFile(tmp.Name(), raw, 0o600); err != nil {
			return "", "", fmt.Errorf("git: temporary index: %w", err)
		}
	} else {
		os.Remove(tmp.Name()) // no index yet: git starts one
	}
	env := []string{"GIT_INDEX_FILE=" + tmp.Name()}
	// Excluded paths keep the index's (HEAD's) version. Paths .gitignore
	// already ignores stay out by themselves and must not be named: git
	// refuses to add (or exclude) an ignored path by name.
	add := []string{"add", "-A", "--", ":/"}
	for _, p := range abs {
		if rel, err := filepath.Rel(top, p); err == nil && rel != "." && !strings.HasPrefix(rel, "..") && !skip[p] {
			add = append(add, ":(exclude,top)"+filepath.ToSlash(rel))
		}
	}
	if _, err := r.gitEnv(ctx, env, add...); err != nil {
		return "", "", err
	}
	out, err = r.gitEnv(ctx, env, "write-tree")
	if err != nil {
		return "", "", err
	}
	return head, strings.TrimSpace(out), nil
}

// ignoredOf returns which of paths .gitignore rules cover, with one
// `git check-ignore` (exit 1 means none is).
func (r Repo) ignoredOf(ctx context.Context, paths []string) map[string]bool {
	out := map[string]bool{}
	if len(paths) == 0 {
		return out
	}
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", r.Dir, "check-ignore", "--"}, paths...)...)
	raw, _ := cmd.Output()
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		if line != "" {
			out[line] = true
		}
	}
	return out
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
