// Command autoverify-sandbox-init is the local sandbox's first process as
// a program of its own: autoverify starts it (with argv[0] set to
// sandboxinit.Arg0) when it finds it beside its own executable, because
// this small program starts and ends at a fraction of autoverify's cost.
// All it does is sandboxinit's, whose initialiser takes over before main
// runs; started any other way it only says what it is. Install it with
// autoverify and build both from the same source: one built from other
// source refuses to serve, and autoverify then starts itself instead.
package main

import (
	"os"

	"github.com/engineo/autoverify/integrations/local/sandboxinit"
)

func main() {
	_, _ = os.Stderr.WriteString(sandboxinit.BinaryName + ": the first process of autoverify's local sandbox; autoverify starts it, with the " +
		"specification of the sandbox on a pipe. Install it beside the autoverify binary, built from the same source (" + sandboxinit.SourceID + ").\n")
	os.Exit(2)
}
