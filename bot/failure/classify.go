package failure

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
)

// Failure is what Classify needs to know about a failed command.
type Failure struct {
	Argv     []string
	ExitCode int
	TimedOut bool
	Output   []byte
}

// Classify names the failure type of a command that failed. It reads the
// output the way a person would: first for signs that the environment is
// broken (nothing after that matters), then for the tool's own verdict
// (a compile error stops tests from running; a type checker's or linter's
// report; a test runner's summary), and falls back on what the command is
// (a `pnpm lint` that fails silently is still a lint failure).
func Classify(f Failure) Type {
	if f.TimedOut {
		return Timeout
	}
	if f.ExitCode == 126 || f.ExitCode == 127 {
		return EnvError
	}
	out := StripANSI(f.Output)
	tool := toolOf(f.Argv)
	if matchAny(out, envSignals) {
		return EnvError
	}
	if matchAny(out, lintDenySignals) && (tool == lintTool || !matchAny(out, rustErrorCode)) {
		return LintError
	}
	if matchAny(out, compileSignals) {
		return CodeError
	}
	if matchAny(out, typeSignals) {
		return TypeError
	}
	if matchAny(out, lintSignals) || (tool == lintTool && matchAny(out, fileLineSignals)) {
		return LintError
	}
	if matchAny(out, testSignals) {
		return TestFailure
	}
	if tool == typeTool && matchAny(out, fileLineSignals) {
		return TypeError
	}
	if matchAny(out, codeSignals) {
		return CodeError
	}
	switch tool {
	case testTool:
		return TestFailure
	case lintTool:
		return LintError
	case typeTool:
		return TypeError
	case buildTool:
		if len(bytes.TrimSpace(out)) > 0 {
			return CodeError
		}
	}
	return Unknown
}

type toolKind int

const (
	unknownTool toolKind = iota
	testTool
	lintTool
	typeTool
	buildTool
)

