package testresults

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

var ansiRe = lazyregexp.New(`\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[@-Z\\-_]`)

// Tool is a test runner a command line names.
type Tool string

// The test runners Detect knows. NotATest is any other command.
const (
	NotATest Tool = ""
	GoTest   Tool = "go test"
	Pytest   Tool = "pytest"
	Unittest Tool = "unittest"
	NodeTest Tool = "node --test"
	NPMTest  Tool = "npm test" // any package manager's test script
	Jest     Tool = "jest"
	Vitest   Tool = "vitest"
	Mocha    Tool = "mocha"
	Cargo    Tool = "cargo test"
	Nextest  Tool = "cargo nextest"
	Maven    Tool = "mvn test"
	Gradle   Tool = "gradle test"
	RSpec    Tool = "rspec"
	Rake     Tool = "rake test"
	PHPUnit  Tool = "phpunit"
	CTest    Tool = "ctest"
	Bats     Tool = "bats"
	DenoTest Tool = "deno test"
	BunTest  Tool = "bun test"
	Tox      Tool = "tox"
	MakeTest Tool = "make test"
	Minitest Tool = "minitest"
	Prove    Tool = "prove"
	JUnit    Tool = "junit"
)

// Detect names the test runner argv runs, or NotATest. It reads the
// words only (no shell): "go test ./...", "python -m pytest", "npm run
// test", "./gradlew test", "bundle exec rspec", "vendor/bin/phpunit".
func Detect(argv []string) Tool {
	w := words(argv)
	if len(w) == 0 {
		return NotATest
	}
	if t, ok := runners[w[0]]; ok {
		return t
	}
	if t := bySubcommand(w); t != NotATest {
		return t
	}
	return byArguments(argv, w)
}

// runners are the commands that run tests whatever their arguments.
var runners = map[string]Tool{
	"pytest": Pytest, "py.test": Pytest, "pytest-3": Pytest,
	"jest": Jest, "mocha": Mocha,
	"rspec": RSpec, "phpunit": PHPUnit, "ctest": CTest, "bats": Bats, "prove": Prove,
	"tox": Tox, "nox": Tox,
}

// bySubcommand knows the tools that test when their first word says so:
// "go test", "cargo nextest", "npm run test:unit", "make check".
func bySubcommand(w []string) Tool {
	arg := func(i int) string {
		if i < len(w) {
			return w[i]
		}
		return ""
	}
	sub := arg(1)
	switch w[0] {
	case "go":
		if sub == "test" {
			return GoTest
		}
	case "npm", "pnpm", "yarn":
		if sub == "test" || sub == "t" || (sub == "run" && strings.HasPrefix(arg(2), "test")) || strings.HasPrefix(sub, "test:") {
			return NPMTest
		}
	case "vitest":
		if sub != "bench" {
			return Vitest
		}
	case "cargo":
		switch sub {
		case "test":
			return Cargo
		case "nextest":
			return Nextest
		}
	case "rake":
		if sub == "test" || sub == "spec" || sub == "" {
			return Rake
		}
	case "deno":
		if sub == "test" {
			return DenoTest
		}
	case "bun":
		if sub == "test" {
			return BunTest
		}
	case "make", "gmake":
		if sub == "test" || sub == "check" || sub == "tests" {
			return MakeTest
		}
	}
	return NotATest
}

// byArguments knows the tools that test when some argument says so,
// wherever it is: "python -m pytest", "node --test", "mvn -B verify",
// "gradle :app:test", "ruby -Itest test/calc_test.rb", "java
// org.junit.runner.JUnitCore". Flags count here, so argv is read as given.
func byArguments(argv, w []string) Tool {
	switch w[0] {
	case "python", "python3", "py":
		return pythonModule(argv)
	case "node":
		if slices.Contains(argv[1:], "--test") {
			return NodeTest
		}
	case "mvn", "mvnw":
		if slices.ContainsFunc(w[1:], func(a string) bool {
			return a == "test" || a == "verify" || a == "install" || a == "package"
		}) {
			return Maven
		}
	case "gradle", "gradlew":
		if slices.ContainsFunc(w[1:], func(a string) bool {
			return a == "test" || a == "check" || a == "build" || strings.HasSuffix(a, ":test")
		}) {
			return Gradle
		}
	case "ruby":
		if slices.ContainsFunc(w[1:], minitestFile) {
			return Minitest
		}
	case "java":
		if slices.ContainsFunc(w[1:], func(a string) bool {
			return a == "org.junit.runner.JUnitCore" || strings.Contains(a, "junit-platform-console")
		}) {
			return JUnit
		}
	}
	return NotATest
}

