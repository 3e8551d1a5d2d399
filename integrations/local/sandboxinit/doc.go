// Package sandboxinit is the first process of the local runner's sandbox.
//
// The local runner starts its own executable with argv[0] set to Arg0
// inside fresh namespaces; this package's init function notices the name
// before main runs, builds the command's view of the file system from the
// Spec it reads, reports ReadyLine, waits for a Command, binds its
// workspace, drops every capability and execs it. It imports only the
// standard library so that it initialises before the rest of the binary
// (see sys_linux.go). The runner side is package local.
package sandboxinit
