package gates

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
)

// DefaultTest is each ecosystem's test command when none is given.
var DefaultTest = map[Ecosystem][]string{
	Go:     {"go", "test", "./..."},
	Python: {"python3", "-m", "pytest"},
}

// DefaultStatic is each ecosystem's static checks (VERIFY_IMPLEMENT), in
// order of preference; Python's need the tool installed. ruff runs
// isolated: it would otherwise take its rules from the tree's own
// pyproject.toml or ruff.toml and obey `# noqa` and `# ruff: noqa`, which
// a change writes (`exclude = ["*"]` turns the check off).
var DefaultStatic = map[Ecosystem][][]string{
	Go:     {{"go", "vet", "./..."}},
	Python: {{"ruff", "check", "--isolated", "--ignore-noqa", "--no-cache", "."}, {"pyflakes", "."}, {"python3", "-m", "pyflakes", "."}},
}

// Allowlist checks a command line against the command policy and returns
// its argv (checklist.Policy.Check).
type Allowlist func(command string) ([]string, error)

// ErrNoEcosystem is TestCommand's answer when no test command is given
// and the work tree shows no ecosystem whose default could be used.
var ErrNoEcosystem = errors.New("neither Go (go.mod) nor Python (*.py, pyproject.toml)")

// ErrNoResults is a test command whose per-test results the gates cannot
// read.
var ErrNoResults = errors.New("gates read per-test results from `go test` (Go) or pytest (Python); give one of those")

// TestCommandError is an allowlisted test command the gates still cannot
// take: one of ErrNoResults or an unknown gate variable.
type TestCommandError struct {
	// Command is the command line as given (or the ecosystem's default).
	Command string
	Err     error
}

func (e *TestCommandError) Error() string {
	return fmt.Sprintf("test command %q: %v", e.Command, e.Err)
}

func (e *TestCommandError) Unwrap() error { return e.Err }

// TestCommand picks the gates' test command: cmd, or when cmd is "" the
// default of found (the ecosystem the work tree shows, "" for none). The
// command must pass allowed, be `go test` or pytest (the tools whose
// per-test results the gates read), and name only known gate variables.
// It returns the command's ecosystem and argv. The error is
// ErrNoEcosystem, allowed's own (which names the command), or a
// *TestCommandError.
func TestCommand(cmd string, found Ecosystem, allowed Allowlist) (Ecosystem, []string, error) {
	if cmd == "" {
		if found == "" {
			return "", nil, ErrNoEcosystem
		}
		cmd = CommandLine(DefaultTest[found])
	}
	argv, err := allowed(cmd)
	if err != nil {
		return "", nil, err
	}
	eco, ok := EcosystemOf(argv)
	if !ok {
		return "", nil, &TestCommandError{Command: cmd, Err: ErrNoResults}
	}
	if _, err := Substitute(argv, nil); err != nil {
		return "", nil, &TestCommandError{Command: cmd, Err: err}
	}
	return eco, argv, nil
}

// StaticCandidates are eco's static checks in order of preference. For
// Python, `python3 -m …` uses the test command's interpreter when that is
// `PYTHON -m …`, so the checks see the packages the tests do.
func StaticCandidates(eco Ecosystem, test []string) [][]string {
	if eco != Python {
		return DefaultStatic[eco]
	}
	py := "python3"
	if len(test) > 2 && strings.HasPrefix(path.Base(test[0]), "python") && test[1] == "-m" {
		py = test[0] // not pytest-3's own -m (a marker expression)
	}
	var out [][]string
	for _, c := range DefaultStatic[Python] {
		if c[0] == "python3" {
			c = append([]string{py}, c[1:]...)
		}
		out = append(out, c)
	}
	return out
}

