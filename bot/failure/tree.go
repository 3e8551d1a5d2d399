package failure

import (
	"bufio"
	"bytes"
	"io"
	"io/fs"
	"path"
	"regexp"
	"strings"
)

// The tree rule: what the command's own tree says about a missing import.
// "no required module provides package example.com/shop/utilz" reads the
// same whether the package is a dependency nobody installed (the setup's)
// or a package of the shop module that was never written or was misspelt
// (the code's); so does Python's "No module named 'calc.statistics'". The
// output cannot tell them apart; the tree the command ran in can, and a
// runner that has it (the CLI, the bot) passes it as Failure.Tree.

// goMissingPackage is go's message for an import no module provides,
// module-aware and GOPATH-era forms, and the path it names.
var goMissingPackage = regexp.MustCompile(`(?m)(?:no required module provides package|package) (\S+?)(?:;| is not in (?:std|GOROOT))`)

// pyMissingModule is Python's message for an import it could not find,
// as a traceback ends or as pytest quotes it ("E   "): the dotted name.
var pyMissingModule = regexp.MustCompile(`(?m)^(?:E\s+|\s*)(?:\w+\.)*ModuleNotFoundError: No module named '([\w.]+)'`)

// maxModFile bounds what is read of a go.mod (the tree is the change's).
const maxModFile = 64 << 10

// ownPackageMissing says the output's missing import is a package of the
// tree's own that the tree does not have: a Go package under the module
// path of the go.mod the command ran beside, with no directory at that
// path; a Python submodule (a.b) whose parent package is the tree's own
// (a/__init__.py at the root or under src/) and which is neither a.b's
// file nor its directory. A missing top-level package of the tree's own
// (a src layout not on the path) stays the setup's, as does any import
// the tree cannot speak for.
func ownPackageMissing(tree fs.FS, text []byte) bool {
	if tree == nil {
		return false
	}
	if bytes.Contains(text, []byte("package ")) {
		if mod := modulePath(tree); mod != "" {
			for _, m := range goMissingPackage.FindAllSubmatch(text, -1) {
				p := string(m[1])
				if rel, ok := strings.CutPrefix(p, mod+"/"); ok && !isDir(tree, rel) {
					return true
				}
			}
		}
	}
	if bytes.Contains(text, []byte("No module named")) {
		for _, m := range pyMissingModule.FindAllSubmatch(text, -1) {
			if ownSubmoduleMissing(tree, string(m[1])) {
				return true
			}
		}
	}
	return false
}

// modulePath is the module line of the tree's go.mod, "" without one.
// Only a regular file is opened: the command ran in this tree and may
// have left a FIFO there, whose opening would wait for a writer forever.
func modulePath(tree fs.FS) string {
	if !isFile(tree, "go.mod") {
		return ""
	}
	f, err := tree.Open("go.mod")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, maxModFile))
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "module" {
			return strings.Trim(fields[1], `"`)
		}
	}
	return ""
}

// ownSubmoduleMissing: name is a.b(.c…), a is a package of the tree (at
// its root or under src/), the parent a(.b…) is a directory there, and
// the last part is neither a module file nor a directory in it.
func ownSubmoduleMissing(tree fs.FS, name string) bool {
	parts := strings.Split(name, ".")
	if len(parts) < 2 {
		return false
	}
	for _, root := range []string{".", "src"} {
		top := path.Join(root, parts[0])
		if !isFile(tree, path.Join(top, "__init__.py")) {
			continue
		}
		parent := path.Join(append([]string{root}, parts[:len(parts)-1]...)...)
		last := path.Join(parent, parts[len(parts)-1])
		return isDir(tree, parent) && !isFile(tree, last+".py") && !isDir(tree, last)
	}
	return false
}

func isDir(tree fs.FS, name string) bool {
	st, err := fs.Stat(tree, name)
	return err == nil && st.IsDir()
}

func isFile(tree fs.FS, name string) bool {
	st, err := fs.Stat(tree, name)
	return err == nil && st.Mode().IsRegular()
}
