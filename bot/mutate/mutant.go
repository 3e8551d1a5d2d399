package mutate

import "sort"

// The operators, in the order they are tried on a line. The order puts the
// mutants most likely to reveal a missing test first: a negated branch or
// an off-by-one boundary is the classic untested case, a deleted statement
// the bluntest.
const (
	OpNegateCondition = "negate_condition"
	OpBoundary        = "boundary"
	OpFlipComparison  = "flip_comparison"
	OpArithmetic      = "arithmetic"
	OpBoolean         = "boolean"
	OpZeroReturn      = "zero_return"
	OpDeleteStatement = "delete_statement"
)

// Mutant is one deliberate break of one changed line.
type Mutant struct {
	// File is the path as the caller gave it.
	File string
	// Line is the 1-based line mutated; the mutant changes no other line.
	Line int
	// Operator is one of the Op constants.
	Operator string
	// Original is the line before the mutation, as it was in the source.
	Original string
	// Mutated is the line after, as gofmt prints it; empty for a deleted
	// statement, whose line is left blank so later lines keep their numbers.
	Mutated string
	// Source is the whole mutated file, gofmt-formatted, ready to be
	// written over File.
	Source []byte
}

// sortMutants orders mutants by file, then line: the order every function
// of this package returns.
func sortMutants(ms []Mutant) {
	sort.SliceStable(ms, func(i, j int) bool {
		if ms[i].File != ms[j].File {
			return ms[i].File < ms[j].File
		}
		return ms[i].Line < ms[j].Line
	})
}