// StaticProbe is the command that says whether static check argv can run
// where the commands run, without reading any tree: for `PYTHON -m
// MODULE …` that PYTHON imports MODULE, isolated (-I: neither the working
// directory nor PYTHON* variables on its path), printing the interpreter's
// own path last (see ResolveStatic); else that the program answers
// `--version`. Run it in an empty directory.
func StaticProbe(argv []string) []string {
	if len(argv) > 2 && argv[1] == "-m" {
		return []string{argv[0], "-I", "-c", "import " + argv[2] + ", sys; print(sys.executable)"}
	}
	if len(argv) == 0 {
		return nil
	}
	return []string{argv[0], "--version"}
}

// ResolveStatic is static check argv run by the interpreter its probe
// found (the absolute path StaticProbe printed last): a `python3` that is
// a pyenv, asdf or mise shim picks its interpreter by the working
// directory's .python-version, which the change's tree may hold, while
// the probe ran in an empty directory. Other checks, and output that names
// no absolute path, leave argv as it is.
func ResolveStatic(argv []string, probeOutput string) []string {
	if len(argv) <= 2 || argv[1] != "-m" {
		return argv
	}
	lines := strings.Split(strings.TrimSpace(probeOutput), "\n")
	exe := strings.TrimSpace(lines[len(lines)-1])
	if !path.IsAbs(exe) {
		return argv
	}
	return append([]string{exe}, argv[1:]...)
}

// StaticCommand is VERIFY_IMPLEMENT's command for a test command of eco
// when it can be named before anything runs: `go vet ./...` for Go,
// which must pass allowed (its error is allowed's). Every other
// ecosystem's is nil here: Python's depends on what is installed where the
// commands run (the host's python3 may not be the runner's), so the gates
// pick it there (integrations/gaterun's AutoStatic, from StaticCandidates).
func StaticCommand(eco Ecosystem, allowed Allowlist) ([]string, error) {
	if eco != Go {
		return nil, nil
	}
	pick := slices.Clone(DefaultStatic[Go][0])
	if _, err := allowed(CommandLine(pick)); err != nil {
		return nil, err
	}
	return pick, nil
}

// EcosystemOf names the ecosystem a test command belongs to: `go test`
// or pytest (`pytest`, `python3 -m pytest`).
func EcosystemOf(argv []string) (Ecosystem, bool) {
	switch {
	case len(argv) >= 2 && path.Base(argv[0]) == "go" && argv[1] == "test":
		return Go, true
	case pytestAt(argv) >= 0:
		return Python, true
	}
	return "", false
}

// pytestAt returns where pytest's own arguments start, or -1.
func pytestAt(argv []string) int {
	if len(argv) == 0 {
		return -1
	}
	if strings.HasPrefix(path.Base(argv[0]), "pytest") || strings.HasPrefix(path.Base(argv[0]), "py.test") {
		return 1
	}
	if strings.HasPrefix(path.Base(argv[0]), "python") {
		for i := 1; i+1 < len(argv); i++ {
			if argv[i] == "-m" && argv[i+1] == "pytest" {
				return i + 2
			}
		}
	}
	return -1
}

// ReportingArgv adds the flags the gates read per-test results from:
// `go test -json`; pytest's JUnit XML on standard output (xunit1, which
// names each case's file), collection errors that do not stop the other
// modules, and node IDs relative to the tree. A command that is neither is
// an error naming it.
func ReportingArgv(eco Ecosystem, argv []string) ([]string, error) {
	got, ok := EcosystemOf(argv)
	if !ok || got != eco {
		return nil, fmt.Errorf("test command `%s`: gates read per-test results from `go test` (Go) or pytest (Python); give one of those with --test-cmd", CommandLine(argv))
	}
	out := append([]string(nil), argv...)
	switch eco {
	case Go:
		for _, w := range argv[2:] {
			if w == "-json" {
				return out, nil
			}
		}
		return append(append(append([]string(nil), argv[:2]...), "-json"), argv[2:]...), nil
	default:
		at := pytestAt(argv)
		flags := []string{"-o", "junit_family=xunit1", "--junitxml=/dev/stdout", "--continue-on-collection-errors"}
		rootdir := false
		for _, w := range argv[at:] {
			rootdir = rootdir || strings.HasPrefix(w, "--rootdir")
		}
		if !rootdir {
			flags = append(flags, "--rootdir=.")
		}
		return append(append(append([]string(nil), argv[:at]...), flags...), argv[at:]...), nil
	}
}

