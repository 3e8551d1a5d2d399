package workspace

import (
	"io/fs"
	"os"
)

// Trees opens a command's tree for the failure reading
// (verify.TreeOpener) with os.Root: every read stays inside the tree, a
// link out of it included, since the tree is the change's.
type Trees struct{}

// OpenTree opens dir ("" is the working directory).
func (Trees) OpenTree(dir string) (fs.FS, func() error, error) {
	if dir == "" {
		dir = "."
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, nil, err
	}
	return root.FS(), root.Close, nil
}
