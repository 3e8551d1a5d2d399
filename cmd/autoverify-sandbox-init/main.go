// Command autoverify-sandbox-init is the local sandbox's first process as
// a program of its own: autoverify starts it (with argv[0] set to
// sandboxinit.Arg0) instead of itself when ENGINEO_SANDBOX_INIT names it,
// because this small program starts and ends at a fraction of
// autoverify's cost. All it does is sandboxinit's, whose initialiser takes
// over before main runs; started any other way it only says what it is.
// Install it outside every work tree, writable by its owner only, built
// from the same source and Go as autoverify: one that is not refuses to
// serve, and autoverify then starts itself instead.
package main

import (
	"os"

	"github.com/engineo/autoverify/integrations/local/sandboxinit"
)

func main() {
	_, _ = os.Stderr.WriteString(sandboxinit.BinaryName + ": the first process of autoverify's local sandbox; autoverify starts it, with the " +
		"specification of the sandbox on a pipe, when " + sandboxinit.BinaryEnv + " names it. Build it from the same source and Go as autoverify (" +
		sandboxinit.Identity() + ").\n")
	os.Exit(2)
}
