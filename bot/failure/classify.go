package failure

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/engineo/autoverify/bot/testresults"
	"github.com/engineo/autoverify/internal/lazyregexp"
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

// inCommandTimeout reports whether a time limit fired inside the command
// and explains the whole failure: every failing test the results name
// failed by its time limit, or (when the tool's results are not named) no
// assertion failed besides. A suite where one test timed out and others
// failed their assertions is a test failure: the code has a bug to fix.
func inCommandTimeout(in *input) bool {
	if !in.match(timeoutSignals) {
		return false
	}
	if fails := in.tests.Failures(); len(fails) > 0 {
		for _, c := range fails {
			if c.SubtestFailed {
				// A table's row failed its assertion before a
				// later row hung: the code has a bug to fix.
				return false
			}
			if c.CutOff && c.Failure == "" {
				// A bystander: a test its package's time limit
				// cut off (paused, in parallel) before it said
				// anything either way.
				continue
			}
			if !matchAny([]byte(c.Failure), timeoutSignals) && !matchAny([]byte(c.Failure), timeoutGists) {
				return false
			}
		}
		return true
	}
	return !in.match(assertionSignals)
}

// faulthandlerTimeout is the line faulthandler.dump_traceback_later
// writes when its time runs out, before the threads' stacks.
var faulthandlerTimeout = regexp.MustCompile(`(?m)^Timeout \(\d+:\d{2}:\d{2}(\.\d+)?\)!$`)

// stackDumpLine is a line of faulthandler's dump of the threads' stacks.
var stackDumpLine = regexp.MustCompile(`^((Current thread|Thread) 0x[0-9a-f]+ \(most recent call first\):|  File ".*", line \d+ in .*|  <no Python frame>|  \.\.\.|)$`)

// faulthandlerExited: the output ends with faulthandler's timeout dump,
// nothing after it but the stacks: its exit=True ended the process. A
// dump the run went on after (pytest's faulthandler_timeout only
// dumps) is not the end, and the run's own result decides.
func faulthandlerExited(text []byte) bool {
	locs := faulthandlerTimeout.FindAllIndex(text, -1)
	if len(locs) == 0 {
		return false
	}
	rest := text[locs[len(locs)-1][1]:]
	for _, line := range bytes.Split(bytes.TrimRight(rest, "\n"), []byte("\n")) {
		if !stackDumpLine.Match(bytes.TrimRight(line, "\r")) {
			return false
		}
	}
	return true
}

// timeoutGists are what a timed-out test's failure says once testresults
// kept its first lines (node's TAP error value, a suite cancelled with it).
var timeoutGists = rx(
	`timed out`,
	`[Tt]imeout`,
	`cancelledByParent`,
	`Promise resolution is still pending but the event loop has already resolved`,
)

// assertionSignals are failed assertions in any test tool's words.
var assertionSignals = rx(
	`AssertionError`,
	`^E\s+assert `,
	`^--- FAIL: `,
	`assertion .*failed`,
	`expect\(received\)`,
	`Expected values to be`,
	`^\s*(expected|Expected): .*\n\s*(got|Actual|actual|but was|received):`,
	`Failed asserting that`,
)

// structured reads the failing cases of the test tool's results.
func structured(in *input) (Type, bool) {
	if !in.tests.Known() || in.tests.Failed == 0 {
		return "", false
	}
	fails := in.tests.Failures()
	if len(fails) == 0 {
		// Counted but not named (jest, minitest summaries): a failure
		// of tests all the same, unless the output says the setup or
		// the build broke first.
		if in.match(envSignals) || in.match(compileSignals) || pythonParseReport(in.text) {
			return "", false
		}
		return TestFailure, true
	}
	env := 0
	for _, c := range fails {
		gist := []byte(c.Name + "\n" + c.Failure)
		switch {
		case matchAny(gist, envSignals), environLookupFailed(in, c):
			env++
		case matchAny(gist, compileSignals), pythonParseReport(gist), goPackageFailure(c), pytestUncollected(in.tests.Format, c):
			// A package that did not build, a file pytest could not
			// collect: not a test's verdict.
		default:
			return TestFailure, true
		}
	}
	if env == len(fails) {
		return EnvError, true
	}
	return "", false
}

// environLookupFailed reports whether a test's error is the KeyError
// os.environ raised (its __getitem__ frame right above the exception the
// test tool kept): the test reads a variable the environment does not
// set. The results keep only the exception line, so the frame is looked
// for in the output.
func environLookupFailed(in *input, c testresults.Case) bool {
	first, _, _ := strings.Cut(c.Failure, "\n")
	if !strings.HasPrefix(first, "KeyError: ") || !in.match(osEnvironLookup) {
		return false
	}
	return bytes.Contains(in.text, []byte("in __getitem__\n"+first))
}

// osEnvironLookup is the frame of os.environ's lookup in a Python
// traceback (frozen in the interpreter since 3.11, os.py before).
var osEnvironLookup = rx(`File "(<frozen os>|\S*/os\.py)", line \d+, in __getitem__$`)

// goPackageFailure is go's per-package failure (a case named after the
// package with no test): the build or the test binary failed, not a test.
func goPackageFailure(c testresults.Case) bool {
	return strings.Contains(c.Name, "/") && !strings.Contains(c.Name, ".Test") && !strings.Contains(c.Name, "::")
}

// goCommandRefused reports whether the go command itself stopped before
// building anything: its first word is "go: ..." (an inconsistent vendor
// directory, -race without cgo, a -mod flag workspace mode refuses, a
// go.work whose go line or modules do not fit). A compile error or a
// test's output starts with a package header or a file position instead;
// "go: downloading" lines are progress and "go: warning:" lines advice
// (an ignored go.mod, a pattern matching nothing), not the verdict.
func goCommandRefused(in *input) bool {
	if w := commandWords(in.argv); len(w) == 0 || w[0] != "go" {
		return false
	}
	rest := in.text
	for len(rest) > 0 {
		l := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			l, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		l = bytes.TrimSpace(l)
		if len(l) == 0 || bytes.HasPrefix(l, []byte("go: downloading ")) || bytes.HasPrefix(l, []byte("go: warning: ")) {
			continue
		}
		return bytes.HasPrefix(l, []byte("go: ")) && !goSourceUnparsed.Match(l)
	}
	return false
}

// goSourceUnparsed is go (list, build, test) unable to load a package
// because one of its files does not parse: the error is at a source
// position, the code's.
var goSourceUnparsed = regexp.MustCompile(goLoadParseError)

// goLoadParseError is go's words for a package it could not load because
// a file does not parse (a compile signal, and no refusal of go's own).
const goLoadParseError = `^go: can't load (test )?package: \S+\.go:\d+:\d+: `

// cargoRefused reports whether cargo stopped before the compiler said
// anything: its own errors ("error: the package 'x' does not contain this
// feature", a workspace member or default member that is not one, a
// manifest it cannot use) carry no source position, where every rustc
// diagnostic points into a file ("--> src/lib.rs:3:5") or has a code
// (error[E0425]), and a test's failure comes with its results.
func cargoRefused(in *input) bool {
	if w := commandWords(in.argv); len(w) == 0 || w[0] != "cargo" {
		return false
	}
	return in.tests.Run == 0 && in.tests.Failed == 0 && cargoOwnError.Match(in.text) && !rustcDiagnostic.Match(in.text)
}

var (
	cargoOwnError   = regexp.MustCompile(`(?m)^error: `)
	rustcDiagnostic = regexp.MustCompile(`(?m)^\s*--> \S+:\d+|^error\[E\d+\]|^error: could not compile`)
)

// npmTreeCheck reports whether the command is npm ls (list, la, ll),
// read from argv itself: commandWords drops npm as a script runner, and
// a bare "ls" is the shell's.
func npmTreeCheck(argv []string) bool {
	if len(argv) < 2 || filepath.Base(argv[0]) != "npm" {
		return false
	}
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "--prefix" || a == "-C" || a == "-w" || a == "--workspace":
			i++
			continue
		case strings.HasPrefix(a, "-"):
			continue
		}
		return a == "ls" || a == "list" || a == "la" || a == "ll"
	}
	return false
}

// pylintOnlyImportErrors reports whether every message pylint printed is
// E0401 (import-error: a package it cannot import, one not installed):
// the code was judged clean but for what the environment lacks. A run
// with any other message is a lint failure whatever its imports.
func pylintOnlyImportErrors(text []byte) bool {
	if !bytes.Contains(text, []byte(": E0401: ")) {
		// The common case: no import-error at all, no scan.
		return false
	}
	ms := pylintMessage().FindAllSubmatch(text, -1)
	if len(ms) == 0 {
		return false
	}
	for _, m := range ms {
		if string(m[1]) != "E0401" {
			return false
		}
	}
	return true
}

var pylintMessage = lazyregexp.New(`(?m)^\S+\.py:\d+:\d+: ([CRWEFI]\d{4}): `)

// pytestUncollected is pytest's "ERROR <file>" (a node id without "::"):
// a test file pytest could not import, whatever the exception (an
// ImportError of a name the code under test lacks says no more than
// that), so no test of it ran: the later rules read why.
func pytestUncollected(f testresults.Format, c testresults.Case) bool {
	return f == testresults.FormatPytest && !strings.Contains(c.Name, "::")
}

// timeoutWrapperFired reports whether timeout(1) ended the command: it is
// the command (or a step of a `sh -c` script whose exit the script passed
// on) and the exit code is the one timeout(1) gives when its limit fired.
func timeoutWrapperFired(in *input) bool {
	if wrappedInTimeout(in.argv) {
		if in.exit == 124 || in.exit == 137 {
			return true
		}
		if preservesStatus(in.argv) {
			// 128+n for HUP, INT, QUIT, KILL, ALRM, TERM; or the
			// command's own exit after it caught SIGINT (Python's
			// KeyboardInterrupt, pytest's interrupted summary).
			switch in.exit {
			case 129, 130, 131, 137, 142, 143:
				return true
			}
			return in.match(interruptSignals)
		}
		return false
	}
	return (in.exit == 124 || in.exit == 137) && scriptRunsTimeout(in.argv)
}

// interruptSignals are a program's words when SIGINT stopped it.
var interruptSignals = rx(
	// Python (and pytest's "!!! KeyboardInterrupt !!!" banner).
	`^KeyboardInterrupt\b`,
	`!+ KeyboardInterrupt !+`,
	// Ruby.
	`^\S+: Interrupt$`,
	`\(Interrupt\)$`,
)

// preservesStatus reports whether a timeout(1) command line asks for
// --preserve-status (the option comes before the duration).
func preservesStatus(argv []string) bool {
	for _, a := range argv {
		if a == "--preserve-status" {
			return true
		}
	}
	return false
}

// scriptRunsTimeout reports whether argv is a shell's -c script that runs
// timeout(1) as one of its commands ("cmd && timeout 5 x", "timeout 5 x;
// s=$?"): argv[0] is a shell, the words after -c hold "timeout" where a
// command starts. The script text may arrive as one argument or split in
// words.
func scriptRunsTimeout(argv []string) bool {
	words := scriptWords(argv)
	start := true
	for _, w := range words {
		if start && (w == "timeout" || strings.HasSuffix(w, "/timeout")) {
			return true
		}
		start = w == "&&" || w == "||" || w == "|" || w == "then" || w == "do" || w == "else" ||
			strings.HasSuffix(w, ";") || strings.HasSuffix(w, "&&") || strings.HasSuffix(w, "(")
	}
	return false
}

// makeRecipeTimeout reads make's output when a recipe's timeout(1) fired
// with a signal other than the default: make echoes the recipe line
// ("timeout -s KILL 5 ./slow") and reports the child's end ("make: ***
// [Makefile:2: test] Killed", "Error 137", "Error 143" under
// --preserve-status). Error 124 is in timeoutSignals.
func makeRecipeTimeout(in *input) bool {
	return in.match(makeKilledSignals) && in.match(recipeTimeoutLine)
}

var (
	makeKilledSignals = rx(`make(\[\d+\])?: \*\*\* \[[^\]]*\] (Error (124|137|143)|Killed|Terminated)$`)
	recipeTimeoutLine = rx(`^\s*(\S*/)?timeout\s+((-[sk]|--signal|--kill-after)\s+\S+\s+|-\S+\s+)*\d`)
)

// lastLineTimedOut reports whether the output's last line says a time
// limit fired: a script's or program's own limit reported as its last
// word ("fetch: timed out after 1s" from Perl's alarm idiom, Go's
// "context deadline exceeded" from log.Fatal, a shell script's "timed out
// waiting for ..."). Only the last line counts: a limit mentioned along
// the way is not what ended the command.
func lastLineTimedOut(text []byte) bool {
	t := bytes.TrimRight(text, " \t\r\n")
	if i := bytes.LastIndexByte(t, '\n'); i >= 0 {
		t = t[i+1:]
	}
	return len(t) > 0 && len(t) < 300 && lastLineTimeoutRe().Match(t)
}

var lastLineTimeoutRe = lazyregexp.New(`(?i)\b(timed out|deadline exceeded|time ?limit exceeded|timeout exceeded)\b`)

// wrappedInTimeout reports whether argv runs its command under timeout(1),
// itself perhaps under env(1) setting or unsetting variables (env
// PYTHONPATH=src timeout 8 pytest, env -u CI timeout 8 pytest).
func wrappedInTimeout(argv []string) bool {
	tool := ""
	for i := 0; i < len(argv); i++ {
		a := argv[i]
		if strings.HasPrefix(a, "-") {
			if testresults.OptionTakesValue(tool, a) {
				i++
			}
			continue
		}
		if strings.Contains(a, "=") {
			continue
		}
		tool = filepath.Base(a)
		if tool == "env" {
			continue
		}
		return tool == "timeout" || tool == "gtimeout"
	}
	return false
}