// pythonModule reads the module of "python -m pytest": only the first -m
// counts, as it does for python.
func pythonModule(argv []string) Tool {
	i := slices.Index(argv, "-m")
	if i < 0 || i+1 >= len(argv) {
		return NotATest
	}
	switch argv[i+1] {
	case "pytest":
		return Pytest
	case "unittest":
		return Unittest
	}
	return NotATest
}

// minitestFile reports whether a is a minitest file, which ruby runs
// directly: ruby -Itest test/calc_test.rb.
func minitestFile(a string) bool {
	b := filepath.Base(a)
	return strings.HasSuffix(b, "_test.rb") || (strings.HasPrefix(b, "test_") && strings.HasSuffix(b, ".rb"))
}

// words drops what runs a tool without being it: env assignments, "env",
// "bundle exec", "poetry run", "uv run", "npx", and paths ("./gradlew",
// "vendor/bin/phpunit" → gradlew, phpunit). Options are dropped, and so
// is the value of an option that takes one before the subcommand, as in a
// monorepo's "go -C services/api test", "npm --prefix web test", "make -C
// web test" (see OptionTakesValue).
func words(argv []string) []string {
	var w []string
	tool := ""
	skip := false
	for _, a := range argv {
		if len(w) == 0 {
			a = filepath.Base(a)
		}
		if skip {
			skip = false
			continue
		}
		if strings.HasPrefix(a, "-") {
			skip = OptionTakesValue(tool, a)
			continue
		}
		if len(w) == 0 || tool == "env" || tool == "npx" || strings.Contains(tool, "=") {
			tool = filepath.Base(a)
		}
		w = append(w, a)
	}
	for len(w) > 1 {
		switch {
		case strings.Contains(w[0], "="), w[0] == "env", w[0] == "npx", w[0] == "bunx", w[0] == "exec", w[0] == "time", w[0] == "nice":
			w = w[1:]
		case (w[0] == "bundle" || w[0] == "poetry" || w[0] == "uv" || w[0] == "pipenv" || w[0] == "hatch" || w[0] == "pdm") && (w[1] == "exec" || w[1] == "run"):
			w = w[2:]
		case w[0] == "timeout" && len(w) > 2:
			w = w[2:] // timeout DURATION cmd...
		default:
			if len(w) > 0 {
				w[0] = filepath.Base(w[0])
			}
			return w
		}
		if len(w) > 0 {
			w[0] = filepath.Base(w[0])
		}
	}
	return w
}

// OptionTakesValue reports whether opt, written without "=", takes the
// next argument as its value for tool (a program's base name), among the
// options that can come before a subcommand: go's -C, npm's --prefix and
// -w/--workspace, pnpm's -C/--dir/--filter, yarn's --cwd, make's -C and -f.
func OptionTakesValue(tool, opt string) bool {
	switch tool {
	case "go":
		return opt == "-C"
	case "npm":
		return opt == "--prefix" || opt == "-w" || opt == "--workspace"
	case "pnpm":
		return opt == "-C" || opt == "--dir" || opt == "--filter" || opt == "-F"
	case "yarn":
		return opt == "--cwd"
	case "env":
		return opt == "-u" || opt == "--unset" || opt == "-C" || opt == "--chdir"
	case "make", "gmake":
		return opt == "-C" || opt == "-f" || opt == "--directory" || opt == "--file" || opt == "--makefile"
	}
	return false
}

// subcommand is the index in argv of the first word after the program that
// is neither an option nor an option's value ("go -C api test" → 3), or -1.
func subcommand(argv []string) int {
	if len(argv) == 0 {
		return -1
	}
	tool := filepath.Base(argv[0])
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		if strings.HasPrefix(a, "-") {
			if OptionTakesValue(tool, a) {
				i++
			}
			continue
		}
		return i
	}
	return -1
}

// WithReporting returns argv with the tool's structured-report flags added
// where that is safe: `go test` gains -json (its report is its stdout, and
// TextOf restores the text a person reads); pytest gains
// --junitxml=reportPath when reportPath is not empty. report is the
// format the run then yields (FormatUnknown when nothing was added). A
// command that already asks for a report, or that runs the tool through
// something else (a shell, make), is returned unchanged: adding a flag
// there could change what runs.
func WithReporting(argv []string, reportPath string) (out []string, report Format) {
	switch Detect(argv) {
	case GoTest:
		if argv[0] != "go" && filepath.Base(argv[0]) != "go" {
			return argv, FormatUnknown
		}
		for _, a := range argv {
			switch {
			case a == "-json", a == "--json", strings.HasPrefix(a, "-json="),
				a == "-c", a == "-list", strings.HasPrefix(a, "-list="), a == "-o", strings.HasPrefix(a, "-exec"):
				return argv, FormatUnknown
			}
		}
		i := subcommand(argv)
		if i < 0 || argv[i] != "test" {
			return argv, FormatUnknown
		}
		out = append(append(append([]string{}, argv[:i+1]...), "-json"), argv[i+1:]...)
		return out, FormatGoJSON
	case Pytest:
		if reportPath == "" {
			return argv, FormatUnknown
		}
		for _, a := range argv {
			if strings.HasPrefix(a, "--junitxml") || strings.HasPrefix(a, "--junit-xml") || a == "no:junitxml" {
				return argv, FormatUnknown
			}
		}
		out = append(append([]string{}, argv...), "--junitxml="+reportPath)
		return out, FormatJUnit
	}
	return argv, FormatUnknown
}

