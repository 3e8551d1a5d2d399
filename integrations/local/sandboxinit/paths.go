package sandboxinit

import "path"

// Paths here are the slash paths of the systems the sandbox runs on. They
// are handled with package path rather than path/filepath because path
// has no initialisation work, and path/filepath is initialised only after
// most of the binary's packages: importing it kept this package's init
// (and so every sandbox's start) waiting for them, about a millisecond
// (see sys_linux.go for the order Go initialises packages in).

// joinPath is filepath.Join for slash paths.
func joinPath(elem ...string) string { return path.Join(elem...) }

// parentDir is filepath.Dir for slash paths.
func parentDir(p string) string { return path.Dir(p) }

// isAbs is filepath.IsAbs for slash paths.
func isAbs(p string) bool { return len(p) > 0 && p[0] == '/' }