// makeTarget: one of make's arguments (not an option, not a VAR=value)
// is one of targets.
func makeTarget(args []string, targets ...string) bool {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") && !strings.Contains(a, "=") && slices.Contains(targets, a) {
			return true
		}
	}
	return false
}

// shellSyntaxCheck reports whether argv is a shell's -n (noexec) check.
func shellSyntaxCheck(argv []string) bool {
	if len(argv) < 2 {
		return false
	}
	if !isShell(argv[0]) {
		return false
	}
	// The shell's own options come first (long ones, and -o/-O/+o/+O
	// with their option name, skipped); -c's script, a script path and
	// their arguments (find's -name) are not the shell's.
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "-o" || a == "-O" || a == "+o" || a == "+O":
			i++
			continue
		case strings.HasPrefix(a, "--") || strings.HasPrefix(a, "+"):
			continue
		case !strings.HasPrefix(a, "-") || strings.Contains(a, "c"):
			return false
		case strings.Contains(a, "n"):
			return true
		}
	}
	return false
}

type toolKind int

const (
	unknownTool toolKind = iota
	testTool
	lintTool
	typeTool
	buildTool
)

// commandWords are a command's words in lower case without its options,
// the value of an option taken before the subcommand ("go -C services/api
// test", "npm --prefix web test") and package-manager and runner prefixes
// ("pnpm run lint", "npx tsc", "python -m pytest", "poetry run mypy").
func commandWords(argv []string) []string {
	words := make([]string, 0, len(argv))
	tool, skip := "", false
	for i, a := range argv {
		if i == 0 {
			a = filepath.Base(a)
			tool = a
		}
		if skip {
			skip = false
			continue
		}
		if strings.HasPrefix(a, "-") {
			skip = testresults.OptionTakesValue(tool, a)
			continue
		}
		words = append(words, strings.ToLower(a))
	}
	for len(words) > 1 {
		switch words[0] {
		case "pnpm", "npm", "yarn", "bun", "npx", "bunx", "poetry", "pipenv", "uv", "hatch", "env", "exec", "run", "python", "python3", "-m":
		default:
			if !envAssignment(words[0]) {
				return words
			}
		}
		words = words[1:]
	}
	return words
}

// envAssignment: a NAME=VALUE word before the program (env's, or a
// shell's), which is not the program.
func envAssignment(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	return ok && name != "" && strings.TrimLeft(name, "abcdefghijklmnopqrstuvwxyz0123456789_") == ""
}

// toolOf guesses what kind of check a command is from its words alone.
func toolOf(argv []string) toolKind {
	if rest := afterCd(argv); rest != nil {
		return toolOf(rest)
	}
	if len(argv) > 0 && (filepath.Base(argv[0]) == "test" || argv[0] == "[") {
		// test(1) and [ are a shell's conditions (test -f dist/app.js),
		// not a test runner: exit 1 says the condition is false.
		return unknownTool
	}
	words := commandWords(argv)
	if len(words) == 0 {
		return unknownTool
	}
	joined := strings.Join(words, " ")
	switch {
	case words[0] == "go" && len(words) > 1:
		switch words[1] {
		case "test":
			return testTool
		case "vet", "fix":
			// go fix -diff (go 1.26) prints the modernising fixes it
			// would make and exits 1 when there are any, as gofmt -l
			// lists the files it would change.
			return lintTool
		case "build", "install":
			return buildTool
		}
	case words[0] == "cargo" && len(words) > 1:
		switch words[1] {
		case "test", "nextest":
			return testTool
		case "clippy", "fmt":
			return lintTool
		case "build", "check":
			return buildTool
		}
	case words[0] == "gofmt", words[0] == "rustfmt", words[0] == "prettier":
		return lintTool
	case words[0] == "make" && makeTarget(words[1:], "test", "tests", "check"):
		// make test, make check: the project's test target.
		return testTool
	}
	for _, k := range []struct {
		words []string
		kind  toolKind
	}{
		{[]string{"tsc", "type-check", "typecheck", "types", "mypy", "pyright", "check-types", "flow"}, typeTool},
		{[]string{"lint", "eslint", "ruff", "flake8", "pyflakes", "pyflakes3", "pycodestyle", "pylint", "shellcheck", "rubocop", "phpcs", "php-cs-fixer", "cppcheck", "clang-tidy", "golangci-lint", "staticcheck", "stylelint", "biome", "format", "fmt", "black", "isort", "yamllint", "codespell", "bandit", "hadolint", "actionlint", "markdownlint", "revive", "errcheck", "gosec", "semgrep",
			// Python's dead-code, docstring and formatting checkers, and other
			// languages' linters and formatters in common CI use.
			"vulture", "pydocstyle", "pydoclint", "darglint", "interrogate", "autopep8", "autoflake", "yapf", "docformatter", "pyupgrade",
			"gofumpt", "goimports", "golint", "ineffassign", "misspell", "shfmt", "clang-format", "cpplint",
			"standard", "xo", "jshint", "tslint", "oxlint", "dprint", "sqlfluff", "ktlint", "swiftlint", "tflint", "ansible-lint",
			"typos", "cspell", "vale", "editorconfig-checker"}, lintTool},
		{[]string{"test", "tests", "test:e2e", "test:unit", "pytest", "pytest-3", "py.test", "unittest", "prove", "bats", "ctest", "phpunit", "rspec", "jest", "vitest", "mocha", "ava", "tap", "playwright", "cypress", "nose2", "tox", "e2e"}, testTool},
		{[]string{"build", "compile", "rustc", "javac", "gcc"}, buildTool},
	} {
		for _, w := range k.words {
			if words[0] == w || strings.HasPrefix(words[0], w+":") {
				return k.kind
			}
		}
	}
	if strings.Contains(joined, "type-check") || strings.Contains(joined, "typecheck") {
		return typeTool
	}
	return unknownTool
}

// signal is a message pattern and the literals one of which every match
// contains: they are looked for first (bytes.Contains is an order of
// magnitude faster than running the pattern), so most patterns never run.
// An alternation at the top ("Could not resolve host|Temporary failure in
// name resolution") gives one literal per branch; a pattern with a branch
// or part that has none gives none, and always runs.
type signal struct {
	re   *regexp.Regexp
	lits [][]byte
	ids  []int // the literals' ids in the prefilter (literals.go)
}

// match is matchAny over the input's text, with the literals looked up in
// the set found by one pass over it.
func (in *input) match(set *signals) bool {
	sigs := set.get()
	if in.found == nil {
		in.found = literalsIn(in.text)
	}
	for _, s := range sigs {
		if len(s.ids) > 0 && !in.anyFound(s.ids) {
			continue
		}
		if s.re.Match(in.text) {
			return true
		}
	}
	return false
}

func (in *input) anyFound(ids []int) bool {
	for _, id := range ids {
		if in.found[id] {
			return true
		}
	}
	return false
}

func matchAny(out []byte, set *signals) bool {
	for _, s := range set.get() {
		if len(s.lits) > 0 && !containsAny(out, s.lits) {
			continue
		}
		if s.re.Match(out) {
			return true
		}
	}
	return false
}

func containsAny(out []byte, lits [][]byte) bool {
	for _, l := range lits {
		if bytes.Contains(out, l) {
			return true
		}
	}
	return false
}

// signals is a set of patterns, compiled on first use: compiling the few
// hundred of them costs a process's start-up several milliseconds
// (GODEBUG=inittrace=1), which autoverify plan and a run whose checks pass
// never need.
type signals struct {
	patterns []string
	sigs     []signal
}

var (
	// allSignals are every set rx made, in the order of the package's
	// variables; compileAll compiles them all at once so that the
	// literal prefilter (literals.go) knows every literal before it is
	// built.
	allSignals  []*signals
	compileOnce sync.Once
)

func rx(patterns ...string) *signals {
	s := &signals{patterns: patterns}
	allSignals = append(allSignals, s)
	return s
}

// get returns the set's compiled signals.
func (s *signals) get() []signal {
	compileOnce.Do(compileAll)
	return s.sigs
}

func compileAll() {
	for _, set := range allSignals {
		set.sigs = make([]signal, len(set.patterns))
		for i, p := range set.patterns {
			set.sigs[i] = signal{re: regexp.MustCompile("(?m)" + p)}
			for _, l := range requiredLiterals(p) {
				set.sigs[i].lits = append(set.sigs[i].lits, []byte(l))
				set.sigs[i].ids = append(set.sigs[i].ids, literalID(l))
			}
		}
	}
}

// maxLiterals bounds the literals looked for before a pattern runs: past
// it, the scans would cost more than the pattern.
const maxLiterals = 8

// requiredLiterals finds literals one of which every match of pattern
// contains, preferring the set whose shortest literal is longest (nil
// when there is none, e.g. a branch with no literal at all).
func requiredLiterals(pattern string) []string {
	re, err := syntax.Parse("(?m)"+pattern, syntax.Perl)
	if err != nil {
		return nil
	}
	return literalsOf(re.Simplify())
}

// shortest is the length of the shortest literal of a set (0 for none).
func shortest(set []string) int {
	if len(set) == 0 {
		return 0
	}
	n := len(set[0])
	for _, l := range set[1:] {
		n = min(n, len(l))
	}
	return n
}

func literalsOf(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return nil
		}
		return []string{string(re.Rune)}
	case syntax.OpCapture, syntax.OpPlus:
		return literalsOf(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return literalsOf(re.Sub[0])
		}
	case syntax.OpConcat:
		var best []string
		for _, sub := range re.Sub {
			if l := literalsOf(sub); shortest(l) > shortest(best) {
				best = l
			}
		}
		return best
	case syntax.OpAlternate:
		var all []string
		for _, sub := range re.Sub {
			l := literalsOf(sub)
			if len(l) == 0 {
				return nil
			}
			all = append(all, l...)
		}
		if len(all) > maxLiterals {
			return nil
		}
		return all
	}
	return nil
}

// timeoutSignals are time limits that fired inside the command, by tool.
var timeoutSignals = rx(
	// go test -timeout: the test binary panics.
	`^panic: test timed out after `,
	// node --test --test-timeout (TAP "error: 'test timed out after 100ms'",
	// failureType testTimeoutFailure; spec reporter alike).
	`test timed out after \d+ms`,
	`failureType: 'testTimeoutFailure'`,
	// pytest-timeout's banner and its failure line.
	`^\+{5,} Timeout \+{5,}$`,
	`^E?\s*Failed: Timeout >[\d.]+s`,
	// jest and mocha.
	`Exceeded timeout of \d+ ?ms for a (test|hook)`,
	`Timeout of \d+ms exceeded\.`,
	// JUnit 4 @Test(timeout=) and JUnit 5 @Timeout (Maven, Gradle, console).
	`TestTimedOutException: test timed out after`,
	`java\.util\.concurrent\.TimeoutException: \S+ timed out after`,
	// cargo nextest's slow-timeout, ctest's TIMEOUT property, bats'
	// BATS_TEST_TIMEOUT.
	`^\s*TIMEOUT \[\s*[\d.]+s\]`,
	// prove's summary of a test script killed by SIGALRM (Perl's alarm)
	// or SIGXCPU: "t/slow.t (Wstat: 14 (Signal: ALRM) Tests: 1 ...)".
	`\(Wstat: \d+ \(Signal: (ALRM|XCPU)\)`,
	`\*\*\*Timeout\s+[\d.]+ sec`,
	`^not ok \d+ .* # timeout after \d+s`,
	// timeout(1) under make or cargo: make relays its 124, timeout
	// --verbose says so.
	`make(\[\d+\])?: \*\*\* \[[^\]]*\] Error 124`,
	`^timeout: sending signal \w+ to command`,
	// RSpec/minitest with Timeout.timeout around a test; Ruby's own
	// report of an uncaught one ("x.rb:2:in `sleep': execution expired
	// (Timeout::Error)").
	`Timeout::Error:?\s+execution expired`,
	`execution expired \(Timeout::(Error|ExitException)\)`,
	// PHP's max_execution_time and set_time_limit().
	`Maximum execution time of [\d.]+ seconds? exceeded`,
	// Python: subprocess.run(timeout=) and asyncio.wait_for / the builtin
	// TimeoutError ending a traceback.
	`^subprocess\.TimeoutExpired: Command .* timed out after`,
	`^(asyncio\.(exceptions\.)?)?TimeoutError\b`,
	`^socket\.timeout: timed out`,
	// node: execSync/spawnSync with a timeout, AbortSignal.timeout().
	`Error: spawnSync \S+ ETIMEDOUT`,
	`\[TimeoutError\]: The operation was aborted due to timeout`,
	`^TimeoutError: The operation was aborted due to timeout`,
	// Java: Future.get(timeout) and friends, uncaught.
	`^Exception in thread "[^"]*" java\.util\.concurrent\.TimeoutException`,
	`^Caused by: java\.util\.concurrent\.TimeoutException`,
)

