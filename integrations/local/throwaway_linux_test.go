package local

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/verify"
)

// throwawayTree is a tree with a file to change, one to delete, a
// directory to remove, and returns how to read it back.
func throwawayTree(t *testing.T, dir string) func() map[string]string {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "sub"), 0o755))
	for name, body := range map[string]string{"keep.txt": "kept\n", "gone.txt": "gone\n", "sub/x.txt": "x\n"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	return func() map[string]string {
		out := map[string]string{}
		require.NoError(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			raw, err := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			out[rel] = string(raw)
			return err
		}))
		return out
	}
}

// What a hostile command does to the tree it is given: rewrite a file,
// delete one, rename a directory with rename(2) (as os.Rename does: an
// overlay without redirect_dir refuses it with EXDEV where a copy would
// not) and remove it, add a file, and read it all back.
const throwawayAttack = `echo changed > keep.txt && rm gone.txt && /usr/bin/python3 -c "import os; os.rename('sub', 'sub2')" && rm -r sub2 && echo new > new.txt && ` +
	`cat keep.txt new.txt && test ! -e gone.txt && test ! -e sub`

// TestThrowawayTreeKeepsNothing: a Throwaway command sees its own writes
// (a changed file, deleted ones, a new one) and leaves the host's tree as
// it was, whether it runs in the tree or in a Source shown at another
// path; the next command sees the tree as it was.
func TestThrowawayTreeKeepsNothing(t *testing.T) {
	r := newRunner(t, IsolationSandbox)
	require.True(t, r.ShowsThrowaway())
	ctx := context.Background()
	for name, viaSource := range map[string]bool{"in the tree": false, "a Source at another path": true} {
		t.Run(name, func(t *testing.T) {
			tree := t.TempDir()
			read := throwawayTree(t, tree)
			before := read()
			cmd := verify.Command{ItemID: "t", Argv: []string{"sh", "-c", throwawayAttack}, Dir: tree, Throwaway: true}
			if viaSource {
				cmd.Dir, cmd.Source = t.TempDir(), tree
			}
			res, err := r.Run(ctx, cmd)
			require.NoError(t, err)
			assert.Equal(t, 0, res.ExitCode, string(res.Output))
			assert.Equal(t, "changed\nnew\n", string(res.Output), "the command sees its own writes")
			assert.Equal(t, before, read(), "the host's tree was written")

			cmd.Argv = []string{"sh", "-c", "cat keep.txt gone.txt sub/x.txt; test ! -e new.txt"}
			res, err = r.Run(ctx, cmd)
			require.NoError(t, err)
			assert.Equal(t, "kept\ngone\nx\n", string(res.Output), "the next command sees an earlier one's writes")
			assert.Equal(t, 0, res.ExitCode)
		})
	}
}

// TestThrowawayRefusedIsNotRun: a tree the overlay cannot show (a path its
// options cannot carry) is refused with ErrNoThrowaway, the command not
// run, and the runner stops offering throwaway trees; without the sandbox
// none is offered and a Throwaway command is refused the same way, never
// run in the tree itself.
func TestThrowawayRefusedIsNotRun(t *testing.T) {
	ctx := context.Background()
	r := newRunner(t, IsolationSandbox)
	tree := filepath.Join(t.TempDir(), "a,b")
	require.NoError(t, os.Mkdir(tree, 0o755))
	read := throwawayTree(t, tree)
	before := read()
	_, err := r.Run(ctx, verify.Command{ItemID: "t", Argv: []string{"sh", "-c", throwawayAttack}, Dir: tree, Throwaway: true})
	assert.True(t, errors.Is(err, verify.ErrNoThrowaway), "%v", err)
	assert.Equal(t, before, read(), "a refused command ran")
	assert.False(t, r.ShowsThrowaway(), "offered again after a refusal")

	plain := newRunner(t, IsolationProcessGroup)
	assert.False(t, plain.ShowsThrowaway())
	_, err = plain.Run(ctx, verify.Command{ItemID: "t", Argv: []string{"sh", "-c", throwawayAttack}, Dir: tree, Throwaway: true})
	assert.True(t, errors.Is(err, verify.ErrNoThrowaway), "%v", err)
	assert.Equal(t, before, read(), "a command ran in the tree itself")
}
