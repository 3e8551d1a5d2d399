package gaterun

import (
	"fmt"
	"os"
	"path"
	"strings"

	"github.com/engineo/autoverify/bot/gates"
)

// toolModules are the modules `python3 -m pytest` imports before any test
// (pytest, its own package and the packages it needs at start), and the
// ones Python imports at start-up from its path (sitecustomize,
// usercustomize): a file or package of that name where the test command
// looks first — the tree's top, which `-m` puts first on the path, and
// src/ under PYTHONPATH=src — runs instead of the installed one.
var toolModules = []string{"pytest", "_pytest", "pluggy", "py", "iniconfig", "packaging", "sitecustomize", "usercustomize"}

// toolShadows are the modules of toolModules the change adds where the
// head's test command imports them first: a pytest.py of the change's
// prints whatever results it likes (every test passed), and the head's
// runs would be its report, not pytest's. A tree that already had one on
// the base (pytest's or pluggy's own repository) is the project's own.
func (s *Spec) toolShadows(p *plan) []string {
	if s.Ecosystem != gates.Python {
		return nil
	}
	dirs := []string{"."}
	if s.srcPath {
		dirs = append(dirs, "src")
	}
	var out []string
	for _, d := range dirs {
		for _, m := range toolModules {
			for _, name := range []string{m + ".py", m} {
				rel := path.Join(d, name)
				if inTree(p.headDir, rel) && !inTree(p.baseDir, rel) {
					out = append(out, rel)
				}
			}
		}
	}
	return out
}

// inTree reports whether tree holds rel (a file, a directory or a link).
func inTree(tree, rel string) bool {
	_, err := os.Lstat(tree + "/" + rel)
	return err == nil
}

// shadowed rejects a gate that rests on the head's test runs when the
// change adds a stand-in for the test tool (toolShadows).
func (s *Spec) shadowed(res gates.Result, shadows []string) gates.Result {
	if len(shadows) == 0 {
		return res
	}
	return gates.Result{Gate: res.Gate, Classification: gates.RejectFailure, Tests: shadows,
		Reason: fmt.Sprintf("the change adds %s where the test command imports it before the installed one: it would stand in for the test tool, so no result at head is read", strings.Join(shadows, ", "))}
}