// envSignals are messages that say the environment, not the code, is at
// fault: a missing program, module, dependency, manifest or configuration.
var envSignals = rx(
	`command not found`,
	`executable file not found in \$PATH`,
	// git run with a subcommand no installed program provides: a plugin
	// such as git-lfs (git lfs pull) that the machine lacks, or a
	// misspelt subcommand in the check itself; neither is the code's.
	`^git: '[^']+' is not a git command\.`,
	`: not found$`,
	`No such file or directory \(os error 2\)`,
	`^env: .*: No such file or directory`,
	// A sanitizer (go test -asan, -fsanitize=address) that could not
	// reserve its shadow memory as the program started: the machine's
	// limit on a process's memory (ulimit, the sandbox's RLIMIT_DATA)
	// refused it before any code ran.
	`ReserveShadowMemoryRange failed while trying to map`,
	// A program built for another machine (GOARCH=arm64 go test on
	// amd64: go runs the test binary it built and the kernel refuses it).
	`^fork/exec \S+: exec format error$`,
	// go's compiler or linker refusing a flag the build passed it
	// (-ldflags "-X name" without its value).
	`^\S*/pkg/tool/[^\s/]+/(link|compile|asm|cgo): (-\S+ flag requires|flag provided but not defined|invalid value)`,
	// make in a directory with no makefile (make -C of a git submodule
	// never checked out).
	`^make(\[\d+\])?: \*\*\* No targets specified and no makefile found\.`,
	// CMake's pkg_check_modules/pkg-config: a library's development
	// files not installed.
	`^\s*A required package was not found$`,
	`^--\s+(Package '[^']+', required by '[^']+', not found|No package '[^']+' found)`,
	// The network the command reaches for is not there (a CI machine
	// without it, a host name only a private resolver knows) or a port
	// it listens on is taken: the machine's, not the code's.
	`(bind|listen \S+): address already in use`,
	`\(reason: Address already in use\)`,
	`lookup \S+( on \S+)?: no such host`,
	`getaddrinfo( for \S+)? failed: (Name or service not known|Temporary failure in name resolution)`,
	`Could not resolve host: `,
	// CMake: a CXX_STANDARD the compiler or CMake does not know.
	`requires the language dialect "\w+"`,
	// javac asked for a Java release newer than itself.
	`^error: release version \d+ not supported$`,
	// go (and staticcheck relaying it) built by a toolchain older than a
	// file's go version.
	`file requires newer Go version`,
	// A copy or move of a file an earlier step should have made (a
	// build artefact, a download): the file is not there.
	`^(cp|mv|install|ln|rsync|tar): .*cannot stat '[^']+': No such file or directory`,
	// Go modules and toolchains.
	`no required module provides package`,
	`missing go\.sum entry`,
	// -mod=vendor (or a vendor directory) that does not match go.mod.
	`inconsistent vendoring`,
	// A package pattern naming a directory that is not there (go's own
	// words, or golangci-lint relaying them as a typechecking error).
	`(^|typechecking error: )pattern \S+: (lstat|stat|open) \S+: no such file or directory`,
	// yamllint's configuration (a rule that does not exist, a bad value).
	`^invalid config: `,
	// cppcheck given paths none of which exist.
	`^cppcheck: error: could not find or open any of the paths given`,
	// A go test binary refusing its flags: a -run pattern that is not a
	// regexp, a flag it does not define.
	`^testing: invalid regexp for `,
	// go refusing a flag's value, from the command line or GOFLAGS
	// ("-mod=bogus not supported (can be '', 'mod', 'readonly', or
	// 'vendor')").
	`not supported \(can be '`,
	`^flag provided but not defined: `,
	// A program refusing its own command line in the words of the usual
	// argument parsers: Go's flag package ("invalid value "many" for flag
	// -count: parse error"), getopt's invalid and unrecognized options,
	// clap's unexpected argument, rustc's "Unrecognized option" (relayed
	// by cargo from RUSTFLAGS), node refusing a flag in NODE_OPTIONS, a
	// value outside the ones a flag takes: the command or its
	// configuration is wrong, not the code.
	`^invalid value "[^"]*" for flag -`,
	`^flag needs an argument: -`,
	`: (invalid|unrecognized) option (-- )?'`,
	`error: Unrecognized option: '`,
	`^error: unexpected argument '`,
	`is not allowed in NODE_OPTIONS`,
	`^\S*node: bad option: `,
	`^Unknown value for --\S+\. Valid options are: `,
	// flake8 stopping at its own configuration (a setting it cannot read).
	`There was a critical error during execution of Flake8`,
	// A lint level set on the command line (-D clippy::x) for a lint the
	// linter does not have.
	`unknown lint: .*\n(.*\n){0,3}?\s*= note: requested on the command line`,
	// go without a usable build cache (GOCACHE relative, or no HOME to
	// put it in), cgo's C compiler not where CC says, GOPATH mode missing
	// a package, go.sum disagreeing with the download, a package path
	// the main module does not hold, and a language feature newer than
	// the go line of go.mod allows: the setup, not the code.
	`build cache is required, but could not be located`,
	`^cgo: C compiler "[^"]*" not found`,
	`cannot find package "[^"]*" in any of:`,
	`^SECURITY ERROR\nThis download does NOT match`,
	`^main module \(\S+\) does not contain package `,
	`requires go1\.\d+ or later($| \(-lang)`,
	// golangci-lint asked to enable or disable a linter it does not have.
	`unknown linters?: '`,
	`cannot find module providing package`,
	`go\.mod file not found in current directory or any parent directory`,
	`cannot find main module`,
	`does not contain main module`,
	// A standard-library import the toolchain lacks (a newer Go's
	// package; stdPackageMissing has told the code's misspellings
	// apart).
	`is not in (GOROOT|std)`,
	// A pattern (./...) that matches no module of the go.work workspace:
	// the workspace root is not a module of its own.
	`directory prefix \S+ does not contain modules listed in go\.work`,
	`go: updates to go\.mod needed`,
	`go: downloading .*\n.*(dial tcp|proxyconnect|connection refused|no such host)`,
	`toolchain not available`,
	`go: go\.mod requires go >=`,
	`replacement directory \S+ does not exist`,
	// A module directory (a replace target, a workspace's use) without
	// its go.mod: the layout on disk, not the code.
	`: reading \S*go\.mod: open \S+: no such file or directory`,
	`cannot load module \S+ listed in go\.work`,
	`go: errors parsing go\.(mod|work)`,
	// The module proxy or a VCS refusing a module it cannot serve (a
	// private one), lookups turned off, a -vettool/-exec path missing.
	`: reading https?://\S+: (400 Bad Request|401 Unauthorized|403 Forbidden|404 Not Found|410 Gone)`,
	// Every file of a package excluded for this build (its build tags,
	// GOOS/GOARCH, or cgo files with CGO_ENABLED=0), and a directory the
	// command was pointed at that holds no Go code at all: what the
	// build was asked for is not there in this setup.
	`build constraints exclude all Go files in `,
	`^no Go files in `,
	`module lookup disabled by GOPROXY=off`,
	`terminal prompts disabled`,
	`fork/exec \S+: no such file or directory`,
	// Python.
	`ModuleNotFoundError: No module named`,
	`ImportError: No module named`,
	// A name the standard library gained in Python 3.10–3.13, asked of
	// an older interpreter (itertools.batched on 3.11): the interpreter
	// is older than the code needs. Only the exception line, as Python
	// or pytest ("E   ") prints it; a misspelt standard name is not in
	// the table and stays the code's.
	`^(E\s+)?ImportError: cannot import name '(`+newerStdlib(func(module, name string) string { return name + "' from '" + module })+`)'`,
	`^(E\s+)?AttributeError: module '(`+newerStdlib(func(module, name string) string { return module + "' has no attribute '" + name })+`)'`,
	`^\S*python[0-9.]*: No module named`,
	`No module named '?[\w.]+'? \(unittest`,
	`error: Library stubs not installed`,
	// mypy given a directory (with __init__.py) whose name cannot be a
	// package ("my-tools").
	`is not a valid Python package name`,
	// mypy unable to map the files it was given to modules (two geo.py in
	// directories that are not packages): the layout, not the code.
	`error: Duplicate module named `,
	`Source file found twice under different module names`,
	// pytest refusing its configuration: required_plugins not installed,
	// a minversion newer than itself.
	`^ERROR: Missing required plugins: `,
	// pytest --strict-config: an ini option no installed plugin defines.
	`^ERROR: Unknown config option: `,
	// pytest's filterwarnings with an entry that is not a warning filter.
	`^ERROR: while parsing the following warning configuration`,
	// pytest's -k or -m with an expression it cannot parse.
	`^ERROR: Wrong expression passed to '-[km]'`,
	// pytest's command-line usage errors, and argparse's refusal of an
	// option's value ("argument --maxfail: invalid int value").
	`^ERROR: usage: \S+ \[options\]`,
	`: error: argument \S+: invalid \w+ value: `,
	`'minversion' requires pytest-`,
	// A Python tool that printed its usage and an error (argparse): the
	// command line or the configuration it reads is refused ("mypy:
	// error: Missing target module, package, files, or command.").
	`^usage: \S+ .*\n(.*\n){0,20}?\S+: error: `,
	// A Python tool's traceback through the configuration parser, ending
	// in the parser's own complaint: its configuration file has a value
	// it cannot read (flake8's max-line-length = eighty). A call frame
	// of the parser's installed copy (the standard library's, site- or
	// dist-packages', a vendored one, an egg or a wheel): a
	// tomli/_parser.py in the tree is the project's own code (tomli's),
	// and a SyntaxError's location line is no call. A program's own
	// misuse of the parser (a KeyError for a section it misspelt, a text
	// file given to tomllib.load) ends in another exception.
	`File "[^"]*/`+installedPython+`/(configparser|tomllib/_parser|tomli/_parser)\.py", line \d+, in \S+\n(.*\n){0,12}?((\w+\.)*(TOMLDecodeError|ParsingError|DuplicateSectionError|DuplicateOptionError|MissingSectionHeaderError|Interpolation\w*Error): |ValueError: (invalid literal for int\(\)|Not a boolean|could not convert string to float))`,
	// mypy -p of a package that is not there; a mypy plugin whose package
	// is not installed (plugins = pydantic.mypy).
	`^Can't find package '[^']+'$`,
	`Error importing plugin "[^"]+": No module named`,
	// A pytest fixture that a plugin provides, the plugin not installed
	// (pytest-mock's mocker, pytest-benchmark, pytest-httpx, syrupy,
	// pytest-asyncio, pytest-django, pytest-httpserver, …); a project's
	// own fixture misspelt stays the tests' fault.
	`fixture '(mocker|class_mocker|module_mocker|session_mocker|benchmark|httpx_mock|requests_mock|httpserver|snapshot|freezer|event_loop|aiohttp_client|django_user_model|admin_client|rf|celery_app|celery_worker|faker|datadir|shared_datadir|xprocess|respx_mock|mock_s3)' not found`,
	// unittest discover -s of a start directory that is not there: not
	// importable, or (with -t) outside the top-level directory.
	`ImportError: Start directory is not importable: `,
	`AssertionError: Path must be within the project$`,
	`FileNotFoundError: \[Errno 2\]`,
	`error: unrecognized arguments: `,
	// A locale the machine does not have (a test setting de_DE.UTF-8
	// where only C.UTF-8 is installed).
	`locale\.Error: unsupported locale setting`,
	// mypy wraps its message where a configuration says pretty = true
	// (markupsafe's): "…implementation or\nlibrary stub…".
	`Cannot find implementation or\s+library stub for module`,
	// Node and package managers.
	// A package, or a path the command names (namedInputMissing reads
	// those first); a relative require ('./x') of the code's own is the
	// code's fault.
	`Cannot find module '[^'.$][^']*'( or its corresponding type declarations)?`,
	`Error: Cannot find module '[^.]`,
	// A module node preloads (--require on its command line or in
	// NODE_OPTIONS) that is not there: node names the preload as the
	// requirer, before any of the program's code ran.
	`Cannot find module '[^']+'\nRequire stack:\n- internal/preload$`,
	// node refusing the value of one of its own command-line options
	// (--test-shard=x): thrown from node's startup, not the program.
	`ERR_INVALID_ARG_VALUE\]: The argument '--[\w-]+' `,
	`ERR_MODULE_NOT_FOUND`,
	// node asked to load a file type it has no loader for (a .ts test
	// or script run by node without a TypeScript loader or transform).
	`ERR_UNKNOWN_FILE_EXTENSION`,
	`Cannot find package '[^']+'`,
	`ERR_PNPM_\w+`,
	`npm ERR! (missing script|code ENOENT|enoent)`,
	`Missing script: `,
	`npm (ERR!|error) code (ENOTCACHED|E404|ENOENT|ETARGET|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ENOVERSIONS|EBADENGINE)`,
	// npm -w/--workspace naming a workspace the project does not have.
	`npm (ERR!|error) No workspaces found`,
	// npm reading a package.json that does not parse (the project's or
	// a workspace's).
	`npm (ERR!|error) code EJSONPARSE`,
	// node: a CommonJS global (require, module, exports, __dirname)
	// read by a file node loads as an ES module because of the package's
	// "type": "module" — node names the package.json that decides it.
	`is not defined in ES module scope`,
	// ... and the other way round: ES module syntax in a file node loads
	// as CommonJS (a package without "type": "module", or one that says
	// "commonjs"); node's warning names the setting.
	`To load an ES module, set "type": "module" in the package\.json`,
	`SyntaxError: Cannot use import statement outside a module`,
	// tsc (module node16/nodenext): a CommonJS file importing an ES
	// module, the package.json "type" or file extension deciding which.
	`error TS1479:`,
	// A program refusing to start without a variable its environment
	// must provide.
	`[Ee]nvironment variable \S+ (is not set|is unset|is required|must be set|is missing)`,
	// A node: built-in this node version does not have (node:sqlite
	// before node 22).
	`ERR_UNKNOWN_BUILTIN_MODULE`,
	// jest refusing its --config value (neither a file nor JSON).
	`The --config option requires a JSON string literal, or a file path`,
	// jest: a reporter the configuration names that is not installed.
	`Could not resolve a module for a custom reporter`,
	// jest refusing an option it does not know.
	`● Unrecognized CLI Parameter`,
	// jest: --config naming a file that is not there; --watch outside a
	// git or hg repository.
	`Can't find a root directory while resolving a config file path`,
	`is not supported without git/hg`,
	// A configuration file that does not parse: tsc's errors located in
	// tsconfig.json (a missing comma is TS1005 there, not the code's
	// syntax error), node's SyntaxError on a *.config.js (jest, babel,
	// webpack, …) or an .eslintrc.js it loads, ESLint's own message.
	`^(\S*/)?[jt]sconfig[\w.-]*\.json\(\d+,\d+\): error TS\d+:`,
	`^\S*(\.config\.[cm]?[jt]s|\.eslintrc(\.[cm]?js)?|\.babelrc\.js):\d+\n(.*\n){0,8}?SyntaxError: `,
	`Cannot read config file: `,
	// An error thrown while a *.config.js (or .eslintrc.js) loads, its
	// first stack frame in that file (module.exports in a package of
	// "type": "module"), with at most a few lines of explanation before.
	`^(\w+)?Error: [^\n]*\n([^ \n][^\n]*\n){0,3}\s+at (.* \()?(file://)?\S*(\.config\.[cm]?[jt]s|\.eslintrc\.[cm]?js):\d+:\d+\)?$`,
	// babel's configuration (.babelrc, babel.config.json) that does not
	// parse, as babel-jest reports it inside a suite that failed to run.
	`Error while parsing config - `,
	// jest's JSON configuration (jest -c x.json) that does not parse.
	`^JSONError: .* in \S*(\.config|rc|tsconfig|package)\.json\s*$`,
	// ESLint's configuration validator: a rule's severity or options, an
	// environment (in the config or --env), the schema.
	`Configuration for rule "[^"]+" is invalid`,
	`Environment key "[^"]+" is unknown`,
	`ESLint configuration in \S+ is invalid`,
	// jest's moduleNameMapper mapping to a path that is not there.
	`Could not locate module \S+ mapped as`,
	// jest failing while it reads its configuration: an error whose first
	// stack frames are jest-config's (an option's value it refuses, such
	// as --shard=3/2).
	`^(\w+)?Error: .*\n(\s+at .*\n){0,3}\s+at .*[/(]jest-config/build/`,
	// jest's own diagnosis of a file its transform cannot handle (ES
	// module syntax, TypeScript, JSX with no transform configured): "Jest
	// is not configured to support such syntax".
	`Jest encountered an unexpected token`,
	// babel (jest's default transform) stopping at TypeScript syntax in a
	// .ts file: no TypeScript transform (ts-jest, a babel preset) is
	// configured. babel names the file and the position.
	`^\s*SyntaxError: \S+\.[cm]?tsx?: .*\(\d+:\d+\)$`,
	// npm init's placeholder test script: no test runner is set up.
	`^Error: no test specified$`,
	// ESLint reporting its parser options as a file's parsing error: an
	// ecmaVersion or sourceType it does not know, or a module's import
	// read by a parser configured for scripts.
	`Parsing error: (Invalid ecmaVersion|sourceType .* is not supported|'import' and 'export' may appear only with 'sourceType: module'|The keyword '\w+' is reserved)`,
	// npx told not to install (--no, --no-install) a package that is not
	// there.
	`npx canceled due to missing packages`,
	// ESLint asked for a formatter that is not installed (ESLint 9 moved
	// compact, unix, junit, … out of core).
	`formatter is no longer part of core ESLint`,
	`There was a problem loading formatter: `,
	// tsc run without a usable tsconfig or inputs.
	`error TS(5057|5058|6053|18003):`,
	// tsc's TS5xxx are its compiler options' diagnostics (an unknown
	// option, a bad value, files it cannot read or write); TS6046 is an
	// option's value outside the allowed set (target es2099).
	`error TS(5\d{3}|6046):`,
	`^tsc: The TypeScript Compiler - Version`,
	// tsc: a file outside rootDir (TS6059) or outside a referenced
	// project's file list (TS6307), a package or JavaScript file without
	// type declarations (TS7016: "Try `npm i --save-dev @types/x`", or
	// allowJs), and a file isolatedModules refuses as a global script
	// (TS1208): what tsconfig and the installed types allow, not the code's
	// types.
	`error TS(6059|6307|7016|1208):`,
	// tsc: a .tsx file while the project sets no jsx option (TS17004):
	// the compiler's configuration, not the code.
	`error TS17004:`,
	// tsc: a global or method the code uses that the configured lib
	// does not declare (TS2550, TS2583, TS2584: "Do you need to change
	// your target library? Try changing the 'lib' compiler option"), and
	// the project graph refused (circular references, a referenced
	// project not composite, not built or emitting nothing, a file
	// outside the project's list): the compiler's settings.
	`Do you need to change your target library\?`,
	// tsc naming the compiler option the code needs turned on
	// (esModuleInterop for a default import of an export= module,
	// experimentalDecorators, resolveJsonModule, a moduleResolution
	// that finds packages): the configuration, not the code.
	`error TS\d+: .*can only be default-imported using the '\w+' flag`,
	`error TS\d+: .*Set the '\w+' option in your 'tsconfig' or 'jsconfig'`,
	`error TS\d+: .*Consider using '--\w+' to import`,
	`error TS\d+: .*Did you mean to set the 'moduleResolution' option`,
	`error TS(6202|6304|6305|6306|6307|6310):`,
	`ESLint couldn't find (a configuration file|the plugin|the config)`,
	`ESLint couldn't determine the plugin`,
	// ESLint (≤ 8): a rule the configuration turns on that neither ESLint
	// nor an installed plugin defines; a pattern that matches no file.
	`Definition for rule '[^']+' was not found`,
	`No files matching the pattern "[^"]+" were found`,
	// golangci-lint refusing its configuration (missing, v1 format read by
	// v2, unknown linters, a Go version newer than the one it was built
	// with).
	`can't load config: `,
	`Oops! Something went wrong!.*\n\s*\n.*(couldn't find|Cannot find|not found)`,
	`Cannot find type definition file for`,
	// tsc: a global of a runtime whose types are not installed
	// (TS2580/2582/2591–2593: "Do you need to install type definitions
	// for node? Try npm i --save-dev @types/node").
	`Do you need to install type definitions for`,
	`Could not resolve dependency`,
	`ENOENT: no such file or directory`,
	`● Validation Error:`,
	`Preset \S+ not found`,
	// Rust and cargo.
	`could not find .Cargo\.toml.`,
	`no matching package named`,
	// cargo -p naming a package the workspace does not have.
	`package ID specification .* did not match any packages`,
	// cargo --test/--bin/--example/--bench naming a target the package
	// does not have.
	`no (test|bin|example|bench) target named`,
	// cargo --manifest-path that is not a Cargo.toml file.
	"manifest path `[^`]*` is a directory but expected a file",
	`the manifest-path must be a path to a Cargo\.toml file`,
	// #![feature] on a stable toolchain (E0554): the code needs nightly.
	`may not be used on the stable release channel`,
	// A package's rust-version newer than the installed rustc.
	`is not supported by the following package`,
	// A build script that failed: in practice a system library, tool or
	// variable it looks for is missing (openssl-sys, pkg-config, a
	// *_DIR variable).
	`failed to run custom build command for`,
	`failed to (get|load|select a version for|download) .* (as a dependency|for the requirement|source)`,
	`attempting to make an HTTP request, but --offline was specified`,
	`error: no such (command|subcommand)`,
	`can't find crate for`,
	`failed to parse manifest at`,
	`^\s*--> \S*Cargo\.toml:\d+`,
	`is not installed for the toolchain`,
	// make: a missing target, Makefile or recipe program.
	`make: \*\*\* No rule to make target`,
	`make: \*\*\* No targets specified and no makefile found`,
	`make: \S+: (No such file or directory|Command not found)`,
	`make: \*\*\* \[.*\] Error 127`,
	// Generic setup failures.
	`\b(EACCES|ECONNREFUSED|ENOSPC)\b`,
	`[Pp]ermission denied`,
	// A script or test path that does not exist (dash, bats' cd).
	`cannot open \S+: No such file`,
	`line \d+: cd: \S+: No such file or directory`,
	`^(ba|da|z|k)?sh: (\d+: )?(line \d+: )?\S+: No such file or directory`,
	`can't open file '[^']+': \[Errno 2\]`,
	`^ERROR: file or directory not found: `,
	`^mypy: can't read file`,
	`E902 (FileNotFoundError|IOError)`,
	`F0001: No module named`,
	`openBinaryFile: does not exist`,
	`^bats: \S+ does not exist`,
	// bats' load of a helper library that is not installed.
	`bats_load_safe: Could not find`,
	// A program's input file that is not there (jq, sed, awk, …).
	`[Cc]ould not open (input )?file \S+: No such file or directory`,
	`Could not open input file: `,
	`Failed to open stream: No such file or directory`,
	`Failed to change working directory to`,
	// Perl: a module not installed, prove given a path that is not there.
	`Can't locate \S+ in @INC`,
	`Cannot detect source of `,
	`^error: file not found: `,
	`Unable to access jarfile`,
	`Cannot open file "[^"]+"`,
	`Test file "[^"]+" not found`,
	`stat \S+: directory not found`,
	`matched no packages`,
	`^\s*((?i)error)?:? ?[Cc]ould not find or load main class`,
	// Configuration files and plugins.
	`[Cc]annot find config file`,
	`couldn't find an eslint\.config`,
	`Failed to load (plugin|config) `,
	`error TS(5083|6231|5042):`,
	`[Cc]onfig(uration)? file .*(not found|does not exist|doesn't exist)`,
	// clippy.toml with a key clippy does not know.
	`error reading Clippy's configuration file`,
	// A tool refusing its command line: an option or value it does not
	// know is the command's setup, not the code. The tool's name may come
	// first, never a place in a source file: Go's type checker says
	// "x.go:5:15: invalid argument: index 5 out of bounds" of the code.
	`^([^\s:]+: )?(error: )?([Uu]nrecognized|[Uu]nknown|[Ii]nvalid|[Bb]ad) (command[- ]line )?(option|argument|flag|shell)\b`,
	// optionator's (ESLint's) refusal of an option's value.
	`^Invalid value for option '`,
	`unrecognized command-line option`,
	// Package managers refusing (npm ci without a lock file) and
	// pkg-config not knowing a library.
	`can only install with an existing package-lock\.json`,
	`was not found in the pkg-config search path`,
	`No Rakefile found`,
	// cmake --build of a directory cmake never configured; java -jar of
	// a jar built without a Main-Class.
	`^Error: could not load cache$`,
	`^Error: /\S+ is not a directory$`,
	// cmake --preset in a repository with no CMakePresets.json.
	`^CMake Error: Could not read presets from \S+: File not found`,
	`^no main manifest attribute, in \S+`,
	`Don't know how to build task`,
	`cannot load such file -- `,
	`Bundler::GemNotFound|Could not find gem '`,
	`Could not locate Gemfile`,
	// Toolchains (rustup) and package managers refusing or unable to fetch.
	`error: toolchain '[^']+' is not installed`,
	// rustup: a rust-toolchain file naming a toolchain that is not
	// installed.
	`toolchain '[^']+' specified in override file '[^']+' is not installed`,
	// cargo and rustc refusing the build's setup: a --target triple
	// rustc has no specification for, a package with no binary for
	// cargo run, a [[bin]]/[lib] path that is not there, a dependency
	// asked for a feature it does not define, a command-line argument
	// the (clap-based) tool does not have.
	`could not find specification for target`,
	`a bin target must be available for`,
	"can't find (bin|lib|example|test|integration-test|bench) `[^`]+` at path",
	`depends on .* with feature .* but .* does not have that feature`,
	`^error: unexpected argument '[^']+' found`,
	`^error: invalid value '[^']*' for '-`,
	// Rust's test harness refusing its own arguments (cargo test -- ...).
	`^error: argument for --[\w-]+ must be `,
	// rustc: async fn (E0670) in a crate whose Cargo.toml edition (2015)
	// does not have it: the crate's edition setting, not the code.
	`^error\[E0670\]`,
	// rustc refusing a codegen option given by a Cargo.toml profile or
	// RUSTFLAGS (lto = "maybe").
	`^error: (incorrect value .* for|unknown) codegen option`,
	// ... and a profile's opt-level out of range.
	`^error: optimization level needs to be between`,
	// go: a language feature newer than the go line of go.mod
	// (-lang): the module's declared version, not the code.
	`requires go1\.\d+ or later \(-lang was set to go1\.\d+; check go\.mod\)`,
	// rustc: a crate the code uses that Cargo.toml does not declare
	// (rustc: "if you wanted to use a crate named `x`, use `cargo add x`
	// to add it to your Cargo.toml"), a dev-dependency for a test.
	"if you wanted to use a crate named `[^`]+`, use `cargo add",
	// ... which rustc also says, without that help, of a path whose
	// first segment names no crate it was given (an attribute such as
	// #[tokio::test]): a module of the crate's own misspelt is reported
	// as "could not find ... in the crate root" instead.
	"use of unresolved module or unlinked crate `",
	// cargo: -Z on the stable channel; cargo fix outside version
	// control; a member that declares a [workspace] of its own.
	`is only accepted on the nightly channel`,
	"no VCS found for this package and `cargo fix`",
	`multiple workspace roots found in the same workspace`,
	`rustup could not choose a version`,
	`is not installed for the toolchain`,
	`externally-managed-environment`,
	`Could not find a version that satisfies the requirement`,
	`No matching distribution found`,
	`npm (ERR!|error) code E(RESOLVE|NOTARGET|INTEGRITY|OFFLINE)`,
	`Unable to locate package`,
	`Could not resolve host|Temporary failure in name resolution|getaddrinfo (ENOTFOUND|EAI_AGAIN)|getaddrinfo: Name or service not known`,
	// RubyGems and pip unable to reach their index.
	`Unable to download data from`,
	`Failed to open TCP connection to`,
	`Failed to establish a new connection`,
	// Maven and Gradle: no project, unresolvable plugins or dependencies.
	`there is no POM in this directory`,
	`Could not resolve dependencies for project`,
	`Plugin \S+ or one of its dependencies could not be resolved`,
	`Non-resolvable (parent POM|import POM)`,
	`Cannot access \S+ in offline mode`,
	`Could not resolve all (files|dependencies|artifacts) for configuration`,
	`error: package org\.(junit|hamcrest|assertj|mockito)\S* does not exist`,
	// javac: a package of a well-known library is not on the classpath
	// (a project's own packages are not under these names).
	`error: package (com\.google\.(gson|common|protobuf)|com\.fasterxml\.jackson|org\.apache\.(commons|http|logging|log4j)|org\.slf4j|org\.springframework|io\.netty|lombok|jakarta\.\w+|javax\.(servlet|persistence|inject|ws))\S* does not exist`,
	// C and C++: a system header or library that is not installed, a
	// compiler or package CMake cannot find.
	`fatal error: \S+\.h(pp)?: No such file or directory`,
	`cannot find -l\S+`,
	// The same from LLVM's linker (rust-lld, which rustc uses by default).
	`unable to find library -l\S+`,
	// make -C (from a script or a recipe) into a directory that is not
	// there.
	`^make(\[\d+\])?: \*\*\* \S+: No such file or directory\.  Stop\.$`,
	// cargo refusing Cargo.lock: it does not parse, or a newer cargo wrote
	// it. The lock file is the setup's.
	`failed to parse lock file at`,
	// rustc (LLVM) told of a CPU it does not know (-C target-cpu, from
	// RUSTFLAGS or a config): the build's flags, not the code.
	`is not a recognized processor for this target`,
	// go with GOCACHE=off: the build cache has been required since go 1.12.
	`build cache is disabled by GOCACHE=off`,
	// Python refused a connection (a database, a cache) or unable to open
	// a SQLite file under a directory that is not there: a service or path
	// the environment lacks.
	`^ConnectionRefusedError: `,
	// Go refused a connection to a service's well-known port (a
	// database, a cache, a broker a test or program needs): the service
	// is not running here. A port of the test's own (an httptest server
	// it never started, an ephemeral one) stays the test's.
	`dial tcp \S*:`+servicePorts+`: connect: connection refused`,
	`sqlite3\.OperationalError: unable to open database file`,
	// libpq's hint under a connection that failed (psql, psycopg, any
	// client of PostgreSQL's library), and redis-cli's: the database or
	// cache is not running where the command looks for it.
	`^\s*Is the server running (on that host and accepting TCP/IP connections|locally and accepting connections on (that|Unix domain) socket( "[^"]*")?)\?`,
	`^Could not connect to Redis at \S+: Connection refused`,
	// A session pytest.exit stopped (a fixture checking for its service
	// before any test) because a connection to a service's well-known
	// port was refused: the message pytest prints is the fixture's own.
	`^!+ _pytest\.outcomes\.Exit: [^\n]*\S:`+servicePorts+`\b[^\n]*([Cc]onnection refused|Errno 111)`,
	// curl (a step checking a service before the tests) that could not
	// connect to a service's well-known port, or resolve the host: the
	// service is not running, or no network reaches it. A port of the
	// project's own (a server the step started, 8080) may be its code's
	// crash, and stays unread here.
	`^curl: \(7\) Failed to connect to \S+ port `+servicePorts+`[ :]`,
	`^curl: \(6\) Could not resolve host: `,
	// tsc: a syntax the module option does not allow (import.meta,
	// top-level await under commonjs): the configuration decides.
	`only allowed when the '(--)?module' option is`,
	// tsc locating an error in a JSON file: a configuration it reads
	// (a tsconfig, a base it extends), not the code.
	`^\S+\.json\(\d+,\d+\): error TS\d+:`,
	// Python: a KeyError raised by os.environ's __getitem__ (the frame
	// under the program's os.environ["X"]): a variable the environment
	// must provide is not set.
	`File "(<frozen os>|\S*/os\.py)", line \d+, in __getitem__`,
	`Could NOT find \w+`,
	`Could not find a package configuration file provided by`,
	`No CMAKE_\w+_COMPILER could be found`,
	`The source directory "[^"]+" does not exist`,
	`CMake Error: The source directory`,
	`^Could not find executable `,
	// cmake -P given a script it cannot read.
	`^CMake Error: Error processing file: `,
	// PHP: a function or class of an extension that is not installed
	// (php -m lists those that are): curl, bcmath, gmp, intl, gd, zip,
	// databases, yaml, redis, … A misspelt function of the program's own
	// stays a code error.
	`Call to undefined function (curl_|bc(add|sub|mul|div|mod|pow|sqrt|scale|comp|powmod)|gmp_|idn_|intl|grapheme_|normalizer_|numfmt_|collator_|transliterator_|msgfmt_|locale_|image|gd_|zip_|mysqli_|pg_|sqlite_|odbc_|oci_|ldap_|yaml_|apcu_|redis|memcache|xmlrpc_|snmp|tidy_|imap_|bz(open|compress|decompress)|sodium_|mb_|simplexml_|dom_|xml_|xsl|ftp_|gettext|exif_|finfo_|pcntl_|posix_|readline|ctype_|iconv|ffi)\w*\(`,
	`Class "(ZipArchive|PDO|SQLite3|mysqli|Redis|Memcached?|Imagick\w*|IntlDateFormatter|NumberFormatter|Collator|Normalizer|Locale|MessageFormatter|Transliterator|IntlChar|Soap(Client|Server)|DOMDocument|SimpleXMLElement|XMLReader|XMLWriter|XSLTProcessor|GMP|CURLFile|finfo|AMQP\w+|MongoDB\\\S+)" not found`,
	`PHP Startup: Unable to load dynamic library`,
	// PDO without the database's driver extension (pdo_sqlite, pdo_mysql).
	`PDOException: could not find driver`,
)

