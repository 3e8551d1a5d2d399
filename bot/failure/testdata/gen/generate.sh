#!/usr/bin/env bash
# Regenerates the real-tool failure corpus in ../real/ .
#
# Each case runs a REAL tool on a tiny deliberately broken project (sources in
# ./projects/, copied to a scratch dir first) and stores the exact combined
# stdout+stderr together with the real exit code and the expected label.
# Cases that unexpectedly exit 0 are skipped (reported on stderr).
#
# Tools come from Debian bookworm packages:
#   apt-get install -y shellcheck python3-pytest mypy node-typescript eslint \
#                      pylint flake8
#   jest: Debian's jest depends on node-types-node, which only Debian's own
#   nodejs provides; with nodesource's node 20 installed, a dummy empty
#   package named node-types-node (built with dpkg-deb) was installed first,
#   then `apt-get install -y jest`. Jest cases run with NODE_PATH and the
#   shim in projects/_support/ (see there). ruff/vitest are not packaged in
#   bookworm, so they only appear as "command not found" cases.
# plus Go, Rust (rustup, with clippy) and node 20 already on the machine.
# Tool versions are recorded in each case's "# tool:" line.
#
# Usage: bash generate.sh            (WORK dir defaults to /tmp/autoverify-failcorpus)
set -u

HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$(cd "$HERE/.." && pwd)/real
WORK=${WORK:-/tmp/autoverify-failcorpus}

# Debian python first so apt-installed modules (pytest, mypy) are found;
# Go and Rust toolchains keep precedence over anything in /usr/bin.
export PATH="/usr/local/go/bin:$HOME/.cargo/bin:/usr/bin:/bin:$PATH"
# Debian node modules (eslint/tsc/jest deps) live in /usr/share/nodejs.
export NODE_PATH=/usr/share/nodejs:/usr/lib/nodejs:/usr/lib/x86_64-linux-gnu/nodejs
export GOTOOLCHAIN=local
unset RUST_BACKTRACE FORCE_COLOR NO_COLOR CLICOLOR_FORCE MYPY_FORCE_COLOR PY_COLORS CARGO_TERM_COLOR CI
# Debian jest expects Debian's node build; see projects/_support/jest-nodesource-shim.js
JEST_ENV=(NODE_OPTIONS="-r $HERE/projects/_support/jest-nodesource-shim.js")

