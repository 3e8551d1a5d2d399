package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/engineo/autoverify/bot/repoconfig"
)

// ReadRepoFile reads and parses the .autoverify.yml of the work directory
// and returns it with its path; a directory without one has the zero
// File, and "" reads none (the path is then the file's bare name).
func ReadRepoFile(workdir string) (repoconfig.File, string, error) {
	if workdir == "" {
		return repoconfig.File{}, repoconfig.Name, nil
	}
	path := filepath.Join(workdir, repoconfig.Name)
	raw, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return repoconfig.File{}, path, nil
	}
	if err != nil {
		return repoconfig.File{}, path, fmt.Errorf("%s: %w", path, err)
	}
	rf, err := repoconfig.Parse(raw)
	if err != nil {
		return repoconfig.File{}, path, fmt.Errorf("%s: %w", workdir, err)
	}
	return rf, path, nil
}
