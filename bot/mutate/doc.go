// Package mutate holds the pure rules of the mutation gate (VERIFY_MUTATE):
// which lines of a change are new, which small syntax-tree mutants to make
// on exactly those lines, and how to turn the runner's per-mutant outcomes
// into a score and a verdict.
//
// A passing test suite proves little if it would also pass with the changed
// code broken. The gate breaks the changed code on purpose, one line at a
// time, and asks whether some test notices. Only changed lines are mutated
// so the gate judges the tests of this change, not the history of the
// repository, and at most one mutant is made per line so a long change
// cannot swamp the budget with variations of one line.
//
// Python's mutants follow the same rules but are made by Python, on its
// own syntax tree: PythonScript is embedded here and the caller runs it
// (PythonExec), so the rules stay here and the process stays outside.
//
// The package never runs anything. Building each mutant against its package
// and running the tests is the runner's job; a mutant whose package does not
// compile must be reported as NotCompiled, which Summarize keeps out of the
// score, because a mutant the compiler rejects says nothing about the tests.
package mutate