// pythonPositionCaret is a report at a Python file's line and column
// with the source line and a caret under it: pyflakes' (and
// py_compile-style) report of a file that does not parse, but also
// flake8 --show-source and mypy --pretty under their findings.
var pythonPositionCaret = regexp.MustCompile(`(?m)^\S+\.pyi?:\d+:\d+: ([^\n]*)\n[^\n]*\n\s*\^+\s*$`)

// findingMessage is how a finding starts where a parse error does not: a
// linter's code (F401, E225, W605) or a checker's level (mypy's
// "error:").
var findingMessage = regexp.MustCompile(`^(\[?[A-Z]+\d+\b|(error|warning|note): )`)

// pythonParseReport: a file that does not parse, as pyflakes reports it
// (Python's own message: "invalid syntax", "'(' was never closed",
// "Missing parentheses in call to 'print'"), told from a linter's or a
// type checker's finding shown with its source line.
func pythonParseReport(text []byte) bool {
	if !bytes.Contains(text, []byte(".py")) || !bytes.Contains(text, []byte("^")) {
		return false
	}
	for _, m := range pythonPositionCaret.FindAllSubmatch(text, -1) {
		if !findingMessage.Match(m[1]) {
			return true
		}
	}
	return false
}

// commandEnvSignals are setups the command itself met, each anchored
// where its tool prints it (a line's start, a shell's own name), and
// read only from the command's output, never from a test's failure: a
// test or a program of the project may print the same words (a client
// wrapping a fetch error, a script of its own cd'ing astray, a resolver
// error the code caused, a comment echoed under a compile error), and
// those stay what they were.
var commandEnvSignals = rx(
	// A program refusing the command line it was given in the words of
	// Python's parsers: click's usage error (an option or argument
	// missing — a required option whose variable is not set among them
	// —, an option it does not have, a value it cannot read) and
	// argparse's required arguments: the command or its environment is
	// wrong, not the code.
	`^Try '[^'\n]+ --help' for help\.\n\nError: (Missing option|Missing argument|No such option|No such command|Invalid value for|Got unexpected extra argument)`,
	`^\S+: error: the following arguments are required: `,
	// A module the build needs that go could not fetch (the proxy or the
	// network not reachable), however far from its "go: downloading"
	// line go reports it: at the import's position under the importing
	// package's header, or as go's own error. A proxy's answer about the
	// module itself is "reading URL: 404 Not Found" (envSignals).
	`^(go: |\S+\.go:\d+:\d+: )(verifying module: )?\S+@v\d[^\s:]*: Get "https?://[^"]+": `,
	// A name lookup with no network to ask over (Go's resolver), and
	// Python's resolver at the end of a program's traceback (socket's
	// gaierror, urllib's URLError around it).
	`lookup \S+( on \S+)?: dial udp \S+: connect: network is unreachable$`,
	`^(socket\.gaierror|urllib\.error\.URLError|requests\.exceptions\.ConnectionError|\w*ConnectionError): .*\[Errno -[235]\] (Name or service not known|Temporary failure in name resolution|No address associated with hostname)`,
	// A package's metadata asked for (importlib.metadata.version, the
	// older pkg_resources) where the package is not installed: a source
	// checkout on the path is not an installed distribution. As pytest
	// reports a module it could not collect, or a program's last line.
	`^(E\s+)?(importlib\.metadata\.)?PackageNotFoundError: No package metadata was found for `,
	`^(E\s+)?pkg_resources\.DistributionNotFound: The '[^']+' distribution was not found`,
	// The shell of a CI step (sh -c, bash -c) failing its own cd into a
	// directory that is not there (dash's words, then bash's); a
	// script's cd names the script, and stays the script's.
	`^(\S*/)?(sh|dash|bash|ash|zsh): (\d+: cd: can't cd to \S+|line \d+: cd: \S+: No such file or directory)$`,
	// CMake older than the project asks for; a generator whose build
	// program is not installed (-G Ninja without ninja); a directory
	// add_subdirectory names that holds no CMakeLists.txt (a git
	// submodule never checked out); a CMakeLists.txt cmake cannot parse
	// and a Makefile make cannot (the build's configuration, as a
	// configuration file that does not parse is elsewhere).
	`^\s*CMake \d+(\.\d+)* or higher is required\.\s+You are running version`,
	`^CMake Error: CMake was unable to find a build program corresponding to "`,
	`^\s+does not contain a CMakeLists\.txt file\.$`,
	`^CMake Error at \S+:\d+:\n\s+Parse error\.`,
	// go naming a directory of the command line that is not there (go
	// work use, go mod init -C).
	`^go: directory \S+ does not exist$`,
	`^\S+:\d+: \*\*\* missing separator( \(did you mean TAB instead of \d+ spaces\?\))?\.  Stop\.$`,
	// git refusing to commit or tag as nobody: the account running the
	// check has no user.name/user.email.
	`^fatal: (unable to auto-detect email address \(got '[^']*'\)|empty ident name \(for <[^>]*>\) not allowed)$`,
)

