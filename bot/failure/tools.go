package failure

// Commands and their tools: which tool a command runs, and the readings
// that trust a tool's own structured answer or refusal.

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/engineo/autoverify/bot/testresults"
	"github.com/engineo/autoverify/internal/lazyregexp"
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

var (
	makeKilledSignals = rx(`make(\[\d+\])?: \*\*\* \[[^\]]*\] (Error (124|137|143)|Killed|Terminated)$`)
	recipeTimeoutLine = rx(`^\s*(\S*/)?timeout\s+((-[sk]|--signal|--kill-after)\s+\S+\s+|-\S+\s+)*\d`)
)

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

// golangciIssues is golangci-lint's summary under its text report (v2):
// "N issues:" and a "* linter: count" line for each linter that reported;
// compiled on first use, as the signals are, not at start-up.
var golangciIssues = lazyregexp.New(`(?m)^\d+ issues?:\n((?:\* [\w-]+: \d+(?:\n|$))+)`)

// golangciSummary reads golangci-lint's summary of a failed run: what it
// reports is the failure, whatever warnings it logged before them (a
// revision --new-from-rev could not diff, a deprecated linter, a linter
// the project's go line turns off), which read like a setup's. A summary
// that counts typecheck's reports (packages that did not load: the code's
// compile error, or a module the setup lacks) is left to the rules that
// read those messages.
func golangciSummary(in *input) (Type, bool) {
	if in.exit == 0 || !bytes.Contains(in.text, []byte(" issues:\n* ")) && !bytes.Contains(in.text, []byte(" issue:\n* ")) {
		return "", false
	}
	m := golangciIssues().FindAllSubmatch(in.text, -1)
	if m == nil {
		return "", false
	}
	if bytes.Contains(m[len(m)-1][1], []byte("* typecheck: ")) {
		return "", false
	}
	return LintError, true
}
