// Package prestart starts what `autoverify run` needs first as early as a
// Go program can: from a package initialiser, while the rest of the binary
// (the regular expressions, templates and tables of its dependencies, a
// few milliseconds) is still being initialised. Those are the local
// runner's first sandbox init (a clone, an exec, a Go runtime's start, its
// namespaces) and the `git status` the result cache's key is hashed
// from; a `run` of a quick check otherwise waits for each after all of
// that. Go initialises packages in import-path order among those whose
// imports are ready, and this one imports only os, internal/textlite,
// sandboxinit and integrations/git/prestatus (all importing only packages
// Go initialises first: not even strings, which waits for unicode), so it
// runs among the first: 23rd of the binary's 208 package initialisers
// (68th when sandboxinit imported strings).
//
// It only guesses from the command line and the environment, before the
// configuration is read. The runner takes the init if the configuration
// asks for the local sandbox (the default), and `run` kills it otherwise
// (sandboxinit.DiscardPrestarted); the init waits for its specification,
// so nothing about the sandbox, its network included, is decided here.
// The status is used only by a HeadAndTree of the same directory, and
// only if HEAD has not moved since.
package prestart

import (
	"os"

	"github.com/engineo/autoverify/internal/textlite"

	"github.com/engineo/autoverify/integrations/git/prestatus"
	"github.com/engineo/autoverify/integrations/local/sandboxinit"
)

func init() {
	g := guess(os.Args, os.Getenv)
	// git first: its answer is needed first (the subject stage), the
	// sandbox only once the checks start.
	if g.status != "" {
		prestatus.Start(g.status)
	}
	if g.sandbox {
		sandboxinit.Prestart()
	}
}

// guesswork is what a process is likely to need first.
type guesswork struct {
	// sandbox: the local sandbox (with or without network: the init
	// makes its network namespace once its spec says).
	sandbox bool
	// status: the work tree to hash for the result cache ("" for none).
	status string
}

// guess reads the command line and environment of a process started with
// args the way `run` will (flags override variables); it knows only the
// few settings that decide what to start.
func guess(args []string, getenv func(string) string) guesswork {
	if len(args) < 2 || args[1] != "run" {
		return guesswork{}
	}
	set := map[string]string{"runner": getenv("ENGINEO_RUNNER"), "sandbox": getenv("ENGINEO_SANDBOX"),
		"cache": getenv("ENGINEO_CACHE"), "workdir": "."}
	for i := 2; i < len(args); i++ {
		if !textlite.HasPrefix(args[i], "-") {
			continue
		}
		name, value, ok := textlite.Cut(textlite.TrimLeftByte(args[i], '-'), "=")
		if _, known := set[name]; !known {
			continue
		}
		if !ok && i+1 < len(args) {
			value = args[i+1]
		}
		set[name] = value
	}
	off := func(v string) bool {
		return v == "0" || textlite.EqualFoldASCII(v, "false") || textlite.EqualFoldASCII(v, "off")
	}
	var g guesswork
	g.sandbox = (set["runner"] == "" || set["runner"] == "local") && !off(set["sandbox"])
	if !off(set["cache"]) {
		g.status = set["workdir"]
	}
	return g
}
