// Package sandboxinit is the first process of the local runner's sandbox.
//
// The local runner starts its own executable with argv[0] set to Arg0
// inside fresh namespaces; this package's init function notices the name
// before main runs, builds the command's view of the file system from the
// Spec it reads, reports ReadyLine, waits for a Command, binds its
// workspace, drops every capability and execs it. It imports only
// standard library packages that Go initialises first (not even
// encoding/json, path/filepath, os/exec, or strings, bytes, bufio and fmt,
// which wait for unicode; see sys_linux.go, paths.go, codec.go and
// internal/textlite) so that it initialises among the first packages of
// the binary: what runs before it runs in every sandbox's start. Starting an
// init (Start) is here too; the rest of the runner side is package local.
package sandboxinit
