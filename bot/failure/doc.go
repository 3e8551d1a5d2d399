// Package failure names why a command failed. It owns the failure types of
// the spec (CODE_ERROR, TEST_FAILURE, LINT_ERROR, TYPE_ERROR, ENV_ERROR,
// TIMEOUT, UNKNOWN) and the rules that map a command, its exit code and its
// output to one of them. It is pure: no I/O, standard library only.
package failure
