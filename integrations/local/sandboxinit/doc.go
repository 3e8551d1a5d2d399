// Package sandboxinit is the first process of the local runner's sandbox.
//
// The local runner starts its own executable with argv[0] set to Arg0
// inside fresh namespaces; this package's init function notices the name
// before main runs, builds the command's view of the file system from the
// Spec it reads, reports ReadyLine, waits for a Command, binds its
// workspace, drops every capability and execs it. It imports only the
// standard library: what it imports is initialised in every sandbox's
// init before the sandbox is built. Starting an init (Start) is here too;
// the rest of the runner side is package local.
package sandboxinit
