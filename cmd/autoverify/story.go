package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/internal/lazyregexp"
)

// storyKeyRe limits keys to what is safe in a file name.
var storyKeyRe = lazyregexp.New(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// storyKey returns the explicit key, or the story's file name without its
// extension (KAN-25.md → KAN-25).
func storyKey(explicit, path string) (string, error) {
	key := explicit
	src := "--story-key"
	if key == "" {
		key = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		src = "story file name " + filepath.Base(path)
	}
	if !storyKeyRe().MatchString(key) {
		return "", inputErrorf("%s gives story key %q, which is not usable in file names; pass --story-key KEY (letters, digits, '.', '_' or '-')", src, key)
	}
	return key, nil
}

// readStory reads and parses a story, turning every problem into an
// InputError that names the file and the fix.
func readStory(path string, policy checklist.Policy) ([]byte, *checklist.Story, error) {
	src, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil, inputErrorf("story %s: no such file; check the path", path)
	case err != nil:
		return nil, nil, inputErrorf("story %s: %v", path, err)
	}
	story, err := checklist.Parse(src, policy)
	if err != nil {
		return nil, nil, inputErrorf("story %s: %v", path, err)
	}
	if len(story.Items) == 0 {
		return nil, nil, inputErrorf("story %s: %v", path, checklist.ErrNoChecklist)
	}
	return src, story, nil
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