// Restrict narrows a test command to names (in files): Go gets -run with
// the names and its ./... replaced by the files' packages; pytest gets the
// files (a whole file runs: its other tests are read and ignored).
func Restrict(eco Ecosystem, argv, names, files []string) []string {
	switch eco {
	case Go:
		out := InPackages(argv, files)
		// -run goes right after `test`, before any -args; a test named by
		// its package (simplelru::TestLRU) runs by its function's name in
		// that package.
		var bare []string
		seenName := map[string]bool{}
		for _, n := range names {
			if b := BareName(n); !seenName[b] {
				seenName[b] = true
				bare = append(bare, b)
			}
		}
		run := []string{"-run", "^(" + strings.Join(bare, "|") + ")$"}
		return append(append(append([]string(nil), out[:2]...), run...), out[2:]...)
	default:
		return append(append([]string(nil), argv...), files...)
	}
}

// Repeat makes a Go test command run each test n times in one binary
// (`-count=n`, in place of any -count the command gives, before -args): a
// test that fails on every run failed, one that also passed is flaky
// (Results.Flaky). ok is false for pytest, which repeats a test only with a
// plugin, and for a command too short to be `go test`.
func Repeat(eco Ecosystem, argv []string, n int) (out []string, ok bool) {
	if eco != Go || len(argv) < 2 {
		return nil, false
	}
	out = append(out, argv[:2]...)
	out = append(out, fmt.Sprintf("-count=%d", n))
	for i := 2; i < len(argv); i++ {
		w := argv[i]
		if w == "-args" {
			return append(out, argv[i:]...), true
		}
		name, hasValue, isFlag := goTestFlag(w)
		if !isFlag || name != "count" {
			out = append(out, w)
			continue
		}
		if !hasValue {
			i++ // -count N: the value is the next word
		}
	}
	return out, true
}

// goTestFlag reads a word of a go test command as a flag: its name, the
// same for -name, --name and -test.name (go test passes both forms to the
// test binary), and whether the word carries its value (-name=value).
// isFlag is false for a word that does not start with a dash.
func goTestFlag(w string) (name string, hasValue, isFlag bool) {
	if !strings.HasPrefix(w, "-") {
		return "", false, false
	}
	name, _, hasValue = strings.Cut(strings.TrimLeft(w, "-"), "=")
	return strings.TrimPrefix(name, "test."), hasValue, true
}

// Leave makes a test command leave names out of a whole-suite run: Go
// gets -skip with their function names, pytest --deselect with each node
// ID. ok is false when that cannot name exactly them: a Go name several
// packages share (-skip would drop the others' too), a command that has
// its own -skip, or a pytest ID that is a prefix of one of others (the
// tests to keep; --deselect matches prefixes).
func Leave(eco Ecosystem, argv, names, others []string) (out []string, ok bool) {
	switch eco {
	case Go:
		if len(argv) < 2 {
			return nil, false
		}
		// After -args too: a -test.skip there reaches the test binary
		// after ours, and the last one counts.
		for _, w := range argv {
			if name, _, isFlag := goTestFlag(w); isFlag && name == "skip" {
				return nil, false
			}
		}
		for _, n := range names {
			if BareName(n) != n {
				return nil, false
			}
		}
		skip := []string{"-skip", "^(" + strings.Join(names, "|") + ")$"}
		return append(append(append([]string(nil), argv[:2]...), skip...), argv[2:]...), true
	case Python:
		out = append([]string(nil), argv...)
		for _, n := range names {
			for _, o := range others {
				if o != n && strings.HasPrefix(o, n) {
					return nil, false
				}
			}
			out = append(out, "--deselect", n)
		}
		return out, true
	}
	return nil, false
}

