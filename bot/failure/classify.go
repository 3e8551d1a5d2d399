package failure

import (
	"bytes"
	"io/fs"
	"path/filepath"

	"github.com/engineo/autoverify/bot/testresults"
)

// Failure is what Classify needs to know about a failed command.
type Failure struct {
	Argv     []string
	ExitCode int
	TimedOut bool
	Output   []byte
	// Tests, when set, are the tool's structured results read from its
	// report (go test -json) rather than from Output.
	Tests *testresults.Results
	// Tree, when set, is the tree the command ran in (its working
	// directory), read-only and confined to it: a missing import is the
	// code's when the tree shows the package is its own (tree.go). Nil
	// where the tree is not at hand (a recorded output).
	Tree fs.FS
}

// Window sizes: Classify reads the head and the tail of an output, where
// tools put what decides a failure (a compile error or a missing program
// first; a test runner's summary and failures last). A megabyte of test
// logs in between is never scanned, which keeps classification under a
// few milliseconds whatever the output's size.
const (
	headWindow = 16 << 10
	tailWindow = 48 << 10
)

// window returns the head and tail of out (all of it when small), with
// terminal colours removed: decoded once, read by every rule.
func window(out []byte) []byte {
	if len(out) > headWindow+tailWindow {
		head := out[:headWindow]
		if i := bytes.LastIndexByte(head, '\n'); i > 0 {
			head = head[:i+1]
		}
		tail := out[len(out)-tailWindow:]
		if i := bytes.IndexByte(tail, '\n'); i >= 0 {
			tail = tail[i+1:]
		}
		joined := make([]byte, 0, len(head)+len(tail))
		out = append(append(joined, head...), tail...)
	}
	return StripANSI(out)
}

// input is what the rules read.
type input struct {
	argv     []string
	exit     int
	timedOut bool
	text     []byte
	// raw is the output's window as printed, before a JSON report's
	// events were decoded into text (golangci-lint's JSON is not go
	// test's, and decodes to little).
	raw   []byte
	tool  toolKind
	tests testresults.Results
	tree  fs.FS
	found []bool // which signal literals text contains (literalsIn), on first use
}

// rule is one step of the decision. Each rule's comment says which output
// of which tool it reads.
type rule struct {
	name   string
	decide func(in *input) (Type, bool)
}