// toolOf guesses what kind of check a command is from its words alone.
func toolOf(argv []string) toolKind {
	words := make([]string, 0, len(argv))
	for i, a := range argv {
		if i == 0 {
			a = filepath.Base(a)
		}
		if strings.HasPrefix(a, "-") {
			continue
		}
		words = append(words, strings.ToLower(a))
	}
	// Drop package-manager and runner prefixes: "pnpm run lint", "npx tsc",
	// "python -m pytest", "poetry run mypy".
	for len(words) > 1 {
		switch words[0] {
		case "pnpm", "npm", "yarn", "bun", "npx", "bunx", "poetry", "pipenv", "uv", "hatch", "env", "exec", "run", "python", "python3", "-m":
			words = words[1:]
			continue
		}
		break
	}
	if len(words) == 0 {
		return unknownTool
	}
	joined := strings.Join(words, " ")
	switch {
	case words[0] == "go" && len(words) > 1:
		switch words[1] {
		case "test":
			return testTool
		case "vet":
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
	}
	for _, k := range []struct {
		words []string
		kind  toolKind
	}{
		{[]string{"tsc", "type-check", "typecheck", "types", "mypy", "pyright", "check-types", "flow"}, typeTool},
		{[]string{"lint", "eslint", "ruff", "flake8", "pylint", "shellcheck", "golangci-lint", "staticcheck", "stylelint", "biome", "format", "fmt", "black", "isort"}, lintTool},
		{[]string{"test", "tests", "test:e2e", "test:unit", "pytest", "unittest", "jest", "vitest", "mocha", "ava", "tap", "playwright", "cypress", "nose2", "tox", "e2e"}, testTool},
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

func matchAny(out []byte, res []*regexp.Regexp) bool {
	for _, re := range res {
		if re.Match(out) {
			return true
		}
	}
	return false
}

func rx(patterns ...string) []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(patterns))
	for i, p := range patterns {
		out[i] = regexp.MustCompile("(?m)" + p)
	}
	return out
}

// envSignals are messages that say the environment, not the code, is at
// fault: a missing program, module, dependency, manifest or configuration.
var envSignals = rx(
	`command not found`,
	`executable file not found in \$PATH`,
	`: not found$`,
	`No such file or directory \(os error 2\)`,
	`^env: .*: No such file or directory`,
	// Go modules and toolchains.
	`no required module provides package`,
	`missing go\.sum entry`,
	`cannot find module providing package`,
	`go\.mod file not found in current directory or any parent directory`,
	`cannot find main module`,
	`does not contain main module`,
	`go: updates to go\.mod needed`,
	`is not in (GOROOT|std)`,
	`go: downloading .*\n.*(dial tcp|proxyconnect|connection refused|no such host)`,
	`toolchain not available`,
	`go: go\.mod requires go >=`,
	`replacement directory \S+ does not exist`,
	`cannot load module \S+ listed in go\.work`,
	`go: errors parsing go\.(mod|work)`,
	// Python.
	`ModuleNotFoundError: No module named`,
	`ImportError: No module named`,
	`^\S*python[0-9.]*: No module named`,
	`No module named '?[\w.]+'? \(unittest`,
	`error: Library stubs not installed`,
	`FileNotFoundError: \[Errno 2\]`,
	`error: unrecognized arguments: `,
	`Cannot find implementation or library stub for module`,
	// Node and package managers.
	`Cannot find module '[^']+'( or its corresponding type declarations)?`,
	`Error: Cannot find module`,
	`ERR_MODULE_NOT_FOUND`,
	`Cannot find package '[^']+'`,
	`ERR_PNPM_\w+`,
	`npm ERR! (missing script|code ENOENT|enoent)`,
	`Missing script: `,
	`npm (ERR!|error) code (ENOTCACHED|E404|ENOENT|ETARGET|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ENOVERSIONS)`,
	// tsc run without a usable tsconfig or inputs.
	`error TS(5057|5058|6053|18003):`,
	`^tsc: The TypeScript Compiler - Version`,
	`ESLint couldn't find (a configuration file|the plugin|the config)`,
	`ESLint couldn't determine the plugin`,
	`Oops! Something went wrong!.*\n\s*\n.*(couldn't find|Cannot find|not found)`,
	`Cannot find type definition file for`,
	`Could not resolve dependency`,
	`ENOENT: no such file or directory`,
	`● Validation Error:`,
	`Preset \S+ not found`,
	// Rust and cargo.
	`could not find .Cargo\.toml.`,
	`no matching package named`,
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
)

// lintDenySignals mark a compiler run that failed only because warnings
// were made errors (clippy, rustc -D warnings, #![deny(...)]).
var lintDenySignals = rx(
	`clippy::`,
	`#\[deny\(clippy`,
	`-D clippy`,
	"implied by `-D warnings`",
	`^note: the lint level is defined here`,
)

// rustErrorCode marks a real rustc compile error, which outranks lints.
var rustErrorCode = rx(`^error\[E\d{4}\]`)

// compileSignals say the code did not compile or load, so no check of a
// later stage (tests, lint) could even run.
var compileSignals = rx(
	// Go: a package that fails to build.
	`\[build failed\]`,
	`^# \S+\n(\S+\.go:\d+:\d+: |\S+\.go:\d+: )`,
	`\[setup failed\]`,
	`^vet: \S+\.go:\d+:\d+: `,
	// Rust.
	`^error\[E\d{4}\]`,
	`^error: (could not compile|aborting due to)`,
	`^error: expected `,
	// Python and JavaScript loading failures.
	`^\s*(SyntaxError|IndentationError|TabError): `,
	`^E?\s*(File ".*", line \d+\n)?.*SyntaxError`,
	`ERROR collecting`,
	`unittest\.loader\._FailedTest`,
	`^SyntaxError: `,
	// Shell scripts.
	`^\S+: line \d+: (syntax error|unexpected EOF while looking for matching|.*: unbound variable|.*: bad substitution)`,
	// TypeScript's TS1xxx codes are syntax errors, not type errors.
	`error TS1\d{3}:`,
	// gofmt and friends reporting a parse error.
	`^\S+\.go:\d+:\d+: (expected|illegal|missing|syntax error)`,
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
	// Go vet analyzers and gofmt diffs.
	`^# \S+\n(\S+\.go:\d+:\d+: .*)\n`,
	`^diff -u? ?\S+\.go\.orig \S+\.go`,
	`^--- \S+\.go\.orig`,
	// golangci-lint and staticcheck.
	`\((\w+lint|staticcheck|govet|errcheck|ineffassign|unused|gosimple)\)$`,
	`^\S+\.go:\d+:\d+: \S+ \((SA|S|ST|QF)\d{4}\)`,
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
	// Generic.
	`\b\d+ (tests? )?failed\b`,
)

// fileLineSignals are compiler-style diagnostics with a file and a line.
var fileLineSignals = rx(
	`^\S+\.\w+:\d+(:\d+)?: `,
	`^\S+\.\w+\(\d+,\d+\): `,
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
)

var ansiRe = regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[@-Z\\-_]`)

// StripANSI removes terminal colour and control sequences.
func StripANSI(b []byte) []byte {
	if bytes.IndexByte(b, 0x1b) < 0 {
		return b
	}
	return ansiRe.ReplaceAll(b, nil)
}