// lintDenySignals mark a compiler run that failed only because warnings
// were made errors (clippy, rustc -D warnings, #![deny(...)]).
var lintDenySignals = rx(
	`clippy::`,
	`#\[deny\(clippy`,
	`-D clippy`,
	"implied by `-D warnings`",
	// A lint level raised to deny by Cargo.toml's [lints] table or
	// RUSTFLAGS (rustc: "requested on the command line with `-D ...`").
	"requested on the command line with `-D ",
	`^note: the lint level is defined here`,
	// gcc/clang -Werror.
	`\[-Werror(=[\w=-]+)?\]`,
	`\[-Werror,-W[\w-]+\]`,
)

// rustErrorCode marks a real rustc compile error, which outranks lints.
var rustErrorCode = rx(`^error\[E\d{4}\]`)

// babelJSSyntax is babel's parse error in a JavaScript file, as jest
// reports it: the path, the message, the line and column.
var babelJSSyntax = rx(`^\s*SyntaxError: \S+\.[cm]?jsx?: .*\(\d+:\d+\)$`)

// babelPluginSyntax is babel refusing syntax it needs a plugin or
// preset for (JSX, Flow, decorators): its configuration, not the code.
var babelPluginSyntax = rx(`Support for the experimental syntax|isn't currently enabled`)