// rules are tried in order of the weight of their evidence: what the
// runner saw, time limits that fired inside the command, the test tool's
// structured results, the tools' known messages, what the command is, and
// only then generic keywords. The first rule that decides wins.
var rules = []rule{
	// The runner killed the command at its deadline.
	{"runner timed out", func(in *input) (Type, bool) { return Timeout, in.timedOut }},
	// The shell could not start the program: 127 not found, 126 not
	// executable (the runner's own exit code convention).
	{"program not started", func(in *input) (Type, bool) { return EnvError, in.exit == 126 || in.exit == 127 }},
	// GNU timeout(1) wrapping the command exits 124 when its limit fired,
	// and 137 when it killed with -s KILL (or -k); with --preserve-status
	// it exits as the command did: 128+n when the signal killed it, or
	// the command's own code when it caught the signal and said so.
	{"timeout wrapper", func(in *input) (Type, bool) { return Timeout, timeoutWrapperFired(in) }},
	// A program killed by SIGALRM (142: its own alarm(), Perl's alarm,
	// Python's signal.alarm, left unhandled) or SIGXCPU (152: a CPU-time
	// limit, ulimit -t or RLIMIT_CPU): a time limit inside the command
	// fired. The shell's 128+n; a shell around it prints "Alarm clock" or
	// "CPU time limit exceeded" and exits the same.
	{"killed by a time signal", func(in *input) (Type, bool) { return Timeout, in.exit == 142 || in.exit == 152 }},
	// A test runner's own time limit, or a timeout relayed by cargo/make
	// (timeoutSignals name each tool's message).
	{"time limit inside the command", func(in *input) (Type, bool) { return Timeout, inCommandTimeout(in) }},
	// Python's faulthandler.dump_traceback_later(…, exit=True) (a test
	// suite's own watchdog) fired: it dumps every thread's stack and ends
	// the process.
	{"fault handler's time limit", func(in *input) (Type, bool) { return Timeout, in.exit != 0 && faulthandlerExited(in.text) }},
	// make relaying a recipe's timeout(1) that killed with a signal.
	{"make recipe timed out", func(in *input) (Type, bool) { return Timeout, makeRecipeTimeout(in) }},
	// C's assert() failing in a test program (the program or its source
	// under a test name), whether it ran directly (abort: exit 134) or
	// under make test or a CI step: the test's assertion, not a crash of
	// the code; another program's assert stays the code's.
	{"test program asserted", func(in *input) (Type, bool) { return TestFailure, testProgramAsserted(in.text) }},
	// A program killed by SIGSEGV, SIGBUS, SIGFPE or SIGABRT (abort(), a
	// failed assert(), an uncaught C++ exception) (the shell's 128+n):
	// the code crashed.
	{"crashed", func(in *input) (Type, bool) {
		return CodeError, in.exit == 139 || in.exit == 135 || in.exit == 136 || in.exit == 134
	}},
	// The test tool's results (testresults: go test, pytest, unittest,
	// node --test, cargo, JUnit, RSpec, …): a failing test whose failure
	// is not a setup or load error is a test failure; failures that are all
	// setup errors are an environment problem.
	{"test results", structured},
	// golangci-lint's own count of what it reported (golangciSummary):
	// the findings are the failure, whatever it warned of first.
	{"golangci-lint summary", golangciSummary},
	// A file of the program's own that an import names and that is not
	// there: node's ESM resolver resolves a relative specifier to the
	// absolute path it tried ("Cannot find module '/…/src/settings.js'
	// imported from /…/src/main.js"; a package that is not installed is
	// "Cannot find package 'x'", the setup's), and Ruby's require_relative
	// names a path beside the requiring file (require's "cannot load such
	// file -- gem" stays the setup's).
	{"own module missing", func(in *input) (Type, bool) { return CodeError, ownModuleMissing(in.text) }},
	// A path or class the command line names that the tool says does not
	// exist (ruby's "No such file or directory -- x.rb (LoadError)",
	// perl's "Can't open perl script", gcc's "cc1: fatal error: x.c: No
	// such file or directory", java's "Could not find or load main class",
	// phpunit's "Could not read", make -C's "x: No such file or
	// directory"): the command's input is missing, not broken.
	{"named input missing", func(in *input) (Type, bool) { return EnvError, namedInputMissing(in) }},
	// babel (jest's transform) failing to parse a JavaScript file of the
	// project: jest wraps it in its "unexpected token" advice about
	// transforms, but babel names the file and the position of a plain
	// syntax error. Syntax babel has a plugin for ("Support for the
	// experimental syntax") stays the setup's.
	{"JavaScript does not parse", func(in *input) (Type, bool) {
		return CodeError, in.match(babelJSSyntax) && !in.match(babelPluginSyntax)
	}},
	// A shell script stopping on a variable it declares required,
	// ${NAME:?message}: bash prints "script: line N: NAME: message" (or
	// "parameter null or not set"). An upper-case NAME is the environment's
	// by convention; bash's own errors about a name (unbound variable,
	// readonly variable, bad substitution) are not this.
	// Python's KeyError from os.environ["NAME"] at import (a conftest, a
	// settings module: pytest keeps only the line and the exception) is
	// the same declaration in Python's words; a script stopped by set -u
	// at a positional parameter its caller did not pass ($2 with one
	// argument) lacks an argument the same way.
	{"required variable unset", func(in *input) (Type, bool) {
		return EnvError, requiredVariableUnset(in.text) || environKeyError(in.text) || argumentMissing(in) || variableRefusal(in.text)
	}},
	// A Go program stopping on a file it opens that is not there
	// (fileRefusal).
	{"program's file missing", func(in *input) (Type, bool) { return EnvError, fileRefusal(in.text) }},
	// ShellCheck's findings (the source line, a caret under it, the
	// SCxxxx code and its level) when the command is ShellCheck: a report
	// on code it read, though one finding (SC1091, a sourced file it
	// could not follow) quotes "does not exist". A script it could not
	// parse was read as the code's.
	{"ShellCheck report", func(in *input) (Type, bool) {
		words := commandWords(in.argv)
		return LintError, len(words) > 0 && filepath.Base(words[0]) == "shellcheck" && in.match(shellcheckFinding) && !in.match(shellcheckParseFailed)
	}},
	// go missing a standard-library import no Go has: a misspelt import,
	// or the code's own package without its module path
	// (stdPackageMissing; one some Go has is the setup's, below).
	{"standard package missing", stdPackageMissing},
	// Messages that say the setup is missing: a program, module,
	// dependency, configuration file, plugin, toolchain or script path.
	{"setup missing", func(in *input) (Type, bool) {
		return EnvError, in.match(envSignals) || in.match(commandEnvSignals) || goCommandRefused(in) || cargoRefused(in) ||
			pylintOnlyImportErrors(in.text) || pytestConfigCrashed(in.text) || relativeImportAsTopLevel(in)
	}},
	// npm ls checks the installed dependency tree against package.json
	// and fails only when it does not match (missing, extraneous, invalid
	// versions): what is installed, not the code.
	{"dependency tree check", func(in *input) (Type, bool) { return EnvError, npmTreeCheck(in.argv) }},
	// go test runs a subset of go vet before the tests; its findings come
	// under a "# [pkg]" header (a compile error's header has no brackets)
	// and go reports the package as "[build failed]": a lint finding.
	{"go vet inside go test", func(in *input) (Type, bool) { return LintError, in.match(goTestVetSignals) }},
	// rustc/clippy/gcc failing only because warnings were made errors.
	{"warnings denied", func(in *input) (Type, bool) {
		return LintError, in.match(lintDenySignals) && (in.tool == lintTool || !in.match(rustErrorCode)) || javacWarningsOnly(in.text)
	}},
	// A static analyser's findings written in a compiler's format
	// (cppcheck, clang-tidy: "file:line:col: error: message [checkId]"):
	// what is reported is the analyser's verdict on code it read, not a
	// build that failed. A check named for a parse failure (cppcheck's
	// syntaxError) stays the code's.
	{"analyser report", func(in *input) (Type, bool) {
		return LintError, in.tool == lintTool && in.match(analyserSignals) && !in.match(analyserParseFailed)
	}},
	// ESLint's parser stopping at a position of a JavaScript file (its
	// parser options were read as the setup's before): the code does not
	// parse. Not where it parsed TypeScript or Vue files, which its
	// default parser cannot read at all (the configuration's).
	{"ESLint could not parse", func(in *input) (Type, bool) {
		return CodeError, in.match(eslintParseError) && !in.match(eslintForeignFile)
	}},
	// Compilers and loaders: the code did not build or parse.
	{"compile error", func(in *input) (Type, bool) { return CodeError, in.match(compileSignals) || pythonParseReport(in.text) }},
	// A checker (linter, type checker) that died with a Python traceback:
	// it does not run the code it checks, so what broke is its own setup
	// (a configuration value it cannot use, a plugin or hook it cannot
	// import), not the code. A file that does not parse was read as a
	// code error just before.
	{"checker crashed", func(in *input) (Type, bool) {
		return EnvError, (in.tool == lintTool || in.tool == typeTool) && in.match(pythonTraceback)
	}},
	// tsc, mypy, pyright reports.
	{"type checker report", func(in *input) (Type, bool) { return TypeError, in.match(typeSignals) }},
	// Linters' and formatters' reports; a linter's file:line diagnostics.
	{"linter report", func(in *input) (Type, bool) {
		return LintError, in.match(lintSignals) || (in.tool == lintTool && (in.match(fileLineSignals) || namesTreeFile(in.tree, in.text))) || formatterListed(in)
	}},
	// Test runners' verdict lines that testresults could not count.
	{"test runner verdict", func(in *input) (Type, bool) { return TestFailure, in.match(testSignals) }},
	// A type checker's file:line diagnostics.
	{"type checker diagnostics", func(in *input) (Type, bool) {
		return TypeError, in.tool == typeTool && (in.match(fileLineSignals) || namesTreeFile(in.tree, in.text))
	}},
	// `sh -n` / `bash -n`: the shell's own syntax check failed.
	{"shell syntax check", func(in *input) (Type, bool) { return CodeError, shellSyntaxCheck(in.argv) }},
	// A program's or script's own limit, reported as its last line.
	{"last line timed out", func(in *input) (Type, bool) { return Timeout, lastLineTimedOut(in.text) }},
	// A checker or test runner that failed without naming one source file:
	// it never got to the code (its configuration, a plugin, an option
	// stopped it), so its usual verdict would be a guess. (Builds are not
	// read so: a link error or a bundler's unresolved import names no
	// file and is the code's.)
	{"checker read no code", func(in *input) (Type, bool) {
		checker := in.tool == testTool || in.tool == lintTool || in.tool == typeTool || javaBuild(in.argv)
		return EnvError, checker && len(bytes.TrimSpace(in.text)) > 0 && !in.tests.Known() && !in.namesProjectFile() &&
			!in.saysNoTests() && !in.match(analysisReport)
	}},
	// What the command is, when its output said nothing known.
	{"command identity", func(in *input) (Type, bool) {
		switch in.tool {
		case testTool:
			return TestFailure, true
		case lintTool:
			return LintError, true
		case typeTool:
			return TypeError, true
		}
		return "", false
	}},
	// Generic signs of a crash or a compile error in any language.
	{"keywords", func(in *input) (Type, bool) { return CodeError, in.match(codeSignals) }},
	// Perl's die: "<message> at <file> line <n>." and exit 255 (perl exits
	// 255 when it dies with errno unset, as runtime errors do).
	{"perl died", func(in *input) (Type, bool) { return CodeError, in.exit == 255 && in.match(perlDieSignals) }},
	// A build command that printed something.
	{"build output", func(in *input) (Type, bool) {
		return CodeError, in.tool == buildTool && len(bytes.TrimSpace(in.text)) > 0
	}},
}

