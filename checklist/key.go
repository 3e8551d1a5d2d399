package checklist

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

// keyRe is the spec's story key pattern: a project key and a number
// (KAN-25, OPS-1).
var keyRe = lazyregexp.New(`\b[A-Z][A-Z0-9]+-[0-9]+\b`)

// FindKey returns the first story key in texts, tried in order (a pull
// request's title, then its head branch, then its body); "" when none has
// one.
func FindKey(texts ...string) string {
	for _, s := range texts {
		if k := keyRe().FindString(s); k != "" {
			return k
		}
	}
	return ""
}

// fileKeyRe limits keys to what is safe in a file name.
var fileKeyRe = lazyregexp.New(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// FileKey returns the explicit key, or the story's file name without its
// extension (docs/stories/KAN-25.md → KAN-25), or an error naming where the
// key came from when it is not usable in file names (evidence and summary
// files are named after it).
func FileKey(explicit, storyPath string) (string, error) {
	key, src := explicit, "--story-key"
	if key == "" {
		base := path.Base(filepath.ToSlash(storyPath))
		key, src = strings.TrimSuffix(base, path.Ext(base)), "story file name "+base
	}
	if !fileKeyRe().MatchString(key) {
		return "", fmt.Errorf("%s gives story key %q, which is not usable in file names; pass --story-key KEY (letters, digits, '.', '_' or '-')", src, key)
	}
	return key, nil
}