// compileSignals say the code did not compile or load, so no check of a
// later stage (tests, lint) could even run.
var compileSignals = rx(
	// Go: a package that fails to build.
	`\[build failed\]`,
	// The header names the package, and its test variant when the
	// compile was for a test binary (go vet and go test build that one
	// when an external test package imports the package).
	`^# \S+( \[\S+\.test\])?\n(\S+\.go:\d+:\d+: |\S+\.go:\d+: )`,
	`\[setup failed\]`,
	`^vet: \S+\.go:\d+:\d+: `,
	goLoadParseError,
	// Rust.
	`^error\[E\d{4}\]`,
	`^error: (could not compile|aborting due to)`,
	`^error: expected `,
	// Python and JavaScript loading failures.
	`^\s*(SyntaxError|IndentationError|TabError): `,
	// py_compile and compileall's report of a file that does not parse.
	`^Sorry: (SyntaxError|IndentationError|TabError): `,
	`^E?\s*(File ".*", line \d+\n)?.*SyntaxError`,
	`ERROR collecting`,
	// pytest: a test asks for a fixture nothing defines (a plugin's
	// fixture, its plugin not installed, is the setup's: envSignals).
	`^(E\s+)?fixture '[^']+' not found$`,
	// jest: a test file that could not be loaded (its code throws or
	// requires a file of its own that is not there); a missing package
	// was read as a setup problem before.
	`^\s*● Test suite failed to run$`,
	`unittest\.loader\._FailedTest`,
	`^SyntaxError: `,
	// Shell scripts.
	`^\S+: line \d+: (syntax error|unexpected EOF while looking for matching|.*: unbound variable|.*: bad substitution)`,
	// TypeScript's TS1xxx codes are syntax errors, not type errors.
	`error TS1\d{3}:`,
	// tsc: a relative import written without the file extension that
	// ES module resolution (node16, nodenext) requires (TS2834, TS2835):
	// the import in the code is wrong, not a type.
	`error TS283[45]:`,
	// ... and one ending in .ts, which tsc 4.8 does not allow (TS2691).
	`error TS2691:`,
	// tsc: an import naming something the module does not export
	// (TS2305; TS2724 with a "Did you mean"): the import in the code is
	// wrong, as go's "undefined: pkg.Name" is.
	`error TS(2305|2724):`,
	// tsc: a relative import (./, ../) of a file the project does not
	// have (TS2307): the import in the code is wrong; a package that is
	// not installed was read as the setup's before.
	`error TS2307: Cannot find module '\.\.?/`,
	// ShellCheck giving up on a script that does not parse.
	`Fix any mentioned problems and try again`,
	`SC1073 \(error\): Couldn't parse`,
	// flake8's E999 (any exception compiling the file: SyntaxError,
	// IndentationError, TabError) and pylint's syntax-error and
	// parse-error (a file it cannot decode or parse) are not findings
	// about working code: the code does not load.
	`^\S+\.pyi?:\d+:\d+: E999 \w+: `,
	// pycodestyle's E901: the file does not tokenize or compile.
	`^\S+\.pyi?:\d+:\d+: E901 \w+: `,
	`^\S+\.pyi?:\d+:\d+: (E0001|F0010): `,
	// pyflakes on a file that does not parse: pythonParseReport.
	// pytest unable to load a conftest.py (a missing package was read as a
	// setup problem before): the code of the test suite does not load.
	`^ImportError while loading conftest `,
	// node --test: a test file that threw while it loaded, its error and
	// stack relayed as TAP comments — a bare Error, a named one, or one
	// with node's [ERR_*] code (a package subpath its "exports" do not
	// define); the setup's codes (a module not found, a file type with no
	// loader) were read as setup problems before.
	`^# ([A-Z]\w*)?Error( \[ERR_\w+\])?(: .*)?\n#\s+at \S`,
	// mypy on a source file it cannot decode.
	`^mypy: can't decode file `,
	// mypy and pyright on a file that does not parse.
	`^\S+\.pyi?:\d+:(\d+:)? error: .*\[syntax\]\s*$`,
	// Perl's compiler (perl -c, use strict).
	`had compilation errors\.`,
	`aborted due to compilation errors\.`,
	`^syntax error at \S+ line \d+`,
	// dash's and ruby's syntax checks, PHP's parser (php -l).
	`^\S+: \d+: (Syntax error|\S+: Syntax error):`,
	// dash's "Bad substitution" (a bash-only expansion under sh).
	`^\S+: \d+: Bad substitution$`,
	`^\S+\.rb:\d+: syntax error`,
	`syntax errors? found`,
	`^(PHP )?Parse error: `,
	`^Errors parsing `,
	// javac, Maven's compiler plugin, gcc/clang.
	`\[ERROR\] COMPILATION ERROR`,
	`^\S+\.java:\d+: error: `,
	`^\S+\.(c|cc|cpp|cxx|h|hpp):\d+:\d+: error: `,
	`undefined reference to `,
	`^CMake Error at \S+`,
	// PHP fatal errors (a missing class, a call to an undefined function).
	`PHP Fatal error: `,
	`^Fatal error: `,
	// go: one directory whose files declare different packages.
	`^found packages \w+ \(\S+\) and \w+ \(\S+\) in `,
	// go: a package whose initialisation panicked (a package variable's
	// initialiser, an init function) as the test binary or program
	// started: goroutine 1 with the package's init on its stack, before
	// any test ran. A test's own panic runs in a goroutine of its own
	// under testing.tRunner.
	`^goroutine 1 \[running\]:\n(.*\n){0,20}?\S+\.init(\.\w+)*\(\)\n`,
	// go: an import of another module's internal package.
	`use of internal package \S+ not allowed`,
	// golangci-lint's typecheck: the package does not compile (an import
	// it cannot resolve was read as a setup problem before).
	`^\S+\.go:\d+(:\d+)?: .*(\n\t.*){0,6}\(typecheck\)$`,
	// yamllint: the YAML file does not parse.
	`^\s+\d+:\d+\s+error\s+syntax error: .*\(syntax\)$`,
	// gofmt and friends reporting a parse error.
	`^\S+\.go:\d+:\d+: (expected|illegal|missing|syntax error)`,
	// Linters that could not read the code, as flake8's E999 above:
	// black's "Cannot parse" (not "for target version", which is its
	// configuration's), staticcheck's compile errors, which it marks
	// "(compile)" at a Go file's position (its configuration's errors
	// carry the mark without one). ESLint's: see the rule "ESLint could
	// not parse".
	`^error: cannot format \S+: Cannot parse: \d+:\d+: `,
	// rustfmt (cargo fmt) stopping at a delimiter never closed.
	`^error: (this file contains an unclosed delimiter|mismatched closing delimiter: )`,
	`^\S+\.go:\d+:\d+: .* \(compile\)$`,
)

// eslintParseError is ESLint's parse error at a file's position, and
// eslintForeignFile a file header of its stylish report that is not
// JavaScript.
var (
	eslintParseError  = rx(`^\s+[1-9]\d*:\d+\s+error\s+Parsing error: `)
	eslintForeignFile = rx(`^\S+\.(ts|tsx|mts|cts|vue|svelte)$`)
)

// analyserSignals are findings in a compiler's format that name the
// analyser's check in brackets (a compiler's own bracket names a warning
// flag: "[-Wformat]", "[-Werror=...]").
var analyserSignals = rx(
	`^\S+:\d+:\d+: (error|warning|style|performance|portability|information): .+ \[[A-Za-z][\w.,-]*\]$`,
)

// analyserParseFailed is an analyser saying it could not parse the code.
var analyserParseFailed = rx(
	`: error: .+ \[syntaxError\]$`,
)

// typeSignals are type checker reports.
var typeSignals = rx(
	`error TS\d{4,5}:`,
	`\(\d+,\d+\): error TS\d+`,
	`^Found \d+ errors? in \d+ files? \(checked \d+ source files?\)`,
	`^\S+\.pyi?:\d+:(\d+:)? error: .*\[[a-z][a-z-]*\]\s*$`,
	`^\S+\.pyi?:\d+:(\d+:)? error: `,
	`error: .* \(report[A-Z]\w+\)`,
	`^\d+ errors?, \d+ warnings?, \d+ informations?`,
)

// lintSignals are linter and formatter reports.
var lintSignals = rx(
	// ESLint.
	`✖ \d+ problems? \(\d+ errors?, \d+ warnings?\)`,
	`^\s+\d+:\d+\s+(error|warning)\s+.+\s+[\w@/-]+$`,
	// Ruff, flake8, pycodestyle, pylint.
	`^\S+\.pyi?:\d+:\d+: [A-Z]{1,3}\d{3,4} `,
	`^[A-Z]{1,3}\d{3,4} (\[\*\] )?.+\n\s*-->`,
	`^Found \d+ errors?\.`,
	`\[\*\] \d+ fixable with the `,
	`Your code has been rated at`,
	`^\S+\.py:\d+:\d+: [CRWEF]\d{4}: `,
	// ShellCheck.
	`\(?SC\d{4}\)?`,
	`^In \S+ line \d+:`,
	// A CI step or script listing the files gofmt would change.
	`\bnot (gofmt|go fmt)(-?ed|[- ]formatted):?$`,
	// Go vet analyzers and gofmt diffs.
	`^# \S+\n(\S+\.go:\d+:\d+: .*)\n`,
	`^diff -u? ?\S+\.go\.orig \S+\.go`,
	`^--- \S+\.go\.orig`,
	// golangci-lint and staticcheck.
	`\((\w+lint|staticcheck|govet|errcheck|ineffassign|unused|gosimple)\)$`,
	`^\S+\.go:\d+:\d+: \S+ \((SA|S|ST|QF)\d{4}\)`,
	// yamllint (a parse error is the file's, read as a code error first).
	`^\s+\d+:\d+\s+(error|warning)\s+.+\s+\([\w-]+\)$`,
	// codespell: "file:line: word ==> correction".
	`^\S+:\d+: \S+ ==> \S`,
	// bandit.
	`^>> Issue: \[B\d{3}:\w+\]`,
	// RuboCop.
	`^\d+ files? inspected, \d+ offenses? detected`,
	`^\S+\.rb:\d+:\d+: [CWEF]: `,
	// Prettier, black.
	`Code style issues found`,
	`would reformat `,
	`^\[warn\] .*Forgot to run Prettier`,
)

// testSignals are test runner verdicts.
var testSignals = rx(
	// go test.
	`^--- FAIL: `,
	`^FAIL\s+\S+\s+[\d.]+s$`,
	`^panic: .*\[recovered\]`,
	// pytest and unittest.
	`=+ .*\b\d+ failed\b.* =+`,
	`^FAILED \S+::`,
	`^FAILED \((failures|errors)=\d+`,
	`^(FAIL|ERROR): test\w* \(`,
	`^E\s+AssertionError`,
	`^AssertionError`,
	// Jest, Vitest, Mocha, node --test, TAP.
	`^Tests:\s+\d+ failed`,
	`^\s*Test Files\s+\d+ failed`,
	`^\s*Tests\s+\d+ failed`,
	`^\s*● `,
	`^\s*\d+ failing$`,
	`^# fail [1-9]\d*`,
	`^ℹ fail [1-9]\d*`,
	`✖ failing tests:`,
	`^not ok \d+ `,
	`^\s*FAIL\s+\S+\.(test|spec)\.[jt]sx?`,
	// cargo test.
	`^test result: FAILED`,
	`^test \S+ \.\.\. FAILED`,
	`^failures:$`,
	// Node's dot and spec reporters, assert, doctest.
	`^Failed tests:$`,
	`AssertionError \[ERR_ASSERTION\]`,
	`^Failed example:$`,
	`\*\*\*Test Failed\*\*\* \d+ failures?`,
	// prove's summary (Perl's TAP harness).
	`^Failed \d+/\d+ subtests`,
	`^Result: FAIL$`,
	// Generic.
	`\b\d+ (tests? )?failed\b`,
)

// fileLineSignals are compiler-style diagnostics with a file and a line.
var fileLineSignals = rx(
	`^\S+\.\w+:\d+(:\d+)?: `,
	`^\S+\.\w+\(\d+,\d+\): `,
)

// fileNamed is a path ending in a file name with an extension, or one of
// the extensionless names build and container files have.
var fileNamed = regexp.MustCompile(`(?:^|[\s'"(\[:=/])(?:[\w.-]+/)*((?:[A-Za-z_.][\w.-]*)?\.([A-Za-z][A-Za-z0-9]*)|(?:Dockerfile|Containerfile|Makefile|GNUmakefile|Jenkinsfile|Rakefile|Gemfile)(?:\.[\w-]+)?)(?:$|[\s'":),\](])`)

// namesProjectFile says whether out names a file a checker reads as the
// project's: code, markup or styles by the extension, or a Dockerfile or
// Makefile, unless it is a tool's configuration. Data and configuration
// formats (YAML, JSON, XML, TOML, INI) do not count: a checker that names
// only its configuration stopped there.
//
// Only lines that may name one are matched (mayNameProjectFile): an
// output of thousands of other names (os.environ, module.attr) cost one
// submatch each, 30–70 ms a window.
func namesProjectFile(out []byte) bool {
	for line := range bytes.Lines(out) {
		if !mayNameProjectFile(line) {
			continue
		}
		for _, m := range fileNamed.FindAllSubmatchIndex(line, -1) {
			name := string(line[m[2]:m[3]])
			if configFile(name) {
				continue
			}
			if m[4] < 0 || projectExts[strings.ToLower(string(line[m[4]:m[5]]))] {
				return true
			}
		}
	}
	return false
}

// namesProjectFile: the output names a project file, as printed or as the
// text go test -json's events carry (raw is text unless it was decoded).
func (in *input) namesProjectFile() bool {
	return namesProjectFile(in.text) || (!sameBytes(in.raw, in.text) && namesProjectFile(in.raw))
}

