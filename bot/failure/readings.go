package failure

// Readings of an output that a pattern alone cannot make: files the
// project owns, variables and arguments a script needs, assertions of a
// test program, Python's own reports.

import (
	"bytes"
	"encoding/json"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

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