// Ignore makes a pytest command leave files out of collection
// (--ignore), so that their import-time code does not run either;
// --deselect leaves a test out only after its module was imported. A Go
// command is returned as it is: a package's test files build into one
// binary, and -skip (Leave) is what leaves their tests out.
func Ignore(eco Ecosystem, argv, files []string) []string {
	out := append([]string(nil), argv...)
	if eco != Python {
		return out
	}
	for _, f := range files {
		out = append(out, "--ignore="+f)
	}
	return out
}

// InPackages narrows a Go test command to the packages of files: its
// ./... becomes their directories ("./calc/"; "." at the root). A command
// without ./... already names its packages and is returned as it is.
func InPackages(argv, files []string) []string {
	var pkgs []string
	seen := map[string]bool{}
	for _, f := range files {
		d := "./" + path.Dir(f)
		if d == "./." {
			d = "."
		}
		if !seen[d] {
			seen[d] = true
			pkgs = append(pkgs, d)
		}
	}
	var out []string
	for _, w := range argv {
		if w == "./..." && len(pkgs) > 0 {
			out = append(out, pkgs...)
			continue
		}
		out = append(out, w)
	}
	return out
}

// WithBinaries has a Go test command run the test binaries the compile
// step linked into bins (see CompileOnly), by giving it `-o bins`: go test
// then links a package's binary only when the one there is not up to date.
// ok is false, and argv unchanged, for anything but `go test` and for a
// command that names its own -o, -c, -exec or -ldflags.
func WithBinaries(argv []string, bins string) ([]string, bool) {
	if len(argv) < 2 || argv[0] != "go" || argv[1] != "test" || bins == "" {
		return argv, false
	}
	for _, w := range argv[2:] {
		if w == "-args" || w == "--args" {
			break
		}
		if name, _, isFlag := goTestFlag(w); isFlag && (name == "o" || name == "c" || name == "exec" || name == "ldflags") {
			return argv, false
		}
	}
	return append([]string{"go", "test", "-o", bins, omitDebug}, argv[2:]...), true
}

// omitDebug links a test binary kept with -o or -c as go test links the
// one it runs and throws away: without the symbol table and DWARF (Go's
// OmitDebug), which is also a third quicker to link. The binaries the
// compile step keeps are the ones go test would have run.
const omitDebug = "-ldflags=-s -w"

// BinaryNamesClash says whether two of a module's packages, in dirs
// (slash paths relative to the module's root), get one test binary name
// from go test -o dir/: the last element of each import path, or the one
// before it where the last is a major version ("v2"), as go names a
// binary by either. Such a clash makes `go test -o dir/` refuse to run at
// all, so a caller then gives no directory.
func BinaryNamesClash(module string, dirs []string) bool {
	names := map[string]bool{}
	for _, d := range dirs {
		importPath := module
		if d != "." && d != "" {
			importPath = module + "/" + d
		}
		elems := strings.Split(importPath, "/")
		cands := []string{elems[len(elems)-1]}
		if len(elems) > 1 && majorVersion().MatchString(cands[0]) {
			cands = append(cands, elems[len(elems)-2])
		}
		for _, c := range cands {
			if names[c] {
				return true
			}
			names[c] = true
		}
	}
	return false
}