rm -rf "$WORK"
mkdir -p "$WORK" "$OUT"
cp -a "$HERE/projects/." "$WORK/"
# Go sources are stored as *.go.txt so the repository's gofmt/vet checks do not
# trip over deliberately broken code; restore their .go names in the scratch copy.
find "$WORK" -type f -name '*.go.txt' -exec sh -c 'for f; do mv "$f" "${f%.txt}"; done' _ {} +
rm -f "$OUT"/*.txt

first_line() { "$@" 2>&1 | head -n1; }
V_GO=$(go version)
V_CARGO=$(cargo --version)
V_CLIPPY="$(cargo clippy --version) / $(cargo --version)"
V_RUSTC=$(rustc --version)
V_PY="Python $(python3 -c 'import platform; print(platform.python_version())') ($(command -v python3))"
V_PYTEST="pytest $(python3 -c 'import pytest; print(pytest.__version__)') on $V_PY"
V_MYPY=$(mypy --version)
V_PYLINT=$(pylint --version 2>&1 | sed -n 1p)
V_FLAKE8="flake8 $(flake8 --version 2>&1 | tr '\n' ' ' | sed 's/ *$//')"
V_TSC="tsc $(tsc --version) (node $(node --version))"
V_ESLINT="eslint $(eslint --version) (node $(node --version))"
V_NODE="node $(node --version)"
V_JEST="jest $(env "${JEST_ENV[@]}" jest --version) (Debian; node $(node --version) + NODE_PATH + process.config shim)"
V_SHELLCHECK="shellcheck $(shellcheck --version | sed -n 's/^version: //p')"
V_BASH=$(first_line bash --version)
V_SH="dash (/bin/sh)"
V_NPX="npx $(npx --version) (node $(node --version))"

qjoin() {
	local out="" a
	for a in "$@"; do
		if [[ "$a" =~ ^[A-Za-z0-9_./:=@%+,-]+$ ]]; then
			out+="$a "
		else
			out+="'${a//\'/\'\\\'\'}' "
		fi
	done
	printf '%s' "${out% }"
}

CASE_ENV=()
n_ok=0
# c NAME LABEL TOOLVERSION NOTE DIR ARGV...
c() {
	local name=$1 label=$2 tool=$3 note=$4 dir=$5
	shift 5
	local raw="$WORK/.out-$name" rc
	if [ ${#CASE_ENV[@]} -gt 0 ]; then
		(cd "$WORK/$dir" && exec env "${CASE_ENV[@]}" "$@") >"$raw" 2>&1 </dev/null
	else
		(cd "$WORK/$dir" && exec "$@") >"$raw" 2>&1 </dev/null
	fi
	rc=$?
	if [ "$rc" -eq 0 ]; then
		echo "SKIP $name: exited 0" >&2
		return
	fi
	{
		printf '# cmd: %s\n' "$(qjoin "$@")"
		printf '# exit: %d\n' "$rc"
		printf '# want: %s\n' "$label"
		printf '# tool: %s\n' "$tool"
		printf '# note: %s\n' "$note"
		printf -- '---\n'
		cat "$raw"
	} >"$OUT/$name.txt"
	n_ok=$((n_ok + 1))
	printf '%-40s exit=%-3s %s\n' "$name" "$rc" "$label" >&2
}
# jest cases need the shim environment
cj() { CASE_ENV=("${JEST_ENV[@]}"); c "$@"; CASE_ENV=(); }

mkdir -p "$WORK/empty"

########## Go ##########
c go-build-undefined CODE_ERROR "$V_GO" "undefined variable used in loop" go/undefined go build ./...
c go-build-typemismatch CODE_ERROR "$V_GO" "bool returned as int; string assigned to int" go/typemismatch go build .
c go-build-syntax CODE_ERROR "$V_GO" "missing closing brace" go/syntax go build ./...
c go-build-manyerrors CODE_ERROR "$V_GO" "14 undefined names, compiler truncates with too many errors" go/manyerrors go build ./...
c go-build-unused CODE_ERROR "$V_GO" "unused imports and declared-and-not-used variables" go/unusedimport go build .
c go-build-v-undefined CODE_ERROR "$V_GO" "undefined variable, verbose build" go/undefined go build -v ./...
c go-build-missingmod ENV_ERROR "$V_GO" "imports github.com/google/uuid which is not required in go.mod" go/missingmod go build ./...
c go-build-nomod ENV_ERROR "$V_GO" "no go.mod in directory or parents" go/nomod go build .
c go-build-missingsum ENV_ERROR "$V_GO" "go.mod requires uuid but go.sum is missing" go/missingsum go build ./...
c go-run-typemismatch CODE_ERROR "$V_GO" "go run of code with type errors" go/typemismatch go run .
c go-run-panic CODE_ERROR "$V_GO" "program panics writing to nil map at runtime" go/panic go run .
c go-test-fail TEST_FAILURE "$V_GO" "Mul has a bug; t.Errorf and t.Fatalf fire" go/testfail go test ./...
c go-test-v-fail TEST_FAILURE "$V_GO" "Mul has a bug; verbose output with passing tests too" go/testfail go test -v ./...
c go-test-failfast TEST_FAILURE "$V_GO" "Mul has a bug; -count=1 -failfast" go/testfail go test -count=1 -failfast ./...
c go-test-panic TEST_FAILURE "$V_GO" "index out of range panic inside a test (Pop on empty stack)" go/testpanic go test ./...
c go-test-v-panic TEST_FAILURE "$V_GO" "index out of range panic inside a test, verbose" go/testpanic go test -v .
c go-test-buildfail CODE_ERROR "$V_GO" "test file calls undefined function and adds int+string" go/testbuild go test ./...
c go-test-v-buildfail CODE_ERROR "$V_GO" "test file does not compile, verbose" go/testbuild go test -v .
c go-test-syntax CODE_ERROR "$V_GO" "package has a syntax error (missing brace)" go/syntax go test ./...
c go-test-multipkg TEST_FAILURE "$V_GO" "one of three packages has failing table subtests" go/multipkg go test ./...
c go-test-v-run-subtests TEST_FAILURE "$V_GO" "failing table subtests with -v -run" go/multipkg go test -v -run TestTitle ./...
c go-test-timeout TEST_FAILURE "$V_GO" "test blocks for 30s, -timeout 2s kills it" go/timeout go test -timeout 2s ./...
c go-test-nomod-dot ENV_ERROR "$V_GO" "go test . with no go.mod in directory or parents" go/nomod go test .
c go-test-missingmod ENV_ERROR "$V_GO" "test imports testify, not in go.mod" go/testmissingmod go test ./...
c go-test-nomod ENV_ERROR "$V_GO" "no go.mod in directory or parents" go/nomod go test ./...
c go-vet-printf LINT_ERROR "$V_GO" "Printf verbs do not match argument types" go/vetprintf go vet ./...
c go-vet-copylocks LINT_ERROR "$V_GO" "value receiver and return copy a sync.Mutex" go/vetlocks go vet ./...
c go-vet-multi LINT_ERROR "$V_GO" "bad struct tags, unreachable code, self-assignment, unused result, Println with format" go/vetmulti go vet ./...
c go-vet-printf-analyzer LINT_ERROR "$V_GO" "only the printf analyzer enabled" go/vetmulti go vet -printf ./...
c go-vet-compileerror CODE_ERROR "$V_GO" "go vet on code with type errors" go/typemismatch go vet ./...
c gofmt-d-file LINT_ERROR "$V_GO (gofmt)" "badly formatted file, gofmt -d exits 1 on diff" go/unformatted gofmt -d main.go
c gofmt-l-d-dir LINT_ERROR "$V_GO (gofmt)" "two unformatted files in directory" go/unformatted gofmt -l -d .
c gofmt-s-simplify LINT_ERROR "$V_GO (gofmt)" "formatted but simplifiable composite literal and range" go/unformatted gofmt -s -d simplify.go
c gofmt-e-syntax CODE_ERROR "$V_GO (gofmt)" "gofmt on a file with a syntax error (missing brace)" go/syntax gofmt -l -e .

########## Rust ##########
c cargo-build-typemismatch CODE_ERROR "$V_CARGO" "E0308 mismatched types (&str vs u16, u16 vs i32)" rust/typemismatch cargo build
c cargo-build-borrow CODE_ERROR "$V_CARGO" "use after move (E0382) and borrowed value does not live long enough (E0597)" rust/borrow cargo build
c cargo-build-many CODE_ERROR "$V_CARGO" "several errors (missing field, wrong type, undefined fn) plus unused warnings" rust/many cargo build
c cargo-build-color CODE_ERROR "$V_CARGO" "several compile errors, forced colour" rust/many cargo build --color=always
c cargo-check-borrow CODE_ERROR "$V_CARGO" "cargo check: borrow checker errors" rust/borrow cargo check
c cargo-build-missingdep-offline ENV_ERROR "$V_CARGO" "depends on serde, offline and not in registry cache" rust/missingdep cargo build --offline
c cargo-build-missingdep ENV_ERROR "$V_CARGO" "depends on serde, crates.io unreachable" rust/missingdep cargo build
c cargo-build-nomanifest ENV_ERROR "$V_CARGO" "no Cargo.toml in directory" rust/nomanifest cargo build
c cargo-test-fail TEST_FAILURE "$V_CARGO" "factorial off by one; should_panic test does not panic" rust/testfail cargo test
c cargo-test-q TEST_FAILURE "$V_CARGO" "same failures, quiet mode" rust/testfail cargo test -q
c cargo-test-color TEST_FAILURE "$V_CARGO" "same failures, forced colour" rust/testfail cargo test --color=always
c cargo-test-panic TEST_FAILURE "$V_CARGO" "unwrap on None inside test" rust/testpanic cargo test
c cargo-test-panic-backtrace TEST_FAILURE "$V_CARGO" "unwrap on None inside test, RUST_BACKTRACE=1" rust/testpanic env RUST_BACKTRACE=1 cargo test
c cargo-test-compile CODE_ERROR "$V_CARGO" "test module has a type mismatch and calls a missing method" rust/testcompile cargo test
c cargo-clippy-dwarnings LINT_ERROR "$V_CLIPPY" "needless_return, ptr_arg, len_zero, bool_comparison, approx_constant with -D warnings" rust/clippy cargo clippy -- -D warnings
c cargo-clippy-color LINT_ERROR "$V_CLIPPY" "clippy lints with -D warnings, forced colour" rust/clippy cargo clippy --color=always -- -D warnings
c cargo-clippy-pedantic LINT_ERROR "$V_CLIPPY" "pedantic lints enabled, warnings denied" rust/clippy cargo clippy --all-targets -- -W clippy::pedantic -D warnings
c cargo-clippy-deny-attr LINT_ERROR "$V_CLIPPY" "#![deny(clippy::all)] in source: unnecessary_unwrap, ifs_same_cond" rust/clippydeny cargo clippy
c cargo-clippy-compileerror CODE_ERROR "$V_CLIPPY" "clippy on code that does not compile" rust/typemismatch cargo clippy -- -D warnings
c rustc-undefined CODE_ERROR "$V_RUSTC" "cannot find value (E0425)" rustc rustc undefined.rs
c rustc-typemismatch CODE_ERROR "$V_RUSTC" "&str passed as String; literal out of range for u8" rustc rustc typemismatch.rs
c rustc-syntax CODE_ERROR "$V_RUSTC" "missing semicolon" rustc rustc syntax.rs
c rustc-color CODE_ERROR "$V_RUSTC" "mismatched types, forced colour" rustc rustc --color=always typemismatch.rs
c rustc-deny-warnings LINT_ERROR "$V_RUSTC" "unused variables/functions with -D warnings" rustc rustc -D warnings unused.rs
(cd "$WORK/rustc" && rustc -o panic panic.rs >/dev/null 2>&1)
c rust-binary-panic CODE_ERROR "$V_RUSTC (compiled binary)" "index out of bounds panic at runtime" rustc ./panic
c cargo-nextest-missing ENV_ERROR "$V_CARGO" "cargo subcommand nextest not installed" rust/testfail cargo nextest run

########## Python ##########
c python-unittest-fail TEST_FAILURE "$V_PY" "assertEqual failures in two of four tests" py/unitfail python3 -m unittest
c python-unittest-v-fail TEST_FAILURE "$V_PY" "assertEqual failures, verbose" py/unitfail python3 -m unittest -v
c python-unittest-direct TEST_FAILURE "$V_PY" "test file run as script, unittest.main()" py/unitfail python3 test_calc.py
c python-unittest-error TEST_FAILURE "$V_PY" "tests raise KeyError/TypeError inside test bodies (ERROR, not FAIL)" py/uniterror python3 -m unittest discover -v
c python-unittest-syntax CODE_ERROR "$V_PY" "module under test has a SyntaxError" py/syntaxerr python3 -m unittest
c python-unittest-missingmod ENV_ERROR "$V_PY" "code under test imports flask, not installed" py/missingmod python3 -m unittest
c pytest-fail TEST_FAILURE "$V_PYTEST" "assertion failures, parametrized failures, exception in code under test" py/pytestfail python3 -m pytest
c pytest-q TEST_FAILURE "$V_PYTEST" "same failures, quiet" py/pytestfail python3 -m pytest -q
c pytest-color TEST_FAILURE "$V_PYTEST" "same failures, forced colour" py/pytestfail python3 -m pytest --color=yes
c pytest-tbshort-v TEST_FAILURE "$V_PYTEST" "same failures, short tracebacks, verbose, pytest entrypoint" py/pytestfail pytest --tb=short -v
c pytest-x TEST_FAILURE "$V_PYTEST" "stop at first failure" py/pytestfail pytest -x -q
c pytest-unittest-error TEST_FAILURE "$V_PYTEST" "unittest-style tests erroring with KeyError/TypeError under pytest" py/uniterror python3 -m pytest -q
c pytest-syntax CODE_ERROR "$V_PYTEST" "collection error: SyntaxError in module under test" py/syntaxerr python3 -m pytest
c pytest-nameerror CODE_ERROR "$V_PYTEST" "collection error: module-level NameError in code under test" py/nameerror python3 -m pytest
c pytest-missingmod ENV_ERROR "$V_PYTEST" "collection error: flask not installed" py/missingmod python3 -m pytest -q
c pytest-missingmod-verbose ENV_ERROR "$V_PYTEST" "collection error: flask not installed, verbose" py/missingmod pytest -v
c mypy-argtype TYPE_ERROR "$V_MYPY" "str passed for int parameter" py/mypy mypy argtype.py
c mypy-many TYPE_ERROR "$V_MYPY" "Optional access, wrong return types, unknown attribute, bad args" py/mypy mypy many.py
c mypy-strict TYPE_ERROR "$V_MYPY" "missing annotations and Any return under --strict" py/mypy mypy --strict strict.py
c mypy-pretty-color TYPE_ERROR "$V_MYPY" "many errors, --pretty with forced colour" py/mypy env MYPY_FORCE_COLOR=1 mypy --pretty many.py
c mypy-two-files TYPE_ERROR "$V_MYPY" "errors in two files, error codes shown" py/mypy mypy --show-error-codes argtype.py many.py
c mypy-typeddict-protocol TYPE_ERROR "$V_MYPY" "TypedDict value/key errors and Protocol mismatch" py/mypy mypy typed.py
c mypy-module-run TYPE_ERROR "$V_MYPY" "python3 -m mypy with strict on two files" py/mypy python3 -m mypy --strict argtype.py typed.py
c mypy-missing-import ENV_ERROR "$V_MYPY" "imports flask and an unknown package: no library stub / module not found" py/mypy mypy missing_import.py
c pylint-messy LINT_ERROR "$V_PYLINT" "many convention/warning/error messages" py/lint pylint messy.py
c pylint-one LINT_ERROR "$V_PYLINT" "single unused-import warning" py/lint pylint one.py
c pylint-color LINT_ERROR "$V_PYLINT" "colorized output format" py/lint pylint --output-format=colorized messy.py
c pylint-errors-only LINT_ERROR "$V_PYLINT" "errors only (-E): undefined-variable" py/lint pylint -E messy.py
c flake8-messy LINT_ERROR "$V_FLAKE8" "unused imports, star import, bare except, comparison to None" py/lint flake8 messy.py
c flake8-one LINT_ERROR "$V_FLAKE8" "single F401 unused import" py/lint flake8 one.py
c flake8-color LINT_ERROR "$V_FLAKE8" "whitespace/style errors, forced colour" py/lint flake8 --color=always style.py
c flake8-dir LINT_ERROR "$V_FLAKE8" "whole directory" py/lint flake8 .
c python-crash CODE_ERROR "$V_PY" "ZeroDivisionError at runtime" py/crash python3 report.py
c python-syntax CODE_ERROR "$V_PY" "SyntaxError: missing colon" py/syntaxerr python3 parser.py
c python-import-missing ENV_ERROR "$V_PY" "module not installed" empty python3 -c 'import notinstalledmod'
c python-flask-missing ENV_ERROR "$V_PY" "app imports flask, not installed" py/missingmod python3 app.py
c python-m-ruff-missing ENV_ERROR "$V_PY" "ruff module not installed" py/lint python3 -m ruff check .
c python-silent-exit UNKNOWN "$V_PY" "script prints progress line then exits 1 without reason" py/silent python3 job.py

########## TypeScript ##########
c tsc-typeerr TYPE_ERROR "$V_TSC" "string assigned to number property (TS2322)" ts/typeerr tsc -p .
c tsc-many TYPE_ERROR "$V_TSC" "TS2339/TS7006/TS2322/TS2345/TS2532 across two files" ts/many tsc -p .
c tsc-pretty TYPE_ERROR "$V_TSC" "many errors, --pretty (colour + code frames)" ts/many tsc -p . --pretty
c tsc-single-file TYPE_ERROR "$V_TSC" "single file: missing argument, number as boolean, possibly undefined" ts/single tsc --noEmit --strict app.ts
c tsc-classes TYPE_ERROR "$V_TSC" "bad implements (TS2416), missing property, missing ctor arg, private/typo access, impossible case, missing return" ts/classes tsc
c tsc-build-mode TYPE_ERROR "$V_TSC" "tsc -b build mode with a type error" ts/typeerr tsc -b
c tsc-noemit-project TYPE_ERROR "$V_TSC" "tsc --noEmit -p with explicit config path" ts/classes tsc --noEmit -p tsconfig.json
c tsc-missingmod ENV_ERROR "$V_TSC" "imports left-pad and date-fns which are not installed (TS2307)" ts/missingmod tsc -p .
c tsc-notypes ENV_ERROR "$V_TSC" "tsconfig types node/jest but @types packages missing (TS2688)" ts/notypes tsc -p .
c tsc-noconfig ENV_ERROR "$V_TSC" "tsc -p . without tsconfig.json (TS5057)" ts/noconfig tsc -p .
c tsc-noargs ENV_ERROR "$V_TSC" "tsc with no tsconfig and no files prints help" ts/noconfig tsc

########## ESLint ##########
c eslint-one LINT_ERROR "$V_ESLINT" "single no-unused-vars" js/eslint eslint one.js
c eslint-bad LINT_ERROR "$V_ESLINT" "eqeqeq, semi, no-unreachable, no-cond-assign, no-undef, no-debugger, no-var warning" js/eslint eslint bad.js
c eslint-color LINT_ERROR "$V_ESLINT" "same problems, forced colour" js/eslint eslint --color bad.js
c eslint-unix LINT_ERROR "$V_ESLINT" "whole dir, unix formatter" js/eslint eslint -f unix .
c eslint-noconfig ENV_ERROR "$V_ESLINT" "no .eslintrc anywhere" js/eslint-noconfig eslint index.js
c eslint-missing-plugin ENV_ERROR "$V_ESLINT" "config uses eslint-plugin-react, not installed" js/eslint-plugin eslint index.js
c eslint-missing-extends ENV_ERROR "$V_ESLINT" "config extends airbnb-base, not installed" js/eslint-extends eslint .

########## node --test / node ##########
c node-test-default TEST_FAILURE "$V_NODE" "capitalize and wordCount bugs, default (tap) reporter" js/nodetest node --test
c node-test-spec TEST_FAILURE "$V_NODE" "same failures, spec reporter" js/nodetest node --test --test-reporter=spec
c node-test-spec-color TEST_FAILURE "$V_NODE" "same failures, spec reporter, forced colour" js/nodetest env FORCE_COLOR=1 node --test --test-reporter=spec
c node-test-one TEST_FAILURE "$V_NODE" "isEven bug, two failing tests in one file" js/nodetest-one node --test test.js
c node-test-syntax CODE_ERROR "$V_NODE" "test file has a syntax error" js/nodetest-syntax node --test
c node-crash CODE_ERROR "$V_NODE" "TypeError reading property of undefined at runtime" js/node node crash.js
c node-syntax CODE_ERROR "$V_NODE" "SyntaxError in script" js/node node syntax.js
c node-require-missing ENV_ERROR "$V_NODE" "require of a package that is not installed" empty node -e 'require("left-pad")'
c node-silent-exit UNKNOWN "$V_NODE" "script sets exit code 2, prints nothing" js/node node silent.js

########## jest ##########
cj jest-fail TEST_FAILURE "$V_JEST" "cart and format bugs across two suites" js/jest jest
cj jest-verbose TEST_FAILURE "$V_JEST" "same failures, verbose" js/jest jest --verbose
cj jest-color TEST_FAILURE "$V_JEST" "same failures, forced colour" js/jest jest --colors
cj jest-ci-one-file TEST_FAILURE "$V_JEST" "one suite selected, --ci" js/jest jest --ci src/format.test.js
cj jest-one TEST_FAILURE "$V_JEST" "single toBe failure" js/jest-one jest
cj jest-crash-in-test TEST_FAILURE "$V_JEST" "TypeError thrown by code under test inside a test" js/jest-crash jest
cj jest-missing-module ENV_ERROR "$V_JEST" "test requires left-pad, not installed" js/jest-missing jest
cj jest-syntax CODE_ERROR "$V_JEST" "module under test has a syntax error" js/jest-syntax jest
# Debian jest without NODE_PATH cannot find its own dependencies on nodesource's node
c jest-broken-install ENV_ERROR "jest 29.3.1 (Debian package, unpatched run) on node $(node --version)" "jest run without NODE_PATH: its own dependency import-local cannot be resolved" js/jest-one env -u NODE_PATH jest

########## shell ##########
c shellcheck-one LINT_ERROR "$V_SHELLCHECK" "unquoted variable (SC2086)" sh shellcheck one.sh
c shellcheck-many LINT_ERROR "$V_SHELLCHECK" "backticks, unquoted vars, cd without exit, read -r, == in [ ], etc" sh shellcheck many.sh
c shellcheck-color LINT_ERROR "$V_SHELLCHECK" "same, forced colour" sh shellcheck --color=always many.sh
c shellcheck-gcc LINT_ERROR "$V_SHELLCHECK" "two files, gcc format" sh shellcheck -f gcc one.sh many.sh
c shellcheck-severity LINT_ERROR "$V_SHELLCHECK" "warnings and above only" sh shellcheck -S warning many.sh
c bash-n-syntax CODE_ERROR "$V_BASH" "bash -n on script with missing fi" sh bash -n syntax.sh

########## environment / unknown ##########
c sh-ruff-notfound ENV_ERROR "$V_SH" "ruff is not installed (command not found)" py/lint sh -c 'ruff check .'
c bash-vitest-notfound ENV_ERROR "$V_BASH" "vitest is not installed (command not found)" js/jest-one bash -c 'vitest run'
c npx-vitest-missing ENV_ERROR "$V_NPX" "vitest not installed locally, offline npm cache has nothing" js/vitest npx --offline --no vitest run
c npm-test-vitest-missing ENV_ERROR "npm $(npm --version) (node $(node --version))" "package.json test script runs vitest, node_modules not installed" js/vitest npm test
c false-silent UNKNOWN "coreutils false" "exits 1 with no output at all" empty false

echo "wrote $n_ok cases to $OUT" >&2
