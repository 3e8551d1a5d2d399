package failure

// The signal sets: the messages each failure type is read from.

import (
	"bytes"
	"regexp"
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
	// regexp, a flag it does not define, a -fuzz pattern that matches
	// several fuzz targets (it fuzzes one at a time); go test refusing
	// -fuzz beside several packages or a profile flag.
	`^testing: invalid regexp for `,
	`^testing: will not fuzz, -fuzz matches more than one fuzz test: `,
	`^cannot use -\S+ flag (with|on) (-fuzz|multiple packages|package outside the main module)`,
	`^-fuzz flag is not supported on `,
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

// analysisReport: Maven's and Gradle's analysis plugins (Checkstyle, PMD,
// SpotBugs, JaCoCo) reporting what they found in files they name only in
// a report: their verdict on code they read.
var analysisReport = rx(
	`(?i)\bviolations? (?:were |was )?found\b`,
	`Coverage checks have not been met`,
	`(?i)\bSpotBugs\b.*\bbugs?\b`,
)

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