// Classify names the failure type of a command that failed.
func Classify(f Failure) Type {
	t, _ := Explain(f)
	return t
}

// Explain is Classify, also naming the rule that decided ("unknown" when
// none did).
func Explain(f Failure) (Type, string) {
	text := window(f.Output)
	// go test -json: the rules read the text the events carry (a
	// "panic: test timed out" or vet's "# [pkg]" inside an Output field is
	// not at the start of a line). Only the window is decoded, so the cost
	// stays bounded whatever the output's size.
	raw := text
	if bytes.HasPrefix(bytes.TrimSpace(text), []byte(`{"`)) {
		text = goJSONText(text)
	}
	text = withoutHandledImports(text)
	in := &input{argv: f.Argv, exit: f.ExitCode, timedOut: f.TimedOut, text: text, raw: raw, tool: toolOf(f.Argv), tree: f.Tree}
	if f.Tests != nil {
		in.tests = *f.Tests
	} else {
		in.tests = testresults.Parse(raw)
	}
	return decide(in)
}

func decide(in *input) (Type, string) {
	for _, r := range rules {
		if t, ok := r.decide(in); ok {
			// A setup verdict that names an import the tree shows is of
			// its own and missing (a misspelt path, a package never
			// committed) is the code's: the tools word it as they word a
			// dependency nobody installed (tree.go). It refines only
			// that verdict, so no other evidence is overruled.
			if t == EnvError && ownPackageMissing(in.tree, in.text, in.argv) {
				return CodeError, "own package missing"
			}
			return t, r.name
		}
	}
	return Unknown, "unknown"
}