// sameBytes: a and b are one slice.
func sameBytes(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// extensionlessNames are the build and container files fileNamed knows
// without an extension.
var extensionlessNames = [][]byte{[]byte("Dockerfile"), []byte("Containerfile"), []byte("Makefile"), []byte("GNUmakefile"),
	[]byte("Jenkinsfile"), []byte("Rakefile"), []byte("Gemfile")}

// mayNameProjectFile: line has a dot followed by a project extension, or
// one of the extensionless names: the only lines fileNamed can find a
// project file in.
func mayNameProjectFile(line []byte) bool {
	for i := bytes.IndexByte(line, '.'); i >= 0; {
		j := i + 1
		for j < len(line) && (line[j] >= 'a' && line[j] <= 'z' || line[j] >= 'A' && line[j] <= 'Z' || line[j] >= '0' && line[j] <= '9') {
			j++
		}
		if j > i+1 && projectExts[strings.ToLower(string(line[i+1:j]))] {
			return true
		}
		k := bytes.IndexByte(line[j:], '.')
		if k < 0 {
			break
		}
		i = j + k
	}
	for _, n := range extensionlessNames {
		if bytes.Contains(line, n) {
			return true
		}
	}
	return false
}

// projectExts are extensions of files a checker reads as the project's.
var projectExts = map[string]bool{}

func init() {
	for _, e := range strings.Fields(`py pyi go rs js mjs cjs jsx ts tsx mts cts c h cc cpp cxx hpp hh m mm java kt kts scala groovy
		rb php sh bash zsh pl pm t swift cs fs lua vue svelte ex exs erl hs ml dart zig nim sql r jl
		css scss sass less html htm xhtml md markdown rst adoc tf hcl proto graphql gql ipynb`) {
		projectExts[e] = true
	}
}

// configFile: the configuration files of the tools the corpus knows (a
// checker naming only these never got to the code).
func configFile(name string) bool {
	base := strings.ToLower(path.Base(name))
	switch base {
	case "pytest.ini", "tox.ini", "setup.cfg", "pyproject.toml", ".flake8", ".pylintrc", "pylintrc", "mypy.ini", ".mypy.ini",
		".coveragerc", "staticcheck.conf", "rustfmt.toml", ".rustfmt.toml", "clippy.toml", ".clippy.toml", "cargo.toml", "cargo.lock",
		"package.json", "package-lock.json", "jsconfig.json", "pom.xml", "go.mod", "go.sum", "go.work", "cmakelists.txt",
		".editorconfig", ".bandit", ".codespellrc", ".yamllint", "phpunit.xml", "phpunit.xml.dist", "composer.json", ".rubocop.yml":
		return true
	}
	for _, prefix := range []string{".golangci.", "tsconfig.", ".eslintrc", "eslint.config.", ".prettierrc", "prettier.config.",
		".stylelintrc", "stylelint.config.", ".markdownlint", ".hadolint.", ".yamllint.", "build.gradle", "settings.gradle",
		".babelrc", "babel.config.", "jest.config.", "vitest.config.", ".swcrc", "biome.json", "ruff.toml", ".ruff.toml"} {
		if strings.HasPrefix(base, prefix) {
			return true
		}
	}
	return false
}

// analysisReport: Maven's and Gradle's analysis plugins (Checkstyle, PMD,
// SpotBugs, JaCoCo) reporting what they found in files they name only in
// a report: their verdict on code they read.
var analysisReport = rx(
	`(?i)\bviolations? (?:were |was )?found\b`,
	`Coverage checks have not been met`,
	`(?i)\bSpotBugs\b.*\bbugs?\b`,
)

// javaBuild: Maven or Gradle, which compile and test the code they are
// pointed at and name its files when they judge it.
func javaBuild(argv []string) bool {
	words := commandWords(argv)
	if len(words) == 0 {
		return false
	}
	switch words[0] {
	case "mvn", "mvnw", "gradle", "gradlew":
		return true
	}
	return false
}

// shellNameError is bash's error about a name at a line of a script.
var shellNameError = regexp.MustCompile(`(?m)^\S+: line \d+: [A-Z_][A-Z0-9_]*: (.+)$`)

// requiredWords are what a ${NAME:?message} says of its variable.
var requiredWords = regexp.MustCompile(`(?i)\b(?:not set|must be set|is required|required|missing|must|needed|need|unset|undefined|empty|provide|define)\b`)

// requiredVariableUnset: see the rule "required variable unset". bash's
// own message, or one of the script's that says the variable is needed;
// bash's errors about a name say other things (unbound variable, invalid
// indirect expansion, cannot convert indexed to associative array).
func requiredVariableUnset(text []byte) bool {
	if !bytes.Contains(text, []byte(": line ")) {
		return false // the regexp over a megabyte costs milliseconds
	}
	for _, m := range shellNameError.FindAllSubmatch(text, -1) {
		msg := bytes.TrimSpace(m[1])
		if string(msg) == "parameter null or not set" || requiredWords.Match(msg) {
			return true
		}
	}
	return false
}

// logDate is the date and time Go's log package puts before a line
// (log.Fatal's), optional.
const logDate = `(\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2}(\.\d+)? )?`

// variableLine is a program's line of its own refusing to go on without
// an environment variable: its name, upper case with an underscore as
// the convention has it, that "is not set" (log's date and time before
// it, an "error:" word; nothing after but a full stop, a hint in
// brackets, or what it therefore cannot do — "X is not set: cannot
// publish"; "X not set, defaulting to info" is a warning).
var variableLine = regexp.MustCompile(`(?m)^` + logDate + `([Ee]rror: |[Ff]atal: |FATAL: )?\$?[A-Z][A-Z0-9]*_[A-Z0-9_]+ (is not set|is unset|must be set|is required|is missing|not set)(\.|: (cannot|can't|unable to|refusing to|aborting|exiting|stopping)\b[^\n]*)?( \([^)\n]*\))?$`)

// fileLine is a Go program's line of its own stopping because a file it
// opens is not there (log.Fatal(err) of os.Open's error: "open
// scenario.toml: no such file or directory"), log's date and time before
// it, nothing after.
var fileLine = regexp.MustCompile(`(?m)^` + logDate + `([Ee]rror: |[Ff]atal: )?open \S+: no such file or directory$`)

// fileRefusal: a program (a main, a TestMain) stopping on a file its
// checkout does not have — a configuration or input it reads from the
// working directory (see fileLine); Python's FileNotFoundError is read
// among envSignals. A crash after it decides instead, as for
// variableRefusal.
func fileRefusal(text []byte) bool {
	if !bytes.Contains(text, []byte(": no such file or directory")) {
		return false
	}
	if crashedAfter(text) {
		return false
	}
	return fileLine.Match(text)
}

// crashedAfter: the output holds a Go panic or a Python traceback, which
// decides over a refusal line before it (variableRefusal, fileRefusal).
func crashedAfter(text []byte) bool {
	return bytes.Contains(text, []byte("panic: ")) || bytes.Contains(text, []byte("Traceback (most recent call last)"))
}

// variableRefusal: a program (a TestMain, a main, a script) stopping on
// a variable its environment does not set (see variableLine). Where the
// program then crashed (a Go panic, a Python traceback), the crash is
// what happened, and decides.
func variableRefusal(text []byte) bool {
	if !bytes.Contains(text, []byte("set")) && !bytes.Contains(text, []byte(" required")) && !bytes.Contains(text, []byte(" missing")) {
		return false
	}
	if crashedAfter(text) {
		return false
	}
	return variableLine.Match(text)
}

// environSubscript is os.environ["NAME"] (or environ['NAME']) in a
// source line a traceback quotes.
var environSubscript = regexp.MustCompile(`environ\[["'](\w+)["']\]`)

// environKeyError: a KeyError for a name the output's source lines read
// with environ[...]: a variable the environment does not set.
func environKeyError(text []byte) bool {
	if !bytes.Contains(text, []byte("KeyError: '")) {
		return false
	}
	missing := map[string]bool{}
	for _, m := range keyErrorName.FindAllSubmatch(text, -1) {
		missing[string(m[1])] = true
	}
	for _, m := range environSubscript.FindAllSubmatch(text, -1) {
		if missing[string(m[1])] {
			return true
		}
	}
	return false
}

// keyErrorName is the key a KeyError names.
var keyErrorName = regexp.MustCompile(`KeyError: '(\w+)'`)

// positionalUnbound is bash stopping at an unset positional parameter.
var positionalUnbound = regexp.MustCompile(`(?m)^\S+: line \d+: \$(\d): unbound variable$`)

// argumentMissing: a script run with fewer arguments than the positional
// parameter set -u stopped at ("$2: unbound variable" with one given): the
// caller did not pass what it needs. With enough arguments given, the
// unset one is a function's own parameter: the code's.
func argumentMissing(in *input) bool {
	if !bytes.Contains(in.text, []byte(": unbound variable")) {
		return false
	}
	m := positionalUnbound.FindSubmatch(in.text)
	if m == nil {
		return false
	}
	n := int(m[1][0] - '0')
	return n > 0 && len(scriptArgs(in.argv)) < n
}

// scriptArgs are the arguments argv passes its script: after argv[0]
// when it is the script, after the script's path when a shell runs one
// (bash deploy.sh a b); none for a shell's -c.
func scriptArgs(argv []string) []string {
	words := commandWords(argv)
	if len(words) == 0 {
		return nil
	}
	if !isShell(words[0]) {
		return words[1:]
	}
	for i, w := range words[1:] {
		if w == "-c" {
			return nil
		}
		if !strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "+") {
			return words[i+2:]
		}
	}
	return nil
}

// afterCd is the command a shell's -c script runs once it has changed
// directory ("cd src && vulture pkg", a CI step's way of running a tool
// in a subdirectory): its words up to the next separator, or nil where
// the script does not start with cd DIR &&.
func afterCd(argv []string) []string {
	words := scriptWords(argv)
	if len(words) < 4 || words[0] != "cd" || words[2] != "&&" {
		return nil
	}
	for len(words) >= 4 && words[0] == "cd" && words[2] == "&&" {
		words = words[3:]
	}
	for i, w := range words {
		if w == "&&" || w == "||" || w == "|" || w == ";" || strings.HasSuffix(w, ";") {
			return words[:i]
		}
	}
	return words
}

// scriptWords is the words of the script a shell runs with -c (also in
// a flag group such as -ec), nil for any other command. The script
// arrives as one argument, or split in words (a recorded command line).
func scriptWords(argv []string) []string {
	if len(argv) < 3 || !isShell(argv[0]) {
		return nil
	}
	for i, a := range argv[1:] {
		if a == "-c" || (strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.HasSuffix(a, "c")) {
			return strings.Fields(strings.Join(argv[i+2:], " "))
		}
	}
	return nil
}

// isShell: the program is a POSIX-style shell.
func isShell(program string) bool {
	switch filepath.Base(program) {
	case "sh", "bash", "dash", "zsh", "ksh", "mksh":
		return true
	}
	return false
}

// shellcheckFinding is one of ShellCheck's findings in its default (tty)
// format; shellcheckParseFailed its parse failures (see compileSignals).
var (
	shellcheckFinding     = rx(`^\s*\^-*\^? SC\d{4} \((error|warning|info|style)\): `)
	shellcheckParseFailed = rx(`SC1073 \(error\): Couldn't parse`, `Fix any mentioned problems and try again`)
)

// cAssertion is glibc's message for a failed assert(): the program, the
// source file and line, the function.
var cAssertion = regexp.MustCompile(`(?m)^(\S+): (\S+):\d+: \S+: Assertion .* failed\.$`)

// testProgramAsserted: see the rule "test program asserted".
func testProgramAsserted(text []byte) bool {
	if !bytes.Contains(text, []byte("Assertion ")) {
		return false
	}
	for _, m := range cAssertion.FindAllSubmatch(text, -1) {
		if testName(string(m[1])) || testName(string(m[2])) {
			return true
		}
	}
	return false
}

// testName: a path with a test directory or a file named as a test
// (test_x, x_test, tests/…, test/…).
func testName(p string) bool {
	if path.IsAbs(p) {
		p = path.Base(p) // the directories above the tree say nothing
	}
	for _, part := range strings.Split(p, "/") {
		base := strings.TrimSuffix(part, filepath.Ext(part))
		if part == "test" || part == "tests" || strings.HasPrefix(base, "test_") || strings.HasSuffix(base, "_test") || base == "test" {
			return true
		}
	}
	return false
}

// formatterListed reports whether the command runs a Go formatter's
// list mode (gofmt -l, goimports -l, gofumpt -l), as CI steps do inside
// a shell (test -z "$(gofmt -l .)"), and the output is that list and
// nothing else: the files it would change. gofmt -l alone exits 0.
func formatterListed(in *input) bool {
	if !goFormatterList.MatchString(strings.Join(in.argv, " ")) {
		return false
	}
	lines := bytes.Split(bytes.TrimSpace(in.text), []byte("\n"))
	for _, l := range lines {
		if !goFilePath.Match(bytes.TrimSpace(l)) {
			return false
		}
	}
	return len(lines) > 0
}

var (
	goFormatterList = regexp.MustCompile(`\b(gofmt|goimports|gofumpt)(\s+-[a-z]+)*\s+-l\b`)
	goFilePath      = regexp.MustCompile(`^[\w./-]+\.go$`)
)

