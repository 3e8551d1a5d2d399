package failure

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestHandledImportIsNotTheFailure: an optional module tried first and
// missing, handled, then an error of the code's own in the fallback (the
// upstream17 corpus: markupsafe without its built speedups, a NameError
// in _native.py) is the code's; a missing module nobody handled, or a
// chain that ends on an error saying what to install, stays the setup's.
func TestHandledImportIsNotTheFailure(t *testing.T) {
	t.Parallel()
	handled := "Traceback (most recent call last):\n" +
		"  File \"/w/src/pkg/__init__.py\", line 8, in <module>\n" +
		"    from ._speedups import escape\n" +
		"ModuleNotFoundError: No module named 'pkg._speedups'\n\n" +
		"During handling of the above exception, another exception occurred:\n\n" +
		"Traceback (most recent call last):\n" +
		"  File \"<string>\", line 1, in <module>\n" +
		"  File \"/w/src/pkg/_native.py\", line 11, in <module>\n" +
		"    limit = DEFAULT_LIMIT + 1\n"
	argv := []string{"python3", "-c", "import pkg"}
	for name, tc := range map[string]struct {
		out  string
		want Type
	}{
		"a NameError in the fallback":       {handled + "NameError: name 'DEFAULT_LIMIT' is not defined\n", CodeError},
		"a TypeError in the fallback":       {handled + "TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'\n", CodeError},
		"the fallback missing too":          {handled + "ModuleNotFoundError: No module named 'pkg._native'\n", EnvError},
		"an error that says what to do":     {handled + "RuntimeError: install pkg[speedups]\n", EnvError},
		"a missing module, nothing handled": {"Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\nModuleNotFoundError: No module named 'yaml'\n", EnvError},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, Classify(Failure{Argv: argv, ExitCode: 1, Output: []byte(tc.out)}))
		})
	}
}
