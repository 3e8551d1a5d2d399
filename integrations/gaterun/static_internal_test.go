package gaterun

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestChangedSources: what pyflakes would read walking the head's tree
// and the base lacks or has otherwise; a symbolic link out of the tree
// (which the gates' extractor refuses, but a tree could hold) is an
// error, and the check then runs over both trees whole.
func TestChangedSources(t *testing.T) {
	t.Parallel()
	base, head := t.TempDir(), t.TempDir()
	write := func(dir, name, body string) {
		full := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(t, os.WriteFile(full, []byte(body), 0o644))
	}
	for _, dir := range []string{base, head} {
		write(dir, "same.py", "x = 1\n")
		write(dir, "pkg/data.bin", "\x00\x01")
		write(dir, "bin/same", "#!/usr/bin/env python3\nx = 1\n")
	}
	write(base, "edited.py", "x = 1\n")
	write(head, "edited.py", "x = 2\n")
	write(head, "added/new.py", "y = 1\n")
	write(base, "gone.py", "z = 1\n")
	write(base, "bin/tool", "#!/usr/bin/env python3\nx = 1\n")
	write(head, "bin/tool", "#!/usr/bin/env python3\nx = 2\n")
	write(head, "notes.txt", "changed, but not Python\n")
	write(head, ".git/hooks/x.py", "not the tree's\n")
	require.NoError(t, os.Symlink("added", filepath.Join(head, "dirlink.py"))) // pyflakes does not walk into it
	require.NoError(t, os.Symlink("edited.py", filepath.Join(head, "alias.py")))

	got, err := changedSources(base, head)
	require.NoError(t, err)
	assert.Equal(t, []string{"added/new.py", "alias.py", "bin/tool", "edited.py"}, got)

	require.NoError(t, os.Symlink("/etc/hostname", filepath.Join(head, "out.py")))
	_, err = changedSources(base, head)
	assert.ErrorContains(t, err, "out.py", "a link out of the tree cannot be compared here")
}
