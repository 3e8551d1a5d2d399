#!/usr/bin/env bash
# Regenerates the HOLD-OUT failure corpus in ../holdout/ .
#
# Same method and file format as generate.sh (real tools run on tiny broken
# projects, exact combined stdout+stderr, real exit code), but with DIFFERENT
# broken programs (./holdout-projects/) and different error kinds, so a
# classifier tuned on ../real/ can be measured honestly on these cases.
# Do not tune a classifier on this corpus.
#
# Go sources are stored as *.go.txt (so the repository's gofmt/vet checks do
# not trip over deliberately broken code); they get their .go names back in
# the scratch copy before anything runs.
#
# Tool set-up is the same as for generate.sh (see its header).
#
# Usage: bash holdout.sh            (WORK dir defaults to /tmp/autoverify-holdout)
set -u

HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$(cd "$HERE/.." && pwd)/holdout
WORK=${WORK:-/tmp/autoverify-holdout}

export PATH="/usr/local/go/bin:$HOME/.cargo/bin:/usr/bin:/bin:$PATH"
export NODE_PATH=/usr/share/nodejs:/usr/lib/nodejs:/usr/lib/x86_64-linux-gnu/nodejs
export GOTOOLCHAIN=local
unset RUST_BACKTRACE FORCE_COLOR NO_COLOR CLICOLOR_FORCE MYPY_FORCE_COLOR PY_COLORS CARGO_TERM_COLOR CI RUSTFLAGS
JEST_ENV=(NODE_OPTIONS="-r $HERE/projects/_support/jest-nodesource-shim.js")

