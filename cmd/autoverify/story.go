package main

import (
	"errors"
	"io/fs"
	"os"

	"github.com/engineo/autoverify/checklist"
)

// storyKey is checklist.FileKey, bad input as such.
func storyKey(explicit, path string) (string, error) {
	key, err := checklist.FileKey(explicit, path)
	if err != nil {
		return "", inputErrorf("%v", err)
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