// goFlags are the flags of `go test` and `go build` CompileOnly reads:
// whether each takes a value (so that in "-name value" the next word is
// the value, not a package), and whether CompileOnly keeps it. Kept are
// the flags that change what is compiled and run nothing; -toolexec,
// -exec, -overlay and the like are dropped, and with them the reuse
// (the commands' builds then differ from the compile step's and compile
// in their own sandboxes, as without a layer).
var goFlags = map[string]struct{ value, keep bool }{
	"race": {keep: true}, "msan": {keep: true}, "asan": {keep: true}, "cover": {keep: true},
	"trimpath": {keep: true}, "tags": {value: true, keep: true}, "covermode": {value: true, keep: true},
	"coverpkg": {value: true, keep: true}, "mod": {value: true, keep: true}, "vet": {value: true},
	"v": {}, "json": {}, "a": {}, "n": {}, "x": {}, "work": {}, "short": {}, "failfast": {},
	"benchmem": {}, "linkshared": {}, "buildvcs": {}, "modcacherw": {}, "fullpath": {},
	"run": {value: true}, "skip": {value: true}, "bench": {value: true}, "benchtime": {value: true},
	"count": {value: true}, "cpu": {value: true}, "parallel": {value: true}, "timeout": {value: true},
	"list": {value: true}, "shuffle": {value: true}, "exec": {value: true}, "o": {value: true},
	"p": {value: true}, "coverprofile": {value: true}, "gcflags": {value: true}, "ldflags": {value: true},
	"asmflags": {value: true}, "gccgoflags": {value: true}, "modfile": {value: true},
	"overlay": {value: true}, "pkgdir": {value: true}, "pgo": {value: true}, "toolexec": {value: true},
	"fuzz": {value: true}, "fuzztime": {value: true}, "fuzzminimizetime": {value: true},
	"blockprofile": {value: true}, "blockprofilerate": {value: true}, "cpuprofile": {value: true},
	"memprofile": {value: true}, "memprofilerate": {value: true}, "mutexprofile": {value: true},
	"mutexprofilefraction": {value: true}, "outputdir": {value: true}, "trace": {value: true},
	"compiler": {value: true}, "installsuffix": {value: true}, "buildmode": {value: true},
}

// CompileOnly is the compile step of a Go test command: the same packages
// with the same build flags, compiled as the command's build would (the
// same build cache entries), running nothing of them. With bins ("" for
// none; a directory ending in "/") it is `go test -c -o bins`, which also
// runs go test's vet checks (their results cached too) and links each
// package's test binary into bins, where a later command given the same
// directory (WithBinaries) finds it up to date and runs it without
// linking it again — the link was most of a command's fixed cost, 0.3 s
// of the 0.45 s a cached `go test -run` took on a real suite. Go checks
// the binary's build ID against the command's own build, so a tree whose
// files changed since (REFACTOR's base versions, a mutant) links anew.
// Without bins it is `go list -e -export -test`, which compiles and
// links nothing. Either way a package that does not compile leaves the
// others building; the commands then report it themselves. ok is false
// for anything but `go test`, and for a flag it does not know, whose next
// word might be its value or a package (-C among them: it must come first,
// and a step that builds elsewhere than the commands would save nothing);
// with bins, also for a package that is not a path into the tree ("." or
// "./…") and for a command with -ldflags (the step links with its own,
// see omitDebug).
func CompileOnly(eco Ecosystem, argv []string, bins string) (out []string, ok bool) {
	if eco != Go || len(argv) < 2 || argv[0] != "go" || argv[1] != "test" {
		return nil, false
	}
	out = []string{"go", "list", "-e", "-export", "-test"}
	if bins != "" {
		out = []string{"go", "test", "-c", "-o", bins, omitDebug}
	}
	for i := 2; i < len(argv); i++ {
		w := argv[i]
		if w == "-args" || w == "--args" {
			break
		}
		name, hasValue, isFlag := goTestFlag(w)
		if !isFlag {
			if bins != "" && w != "." && !strings.HasPrefix(w, "./") {
				// Beyond the tree (all, std, an import path): packages
				// elsewhere may share a binary name, and go test -o dir/
				// then refuses to run.
				return nil, false
			}
			out = append(out, w) // a package
			continue
		}
		f, known := goFlags[name]
		if !known || (bins != "" && name == "ldflags") {
			return nil, false
		}
		if f.keep {
			out = append(out, w)
		}
		if f.value && !hasValue {
			if i++; i >= len(argv) {
				return nil, false
			}
			if f.keep {
				out = append(out, argv[i])
			}
		}
	}
	return out, true
}