rm -rf "$WORK"
mkdir -p "$WORK" "$OUT"
cp -a "$HERE/holdout-projects/." "$WORK/"
# restore Go file names (stored as .go.txt in the repository)
find "$WORK" -type f -name '*.go.txt' -exec sh -c 'for f; do mv "$f" "${f%.txt}"; done' _ {} +
# ONLY="go rust py js sh" (any subset) regenerates just those sections and keeps the other files
ONLY=${ONLY:-}
[ -n "$ONLY" ] || rm -f "$OUT"/*.txt

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
V_NPM="npm $(npm --version) (node $(node --version))"
V_JEST="jest $(env "${JEST_ENV[@]}" jest --version) (Debian; node $(node --version) + NODE_PATH + process.config shim)"
V_SHELLCHECK="shellcheck $(shellcheck --version | sed -n 's/^version: //p')"
V_BASH=$(first_line bash --version)
V_MAKE=$(first_line make --version)

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
cj() { CASE_ENV=("${JEST_ENV[@]}"); c "$@"; CASE_ENV=(); }

want() { [ -z "$ONLY" ] || [[ " $ONLY " == *" $1 "* ]]; }

########## Go ##########
if want go; then
c go-build-importcycle CODE_ERROR "$V_GO" "packages a and b import each other" go/importcycle go build ./...
c go-build-iface CODE_ERROR "$V_GO" "Square lacks Perimeter, Circle has pointer receivers; used as interface values (multi-file)" go/iface go build .
c go-vet-iface CODE_ERROR "$V_GO" "go vet on a package whose types do not implement an interface" go/iface go vet .
c go-build-generics CODE_ERROR "$V_GO" "string does not satisfy Number constraint; int assigned to string; too many args to generic func" go/generics go build -v .
c go-run-deadlock CODE_ERROR "$V_GO" "channel never closed: all goroutines are asleep - deadlock" go/deadlock go run .
c go-test-unexported CODE_ERROR "$V_GO" "test calls unexported method/field of another package" go/testunexported go test ./...
c go-test-fuzz-seed TEST_FAILURE "$V_GO" "fuzz target fails on multi-byte seed corpus entries" go/fuzz go test ./...
c go-test-v-fuzz-seed TEST_FAILURE "$V_GO" "fuzz seed failures, verbose, -run selects fuzz target only" go/fuzz go test -v -run FuzzReverse .
c go-test-example TEST_FAILURE "$V_GO" "Example output does not match // Output: comment" go/example go test .
c go-test-logfatal TEST_FAILURE "$V_GO" "test calls log.Fatalf which exits the test binary" go/logfatal go test -count=1 ./...
c go-test-json TEST_FAILURE "$V_GO" "map-driven failures in one of two packages, -json event stream" go/jsonfail go test -count=1 -json ./...
c go-test-short-cover TEST_FAILURE "$V_GO" "same failures, -short -cover" go/jsonfail go test -count=1 -short -cover ./...
c go-vet-more LINT_ERROR "$V_GO" "httpresponse, errorsas, lostcancel, shift, nilfunc, stringintconv" go/vetmore go vet ./...
c gofmt-d-struct LINT_ERROR "$V_GO (gofmt)" "spaces instead of tabs, unaligned struct tags, one-line case" go/fmtstruct gofmt -d config.go
c go-build-goversion ENV_ERROR "$V_GO" "go.mod says go 1.99, GOTOOLCHAIN=local" go/goversion go build ./...
c go-build-replace-missing ENV_ERROR "$V_GO" "replace directive points to ../shared which does not exist" go/replacemissing go build .
c go-build-work-missing ENV_ERROR "$V_GO" "go.work uses ./lib which does not exist" go/workmissing go build ./app
c go-run-exitcode UNKNOWN "$V_GO" "program prints a normal progress line and exits 4" go/exitcode go run .
fi

########## Rust ##########
if want rust; then
c cargo-build-traitbound CODE_ERROR "$V_CARGO" "HashMap key without Hash/Eq, struct without Display, Sum<&u32> for u64 (E0277), plus unused warning" rust/traitbound cargo build
c cargo-build-lifetime CODE_ERROR "$V_CARGO" "missing lifetime specifiers (E0106)" rust/lifetime cargo build -q
c cargo-run-overflow CODE_ERROR "$V_CARGO" "u32 subtraction overflow panic at runtime (cargo run)" rust/runpanic cargo run
c cargo-build-workspace CODE_ERROR "$V_CARGO" "workspace member imports private fn (E0603) and missing module (E0432)" rust/workspace cargo build --workspace
c cargo-test-doctest TEST_FAILURE "$V_CARGO" "doc-tests fail while unit tests pass" rust/doctest cargo test
c cargo-test-integration-nocapture TEST_FAILURE "$V_CARGO" "integration tests in tests/ fail, stdout not captured" rust/integration cargo test --test api -- --nocapture
c cargo-test-integration-color TEST_FAILURE "$V_CARGO" "integration test failures, forced colour" rust/integration cargo test --color=always
c cargo-clippy-all LINT_ERROR "$V_CLIPPY" "manual_range_contains, ptr_arg, needless_range_loop, redundant_clone, single_match, collapsible_if denied" rust/clippy2 cargo clippy -- -D clippy::all
c cargo-clippy-all-color LINT_ERROR "$V_CLIPPY" "same clippy lints, forced colour, warnings denied" rust/clippy2 cargo clippy --color=always -- -D warnings
c cargo-build-rustflags-dwarnings LINT_ERROR "$V_CARGO" "RUSTFLAGS=-D warnings: dead code, unused mut" rust/deadcode env RUSTFLAGS='-D warnings' cargo build
c rustc-forbid-unsafe LINT_ERROR "$V_RUSTC" "#![forbid(unsafe_code)] and #![deny(missing_docs)] violated" rust/rustc rustc lints.rs
c cargo-build-badmanifest ENV_ERROR "$V_CARGO" "Cargo.toml has an unterminated table header" rust/badmanifest cargo build
c cargo-build-pathdep ENV_ERROR "$V_CARGO" "path dependency ../util does not exist" rust/pathdep cargo build --offline
fi

########## Python ##########
if want py; then
c python-recursion CODE_ERROR "$V_PY" "cyclic tree causes RecursionError" py/recursion python3 tree.py
c python-m-indent CODE_ERROR "$V_PY" "python -m package whose submodule has an IndentationError" py/indent python3 -m app
c python-m-attrerr CODE_ERROR "$V_PY" "None returned for unknown product, AttributeError in package module" py/attrerr python3 -m shop.cli
c pytest-fixture-error TEST_FAILURE "$V_PYTEST" "conftest fixture fails (bad JSON), missing fixture, one assertion failure" py/fixture python3 -m pytest
c pytest-raises-ra TEST_FAILURE "$V_PYTEST" "DID NOT RAISE, approx, list/dict diffs, -rA summary" py/raises python3 -m pytest -rA
c pytest-tbline TEST_FAILURE "$V_PYTEST" "same failures, --tb=line -q" py/raises pytest --tb=line -q
c pytest-xfail-strict TEST_FAILURE "$V_PYTEST" "strict xfail unexpectedly passes (XPASS strict)" py/xfail python3 -m pytest -v
c pytest-doctest-modules TEST_FAILURE "$V_PYTEST" "doctest failure collected by --doctest-modules" py/doctests python3 -m pytest --doctest-modules
c python-doctest TEST_FAILURE "$V_PY" "python -m doctest reports a failing example" py/doctests python3 -m doctest textutil.py
c unittest-subtest-setupclass TEST_FAILURE "$V_PY" "subTest FAIL and KeyError ERROR, plus setUpClass error, quiet mode" py/subtest python3 -m unittest -q test_parse
c pylint-parseable-pkg LINT_ERROR "$V_PYLINT" "package: dangerous default, broad except, redefined builtins, naming, no-else-return; parseable format" py/lint2 pylint -f parseable pkg
c flake8-complexity LINT_ERROR "$V_FLAKE8" "C901 complexity, E501, W605 invalid escape, F401" py/lint2 flake8 --max-complexity 5 --max-line-length 79 pkg
c flake8-quiet LINT_ERROR "$V_FLAKE8" "-q prints only the names of files with problems" py/lint2 flake8 -q pkg
c mypy-package-columns TYPE_ERROR "$V_MYPY" "override violations, Optional access, List invariance, Callable mismatch, dataclass arg, missing return" py/types2 mypy --show-column-numbers --show-error-context -p inventory
c mypy-unreachable-untyped TYPE_ERROR "$V_MYPY" "--warn-unreachable and --disallow-untyped-defs" py/types2 mypy --warn-unreachable --disallow-untyped-defs flow.py
c mypy-package-color TYPE_ERROR "$V_MYPY" "package errors, forced colour, error codes" py/types2 env MYPY_FORCE_COLOR=1 mypy --show-error-codes inventory
c mypy-pretty-async-protocol TYPE_ERROR "$V_MYPY" "un-awaited coroutine assigned to str, await result as int, Protocol arg mismatch, Generic[T] inference; --pretty" py/types2 python3 -m mypy --pretty tasks.py
c pytest-cov-missing ENV_ERROR "$V_PYTEST" "--cov used but pytest-cov not installed" py/pluginmissing python3 -m pytest --cov=. -q
c pytest-plugin-missing ENV_ERROR "$V_PYTEST" "-p loads a plugin module that is not installed" py/pluginmissing python3 -m pytest -p pytest_randomly
c python-config-missing ENV_ERROR "$V_PY" "app opens settings.ini which does not exist (FileNotFoundError)" py/configmissing python3 app.py
fi

########## JavaScript / TypeScript ##########
if want js; then
c node-esm-missing-export CODE_ERROR "$V_NODE" "ESM import of a name lib.mjs does not export" js/esm-export node main.mjs
c node-unhandled-rejection CODE_ERROR "$V_NODE" "async main rejects with SyntaxError from JSON.parse (unhandled rejection)" js/unhandled node server.js
c node-esm-missing-pkg ENV_ERROR "$V_NODE" "ESM import of zod, node_modules not installed" js/esm-missing node app.mjs
c node-test-describe TEST_FAILURE "$V_NODE" "describe/it: deepEqual fails, async rejection, per-test timeout" js/nodetest-async node --test
c node-test-dot-color TEST_FAILURE "$V_NODE" "same failures, dot reporter, forced colour" js/nodetest-async env FORCE_COLOR=1 node --test --test-reporter=dot
cj jest-snapshot-ci TEST_FAILURE "$V_JEST" "stale snapshots and a new snapshot not written under --ci" js/jest-snapshot jest --ci
cj jest-async-verbose TEST_FAILURE "$V_JEST" "resolves/rejects/toThrow failures and a test timeout, verbose" js/jest-async jest --verbose
cj jest-async-silent-color TEST_FAILURE "$V_JEST" "same failures, --silent with forced colour" js/jest-async jest --silent --colors
cj jest-preset-missing ENV_ERROR "$V_JEST" "package.json jest preset ts-jest not installed" js/jest-preset jest
c eslint-compact-dir LINT_ERROR "$V_ESLINT" "prefer-const, no-shadow, curly, quotes, no-unused-expressions, no-dupe-keys, no-empty, no-redeclare; compact format" js/eslint2 eslint -f compact src
c eslint-color-dir LINT_ERROR "$V_ESLINT" "same problems, stylish with forced colour" js/eslint2 eslint --color src
c eslint-max-warnings LINT_ERROR "$V_ESLINT" "only warnings, but --max-warnings 0 turns them into a failure" js/eslint-warn eslint --max-warnings 0 index.js
c eslint-parser-missing ENV_ERROR "$V_ESLINT" "config uses @typescript-eslint/parser, not installed" js/eslint-parser eslint index.js
c npm-run-missing-script ENV_ERROR "$V_NPM" "npm run lint but package.json has no lint script" js/npm-noscript npm run lint
c tsc-generics TYPE_ERROR "$V_TSC" "constraint (TS2344), abstract instantiation, excess property, readonly, no-overlap comparison, implicit any index" ts/generics tsc -p .
c tsc-checkjs TYPE_ERROR "$V_TSC" "JSDoc-typed JS checked with --checkJs" ts/checkjs tsc --allowJs --checkJs --noEmit math.js
c tsc-strictnull-pretty TYPE_ERROR "$V_TSC" "possibly undefined/null under noUncheckedIndexedAccess, --pretty forced" ts/strictnull tsc -p . --pretty
c tsc-single-generics TYPE_ERROR "$V_TSC" "one file of the generics project checked directly, strict" ts/generics tsc --noEmit --strict src/main.ts
c tsc-syntax CODE_ERROR "$V_TSC" "missing comma in object literal and missing paren (TS1005)" ts/syntax tsc -p .
c tsc-extends-missing ENV_ERROR "$V_TSC" "tsconfig extends @tsconfig/node20, not installed (TS6053)" ts/extends tsc -p .
fi

########## shell / make ##########
if want sh; then
c shellcheck-more LINT_ERROR "$V_SHELLCHECK" "SC2155, SC2035, SC2046, SC2034, SC2181, SC2068, SC2124" sh shellcheck more.sh
c shellcheck-json1 LINT_ERROR "$V_SHELLCHECK" "same script, json1 format" sh shellcheck -f json1 more.sh
c bash-run-syntax CODE_ERROR "$V_BASH" "script with an unterminated double quote, run directly" sh bash broken.sh
c bash-unbound-var CODE_ERROR "$V_BASH" "set -u script aborts on unbound variable" sh bash unbound.sh
c bash-exit-3 UNKNOWN "$V_BASH" "deploy script prints normal progress then exits 3" sh bash deploy.sh
c make-no-makefile ENV_ERROR "$V_MAKE" "make test in a directory without a Makefile" make/nomakefile make test
c make-protoc-missing ENV_ERROR "$V_MAKE" "Makefile recipe runs protoc, not installed" make/protoc make gen
c make-silent-check UNKNOWN "$V_MAKE" "silent recipe (test -f VERSION) fails with no message of its own" make/silentfalse make check
fi

echo "wrote $n_ok cases to $OUT" >&2