// pytestConfigCrashed reports whether pytest stopped while it read its
// configuration (the command line, the ini files, the plugins: a frame
// of its _prepareconfig) or while its plugins configured themselves
// (_do_configure, reported as an INTERNALERROR), with every frame after
// it in an installed copy of pytest, pluggy or a plugin: pytest 7.2
// asserts an ini file is there when -o pythonpath is given without one;
// pytest-timeout refuses "timeout = 3s" from the ini file. What the
// command, its configuration and the installed tools ask of each other,
// not the project's code; a conftest's or the project's own frame
// anywhere after it is the code's.
func pytestConfigCrashed(text []byte) bool {
	if bytes.Contains(text, []byte(internalError)) {
		text = bytes.ReplaceAll(text, []byte(internalError), nil)
	}
	i := max(bytes.LastIndex(text, []byte(", in _prepareconfig\n")), bytes.LastIndex(text, []byte(", in _do_configure\n")))
	if i < 0 {
		return false
	}
	i = bytes.LastIndexByte(text[:i], '\n') + 1 // the frame's line
	frames := 0
	for _, l := range bytes.Split(text[i:], []byte("\n")) {
		if t := bytes.TrimLeft(l, " "); bytes.HasPrefix(t, []byte(`File "`)) {
			if !installedPythonFrame.Match(t) {
				return false // a conftest's or the project's own frame
			}
			frames++
			continue
		}
		if len(l) > 0 && l[0] != ' ' && frames > 0 {
			break // the exception's own line ends the traceback
		}
	}
	return frames > 0
}

// internalError prefixes each line of a traceback pytest reports as its
// own internal error.
const internalError = "INTERNALERROR> "

// relativeImportAsTopLevel reports whether a module's relative import
// (from . import x) failed because the command loaded it as a top-level
// module: unittest discover -s DIR without -t imports DIR's files as
// top-level modules though DIR is a package, and python FILE.py runs a
// package's file as a script. The same words under pytest, or from an
// import of the package, are its layout's or code's.
func relativeImportAsTopLevel(in *input) bool {
	if !bytes.Contains(in.text, []byte("ImportError: attempted relative import with no known parent package")) {
		return false
	}
	if len(in.argv) < 2 || !pythonInterpreter.MatchString(filepath.Base(in.argv[0])) {
		return false
	}
	args := in.argv[1:]
	if len(args) >= 3 && args[0] == "-m" && args[1] == "unittest" && args[2] == "discover" {
		return !slices.ContainsFunc(args[3:], func(a string) bool {
			return strings.HasPrefix(a, "-t") || strings.HasPrefix(a, "--top-level-directory")
		})
	}
	return strings.HasSuffix(args[0], ".py")
}

var pythonInterpreter = regexp.MustCompile(`^python(3(\.\d+)?)?$`)

// javacWarningsOnly reports whether javac -Werror failed on warnings
// alone: its "warnings found and -Werror specified" error and no error at
// a source position anywhere in the output (make -k may run other
// javac commands beside it).
func javacWarningsOnly(text []byte) bool {
	return bytes.Contains(text, []byte("error: warnings found and -Werror specified\n")) && !javacSourceError.Match(text)
}

var javacSourceError = regexp.MustCompile(`(?m)^\S+\.java:\d+: error: `)

// servicePorts are the well-known ports of services a test or a step may
// need (PostgreSQL, MySQL, Redis, MongoDB, Elasticsearch, RabbitMQ,
// memcached, Kafka, ZooKeeper, SQL Server, Oracle, Cassandra, NATS, etcd,
// Consul, Vault, CockroachDB, InfluxDB, Neo4j, LocalStack, Pulsar): a
// connection refused there is a service not running, where a port of the
// project's own may be its code's crash.
const servicePorts = `(5432|3306|6379|27017|9200|5672|11211|9092|2181|1433|1521|9042|4222|2379|8500|8200|26257|8086|7687|4566|6650)`

// installedPython is the directory of an installed copy of a Python
// module in a traceback's path: the standard library's (CPython, its
// free-threaded build, PyPy), site- or dist-packages', a vendored one,
// an egg or a wheel.
const installedPython = `(python3(\.\d+)?t?|pypy3(\.\d+)?|site-packages|dist-packages|_?vendor|[^/"]*\.(egg|whl))`

// installedPythonFrame is a traceback frame in an installed copy of a
// Python module.
var installedPythonFrame = regexp.MustCompile(`^File "[^"]*/` + installedPython + `/`)

// ownModule names the missing file in node's and Ruby's words.
var ownModule = regexp.MustCompile("(?:Cannot find module '(/[^']+)' imported from /\\S*[^/\\s]\\s|in `require_relative': cannot load such file -- (\\S+))")

// ownModuleMissing: see the rule "own module missing". A file under
// node_modules is a package's (one not built, or installed without its
// entry point): the setup's.
func ownModuleMissing(text []byte) bool {
	if !bytes.Contains(text, []byte("Cannot find module '/")) && !bytes.Contains(text, []byte("require_relative")) {
		return false
	}
	for _, m := range ownModule.FindAllSubmatch(text, -1) {
		if !bytes.Contains(m[1], []byte("/node_modules/")) && !bytes.Contains(m[2], []byte("/node_modules/")) {
			return true
		}
	}
	return false
}

// newerStdlib is the names Python's standard library gained in 3.10–3.13
// (its What's New pages), each with its module, as an alternation of
// pair(module, name), the two as an exception's wording quotes them: a
// name paired with another module, never in any version, stays the
// code's.
func newerStdlib(pair func(module, name string) string) string {
	var alts []string
	for _, m := range newerStdlibNames {
		for _, name := range strings.Split(m.names, " ") {
			alts = append(alts, pair(m.module, name))
		}
	}
	return strings.Join(alts, "|")
}

var newerStdlibNames = []struct{ module, names string }{
	{"itertools", "batched pairwise"},
	{"typing", "Self LiteralString Never assert_never assert_type reveal_type dataclass_transform Required NotRequired TypeVarTuple Unpack " +
		"override TypeAliasType ParamSpec Concatenate TypeAlias TypeGuard is_typeddict ReadOnly TypeIs get_overloads clear_overloads"},
	{"datetime", "UTC"},
	{"enum", "StrEnum ReprEnum EnumCheck FlagBoundary verify member nonmember global_enum"},
	{"contextlib", "chdir aclosing"},
	{"asyncio", "TaskGroup timeout Runner Barrier"},
	{"hashlib", "file_digest"},
	{"operator", "call"},
	{"math", "cbrt exp2 sumprod"},
	{"statistics", "correlation covariance linear_regression"},
	{"dataclasses", "KW_ONLY"},
	{"types", "NoneType EllipsisType NotImplementedType"},
}

// saysNoTests: a test runner said it found no tests (noTestsSignals).
// Those signals are case-insensitive, which the literal prefilter cannot
// look for, so the words each of them contains are looked for first in
// the lower-cased text: 13 → 8 ms for a 1 MiB window of Python errors
// that reaches the rule. Only U+017F (ſ), which (?i) folds to s and
// lower-casing leaves, could hide them, so its text skips the shortcut.
func (in *input) saysNoTests() bool {
	if !bytes.Contains(in.text, []byte("\u017f")) {
		lower := bytes.ToLower(in.text)
		if !bytes.Contains(lower, []byte("no test")) && !bytes.Contains(lower, []byte("ran 0 test")) {
			return false
		}
	}
	return in.match(noTestsSignals)
}

// noTestsSignals are a test runner that looked for tests and found none:
// it read the project (the corpus calls that a test failure).
var noTestsSignals = rx(
	`(?i)\bno tests? (?:found|ran|to run|were found|executed)`,
	`(?i)\bno test files\b`,
	`(?i)\bran 0 tests\b`,
)

// codeSignals are generic signs of a crash or a compile error.
var codeSignals = rx(
	`^panic: `,
	`^Traceback \(most recent call last\):`,
	`^\S+\.go:\d+:\d+: `,
	`^error(\[\w+\])?: `,
	`^\S+\.(c|cc|cpp|h|java|rs|ts|js|py):\d+(:\d+)?: (fatal )?error`,
	`^(Uncaught )?(ReferenceError|TypeError|RangeError|NameError|AttributeError): `,
	`^goroutine \d+ \[[a-z ]+\]:$`,
	`^fatal error: `,
	`^thread '[^']*' (\(\d+\) )?panicked at`,
	`^Exception in thread`,
	// C's assert() and C++'s uncaught exceptions.
	`: Assertion .+ failed\.$`,
	`^terminate called after throwing an instance of`,
	// node's (and other JavaScript runtimes') uncaught errors: the error's
	// name and message, then its stack ("    at load (/x/throw.js:2:24)");
	// node ≥ 18 ends such a report with its version line.
	`^(<ref \*\d+> )?[A-Z]\w*(Error|Exception)( \[\w+\])?(: .*)?\n\s+at \S`,
	`^Node\.js v\d+\.\d+\.\d+$`,
	// Ruby's uncaught exceptions: "x.rb:2:in '<main>': ... (NoMethodError)".
	`^\S+\.rb:\d+:in .*\(\w+(Error|Exception)\)$`,
)

var ansiRe = lazyregexp.New(`\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[@-Z\\-_]`)

// StripANSI removes terminal colour and control sequences.
func StripANSI(b []byte) []byte {
	if bytes.IndexByte(b, 0x1b) < 0 {
		return b
	}
	return ansiRe().ReplaceAll(b, nil)
}

// missingPhrases are how tools say a file, directory or class is not
// there (matched on the line that names it).
var missingPhrases = lazyregexp.New(`(?i)no such file|NoSuchFileException|FileNotFoundException|does not exist|doesn't exist|not found|could not (read|open|find|load)|can(no|')t (open|read|find|stat|access)|couldn't (read|open|find)|not a directory`)

// namedInputMissing reports whether a line of the output says that a path
// or class named on the command line (an argument with a "/" or a ".",
// or an option's value after "=") is missing. Test runners' failures were
// read before (rule "test results"), so a test that reports a missing
// file of its own is not taken for the command's input.
func namedInputMissing(in *input) bool {
	for i, a := range in.argv {
		if i == 0 || len(a) < 3 {
			continue
		}
		if strings.HasPrefix(a, "-") {
			_, v, ok := strings.Cut(a, "=")
			if !ok {
				continue
			}
			a = v
		}
		if (!strings.ContainsAny(a, "/.") && !pathOption(in.argv[i-1])) || strings.Trim(a, "./") == "" || strings.Contains(a, "...") {
			continue
		}
		// A directory named with its trailing slash ("spec/") is quoted
		// without it ("Could not find '/repo/spec'"); then only a
		// mention that ends where the path ends counts, not "spec/x.js".
		dir := len(a) > 3 && strings.HasSuffix(a, "/")
		if dir {
			a = strings.TrimRight(a, "/")
		}
		rest := in.text
		for n := 0; n < 20; n++ {
			j := bytes.Index(rest, []byte(a))
			if j < 0 {
				break
			}
			start := bytes.LastIndexByte(rest[:j], '\n') + 1
			end := bytes.IndexByte(rest[j:], '\n')
			if end < 0 {
				end = len(rest)
			} else {
				end += j
			}
			// "x.java:2: error: cannot find symbol" and tsc's "x.js(12,41):
			// error TS2339: Property 'p' does not exist" are diagnostics in
			// a file that exists: a path followed by ":<line>" or
			// "(<line>," is a location.
			after := rest[j+len(a):]
			located := len(after) > 1 && (after[0] == ':' || after[0] == '(') && after[1] >= '0' && after[1] <= '9'
			whole := !dir || len(after) == 0 || bytes.IndexByte([]byte("'\"` \n"), after[0]) >= 0
			if !located && whole && missingPhrases().Match(rest[start:end]) {
				return true
			}
			rest = rest[end:]
		}
	}
	return false
}

// pathOption reports whether an option takes a path as its next argument
// by the usual convention (make -C/-f, a tool's -c/--config).
func pathOption(opt string) bool {
	switch opt {
	case "-C", "-f", "-c", "--directory", "--file", "--makefile", "--config", "--configuration":
		return true
	}
	return false
}

// goTestVetSignals are go vet's findings printed by go test: the "# [pkg]"
// header that go test puts over vet's diagnostics, followed by one.
var goTestVetSignals = rx(
	`^# \[\S+\]\n\S+\.go:\d+:\d+: `,
)

// pythonTraceback is the header of a Python traceback.
var pythonTraceback = rx(`^Traceback \(most recent call last\):$`)

// perlDieSignals are the location perl appends to a die message.
var perlDieSignals = rx(
	` at \S+ line \d+(, <\w*> (line|chunk) \d+)?\.$`,
)

// goJSONText is the text the events of go test -json carry, in order (the
// "Output" of each event; lines that are not events kept as they are).
// It reads only the Output string of each line, not the whole event: the
// window of a large output holds hundreds of events, and a full decode of
// each would cost more than all the rules together.
func goJSONText(out []byte) []byte {
	key := []byte(`"Output":`)
	var b bytes.Buffer
	b.Grow(len(out) / 2)
	for len(out) > 0 {
		line := out
		if i := bytes.IndexByte(out, '\n'); i >= 0 {
			line, out = out[:i+1], out[i+1:]
		} else {
			out = nil
		}
		t := bytes.TrimSpace(line)
		if len(t) == 0 || t[0] != '{' {
			b.Write(line)
			continue
		}
		i := bytes.Index(t, key)
		if i < 0 {
			continue
		}
		lit := jsonStringAt(t[i+len(key):])
		if lit == nil {
			continue
		}
		var v string
		if u, err := strconv.Unquote(string(lit)); err == nil {
			v = u
		} else if json.Unmarshal(lit, &v) != nil {
			continue
		}
		b.WriteString(v)
	}
	return b.Bytes()
}

// jsonStringAt returns the JSON string literal (quotes included) that p
// starts with, or nil.
func jsonStringAt(p []byte) []byte {
	if len(p) == 0 || p[0] != '"' {
		return nil
	}
	for i := 1; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '"':
			return p[:i+1]
		}
	}
	return nil
}
