package sandboxinit

import "path"

// Paths here are the slash paths of the systems the sandbox runs on
// (Linux), handled with package path.

// joinPath is filepath.Join for slash paths.
func joinPath(elem ...string) string { return path.Join(elem...) }

// parentDir is filepath.Dir for slash paths.
func parentDir(p string) string { return path.Dir(p) }

// isAbs is filepath.IsAbs for slash paths.
func isAbs(p string) bool { return len(p) > 0 && p[0] == '/' }
