package failure

// Type is a failure classification from the spec.
type Type string

// The failure types.
const (
	CodeError   Type = "CODE_ERROR"
	TestFailure Type = "TEST_FAILURE"
	LintError   Type = "LINT_ERROR"
	TypeError   Type = "TYPE_ERROR"
	EnvError    Type = "ENV_ERROR"
	Timeout     Type = "TIMEOUT"
	Unknown     Type = "UNKNOWN"
)

// Types lists every type, in the spec's order.
var Types = []Type{CodeError, TestFailure, LintError, TypeError, EnvError, Timeout, Unknown}

// AutoFixable reports whether an automatic fixer may be tried. Environment
// problems and timeouts are not code problems a fixer can repair.
func (t Type) AutoFixable() bool {
	return t != EnvError && t != Timeout
}

// Valid reports whether t is one of Types.
func (t Type) Valid() bool {
	for _, v := range Types {
		if t == v {
			return true
		}
	}
	return false
}