// TextOf turns `go test -json` output back into the text go test would
// have printed (the events' Output, in order), so evidence reads as a
// person expects. Unless verbose (the command asked for -v), passing and
// skipped tests' lines and the "=== RUN" framing are left out, as go test
// leaves them out. Lines that are not events (stderr) are kept as they
// are; other output is returned unchanged.
func TextOf(out []byte, verbose bool) []byte {
	if !bytes.Contains(out, []byte(`"Action":`)) {
		return out
	}
	type key struct{ pkg, test string }
	failed := map[key]bool{}
	if !verbose {
		for _, l := range bytes.Split(out, []byte("\n")) {
			if e, ok := event(l, &goEvent{}); ok && e.Test != "" && (e.Action == "fail" || unfinished(e)) {
				top, _, _ := strings.Cut(e.Test, "/")
				failed[key{e.Package, top}] = true
			}
		}
	}
	var b bytes.Buffer
	b.Grow(len(out) / 2)
	for len(out) > 0 {
		line := out
		if i := bytes.IndexByte(out, '\n'); i >= 0 {
			line, out = out[:i+1], out[i+1:]
		} else {
			out = nil
		}
		var ev goEvent
		e, ok := event(line, &ev)
		if !ok {
			b.Write(line)
			continue
		}
		if !verbose && e.Test != "" {
			top, _, _ := strings.Cut(e.Test, "/")
			if strings.HasPrefix(e.Output, "=== ") || !failed[key{e.Package, top}] {
				continue
			}
		}
		b.WriteString(e.Output)
	}
	return b.Bytes()
}

// unfinished marks output that tells of a test that never ended (a
// panic, a -timeout): it is kept even though no "fail" event came.
func unfinished(e *goEvent) bool {
	return strings.HasPrefix(e.Output, "panic: ") || strings.Contains(e.Output, "test timed out")
}

// event decodes one line of go test -json.
func event(line []byte, ev *goEvent) (*goEvent, bool) {
	t := bytes.TrimSpace(line)
	if len(t) == 0 || t[0] != '{' {
		return nil, false
	}
	if json.Unmarshal(t, ev) != nil || ev.Action == "" {
		return nil, false
	}
	return ev, true
}

// NoTestsRan reports whether argv is a test command whose output shows it
// ran no test (none found, all filtered out or all skipped): a check that
// proves nothing, which must not count as a pass (SWE-bench's SUITE_RAN).
// Output no parser could read says nothing either way, so it is false.
func NoTestsRan(argv []string, r Results) bool {
	tool := Detect(argv)
	return tool != NotATest && !listsOnly(tool, argv) && r.Known() && !r.Partial && r.Run == 0 && r.Failed == 0
}

// listingFlags are the test runners' flags that list or describe tests
// instead of running them.
var listingFlags = map[Tool]map[string]bool{
	Pytest: {"--fixtures": true, "--funcargs": true, "--fixtures-per-test": true, "--markers": true,
		"--collect-only": true, "--co": true, "--setup-plan": true, "-h": true, "--help": true, "--version": true, "-V": true},
	GoTest:  {"-list": true, "--list": true},
	Jest:    {"--listTests": true, "--showConfig": true, "--help": true, "--version": true},
	Vitest:  {"--listTests": true, "--showConfig": true, "--help": true, "--version": true},
	Cargo:   {"--list": true},
	Nextest: {"--list": true},
	PHPUnit: {"--list-tests": true, "--list-groups": true, "--list-suites": true, "--list-tests-xml": true},
}

// listsOnly reports whether argv, which runs the test runner tool, asks
// it to list or describe rather than run (pytest --fixtures,
// --collect-only, --markers; go test -list; jest --listTests; cargo test
// -- --list; phpunit --list-tests): running no test is then what was
// asked, and exit 0 a pass.
func listsOnly(tool Tool, argv []string) bool {
	for _, a := range argv {
		if name, _, _ := strings.Cut(a, "="); listingFlags[tool][name] {
			return true
		}
	}
	// vitest list, cargo nextest list: the subcommand.
	w := words(argv)
	return (tool == Vitest && len(w) > 1 && w[1] == "list") || (tool == Nextest && len(w) > 2 && w[2] == "list")
}
