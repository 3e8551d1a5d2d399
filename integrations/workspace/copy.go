// Package workspace copies a verification's workspace for the independent
// reviewers, so that no reviewer sees files another wrote (a build cache,
// a test's leftovers, a planted result).
package workspace

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/engineo/autoverify/bot"
)

// Copier copies workspaces into fresh directories under Dir (default: the
// system's temporary directory).
type Copier struct {
	Dir string
}

var _ bot.WorkspaceCloner = Copier{}

// Clone copies dir into a new directory with os.CopyFS: regular files
// keep their execute bits and symbolic links are copied as links, never
// followed, so a link in a pull request cannot pull a file from outside
// the workspace into the copy. release removes the copy.
func (c Copier) Clone(ctx context.Context, dir string) (string, func(), error) {
	if err := ctx.Err(); err != nil {
		return "", nil, err
	}
	root, err := os.MkdirTemp(c.Dir, "autoverify-reviewer-*")
	if err != nil {
		return "", nil, fmt.Errorf("workspace: creating a copy of %s: %w", dir, err)
	}
	release := func() { _ = os.RemoveAll(root) }
	// Keep the workspace's own name: some tools print or depend on it.
	dst := filepath.Join(root, filepath.Base(filepath.Clean(dir)))
	if err := os.CopyFS(dst, os.DirFS(dir)); err != nil {
		release()
		return "", nil, fmt.Errorf("workspace: copying %s: %w", dir, err)
	}
	return dst, release, nil
}
