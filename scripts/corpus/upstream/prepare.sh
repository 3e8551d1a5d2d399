#!/usr/bin/env bash
# prepare.sh CASE DIR: builds one scenario of the "upstream" part of the failure-type corpus.
#
# What the part is: 90 scenarios on the REAL code of eight public projects (go-cmp, toml, mux,
# uuid, golang-lru in Go; markupsafe, click, tomli in Python, src/ layouts), each a checkout of
# a real commit, optionally changed by one small recipe below, plus the command a story's
# checklist would run on it, labelled with the failure type it was BUILT to produce (or PASS).
# The repository keeps only facts (project, commit ids, paths, commands, labels) in cases.tsv
# beside this script, and the recipes here; the projects' code stays in their bundles
# (${AUTOVERIFY_REALHISTORY:-<repo root>/../shared/realhistory}/<project>.bundle). Text a recipe
# writes into a tree is our own few words (a half-typed function, an unused import line, a test
# that sleeps, a wrongly annotated function, a go directive), never project code.
#
# This script reads CASE's row from cases.tsv, clones the project's bundle into DIR (which must
# not exist), checks out the commit on a new branch "scenario", applies the recipe and commits
# every change so that the worktree is clean. It writes nothing outside DIR.
#
# Shapes: "tests_from FIX" checks out a later real commit's test files (the fix's new tests) over
# the fix's parent, giving real failing tests (TEST_FAILURE) or real compile/import errors of
# real code when the new test uses an API the base lacks (CODE_ERROR); "code_from PARENT FILE"
# undoes a real fix in the code only, its tests kept (TEST_FAILURE). Linters and type checkers
# run on real commits where they have real findings (pyflakes on click's re-exports, flake8's
# default 79 columns, pylint's defaults, go 1.26's vet on older toml/go-cmp, mypy 1.0 on click
# and markupsafe), or on a recipe's own unused import / wrong return type. ENV_ERROR cases are
# real setup failures: a nested module needing a download (golang-lru/arc), an old go-cmp
# requiring golang.org/x/xerrors, a 2016 checkout without go.mod, a src layout not on the path,
# click's newest tests needing installed metadata, pytest 7.2's -o pythonpath without an ini
# file, plugins that are not installed (pytest-cov, hypothesis), paths that do not exist, a
# go directive newer than the toolchain, a require without a go.sum entry, a deleted golden file.
#
# How it was recorded: record.sh (beside this script) prepares each case into a temporary
# directory and runs its command roughly as autoverify's runner does: `unshare -n` (no network;
# the loopback interface brought up, as bwrap --unshare-net does), `env -i` with PATH=
# /usr/local/go/bin:/usr/local/bin:/usr/bin:/bin, HOME an empty temporary directory, LANG/LC_ALL
# C.UTF-8, TZ=UTC, PYTHONHASHSEED=0, NO_COLOR=1, CI=true, no GOFLAGS/GOTOOLCHAIN, under
# `timeout -s KILL` of the case's timeout column or 120 s. It prints the output of
# upstream-tune cases only; held-out output goes to /dev/null. It writes the exit code into the
# exit column ("killed": the time limit's SIGKILL, exit 137). Every case was recorded by one
# final run of record.sh over all 90 cases on 2026-11-30 (earlier runs of the same cases gave
# the same exit codes, apart from the scenarios fixed below).
# Departure from the runner: Go's build cache is shared between runs (GOCACHE=/tmp/up/gocache)
# instead of empty in each HOME, because a cold standard-library build took 60-120 s on the
# 2-CPU recording machine (two early runs were killed at 120 s by it). The module cache
# (GOMODCACHE, under HOME) stays empty, as in the runner.
#
# Tools: go 1.26.8 (/usr/local/go); Debian's /usr/bin/python3 3.11.2, pytest 7.2.1
# (pytest-3), pytest-timeout 2.1.0, pyflakes 2.5.0 (pyflakes3), flake8 5.0.4 (pycodestyle
# 2.10.0), mypy 1.0.1, pylint 2.16.2 (astroid 2.14.2); git 2.39.5.
#
# Counts: 90 cases, 56 upstream-tune, 34 upstream-heldout (split = cksum of the case name mod 3,
# computed, never chosen). Labels: PASS 18 (14 tune / 4 held-out), TEST_FAILURE 21 (13/8),
# CODE_ERROR 13 (11/2), LINT_ERROR 9 (3/6), TYPE_ERROR 7 (6/1), ENV_ERROR 15 (5/10), TIMEOUT 7
# (4/3). Projects: click 18, tomli 16, markupsafe 13, go-cmp 10, mux 10, toml 9, uuid 8,
# golang-lru 6. Recipes: - 41, tests_from 25, break_syntax 5, code_from 3, add_import 3,
# go_test_file 3, py_test_file 3, type_slip 3, raise_at_import 1, drop_path 1, go_directive 1,
# go_require 1.
#
# DISCLOSURES
# - Blindness: autoverify was never run, its classifier, its tests and docs/output-reading.md /
#   docs/benchmarks.md were never read, nor the recorded corpus outputs; only labels.tsv and the
#   spec's type table were read. No held-out case's output was read (record.sh never stores it).
# - Exploration before naming cases (outputs read, at other commits or with other commands than
#   the cases): mypy at click 8.1.7 and 8.2.0, markupsafe's newest commit and tomli 2.0.1;
#   pyflakes at click 8.1.7 and markupsafe 0b6bee0; flake8 at markupsafe's newest commit and
#   click 8.2.0; pylint at tomli's newest commit; click's full pytest suite at ee53a9c and fbb8d77
#   (test_light_imports fails: its subprocess lacks the pythonpath, so click cases name test
#   files); tomli's pytest at 4e245a4^ with -o pythonpath and no ini file (pytest's internal
#   AssertionError: the same shape as the held-out up-tomli-pythonpath-without-ini, at another
#   commit); golang-lru's suite at d582c45^ (TestLoadingExpired is flaky there, so the lru cases
#   run single packages); mux at 98cb6bf outside the sandbox. Held-out cases whose neighbours'
#   output I had read: up-click-mypy-8-1-6 (neighbour 8.1.7), up-click-pyflakes-reexports
#   (neighbour 8.1.7). Many exit codes only (never outputs) were probed outside the sandbox for
#   base and base-plus-new-tests pairs, to pick fix commits whose new tests fail on the base.
# - Runner approximation fixed: the first recordings used plain `unshare -n`, whose loopback is
#   down; mux's TestSchemeMatchers (an httptest server on 127.0.0.1) failed in tune outputs, so
#   record.sh now brings lo up. If the real runner has no loopback, mux runs of the whole package
#   get that extra failure (up-mux-old-suite-2020, a PASS, would then fail).
# - Scenarios fixed after reading a TUNE output: up-markupsafe-striptags-newlines (-k striptags
#   selected nothing, exit 5; now -k escaping, the test holding the new case);
#   up-click-errors-tests-pass (named tests/test_exceptions.py, absent at that commit, exit 4;
#   now tests/test_testing.py tests/test_context.py).
# - Fixed BLIND: up-tomli-loads-typeerror (held-out) exited 0; git show --stat of 4e245a4 shows
#   its new test is in tests/test_error.py, not tests/test_misc.py as the command said; the
#   command was changed to tests/test_error.py (now exit 1). Its output was not read.
# - Labels/reasons changed after reading a TUNE output: up-gocmp-vet-2020 LINT_ERROR ->
#   ENV_ERROR (go-cmp in 2020 requires golang.org/x/xerrors; offline, go cannot load the module
#   graph, vet never runs); reasons reworded for up-uuid-v6-time-vet (the compile error is
#   getTime's new argument), up-click-type-slip-strict (mypy --strict also reports strict-mode
#   errors in the click modules it follows), up-tomli-decode-error-attrs (the failures are the
#   constructor's arguments and the missing DeprecationWarning).
# - Dropped: up-gocmp-diff-determinism (tune, TEST_FAILURE: its output showed the xerrors
#   download failure); up-gocmp-byte-slices-golden (held-out, TEST_FAILURE, exit 1 as built)
#   dropped blind because its commit's go.mod also requires xerrors (read from go.mod, not from
#   the output). Replacements: up-gocmp-sort-compare-funcs, up-gocmp-vet-2023. Before the final
#   run, 23 cases were removed for balance (TEST_FAILURE had 35, CODE_ERROR 20), chosen as near
#   duplicates of kept ones, not by split or output: up-mux-query-mismatch-status,
#   up-mux-wildcard-host-port, up-mux-invalid-query-params, up-toml-tab-error-position,
#   up-toml-meta-keys-inline, up-toml-embedded-structs, up-tomli-optional-seconds,
#   up-tomli-escape-shorthand, up-tomli-parse-float-illegal, up-tomli-file-mode-typeerror,
#   up-click-write-usage-chars, up-click-echo-empty-bytes, up-markupsafe-missing-placeholder,
#   up-uuid-validate-json, up-toml-max-nesting-undefined, up-gocmp-equate-errors-2019,
#   up-gocmp-own-test-undefined, up-toml-syntax-decode-vet, up-tomli-raise-at-import,
#   up-uuid-syntax-test-json, up-tomli-flake8-config-missing, up-click-xdist-not-installed,
#   up-mux-go-directive-next (the held-out among them had given the exit codes they were built
#   for; their outputs were never read). up-go-test-unknown-flag was renamed, before any run,
#   up-uuid-test-unknown-flag (the project prefix was missing).
# - Stability notes: up-uuid-v7-monotonic relies on 10000 v7 UUIDs made within a millisecond
#   colliding on the base (always so here); up-lru-expirable-timeout-flag relies on the expirable
#   tests taking more than 100 ms (about 0.5 s here); the two runner-deadline TIMEOUT cases are
#   killed whether or not the Go build cache is warm.
#
# Second recording (upstream2)
#
# What it is: 80 more scenarios on the same eight projects, named up2-*, split upstream2-tune /
# upstream2-heldout (cksum of the case name mod 3, computed, never chosen), built BLIND (no
# knowledge of how autoverify classifies) with commits, commands and situations the first
# recording did not use: other fixes' new tests over their parents (tests_from: toml eb8b998,
# 2918ee7, a2cbdda, 4223137; go-cmp 917e382, 776445f, a97318b, 0376dcf, b1c9c48; mux ef912dd,
# 4a671cb, 374bd70; uuid cd5fbbd; golang-lru d46c1d9; click 7d05a59, b7e5fd4, bec5928, 047adef,
# 82f377c, 32ae2ac, 6f85d26; markupsafe 391aa07), one fix undone in the code (tomli 9eb2125),
# tomli's 2021 suite needing python-dateutil, go.work/vendor/go.sum/-C/-mod setups, tools that
# are not installed (ruff, golangci-lint, python3.13, pytest-benchmark's option, pytest_asyncio
# named by a conftest), go vet with single analyzers (-assign, -unreachable, -printf), flake8
# --select E711 / C901, isort, bandit, pyflakes, pylint, mypy (--strict) on older releases, and
# tests that wait forever (a channel, a threading.Event) stopped by the runner's limit, go test
# -timeout (also -json) or pytest-timeout.
# How recorded: the same record.sh (now also `record.sh up2-`, a name prefix; the split column
# is checked against the prefix's part); every case was recorded by one final run of record.sh
# over the 80 up2 cases on 2026-11-30 (three record.sh processes on disjoint case lists; one
# stopped at a prepare failure of up2-toml-string-to-int because I was editing this header while
# it ran, and a fourth run recorded that case and the 18 others it had not reached), after an
# earlier run of the same cases that gave the same exit codes. Same tools and the same
# departure (shared GOCACHE) as above; also isort 5.6.4 and bandit 1.6.2 (Debian).
# Counts: 80 cases, 52 upstream2-tune, 28 upstream2-heldout. Labels (tune / held-out): PASS 17
# (11/6), TEST_FAILURE 18 (14/4), CODE_ERROR 13 (6/7), LINT_ERROR 8 (4/4), TYPE_ERROR 6 (5/1),
# ENV_ERROR 12 (8/4), TIMEOUT 6 (4/2). Projects: click 21, tomli 13, go-cmp 11, toml 8, mux 8,
# markupsafe 7, uuid 6, golang-lru 6. Recipes: - 32, tests_from 22, py_file 11, go_file 6,
# rename_def 2, drop_path 2, code_from 1, go_test_file 1, go_test_call 1, go_work 1,
# vendor_stub 1.
# Recipes added (below the first recording's, which are unchanged): go_file (our own Go file:
# a self-assignment, an unreachable statement, a string given to an int, a test waiting on a
# channel), go_test_call (our own test calling an existing function with a wrong argument list),
# go_work (a go.work using a directory that does not exist), vendor_stub (a vendor/modules.txt
# that matches nothing), rename_def (a Go/Python function renamed in its definition only),
# py_file (our own Python lines: a def without a body, module-level NameError/AttributeError, an
# undefined name in a function body, == None, len() of an Optional, an int given for a str, a
# conftest's pytest_plugins, tests waiting on an Event).
#
# DISCLOSURES (upstream2)
# - Blindness as above: autoverify, its classifier, tests, docs/output-reading.md,
#   docs/benchmarks.md and the recorded corpus outputs were never read or run; labels.tsv was
#   grepped for conventions (undefined names, go.work, vendor, conftest plugins, NameError). No
#   upstream2-heldout output was read (record.sh sends it to /dev/null); held-out exit codes
#   were all the ones built for, so no held-out case was fixed or dropped.
# - Exploration before naming cases: exit codes only (outputs never read) of base and
#   base-plus-new-tests pairs, of `go test -run '^$'` (does the test package compile?) and
#   `pytest --collect-only`, to tell compile/collection errors from failing tests, and of the
#   bases alone; the project files read were commit stats, go.mod lines, pyproject pytest
#   sections and tomli's 2021 test imports (dateutil), never run outputs.
# - Candidates dropped before naming, from exit codes only: golang-lru 53739fc and cf37413 with
#   their fixes undone (the expirable tests failed once, then passed: timing-dependent); tomli
#   0eaf93d and 7349d78 (the fixes change no test file); uuid 574e687 and 53dda83 undone and
#   markupsafe 7add29c / b15d9d6 (no test notices them); click 9a2d169 undone (passes); go-cmp
#   fixes of 2019-12..2022-04 (their go.mod requires golang.org/x/xerrors); mux fixes before
#   2018-05 and tomli/markupsafe 2017-2021 fixes for old layouts; click's _textwrap.py for the
#   import-time recipes (it is imported lazily, so the run failed as tests, not at import; the
#   cases use parser.py); a markupsafe test waiting on an Event under the runner's 15 s limit
#   (exit 1 instead of killed, cause not looked at; not a case); a pylint missing-docstring probe
#   and go vet -printf at toml a2cbdda / uuid 2d3c2a9 (no findings).
# - Reasons reworded after reading TUNE outputs (labels unchanged): up2-gocmp-line-diff-heuristic
#   (the failing subtest is TestDiff/Reporter/ManyEscapeCharacters), up2-lru-get-peek-empty (the
#   failing test is TestLoadingExpired as changed by d46c1d9), up2-click-mypy-argtype and
#   up2-markupsafe-mypy-optional-native (mypy also reports real errors in the modules it
#   follows), up2-click-mypy-8-0-0 (examples of its findings). No label was changed, no scenario
#   fixed after reading an output, no case dropped after being named.
# - record.sh's compatibility with the first recording was checked by re-running one of its tune
#   cases, up-mux-vet-pass (exit 0 again, the same value written back; its empty output seen).
#   The first recording's rows and recipes are otherwise untouched.
# - rename_def's pattern was widened before its first recorded run (Go generic functions:
#   `func NewLRU[K ...](`), after a probe found no definition to rename.
# - Stability notes: up2-lru-get-peek-empty failed in every run (4 of 4); the base alone passes.
#   up2-lru-race-timeout-flag relies on the expirable tests under -race taking more than 200 ms.
#   up2-click-event-wait-runner and up2-gocmp-chanwait-runner are killed by the runner's limit
#   whether or not the build cache is warm.
#
# Third recording (upstream3)
#
# What it is: 74 more scenarios on the same eight projects, named up3-*, split upstream3-tune /
# upstream3-heldout (cksum of the case name mod 3, computed, never chosen), built BLIND (no
# knowledge of how autoverify classifies) with commits, commands and situations the first two
# recordings did not use: later fixes' tests over their parents (toml 7234339, 6f7689d,
# 3f50379; click a09c1c6, 3a3e035, 1241aba, 546f285: parametrized ids among them), fixes
# undone in the code (toml e954445 and 59c762d: toml-test subtests; click d340b0c; tomli
# 0921abf), Examples of our own whose Output comment is wrong (uuid, mux, go-cmp under
# -shuffle=on, golang-lru's expirable) or that wait forever, doctests (--doctest-modules: a
# wrong doctest of our own, and one real failing doctest of markupsafe), a method renamed in
# its definition only (mux's routeRegexp.Match: the matcher interface no longer satisfied;
# simplelru's Resize: LRUCache no longer satisfied; go-cmp's compareAny), an import cycle of
# two packages of our own, panics in init() (also under -json), a Python recursion without
# end at import, a circular import (tomli/_re.py importing back from _parser), a deleted
# module (tomli/_types.py), go vet's tests/copylocks/loopclosure/unusedresult/stdmethods
# analyzers, pyflakes / flake8 --select F841 / E501 / pylint unused-variable, mypy with
# --strict / --disallow-untyped-defs and our own missing return / Optional attribute, go.mod
# deleted or renamed (module path), -mod=vendor without vendor, -modfile naming a missing file,
# a package path that does not exist, options the installed tools do not know (mypy
# --strict-bytes, pylint --prefer-stubs, go vet -nilness), staticcheck and black not
# installed, itertools.batched (Python 3.12) on 3.11, a conftest reading an unset environment
# variable, go test -fuzz and 600 s benchmarks stopped by the runner's limit, go test -timeout
# on a blocked Example, pytest-timeout's signal method, python -m unittest killed by the
# runner; PASS cases with go test -v/-json/-count=3/-shuffle/-list/-run subtests, a fuzz
# target's seeds, go build, go vet analyzers, compileall, pytest --collect-only / -k 'not ...',
# flake8 and pylint --errors-only.
# How recorded: the same record.sh (now also `record.sh up3-`; split_of knows the up3- prefix
# and record.sh still runs the first two recordings' cases, checked by re-running
# up-mux-vet-pass and up2-lru-vet-root-pass: exit 0 again, the same values written back). Each
# scenario was first run in a scratch copy of these scripts (same record.sh, held-out output
# to /dev/null), then every up3 case was recorded by one final run of record.sh over the 74
# cases on 2026-11-30 (three record.sh processes on disjoint case lists; one stopped at a
# prepare failure of up3-tomli-collect-only-pass, a clone into a directory that already
# existed, because I rewrote this header while it ran; a fourth run recorded that case and
# the 21 others it had not reached); the final exit codes were the same as the scratch run's. Same tools and the same departure (shared GOCACHE) as
# above.
# Counts: 74 cases, 41 upstream3-tune, 33 upstream3-heldout. Labels (tune / held-out): PASS 15
# (7/8), TEST_FAILURE 18 (11/7), CODE_ERROR 10 (7/3), LINT_ERROR 7 (2/5), TYPE_ERROR 6 (3/3),
# ENV_ERROR 12 (8/4), TIMEOUT 6 (3/3). Projects: click 16, tomli 11, toml 11, uuid 8,
# markupsafe 8, mux 7, go-cmp 7, golang-lru 6. Recipes: - 28, py_lines 15, go_example 9,
# tests_from 7, code_from 4, rename_method 3, py_from_import 2, go_init_panic 2, drop_path 2,
# go_mod 1, go_cycle 1.
# Recipes added (below the second recording's, which are unchanged): go_example (our own
# Example: a wrong Output comment, one waiting on a channel, one named after an identifier the
# package lacks), go_init_panic (a code file whose init() panics), go_cycle (two packages of our
# own importing each other), rename_method (a Go method renamed in its definition only), go_mod
# (go.mod's module path changed; a toolchain line, unused: see below), py_lines (our own Python
# lines: a recursion at import, a wrong doctest, a conftest reading an unset variable, an
# unused local, an Optional's attribute, a missing return, a unittest test that sleeps), and
# py_from_import (a `from MODULE import NAME` line: a circular import, a name Python 3.11 lacks).
#
# DISCLOSURES (upstream3)
# - Blindness as above: autoverify, its classifier, tests, docs/ and the recorded corpus
#   outputs were never read or run, nor git log of the repository; labels.tsv was grepped for
#   conventions (unset environment variables: ENV_ERROR). No upstream3-heldout output was read.
#   I did not read the files under /tmp/up/ left by the earlier recordings.
# - Exploration before naming, exit codes only (outputs never read): compile / collection
#   probes (go vet, go test -run NONE, pytest --collect-only) of the held-out
#   up3-toml-meta-unmarshaler, up3-click-default-map-split, up3-click-flag-value-callable and
#   up3-tomli-doctest-wrong scenarios; go build of up3-lru-vet-example-misnamed's scenario and
#   go vet ./... of golang-lru cf37413 alone (0: the held-out case's finding is the recipe's);
#   markupsafe 496112e's doctests (exit 1, so no doctest PASS case was made there). Project
#   files read: commit stats, go.mod lines (go-cmp's xerrors up to 2022-04: no go-cmp fix
#   cases), test names in a diff.
# - Label changed after reading a TUNE output: up3-markupsafe-doctest-pass was built as a PASS;
#   at 1251593 a real doctest fails (the Markup docstring's escape example lacks a comma), so it
#   is labelled TEST_FAILURE under its first name (the name was kept so as not to recompute its
#   split). Its neighbour up3-markupsafe-doctest-wrong (held-out, same commit and command plus a
#   wrong doctest of our own) got a reason naming that real failure too, from this tune output.
# - Reasons reworded after reading TUNE outputs (labels unchanged): up3-lru-resize-method-gone
#   (2q.go's LRUCache no longer satisfied, and simplelru's own test), up3-click-mypy-missing-return
#   (a real unused type: ignore in _compat.py too), up3-tomli-mypy-missing-return (mypy 1.0 warns
#   about pyproject's strict_bytes), up3-toml-custom-string-keys (the test panics in reflect).
# - Dropped after reading TUNE outputs: up3-toml-local-datetime-utc (tests of c6d720d over its
#   parent: they passed, the bug being invisible with TZ=UTC); up3-mux-gowork-go-too-old (a
#   go.work with go 1.18 was accepted: exit 0); up3-mux-toolchain-download (a toolchain go1.99.1
#   line: exit 0, go did not try to switch; go_mod's toolchain kind stays, unused);
#   up3-gocmp-path-string-gone (renaming cmp.Path's String broke nothing: exit 0).
#   Replacements, named before their first run: up3-toml-decode-map-pointer,
#   up3-mux-modfile-missing, up3-gocmp-compare-method-gone, up3-mux-examples-pass-v,
#   up3-lru-example-wrong-expirable, up3-lru-2q-shuffle-pass, up3-gocmp-vet-example-misnamed,
#   up3-tomli-mypy-untyped-def, up3-click-mypy-missing-return. Dropped before any run:
#   up3-markupsafe-doctest-2-1-pass (its commit's doctests exit 1 in a probe) and a renamed
#   copy of up3-markupsafe-doctest-pass (its new name would have been held-out with an output
#   already read). No held-out case was fixed or dropped: all gave the exit codes built for.
# - Stability notes: up3-mux-example-block-timeout (held-out, exit 1) relies on go test's
#   -timeout alarm firing before the runtime reports a deadlock (a pending timer keeps the
#   runtime from calling it dead), reasoned, not read; up3-toml-fuzz-runner relies on the fuzzer
#   finding no crash within 30 s (its tune output was empty: killed); the runner-limit TIMEOUT
#   cases are killed whether or not the build cache is warm. The up3-markupsafe-recursion-import
#   and up3-click-recursion-import outputs are long (a RecursionError's traceback).
#
# Fourth recording (upstream4)
#
# What it is: 80 more scenarios on the same eight projects, named up4-*, split upstream4-tune /
# upstream4-heldout (cksum of the case name mod 3, computed, never chosen), built BLIND (no
# knowledge of how autoverify classifies) with commits, commands and situations the first three
# recordings did not use: later fixes' tests over their parents (toml 89aab29, 9fe9ada, 10fb0a6,
# 6a671b2; mux 08e7f80, f3ff42f, 10f71ea; uuid 655bf50; golang-lru bd154e2, 14eae34; click
# 3495fba, 71f2baf, f316d5c, 665736b, 93ba007, a3321c9), real trees at releases not used before
# (markupsafe 2.0.1 and 2.1.5, tomli 2.0.1, click 8.1.8), top-level test files of our own
# (test_scenario.py at the root: a passing one, a wrong assertion, an import of a name the
# package lacks), a real deprecation turned into a failure by -W error::DeprecationWarning,
# python -m doctest of a README, python -m py_compile (a TabError of our own, and a PASS),
# python -m unittest of a module whose import fails, pytest -m selecting nothing (exit 5),
# pytest options real CI uses (-x, -q, -ra, --tb=short/line/no, --maxfail=1,
# -p no:cacheprovider, -o timeout=3 for pytest-timeout's ini option), plugin options of plugins
# that are not installed (-n of pytest-xdist, --reruns of pytest-rerunfailures), tools that are
# not installed (pyright, tox, pre-commit, govulncheck) and an interpreter name that is not on
# the PATH (python), shell forms a checklist uses (sh -c with cd or test -f and &&, a gofmt step
# `test -z "$(gofmt -l . | tee /dev/stderr)"`, make test without a Makefile, timeout 5 around
# python), go test -cover / -coverprofile (also into a missing directory) / -race / -failfast /
# -shuffle with a seed / -list / -bench with -run '^$', go mod verify / tidy -diff / download,
# GOFLAGS=-mod=mod, Go compile errors of our own (declared and not used, imported and not used,
# missing return), go vet -structtag and stringintconv findings of our own, codespell, yamllint,
# pylint, flake8 W291, pyflakes (f-string without placeholders) and mypy (a str appended to a
# list[int], an unexpected keyword, None given to an int) findings, config files named but
# absent (mypy --config-file, yamllint -c, codespell -I), and tests that wait forever (an empty
# select, an Event, a sleep, a benchmark sleeping an hour) stopped by go test -timeout,
# pytest-timeout, the timeout command or the runner's limit.
# How recorded: the same record.sh (split_of now knows the up4- prefix); each scenario was first
# run in a scratch copy of these scripts (same record.sh, held-out output to /dev/null), then
# every up4 case was recorded by one final run of record.sh over the 80 cases on 2026-11-30
# (three record.sh processes on disjoint case lists, nothing edited while they ran). The final
# exit codes were the same as the scratch run's. record.sh still runs the earlier recordings'
# cases (re-checked with up-mux-vet-pass and up2-lru-vet-root-pass: exit 0 again, the same
# values written back). Same tools and the same departure (shared GOCACHE) as above; also
# codespell 2.2.2, yamllint 1.29.0, GNU make.
# Counts: 80 cases, 55 upstream4-tune, 25 upstream4-heldout. Labels (tune / held-out): PASS 18
# (11/7), TEST_FAILURE 16 (13/3), CODE_ERROR 11 (4/7), LINT_ERROR 9 (7/2), TYPE_ERROR 6 (4/2),
# ENV_ERROR 14 (11/3), TIMEOUT 6 (5/1). Projects: click 17, markupsafe 15, tomli 13, toml 10,
# mux 8, go-cmp 7, uuid 5, golang-lru 5. Recipes: - 40, tests_from 16, go_lines 9, py_test 9,
# py_append 6.
# Recipes added (below the third recording's, which are unchanged): go_lines (our own Go file:
# spaces for indentation, a malformed struct tag, string() of an int, an unused local, an
# unused import, a missing return, a test blocked in an empty select, a benchmark sleeping an
# hour per iteration), py_test (our own small test module at the root or under tests/: an
# import of a name the package lacks, a call of soft_unicode, wrong expectations of escape()
# and tomli.loads, a passing tomli.loads test, a unittest sleeping an hour, a test waiting on
# an Event; kinds attrcall and unknownmarker exist but no case uses them), py_append (our own
# Python lines: a str appended to a list[int], a call with an unknown keyword, None given to an
# int, trailing whitespace, an f-string without placeholders, a tab after space indentation).
#
# DISCLOSURES (upstream4)
# - Blindness as above: autoverify, its classifier, its tests, docs/, cmd/, integrations/ and the
#   recorded corpus outputs were never read or run, nor git log of the repository, nor the
#   files under /tmp/up/ left by earlier recordings (the shared GOCACHE there was used, not
#   read); labels.tsv was grepped for conventions (a missing Makefile, cd into a missing
#   directory, -coverprofile into a missing directory, plugin options of uninstalled plugins,
#   -k/-m selecting no test: TEST_FAILURE, py_compile/compileall and unittest ImportError:
#   CODE_ERROR, gofmt steps, a -W error deprecation: TEST_FAILURE, codespell/yamllint config
#   files absent: ENV_ERROR, `timeout` exit 124: TIMEOUT). No upstream4-heldout output was
#   read; held-out exit codes were all the ones built for, so no held-out case was fixed or
#   dropped. test -f of a missing file and --strict-markers were left out (labels.tsv gives
#   them UNKNOWN / two different labels).
# - Exploration before naming, exit codes only (outputs never read): base-plus-new-tests pairs
#   with `go test -run '^$'` (does the test package compile?) and the whole package, and
#   pytest over the click/tomli pairs and their bases; codespell, yamllint, bandit, isort,
#   mypy, pylint, go mod verify / tidy -diff, python -m doctest and unittest discovery on real
#   trees. Candidates dropped from those probes: toml 277ecb0 and uuid edef28d (their tests
#   pass on the parents), click 0baa8db and tomli 4188188 (likewise), isort --profile black on
#   markupsafe / tomli (findings, left out for balance). Project files read: commit stats,
#   markupsafe 2.0.1's soft_unicode, its README's doctest lines, tomli 2.0.1's mypy section.
# - Label changed after reading a TUNE output: up4-uuid-gofmt-step-pass was built as a PASS; at
#   2d3c2a9 go 1.26's gofmt lists seven of uuid's own files, so it is labelled LINT_ERROR under
#   its first name (kept so as not to recompute its split). Its held-out neighbour
#   up4-toml-gofmt-step (LINT_ERROR, our own unformatted file) got a reason saying that toml's
#   tree without the recipe lists nothing, from an exit-code probe of the base (gofmt -l . |
#   test -z: exit 0), not from its output. Replacement PASS, named before its first run:
#   up4-gocmp-gofmt-step-pass (go-cmp's b133f1f is gofmt-clean, as up-gocmp-gofmt-clean and an
#   exit-code probe found).
# - Reasons reworded after reading TUNE outputs (labels unchanged): up4-tomli-codespell (the
#   misspellings are in the vendored toml-test data), up4-toml-parse-error-unwrap,
#   up4-toml-float-exponent, up4-markupsafe-readme-doctest, up4-click-pylint-unused,
#   up4-tomli-mypy-2-0-1, up4-tomli-mypy-list-append, up4-markupsafe-yamllint-workflows,
#   up4-click-mypy-8-1-8, up4-markupsafe-mypy-2-0-1, up4-click-arg-name-collision.
# - Stability notes: up4-lru-select-timeout-flag and up4-toml-select-sh-timeout rely on go
#   test's -timeout alarm (a pending timer keeps the runtime from reporting a deadlock for the
#   empty select; seen in the tune case, reasoned for the held-out one);
#   up4-gocmp-bench-sleep-runner and up4-click-wait-runner-x are killed by the runner's limit
#   whether or not the build cache is warm; up4-tomli-unittest-timeout-cmd relies on tomli's
#   16 real tests finishing within the command's own 5 s. up4-mux-host-port runs with
#   -shuffle=on (a new seed each run; its failures do not depend on order).
#
# Fifth recording (upstream5)
#
# What it is: 75 more scenarios on the same eight projects, named up5-*, split upstream5-tune /
# upstream5-heldout (cksum of the case name mod 3, computed, never chosen), built BLIND (no
# knowledge of how autoverify classifies) with commits, commands and situations the first four
# recordings did not use: later fixes' tests over their parents (toml 1905bd7, 874dff3,
# b6fe702; mux 0534769; uuid 9ee7366 and b35aa6a, new API: compile errors; click 812b800,
# 1b0e19f, a1235aa; tomli 96dfe2c, a 2021 root layout), real trees at releases not used before
# (click 8.3.0 and 8.4.0, markupsafe 3.0.2's docs and _native.py, tomli 2.1.0), Go cross builds
# and cross tests through env (GOOS=windows go build: a PASS, and a _linux.go-only function:
# undefined; GOARCH=386: a PASS, and a constant overflowing a 32-bit int; GOOS=windows go test:
# the .exe cannot be executed here), go test -cpu 1,2 / -parallel 1 / -count=2 on a test with
# package-level state / -count=2 past -timeout / -race on a data race of our own / a subtest
# regexp, t.Setenv after t.Parallel, a test behind a build tag (without the tag: PASS; with it:
# a database on 127.0.0.1:5432 that is not there), a TestMain needing an unset variable,
# CGO_ENABLED=0 with -race, GOEXPERIMENT=rangefunc (gone in go 1.26), GOTOOLCHAIN naming a
# release to download, go install of a tool @latest offline, go generate running stringer (not
# installed), go list -deps, go run of a command of our own (a PASS, and a MustParse panic),
# Go compile errors of our own (a function redeclared, a duplicate switch case, a generic
# function with a type argument that cannot be inferred), vet's httpresponse, lostcancel,
# timeformat and bools (the last through go test's own vet step); Python: pytest -k
# expressions, --durations, --import-mode=importlib, -p no:warnings, -p of a plugin that is not
# installed (xdist), python -X dev -W error, --doctest-glob over docs/*.rst, xfail (not strict:
# PASS; strict and passing: XPASS(strict)), parametrize ids (a wrong octal case, and -k 'not
# octal' deselecting it), a fixture nobody defines, pytest-mock's mocker fixture not installed,
# a fixture connecting to a database that is not there, a pytest.mark.timeout marker, a test
# waiting for a connection stopped by the runner's limit, timeout 10 around go test, an example
# script importing a name tomli lacks, compileall of an unclosed bracket, pip install -e .,
# sourcing a .venv that does not exist, shell chains whose second step fails (flake8 && pytest,
# pytest && mypy), mypy --disallow-any-generics / --warn-unused-ignores / --check-untyped-defs /
# a tuple index out of range, flake8 --max-complexity 20 and --select E741, pylint
# too-many-branches, bandit's B307 (eval).
# How recorded: the same record.sh (split_of now knows the up5- prefix; its header names it).
# Each scenario was first run in a scratch copy of these scripts (same record.sh, held-out
# output to /dev/null; two processes on disjoint halves), then every up5 case was recorded by
# one final run of `record.sh up5-` on 2026-11-30 (one process, nothing edited while it ran).
# The final exit codes were the same as the scratch run's. record.sh still runs the earlier
# recordings' cases (re-checked with up-mux-vet-pass and up4-mux-failfast-pass: exit 0 again,
# the same values written back). Same tools and the same departure (shared GOCACHE) as above;
# also bandit 1.6.2, pip 23.0.1 (Debian) for the pip case.
# Counts: 75 cases, 47 upstream5-tune, 28 upstream5-heldout. Labels (tune / held-out): PASS 16
# (10/6), TEST_FAILURE 15 (9/6), CODE_ERROR 11 (7/4), LINT_ERROR 8 (4/4), TYPE_ERROR 6 (3/3),
# ENV_ERROR 13 (9/4), TIMEOUT 6 (5/1). Projects: tomli 14, click 11, markupsafe 11, toml 10,
# uuid 9, go-cmp 7, mux 7, golang-lru 6. Recipes: - 24, go_snip 22, py_snip 18, tests_from 10,
# py_test 1 (the fourth recording's loadswrong).
# Recipes added (below the fourth recording's, which are unchanged): go_snip (our own Go
# files: a data race, package-level state, t.Setenv after t.Parallel, a build-tagged database
# test, a _linux.go-only function, a 1<<40 int, a go:generate line, a polling or 3 s test, vet
# findings (httpresponse, lostcancel, timeformat, bools), a redeclared function, a missing type
# argument, a TestMain needing a variable, a duplicate case, and a small command using uuid that
# prints a version or panics) and py_snip (our own Python test modules, scripts and appended
# lines: fixtures missing or failing, xfail strict/non-strict, parametrize ids, a timeout
# marker, a test waiting in accept(), an import of a missing name, and lines for mypy, flake8,
# bandit and compileall findings).
#
# DISCLOSURES (upstream5)
# - Blindness as above: autoverify, its classifier, its tests, docs/, cmd/, integrations/,
#   checklist/ and the recorded corpus outputs were never read or run, nor git log/diff of the
#   repository, nor the files under /tmp/up/ or /tmp/up4/ left by earlier recordings (the
#   shared GOCACHE there was used, not read); labels.tsv was grepped for conventions (-race:
#   TEST_FAILURE; GOOS/GOARCH exec format errors, CGO_ENABLED=0 with -race, generate tools
#   missing, fixture plugins not installed: ENV_ERROR; a fixture nobody defines: CODE_ERROR;
#   XPASS(strict): TEST_FAILURE; unused type: ignore: TYPE_ERROR). No upstream5-heldout output
#   was read; every held-out case gave the exit code it was built for, so none was fixed or
#   dropped. A test run that selects nothing but exits 0 was avoided (labels.tsv calls that a
#   TEST_FAILURE; the brief wants exit 0 labelled PASS) - see the fix below.
# - Exploration before naming, exit codes only (outputs never read), outside the sandbox:
#   base and base-plus-new-tests pairs with go test -run '^$' (compiles?) and the package, and
#   pytest --collect-only and the test file, for toml 1905bd7, 60801d0, b6fe702, 663cca6,
#   874dff3, a339e1f, 3cb6f88; mux 0534769; uuid 0e97ed3 (its tests pass on the parent: not
#   used), 9ee7366, b35aa6a; click 812b800, 1b0e19f, 8762c77, a1235aa, a6256bf, 051bb0f; tomli
#   96dfe2c, 9e56735 (its tests need python-dateutil: not used); real trees with --doctest-glob,
#   --import-mode=importlib, -p no:warnings, -X dev -W error, mypy (plain and with
#   --warn-unused-ignores / --disallow-any-generics / --python-version 3.14), isort --profile
#   black, flake8 (--max-complexity 20, --select E741), pylint too-many-branches, bandit, pip
#   install -e ., pytest -c tox.ini (exit 1, cause unknown: not used), GOOS/GOARCH builds and
#   tests, go list -deps, -cpu, -parallel, GOTOOLCHAIN and GOEXPERIMENT settings. Candidates
#   dropped from those probes: mypy at markupsafe 1251593 and click 8.3.0 / 8.4.0's
#   _textwrap.py and click 8.1.8's _textwrap.py (the bases already fail, so recipe findings
#   would not be the only ones; the markupsafe mypy recipe cases use 2.1.3, whose _native.py is
#   clean); pytest-3 -c tox.ini; tomli and markupsafe isort findings (left out for balance).
#   Project files read: commit stats and test names of fix diffs, toml's toml_test.go (how its
#   runner reads -run) and encode_test.go's subtest names, golang-lru's go:generate lines
#   (none), go-cmp's go.mod at 4664e24 (xerrors: no go-cmp fix cases).
# - Outputs read: TUNE outputs only, from the scratch run and the final run. Held-out cases
#   whose neighbours' outputs I read: up5-markupsafe-mypy-untyped-body (neighbour
#   up5-markupsafe-mypy-tuple-index: same commit, file and recipe family),
#   up5-tomli-mypy-unused-ignore (up5-tomli-mypy-any-generics), up5-toml-tag-excluded-pass
#   (up5-toml-integration-db: the same recipe with -tags), up5-uuid-go-run-pass
#   (up5-uuid-go-run-panic), up5-markupsafe-xpass-strict (up5-markupsafe-xfail-pass),
#   up5-click-flake8-e741 (up5-click-pylint-branches, same commit), up5-tomli-flake8-complexity-20
#   (up5-tomli-chain-second-step, whose flake8 step passes on the same tree).
# - Scenario fixed after reading a TUNE output: up5-toml-subtests-valid-pass was built with
#   -run 'TestToml/valid/(array|inline-table)'; toml's toml-test runner reads -run itself and
#   skipped all 928 tests (exit 0, nothing run). Its command is now -run
#   'TestEncodeOmitEmptyPointer/(nil|zero)' (two named subtests); the name was kept so as not to
#   recompute its split.
# - Reasons reworded after reading TUNE outputs (labels unchanged): up5-markupsafe-mypy-tuple-index
#   (markupsafe 2.1.3's configured Python also makes tuple[...] unsubscriptable),
#   up5-click-prompt-suffix-empty (two test_echo_via_pager cases fail too),
#   up5-tomli-chain-mypy-step (Any returned as well). Reasons of held-out cases were hedged
#   blind where the cause was not seen (up5-markupsafe-docs-doctest,
#   up5-markupsafe-mypy-3-0-2-native, up5-tomli-flake8-complexity-20,
#   up5-tomli-pip-install-offline). No label was changed, no case dropped after being named.
# - Stability notes: up5-toml-count-two-timeout relies on two 3 s sleeps exceeding -timeout 5s
#   (about 1 s margin); up5-gocmp-poll-timeout-flag relies on go test's -timeout alarm (a
#   polling loop never looks deadlocked to the runtime); up5-mux-timeout-cmd-go relies
#   on `timeout 10` firing while go test runs a test that never ends (the build with a warm
#   cache takes a few seconds); up5-lru-race-poll-runner (30 s) and up5-click-accept-wait-runner
#   (15 s) are killed by the runner's limit whether or not the build cache is warm;
#   up5-lru-race-counter relies on the race detector seeing two unsynchronised increments
#   (it did in every run); up5-tomli-timeout-marker relies on pytest-timeout honouring the
#   marker; up5-gocmp-386-test-pass and up5-uuid-windows-test-exec depend on the machine being
#   linux/amd64 with 32-bit execution enabled; up5-mux-gotoolchain-env and
#   up5-gocmp-install-tool-offline depend on there being no network.
#
# Sixth recording (upstream6)
#
# What it is: 52 more scenarios on the same eight projects, named up6-*, split upstream6-tune /
# upstream6-heldout (cksum of the case name mod 3, computed, never chosen), built BLIND (no
# knowledge of how autoverify classifies) with commands and situations the first five
# recordings did not use: real trees at releases not used before (markupsafe 3.0.1, tomli
# 2.2.1, click 8.4.1), go vet -tests=false, go test -short / -skip / -vet=off / -exec of an
# emulator that is not installed, go build -trimpath, a race build with CC naming a compiler
# that is not installed, a python -c smoke import (also under -W error), a test module run as a
# script (unittest.main), pytest --sw (stepwise), -vv -l, -c naming an ini file that is absent,
# codespell on markupsafe (real findings) and with -L, shellcheck (a clean script, and one
# iterating over ls with unquoted variables), tools that are not installed (uv, gotestsum),
# mypy --python-executable of an absent interpreter, pip install -r into the system Python, and
# Go/Python code of our own: a fuzz test whose seed fails, a benchmark calling b.Fatalf, a
# nil-map write, a table test selected by a subtest regexp, pytest.raises that does not raise,
# a CliRunner exit code, an unexported identifier used from a command, an assignment mismatch,
# a method signature not implementing an interface, a slice as a comparable type argument, a
# Test function taking *testing.B, a late from __future__ import, a module-level return, vet's
# copylocks / unusedresult / stdmethods, pycodestyle E302, pylint broad-exception-caught, mypy
# (too many arguments, an incompatible override, --warn-return-any, a dict entry), tests needing
# binaries that are not installed (etcd, vault), and tests that never end (a mutex locked twice
# and an HTTP handler that never returns, under go test -timeout; a busy loop under the
# runner's limit; a `sleep 3600` child under pytest-timeout).
# How recorded: the same record.sh (split_of now knows the up6- prefix; its header names it).
# Each scenario was first run in a scratch copy of these scripts (same record.sh, held-out
# output to /dev/null; two processes on disjoint halves), then every up6 case was recorded by
# one final run of `record.sh up6-` on 2026-11-30 (one process, nothing edited while it ran).
# The final exit codes were the same as the scratch run's. record.sh still runs the earlier recordings' cases (re-checked with up-mux-vet-pass
# and up5-gocmp-cpu-pass: exit 0 again, the same values written back). Same tools and the same departure (shared GOCACHE) as above;
# also ShellCheck (Debian) and codespell 2.2.2.
# Counts: 52 cases, 34 upstream6-tune, 18 upstream6-heldout. Labels (tune / held-out): PASS 11
# (7/4), TEST_FAILURE 10 (7/3), CODE_ERROR 7 (5/2), LINT_ERROR 7 (2/5), TYPE_ERROR 4 (3/1),
# ENV_ERROR 9 (7/2), TIMEOUT 4 (3/1).
# Projects: markupsafe 9, tomli 9, click 8, mux 6, uuid 6, toml 5, golang-lru 5, go-cmp 4.
# Recipes: go_six 18, - 18, py_six 16.
# Recipes added (below the fifth recording's, which are unchanged): go_six (our own Go files:
# the test, benchmark, fuzz, command and vet-finding snippets listed above) and py_six (our own
# Python test modules, shell scripts and appended lines: the cases listed above).
#
# DISCLOSURES (upstream6)
# - Blindness as above: autoverify, its classifier, its tests, docs/, cmd/, integrations/,
#   checklist/ and the recorded corpus outputs were never read or run, nor git log/diff of the
#   repository, nor the files under /tmp/up/, /tmp/up4/ or /tmp/up5/ left by earlier recordings
#   (the shared GOCACHE there was used, not read); labels.tsv was grepped for conventions
#   (ShellCheck findings / parse errors / missing scripts, panics in tests: TEST_FAILURE, a go
#   run panic: CODE_ERROR, ModuleNotFoundError: ENV_ERROR, so an import typo of our own was left
#   out as ambiguous). No upstream6-heldout output was read; every held-out case gave a non-zero
#   exit code as built for its failure label (PASS ones exit 0), so none was fixed or dropped.
# - Exploration before naming: no run outputs; project files read were tag lists, file lists
#   (requirements/, tests/), the first lines of markupsafe 2.1.3's _native.py, click 8.1.8's
#   _textwrap.py and tomli's _re.py, commit subjects of fix commits (none used: tomli's 2021
#   fixes need the old layout, mux's 395ad81 belongs to a case the first recording dropped);
#   `command -v` of the binaries the ENV_ERROR cases name (psql, kubectl, docker, redis are
#   installed here, so etcd and vault were used), and pylint's name for W0718 on a file of my own.
# - Outputs read: TUNE outputs only, from the scratch run and the final run. Held-out cases
#   whose neighbours' outputs I read: up6-click-mypy-return-any (neighbour
#   up6-click-mypy-dict-entry: the same file at another click release; its reason was hedged
#   after that output), up6-lru-double-lock (up6-mux-blocking-handler), up6-toml-etcd-missing
#   (up6-click-vault-missing), up6-tomli-future-import-late (up6-markupsafe-return-outside),
#   up6-mux-vet-copylocks and up6-gocmp-vet-stdmethods (up6-uuid-vet-unusedresult).
# - Label changed after reading a TUNE output: up6-markupsafe-codespell-pass was built as a
#   PASS; codespell reports markupsafe's short name te 41 times (exit 65), so it is labelled
#   LINT_ERROR under its first name (kept so as not to recompute its split). Replacement PASS,
#   named after that output and before its first run: up6-markupsafe-codespell-ignore-pass
#   (`codespell -L te src`; that te was the only finding was seen in the tune output).
#   LINT_ERROR thus has 7 and PASS 11.
# - Reasons reworded after reading TUNE outputs (labels unchanged):
#   up6-markupsafe-pip-requirements-offline (pip refuses with externally-managed-environment,
#   PEP 668, before any download; built expecting the offline download failure) and
#   up6-tomli-ini-file-missing (pytest stops with a FileNotFoundError traceback, exit 1),
#   up6-click-mypy-dict-entry (mypy also reports real errors at click 8.1.8).
# - Exit codes of held-out cases reasoned, not read: up6-markupsafe-striptags-stepwise exits 2
#   (pytest's stepwise plugin stops the session as "interrupted" after the first failure) and
#   up6-tomli-future-import-late exits 2 (a collection error); up6-markupsafe-pylint-broad-except
#   exits 4 (pylint's warning bit).
# - Stability notes: up6-lru-double-lock (held-out) and up6-mux-blocking-handler rely on go
#   test's -timeout alarm (a pending timer keeps the runtime from reporting a deadlock; seen in
#   the mux tune output, reasoned for the lru case); up6-uuid-spin-runner is killed by the
#   runner's 20 s limit whether or not the build cache is warm; up6-tomli-subprocess-sleep
#   relies on pytest-timeout's signal method interrupting subprocess.run's wait (seen);
#   up6-lru-race-cc-missing depends on no x86_64-linux-musl-gcc being installed,
#   up6-uuid-exec-runner-missing on no qemu-aarch64-static, up6-toml-etcd-missing and
#   up6-click-vault-missing on no etcd / vault, up6-markupsafe-uv-missing and
#   up6-mux-gotestsum-missing on no uv / gotestsum, up6-markupsafe-pip-requirements-offline on
#   Debian's PEP 668 marker.
#
# Seventh recording (upstream7)
#
# What it is: 75 more scenarios on the same eight projects, named up7-*, split upstream7-tune /
# upstream7-heldout (cksum of the case name mod 3, computed, never chosen), built BLIND (no
# knowledge of how autoverify classifies) with commands and situations the first six recordings
# did not use: later fixes' tests over their parents (toml d17285a and 61d6a9c; mux 7cc5738 and
# 758eb64, new API: compile errors; click d946074, 2468b70, 684b3f5, 4e4c7a6, a2ac583), real
# trees at releases not used before (go-cmp v0.7.0, mux v1.8.1, uuid v1.6.0, golang-lru v2.0.7
# as a checkout, markupsafe 2.1.5's and 3.0.2's suites, click 8.2.2 and 8.4.2, tomli 2.3.0 and
# 2.4.0), go test -failfast (with -shuffle=on, with two failing tests, with -timeout),
# -coverpkg=./... (a PASS and a failing test), -fuzz with -fuzztime 200x, -c -o (a PASS and a
# test that does not compile), -benchmem, go list -m all, gofmt -d (clean, a diff of our own
# file, a file that does not parse), GOFLAGS=-mod=vendor without vendor/ (no requirements: a
# PASS; a require of our own: inconsistent vendoring), go get offline, go tool of a tool go.mod
# does not declare, GOWORK naming an absent file, a range over an int under go.mod's go 1.19,
# shell chains (set -e with go build then go test, bash -o pipefail with tail and tee, a
# redis-cli / psql check before the tests), go run of a server that never returns, vet's
# errorsas, sigchanyzer, appends, hostport and testinggoroutine analyzers; Python: pytest --lf on
# a fresh tree, --strict-markers with registered markers only, --showlocals -rA, -rN, -rf,
# pytest.approx, python -m doctest of a text file (a wrong example, an endless loop),
# python -m unittest by dotted name and with -k, python -m tabnanny, python -m pyflakes /
# pycodestyle / pylint, mypy -p with MYPYPATH, --strict-equality, --warn-unreachable,
# --disallow-untyped-calls, an implicit Optional, an abstract class instantiated, a smoke import
# failing on a SyntaxError, an unclosed docstring, a Python 2 print, a TypeError at import, a
# deprecated attribute under warnings-as-errors, tools or modules that are not installed (nox,
# poetry, goimports, python -m black, freezegun), a fresh venv whose pip install -e . needs a
# download, and timeout -s INT around pytest.
# How recorded: the same record.sh (split_of now knows the up7- prefix; its header names
# upstream7-tune among the printed parts). Each scenario was first run in a scratch copy of these
# scripts (same record.sh, held-out output to /dev/null; two processes on disjoint halves, Go and
# Python), then every up7 case was recorded by one final run of `record.sh up7-` on 2026-11-30
# (one process, nothing edited while it ran). The final exit codes were the same as the scratch
# run's (apart from the two scenarios fixed below, re-run in the scratch copy before the final
# run). record.sh still runs the earlier recordings' cases (re-checked with
# up6-uuid-vet-unusedresult: exit 1 again, the same value written back). Same tools and the same
# departure (shared GOCACHE) as above; also Debian's python3 -m tabnanny / pycodestyle 2.10.0 /
# venv (ensurepip), redis-cli and psql (clients only; no server runs).
# Counts: 75 cases, 51 upstream7-tune, 24 upstream7-heldout. Labels (tune / held-out): PASS 17
# (10/7), TEST_FAILURE 15 (13/2), CODE_ERROR 10 (5/5), LINT_ERROR 9 (5/4), TYPE_ERROR 6 (5/1),
# ENV_ERROR 13 (8/5), TIMEOUT 5 (5/0).
# Projects: click 13, tomli 13, markupsafe 11, go-cmp 8, mux 8, toml 8, uuid 7, golang-lru 7.
# Recipes: - 27, py_seven 20, go_seven 17, tests_from 9, go_require 1, go_lines 1 (the earlier
# recordings' recipes, unchanged).
# Recipes added (below the sixth recording's, which are unchanged): go_seven (our own Go files:
# the failing tests and Example, the compile errors, the vet findings, the go 1.22 range, a test
# waiting on a WaitGroup, a command serving HTTP forever) and py_seven (our own Python test
# modules, doctest text files and appended lines: the cases listed above).
#
# DISCLOSURES (upstream7)
# - Blindness as above: autoverify, its classifier, its tests, docs/, cmd/, integrations/,
#   checklist/ and the recorded corpus outputs were never read or run, nor git log/diff of the
#   repository (git show/diff of cases.tsv only), nor the files under /tmp/up*/ left by earlier
#   recordings (the shared GOCACHE in /tmp/up was used, not read); labels.tsv was grepped for
#   conventions (--strict-markers with an unregistered marker has two different labels there, so
#   it was left out and only a PASS with registered markers kept; GOFLAGS=-mod=vendor with no
#   vendor/ and no requirements: PASS; a go.mod language version gating a feature: ENV_ERROR, so
#   up7-lru-range-int-lang is ENV_ERROR; gofmt on a file that does not parse: CODE_ERROR;
#   ModuleNotFoundError of a test dependency: ENV_ERROR; pylint E0001 / syntax errors:
#   CODE_ERROR; unittest ImportError: CODE_ERROR; a -W error deprecation: TEST_FAILURE;
#   connection refused by a service: ENV_ERROR). A docker case was left out: this machine has a
#   docker socket, so a `docker run` might have started a real container.
# - Exploration before naming, exit codes only (outputs never read), outside the sandbox:
#   base-plus-new-tests pairs with `go test -run '^$'` (compiles?), go vet and the package, and
#   the bases alone, for toml 2e90ced, d17285a, 61d6a9c, a473c12; mux 7cc5738, e0b5aba, 758eb64;
#   uuid 06716f6; golang-lru 73f395c, 8f8764f; go-cmp a53d7e0, 34c9473; pytest on the changed
#   test files and --collect-only for click 1f9cd54, a2ac583, 9f9ae45, 2468b70, 831c8f0, 4e4c7a6,
#   684b3f5, d946074, 61bdc2a, a1d8785, a6256bf, tomli f57fb66, markupsafe 0a00cfe. Dropped
#   from those probes: toml a473c12, uuid 06716f6, go-cmp 34c9473, mux e0b5aba, click 9f9ae45,
#   tomli f57fb66 (the new tests pass on the parent); go-cmp a53d7e0 (it changes no test file);
#   markupsafe 0a00cfe (it changes only conftest.py); golang-lru 73f395c and 8f8764f (the parent
#   alone fails); click 61bdc2a and a1d8785 (the parent's files fail too); toml
#   2e90ced (a compile error like the fourth recording's 6a671b2 case). Also gofmt -d's exit
#   status on a diff (1, on a file of my own in /tmp), `go tool vet help` for the analyzer
#   names, `command -v` of the tools, whether ensurepip exists. Project files read: tag lists,
#   commit stats and new test names of d17285a / 61d6a9c, go.mod lines, test file lists,
#   tomli's mypy config at 920e20b (strict), markupsafe 3.0.2's __getattr__ and (after the tune
#   output below) its filterwarnings and build-system lines.
# - Outputs read: TUNE outputs only, from the scratch run and the final run. Held-out cases
#   whose neighbours' outputs I read: up7-click-argument-help (neighbour up7-click-wrap-ansi and
#   the other click tests_from cases), up7-lru-example-unordered (up7-mux-post-to-get-coverpkg),
#   up7-toml-vet-hostport and up7-gocmp-vet-testinggoroutine (up7-mux-vet-errorsas and the other
#   vet tune cases), up7-tomli-mypy-package-incomplete (up7-tomli-mypy-package-pass: the same
#   command on the clean tree), up7-markupsafe-poetry-missing (up7-click-nox-missing).
# - Scenarios fixed after reading a TUNE output: up7-markupsafe-venv-pip-offline was built on
#   markupsafe 2.1.5 (fbba4ac); its setup.py installed offline with the venv's own setuptools
#   (exit 0). It now checks out 3.0.2 (28ace20), whose build-system requires setuptools>=70.1,
#   which pip must download (exit 1); name and label kept. up7-uuid-gofmt-d-syntax ran
#   `gofmt -d .`, which also printed real formatting diffs of uuid's own files (as
#   up4-uuid-gofmt-step-pass found) beside the syntax error; its command is now
#   `gofmt -d zz_scenario.go` (our file only); name and label kept.
# - Reasons reworded after reading TUNE outputs (labels unchanged): up7-click-readline-backspace
#   (the failing test is test_prompts_abort), up7-markupsafe-version-deprecated (markupsafe warns
#   with a UserWarning, made an error by its pyproject's filterwarnings = error, not by the
#   command's -W error::DeprecationWarning), up7-click-mypy-strict-equality and
#   up7-click-mypy-untyped-call (mypy 1.0 also reports real errors in the click modules it
#   follows). No label was changed, no case dropped after being named.
# - Exit codes of held-out cases: all were the ones built for (PASS 0, every failure label
#   non-zero), so none was fixed or dropped; reasoned, not read: up7-tomli-unclosed-docstring
#   exits 2 (a collection error), up7-tomli-pylint-dangerous-default exits 4 (pylint's warning
#   bit), up7-markupsafe-poetry-missing 127 (command not found), up7-lru-redis-ping-first 1
#   (redis-cli's exit when it cannot connect; golang-lru's suite alone passes at 5dd697d, as
#   up-lru-suite-pass found). The reason of up7-toml-vendor-gosum-missing is hedged: go may
#   report the inconsistent vendoring or the missing go.sum entry; both are setup failures.
# - Stability notes: up7-toml-fuzztime-pass relies on 200 fuzzing executions finding no crash
#   (the shared GOCACHE keeps the fuzz corpus it grows between runs); up7-uuid-waitgroup-failfast
#   and up7-toml-pipefail-tee-timeout rely on go test's -timeout alarm (a pending timer keeps the
#   runtime from reporting the WaitGroup deadlock; seen in both tune outputs);
#   up7-mux-go-run-server-runner and up7-markupsafe-doctest-loop-runner are killed by the
#   runner's limit (no process of the server go run started was left behind after the scratch
#   run); up7-tomli-timeout-int relies on tomli's 16 real tests finishing within 5 s;
#   up7-lru-redis-ping-first and up7-tomli-psql-before-tests depend on nothing listening on
#   127.0.0.1 in the sandbox's own network namespace; up7-markupsafe-venv-pip-offline,
#   up7-mux-go-get-offline on there being no network; up7-click-nox-missing,
#   up7-markupsafe-poetry-missing, up7-gocmp-goimports-missing, up7-tomli-black-module-missing
#   and up7-click-freezegun-missing on those tools and modules not being installed.
#
# Eighth recording (upstream8)
#
# What it is: 75 more scenarios on the same eight projects, named up8-*, split upstream8-tune /
# upstream8-heldout (cksum of the case name mod 3, computed, never chosen), built BLIND (no
# knowledge of how autoverify classifies) with commands and situations the first seven
# recordings did not use: later fixes' tests over their parents (click 70c673d: the help option
# made from help_option_names not eager; c326df9: close callbacks on CLI exit; 1a4d8c1: a Choice
# metavar with show_choices=False; 61f8101: an empty-string default in help; e002dbc:
# add_completion_class's return value; toml 0e879cb: a subkey of a value that is not a table;
# 3cb6f88: Position.Col's error texts), go test -cover -covermode=atomic / count / set, -run
# with a subtest level (a PASS, and our table test's failing subtest), -bench with -benchtime 1x
# (a PASS, and a benchmark build broken by an invalid recursive type), -p 1, -timeout 0 (an
# Accept that never returns, killed by the runner), go list -deps -test (a PASS, and a test file
# of our own that does not parse), go mod graph / go mod edit -json, go work init (a PASS) and
# go work use of a missing directory, go list | xargs go vet, go test -v | grep -c, bash -o
# pipefail with grep -v over a failing test, go build -v with a missing return, go vet's shift,
# nilfunc, structtag and composites analyzers run singly, GOROOT naming a missing directory,
# GOPATH relative, -vettool naming a missing program, a curl health check of a service that is
# not there before the tests, go test -timeout on a test in Accept and one in select {};
# Python: pytest --runxfail -rA, --setup-show, --import-mode=append, --maxfail=1, --tb=line /
# no / long, -rf, --rootdir=. (a fix's failing tests) and --rootdir naming a missing directory,
# -k 'scenario and not slow', -m slow with the marker registered in conftest.py, --ignore-glob,
# python -m pydoc, a click example script's --help, python -X importtime (a PASS, and a string
# never closed), python -O stripping a smoke script's wrong assert, python -m unittest discover
# -s tests -p, python -m compileall on an f-string SyntaxError, an IndentationError in
# markupsafe/__init__.py, a conftest failing at import, isort --check-only --diff, bandit on
# subprocess shell=True, flake8 --select W291,W293, pylint --disable=all --enable=unused-import,
# yamllint on a duplicate key, mypy --follow-imports=silent on our own annotated modules
# (TypedDict missing key, incompatible override, Literal, Protocol, Final reassigned, Callable
# argument, --disallow-any-generics), tools not installed (pipenv, hatch, pdm, revive,
# errcheck), a pytest.ini whose addopts misspells --tb=short, a test importing faker (not
# installed), pytest-timeout on socket.accept (signal method) and on a lock acquired twice
# (thread method), `timeout 10` around a test sleeping 60 s, and a test in select() with no
# descriptors killed by the runner's limit.
# How recorded: the same record.sh (split_of now knows the up8- prefix; its header names
# upstream8-tune among the printed parts). Each scenario was first run in a scratch copy of these
# scripts (same record.sh, held-out output to /dev/null; two processes on disjoint halves, Go and
# Python), then every up8 case was recorded by one final run of `record.sh up8-` on 2026-11-30
# (one process, nothing edited while it ran). The final exit codes were the same as the scratch
# run's (apart from the scenarios fixed below, re-run in the scratch copy before the final run).
# record.sh still runs the earlier recordings' cases (re-checked with up7-uuid-gofmt-d-syntax:
# the same exit code written back). Same tools and the same departure (shared GOCACHE) as above;
# also yamllint (Debian), curl (client only; no server runs).
# Counts: 75 cases, 51 upstream8-tune, 24 upstream8-heldout. Labels (tune / held-out): PASS 16
# (11/5), TEST_FAILURE 14 (9/5), CODE_ERROR 9 (7/2), LINT_ERROR 9 (8/1), TYPE_ERROR 7 (6/1),
# ENV_ERROR 13 (6/7), TIMEOUT 7 (4/3).
# Projects: click 18, tomli 13, markupsafe 11, toml 8, uuid 7, mux 7, golang-lru 6, go-cmp 5.
# Recipes: py_eight 27, - 26, go_eight 15, tests_from 7 (the earlier recordings' tests_from,
# unchanged).
# Recipes added (below the seventh recording's, which are unchanged): go_eight (our own Go files:
# the failing table test, evicted key and map Diff, the compile errors, the vet findings, tests in
# Accept and select {}) and py_eight (our own Python test modules, scripts, annotated modules, a
# YAML file, a pytest.ini, and lines appended to existing modules or to click's conftest.py).
#
# DISCLOSURES (upstream8)
# - Blindness as above: autoverify, its classifier, its tests, docs/, cmd/, integrations/,
#   checklist/ and the recorded corpus outputs were never read or run, nor git log/diff of the
#   repository (git show of cases.tsv only, to check the earlier rows), nor the files under
#   /tmp/up*/ left by earlier recordings (the shared GOCACHE in /tmp/up was used, not read; my own
#   scratch was /tmp/up8 and /tmp/up8work); labels.tsv was grepped for conventions (a misspelt
#   option: ENV_ERROR; -vettool of a missing program, GOROOT missing, GOPATH relative:
#   ENV_ERROR; pipes, `|| true` and tee: no clear convention found, so no case relies on a pipe
#   hiding a failure).
# - Exploration before naming, exit codes only (outputs never read), outside the sandbox:
#   base and base-plus-new-tests pairs, and pytest --collect-only / go test -run '^$' (does it
#   collect / compile?), for click 70c673d, c326df9, 1a4d8c1, 61f8101, e002dbc, af2da1e (dropped:
#   it changes no test file) and toml 0e879cb, 3cb6f88 (both compile; go vet of the test package
#   fails there, so go test's own vet subset was checked to pass with -run '^$'); `go work use` of
#   a missing directory in a module of my own in /tmp (exit 1); `command -v` of the tools. Project
#   files read: commit subjects and hashes, test file lists, click's examples/ file list, tomli
#   920e20b's [tool.mypy] section.
# - Outputs read: TUNE outputs only, from the scratch run and the final run. Held-out cases whose
#   neighbours' outputs I read: up8-tomli-mypy-override-arg (up8-tomli-mypy-final-reassign, the
#   same command form at the same commit), up8-toml-vettool-missing (up8-lru-goroot-missing),
#   up8-gocmp-select-forever-timeout (up8-mux-accept-timeout-flag), up8-click-add-completion-class
#   (the other click tests_from cases), up8-markupsafe-runxfail-ra-pass
#   (up8-markupsafe-k-not-slow, the same suite), up8-tomli-import-mode-append-pass (see below).
# - Scenarios fixed after reading a TUNE output (names and labels kept):
#   up8-click-marker-slow exited 2: click's filterwarnings = error made pytest's
#   PytestUnknownMarkWarning for the unregistered slow marker a collection error; py_eight's
#   markerslow now also appends a pytest_configure registering the marker to tests/conftest.py
#   (exit 1, the test's assertion). up8-tomli-fixture-wrong, up8-tomli-conftest-raises and
#   up8-tomli-socket-accept-pytest-timeout ran `pytest-3 ... -o pythonpath=src`; tomli 920e20b
#   has no pytest ini section, and pytest 7.2 stopped with an internal KeyError: 'pythonpath'
#   traceback (the shape the first recording's up-tomli-pythonpath-without-ini records) before
#   any test; their commands are now `env PYTHONPATH=src pytest-3 ...`. up8-mux-curl-service-first
#   used curl -sf, which printed nothing (exit 7 only); it now uses curl -fsS, which prints
#   curl's connection error.
# - Fixed BLIND: up8-tomli-import-mode-append-pass (held-out, a PASS) exited 1 with
#   `pytest-3 --import-mode=append -o pythonpath=src tests` at 920e20b; from the three tune
#   outputs above (the same -o pythonpath form at the same commit), its command was changed in
#   the same way to `env PYTHONPATH=src pytest-3 --import-mode=append tests` (then exit 0). Its
#   output was never read. up8-tomli-rootdir-missing keeps -o pythonpath=src: its tune output
#   showed pytest's --rootdir error before the ini options are read.
# - Exit codes of held-out cases: after the fix above, all were the ones built for (PASS 0,
#   every failure label non-zero, the runner-limit TIMEOUT cases killed); reasoned, not read:
#   up8-toml-vettool-missing exits 2 (go vet's setup error, as up8-lru-goroot-missing's tune
#   exit 2), up8-uuid-work-use-missing 1 (go work use's error, as in the probe),
#   up8-gocmp-select-forever-timeout 1 (go test's -timeout panic; a deadlock report would be a
#   fatal error, exit 2), up8-click-pipenv-missing / up8-tomli-hatch-test-missing /
#   up8-markupsafe-pdm-missing / up8-uuid-revive-missing / up8-mux-errcheck-missing 127 (command
#   not found).
# - Stability notes: up8-gocmp-select-forever-timeout and up8-mux-accept-timeout-flag rely on go
#   test's -timeout alarm (its pending timer keeps the runtime from reporting a deadlock; an
#   Accept waits in the network poller); up8-toml-accept-timeout-zero-runner and
#   up8-click-select-none-runner are killed by the runner's 20 s limit; up8-click-timeout-wrapper-
#   sleep relies on timeout(1)'s exit 124; up8-markupsafe-lock-thread-method on pytest-timeout's
#   thread method exiting the process; up8-mux-curl-service-first depends on nothing listening on
#   127.0.0.1:9200 in the sandbox's own network namespace; the not-installed cases on pipenv,
#   hatch, pdm, revive, errcheck and faker staying absent, up8-lru-goroot-missing on no
#   /usr/local/go1.21; up8-lru-grep-count-pass needs at least one simplelru test to pass.
#
# Ninth recording (upstream9)
#
# What it is: 57 more scenarios on the same eight projects, named up9-*, split upstream9-tune /
# upstream9-heldout (cksum of the case name mod 3, computed, never chosen), built BLIND (no
# knowledge of how autoverify classifies) with commands and situations the first eight
# recordings did not use: later fixes' tests over their parents (toml a0650ae: an unclosed inline
# table panics the lexer; e9b5b17: unsupported types panic the encoder; click 19fd4d6: fish
# completion of multi-line help; 6de2121: UNSET in a default_map; 91de59c: a flag's optional
# value; 18d2919: type_cast_value never gets UNSET; aaf99a3: lookup_default hides UNSET; tomli
# 794c8e5: parse_float returning a dict or list), real fixes undone in their code only (toml
# 60801d0: Meta.Keys() order of inline tables; mux 395ad81: the status on a query mismatch;
# click 607316f: show_default strings in prompts), the fixes themselves as PASSes, real findings
# at releases not used before (go vet's composites and structtag at go-cmp v0.5.8, gofmt -s -l at
# uuid v1.3.1 in a bash formatting gate, pylint's too-many-branches at tomli 2.2.0, flake8
# --max-line-length 88 at click 8.3.3), go test -cpu 1,2 / -cpu 1,4 / -parallel 4 / -vet=off,
# env GOMAXPROCS=1, go build -ldflags='-s -w' and -gcflags=-e, go mod download (nothing to fetch;
# a requirement offline), go doc, env GO111MODULE=off, env GOFLAGS=-mod=bogus, bash -c chains
# (set -e go build and go test; set -euo pipefail before pytest), Makefiles of our own (make test
# passing, make lint with no such target, make lint running flake8, make typecheck running mypy,
# make build of a Go package that does not compile, make test of pytest under timeout 8), go
# vet's bools analyzer, go vet stopping at a declared-and-unused variable, a generic call
# outside its constraint, too many return values, shellcheck's SC2086 on a CI script of our own;
# Python: pytest -o console_output_style=classic / count, --no-header, --ff -x, -rfE
# --durations=5, -rN, --strict-config, -c naming a missing tox.ini, PYTHONPATH naming a missing
# directory, python3 -m twine / python3.12 / golint / richgo not installed, mypy on our own
# modules (a NamedTuple field, a method on an Optional, --disallow-untyped-defs, a coroutine
# never awaited, --no-incremental), a duplicate argument, a return and a nonlocal at module
# level, timeout(1) around go test (a test sleeping) and, with -k 2 8, around pytest (a test on
# an empty queue), and a Go test spinning forever killed by the runner's limit.
# How recorded: the same record.sh (split_of now knows the up9- prefix; its header names
# upstream9-tune among the printed parts). Each scenario was first run in a scratch copy of these
# scripts (same record.sh, held-out output to /dev/null; two processes on disjoint halves, Go and
# Python, with their own UPSTREAM_SCRATCH under /tmp/up9), then every up9 case was recorded by
# one final run of `record.sh up9-` on 2026-12-01 (one process, nothing edited while it ran;
# UPSTREAM_SCRATCH=/tmp/up9/final). The final exit codes were the same as the scratch run's.
# record.sh still runs the earlier recordings' cases (re-checked with a tune case of the eighth
# recording, up8-lru-goroot-missing: the same exit code written back). Same tools and the same
# departure (shared GOCACHE) as above; also shellcheck (Debian) and GNU make.
# Counts: 57 cases, 41 upstream9-tune, 16 upstream9-heldout. Labels (tune / held-out): PASS 12
# (9/3), TEST_FAILURE 11 (6/5), CODE_ERROR 8 (8/0), LINT_ERROR 7 (6/1), TYPE_ERROR 5 (3/2),
# ENV_ERROR 10 (8/2), TIMEOUT 4 (1/3).
# Projects: click 16, tomli 8, markupsafe 7, toml 7, golang-lru 5, mux 5, uuid 5, go-cmp 4.
# Recipes: - 24, py_nine 14, tests_from 8, go_nine 7, code_from 3, go_test_file 1 (the earlier
# recordings' tests_from, code_from and go_test_file, unchanged).
# Recipes added (below the eighth recording's, which are unchanged): go_nine (our own Go files:
# the generic call, the mismatched types, the unused variable, the unused import with a
# Makefile, the extra return value, vet's redundant or, a spinning test) and py_nine (our own
# Makefiles, CI shell script, annotated modules, test modules, and lines appended to tomli's
# _parser.py or markupsafe's _native.py).
#
# DISCLOSURES (upstream9)
# - Changed after the part's first score, by the engineer who scored it: up9-click-twine-missing
#   was `python3 -m twine check dist/*`, which autoverify refuses before running (a glob in a
#   command run without a shell: its policy, not its classifier), so the case had no verdict; it
#   is now `sh -c 'python3 -m twine check dist/*'` (label and reason unchanged; exit code
#   recorded again by record.sh, output unread). The first score counts it as given.
# - Blindness as above: autoverify, its classifier, its tests, docs/, cmd/, integrations/,
#   checklist/ and the recorded corpus outputs were never read or run, nor git log/diff of the
#   repository (git show of cases.tsv and prepare.sh only: the earlier rows unchanged, lines
#   only added), nor the files under /tmp/up*/ left by earlier recordings (the shared GOCACHE in
#   /tmp/up was used, not read; my own scratch was /tmp/up9 and /tmp/up9work); labels.tsv was
#   grepped for conventions (make with no such target: ENV_ERROR; make relaying a recipe's
#   timeout(1) Error 124: TIMEOUT; make lint running ShellCheck: LINT_ERROR; make build that does
#   not compile: CODE_ERROR).
# - Exploration before naming, exit codes only (outputs never read), outside the sandbox: base
#   and base-plus-new-tests pairs (go test, go test -run '^$' for compiling, pytest on the changed
#   test files) for toml a0650ae, e9b5b17, 60801d0, 0a9f2b0; mux 395ad81; go-cmp 4664e24,
#   8fa37b4, 1536a0c, d669b04, 23a2b56; click 19fd4d6, 607316f, c653ec8, 6de2121, aaf99a3,
#   b96c260, 955ca49, 91de59c, 18d2919, 0baa8db; tomli 794c8e5; markupsafe b15d9d6, 8cb1691.
#   Dropped from those probes: toml 0a9f2b0, click 955ca49 and 0baa8db, markupsafe b15d9d6 and
#   8cb1691 (the new tests pass on the parent); the five go-cmp fixes (the fix itself failed too;
#   the cause was not examined); click b96c260 (its parent 04ef3a6 is an earlier
#   recording's code_from); click c653ec8 (same parent as 607316f). Also go vet / go test /
#   gofmt -s -l counts at toml v1.3.2, v1.4.0, v1.5.0, go-cmp v0.5.0, v0.5.8, mux v1.7.4, uuid
#   v1.3.1, v1.5.0, golang-lru v2.0.4, v2.0.5 (golang-lru v2.0.5's whole suite failed once, so
#   its case runs ./simplelru only); pylint's size checks at tomli 2.2.0, flake8 at click 8.3.3,
#   the suites of tomli 2.2.0 (--strict-config), click 8.3.3 (test_basic) and markupsafe 2.1.4;
#   whether twine, richgo, golint, python3.12 exist and whether /usr/bin/python3 can import
#   click, tomli or markupsafe (it cannot). Project files read: commit subjects and stats, tag
#   lists, go.mod files, markupsafe's test file list and _native.py imports, click 8.5.0's
#   [tool.mypy] section (strict; files = src, tests/typing: mypy is given our file explicitly).
# - Outputs read: TUNE outputs only, from the scratch run and the final run. Held-out cases whose
#   neighbours' outputs I read: up9-toml-unclosed-inline-fix-cpu (up9-mux-query-mismatch-fix-pass,
#   a fix's suite), up9-markupsafe-mypy-optional-attr and up9-click-mypy-coroutine-sum
#   (up9-click-mypy-namedtuple, the same command form), up9-click-flag-optional-value and
#   up9-click-lookup-default-bash-chain (the other click tests_from cases).
# - Reasons reworded after reading TUNE outputs (labels unchanged, no command changed):
#   up9-tomli-pytest-c-missing (pytest 7.2 stops with a FileNotFoundError traceback for the
#   missing tox.ini), up9-click-flake8-88-columns (the findings are F401 on click's re-exports
#   and E203 in parser.py), up9-tomli-pylint-branches (one R0912, no too-many-statements). No
#   scenario was fixed, no label changed, no case dropped after being named.
# - Exit codes of held-out cases: all were the ones built for (PASS 0, every failure label
#   non-zero, the runner-limit TIMEOUT case killed); reasoned, not read: up9-click-pythonpath-typo
#   exits 4 (pytest's exit when a conftest cannot be imported: click's tests/conftest.py imports
#   click, not on the path), up9-click-twine-missing 1 (python3 -m of a missing module),
#   up9-lru-timeout-wrapper-go and up9-tomli-queue-get-timeout 124 (timeout(1)),
#   up9-mux-busy-loop-runner killed at 20 s; up9-mux-query-mismatch-code-reverted and
#   up9-click-prompt-show-default-code-reverted give the same trees (code of the parent, tests of
#   the fix; CHANGES.rst aside) as the exit-code probes of their fixes, which failed.
# - Stability notes: up9-lru-timeout-wrapper-go relies on simplelru's test binary being built
#   within 15 s (the shared GOCACHE is warm); up9-mux-busy-loop-runner on the runner's 20 s limit
#   (Go preempts the spinning test; no process was left behind); up9-click-make-test-hang and
#   up9-tomli-queue-get-timeout on timeout(1)'s exit 124 (make relays it as Error 124);
#   up9-gocmp-mod-download-offline on there being no network; the not-installed cases on twine,
#   golint, richgo and python3.12 staying absent; up9-toml-encode-unsupported-type's panic and
#   up9-toml-unclosed-inline-table's on the toml base code; up9-uuid-gofmt-s-list on gofmt -s's
#   rules of go 1.26.
#
# Tenth recording (upstream10)
#
# What it is: 60 more scenarios on the same eight projects, named up10-*, split upstream10-tune /
# upstream10-heldout (cksum of the case name mod 3, computed, never chosen), built BLIND (no
# knowledge of how autoverify classifies) with commands and situations the first nine recordings
# did not use, all on each project's newest commit (go-cmp b133f1f, toml d733fc5, mux db9d1d0,
# uuid 2d3c2a9, golang-lru 5dd697d, markupsafe 1251593, click 762c97e, tomli 920e20b): Go tests of
# our own calling os.Exit(0), panicking in a goroutine (a helper indexing past a slice's end),
# indexing keys[len(keys)] in a package helper, failing in t.Cleanup, deadlocking under -timeout 0
# (the runtime's "all goroutines are asleep"), reading a testdata file that is not there, reading
# a pipe nobody writes (go test -timeout), sleeping an hour under `timeout --preserve-status`
# (exit 143), polling a ticker forever under -timeout 0 (the runner's limit), and one skipped
# for a missing variable (a PASS); Go code of our own with a constant index out of bounds, a break
# outside a loop (go install ./...), a misspelt standard-library import, an internal package
# imported from outside its parent, an import of a module go.mod does not require, a package
# with only a _windows.go file, a go:generate generator writing to a nil map (and one writing a
# file: a PASS), go run of commands that deadlock or overflow a 1 MiB stack; go vet's atomic,
# defers, ifaceassert, slog and waitgroup analyzers; GOCACHE=off; go test -msan with gcc only;
# PASSes with go build -o into a new directory, a cover profile read by go tool cover -func,
# -asan, -run ^Example over ./cmp/..., -run ^TestNew -v. Python: a module skipped with and
# without allow_module_level, a fixture whose teardown assertion fails, an assert wrapped around
# markupsafe's _escape_inner, a test helper recursing without end, capsys output with --tb=native,
# -k naming no test (exit 5), pytest --co with an ImportError, a ctypes segmentation fault in a
# test, a script's MemoryError, flake8 --count --select E225 and --select F811, pycodestyle
# --max-line-length=60 (real findings), pylint's consider-using-f-string, mypy's redundant-cast,
# var-annotated, --disallow-incomplete-defs, func-returns-value and mypy -c on a one-line program,
# a fresh venv without pytest, coverage and sphinx-build not installed, a SIGALRM watchdog ending
# pytest (exit 142), faulthandler.dump_traceback_later(exit=True), python -m http.server killed
# by the runner's limit; PASSes with -p no:randomly, unittest discover -b -f, a venv with
# --system-site-packages, --tb=native, -rs with a module-level skip.
# How recorded: the same record.sh (split_of now knows the up10- prefix; its header names
# upstream10-tune among the printed parts). Each scenario was first run in a scratch copy of these
# scripts (same record.sh, held-out output to /dev/null, UPSTREAM_SCRATCH under /tmp/up10), then
# every up10 case was recorded by one final run of `record.sh up10-` on 2026-12-01 (one process,
# nothing edited while it ran; UPSTREAM_SCRATCH=/tmp/up10/rec). The final exit codes were the same
# as the scratch run's (after the fixes below, re-run in the scratch copy before the final run).
# Same tools and the same departure (shared GOCACHE) as above; also gcc's address sanitizer
# (libasan) for -asan, Python's venv module, and pycodestyle 2.10.0 through python3 -m.
# Counts: 60 cases, 32 upstream10-tune, 28 upstream10-heldout. Labels (tune / held-out): PASS 11
# (5/6), TEST_FAILURE 10 (4/6), CODE_ERROR 11 (7/4), LINT_ERROR 9 (4/5), TYPE_ERROR 5 (4/1),
# ENV_ERROR 8 (5/3), TIMEOUT 6 (3/3).
# Projects: click 11, markupsafe 10, tomli 8, toml 7, uuid 7, mux 6, golang-lru 6, go-cmp 5.
# Recipes: go_ten 25, py_ten 18, - 17.
# Recipes added (below the ninth recording's, which are unchanged): go_ten (our own Go test files,
# code files, new packages, commands and go:generate generators: the cases listed above) and
# py_ten (our own Python test modules, scripts, annotated modules, lint modules, and lines
# appended to markupsafe's _native.py).
#
# DISCLOSURES (upstream10)
# - Blindness as above: autoverify, its classifier, its tests, bot/, cmd/, integrations/,
#   checklist/, docs/, internal/ and the recorded corpus outputs were never read or run, nor git
#   log/diff of the repository (git show of cases.tsv and prepare.sh only), nor the files under
#   /tmp/up/ left by earlier recordings (the shared GOCACHE in /tmp/up was used, not read; my own
#   scratch was /tmp/up10 and /tmp/up10work). No labels.tsv exists under scripts/corpus, so
#   conventions were taken from the earlier rows of cases.tsv and the spec's type table: a panic
#   inside a test is a TEST_FAILURE (so the goroutine panic, the helper's index out of range and the
#   test binary's deadlock are), a go run crash a CODE_ERROR, a deleted golden/testdata file an
#   ENV_ERROR, -k/-m selecting nothing (exit 5) a TEST_FAILURE, a fixture nobody defines a
#   CODE_ERROR. The ctypes segmentation fault is labelled CODE_ERROR (the interpreter crashes; no
#   test reports it), a judgement without a precedent in the earlier rows.
# - Exploration before naming, exit codes only (outputs never read), outside the sandbox: go vet
#   ./... at the five Go bases (go-cmp b133f1f has real findings, so no vet case uses go-cmp);
#   go build -o into a missing directory (exit 0: go creates it, so that situation became a PASS);
#   GOCACHE=off; go test -msan and -asan on uuid; whether coverage, sphinx-build, pytest_timeout
#   exist for /usr/bin/python3; go vet's analyzer names (go tool vet help). Project files read:
#   go.mod go lines, toml's go:generate line (internal/toml-test runs ./gen.py, so the toml
#   generate case runs `go generate -x .` only), go-cmp's cmp/internal file list and its test
#   files' imports and init, uuid's and mux's function names, markupsafe's _native.py
#   definitions, click's pytest section (filterwarnings = error).
# - Outputs read: TUNE outputs only, from the scratch runs (the final run's too). Held-out cases
#   whose neighbours' outputs I read: up10-uuid-vet-defers, up10-lru-vet-ifaceassert and
#   up10-lru-vet-waitgroup (up10-mux-vet-atomic, up10-toml-vet-slog), up10-click-flake8-f811
#   (up10-click-flake8-e225-count), up10-tomli-mypy-program-text (the other mypy tune cases),
#   up10-markupsafe-sphinx-missing (up10-click-coverage-missing).
# - Scenarios fixed after reading a TUNE output (names and labels kept): up10-tomli-segfault-in-test
#   read ctypes.string_at(0, 16), which did not crash here (address 0 was readable; the test
#   failed with a UnicodeDecodeError, exit 1); it now reads a kernel-space address (exit 139,
#   "Fatal Python error: Segmentation fault"). up10-tomli-mypy-redundant-cast cast the literal 3,
#   whose inferred type is not plain int, so mypy found nothing (exit 0); it now casts len("abc").
#   up10-tomli-faulthandler-later exited 1 after 5 s with no output: pytest's fd capture swallowed
#   the traceback dump made during collection's arming; the command now adds -s.
# - Fixed BLIND (outputs never read; exit codes of the held-out case and of my own probe programs
#   in /tmp only): up10-gocmp-deadlock-timeout-zero was built in package cmp and was killed at
#   120 s (the runtime never reported the deadlock). Probes of my own: a test blocked the same way
#   in a module of my own exited 1 at once, the same test in package cmp hung, in
#   cmp/internal/value it exited 1; the test now lives in cmp/internal/value and no longer calls
#   Diff. up10-uuid-go-run-deadlock was killed too (first with uuid.NewString, then with
#   uuid.NewSHA1, then with uuid.MustParse). Probes of my own: a program blocked the same way
#   exited 1 at once, but hung when it called crypto/rand.Text or imported net with cgo on, and
#   exited 1 with net and CGO_ENABLED=0 (uuid imports net; cmp's test files import net too); the
#   command is now `env CGO_ENABLED=0 go run ./cmd/scenario` (MustParse kept). up10-markupsafe-
#   pylint-f-string exited 0 (markupsafe's own sources have no finding of that check; I had not
#   probed it before naming); py_ten's percentfmt now appends a function formatting with % to
#   _native.py (exit 16). Their reasons say so.
# - Exit codes of held-out cases: after the fixes above, all were the ones built for (PASS 0,
#   every failure label non-zero, the runner-limit TIMEOUT cases killed); reasoned, not read:
#   up10-click-k-matches-nothing 5 (no test selected), up10-click-sigalrm-watchdog 142 (SIGALRM's
#   default action), up10-markupsafe-sphinx-missing 127 (command not found),
#   up10-uuid-msan-gcc 1 (the reason is hedged: gcc has no memory sanitizer is the expected cause,
#   not seen), up10-lru-windows-only-package 1.
# - Stability notes: up10-gocmp-deadlock-timeout-zero and up10-uuid-go-run-deadlock depend on the
#   runtime's deadlock detection, which a cgo-linked binary importing net (and a crypto/rand read)
#   disabled here; up10-mux-ticker-runner and up10-markupsafe-http-server-runner are killed by the
#   runner's 20 s / 15 s limits; up10-toml-preserve-status-go relies on timeout(1) sending SIGTERM
#   to go test's process group (exit 143; its output is empty, go test had buffered it);
#   up10-click-sigalrm-watchdog on no plugin handling SIGALRM (pytest-timeout is idle without a
#   timeout); up10-tomli-faulthandler-later on -s leaving fd 2 uncaptured; up10-tomli-segfault-in-
#   test on x86-64 Linux refusing user reads of kernel addresses; up10-click-memoryerror-script on
#   the kernel refusing a petabyte allocation; up10-lru-asan-pass on gcc's libasan;
#   up10-uuid-msan-gcc on no clang; the not-installed cases on coverage and sphinx-build staying
#   absent; up10-gocmp-module-not-required on there being no network.
#
# Eleventh recording (upstream11)
#
# What it is: 62 more scenarios on the same eight projects, named up11-*, split upstream11-tune /
# upstream11-heldout (cksum of the case name mod 3, computed, never chosen), built BLIND (no
# knowledge of how autoverify classifies) with commands and situations the first ten recordings
# did not use, all on each project's newest commit (go-cmp b133f1f, toml d733fc5, mux db9d1d0,
# uuid 2d3c2a9, golang-lru 5dd697d, markupsafe 1251593, click 762c97e, tomli 920e20b): go test
# -json filtered by jq (a failed test's name under bash -o pipefail, and a passing package's
# start/pass events), -run of a subtest path with a space ('TestScenarioStatus/missing_user') and
# of a real three-level path of go-cmp (a PASS), t.Log lines full of FAIL/error/panic around a
# passing test, twenty t.Logf lines before a failure, t.Parallel with a failing parallel subtest,
# every selected test calling t.Skip (a PASS), a testing.Short() guard (with -short: a PASS;
# without: go test -timeout), a t.Cleanup waiting forever (go test -timeout), -count=3 of an 8 s
# test past the runner's 20 s, a package-level regexp.MustCompile panicking at initialisation, a
# go:embed of a file that is not there, a //go:build line ending in &&, a test file whose package
# clause names another package, go vet -printf through a printf wrapper of ours, -unmarshal, and
# buildtag (+build against //go:build), go 1.26's go fix -diff (real modernising fixes in toml; a
# PASS on uuid), a cgo file built with PATH holding only Go (no gcc), -update given to a test
# binary without that flag (uuid) and with it (go-cmp's golden files: a PASS), go run of a
# command whose scenario.toml is missing (and present: a PASS); Python: input() under pytest's
# capture, pytest --pdb with stdin closed, --deselect of a failing test (a PASS), pytest.warns
# that sees no warning, pytest.importorskip of numpy (a PASS), a CliRunner result hiding a
# ZeroDivisionError, a click option required from an unset environment variable, a click argument
# whose name differs from its parameter, a worker in signal.pause() under timeout(1), a Future and
# an asyncio.Event nobody completes (timeout(1); the runner's limit), setlocale to de_DE.UTF-8
# (not installed) and to C.UTF-8 (a PASS), a local datetime's offset expected to be +01:00 under
# TZ=UTC and an explicit zoneinfo comparison (a PASS), a unittest subTest table, python -m
# unittest of a misspelt module, an `is` comparison with a str literal (SyntaxWarning: a PASS;
# under -W error::SyntaxWarning: a SyntaxError at import), a list repr nested 500000 deep under
# setrecursionlimit(10**6) (segmentation fault), a KeyboardInterrupt raised by a script itself
# (exit 130), a publish script's sys.exit(3) without its token, an unclosed table header in
# tomli's pyproject.toml (pytest cannot read its configuration), python3 -m timeit (a PASS),
# mypy --no-implicit-reexport, --disallow-any-explicit, --show-column-numbers (an invalid index
# type), a variable used as a type, a str plus an int, a numpy import without and with
# --ignore-missing-imports (a PASS), flake8 --select E722 (ours) and a clean selection on click
# (a PASS), pylint's redefined-builtin (markupsafe) and too-many-locals (tomli) alone (real
# findings).
# How recorded: the same record.sh (split_of now knows the up11- prefix; its header names
# upstream11-tune among the printed parts). Each scenario was first run in a scratch copy of these
# scripts (same record.sh, held-out output to /dev/null, AUTOVERIFY_REALHISTORY pointing at the
# bundles, UPSTREAM_SCRATCH under /tmp/up11), then every up11 case was recorded by one final run of
# `record.sh up11-` on 2026-12-01 (one process, nothing edited while it ran;
# UPSTREAM_SCRATCH=/tmp/up11/rec). The final exit codes were the same as the scratch run's (after
# the fix below, re-run in the scratch copy before the final run). Same tools and the same
# departure (shared GOCACHE) as above; also jq (Debian) and the system's tzdata.
# Counts: 62 cases, 41 upstream11-tune, 21 upstream11-heldout. Labels (tune / held-out): PASS 16
# (11/5), TEST_FAILURE 11 (7/4), CODE_ERROR 9 (7/2), LINT_ERROR 7 (5/2), TYPE_ERROR 5 (3/2),
# ENV_ERROR 8 (6/2), TIMEOUT 6 (2/4).
# Projects: tomli 14, markupsafe 11, click 10, toml 6, uuid 6, go-cmp 5, golang-lru 5, mux 5.
# Recipes: py_eleven 30, go_eleven 21, - 11.
# Recipes added (below the tenth recording's, which are unchanged): go_eleven (our own Go test
# files, code files and commands: the cases listed above) and py_eleven (our own Python test
# modules, scripts, modules for the checkers, lines appended to tomli's _parser.py and an unclosed
# table header appended to tomli's pyproject.toml).
#
# DISCLOSURES (upstream11)
# - Changed after the part's first score, by the engineer who scored it:
#   up11-uuid-all-tests-skipped-pass was labelled PASS (go test exits 0, every selected test
#   skipped); autoverify fails a test command that ran no tests as proving nothing (a rule of
#   the product before this part, SWE-bench's SUITE_RAN), typed TEST_FAILURE, so the label is
#   now TEST_FAILURE (reason amended; name, command and exit code unchanged). The first score
#   counts it as given (a miss).
# - Blindness as above: autoverify, its classifier, its tests, bot/, cmd/, integrations/,
#   checklist/, docs/, internal/, README.md and the recorded corpus outputs were never read or run,
#   nor git log/diff of the repository (git show of cases.tsv and prepare.sh only), nor the files
#   under /tmp/up/, /tmp/up10/, /tmp/up10work/ or /tmp/insp/ (the shared GOCACHE in /tmp/up was
#   used, not read; my own scratch was /tmp/up11 and /tmp/up11work). Conventions were taken from
#   the earlier rows of cases.tsv and the spec's type table (ENV_ERROR: setup, not a code problem).
#   Judgements without a close precedent in the earlier rows: a go:embed of a missing file is
#   CODE_ERROR (the package does not compile; an earlier deleted golden file read at run time was
#   ENV_ERROR); an unclosed table in pyproject.toml is CODE_ERROR (a project file that does not
#   parse, fixed in the tree); mypy's missing numpy is ENV_ERROR (a module not installed, not a
#   type finding); a KeyboardInterrupt raised by the script itself is CODE_ERROR (its exit 130
#   looks like an interrupt, nobody sent one); a test whose locale is not installed is ENV_ERROR;
#   input() under pytest's capture is TEST_FAILURE (the test fails with OSError); a misspelt module
#   given to python -m unittest is ENV_ERROR (like paths that do not exist); a script's sys.exit(3)
#   for an unset token is ENV_ERROR.
# - Exploration before naming, exit codes only (outputs never read), outside the sandbox: pylint
#   with single checks (no-else-return, redefined-builtin, invalid-name, protected-access,
#   too-many-locals) on tomli's and markupsafe's sources; flake8 --select E731, E722, E712, W391,
#   E265, F632, E127/E128 on click's and tomli's; go fix -diff ./... on the five Go bases (toml,
#   mux and go-cmp exit 1, uuid and golang-lru 0; its output, 51 lines for toml, was not read).
#   Project files read: go-cmp's compare_test.go lines defining -update and naming
#   ManyEscapeCharacters, the test file lists, the [tool.mypy] sections of markupsafe, click and
#   tomli, `locale -a` (C, C.utf8, POSIX) and `ulimit -s` (8 MiB).
# - Outputs read: TUNE outputs only, from the scratch run and the final run. Held-out cases whose
#   neighbours' outputs I read: up11-markupsafe-pdb-stdin-closed (up11-markupsafe-deselect-
#   failing-pass, the same recipe), up11-lru-short-guard-missing-timeout (up11-uuid-short-guard-
#   pass, the same recipe, and up11-mux-cleanup-wait-timeout, the -timeout form),
#   up11-markupsafe-mypy-no-implicit-reexport (up11-markupsafe-mypy-variable-as-type, the same
#   command form), up11-tomli-mypy-any-explicit (up11-tomli-mypy-ignore-missing-pass).
# - Scenario fixed after reading a TUNE output (name and label kept): up11-uuid-vet-printf-wrapper
#   first wrote its wrapper with ...any; uuid's go.mod predates go 1.18, so vet stopped at a type
#   error (predeclared any requires go1.18); it then used ...interface{} and passed the format
#   through "uuid: "+format+"\n", which vet did not take for a printf wrapper (exit 0); the wrapper
#   now calls fmt.Printf(format, args...) (exit 1, the printf finding).
# - Reasons reworded after reading TUNE outputs (labels unchanged): up11-click-mypy-operator
#   (click's strict config also reports Any returned), up11-tomli-pylint-too-many-locals (one
#   finding, R0914 in _re.py), up11-markupsafe-deep-repr-crash (nothing is printed; exit 139).
# - Exit codes of held-out cases: all were the ones built for (PASS 0, every failure label
#   non-zero, the runner-limit TIMEOUT case killed), so none was fixed or dropped; reasoned, not
#   read: up11-markupsafe-pdb-stdin-closed exits 2 (pdb reads end-of-file, quits, and pytest
#   reports the session as interrupted), up11-markupsafe-pylint-redefined-builtin 4 (pylint's
#   warning bit), up11-markupsafe-future-never-done and up11-click-signal-pause-timeout 124
#   (timeout(1)), up11-tomli-publish-token-exit-3 3 (the script's own exit),
#   up11-lru-short-guard-missing-timeout 1 (go test's -timeout panic), up11-gocmp-count3-slow-
#   runner killed at 20 s.
# - Stability notes: up11-gocmp-count3-slow-runner relies on three 8 s runs outlasting the
#   runner's 20 s; up11-tomli-asyncio-event-runner on the runner's 15 s; up11-mux-cleanup-wait-
#   timeout and up11-lru-short-guard-missing-timeout on go test's -timeout alarm (a pending timer
#   keeps the runtime from reporting a deadlock); up11-markupsafe-deep-repr-crash on an 8 MiB stack
#   limit and CPython 3.11's C recursion in list repr; up11-click-locale-not-installed on no
#   de_DE locale; up11-tomli-tz-local-offset on the runner's TZ=UTC and up11-tomli-tz-zoneinfo-pass
#   on /usr/share/zoneinfo; up11-lru-cgo-compiler-not-on-path on gcc not being in /usr/local/go/bin;
#   the numpy cases on numpy staying absent; up11-gocmp-update-golden-pass lets cmp's tests
#   rewrite cmp/testdata/diffs in the scenario's own tree (whether it changed was not looked at).
#
# Twelfth recording (upstream12)
#
# What it is: 63 more scenarios on the same eight projects, named up12-*, split upstream12-tune /
# upstream12-heldout (cksum of the case name mod 3, computed, never chosen; every name was fixed,
# and its split computed, before the scenario was first run), built BLIND (no knowledge of how
# autoverify classifies) with tools and situations the first eleven recordings did not use, all
# on the same commits as the eleventh (go-cmp b133f1f, toml d733fc5, mux db9d1d0, uuid 2d3c2a9,
# golang-lru 5dd697d, markupsafe 1251593, click 762c97e, tomli 920e20b). New tools: ctest
# (CMakeLists.txt of ours whose tests run go vet / go test: 100% passed, a failing go test,
# ctest's --timeout, a CMakeLists.txt that does not parse, one asking for CMake 3.30 on 3.25),
# bats (toml's own tomlv checked by three bats tests, passing and with a wrong expectation;
# bats-support/bats-assert submodules not checked out; BATS_TEST_TIMEOUT over a wait for a
# server nobody starts), rake (a Rakefile's test task running go test, passing and failing; one
# running pytest; one requiring rubocop/rake_task, not installed), tsc (a strict TypeScript client
# of mux routes, clean and with TS2322; --strict on an optional number; a tsconfig extending
# @tsconfig/node18, never installed), gcc -fsyntax-only on markupsafe's real _speedups.c (clean,
# and with a half-typed declaration appended), cppcheck (an array read past its end), shellcheck
# -S error (warnings only: a PASS) and -f gcc, pylint --fail-under (findings under a met
# threshold: a PASS) and --output-format=json, bandit -f json, yamllint's relaxed preset (warnings
# only: a PASS), mypy's reveal_type (a note: a PASS), overlapping overloads, an un-awaited
# coroutine, a frozen dataclass field assigned, and --install-types against Debian's externally
# managed Python. Go: go vet -json (clean), -memprofile, go test -c with go tool test2json, a
# command warning on stderr and exiting 0, a skipped test among passes, t.Errorf from a goroutine
# after its test returned (the testing package panics), a test's own 20 ms context deadline
# (context deadline exceeded: a TEST_FAILURE, not a time limit), -fullpath, a method on the
# builtin string, a cgo preamble whose C does not compile, a type parameter that cannot be
# inferred, vet's stdversion (cmp.Or in a go 1.21 module), directive (//go:debug in a
# library), tests (a Testscenario_ name) and unsafeptr checks, GOTMPDIR naming a missing
# directory, go test's -timeout while a cgo call sleeps. Python: a DeprecationWarning in
# pytest's warnings summary (a PASS), --junitxml passing and failing, unittest skips (OK
# (skipped=2)) and expectedFailure (OK (expected failures=1)) and an unexpected success (FAILED),
# pytest -s with a printed traceback and FAILED/ERROR lines in a passing test, --color=yes despite
# NO_COLOR, an unhandled thread exception made a failure by click's filterwarnings = error, a
# Latin-1 test module, os.abort() in a click command (exit 134), PYTHONHOME pointing nowhere,
# pytest.exit with return code 3 from a fixture that finds no Redis, a busy loop killed by the
# runner, a server that handles timeout(1)'s SIGTERM and exits 0 (timeout still exits 124).
# How recorded: the same record.sh (split_of now knows the up12- prefix; its header names
# upstream12-tune among the printed parts and up12-* among the prefixes). Each scenario was first
# run by `record.sh up12-` itself in scratch (UPSTREAM_SCRATCH=/tmp/up12/scratch, held-out output
# to /dev/null, the bundles in ../shared/realhistory), then the two cases fixed below were re-run,
# then every up12 case was recorded by one final run of `record.sh up12-` on 2026-12-01 (one
# process, nothing edited while it ran; UPSTREAM_SCRATCH=/tmp/up12/rec). The final exit codes
# were the same as the scratch runs' (after the fixes). Same departure (a shared GOCACHE in
# /tmp/up/gocache, which did not exist on this machine and was warmed first by go test, go vet and
# go test -race -run XXX of the five Go modules outside the sandbox; those outputs were not read).
# Tools (Debian bookworm packages unless said): go 1.26.8; python3 3.11.2 with pytest 7.2.1,
# pytest-timeout 2.1.0, mypy 1.0.1, pylint 2.16.2, bandit 1.6.2, yamllint 1.29.0, pip 23.0.1
# and python3-typeshed 0.0~git20221107 (third-party stubs, yaml's among them), python3-dev
# (python3-config); gcc 12.2.0; cppcheck 2.10; shellcheck 0.9.0; bats 1.8.2; cmake and ctest
# 3.25.1; ruby 3.1 with rake 13.0.6 (no rubocop gem); node-typescript 4.8.4 (tsc) on node
# v20.20.2; git 2.39.5.
# Counts: 63 cases, 45 upstream12-tune, 18 upstream12-heldout. Labels (tune / held-out): PASS 20
# (12/8), TEST_FAILURE 10 (8/2), CODE_ERROR 7 (5/2), LINT_ERROR 8 (5/3), TYPE_ERROR 5 (4/1),
# ENV_ERROR 8 (6/2), TIMEOUT 5 (5/0).
# Projects: tomli 13, click 10, markupsafe 8, uuid 8, mux 7, toml 7, go-cmp 5, golang-lru 5.
# Recipes: go_twelve 28, py_twelve 24, - 11.
# Recipes added (below the eleventh recording's, which are unchanged): go_twelve (our own Go
# files, and our CMakeLists.txt, bats, Rakefile, TypeScript and tsconfig files in the Go
# projects) and py_twelve (our own Python test modules, scripts, modules for the checkers, shell
# scripts, Rakefiles, a C file, and a half-typed declaration appended to markupsafe's
# _speedups.c). The recipe dispatch at the end gained the line `go_twelve|py_twelve) ;;`.
#
# DISCLOSURES (upstream12)
# - Blindness: autoverify was never run, and its classifier, tests, bot/, cmd/, integrations/,
#   checklist/, docs/, internal/, README.md and the recorded corpus outputs of earlier parts were
#   never read, nor git log/diff of the repository. Read: cases.tsv, prepare.sh and record.sh
#   (beside this script), ../shared/spec (README.md and the failure-type table of
#   engine-run-artifacts.md) and ../shared/realhistory/README.md. Conventions were taken from the
#   earlier rows of cases.tsv and their reasons (a segfault or a script's crash is CODE_ERROR; a
#   run that executes no test, all skipped or all deselected, is TEST_FAILURE, so every PASS here
#   runs at least one passing test or is not a test run; an unparsable project file is
#   CODE_ERROR; a missing tool, module, plugin, path or service is ENV_ERROR).
# - Judgements without a close precedent: a test failing on its own context deadline is
#   TEST_FAILURE (the test's assertion about latency; the command was not stopped); t.Errorf from
#   a goroutine after its test returned (a panic of the testing package) is TEST_FAILURE, like
#   earlier panics inside tests; ctest's *** Timeout and bats' "# timeout after 5s" are TIMEOUT
#   (a wait for a server nobody starts hangs until the test's time limit; the waiting has no bound
#   of its own); timeout(1) exits 124 although the script shut down cleanly on SIGTERM: TIMEOUT; a
#   CMakeLists.txt that does not parse is CODE_ERROR (a project file broken in the tree, like the
#   eleventh part's unclosed pyproject.toml table); CMake 3.30 required on 3.25 is ENV_ERROR (the
#   toolchain is too old, like a go directive newer than the toolchain); bats helper libraries
#   from submodules that are not checked out, a tsconfig extending an uninstalled npm package, a
#   Rakefile requiring an uninstalled gem, pytest.exit(returncode=3) from a fixture that finds no
#   Redis, PYTHONHOME pointing nowhere, GOTMPDIR naming a missing directory and mypy
#   --install-types refused by pip (externally managed environment) are ENV_ERROR; cppcheck's
#   arrayIndexOutOfBounds (severity warning, failing only through --error-exitcode=1) is
#   LINT_ERROR; tsc's TS2322 and TS2532 are TYPE_ERROR; gcc's syntax error in C is CODE_ERROR;
#   os.abort() (exit 134) is CODE_ERROR; pylint with findings but a score above --fail-under
#   (exit 0), yamllint's relaxed preset with warnings only (exit 0), shellcheck -S error with only
#   warnings (exit 0), mypy's reveal_type note (exit 0) and a passing test printing a traceback
#   and FAILED/ERROR lines are PASS (the tool was told these do not fail the step, or they are
#   the test's own output).
# - Exploration before naming, outputs read, not any case's command on its scenario: toml's
#   cmd/tomlv source, and tomlv -types and a duplicate key on two files of mine outside the
#   sandbox (the same tool the tune up12-toml-tomlv-bats-pass and the held-out
#   up12-toml-tomlv-bats-fail use); pylint 2.16's exit logic for --fail-under (its source); bats
#   1.8.2's BATS_TEST_TIMEOUT handling (its source); which stub packages mypy 1.0 knows and
#   Debian's typeshed lacks, and the Xlib module run once by hand under unshare -n before it went
#   into the recipe (after the first scratch run, see below); the project trees (file
#   lists, test names, markupsafe's and click's pytest and mypy sections, markupsafe's conftest).
#   Project test logs of the GOCACHE warm-up were written to /tmp/up12 and not read.
# - Outputs read: TUNE outputs only, from the scratch runs and the final run. Held-out cases
#   whose neighbours' outputs I read (the same recipe or tool): up12-toml-tomlv-bats-fail
#   (up12-toml-tomlv-bats-pass), up12-gocmp-rake-test-pass (up12-gocmp-rake-test-fail),
#   up12-mux-tsc-pass (up12-mux-tsc-assign-type), up12-tomli-rake-gem-missing
#   (up12-tomli-rake-pytest-pass), up12-click-junitxml-pass (up12-click-junitxml-fail),
#   up12-toml-cmake-parse-error (up12-toml-cmake-version-too-new), up12-tomli-mypy-unused-coroutine
#   (up12-markupsafe-mypy-frozen-dataclass, the same command form).
# - Scenario fixed after reading a TUNE output (name and label kept):
#   up12-click-mypy-install-types-offline first imported yaml; Debian's python3-typeshed
#   provides yaml's stubs, so mypy found no issue and --install-types had nothing to install (exit
#   0); it now imports Xlib, whose stub package types-python-xlib that typeshed snapshot lacks:
#   pip refuses (externally-managed-environment) and mypy reports the stubs as not installed
#   (exit 1). Reason reworded after the tune output: up12-markupsafe-cppcheck-out-of-bounds
#   (cppcheck gives the finding severity warning, not error).
# - Held-out case fixed by its exit code only (output never read): up12-mux-log-after-test-done
#   first had the goroutine call t.Logf, and the scratch run exited 0 (on reflection: a finished
#   top-level test's late Log goes to its still-running parent, no panic); the goroutine now
#   calls t.Errorf, whose Fail panics on a completed test (exit 1 in the re-run and the final
#   run). Other held-out exit codes were the ones built for and reasoned, not read:
#   up12-tomli-pylint-json 28 (pylint's bit-encoded message classes), up12-click-bandit-json 1,
#   up12-click-pytest-exit-no-redis 3 (pytest.exit's return code), up12-tomli-rake-gem-missing 1
#   (rake aborted), up12-lru-vet-test-malformed-name 1, up12-toml-cmake-parse-error 1,
#   up12-markupsafe-gcc-speedups-broken 1, up12-tomli-mypy-unused-coroutine 1, every held-out
#   PASS 0 (up12-tomli-pylint-fail-under-pass: tomli's score is at least 8; not read).
# - Stability notes: up12-mux-log-after-test-done relies on its 100 ms goroutine firing while the
#   500 ms second test still runs; up12-toml-context-deadline-fail on 200 ms outlasting a 20 ms
#   budget; up12-gocmp-ctest-timeout on ctest killing go test and its test binary (no process was
#   left behind in the runs); up12-uuid-bats-timeout on pkill being installed (bats needs it for
#   BATS_TEST_TIMEOUT) and nothing listening on 127.0.0.1:8089; up12-lru-cgo-sleep-timeout and
#   up12-lru-cgo-c-syntax on gcc and cgo being available (CGO_ENABLED defaults to 1 with gcc on
#   PATH); the markupsafe gcc cases on python3-dev's headers; up12-tomli-cpu-spin-runner on the
#   runner's 15 s limit; up12-click-mypy-install-types-offline on Debian's EXTERNALLY-MANAGED
#   marker and typeshed snapshot; up12-click-pytest-exit-no-redis on no Redis listening (Debian's
#   redis-server is installed on this machine but is not started in the sandbox);
#   up12-markupsafe-color-yes-fail prints ANSI colour codes (--color=yes overrides NO_COLOR=1).
#
# Thirteenth recording (upstream13)
#
# What it is: 60 more scenarios on the same eight projects, named up13-*, split upstream13-tune /
# upstream13-heldout (cksum of the case name mod 3, computed, never chosen; every name was fixed,
# and its split computed, before the scenario was first run), built BLIND (no knowledge of how
# autoverify classifies) with commits, tools and situations the first twelve recordings did not
# use. Real commits: later fixes' tests over their parents (tests_from: toml 022bf7e run with
# GOARCH=386, where the 32-bit bug shows, and its fix commit passing under 386; toml 0a9f2b0's
# toml-test data case; click b67832c, 051bb0f, 5ee8e31; markupsafe f3c78b1, and the fix commit
# passing; mux 15a353a, whose test uses Router.Name, absent on the parent: a compile error), tomli
# 1.2.0 (c607181) printing its own DeprecationWarning for text file objects, and real lint
# findings or clean runs on the newest commits: flake8 --max-doc-length, pycodestyle E704, pylint
# fixme, yamllint -s, go test -vet=all, pyflakes on click's examples, cppcheck on markupsafe's
# _speedups.c, bandit -lll. Our own files: a testing/quick property and a go test -fuzz run that
# find counterexamples, node's built-in test runner (node --test: passing, failing, an npm package
# never installed), tsc --checkJs on a // @ts-check JavaScript file, pytest.raises(match=), click's
# nargs=-1 option TypeError at collection, a dataclass field order TypeError, two test modules with
# one basename (import file mismatch), an import of soft_unicode (removed from markupsafe), a Go
# method with type parameters, a struct field assigned in a map, int times float64, a Makefile
# indented with spaces (and one with tabs: make check passes), vet -cgocall, cppcheck style
# findings, mypy possibly-undefined / ignore-without-code / --disallow-untyped-decorators and an
# attribute typo in a typed test, GOOS=wasip1 (the build passes; go test has no wasm runtime), a
# script without its execute bit (126), a shebang asking for python3.13 (127), git tag -a without
# a committer identity (128), tomli_w not installed, python3 -I ignoring PYTHONPATH, tail -f after
# the tests, a TestMain polling for a database before m.Run (go test's -timeout never starts), two
# flock()s in one process under pytest-timeout, a Makefile target waiting for Redis, a test
# waiting for SIGHUP under go test -timeout; passes whose output says FAIL, panic, error or
# ERROR (test names and t.Log lines, pytest's live log, a command recovering a handler's panic,
# click's BaseCommand DeprecationWarning, isort's UserWarning), a go test -json | tee | grep -c
# pipeline and a coverage gate in awk.
# How recorded: the same record.sh (split_of now knows the up13- prefix; its header names
# upstream13-tune among the printed parts and up13-* among the prefixes). Each scenario was first
# run by `record.sh up13-` itself in scratch (UPSTREAM_SCRATCH=/tmp/up13/scratch, held-out output
# to /dev/null), the three tune cases fixed below were re-run (UPSTREAM_SCRATCH=/tmp/up13/scratch2),
# then every up13 case was recorded by one final run of `record.sh up13-` on 2026-12-01 (one
# process, nothing edited while it ran; UPSTREAM_SCRATCH=/tmp/up13/rec). The final exit codes were
# the same as the scratch runs' (after the fixes). Same departure (a shared GOCACHE in
# /tmp/up/gocache, which did not exist on this machine and was warmed first by go vet, go test
# -run XXX and go test -race -run XXX of the five Go modules outside the sandbox, outputs
# discarded). Tools as in the twelfth recording, also node's built-in test runner (node v20.20.2),
# GNU make, pycodestyle (Debian's, the one flake8 5.0.4 uses) and isort 5.6.4 with python3-toml.
# Counts: 60 cases, 36 upstream13-tune, 24 upstream13-heldout. Labels (tune / held-out): PASS 17
# (9/8), TEST_FAILURE 10 (7/3), CODE_ERROR 9 (6/3), LINT_ERROR 7 (5/2), TYPE_ERROR 5 (1/4),
# ENV_ERROR 7 (4/3), TIMEOUT 5 (4/1).
# Projects: click 15, markupsafe 9, tomli 9, toml 8, mux 7, uuid 6, go-cmp 3, golang-lru 3.
# Recipes: - 19, go_thirteen 17, py_thirteen 17, tests_from 7.
# Recipes added (below the twelfth recording's, which are unchanged): go_thirteen (our own Go
# files, Makefiles, a release script and JavaScript files in the Go projects) and py_thirteen (our
# own Python test modules, scripts, a Makefile, modules for the checkers and a C file). The recipe
# dispatch at the end gained the line `go_thirteen|py_thirteen) ;;`.
#
# DISCLOSURES (upstream13)
# - Blindness: autoverify was never run, and its classifier, tests, bot/, cmd/, integrations/,
#   docs/, internal/, README.md and the recorded corpus outputs of earlier parts were never read,
#   nor git log/diff of the repository. Read: cases.tsv, prepare.sh and record.sh (beside this
#   script), ../shared/spec (README.md and the failure-type table of engine-run-artifacts.md) and
#   ../shared/realhistory/README.md. Conventions were taken from the earlier rows of cases.tsv and
#   their reasons (a missing tool, module, interpreter, runtime, identity or permission is
#   ENV_ERROR; a killed or -timeout/pytest-timeout-stopped wait is TIMEOUT; a project file that
#   make or pytest cannot use as written is CODE_ERROR; mypy and tsc findings are TYPE_ERROR).
# - Judgements without a close precedent: a Makefile indented with spaces is CODE_ERROR (a project
#   file broken in the tree, like the earlier unparsable CMakeLists.txt); two test modules with one
#   basename (pytest's import file mismatch) is CODE_ERROR (the suite's layout, fixed in the tree);
#   a script importing soft_unicode, removed from the project's own package, is CODE_ERROR (like
#   the earlier imports of names a project module lacks); a script committed without its execute
#   bit (exit 126) and git tag -a with no committer identity (128) are ENV_ERROR; go test for
#   wasip1 with no wasm runtime is ENV_ERROR; a TestMain waiting for a database until the runner's
#   limit and tail -f after passing tests are TIMEOUT (the command was killed); the testing/quick
#   counterexample and the fuzzer's failing input are TEST_FAILURE; mypy's ignore-without-code
#   finding is TYPE_ERROR (mypy's own finding, like the earlier warn-unused-ignores case).
# - Exploration before naming, exit codes only (outputs discarded), with a probe script of mine
#   that clones a bundle, applies a fix's test files and runs one command in the same sandbox:
#   base and base-plus-new-tests pairs for toml 022bf7e (amd64 and GOARCH=386; and the fix commit
#   under 386: 0), 0a9f2b0, mux 15a353a (also with -run '^$': the test package does not compile),
#   click b67832c, 051bb0f, 5ee8e31, markupsafe f3c78b1, and candidates dropped for it: go-cmp
#   4664e24 (its parent fails alone: xerrors), golang-lru 73f395c (its parent fails alone), uuid
#   edef28d and tomli 4188188 (the new tests pass on the parent); the newest commits' exit codes
#   for flake8 --max-doc-length 72 (1), pycodestyle E704 (1), pylint fixme (4), yamllint -s (1),
#   isort --check-only (1), go test -vet=all on go-cmp (1), pyflakes on click's examples (0),
#   cppcheck on _speedups.c (0), bandit -lll on click (0), GOOS=wasip1 go build (0) and go test
#   (1), mypy with ignore-without-code on click (1, but plain mypy on click also exits 1: not
#   used), markupsafe (1, plain also 1: not used) and tomli (0: not used), git tag -a without an
#   identity (128), tomli 1.2.0's load of a text file object under -W default (0). Several of
#   these exit codes belong to commands that became held-out cases: up13-toml-386-anon-struct-
#   fields (1), up13-toml-386-anon-struct-fix-pass (0), up13-mux-router-name-undefined (1; and
#   1 with -run '^$'), up13-click-borrowed-stdout-gc (1; its parent alone 0),
#   up13-tomli-flake8-doc-length (1), up13-gocmp-test-vet-all (1; which analyzer reports what
#   was not looked at), up13-click-pyflakes-examples-pass, up13-markupsafe-cppcheck-speedups-pass,
#   up13-click-bandit-high-only-pass and up13-tomli-1-2-text-mode-deprecated-pass (0). Project
#   files read: commit stats, go.mod files, click's Option validation and BaseCommand code,
#   click's and tomli's pytest/isort sections, uuid's Variant constants, installed mypy's error
#   codes (possibly-undefined and ignore-without-code exist in mypy 1.0.1).
# - Outputs read: TUNE outputs only, from the scratch runs. Held-out cases whose neighbours'
#   outputs I read (the same recipe, tool or commit): up13-toml-386-anon-struct-fix-pass and
#   up13-toml-386-anon-struct-fields (no tune neighbour of their own; up13-toml-mixed-string-
#   table-panic is another toml tests_from case), up13-mux-tsc-checkjs (up13-mux-node-test-pass,
#   the same routes helper in .mjs form), up13-mux-failure-named-tests-pass (none),
#   up13-click-mypy-untyped-decorator (up13-click-mypy-test-attr-typo, click's mypy config),
#   up13-markupsafe-log-cli-errors-pass and up13-markupsafe-mypy-ignore-without-code
#   (up13-markupsafe-flock-deadlock shows that markupsafe's conftest parametrizes every test
#   over _native and _speedups, the latter skipped), up13-tomli-tomli-w-missing
#   (up13-tomli-raises-match-mismatch, the same command form), up13-click-basecommand-
#   deprecated-pass (none). While fixing up13-lru-vet-cgocall I ran go vet -cgocall by hand on
#   its prepared tree (a tune case) with three more versions of the helper (a pointer to a struct
#   holding a slice, the address of such a struct value: no finding; the address of a []string:
#   the finding), and cppcheck on a C file of mine outside any tree.
# - Scenarios fixed after reading a TUNE output (names kept): up13-lru-vet-cgocall first passed a
#   pointer to a struct holding a Go pointer (vet's cgocall looks only for chan, map, func and
#   slice types: exit 0); it now passes the address of a []string (exit 1). up13-markupsafe-
#   cppcheck-style first overwrote an initialised variable (cppcheck does not report that: exit
#   0); it now reassigns before use and leaves a variable unread (exit 1). up13-tomli-isort-check
#   was LINT_ERROR: isort 5.6.4's toml parser cannot read tomli's pyproject.toml (a UserWarning),
#   so it checked with its defaults and reported false findings; the command now gives tomli's
#   [tool.isort] settings as flags and the label is PASS (exit 0, the UserWarning still printed).
# - Reasons reworded after reading TUNE outputs (labels unchanged): up13-toml-mixed-string-
#   table-panic (the encoder output of the case is empty; no panic shows, 0a9f2b0 removed one),
#   up13-click-pylint-fixme (an XXX comment, the score still 10.00/10), up13-click-pager-closed-
#   file, up13-markupsafe-str-methods-missing, up13-click-param-named-help,
#   up13-uuid-testmain-waits-for-db (nothing printed), up13-markupsafe-flock-deadlock,
#   up13-uuid-wasip1-test-no-runtime (exec format error), up13-tomli-unittest-data-verbose-pass.
# - Exit codes of held-out cases: all were the ones built for in the first scratch run (PASS 0,
#   every failure label non-zero), so none was fixed or dropped; reasoned, not read:
#   up13-click-script-not-executable 126, up13-tomli-shebang-python313 127, up13-mux-tsc-checkjs 2
#   (tsc with errors), up13-tomli-tomli-w-missing 2 (a collection error),
#   up13-mux-wait-for-sighup-timeout 1 (go test's -timeout panic), the others 1.
# - Stability notes: up13-toml-fuzz-key-roundtrip relies on the fuzzer finding a failing key within
#   60 s (it took well under a second: \xff read back as U+00FF); up13-uuid-quick-version-property
#   on quick.Check's random inputs (a random UUID has the RFC 4122 variant one time in four);
#   up13-toml-386-anon-struct-* on the kernel running 386 binaries; up13-lru-vet-cgocall on gcc
#   being on PATH (cgo enabled); up13-toml-release-tag-no-identity on no git identity in
#   /etc/gitconfig and a hostname without a domain; up13-uuid-testmain-waits-for-db and
#   up13-click-make-wait-for-port on nothing listening on 127.0.0.1:5432 / 6379 (Debian's
#   redis-server is installed but not started in the sandbox); the tail -f, TestMain and make
#   cases on the runner's 20 s / 15 s limits; up13-click-pycodestyle-e704 on the installed
#   pycodestyle; up13-tomli-isort-check on isort 5.6.4 failing to read pyproject.toml (a newer
#   isort reads it and should pass as well).
#
# Fourteenth recording (upstream14)
#
# What it is: 61 more scenarios on the same eight projects, named up14-*, split upstream14-tune /
# upstream14-heldout (cksum of the case name mod 3, computed, never chosen; every name was fixed,
# and its split computed, before the scenario was first run), built BLIND (no knowledge of how
# autoverify classifies) with commits, tools and situations the first thirteen recordings did not
# use. Real commits: later fixes' tests over their parents (tests_from: toml 1a6ca6e (a UTF-8
# BOM), d9b9172 (omitempty on pointer fields), a8d6de8 (nil from MarshalText/MarshalTOML); mux
# de7178d (route regexp errors); click 701b313 (fish completion of escaped values), 93c6966
# (CliRunner's EOF regression), f2ae679 (Enum choice defaults), f3a4363 (stderr flushed by
# CliRunner); markupsafe 3d809ae (a missing placeholder); golang-lru f2e3b29 and toml 2e90ced,
# whose new tests call NewLRU / Decoder.MaxTableNesting, absent on the parents: compile errors),
# three fix commits passing, and new tools or options on real code: pydocstyle, vulture, autopep8
# --diff --exit-code (tomli's black-style slices; markupsafe clean), pylint too-many-arguments,
# mypy --disallow-any-expr, gcc -fanalyzer (markupsafe's _speedups.c clean), flake8
# --require-plugins, pytest's required_plugins, pytest --fixtures, go version -m, go test
# -cpuprofile, env -C, make -C, git ls-files | xargs gofmt -l, find | xargs py_compile. Our own
# files: testing.AllocsPerRun, a golden file compared by diff -u, a Go function without a body
# (and one with an amd64 assembly body whose frame is too small: vet's asmdecl), func main
# returning int, a go.mod line misspelt "requires", cgo needing zstd.h or pkg-config's libzmq,
# JavaScript with an unclosed bracket (node --check), TypeScript with an untyped parameter
# (--noImplicitAny) or importing express (never installed), a class whose bases (str, Markup)
# have no MRO, await in a plain function, mypy assert_type / truthy-bool / redundant-expr, a mypy
# config loading pydantic's plugin, a test asking PyPI for releases (no network), shellcheck -s
# sh on a script with bash-only syntax, a double free found by gcc's analyzer, git lfs without
# git-lfs; waits ended by a node:test timeout option, PYTEST_TIMEOUT on a FIFO nobody writes, go
# test -timeout on a child process, subprocess.run's timeout in a script, and pytest-timeout's
# timeout_func_only leaving a fixture's wait to the runner's limit; passes that look alarming (a
# recovered panic's stack in t.Log, console.error lines in a passing node test, go test -timeout
# 3s around a 10 s benchmark) and monorepo layouts (a nested Go module using the project through
# a replace directive, a Python package of ours under packages/ with its own src/ and tests/).
# How recorded: the same record.sh (split_of now knows the up14- prefix; its header names
# upstream14-tune among the printed parts and up14-* among the prefixes). The 60 first-named
# scenarios were first run by `record.sh up14-` itself in scratch (UPSTREAM_SCRATCH=
# /tmp/up14/scratch, held-out output to /dev/null); the three tune cases fixed below and the one
# case added then were run again (UPSTREAM_SCRATCH=/tmp/up14/scratch2); then every up14 case was
# recorded by one final run of `record.sh up14-` on 2026-12-01 (one process, nothing edited while
# it ran; UPSTREAM_SCRATCH=/tmp/up14/rec; this comment was corrected in two places after it).
# Same departure (a shared GOCACHE in /tmp/up/gocache,
# which did not exist on this machine and was warmed first by go vet, go test -run XXX and go test
# -race -run XXX of the five Go modules at their newest commits outside the sandbox, outputs
# discarded; GOFLAGS=-mod=mod was set for that warm-up only).
# Tools: go 1.26.8; Debian's /usr/bin/python3 3.11.2, pytest 7.2.1, pytest-timeout 2.1.0, mypy
# 1.0.1 (with python3-typeshed), flake8 5.0.4 (pycodestyle 2.10.0, pyflakes 2.5.0), pylint 2.16.2
# (astroid 2.14.2), pydocstyle 6.2.3, vulture 2.7, autopep8 2.0.1, isort 5.6.4, bandit 1.6.2,
# yamllint 1.29.0, cppcheck 2.10, shellcheck 0.9.0, gcc 12.2.0 (python3-dev headers), node
# v20.20.2, tsc 4.8.4 (node-typescript), GNU make, pkg-config, git 2.39.5 (no git-lfs).
# Counts: 61 cases, 37 upstream14-tune, 24 upstream14-heldout. Labels (tune / held-out): PASS 17
# (13/4), TEST_FAILURE 11 (7/4), CODE_ERROR 8 (5/3), LINT_ERROR 7 (3/4), TYPE_ERROR 5 (4/1),
# ENV_ERROR 8 (2/6), TIMEOUT 5 (3/2).
# Projects: click 13, toml 10, markupsafe 8, tomli 8, uuid 8, mux 7, golang-lru 4, go-cmp 3.
# Recipes: go_fourteen 20, - 18, py_fourteen 12, tests_from 11.
# Recipes added (below the thirteenth recording's, which are unchanged): go_fourteen (our own Go,
# assembly, go.mod, Makefile, .gitattributes, shell, JavaScript and TypeScript files in the Go
# projects) and py_fourteen (our own Python modules, tests, scripts, a lock file, a mypy config, a
# package under packages/ and C files). The recipe dispatch at the end gained the line
# `go_fourteen|py_fourteen) ;;`.
#
# DISCLOSURES (upstream14)
# - Blindness: autoverify was never run, and its classifier, tests, bot/, cmd/, integrations/,
#   docs/, internal/, README.md and the recorded corpus outputs of earlier parts were never read,
#   nor git log/diff of the repository. Read: cases.tsv, prepare.sh and record.sh (beside this
#   script), ../shared/spec (README.md and the failure-type table of engine-run-artifacts.md) and
#   ../shared/realhistory/README.md. Conventions were taken from the earlier rows of cases.tsv and
#   their reasons and the thirteenth recording's disclosures (a missing tool, module, plugin,
#   library, header, interpreter or network is ENV_ERROR; a killed or -timeout/pytest-timeout-
#   stopped wait is TIMEOUT; a project file that a tool cannot use as written is CODE_ERROR; mypy
#   and tsc findings are TYPE_ERROR; linters' and formatters' findings are LINT_ERROR).
# - Judgements without a close precedent: a golden-file comparison by diff -u after go run is
#   TEST_FAILURE (the step is a test of the command's output, and the output differs); a go.mod
#   line misspelt "requires" (go cannot parse go.mod) is CODE_ERROR, like the earlier Makefile
#   indented with spaces and the unclosed pyproject.toml table; gcc -fanalyzer's double-free under
#   -Werror is LINT_ERROR (a static analyzer's finding, like cppcheck's, though gcc says error);
#   autopep8 --diff --exit-code wanting changes is LINT_ERROR (a formatter check, like gofmt -l);
#   vulture's unused-code report is LINT_ERROR; a missing C header or pkg-config package for cgo,
#   flake8 --require-plugins and pytest required_plugins naming plugins that are not installed
#   (pytest exits 4), a mypy config naming a plugin whose package is missing (exit 2), tsc's
#   TS2307 for express (an npm package never installed), git lfs without git-lfs, and a test
#   failing because the sandbox has no network are ENV_ERROR; subprocess.TimeoutExpired raised in
#   a script by subprocess.run(timeout=5) is TIMEOUT (the step's wait was ended by a time limit;
#   unlike the twelfth part's context deadline, nothing asserts a latency), and so are node:test's
#   per-test timeout option (reported as cancelled, exit 1) and a fixture's wait left by
#   timeout_func_only to the runner's limit (killed); a missing Go function body, func main
#   returning int, an impossible MRO and await in a plain function are CODE_ERROR; pytest
#   --fixtures (nothing run, exit 0) and go test -timeout 3s around a 10 s benchmark (exit 0) are
#   PASS.
# - Exploration before naming, exit codes only (outputs discarded), with two probe scripts of mine
#   that clone a bundle, run one command in the same sandbox (unshare -n, env -i, empty HOME) and
#   print its exit code: base / base-plus-new-tests / fix triples for toml c6d720d, 277ecb0 (new
#   tests pass on the parent: not used), 1a6ca6e, d9b9172, e2f6fa2, bd45a18, a8d6de8, 2249a9c,
#   01e5516 (all 0/1/0; those not used were left for later parts), the same with go test -run '^$'
#   (all compile) and for 2e90ced (-run '^$' fails: a compile error); golang-lru f0d41e0 (its
#   parent fails alone: not used), 575866d (passes), f2e3b29 (-run '^$' fails); mux fe14465 and
#   db9d1d0 (new tests pass on the parent), de7178d (0/1/0); click 701b313, ac6a2ac, 93c6966,
#   f3a4363, 4fd2fea, f2ae679, b96c260, 1f9cd54, 0b7a9ac, b5464b7, 88328fc, 831c8f0, 9f9b149 (all
#   0/1/0 on the changed test files), d8e987e (its parent fails alone); markupsafe 3d809ae
#   (0/1/0); tomli 4188188 (its parent fails with that command); and on the newest commits:
#   pydocstyle on tomli (1) and markupsafe (1, also with --select=D300,D301), vulture on click (1)
#   and tomli (1, also --min-confidence 100), autopep8 --diff --exit-code on tomli (2) and
#   markupsafe (0), pylint too-many-arguments on click (8), protected-access on click (4),
#   too-many-return-statements on tomli (8), mypy --disallow-any-expr on tomli (1), gcc -fanalyzer
#   on _speedups.c (-fsyntax-only 0; -Werror -c -o a file 0), flake8 --require-plugins
#   flake8-bugbear on click (1), tomli's tests with -o required_plugins=pytest-xdist (4). Several
#   of these exit codes belong to commands that became held-out cases or differ from them only in
#   -p no:cacheprovider: up14-click-enum-choice-default and up14-click-clirunner-stderr-flush (1;
#   the same command), up14-toml-utf8-bom-skipped and up14-toml-omitempty-pointer-deref (1, with
#   go test -count=1 . where the case for d9b9172 runs ./...), up14-lru-expirable-newlru-undefined
#   (-run '^$' ./... 1), up14-tomli-pydocstyle (1), up14-click-pylint-too-many-arguments (8),
#   up14-tomli-mypy-disallow-any-expr (1), up14-click-flake8-require-plugins (1),
#   up14-tomli-pytest-required-plugins (4), up14-markupsafe-gcc-analyzer-speedups-pass (0, with
#   -o /tmp/x.o instead of /dev/null). Project files read: commit subjects and changed-file lists,
#   go.mod files, the projects' [tool.mypy] sections, vulture 2.7's and pytest-timeout 2.1's
#   installed sources (vulture's exit status and pyproject reading; func_only), node's --help.
# - Outputs read: TUNE outputs only, from the scratch runs. Held-out cases whose neighbours'
#   outputs I read (the same recipe, tool or commit form): up14-toml-utf8-bom-skipped and
#   up14-toml-omitempty-pointer-deref (up14-toml-marshaler-nil-return; and the fix commit
#   1a6ca6e's tune pass), up14-click-enum-choice-default and up14-click-clirunner-stderr-flush
#   (the other click tests_from cases), up14-lru-expirable-newlru-undefined
#   (up14-toml-max-table-nesting-undefined), up14-markupsafe-mro-conflict, up14-click-test-needs-
#   internet and up14-tomli-pytest-timeout-env-fifo (other py_fourteen test modules),
#   up14-tomli-mypy-disallow-any-expr (up14-tomli-mypy-redundant-expr shows that mypy 1.0 warns
#   about tomli's strict_bytes option and goes on), up14-markupsafe-mypy-plugin-missing
#   (up14-markupsafe-mypy-truthy-bool), up14-lru-cgo-header-missing (up14-uuid-cgo-pkg-config-
#   missing), up14-markupsafe-gcc-analyzer-double-free and up14-markupsafe-gcc-analyzer-speedups-
#   pass (none), up14-toml-shellcheck-posix-sh (none), up14-mux-node-console-error-pass
#   (up14-mux-node-test-timeout-option), up14-lru-make-C-subdir-pass and up14-lru-env-chdir-pass
#   (none), up14-gocmp-gomod-unknown-directive, up14-toml-git-lfs-missing, up14-tomli-pydocstyle,
#   up14-click-flake8-require-plugins, up14-tomli-pytest-required-plugins,
#   up14-click-pylint-too-many-arguments (none), up14-markupsafe-timeout-func-only-fixture (none).
# - Scenarios fixed after reading a TUNE output (names kept): up14-click-vulture-dead-code first
#   ran `vulture src/click` in the root: vulture 2.7 always reads ./pyproject.toml and its old
#   toml parser crashed on click's (IndexError, exit 1 for the wrong reason); it now runs from src/
#   (`cd src && vulture click`, the findings, exit 1). up14-mux-tsc-express-not-installed first
#   had --strict: besides TS2307 tsc reported TS7006 for the callback's parameters (express being
#   unresolved); --strict was dropped, only TS2307 remains (exit 2). up14-gocmp-bench-timeout-flag
#   was TIMEOUT: go test's -timeout alarm is stopped before benchmarks run, so the 10 s benchmark
#   finished and passed (exit 0); the label is now PASS (the scenario unchanged, the reason
#   rewritten). To keep five TIMEOUT cases, up14-markupsafe-timeout-func-only-fixture (held-out,
#   its name and split fixed before its first run) was added with the recipe kind funconly.
# - Reasons reworded after reading TUNE outputs (labels unchanged): up14-uuid-allocs-per-run (two
#   allocations per call), up14-mux-regexp-alloc-rewrite (the failing test is
#   Test_newRouteRegexp_Errors), up14-click-fish-quoted-completion (1 failed, 51 passed),
#   up14-click-clirunner-eof-regression (three test_pipeline cases, SystemExit(1)),
#   up14-toml-marshaler-nil-return (TestEncodeEmpty), up14-tomli-autopep8-diff (E203 in
#   black-style slices), up14-mux-node-test-timeout-option (counted as cancelled).
# - Exit codes of held-out cases: all were the ones built for in their first scratch run (PASS 0,
#   every failure label non-zero; the final run gave the same exit codes as the scratch runs for
#   all 61 cases), so none was fixed or dropped; reasoned, not read:
#   up14-markupsafe-mro-conflict 2 (a collection error), up14-click-pylint-too-many-arguments 8
#   (pylint's refactor message class), up14-tomli-pytest-required-plugins 4 (a usage error),
#   up14-markupsafe-mypy-plugin-missing 2 (mypy's config error), up14-markupsafe-timeout-func-
#   only-fixture killed (the runner's 15 s limit), the others 1.
# - Stability notes: up14-uuid-allocs-per-run relies on NewString allocating (its string always
#   does); up14-gocmp-bench-timeout-flag on go 1.26 not applying -timeout to benchmarks (it takes
#   about 10 s); up14-uuid-child-process-timeout leaves its sleep 30 running for up to 26 s after
#   go test exits; up14-click-subprocess-timeout-expired kills its child itself; the cgo cases on
#   gcc being on PATH (cgo enabled) and zstd.h / libzmq's pkg-config file being absent;
#   up14-click-test-needs-internet on the sandbox having no network; up14-toml-git-lfs-missing on
#   git-lfs not being installed; up14-markupsafe-mypy-plugin-missing on pydantic not being
#   installed; the node timeout case on node 20's test runner aborting t.signal on timeout (the
#   interval is cleared, so node exits); up14-tomli-pytest-timeout-env-fifo on pytest-timeout's
#   SIGALRM interrupting open() of the FIFO; up14-markupsafe-timeout-func-only-fixture on the
#   runner's 15 s limit; up14-toml-go-version-m-pass on git being available for go build's VCS
#   stamping.
#
# Fifteenth recording (upstream15)
#
# What it is: 34 more scenarios on the same eight projects, named up15-*, split upstream15-tune /
# upstream15-heldout (cksum of the case name mod 3, computed, never chosen; every name was fixed,
# and its split computed, before the scenario was first run), built BLIND (no knowledge of how
# autoverify classifies) with commits and commands the first fourteen recordings did not use.
# Real commits: later fixes' tests over their parents (tests_from: toml e2f6fa2 (interface{} map
# keys, under -shuffle=on), bd45a18 (omitempty on all-zero structs, -failfast); click ac6a2ac
# (completion of nested groups, pytest -x), 4fd2fea (flag_value with a type, --maxfail=1), 1f9cd54
# (the pager's temp file closed before unlink), 831c8f0 (NoSuchCommand suggestions, --tb=line)),
# real fixes undone in the code (code_from: toml 01e5516's encode.go, click b5464b7's core.py),
# two fix commits passing (toml e2f6fa2 shuffled, click ac6a2ac), gofmt -s -d on mux v1.7.0 (go
# 1.26 rewrites its doc comments), go-cmp v0.5.6 (requires golang.org/x/xerrors) under -race,
# and on the newest commits: flake8 E501 at 88 columns and pydocstyle on markupsafe, unittest
# discovery of tomli's suite (passing, and with a half-typed def in _parser.py), go test -race
# -failfast, go test -shuffle=on -count=2, pytest --strict-markers. The first recording's recipes
# on new files and commands: break_syntax (mux middleware.go under go test -race; uuid null.go under
# go build -tags), raise_at_import (markupsafe _native.py, pytest --maxfail=1), add_import (pyflakes
# on click's formatting.py), type_slip (mypy on tomli/_types.py and click/formatting.py),
# go_test_file (vet's printf check inside go test on golang-lru's expirable; an hour's sleep under
# go test -race -timeout 10s), py_test_file (an hour's sleep under the runner's 15 s limit), and
# the second's go_file badint (go vet on a type error); missing things: pytest -p randomly (the
# plugin is not installed), go run of a tool at a version (no network), gotestsum, mutmut and
# python -m build (not installed).
# How recorded: the same record.sh (split_of now knows the up15- prefix; its header names
# upstream15-tune among the printed parts and up15-* among the prefixes). Every scenario was first
# run by `record.sh up15-` itself in scratch (UPSTREAM_SCRATCH=/tmp/up15/scratch, held-out output
# to /dev/null); no scenario needed fixing; then every up15 case was recorded by one final run of
# `record.sh up15-` on 2026-12-02 (one process, nothing edited while it ran; UPSTREAM_SCRATCH=
# /tmp/up15/rec). Same departure (a shared GOCACHE in /tmp/up/gocache, which did not exist on this
# machine and was warmed first by go vet, go test -run XXX and go test -race -run XXX of the five Go
# modules at their newest commits outside the sandbox, outputs discarded; GOFLAGS=-mod=mod and a
# HOME of its own for that warm-up only). Tools as in the fourteenth recording.
# Counts: 34 cases, 26 upstream15-tune, 8 upstream15-heldout. Labels (tune / held-out): PASS 6
# (4/2), TEST_FAILURE 8 (7/1), CODE_ERROR 5 (4/1), LINT_ERROR 5 (5/0), TYPE_ERROR 2 (2/0),
# ENV_ERROR 6 (3/3), TIMEOUT 2 (0/2).
# Projects: click 9, markupsafe 5, tomli 5, toml 4, mux 4, uuid 3, golang-lru 3, go-cmp 1.
# Recipes: - 15, tests_from 6, break_syntax 3, code_from 2, type_slip 2, go_test_file 2,
# raise_at_import 1, add_import 1, go_file 1, py_test_file 1. No recipe was added.
#
# DISCLOSURES (upstream15)
# - Blindness: autoverify was never run, and its classifier, tests, bot/, cmd/, integrations/,
#   docs/ and the recorded corpus outputs of earlier parts were never read, nor git log/diff of
#   the repository. Read: cases.tsv, prepare.sh and record.sh (beside this script), ../shared/spec
#   (README.md and the failure-type table of engine-run-artifacts.md) and
#   ../shared/realhistory/README.md. Conventions were taken from the earlier rows of cases.tsv and
#   their reasons (a missing tool, plugin or module, or a needed download with no network, is
#   ENV_ERROR; an import-time error or syntax/type error in the tree is CODE_ERROR; a test that
#   runs and fails, also by an AttributeError or TypeError inside it, is TEST_FAILURE; vet's
#   printf finding inside go test is LINT_ERROR as in up-gocmp-vet-in-test; a type error reported
#   by go vet is CODE_ERROR as in up13-toml-assign-map-struct-field).
# - Commits chosen from the fourteenth recording's disclosures: its probes had given base /
#   base-plus-new-tests / fix exit codes 0/1/0 for toml e2f6fa2, bd45a18, 01e5516 and click
#   ac6a2ac, 4fd2fea, 1f9cd54, b5464b7, 831c8f0 (left for later parts); I probed nothing of these
#   again. Exploration before naming, outside the sandbox (outputs discarded unless said): gofmt
#   -s -l file counts at mux v1.6.0, v1.7.0, v1.8.0 and uuid v1.0.0-v1.3.0 (and the file names at
#   mux v1.7.0: up15-mux-gofmt-simplify-1-7), the exit codes of bandit -r on tomli and markupsafe
#   (0: not used), pydocstyle on markupsafe (1: up15-markupsafe-pydocstyle), pylint consider-using-f-string on click 884af5c (0: not used), yamllint .github
#   on markupsafe (1: already an earlier case, not used) and flake8 E501 at 88 columns on
#   markupsafe's tests (1: up15-markupsafe-flake8-tests-88). All three are tune cases. Project
#   files read: commit subjects, stats and test diffs of the click commits above (to tell failing
#   tests from import errors), go.mod files, go-cmp's go.mod history (xerrors from 340f1eb to
#   63c2960), markupsafe's __init__.py imports, tomli's tests/ listing.
# - Naming: up15-mux-gotestsum-missing (held-out) was named after a case using docker was dropped
#   before any run (a Docker daemon socket exists on this machine and the sandbox would have
#   reached it); I then saw that gotestsum had been used once before and considered renaming the
#   case to another missing tool, but kept the name to avoid any choice after its split was known.
# - Outputs read: TUNE outputs only, from the scratch run. Held-out cases whose neighbours' outputs
#   I read: up15-toml-interface-map-keys (up15-toml-omitempty-zero-struct, the same form),
#   up15-toml-interface-map-keys-fix-pass (up15-click-nested-completion-fix-pass),
#   up15-mux-half-typed-race (up15-uuid-half-typed-build-tags), up15-mux-gotestsum-missing and
#   up15-markupsafe-build-module-missing (up15-tomli-mutmut-missing), up15-gocmp-xerrors-race-2021
#   (up15-uuid-go-run-tool-offline, the network error), up15-mux-block-race-timeout and
#   up15-tomli-sleep-runner-kill (none), up15-lru-race-failfast-pass (up15-uuid-shuffle-count-pass).
# - Labels were fixed before the first run and none changed. Reasons reworded after reading TUNE
#   outputs: up15-click-no-such-command-suggestion, up15-click-flag-value-non-flag-undone,
#   up15-click-flag-value-type, up15-click-pager-tempfile-unlink, up15-mux-gofmt-simplify-1-7 (the
#   diff is go 1.26's doc-comment reformatting, not -s simplifications), up15-click-type-slip-
#   formatting (mypy 1.0 also reports click's one-argument Generator annotations),
#   up15-markupsafe-raise-at-import-maxfail (ImportError while loading conftest, exit 4).
# - Exit codes of held-out cases: all were the ones built for in the scratch run (PASS 0, every
#   failure label non-zero); reasoned, not read: up15-mux-gotestsum-missing 127,
#   up15-tomli-sleep-runner-kill killed (the runner's 15 s limit), up15-mux-block-race-timeout 1
#   (go test's -timeout panic), the others 1 or 0.
# - Stability notes: up15-tomli-sleep-runner-kill and up15-mux-block-race-timeout on their time
#   limits (15 s; go test -timeout 10s, the race build being cached); up15-uuid-go-run-tool-offline
#   and up15-gocmp-xerrors-race-2021 on the sandbox having no network and an empty module cache;
#   up15-click-pytest-randomly-plugin, up15-mux-gotestsum-missing, up15-tomli-mutmut-missing and
#   up15-markupsafe-build-module-missing on those not being installed; up15-mux-gofmt-simplify-1-7
#   on go 1.26's gofmt (older gofmt versions leave those doc comments alone);
#   up15-click-type-slip-formatting on mypy 1.0.1.
# Sixteenth recording (upstream16)
#
# What it is: 55 more scenarios on the same eight projects, named up16-*, split upstream16-tune /
# upstream16-heldout (cksum of the case name mod 3, computed, never chosen; every name was fixed,
# and its split computed, before the scenario was first run), built BLIND (no knowledge of how
# autoverify classifies) with commits and commands the first fifteen recordings did not use.
# Real commits, further back in click's and toml's history: later fixes' tests over their
# parents (tests_from: click e003331 (ParamType.to_info_dict() without a name), ee56925
# (is_bool_flag set although is_flag is False), d48b59b (make_default_short_help's max_length),
# 42ee8a1 (an empty options_metavar), 94cc293 (default=tuple with multiple=True), b964c1e
# (case-insensitive choice completion), bf1e8be (a flag's default shown from default_map),
# 05b795c (copy-paste errors in click.style()), 1496837 (suffixes removed from generated command
# names); toml 1891d01 (nested structs on 32-bit archs) run on amd64, where it passes), real
# fixes undone in the code (code_from: click e003331's types.py, ee56925's core.py), two fix
# commits passing (e003331, 42ee8a1), and real tools and options on real code: go vet with
# analyzers named one by one (-lostcancel -bools -stringintconv, -ifaceassert -sigchanyzer
# -errorsas, -stdmethods -lostcancel), go test -bench with -benchtime 10x, -covermode=count
# -coverprofile, unittest -q, pytest --durations, -l, -vv, --tb=no -rf; flake8 E203 and E501 at
# 72 columns on tomli, pycodestyle W503 and pydocstyle D401 on click, pylint line-too-long at 60
# (markupsafe) and missing-function-docstring (tomli), yamllint -s on markupsafe's
# .pre-commit-config.yaml; situations a CI meets: go test -run with an invalid regexp, a
# -coverprofile or go test -c -o under /proc (cannot be written), go list -m -versions and pip
# download with no network, missing tools (gosec, task, just, python3.9), pytest -c naming a
# config file that does not exist. The first recording's recipes on new files and commands:
# break_syntax (toml lex.go under go vet -lostcancel, golang-lru 2q.go, go-cmp cmp/options.go
# under go test -short, markupsafe __init__.py), raise_at_import (click utils.py, tomli _re.py
# under unittest -f), add_import (pylint unused-import on tomli), type_slip (mypy --strict on
# markupsafe _native.py, mypy --no-incremental on tomli _re.py, --follow-imports=skip on click
# _textwrap.py, --pretty --no-error-summary on tomli), go_test_file (undefined under -run
# TestNew, vetprintf under go test -vet=printf, an hour's sleep under -cpu 2 -timeout 6s),
# py_test_file (an hour's sleep under the runner's 20 s limit and under pytest --timeout=5), and
# the second's go_file badint (go vet -composites on a type error).
# How recorded: the same record.sh (split_of now knows the up16- prefix; its header names
# upstream16-tune among the printed parts and up16-* among the prefixes). Every scenario was
# first run by `record.sh up16-` itself in scratch (UPSTREAM_SCRATCH=/tmp/up16/scratch,
# held-out output to /dev/null); one tune case was relabelled (below), no recipe or command was
# changed; then every up16 case was recorded by one final run of `record.sh up16-` on 2026-12-02
# (one process, nothing edited while it ran; UPSTREAM_SCRATCH=/tmp/up16/rec). Same departure
# (the shared, already warm GOCACHE /tmp/up/gocache). Tools as in the fourteenth recording.
# Counts: 55 cases, 34 upstream16-tune, 21 upstream16-heldout. Labels (tune / held-out): PASS 11
# (9/2), TEST_FAILURE 11 (6/5), CODE_ERROR 8 (4/4), LINT_ERROR 8 (5/3), TYPE_ERROR 4 (3/1),
# ENV_ERROR 10 (6/4), TIMEOUT 3 (1/2).
# Projects: click 19, tomli 9, markupsafe 8, golang-lru 5, uuid 4, mux 4, toml 3, go-cmp 3.
# Recipes: - 26, tests_from 10, type_slip 4, break_syntax 4, go_test_file 3, raise_at_import 2,
# py_test_file 2, code_from 2, go_file 1, add_import 1. No recipe was added.
#
# DISCLOSURES (upstream16)
# - Blindness: autoverify was never run, and its classifier, tests, bot/, cmd/, integrations/,
#   docs/ and the recorded corpus outputs of earlier parts were never read, nor git log/diff of
#   the repository. Read: cases.tsv, prepare.sh and record.sh (beside this script), ../shared/spec
#   (README.md and the failure-type table of engine-run-artifacts.md) and
#   ../shared/realhistory/README.md. Conventions were taken from the earlier rows of cases.tsv and
#   their reasons (a bad flag value, a path that does not exist or cannot be written, a missing
#   tool or a needed network is ENV_ERROR, as in up-uuid-test-unknown-flag and
#   up4-toml-coverprofile-missing-dir; an import-time or syntax error in the tree is CODE_ERROR,
#   as is a type error reported by go vet; a test that runs and fails, also by an AttributeError
#   or IndexError inside the code under test, is TEST_FAILURE; vet's printf finding inside go
#   test is LINT_ERROR).
# - Exploration before naming, outside the sandbox (exit codes only, outputs discarded): click's
#   pytest on the named test file at base-plus-new-tests and at the fix for e003331, ee56925,
#   d48b59b, 42ee8a1, 25a8879, 94cc293, b964c1e, 0d01686, bf1e8be, 05b795c and 1496837 (1/0
#   each, except 25a8879 0/0 and 0d01686 1/1, not used); toml 1891d01's new encode tests over
#   its parent with GOARCH=386 (1), on amd64 (0: up16-toml-32bit-nested-amd64-pass, tune) and
#   the fix under 386 (1, so no 386 case was made). So the held-out up16-click-paramtype-info-
#   dict-noname, -multiple-tuple-default, -choice-completion-case, -default-map-flag-show and
#   -command-name-suffix had their command's exit code (1) probed, with -q -p no:cacheprovider
#   (and, for 1496837, tests/test_commands.py alone), before they were named; their outputs were
#   never read. Project files read: commit subjects and changed-file lists, go.mod files (go-cmp's
#   older fixes all require golang.org/x/xerrors, so none was used), root listings.
# - Relabelled after reading a TUNE output: up16-tomli-flake8-e203-slices, built as LINT_ERROR,
#   exits 0 with no finding (tomli has no whitespace before ':' that E203 reports); it is now a
#   PASS and its reason says so. Reasons reworded after reading TUNE outputs:
#   up16-click-paramtype-noname-undone, up16-click-short-help-max-length,
#   up16-uuid-coverprofile-readonly, up16-markupsafe-config-file-missing,
#   up16-tomli-type-slip-parser-pretty, up16-markupsafe-yamllint-strict-precommit.
# - Held-out cases whose neighbours' outputs I read: the five held-out click tests_from cases
#   (the tune click tests_from and code_from cases), up16-mux-vet-lostcancel-bools-pass
#   (up16-uuid-vet-ifaceassert-pass, up16-lru-vet-stdmethods-lostcancel-pass),
#   up16-markupsafe-durations-pass (none of that form), up16-mux-list-versions-offline
#   (up16-click-pip-download-offline), up16-lru-task-missing, up16-tomli-just-missing and
#   up16-markupsafe-python39-missing (up16-gocmp-gosec-missing), up16-tomli-pylint-missing-
#   docstring and up16-tomli-pylint-unused-os (up16-markupsafe-pylint-line-60), up16-mux-vet-
#   printf-flag (none), up16-tomli-type-slip-re-no-incremental (the tune type_slip cases),
#   up16-uuid-undefined-helper-run and up16-mux-badint-vet-composites (the tune Go
#   break_syntax cases), up16-click-raise-at-import-utils and up16-tomli-raise-at-import-failfast
#   (up16-markupsafe-half-typed-init), up16-uuid-block-timeout-cpu and
#   up16-markupsafe-sleep-pytest-timeout (up16-click-sleep-runner-kill).
# - Exit codes of held-out cases: all were the ones built for in the scratch run (PASS 0, every
#   failure label non-zero): 127 for the three missing tools, 16 and 4 for the two pylint runs
#   (pylint's bit-coded exit status), 4 for click's import-time raise (pytest's usage error exit,
#   a conftest import failing), 1 for the others, including the two TIMEOUT cases (go test's
#   -timeout panic, pytest-timeout's failure); none was killed.
# - Stability notes: up16-click-sleep-runner-kill on the runner's 20 s limit; up16-uuid-block-
#   timeout-cpu and up16-markupsafe-sleep-pytest-timeout on their 6 s / 5 s limits;
#   up16-mux-list-versions-offline and up16-click-pip-download-offline on the sandbox having no
#   network (pip retries five times first); up16-gocmp-gosec-missing, up16-lru-task-missing,
#   up16-tomli-just-missing and up16-markupsafe-python39-missing on those not being on the
#   runner's PATH (a python3.9 exists under /root/.pyenv/shims, outside it);
#   up16-uuid-coverprofile-readonly and up16-lru-test-binary-readonly on /proc refusing new files;
#   up16-tomli-type-slip-parser-pretty on mypy 1.0.1 (it also warns about tomli's newer mypy
#   options).
#
# Seventeenth recording (upstream17)
#
# What it is: 51 more scenarios on the same eight projects, named up17-*, split upstream17-tune /
# upstream17-heldout (cksum of the case name mod 3, computed, never chosen; every name was fixed,
# and its split computed, before the scenario was first run), built BLIND (no knowledge of how
# autoverify classifies) with commits and commands the first sixteen recordings did not use.
# Real commits, further back in mux's and toml's history: later fixes' tests over their parents
# (tests_from: mux 395ad81 (a query mismatch answered 405 instead of 404), 98cb6bf (vars of a
# wildcard host), ff4e71f (the scheme guessed when r.URL.Scheme is unset); toml e954445 (duplicate
# arrays rejected: its toml_test.go stops skipping that toml-test case) and c6d720d (local
# datetimes not shifted to UTC), which passes over its parent in the sandbox's UTC), real fixes
# undone (code_from: mux 395ad81's route.go, toml e954445's parse.go), the fix 395ad81 passing,
# and real tools and options on real code: go test -parallel 1, -cpu 1,2, -skip, a -run naming no
# test, go build -race with cgo disabled, go build ./..., go mod verify, go get and pip install
# with no network, go test -timeout without a unit, vet -copylocks -atomic; unittest discover
# with a pattern no file matches and with a start directory that does not exist, pytest -p with a
# plugin not installed, -W error, -rA, -x; compileall -q, pycodestyle E711/E712, pydocstyle D213
# on click's termui.py, bandit -t B602 on click's _termui_impl.py, pylint too-many-arguments on
# click's core.py, isort with tomli's settings on an import we add (add_import zipfile); missing
# tools (goreleaser, pipenv). Earlier recipes on files and packages not used before: break_syntax
# (uuid time.go under go build, mux route.go under go vet -copylocks, tomli _types.py under
# compileall), type_slip (mypy --strict on click globals.py, --warn-unreachable on tomli
# _types.py), py_file (argtype in markupsafe _native.py, optional and indent in click termui.py,
# nameerror in markupsafe _native.py under python3 -c 'import markupsafe', unittestwait under the
# runner's 15s), py_test (loadswrong under -W error, escapewrong under -rA), go_test_file
# (undefined and block in go-cmp's cmp/cmpopts), go_file (badint and chanwait in golang-lru's
# simplelru), go_six copylocks (go-cmp cmp) and unusedresult (simplelru), go_eight shift (toml
# under plain go vet), go_work (go-cmp), go_directive (toml), py_nine shscript (shellcheck -x
# in mux).
# How recorded: the same record.sh (split_of now knows the up17- prefix; its header names
# upstream17-tune among the printed parts and up17-* among the prefixes). Every scenario was
# first run by `record.sh up17-` itself in scratch (UPSTREAM_SCRATCH=/tmp/up17/scratch, held-out
# output to /dev/null); no case was relabelled, no recipe or command was changed; then every up17
# case was recorded by one final run of `record.sh up17-` on 2026-12-02 (one process, nothing
# edited while it ran; UPSTREAM_SCRATCH=/tmp/up17/rec). Same departure (the shared, already
# warm GOCACHE /tmp/up/gocache). Tools as in the sixteenth recording (go 1.26.8, Python 3.11.2,
# pytest 7.2.1).
# Counts: 51 cases, 31 upstream17-tune, 20 upstream17-heldout. Labels (tune / held-out): PASS 9
# (6/3), TEST_FAILURE 10 (6/4), CODE_ERROR 7 (3/4), LINT_ERROR 8 (6/2), TYPE_ERROR 4 (4/0),
# ENV_ERROR 10 (5/5), TIMEOUT 3 (1/2).
# Projects: click 9, tomli 8, mux 8, toml 6, golang-lru 6, markupsafe 5, go-cmp 5, uuid 4.
# Recipes: - 21, tests_from 5, py_file 5, break_syntax 3, type_slip 2, py_test 2, go_test_file 2,
# go_six 2, go_file 2, code_from 2, py_nine 1, go_work 1, go_eight 1, go_directive 1,
# add_import 1. No recipe was added.
# Conventions followed (from earlier rows' labels and reasons): a test command that runs no test
# at all is TEST_FAILURE even when it exits 0 (up17-click-unittest-pattern-none,
# up17-uuid-run-matches-nothing, as up11-uuid-all-tests-skipped-pass and up10-click-k-matches-
# nothing); a missing tool or plugin, a needed network, a bad flag value, a path that does not
# exist, a go.work naming a missing module and a go line newer than the toolchain are ENV_ERROR;
# a syntax or import-time error in the tree and a Go compile error are CODE_ERROR; vet's,
# shellcheck's, isort's, pydocstyle's, bandit's and pylint's findings are LINT_ERROR; mypy's are
# TYPE_ERROR; go test's -timeout panic and the runner's kill are TIMEOUT.
#
# DISCLOSURES (upstream17)
# - Blindness: autoverify was never run, and its classifier, tests, bot/, cmd/, integrations/,
#   docs/ and the recorded corpus outputs of earlier parts were never read, nor git log/diff of
#   the repository. Read: cases.tsv, prepare.sh and record.sh (beside this script), the spec
#   directory's file list and ../shared/realhistory/README.md (not re-read in depth: the
#   conventions were taken from the earlier rows' labels and reasons).
# - Exploration before naming, outside the sandbox (in /tmp/up17/probe, exit codes only, outputs
#   discarded; GOFLAGS=-mod=mod GOPROXY=off): go test ./... on the parent plus the fix's test
#   files of mux 395ad81, 98cb6bf, ff4e71f (1 each), toml c6d720d (0), e954445 (1), golang-lru
#   f4cd393 (0, not used: arc is a separate module); go test -run NONE_X (compile only) on the
#   four failing Go ones (0 each, so they were built as TEST_FAILURE, not CODE_ERROR); tomli
#   9e56735, 8d34a60, 653a1ef under unittest and pytest (their parents already fail to collect:
#   not used); markupsafe 76da463's test over its parent (4: not used). So the held-out
#   up17-mux-query-mismatch-status, -wildcard-host-vars and -scheme-guess-unset had their
#   tests' exit code (1) and compile status probed, with a different go test command, before
#   they were named; their outputs were never read. Project files read: commit subjects and
#   changed-file lists, go.mod files, file listings, the shell=True lines of click's
#   _termui_impl.py (for the bandit case).
# - Relabelled after reading a TUNE output: none. Reasons reworded after reading TUNE outputs:
#   up17-click-type-slip-globals-strict and up17-markupsafe-argtype-native (they mention the
#   projects' own mypy findings beside ours).
# - Held-out cases whose neighbours' outputs I read: the three held-out mux tests_from cases and
#   up17-mux-query-mismatch-fix-pass (up17-mux-query-mismatch-undone, the toml tests_from and
#   code_from cases), up17-tomli-loads-wrong-werror (up17-markupsafe-escape-wrong-ra),
#   up17-lru-mod-verify-pass and up17-toml-build-all-pass (the tune PASS cases),
#   up17-tomli-unittest-start-missing (up17-click-pytest-plugin-missing), up17-lru-goreleaser-
#   missing and up17-markupsafe-pipenv-missing (none of that form this time),
#   up17-uuid-go-get-offline and up17-toml-go-directive-future (up17-tomli-pip-install-offline,
#   up17-gocmp-gowork-missing-dir), up17-lru-vet-unusedresult-own (up17-gocmp-vet-copylocks-own,
#   up17-toml-vet-shift-own), up17-click-bandit-shell-pager (the tune LINT_ERROR cases),
#   up17-mux-half-typed-route-vet, up17-lru-badint-simplelru-skip, up17-tomli-half-typed-types-
#   compileall and up17-click-indent-termui (up17-uuid-half-typed-time-build,
#   up17-markupsafe-nameerror-import, up17-gocmp-undefined-helper-cmpopts),
#   up17-gocmp-block-timeout-3s and up17-tomli-unittest-wait-runner (up17-lru-chanwait-runner).
# - Exit codes of held-out cases: all were the ones built for in the scratch run (PASS 0, every
#   failure label non-zero): 127 for the two missing tools, 4 for click's IndentationError under
#   pytest (a conftest import failing: pytest's usage error exit, as in the sixteenth recording),
#   "killed" for up17-tomli-unittest-wait-runner (the runner's 15s limit), 1 for the others,
#   including up17-gocmp-block-timeout-3s (go test's -timeout panic).
# - Two commands repeat earlier parts' forms on another project: pipenv run pytest tests
#   (up8-click-pipenv-missing, now markupsafe) and go vet -copylocks (now on our own go-cmp file).
# - Stability notes: up17-lru-chanwait-runner and up17-tomli-unittest-wait-runner on the runner's
#   25s / 15s limits; up17-gocmp-block-timeout-3s on its 3s limit; up17-uuid-go-get-offline and
#   up17-tomli-pip-install-offline on the sandbox having no network (pip retries five times);
#   up17-toml-go-directive-future on go 1.99 not existing; up17-lru-goreleaser-missing and
#   up17-markupsafe-pipenv-missing on those not being on the runner's PATH;
#   up17-toml-local-datetime-parent-pass on the runner's TZ=UTC; up17-click-type-slip-globals-
#   strict, up17-markupsafe-argtype-native and up17-click-optional-len-termui on mypy 1.0.1.
#
# Eighteenth recording (upstream18)
#
# What it is: 57 more scenarios on the same eight projects, named up18-*, split upstream18-tune /
# upstream18-heldout (cksum of the case name mod 3, computed, never chosen; every name was fixed,
# and its split computed, before the scenario was first run), built BLIND (no knowledge of how
# autoverify classifies) with commits and commands the first seventeen recordings did not use.
# Real commits, further back in click's, go-cmp's and toml's history: later fixes' tests over
# their parents (tests_from: click 1787497 (flag_value from an envvar), 1b524bb (the env var in a
# missing option's hint), 3f91d21 (an invalid path's message on one line), 422e211 (EOFError and
# KeyboardInterrupt kept when standalone_mode is off), 0435112 (Context.forward's params),
# 1cb8609 (the message for a bad multiple default), 3cc31b1 (fast progress bars shown), 1b9a657
# (shell_complete given all args), 3b06e0b (echo_via_pager in the face of errors: its parent hangs
# in a test); go-cmp fd81a2b (2019: options evaluated for invalid values); toml b1471ff (0_0
# rejected), dec5825 (a marshaler's output not quoted), 9be4ccf (its test uses constants the parent
# lacks); golang-lru 738ef57 (the expirable LRU's tests over a parent without it); uuid 06716f6
# (json tests only, passing over v1.3.1)), real fixes undone in the code (code_from: click
# 8967b81's core.py, go-cmp fd81a2b's compare.go and options.go), fix commits passing (click
# 1787497, 422e211; go-cmp fd81a2b; toml afcce6c under -cover), and real tools and options on real
# code: go test -vet=off, -failfast, -short, -cover, -bench with -benchtime 1x, -exec with an
# emulator that is not installed, -shuffle with a bad value; go vet -unsafeptr, -stdversion,
# -assign; go mod download with no network (go-cmp 2021 requiring xerrors); python3 -X dev and
# -W error::DeprecationWarning -m pytest; pytest --tb=line, --tb=long, --tb=short, a --tb value
# that does not exist, -rf, -ra, --maxfail=3, --strict-markers, --timeout-method=thread;
# unittest -v on single modules (tomli's test_error passing; markupsafe's test_escape, plain pytest
# functions, built to run 0 tests); vulture on click's core.py; flake8 --max-complexity 12 --select
# C901 and pylint too-many-branches on tomli; pydocstyle D202 (tomli) and D400 (markupsafe);
# pylint consider-using-with (click) and protected-access (markupsafe, clean); isort --profile
# black (markupsafe, clean); mypy --show-error-codes, --show-column-numbers, --follow-imports=
# silent, --warn-return-any, --no-implicit-optional; missing tools (pyupgrade, check-manifest) and
# a missing module (python3 -m coverage). Earlier recipes on files and packages not used before:
# break_syntax (uuid sql.go under go test -short, markupsafe _native.py under pyflakes3, click
# decorators.py under -W error::DeprecationWarning), raise_at_import (tomli _parser.py under
# unittest -v), py_file (attrerror in click _compat.py; optional in markupsafe __init__.py and
# click parser.py; argtype in tomli _re.py; wait under pytest-timeout's thread method),
# type_slip (tomli _parser.py, click decorators.py), go_file (selfassign in golang-lru simplelru,
# chanwait in uuid under the runner's 20s), go_test_file (vetprintf in uuid under go test -run),
# go_test_call (cmpopts.SortSlices() with no argument under go vet), go_lines (selectwait in
# golang-lru under go test -failfast -timeout 5s).
# How recorded: the same record.sh (split_of now knows the up18- prefix; its header names
# upstream18-tune among the printed parts and up18-* among the prefixes). Every scenario was
# first run by `record.sh up18-` itself in scratch (UPSTREAM_SCRATCH=/tmp/up18/scratch, held-out
# output to /dev/null); no case was relabelled, no recipe or command was changed; then every up18
# case was recorded by one final run of `record.sh up18-` on 2026-12-02 (one process, nothing
# edited while it ran; UPSTREAM_SCRATCH=/tmp/up18/rec), which gave the same exit codes as the
# scratch run. Same departure (a shared GOCACHE in /tmp/up/gocache, which did not exist on this
# machine and was warmed first by go vet ./... and go test -run XXX ./... of the five Go modules at
# their newest commits outside the sandbox, outputs discarded; GOFLAGS=-mod=mod GOPROXY=off and a
# HOME of its own for that warm-up only). Tools as in the seventeenth recording (go 1.26.8, Python
# 3.11.2, pytest 7.2.1, pytest-timeout 2.1.0, mypy 1.0.1, pylint 2.16.2, flake8 5.0.4), also
# vulture 2.7, pydocstyle and isort from Debian bookworm.
# Counts: 57 cases, 37 upstream18-tune, 20 upstream18-heldout. Labels (tune / held-out): PASS 11
# (6/5), TEST_FAILURE 14 (11/3), CODE_ERROR 8 (5/3), LINT_ERROR 8 (4/4), TYPE_ERROR 5 (4/1),
# ENV_ERROR 7 (4/3), TIMEOUT 4 (3/1).
# Projects: click 20, tomli 8, markupsafe 8, uuid 6, go-cmp 6, golang-lru 5, toml 4.
# Recipes: - 24, tests_from 15, py_file 5, break_syntax 3, type_slip 2, go_file 2, code_from 2,
# raise_at_import 1, go_test_file 1, go_test_call 1, go_lines 1. No recipe was added.
# Conventions followed (from earlier rows' labels and reasons and the seventeenth recording's
# block): a test command that runs no test is TEST_FAILURE even when it exits 0
# (up18-markupsafe-unittest-pytest-style); a missing tool or module, a needed network, a bad flag
# value and an -exec program that is not installed are ENV_ERROR; a syntax or import-time error in
# the tree and a Go compile error (also when reported by go vet) are CODE_ERROR; vet's, vulture's,
# flake8's, pydocstyle's and pylint's findings (vet's printf check inside go test included) are
# LINT_ERROR; mypy's are TYPE_ERROR; go test's -timeout panic, pytest-timeout's and the runner's
# kill are TIMEOUT; a real test hanging on real code (up18-click-pager-errors-hang) is TIMEOUT,
# as the runner's kill is what the developer sees.
#
# DISCLOSURES (upstream18)
# - Blindness: autoverify was never run, and its classifier, tests, bot/, cmd/, integrations/,
#   docs/ and the recorded corpus outputs of earlier parts were never read, nor git log of the
#   repository. Read: cases.tsv, prepare.sh and record.sh (beside this script), the spec
#   directory's file list and ../shared/realhistory/README.md. One slip: after editing
#   cases.tsv's reasons I ran `git diff --stat` on this directory (it printed only "2 files
#   changed, 60 insertions(+), 3 deletions(-)", my own edits); no diff text was read.
# - Exploration before naming, outside the sandbox (in /tmp/up18/probe, exit codes only, outputs
#   discarded; GOFLAGS=-mod=mod GOPROXY=off, the runner's PATH and env -i): pytest-3 -q -p
#   no:cacheprovider on the changed test file at parent-plus-fix-tests and at the fix for click
#   3b06e0b (killed at 120 s / 0), 1787497, 1b524bb, 3f91d21, 422e211, 8967b81, 0435112, 1cb8609,
#   3cc31b1, 1b9a657 (1/0 each), 7de4708 (1/0, not used), 8c842a4 (0/0, not used); code_from of click 1787497 and
#   8967b81 (1); go test ./... and go test -run NONE_X ./... (compile only) for go-cmp fd81a2b
#   (1, compiles / fix 0), a53d7e0 (0, not used), code_from fd81a2b (1); toml b1471ff, 360c9e3,
#   dec5825, afcce6c (1, compile / fix 0), 6300ada and 1977689 (their fixes fail too: not used),
#   9be4ccf (does not compile, also with -vet=off); golang-lru 73f395c, f0d41e0 (the fix fails too:
#   not used), 575866d, 738ef57 (does not compile), bd154e2, eb52994; uuid edef28d, 16939da,
#   06716f6 (0), 5c50970 (1, a 2017 tree without go.mod: not used), 655bf50; markupsafe b15d9d6
#   (0/0, not used), tomli 4188188 (its fix fails too), tomli 2021 commits (collection errors:
#   python-dateutil, already an up2 case). Tools (exit codes): vulture on click core.py and src/click
#   (1), pylint protected-access on markupsafe (0), flake8 C901 on tomli (1), isort --profile
#   black on markupsafe (0), pyflakes3 on markupsafe __init__.py (0), mypy --disallow-untyped-defs
#   on markupsafe's tests (1, not used: unclear cause), pydocstyle D202 on tomli (1), D400 on
#   markupsafe __init__.py (1), pycodestyle at 88 columns on click decorators.py (0), pylint
#   unused-import on click (0), vulture at 80% on tomli (1, not used), go vet -unsafeptr,
#   -stdversion, -tests -unmarshal, -defers -waitgroup, -loopclosure -nilfunc (0 each),
#   pylint consider-using-with on click _termui_impl.py (8), too-many-branches on tomli
#   _parser.py (8), uuid's Parse benchmarks with -benchtime 1x (0). So these held-out cases had
#   their command's exit code (or one very close) probed before they were named, their outputs
#   never read: up18-click-fast-progress-hidden, up18-click-multiple-empty-default-undone,
#   up18-click-envvar-flag-fix-pass, up18-click-pager-errors-hang, up18-lru-expirable-undefined,
#   up18-toml-leading-zeros-fix-pass (probed without -cover), up18-uuid-bench-parse-1x-pass
#   (probed with -run NONE), up18-uuid-json-empty-parent-pass (probed without -v -run JSON),
#   up18-markupsafe-pylint-protected-pass, up18-tomli-pydocstyle-d202,
#   up18-markupsafe-pydocstyle-d400, up18-tomli-pylint-too-many-branches. Project files read:
#   commit subjects and changed-file lists, go.mod files and their history (go-cmp requires
#   golang.org/x/xerrors from 340f1eb to 63c2960), the test diff of toml 9be4ccf (to tell a
#   compile error from a vet finding), the imports of tomli's 2021 tests, file listings.
# - Relabelled after reading a TUNE output: none. Reasons reworded after reading TUNE outputs:
#   up18-click-path-error-one-line, up18-click-complete-args-passed, up18-toml-underscore-zero,
#   up18-toml-marshal-non-string, up18-click-vulture-core, up18-markupsafe-isort-black-pass (isort
#   warns that it cannot read markupsafe's pyproject.toml, exit 0), up18-markupsafe-optional-len-
#   init and up18-click-optional-len-parser (mypy 1.0.1 also reports the projects' own findings).
# - Held-out cases whose neighbours' outputs I read: up18-click-fast-progress-hidden and
#   up18-click-multiple-empty-default-undone (the tune click tests_from cases),
#   up18-markupsafe-unittest-pytest-style (up18-tomli-unittest-v-error-pass, the other unittest
#   module run), the five held-out PASS cases (the tune PASS cases), up18-lru-expirable-undefined
#   (up18-toml-float-overflow-undefined), up18-markupsafe-half-typed-native-pyflakes and
#   up18-gocmp-sortslices-no-args-vet (up18-click-half-typed-decorators-werror,
#   up18-uuid-half-typed-sql-short), up18-tomli-pydocstyle-d202, up18-markupsafe-pydocstyle-d400,
#   up18-tomli-pylint-too-many-branches and up18-uuid-vet-printf-in-test (the tune LINT_ERROR
#   cases), up18-click-type-slip-decorators (up18-tomli-type-slip-parser-codes),
#   up18-markupsafe-pytest-bad-tb (up18-uuid-bad-shuffle-value), up18-click-check-manifest-missing
#   (up18-click-pyupgrade-missing), up18-gocmp-mod-download-xerrors (none of that form this time),
#   up18-click-pager-errors-hang (up18-uuid-chanwait-runner, the runner's kill).
# - Exit codes of held-out cases: all were the ones built for in the scratch run and the final
#   run (PASS 0, every failure label non-zero except up18-markupsafe-unittest-pytest-style, 0 as
#   built: Python 3.11's unittest exits 0 when no test ran): 127 for check-manifest, 4 for --tb=brief (pytest's usage
#   error), 8 for pylint's too-many-branches (bit-coded: a refactor message), "killed" for
#   up18-click-pager-errors-hang (the runner's 30s limit), 1 for the others. None was dropped.
# - Stability notes: up18-click-pager-errors-hang relies on the parent's echo_via_pager hanging in
#   one of 3b06e0b's tests (it hung at 120 s outside the sandbox and at 30 s in both sandbox runs);
#   up18-uuid-chanwait-runner on the runner's 20s limit, up18-lru-selectwait-failfast and
#   up18-markupsafe-wait-timeout-thread on their 5 s / 4 s limits; up18-gocmp-mod-download-xerrors
#   on the sandbox having no network and an empty module cache; up18-click-pyupgrade-missing,
#   up18-click-check-manifest-missing, up18-tomli-coverage-module-missing and
#   up18-lru-exec-qemu-missing on those not being installed; up18-markupsafe-unittest-pytest-style
#   on Python 3.11 (3.12's unittest exits 5 when no test ran); the mypy cases on mypy 1.0.1 and
#   up18-click-vulture-core on vulture 2.7 (its exit status for findings may differ in other releases).
#
# Nineteenth recording (upstream19)
#
# What it is: 52 more scenarios on seven of the eight projects (no click this time), named
# up19-*, split upstream19-tune / upstream19-heldout (cksum of the case name mod 3, computed,
# never chosen; every name was fixed, and its split computed, before the scenario was first run),
# built BLIND (no knowledge of how autoverify classifies) with commits and commands the first
# eighteen recordings did not use. Real commits in toml's 2022-2023 history: later fixes' tests
# over their parents (tests_from: toml 4272474 (control characters rejected everywhere), 6c90bd5
# (json.Number decoded and encoded), e5d5927 (TOML 1.1 times without seconds), f7d4e0a (TOML 1.1
# unicode bare keys), a8b4ad8 (its tests set a tomlNext switch the parent lacks: a compile
# error)), a real fix undone (code_from: toml 6c90bd5's decode.go, encode.go and parse.go), an
# old go-cmp (79433ac, requiring golang.org/x/xerrors) under go list -m all, and real tools and
# options on real code: go test -run on a subtest path (TestToml/valid, TestVersion6/.*,
# TestMiddlewareExecution/not.called.for.404), -list (golang-lru, mux), -count=3 on a failing
# run, -p 1, -trimpath, -coverpkg on one package, -benchmem, -fuzz with -fuzztime on uuid's real
# FuzzParse and a -fuzz pattern matching its three fuzz targets, -tags cmp_debug (go-cmp's own
# debug tag, whose visual debugging makes the diff tests too slow for -timeout 20s; with a syntax
# error in the tagged file under go vet -tags, and without the tag under go build, which never
# compiles the file), -timeout 2s / 4s on our own sleeping / waiting tests; go vet -httpresponse,
# -printf, -loopclosure -lostcancel (clean), -nilfunc and -lostcancel on our own files, -shadow
# (not a vet flag any more); go build -trimpath; go run of toml's real tomlv command on its
# _example; go doc; gofmt -d on a directory; make gosec (mux's real Makefile go-installs gosec
# with no network); pytest --durations, -l, -o addopts=, --deselect of a node id, -p no:doctest
# beside --doctest-modules; python3 -m py_compile (a syntax error; a module-level raise, which
# compiles); flake8 --statistics, pydocstyle --convention=pep257 / google, pylint --errors-only
# (undefined-variable), pyflakes3 on a directory, mypy --strict on single modules (markupsafe
# _native.py with the project's own findings, tomli _re.py clean, tomli _types.py with our line),
# bandit -q -r on markupsafe (clean), shellcheck on markupsafe's real devcontainer script,
# cppcheck --enable=warning on the real _speedups.c, yamllint -d relaxed on tomli's workflow.
# Earlier recipes on files and packages not used before; no recipe was added.
# How recorded: the same record.sh (split_of now knows the up19- prefix; its header names
# upstream19-tune among the printed parts and up19-* among the prefixes). Every scenario was
# first run by `record.sh up19-` itself in scratch (UPSTREAM_SCRATCH=/tmp/up19/scratch, held-out
# output to /dev/null); no case was relabelled, no recipe or command was changed; then every up19
# case was recorded by one final run of `record.sh up19-` on 2026-12-03 (one process, nothing
# edited while it ran; UPSTREAM_SCRATCH=/tmp/up19/rec), which gave the same exit codes as the
# scratch run. Same departure (the shared, already warm GOCACHE /tmp/up/gocache). Tools as in the
# eighteenth recording (go 1.26.8, Python 3.11.2, pytest 7.2.1, pytest-timeout 2.1.0, mypy 1.0.1,
# pylint 2.16.2, flake8 5.0.4, pyflakes 2.5.0, pydocstyle, bandit, shellcheck, cppcheck, yamllint
# and make from Debian bookworm).
# Counts: 52 cases, 40 upstream19-tune, 12 upstream19-heldout. Labels (tune / held-out): PASS 22
# (18/4), TEST_FAILURE 7 (6/1), CODE_ERROR 4 (1/3), LINT_ERROR 8 (7/1), TYPE_ERROR 2 (1/1),
# ENV_ERROR 5 (5/0), TIMEOUT 4 (2/2). PASS is heavier than in earlier parts (many real tools
# on real, clean code), and the computed split left no ENV_ERROR case held out.
# Projects: tomli 10, markupsafe 10, toml 8, mux 7, uuid 6, golang-lru 6, go-cmp 5.
# Recipes: - 29, tests_from 5, break_syntax 4, py_test 3, go_snip 2, go_eight 2, raise_at_import
# 1, py_lines 1, py_file 1, py_append 1, go_lines 1, go_file 1, code_from 1.
# Conventions followed (from earlier rows' labels and reasons and the seventeenth and eighteenth
# recordings' blocks): collect-only and list-only runs that exit 0 are PASS (as
# up3-tomli-collect-only-pass, up3-toml-list-tests-pass); a -fuzz pattern matching several
# targets, a vet flag that does not exist and an option whose plugin is disabled (pytest's usage
# error) are ENV_ERROR like other bad flag values; a go install / module download needing the
# network is ENV_ERROR; a syntax error (also from py_compile or go vet) and a Go compile error
# are CODE_ERROR; vet's, gofmt -d's, flake8's, pydocstyle's, pyflakes' and pylint's findings
# (pylint's E-class undefined-variable included) are LINT_ERROR; mypy's are TYPE_ERROR; go
# test's -timeout panic and the runner's kill are TIMEOUT (also for a real tag making real tests
# too slow: up19-gocmp-debug-tag-timeout).
#
# DISCLOSURES (upstream19)
# - Blindness: autoverify was never run, and its classifier, tests, bot/, cmd/, integrations/,
#   docs/ and the recorded corpus outputs of earlier parts were never read, nor git log, diff or
#   status of the repository. Read: cases.tsv, prepare.sh and record.sh (beside this script) and
#   the spec directory's file list; ../shared/realhistory/README.md was not re-read (the
#   conventions were taken from the earlier rows' labels and reasons and the two previous blocks).
# - Exploration before naming, outside the sandbox (in /tmp/up19/probe, exit codes only, outputs
#   discarded; GOFLAGS=-mod=mod GOPROXY=off for the tests_from probes, env -i with the runner's
#   PATH): go test ./... on the parent plus the fix's test files, go test -run NONE_X (compile
#   only) and go test at the fix, for toml 4272474, 6c90bd5, e5d5927, f7d4e0a (1 / compiles / 0
#   each), a8b4ad8 (does not compile / fix 0), fa027bd (its fix fails too: not used); go-cmp
#   4664e24, d5fcb38, 8fa37b4, d669b04, 23a2b56, 1536a0c (all fail at the fix too, the 2020-2022
#   tree needing xerrors: not used as tests_from); mux 4a3d4f3, a659b61, 7f08801 (trees without
#   go.mod: not used), e48e440 and fe14465 (0: not used); golang-lru 73f395c (its fix fails too)
#   and 8f8764f (0): not used. Tools and commands at the newest commits (exit codes): bandit,
#   pydocstyle pep257 / google / numpy, flake8 --statistics, mypy --strict on markupsafe
#   _native.py and tomli _re.py / _types.py, shellcheck on the devcontainer script, cppcheck
#   --enable=warning on _speedups.c, pytest --durations and -o addopts=, pyflakes3, pylint
#   --errors-only, yamllint -d relaxed, py_compile, python3 -m doctest on markupsafe's
#   docs/escaping.rst (0) and docs/formatting.rst (1; not used: I could not tell from the exit
#   code alone whether a doctest ran or what failed); uuid's fuzz commands, a subtest -run, go doc
#   Compare; mux make gosec (timed out with the network up) and make govulncheck (2, not used), go
#   vet -httpresponse, one middleware subtest; go-cmp -tags cmp_debug (killed at 120 s: so the
#   case got -timeout 20s), vet -printf, go test -list; go list -m all and go test ./cmp/ at
#   79433ac (1); golang-lru go test -list, vet -shadow (2), the benchmem run, vet -loopclosure
#   -lostcancel, a go build -o into a missing directory (0: the directory is created, not used);
#   toml go build -o into /nonexistent (0: created as root, then removed; not used), go run
#   ./cmd/tomlv with and without _example/example.toml, -p 1 -run TestToml/valid; go build of
#   go-cmp with the half-typed line in the untagged debug_enable.go (0). So these held-out cases
#   had their command's exit code (or one very close) probed before they were named, their
#   outputs never read: up19-toml-unicode-bare-keys and up19-toml-tomlnext-undefined (probed
#   with go test ./...), up19-uuid-subtest-v6-pass, up19-markupsafe-flake8-statistics,
#   up19-markupsafe-mypy-strict-native, up19-markupsafe-bandit-r-pass,
#   up19-markupsafe-cppcheck-warning-pass, up19-tomli-mypy-strict-re-pass. Project files read:
#   commit subjects and changed-file lists, the test diffs of toml 6c90bd5, e5d5927 and a8b4ad8
#   (test names; to tell a compile error from a test failure), the build lines of go-cmp's
#   debug_*.go, mux's Makefile, test function names (t.Run, Benchmark, Fuzz), file listings.
# - Relabelled after reading a TUNE output: none. No recipe, command or reason was changed after
#   a run.
# - Held-out cases whose neighbours' outputs I read: up19-toml-unicode-bare-keys (up19-toml-time-
#   no-seconds, the other TOML 1.1 toml-test case), up19-toml-tomlnext-undefined (none of that
#   form this time), up19-uuid-subtest-v6-pass (up19-mux-middleware-subtest-pass,
#   up19-toml-subtest-valid-p1-pass), up19-mux-chanwait-4s (up19-uuid-sleep-timeout-2s),
#   up19-mux-half-typed-regexp-trimpath and up19-markupsafe-py-compile-native (up19-gocmp-debug-
#   tag-syntax-vet), up19-markupsafe-flake8-statistics (up19-markupsafe-pydocstyle-pep257),
#   up19-markupsafe-mypy-strict-native and up19-tomli-mypy-strict-re-pass (up19-tomli-mypy-strict-
#   types-none), up19-markupsafe-bandit-r-pass and up19-markupsafe-cppcheck-warning-pass (the
#   tune PASS tool cases), up19-tomli-wait-runner-15s (up19-uuid-sleep-timeout-2s).
# - Exit codes of held-out cases: all were the ones built for in the scratch run and the final
#   run (PASS 0, every failure label non-zero): "killed" for up19-tomli-wait-runner-15s (the
#   runner's 15s limit), 1 for the others (up19-mux-chanwait-4s: go test's -timeout panic). None
#   was dropped.
# - Stability notes: up19-gocmp-debug-tag-timeout relies on the cmp_debug diff tests taking far
#   more than 20 s (they ran past 120 s outside the sandbox); up19-uuid-sleep-timeout-2s,
#   up19-mux-chanwait-4s and up19-tomli-wait-runner-15s on their limits; up19-mux-make-gosec-
#   offline on gosec not being on PATH and the sandbox having no network (with a network the
#   install runs instead); up19-gocmp-list-m-all-xerrors on an empty module cache;
#   up19-lru-vet-shadow-flag on go 1.26's vet (no -shadow); up19-markupsafe-no-doctest-plugin on
#   pytest 7.2 registering --doctest-modules in its doctest plugin; the mypy cases on mypy 1.0.1
#   (tomli's pyproject.toml has an option it does not know, reported as a warning);
#   up19-uuid-fuzz-parse-100x-pass on the fuzz cache under the shared GOCACHE (fresh per run in
#   the runner); up19-toml-tomlv-example-pass prints nothing on success.
#
# Twentieth recording (upstream20)
#
# What it is: 49 more scenarios on the five Go projects (mux, toml, go-cmp, golang-lru, uuid),
# named up20-*, split upstream20-tune / upstream20-heldout (cksum of the case name mod 3,
# computed, never chosen; every name was fixed, and its split computed, before the scenario was
# first run), built BLIND (no knowledge of how autoverify classifies). Its theme is golangci-lint
# (v2.15.0, built from source with go 1.26.8 and installed at /usr/local/bin/golangci-lint by
# scripts/golangci-lint.sh; no earlier part had it), run as the projects' developers or CI would:
# golangci-lint run and run ./... with the standard linters (errcheck, govet, ineffassign,
# staticcheck, unused) and no config on the real code at the newest commits and at older ones
# (mux 98cb6bf of 2020, toml 8d9ffad of 2022, go-cmp 79433ac of 2021, which requires
# golang.org/x/xerrors and cannot load offline); mux's own `make golangci-lint` target (run -v);
# --enable-only with single linters (errcheck, gosec, staticcheck, revive, gocyclo, misspell,
# ineffassign, unused, bodyclose, govet) and with a linter that does not exist; --default none
# -E errcheck; --default all with --max-issues-per-linter 1; --no-config to bypass golang-lru's
# real, stale v1 .golangci.yml, and that config itself under run, linters and config verify;
# config files of our own (v2 with gosimple, a linter v2 merged into staticcheck; a tab-indented
# one; a run.timeout that is not a duration); findings we planted (an ignored os.Remove error,
# an ineffectual assignment, misspelt comments, an unused unexported function, an unclosed
# response body, a copied mutex, a deferred Close before the error check) and compile errors
# (a local declared and not used, a half-typed function in route.go, the same in go-cmp's
# cmp_debug-tagged debug_enable.go with and without --build-tags, a test calling uuid.Compare on
# a base without it, with --tests=true and --tests=false); golangci-lint fmt --diff -E gofmt on
# our misformatted file and on toml's real tree; --timeout 1ms; a 1s runner limit; run . in
# go-cmp's root, which has no Go files; --new-from-rev HEAD~1 over our planted commit and
# --new-from-rev with a revision that does not exist; --out-format (removed in v2);
# --output.json.path stdout; --issues-exit-code 0 with findings; golangci-lint linters. Three
# other Go commands earlier parts did not use: go test -fullpath (a real failing test, mux
# 976b536 over its parent), -coverprofile (toml) and -skip (uuid).
# A recipe was added: go_twenty (our own small Go files for the linters, and .golangci.yml files;
# its kind cfgmisspell, a valid v2 config, is used by no kept case: its case was dropped, below).
# How recorded: the same record.sh (split_of now knows the up20- prefix; its header names
# upstream20-tune among the printed parts and up20-* among the prefixes). Every scenario was
# first run by `record.sh up20-` itself in scratch (UPSTREAM_SCRATCH=/tmp/up20/scratch, held-out
# output to /dev/null); then every up20 case was recorded by one final run of `record.sh up20-`
# on 2026-12-02 (one process, nothing edited while it ran; UPSTREAM_SCRATCH=/tmp/up20/rec), which
# gave the same exit codes as the scratch run. Same departure (the shared, already warm GOCACHE
# /tmp/up/gocache); golangci-lint's own cache lives under the private HOME, so it is cold in
# every run (a standard-linter run took about 25-30 s on the 2-CPU machine). Tools: go 1.26.8,
# golangci-lint 2.15.0, GNU make from Debian bookworm, git 2.39.5.
# Counts: 49 cases, 35 upstream20-tune, 14 upstream20-heldout. Labels (tune / held-out):
# LINT_ERROR 27 (21/6), ENV_ERROR 10 (5/5), PASS 5 (3/2), CODE_ERROR 4 (3/1), TIMEOUT 2 (2/0),
# TEST_FAILURE 1 (1/0). LINT_ERROR dominates: a linter theme, and the real code of four of the
# five projects has real findings under golangci-lint's standard linters (only golang-lru's
# newest commit, and uuid's 53dda83 without its tests, are clean).
# Projects: toml 11, uuid 11, go-cmp 10, mux 9, golang-lru 8.
# Recipes: - 28, go_twenty 13, break_syntax 3, tests_from 3, go_snip 1, go_six 1.
# Conventions followed (from earlier rows' labels and reasons and the eighteenth and nineteenth
# recordings' blocks): linters' findings are LINT_ERROR (also golangci-lint fmt --diff's, as
# gofmt -d's were, and also when they come out as JSON or through make); a Go compile error is
# CODE_ERROR also when golangci-lint reports it as a typecheck issue; a config golangci-lint
# cannot load (v1 format, unknown linter, YAML error, a bad value), an unknown flag or linter
# name, a package that needs the network, and a directory with no Go files to analyze (like a
# missing path) are ENV_ERROR; golangci-lint's own --timeout expiring is TIMEOUT, like go test's
# -timeout panic, and so is the runner's kill; a list-only command that exits 0 (golangci-lint
# linters) is PASS. --issues-exit-code 0 with findings is LINT_ERROR although it exits 0: the
# corpus labels what the output shows (as exit-0 runs of no test are TEST_FAILURE).
#
# DISCLOSURES (upstream20)
# - Blindness: autoverify was never run, and its classifier, tests, bot/, cmd/, integrations/,
#   docs/ and the recorded corpus outputs of earlier parts were never read, nor git log, diff or
#   status of the repository. Read: cases.tsv, prepare.sh and record.sh (beside this script),
#   golangci-lint's own help (help linters, help formatters, run --help, config --help, config
#   verify --help, fmt --help); ../shared/realhistory/README.md and the spec directory were not
#   read this time (the conventions were taken from the earlier rows and the two previous blocks).
# - Exploration: nothing was probed outside the sandbox; the first scratch run of record.sh was
#   the only exploration. Project files read before naming: golang-lru's .golangci.yml (v1),
#   mux's Makefile (its golangci-lint target) and workflow grep, the go.mod first lines, commit
#   subjects of the newest commits and of the older ones used, the file carrying go-cmp's
#   cmp_debug build line.
# - Labels of the cases on unchanged real code (whether golangci-lint finds something there) were
#   left open when the cases were named and set from the scratch run: from the exit code only for
#   the held-out ones (up20-toml-lint-default, up20-toml-gocyclo-only, up20-gocmp-staticcheck-only:
#   1, LINT_ERROR, as that code compiles (earlier parts' go test / vet runs at those commits);
#   up20-lru-no-config-default, up20-uuid-compare-undefined-no-tests: 0, PASS), from the output
#   for the tune ones (all LINT_ERROR: up20-mux-lint-default, -make-golangci-lint, -errcheck-only,
#   -gosec-only, -old-2020-lint, up20-toml-fmt-diff-clean, -old-2022-lint, up20-gocmp-lint-default,
#   -debug-syntax-untagged, -revive-only, up20-uuid-lint-default). up20-toml-fmt-diff-clean keeps
#   its name (names are fixed) although toml's tree is not clean under golangci-lint's gofmt,
#   which simplifies composite literals as gofmt -s does.
# - Relabelled after reading a TUNE output: up20-uuid-new-from-rev-unknown, ENV_ERROR ->
#   LINT_ERROR (its brief asked for this case to be decided by what it prints: golangci-lint only
#   warns that the revision is bad and reports every issue). Reasons reworded after TUNE outputs:
#   up20-mux-httpresponse-snippet (govet's httpresponse is not among golangci-lint's reports; the
#   unchecked Close and the unused function are), up20-toml-fmt-diff-misformatted (real files are
#   in the diff too). No recipe or command was changed after a run.
# - Dropped: up20-uuid-config-verify-offline (tune, ENV_ERROR by design: config verify was
#   expected to fetch its JSON schema from the network; it exited 0 with no output offline).
#   Replaced by up20-uuid-config-verify-gosimple (config verify on the gosimple config, ENV_ERROR
#   by design; named, split computed (held-out) and labelled before its first run), which exited
#   0 in its scratch run (verify accepted the config): dropped blind, its output never read. No
#   other replacement.
# - Held-out cases whose neighbours' outputs I read: up20-toml-lint-default (up20-toml-old-2022-
#   lint), up20-gocmp-staticcheck-only (up20-gocmp-lint-default, which shows staticcheck issues),
#   up20-toml-misspell-planted, up20-lru-ineffassign-planted and up20-lru-errcheck-default-none
#   (the tune planted-finding cases), up20-uuid-compare-undefined-lint (up20-toml-unused-var-
#   planted, a compile error as a typecheck issue), up20-lru-real-v1-config and up20-lru-linters-
#   v1-config (up20-lru-config-verify-v1: the same config error), up20-toml-config-gosimple-
#   removed, up20-toml-config-bad-timeout and up20-uuid-out-format-removed (up20-uuid-config-yaml-
#   tab, up20-lru-enable-only-unknown).
# - Exit codes: golangci-lint exits 1 for issues (typecheck issues included), 3 when it stops on
#   an error (config, unknown linter or flag, package loading), 4 for its --timeout, 5 for no Go
#   files; make exits 2 when golangci-lint fails; up20-uuid-issues-exit-code-0 exits 0 (LINT_ERROR
#   by the convention above); up20-gocmp-runner-kill-1s is "killed". All held-out exit codes were
#   the ones built for (PASS 0, every failure label non-zero), in the scratch and the final run.
# - Stability notes: the LINT_ERROR/PASS of real code depends on golangci-lint 2.15.0's linters
#   and go 1.26.8 (govet's inline analyzer and gosec's G705/G602 report on code older releases
#   passed); up20-toml-default-all-max-issues-1 on 2.15.0's set of linters (it also warns about
#   deprecated ones); up20-gocmp-runner-kill-1s on a cold golangci-lint cache in the private HOME
#   and 2 CPUs; up20-gocmp-xerrors-2021-lint on no network and an empty module cache;
#   up20-uuid-new-from-rev-planted on the scenario commit being HEAD over the real commit.
set -euo pipefail

die() { echo "prepare.sh: $*" >&2; exit 1; }

[ $# -eq 2 ] || die "usage: prepare.sh CASE DIR"
case_name=$1
dir=$2
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
bundles="${AUTOVERIFY_REALHISTORY:-$root/../shared/realhistory}"
tsv="$here/cases.tsv"

[ -f "$tsv" ] || die "no $tsv"
row=$(awk -F'\t' -v c="$case_name" 'NR > 1 && $1 == c' "$tsv")
[ -n "$row" ] || die "unknown case $case_name"
IFS=$'\t' read -r _ project commit recipe _ <<<"$row"
[ -f "$bundles/$project.bundle" ] || die "no bundle $bundles/$project.bundle"
[ ! -e "$dir" ] || die "$dir already exists"

# ---- recipes: each runs in the clone's root, with the scenario branch checked out ----

# tests_from COMMIT [PATH...]: puts COMMIT's test files (the PATHs, or else every *_test.go
# and tests/ file COMMIT adds or changes) over this commit's code: a later commit's new test
# run on the code as it was before the fix.
tests_from() {
  local from=$1; shift
  local paths=("$@")
  if [ ${#paths[@]} -eq 0 ]; then
    mapfile -t paths < <(git diff --name-only --diff-filter=AM HEAD "$from" -- '*_test.go' 'tests/' 'testing/')
  fi
  [ ${#paths[@]} -gt 0 ] || die "tests_from: $from changes no test file"
  git checkout -q "$from" -- "${paths[@]}"
}

# code_from COMMIT PATH...: puts COMMIT's version of the named code files over this commit's:
# with the fix's parent, the fix undone in the code while its tests stay.
code_from() {
  local from=$1; shift
  [ $# -gt 0 ] || die "code_from: no path"
  git checkout -q "$from" -- "$@"
}

# drop_path PATH...: deletes files or directories the build or the tests need (a checkout
# that lacks them).
drop_path() {
  [ $# -gt 0 ] || die "drop_path: no path"
  git rm -q -r -- "$@"
}

# go_directive VERSION: sets go.mod's go line to VERSION (newer than the toolchain: the
# module asks for a Go that is not installed).
go_directive() {
  [ -f go.mod ] || die "go_directive: no go.mod"
  if grep -q '^go ' go.mod; then
    sed -i "s/^go .*/go $1/" go.mod
  else
    printf '\ngo %s\n' "$1" >>go.mod
  fi
}

# break_syntax FILE: appends one line of our own that does not parse (a half-typed function).
break_syntax() {
  [ -f "$1" ] || die "break_syntax: no $1"
  case "$1" in
    *.go) printf '\nfunc scenarioHalfTyped( {\n' >>"$1" ;;
    *.py) printf '\ndef scenario_half_typed(:\n' >>"$1" ;;
    *) die "break_syntax: no rule for $1" ;;
  esac
}

# raise_at_import FILE: appends a module-level raise of our own to a Python file, so that
# importing it fails at run time (an exception at import, not a syntax error).
raise_at_import() {
  [ -f "$1" ] || die "raise_at_import: no $1"
  printf '\nraise RuntimeError("scenario: half-finished edit")\n' >>"$1"
}

# add_import FILE MODULE: adds an import of MODULE just before FILE's first top-level import
# (in Python an unused import for the linters, or a module that is not installed).
add_import() {
  [ -f "$1" ] || die "add_import: no $1"
  local line
  line=$(grep -n -m1 -E '^(import |from )' "$1" | grep -v '__future__' | cut -d: -f1 || true)
  if [ -z "$line" ]; then
    line=$(grep -n -E '^(import |from )' "$1" | grep -v '__future__' | head -n1 | cut -d: -f1 || true)
  fi
  [ -n "$line" ] || die "add_import: no import line in $1"
  sed -i "${line}i import $2" "$1"
}

# go_test_file DIR KIND: writes our own small test file into the Go package in DIR (its
# package name taken from the package's files): block (a test that sleeps for an hour),
# vetprintf (a test whose Sprintf verb has the wrong type: vet's printf finding),
# undefined (a test calling a function nobody wrote).
go_test_file() {
  local d=$1 kind=$2 pkg f
  pkg=$(grep -h -m1 '^package ' "$d"/*.go | grep -v '_test$' | head -n1 | cut -d' ' -f2)
  [ -n "$pkg" ] || die "go_test_file: no Go package in $d"
  f="$d/zz_scenario_test.go"
  case "$kind" in
    block) printf 'package %s\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc TestScenarioWaitsForever(t *testing.T) {\n\ttime.Sleep(time.Hour)\n}\n' "$pkg" >"$f" ;;
    vetprintf) printf 'package %s\n\nimport (\n\t"fmt"\n\t"testing"\n)\n\nfunc TestScenarioLabel(t *testing.T) {\n\tif fmt.Sprintf("%%d items", "three") == "" {\n\t\tt.Fatal("empty label")\n\t}\n}\n' "$pkg" >"$f" ;;
    undefined) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioHelper(t *testing.T) {\n\tscenarioHelperNobodyWrote(t)\n}\n' "$pkg" >"$f" ;;
    *) die "go_test_file: unknown kind $kind" ;;
  esac
}

# py_test_file FILE KIND: writes our own small Python test module: sleep (a test that sleeps
# for an hour, for a time limit to stop).
py_test_file() {
  case "$2" in
    sleep) printf 'import time\n\n\ndef test_scenario_waits_for_a_long_time():\n    time.sleep(3600)\n' >"$1" ;;
    *) die "py_test_file: unknown kind $2" ;;
  esac
}

# go_require MODULE VERSION: requires MODULE in go.mod and imports it from a new file of our
# own, with no go.sum entry (a dependency added without go mod tidy; CI has no cache).
go_require() {
  [ -f go.mod ] || die "go_require: no go.mod"
  local pkg
  pkg=$(grep -h -m1 '^package ' ./*.go | grep -v '_test$' | head -n1 | cut -d' ' -f2)
  printf '\nrequire %s %s\n' "$1" "$2" >>go.mod
  printf 'package %s\n\nimport _ "%s"\n' "$pkg" "$1" >zz_scenario_dep.go
}

# type_slip FILE: appends a small function of our own whose annotated return type is wrong
# (it returns a str where int is declared): a type checker's finding, harmless at run time.
type_slip() {
  [ -f "$1" ] || die "type_slip: no $1"
  printf '\n\ndef scenario_width() -> int:\n    return "wide"\n' >>"$1"
}

# ---- recipes added by the second recording (upstream2) ----

# go_file DIR KIND: writes our own small Go file into the package in DIR (package name taken
# from the package's files): selfassign (a code file with a variable assigned to itself: vet's
# assign finding), unreachable (a code file with a statement after return: vet's unreachable
# finding), badint (a code file giving a string to an int: a compile error), chanwait (a test
# that waits on a channel nobody sends to).
go_file() {
  local d=$1 kind=$2 pkg
  pkg=$(grep -h -m1 '^package ' "$d"/*.go | grep -v '_test$' | head -n1 | cut -d' ' -f2)
  [ -n "$pkg" ] || die "go_file: no Go package in $d"
  case "$kind" in
    selfassign) printf 'package %s\n\nfunc scenarioCount() int {\n\tn := 3\n\tn = n\n\treturn n\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    unreachable) printf 'package %s\n\nfunc scenarioEarly() int {\n\treturn 1\n\tpanic("scenario: never here")\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    badint) printf 'package %s\n\nvar scenarioWidth int = "wide"\n' "$pkg" >"$d/zz_scenario.go" ;;
    chanwait) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioWaitsForAReply(t *testing.T) {\n\treply := make(chan int)\n\tt.Log(<-reply)\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    *) die "go_file: unknown kind $kind" ;;
  esac
}

# go_test_call DIR CALL: writes our own test into the package in DIR that evaluates CALL (one
# word, e.g. NewString(1)): an existing function called with a wrong argument list.
go_test_call() {
  local d=$1 pkg
  pkg=$(grep -h -m1 '^package ' "$d"/*.go | grep -v '_test$' | head -n1 | cut -d' ' -f2)
  [ -n "$pkg" ] || die "go_test_call: no Go package in $d"
  printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioCall(t *testing.T) {\n\t_ = %s\n}\n' "$pkg" "$2" >"$d/zz_scenario_test.go"
}

# go_work DIR: writes a go.work at the root that uses the module and DIR, which does not exist.
go_work() {
  [ ! -e "$1" ] || die "go_work: $1 exists"
  printf 'go 1.21\n\nuse (\n\t.\n\t./%s\n)\n' "$1" >go.work
}

# vendor_stub DIR: writes an empty vendor/modules.txt into the module in DIR (a vendor
# directory that does not match go.mod's requirements).
vendor_stub() {
  [ -f "$1/go.mod" ] || die "vendor_stub: no $1/go.mod"
  mkdir -p "$1/vendor"
  printf '# scenario: left over\n' >"$1/vendor/modules.txt"
}

# rename_def FILE OLD NEW: renames the definition of function OLD in FILE (Go or Python) to
# NEW, leaving its callers alone (a rename half done).
rename_def() {
  [ -f "$1" ] || die "rename_def: no $1"
  grep -q -E "^(func|def) $2[[(]" "$1" || die "rename_def: no definition of $2 in $1"
  sed -i -E "s/^(func|def) $2([[(])/\1 $3\2/" "$1"
}

# py_file FILE KIND: appends a few lines of our own to a Python file (created when absent):
# indent (a def without its indented body: IndentationError), nameerror (a module-level read
# of a name nobody defined), attrerror (a module-level read of a missing attribute),
# undefined (a function body reading an undefined name: harmless at run time, pyflakes'
# finding), nonecompare (== None: pycodestyle's E711), optional (len() of an Optional: a
# type checker's finding), argtype (an int passed where str is declared: a type checker's
# finding), plugins (a conftest's pytest_plugins naming pytest_asyncio, not installed), wait
# (a test waiting for an event nobody sets), unittestwait (the same as a unittest.TestCase).
py_file() {
  local f=$1
  case "$2" in
    indent) printf '\n\ndef scenario_helper():\nreturn 1\n' >>"$f" ;;
    nameerror) printf '\n\nscenario_limit = SCENARIO_DEFAULT_LIMIT + 1\n' >>"$f" ;;
    attrerror) printf '\n\nscenario_strip = str.scenario_missing_method\n' >>"$f" ;;
    undefined) printf '\n\ndef scenario_helper():\n    return scenario_value_nobody_set\n' >>"$f" ;;
    nonecompare) printf '\n\ndef scenario_is_empty(value):\n    return value == None\n' >>"$f" ;;
    optional) printf '\n\ndef scenario_size(value: "str | None") -> int:\n    return len(value)\n' >>"$f" ;;
    argtype) printf '\n\ndef scenario_twice(value: str) -> str:\n    return value * 2\n\n\nscenario_pair = scenario_twice(3)\n' >>"$f" ;;
    plugins) printf 'pytest_plugins = ["pytest_asyncio"]\n' >>"$f" ;;
    wait) printf 'import threading\n\n\ndef test_scenario_waits_for_a_signal():\n    threading.Event().wait()\n' >>"$f" ;;
    unittestwait) printf 'import threading\nimport unittest\n\n\nclass ScenarioWait(unittest.TestCase):\n    def test_waits_for_a_signal(self):\n        threading.Event().wait()\n' >>"$f" ;;
    *) die "py_file: unknown kind $2" ;;
  esac
}

# ---- recipes added by the third recording (upstream3) ----

# go_example DIR KIND: writes our own Example function into the package in DIR: wrongoutput
# (an Example whose // Output: comment does not match what it prints), block (an Example
# waiting on a channel nobody sends to), misnamed (an Example named after an identifier the
# package does not have: vet's tests finding).
go_example() {
  local d=$1 pkg
  pkg=$(grep -h -m1 '^package ' "$d"/*.go | grep -v '_test$' | head -n1 | cut -d' ' -f2)
  [ -n "$pkg" ] || die "go_example: no Go package in $d"
  case "$2" in
    wrongoutput) printf 'package %s\n\nimport "fmt"\n\nfunc Example_scenarioSum() {\n\tfmt.Println(2 + 2)\n\t// Output: 5\n}\n' "$pkg" >"$d/zz_scenario_example_test.go" ;;
    misnamed) printf 'package %s\n\nimport "fmt"\n\nfunc ExampleScenarioNobodyWrote() {\n\tfmt.Println("done")\n\t// Output: done\n}\n' "$pkg" >"$d/zz_scenario_example_test.go" ;;
    block) printf 'package %s\n\nimport "fmt"\n\nfunc Example_scenarioWait() {\n\treply := make(chan int)\n\tfmt.Println(<-reply)\n\t// Output: 1\n}\n' "$pkg" >"$d/zz_scenario_example_test.go" ;;
    *) die "go_example: unknown kind $2" ;;
  esac
}

# go_init_panic DIR: writes our own code file into the package in DIR whose init() panics.
go_init_panic() {
  local d=$1 pkg
  pkg=$(grep -h -m1 '^package ' "$d"/*.go | grep -v '_test$' | head -n1 | cut -d' ' -f2)
  [ -n "$pkg" ] || die "go_init_panic: no Go package in $d"
  printf 'package %s\n\nfunc init() {\n\tpanic("scenario: settings were not loaded")\n}\n' "$pkg" >"$d/zz_scenario_init.go"
}

# go_cycle: writes two small packages of our own, scenarioa and scenariob, that import each
# other (an import cycle).
go_cycle() {
  [ -f go.mod ] || die "go_cycle: no go.mod"
  local mod
  mod=$(awk '$1 == "module" { print $2; exit }' go.mod)
  mkdir -p scenarioa scenariob
  printf 'package scenarioa\n\nimport "%s/scenariob"\n\nfunc Name() string { return scenariob.Name() }\n' "$mod" >scenarioa/a.go
  printf 'package scenariob\n\nimport "%s/scenarioa"\n\nfunc Name() string { return scenarioa.Name() }\n' "$mod" >scenariob/b.go
}

# rename_method FILE RECV NAME NEW: renames method NAME of receiver type RECV in its
# definition only (callers and interfaces left alone: a method gone).
rename_method() {
  [ -f "$1" ] || die "rename_method: no $1"
  grep -q -E "^func \([a-z]+ \*?$2(\[[^]]*\])?\) $3\(" "$1" || die "rename_method: no method $2.$3 in $1"
  sed -i -E "s/^(func \([a-z]+ \*?$2(\[[^]]*\])?\) )$3\(/\1$4(/" "$1"
}

# go_mod KIND: changes the module's setup: modpath (go.mod's module line names another path,
# so the module's own imports of its packages point outside it), toolchain (a toolchain line
# asking for a Go release that is not installed, which go would have to download).
go_mod() {
  [ -f go.mod ] || die "go_mod: no go.mod"
  case "$1" in
    modpath) sed -i -E 's|^module .*|module example.com/scenario/renamed|' go.mod ;;
    toolchain) printf '\ntoolchain go1.99.1\n' >>go.mod ;;
    *) die "go_mod: unknown kind $1" ;;
  esac
}

# py_lines FILE KIND: appends a few lines of our own to a Python file (created when absent):
# recurse (a function calling itself without end, called at import: RecursionError),
# doctest (a function whose doctest expects a wrong result), envvar (a conftest reading an
# environment variable nobody sets, at import), unusedlocal (a local assigned and never
# used: pyflakes' finding), optionalattr (a method called on an Optional str: a type
# checker's finding), missingreturn (a function declared to return int with a path that
# returns nothing), unittestsleep (a
# unittest.TestCase sleeping for an hour).
py_lines() {
  local f=$1
  case "$2" in
    recurse) printf '\n\ndef scenario_depth(n):\n    return scenario_depth(n + 1)\n\n\nscenario_depth(0)\n' >>"$f" ;;
    doctest) printf '\n\ndef scenario_double(n):\n    """Double a number.\n\n    >>> scenario_double(2)\n    5\n    """\n    return n * 2\n' >>"$f" ;;
    envvar) printf 'import os\n\nSCENARIO_SERVICE_URL = os.environ["SCENARIO_SERVICE_URL"]\n' >>"$f" ;;
    unusedlocal) printf '\n\ndef scenario_total(values):\n    count = len(values)\n    return sum(values)\n' >>"$f" ;;
    optionalattr) printf '\n\ndef scenario_shout(value: "str | None") -> str:\n    return value.upper()\n' >>"$f" ;;
    missingreturn) printf '\n\ndef scenario_sign(n: int) -> int:\n    if n > 0:\n        return 1\n' >>"$f" ;;
    unittestsleep) printf 'import time\nimport unittest\n\n\nclass ScenarioSlow(unittest.TestCase):\n    def test_sleeps_for_an_hour(self):\n        time.sleep(3600)\n' >>"$f" ;;
    *) die "py_lines: unknown kind $2" ;;
  esac
}

# py_from_import FILE MODULE NAME: inserts `from MODULE import NAME` before FILE's first
# top-level import (e.g. a module importing back from the module that imports it: a circular
# import).
py_from_import() {
  [ -f "$1" ] || die "py_from_import: no $1"
  local line
  line=$(grep -n -E '^(import |from )' "$1" | grep -v '__future__' | head -n1 | cut -d: -f1 || true)
  [ -n "$line" ] || die "py_from_import: no import line in $1"
  sed -i "${line}i from $2 import $3" "$1"
}

# ---- recipes added by the fourth recording (upstream4) ----

# go_lines DIR KIND: writes our own small Go file into the package in DIR (package name taken
# from the package's files): unformatted (a code file indented with spaces, which gofmt would
# rewrite), structtag (a struct field whose tag is malformed: vet's structtag finding),
# stringint (string() of an int: vet's stringintconv finding), unusedvar (a local declared
# and not used: a compile error), unusedimport (an import not used: a compile error),
# missingreturn (a function with a path that returns nothing: a compile error), selectwait (a
# test blocked in an empty select), benchsleep (a benchmark that sleeps an hour per op).
go_lines() {
  local d=$1 pkg
  pkg=$(grep -h -m1 '^package ' "$d"/*.go | grep -v '_test$' | head -n1 | cut -d' ' -f2)
  [ -n "$pkg" ] || die "go_lines: no Go package in $d"
  case "$2" in
    unformatted) printf 'package %s\n\nfunc scenarioTwice(n int) int {\n    return n * 2\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    structtag) printf 'package %s\n\ntype scenarioRecord struct {\n\tName string `json:name`\n}\n\nvar _ = scenarioRecord{}\n' "$pkg" >"$d/zz_scenario.go" ;;
    stringint) printf 'package %s\n\nfunc scenarioLabel(n int) string {\n\treturn string(n)\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    unusedvar) printf 'package %s\n\nfunc scenarioTotal(values []int) int {\n\tcount := len(values)\n\treturn 0\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    unusedimport) printf 'package %s\n\nimport "os"\n\nfunc scenarioName() string {\n\treturn "scenario"\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    missingreturn) printf 'package %s\n\nfunc scenarioSign(n int) int {\n\tif n > 0 {\n\t\treturn 1\n\t}\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    selectwait) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioWaitsInSelect(t *testing.T) {\n\tselect {}\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    benchsleep) printf 'package %s\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc BenchmarkScenarioSlow(b *testing.B) {\n\tfor i := 0; i < b.N; i++ {\n\t\ttime.Sleep(time.Hour)\n\t}\n}\n' "$pkg" >"$d/zz_scenario_bench_test.go" ;;
    *) die "go_lines: unknown kind $2" ;;
  esac
}

# py_test FILE KIND [MODULE [NAME]]: writes our own small Python test module FILE (at the
# root or under tests/): importmissing (imports NAME from MODULE, which does not define it:
# an ImportError at collection), attrcall (a test calling MODULE.NAME, a function that is not
# there), softunicode (a test calling markupsafe's soft_unicode, which warns that it is
# deprecated), escapewrong (a test expecting markupsafe.escape to leave a tag alone),
# loadswrong (a test expecting tomli.loads to give a wrong value), passes (a test that passes:
# tomli.loads of a small document), sleepunittest (a unittest.TestCase sleeping an hour),
# wait (a test waiting for an Event nobody sets), unknownmarker (a test marked with a marker
# nobody registered).
py_test() {
  local f=$1
  mkdir -p "$(dirname "$f")"
  case "$2" in
    importmissing) printf 'from %s import %s\n\n\ndef test_scenario_helper():\n    assert %s("x")\n' "$3" "$4" "$4" >"$f" ;;
    attrcall) printf 'import %s\n\n\ndef test_scenario_helper():\n    assert %s.%s("x")\n' "$3" "$3" "$4" >"$f" ;;
    softunicode) printf 'from markupsafe import soft_unicode\n\n\ndef test_scenario_soft_unicode():\n    assert soft_unicode("<b>") == "<b>"\n' >"$f" ;;
    escapewrong) printf 'from markupsafe import escape\n\n\ndef test_scenario_escape_keeps_tags():\n    assert escape("<b>bold</b>") == "<b>bold</b>"\n' >"$f" ;;
    loadswrong) printf 'import tomli\n\n\ndef test_scenario_answer():\n    assert tomli.loads("answer = 42") == {"answer": 43}\n' >"$f" ;;
    passes) printf 'import tomli\n\n\ndef test_scenario_answer():\n    assert tomli.loads("answer = 42") == {"answer": 42}\n' >"$f" ;;
    sleepunittest) printf 'import time\nimport unittest\n\n\nclass ScenarioSlow(unittest.TestCase):\n    def test_sleeps_for_an_hour(self):\n        time.sleep(3600)\n' >"$f" ;;
    wait) printf 'import threading\n\n\ndef test_scenario_waits_for_a_signal():\n    threading.Event().wait()\n' >"$f" ;;
    unknownmarker) printf 'import pytest\n\n\n@pytest.mark.scenario_nightly\ndef test_scenario_marked():\n    assert True\n' >"$f" ;;
    *) die "py_test: unknown kind $2" ;;
  esac
}

# py_append FILE KIND: appends a few lines of our own to a Python file: listappend (a str
# appended to a list declared list[int]: a type checker's finding), wrongkw (a call with a
# keyword the function does not have: a type checker's finding, failing only when run),
# noneint (None assigned to a variable declared int), trailing (a line with trailing
# whitespace: pycodestyle's W291), fstring (an f-string without placeholders: pyflakes'
# finding), tabindent (a body indented with a tab after one indented with spaces: TabError).
py_append() {
  local f=$1
  [ -f "$f" ] || die "py_append: no $f"
  case "$2" in
    listappend) printf '\n\ndef scenario_sizes() -> "list[int]":\n    sizes: "list[int]" = []\n    sizes.append("large")\n    return sizes\n' >>"$f" ;;
    wrongkw) printf '\n\ndef scenario_pad(text: str, width: int) -> str:\n    return text.ljust(width)\n\n\ndef scenario_row() -> str:\n    return scenario_pad("x", size=4)\n' >>"$f" ;;
    noneint) printf '\n\nscenario_limit: int = None\n' >>"$f" ;;
    trailing) printf '\n\nSCENARIO_NAME = "scenario"   \n' >>"$f" ;;
    fstring) printf '\n\ndef scenario_title() -> str:\n    return f"scenario"\n' >>"$f" ;;
    tabindent) printf '\n\ndef scenario_pair():\n    first = 1\n\treturn first\n' >>"$f" ;;
    *) die "py_append: unknown kind $2" ;;
  esac
}

# ---- recipes added by the fifth recording (upstream5) ----

# go_snip DIR KIND [NAME]: writes our own small Go file(s) into the package in DIR (package name
# taken from the package's files): race (a test whose two goroutines increment one counter
# unsynchronized: a data race), countstate (a test registering a name in a package-level map,
# failing when run a second time in the same process), setenvparallel (a test calling t.Setenv
# after t.Parallel), taggeddb (a test behind //go:build scenario_integration that needs a
# database on 127.0.0.1:5432), linuxonly (a function defined only in a _linux.go file, used from
# a file built everywhere), overflow386 (an int variable given 1<<40, too big for a 32-bit int),
# generate (a //go:generate line running stringer), pollforever (a test polling a flag nobody
# sets), sleep3 (a test sleeping 3 s), httpresponse (resp.Body used before http.Get's error is
# checked: vet's httpresponse finding), lostcancel (context.WithTimeout's cancel discarded),
# timeformat (a time layout 2006-02-01: vet's timeformat finding), bools (n == 1 || n == 1: vet's
# bools finding, also run by go test), redeclare (a function named NAME, which the package
# already has), typeargs (golang-lru's New instantiated with one type argument of two),
# envrequired (a TestMain that stops when SCENARIO_DATABASE_URL is unset), duplicatecase (a
# switch with a duplicate case); uuidmain and uuidmainpanic write a command of our own into DIR
# (package main, using the google/uuid module at the root: printing a new UUID's version, or
# MustParse of a string that is not a UUID, which panics).
go_snip() {
  local d=$1 kind=$2 name=${3:-} pkg mod
  case "$kind" in
    uuidmain|uuidmainpanic)
      mod=$(awk '$1 == "module" { print $2; exit }' go.mod)
      mkdir -p "$d"
      if [ "$kind" = uuidmain ]; then
        printf 'package main\n\nimport (\n\t"fmt"\n\n\t"%s"\n)\n\nfunc main() {\n\tid := uuid.New()\n\tfmt.Println("version", id.Version())\n}\n' "$mod" >"$d/main.go"
      else
        printf 'package main\n\nimport (\n\t"fmt"\n\n\t"%s"\n)\n\nfunc main() {\n\tid := uuid.MustParse("order-2024-0001")\n\tfmt.Println("order id", id)\n}\n' "$mod" >"$d/main.go"
      fi
      return ;;
  esac
  pkg=$(grep -h -m1 '^package ' "$d"/*.go | grep -v '_test$' | head -n1 | cut -d' ' -f2)
  [ -n "$pkg" ] || die "go_snip: no Go package in $d"
  case "$kind" in
    race) printf 'package %s\n\nimport (\n\t"sync"\n\t"testing"\n)\n\nfunc TestScenarioCounter(t *testing.T) {\n\tvar wg sync.WaitGroup\n\tcount := 0\n\tfor i := 0; i < 2; i++ {\n\t\twg.Add(1)\n\t\tgo func() {\n\t\t\tdefer wg.Done()\n\t\t\tcount++\n\t\t}()\n\t}\n\twg.Wait()\n\tif count == 0 {\n\t\tt.Fatal("nothing counted")\n\t}\n}\n' "$pkg" >"$d/zz_scenario_race_test.go" ;;
    countstate) printf 'package %s\n\nimport "testing"\n\nvar scenarioRegistered = map[string]bool{}\n\nfunc TestScenarioRegisterDefault(t *testing.T) {\n\tif scenarioRegistered["default"] {\n\t\tt.Fatal("default registered twice")\n\t}\n\tscenarioRegistered["default"] = true\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    setenvparallel) printf 'package %s\n\nimport (\n\t"os"\n\t"testing"\n)\n\nfunc TestScenarioModeFromEnv(t *testing.T) {\n\tt.Parallel()\n\tt.Setenv("SCENARIO_MODE", "strict")\n\tif os.Getenv("SCENARIO_MODE") != "strict" {\n\t\tt.Fatal("mode not set")\n\t}\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    taggeddb) printf '//go:build scenario_integration\n\npackage %s\n\nimport (\n\t"net"\n\t"testing"\n\t"time"\n)\n\nfunc TestScenarioDatabaseRoundTrip(t *testing.T) {\n\tconn, err := net.DialTimeout("tcp", "127.0.0.1:5432", 2*time.Second)\n\tif err != nil {\n\t\tt.Fatalf("cannot reach the test database: %%v", err)\n\t}\n\tconn.Close()\n}\n' "$pkg" >"$d/zz_scenario_integration_test.go" ;;
    linuxonly)
      printf 'package %s\n\nfunc scenarioPlatform() string {\n\treturn "linux"\n}\n' "$pkg" >"$d/zz_scenario_linux.go"
      printf 'package %s\n\nfunc scenarioDescribe() string {\n\treturn "running on " + scenarioPlatform()\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    overflow386) printf 'package %s\n\nconst scenarioMaxBytes = 1 << 40\n\nvar scenarioLimit int = scenarioMaxBytes\n' "$pkg" >"$d/zz_scenario.go" ;;
    generate) printf 'package %s\n\n//go:generate stringer -type=scenarioKind\n\ntype scenarioKind int\n\nconst (\n\tscenarioKindPlain scenarioKind = iota\n\tscenarioKindQuoted\n)\n' "$pkg" >"$d/zz_scenario.go" ;;
    pollforever) printf 'package %s\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc TestScenarioWaitsUntilReady(t *testing.T) {\n\tready := false\n\tfor !ready {\n\t\ttime.Sleep(10 * time.Millisecond)\n\t}\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    sleep3) printf 'package %s\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc TestScenarioSlowSync(t *testing.T) {\n\ttime.Sleep(3 * time.Second)\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    httpresponse) printf 'package %s\n\nimport "net/http"\n\nfunc scenarioFetchStatus(url string) (int, error) {\n\tresp, err := http.Get(url)\n\tdefer resp.Body.Close()\n\tif err != nil {\n\t\treturn 0, err\n\t}\n\treturn resp.StatusCode, nil\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    lostcancel) printf 'package %s\n\nimport (\n\t"context"\n\t"time"\n)\n\nfunc scenarioDeadline() context.Context {\n\tctx, _ := context.WithTimeout(context.Background(), time.Second)\n\treturn ctx\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    timeformat) printf 'package %s\n\nimport "time"\n\nfunc scenarioStamp(t time.Time) string {\n\treturn t.Format("2006-02-01")\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    bools) printf 'package %s\n\nfunc scenarioIsSmall(n int) bool {\n\treturn n == 1 || n == 1\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    redeclare) [ -n "$name" ] || die "go_snip: redeclare needs a name"
      printf 'package %s\n\nfunc %s() {}\n' "$pkg" "$name" >"$d/zz_scenario.go" ;;
    typeargs) printf 'package %s\n\nvar scenarioCache, _ = New[string](128)\n' "$pkg" >"$d/zz_scenario.go" ;;
    envrequired) printf 'package %s\n\nimport (\n\t"fmt"\n\t"os"\n\t"testing"\n)\n\nfunc TestMain(m *testing.M) {\n\tif os.Getenv("SCENARIO_DATABASE_URL") == "" {\n\t\tfmt.Fprintln(os.Stderr, "SCENARIO_DATABASE_URL is not set")\n\t\tos.Exit(1)\n\t}\n\tos.Exit(m.Run())\n}\n' "$pkg" >"$d/zz_scenario_main_test.go" ;;
    duplicatecase) printf 'package %s\n\nfunc scenarioMethodName(n int) string {\n\tswitch n {\n\tcase 1:\n\t\treturn "GET"\n\tcase 1:\n\t\treturn "POST"\n\t}\n\treturn ""\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    *) die "go_snip: unknown kind $kind" ;;
  esac
}

# py_snip FILE KIND: writes our own Python lines: into a new test module or script FILE
# (fixturemissing: a test asking for a fixture nobody defines; dbfixture: a fixture connecting
# to a database on 127.0.0.1:5432; mocker: a test using pytest-mock's mocker fixture;
# xpassstrict: a strict xfail test of markupsafe.escape that passes; xfailfails: a non-strict
# xfail test that fails; tomliparam: parametrized tomli.loads cases with ids, the octal one
# expecting a wrong value; pollmarker: a test polling a flag nobody sets, marked
# timeout(2) for pytest-timeout; acceptwait: a test waiting for a connection nobody makes;
# tomliimportmissing: a script importing load_string from tomli, which has no such name), or
# appended to an existing module FILE (unusedignore: a type: ignore on a line without an error;
# anygenerics: dict and list without type parameters; untypedbody: an unannotated function
# adding a str and an int; tupleindex: index 2 of a tuple[int, int]; ambiguous: a local named l:
# pycodestyle's E741; evalcall: eval() of an argument: bandit's B307; unclosed: a list whose
# bracket is never closed).
py_snip() {
  local f=$1
  case "$2" in
    fixturemissing|dbfixture|mocker|xpassstrict|xfailfails|tomliparam|pollmarker|acceptwait|tomliimportmissing) mkdir -p "$(dirname "$f")" ;;
    *) [ -f "$f" ] || die "py_snip: no $f" ;;
  esac
  case "$2" in
    fixturemissing) printf 'def test_scenario_uses_client(scenario_client):\n    assert scenario_client is not None\n' >"$f" ;;
    dbfixture) printf 'import socket\n\nimport pytest\n\n\n@pytest.fixture\ndef scenario_db():\n    conn = socket.create_connection(("127.0.0.1", 5432), timeout=2)\n    yield conn\n    conn.close()\n\n\ndef test_scenario_db_roundtrip(scenario_db):\n    scenario_db.sendall(b"ping")\n' >"$f" ;;
    mocker) printf 'import os\n\n\ndef test_scenario_patched_cwd(mocker):\n    mocker.patch("os.getcwd", return_value="/srv")\n    assert os.getcwd() == "/srv"\n' >"$f" ;;
    xpassstrict) printf 'import pytest\n\nfrom markupsafe import escape\n\n\n@pytest.mark.xfail(strict=True, reason="scenario: quotes are not escaped yet")\ndef test_scenario_escape_quotes():\n    assert escape(%s) == "&#34;"\n' "'\"'" >"$f" ;;
    xfailfails) printf 'import pytest\n\nfrom markupsafe import escape\n\n\n@pytest.mark.xfail(reason="scenario: raw tags are a later story")\ndef test_scenario_escape_keeps_raw_tags():\n    assert escape("<b>") == "<b>"\n' >"$f" ;;
    tomliparam) printf 'import pytest\n\nimport tomli\n\n\n@pytest.mark.parametrize(\n    "source, expected",\n    [("42", 42), ("0x2a", 42), ("4.2e1", 42.0), ("0o52", 43)],\n    ids=["decimal", "hex", "float", "octal"],\n)\ndef test_scenario_number(source, expected):\n    assert tomli.loads(f"n = {source}")["n"] == expected\n' >"$f" ;;
    pollmarker) printf 'import time\n\nimport pytest\n\n\n@pytest.mark.timeout(2)\ndef test_scenario_waits_until_ready():\n    ready = False\n    while not ready:\n        time.sleep(0.1)\n' >"$f" ;;
    acceptwait) printf 'import socket\n\n\ndef test_scenario_waits_for_callback():\n    server = socket.create_server(("127.0.0.1", 0))\n    conn, _ = server.accept()\n    conn.close()\n' >"$f" ;;
    tomliimportmissing) printf 'from tomli import load_string\n\nprint(load_string("answer = 42"))\n' >"$f" ;;
    unusedignore) printf '\n\nscenario_retries: int = 3  # type: ignore\n' >>"$f" ;;
    anygenerics) printf '\n\ndef scenario_keys(table: dict) -> list:\n    return list(table)\n' >>"$f" ;;
    untypedbody) printf '\n\ndef scenario_label():\n    return "items: " + 3\n' >>"$f" ;;
    tupleindex) printf '\n\ndef scenario_second(pair: "tuple[int, int]") -> int:\n    return pair[2]\n' >>"$f" ;;
    ambiguous) printf '\n\ndef scenario_first(values):\n    l = values[0]\n    return l\n' >>"$f" ;;
    evalcall) printf '\n\ndef scenario_value(text):\n    return eval(text)\n' >>"$f" ;;
    unclosed) printf '\n\nSCENARIO_SIZES = [1, 2,\n' >>"$f" ;;
    *) die "py_snip: unknown kind $2" ;;
  esac
}

# ---- recipes added by the sixth recording (upstream6) ----

# go_six DIR KIND: writes our own small Go file(s) into the package in DIR (package name taken
# from the package's files), or a command of our own into DIR (package main, importing the
# module at the root): lenstring (a test expecting a UUID string of 32 characters),
# decodewrong (a test expecting Decode of "retries = 3" to give 5), fuzzseed (a fuzz test
# whose seed "v1" is not Equal to its upper case), benchfatal (a benchmark expecting a cache of
# size 8 to hold 16 entries), nilmap (a test writing to a nil map: it panics), routeletters (a
# table test expecting /users/abc to match {id:[0-9]+}), mainunexported (a command calling
# uuid's unexported getTime), mainassign (a command taking Decode's two results into one
# variable), wrongiface (a type asserted to be an Unmarshaler whose method takes a string),
# notcomparable (New instantiated with a slice key), testsig (a Test function taking
# *testing.B), copylocks (a struct holding a sync.Mutex passed by value: vet's copylocks),
# unusedresult (fmt.Sprintf's result discarded: vet's unusedresult), stdmethods (a ReadByte
# method returning only a byte: vet's stdmethods), doublelock (a test locking one mutex twice),
# blockinghandler (a test whose HTTP handler never returns), busyloop (a test spinning on a flag
# nobody sets), etcdcli (a test running `etcd --version`, a binary that is not installed).
go_six() {
  local d=$1 kind=$2 pkg mod
  mod=$(awk '$1 == "module" { print $2; exit }' go.mod)
  case "$kind" in
    mainunexported|mainassign)
      mkdir -p "$d"
      if [ "$kind" = mainunexported ]; then
        printf 'package main\n\nimport (\n\t"fmt"\n\n\t"%s"\n)\n\nfunc main() {\n\tt, seq, err := uuid.getTime()\n\tfmt.Println(t, seq, err)\n}\n' "$mod" >"$d/main.go"
      else
        printf 'package main\n\nimport (\n\t"fmt"\n\n\t"%s"\n)\n\nfunc main() {\n\tvar cfg struct{ Retries int }\n\tmeta := toml.Decode("retries = 3", &cfg)\n\tfmt.Println(cfg.Retries, meta)\n}\n' "$mod" >"$d/main.go"
      fi
      return ;;
  esac
  pkg=$(grep -h -m1 '^package ' "$d"/*.go | grep -v '_test$' | head -n1 | cut -d' ' -f2)
  [ -n "$pkg" ] || die "go_six: no Go package in $d"
  case "$kind" in
    lenstring) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioStringLength(t *testing.T) {\n\tif got := len(New().String()); got != 32 {\n\t\tt.Errorf("len(New().String()) = %%d, want 32", got)\n\t}\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    decodewrong) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioRetries(t *testing.T) {\n\tvar cfg struct{ Retries int }\n\tif _, err := Decode("retries = 3", &cfg); err != nil {\n\t\tt.Fatal(err)\n\t}\n\tif cfg.Retries != 5 {\n\t\tt.Errorf("Retries = %%d, want 5", cfg.Retries)\n\t}\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    fuzzseed) printf 'package %s\n\nimport (\n\t"strings"\n\t"testing"\n)\n\nfunc FuzzScenarioCaseInsensitive(f *testing.F) {\n\tf.Add("v1")\n\tf.Fuzz(func(t *testing.T, s string) {\n\t\tif !Equal(s, strings.ToUpper(s)) {\n\t\t\tt.Errorf("%%q and its upper case differ", s)\n\t\t}\n\t})\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    benchfatal) printf 'package %s\n\nimport "testing"\n\nfunc BenchmarkScenarioWarmCache(b *testing.B) {\n\tc, err := New[int, int](8)\n\tif err != nil {\n\t\tb.Fatal(err)\n\t}\n\tfor i := 0; i < b.N+16; i++ {\n\t\tc.Add(i, i)\n\t}\n\tif c.Len() != 16 {\n\t\tb.Fatalf("Len() = %%d, want 16", c.Len())\n\t}\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    nilmap) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioRouteNames(t *testing.T) {\n\tvar seen map[string]int\n\tr := NewRouter()\n\tr.HandleFunc("/", nil).Name("home")\n\tseen[r.Get("home").GetName()]++\n\tif seen["home"] != 1 {\n\t\tt.Fatal("home not seen")\n\t}\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    routeletters) printf 'package %s\n\nimport (\n\t"net/http"\n\t"net/http/httptest"\n\t"testing"\n)\n\nfunc TestScenarioRoutes(t *testing.T) {\n\tr := NewRouter()\n\tr.HandleFunc("/users/{id:[0-9]+}", func(w http.ResponseWriter, _ *http.Request) {})\n\tfor _, tc := range []struct {\n\t\tname, path string\n\t\twant       int\n\t}{\n\t\t{"digits", "/users/42", http.StatusOK},\n\t\t{"letters", "/users/abc", http.StatusOK},\n\t} {\n\t\tt.Run(tc.name, func(t *testing.T) {\n\t\t\trec := httptest.NewRecorder()\n\t\t\tr.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tc.path, nil))\n\t\t\tif rec.Code != tc.want {\n\t\t\t\tt.Errorf("GET %%s: status %%d, want %%d", tc.path, rec.Code, tc.want)\n\t\t\t}\n\t\t})\n\t}\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    wrongiface) printf 'package %s\n\ntype scenarioDate struct{ raw string }\n\nfunc (d *scenarioDate) UnmarshalTOML(data string) error {\n\td.raw = data\n\treturn nil\n}\n\nvar _ Unmarshaler = (*scenarioDate)(nil)\n' "$pkg" >"$d/zz_scenario.go" ;;
    notcomparable) printf 'package %s\n\nfunc scenarioPathCache() (*Cache[[]string, int], error) {\n\treturn New[[]string, int](64)\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    testsig) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioWarm(b *testing.B) {\n\tfor i := 0; i < b.N; i++ {\n\t}\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    copylocks) printf 'package %s\n\nimport "sync"\n\ntype scenarioStats struct {\n\tmu    sync.Mutex\n\thits int\n}\n\nfunc scenarioSnapshot(s scenarioStats) int {\n\treturn s.hits\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    unusedresult) printf 'package %s\n\nimport "fmt"\n\nfunc scenarioLabel(n int) string {\n\tlabel := "uuid"\n\tfmt.Sprintf("%%s-%%d", label, n)\n\treturn label\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    stdmethods) printf 'package %s\n\ntype scenarioReader struct{ buf []byte }\n\nfunc (r *scenarioReader) ReadByte() byte {\n\tb := r.buf[0]\n\tr.buf = r.buf[1:]\n\treturn b\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    doublelock) printf 'package %s\n\nimport (\n\t"sync"\n\t"testing"\n)\n\nfunc TestScenarioLockedTwice(t *testing.T) {\n\tvar mu sync.Mutex\n\tmu.Lock()\n\tdefer mu.Unlock()\n\tmu.Lock()\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    blockinghandler) printf 'package %s\n\nimport (\n\t"net/http"\n\t"net/http/httptest"\n\t"testing"\n)\n\nfunc TestScenarioSlowUpstream(t *testing.T) {\n\trelease := make(chan struct{})\n\tr := NewRouter()\n\tr.HandleFunc("/slow", func(w http.ResponseWriter, _ *http.Request) {\n\t\t<-release\n\t})\n\tsrv := httptest.NewServer(r)\n\tdefer srv.Close()\n\tresp, err := http.Get(srv.URL + "/slow")\n\tif err != nil {\n\t\tt.Fatal(err)\n\t}\n\tresp.Body.Close()\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    busyloop) printf 'package %s\n\nimport (\n\t"sync/atomic"\n\t"testing"\n)\n\nvar scenarioReady atomic.Bool\n\nfunc TestScenarioSpinsUntilReady(t *testing.T) {\n\tfor !scenarioReady.Load() {\n\t}\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    etcdcli) printf 'package %s\n\nimport (\n\t"os/exec"\n\t"testing"\n)\n\nfunc TestScenarioEtcdConfig(t *testing.T) {\n\tout, err := exec.Command("etcd", "--version").CombinedOutput()\n\tif err != nil {\n\t\tt.Fatalf("etcd --version: %%v", err)\n\t}\n\tt.Logf("%%s", out)\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    *) die "go_six: unknown kind $kind" ;;
  esac
}

# py_six FILE KIND: writes our own Python lines: into a new test module or script FILE
# (unittestwrong: a unittest expecting tomli to read 0x10 as 10; raisesnot: a test expecting
# tomli.loads to reject a valid document; clirunner: a CliRunner test expecting a command with a
# required option to succeed without it; striptagswrong: a test expecting striptags to keep two
# spaces; subprocsleep: a test running `sleep 3600`; vaultcli: a test running `vault status`, a
# binary that is not installed; shellbad: a shell script iterating over ls with unquoted
# variables; shellclean: a clean shell script), or appended to an existing module FILE
# (futurelate: a `from __future__` import at the end; returnoutside: a return at module level;
# blanklines: a def after one blank line: pycodestyle's E302; broadexcept: an `except
# Exception` that passes; toomanyargs: a call with one argument too many; override: a Markup
# subclass whose striptags() returns an int; returnany: a function declared to return str
# returning json.loads' Any; dictentry: a str value in a dict[str, int]).
py_six() {
  local f=$1
  case "$2" in
    unittestwrong|raisesnot|clirunner|striptagswrong|subprocsleep|vaultcli|shellbad|shellclean) mkdir -p "$(dirname "$f")" ;;
    *) [ -f "$f" ] || die "py_six: no $f" ;;
  esac
  case "$2" in
    unittestwrong) printf 'import unittest\n\nimport tomli\n\n\nclass ScenarioHex(unittest.TestCase):\n    def test_hex_value(self):\n        self.assertEqual(tomli.loads("n = 0x10")["n"], 10)\n\n\nif __name__ == "__main__":\n    unittest.main()\n' >"$f" ;;
    raisesnot) printf 'import pytest\n\nimport tomli\n\n\ndef test_scenario_rejects_bare_key():\n    with pytest.raises(tomli.TOMLDecodeError):\n        tomli.loads("name = 1")\n' >"$f" ;;
    clirunner) printf 'import click\nfrom click.testing import CliRunner\n\n\n@click.command()\n@click.option("--count", type=int, required=True)\ndef scenario_repeat(count):\n    click.echo("x" * count)\n\n\ndef test_scenario_repeat_default():\n    result = CliRunner().invoke(scenario_repeat, [])\n    assert result.exit_code == 0, result.output\n' >"$f" ;;
    striptagswrong) printf 'from markupsafe import Markup\n\n\ndef test_scenario_striptags_keeps_spacing():\n    assert Markup("<p>a</p>  <p>b</p>").striptags() == "a  b"\n' >"$f" ;;
    subprocsleep) printf 'import subprocess\n\n\ndef test_scenario_waits_for_worker():\n    subprocess.run(["sleep", "3600"], check=True)\n' >"$f" ;;
    vaultcli) printf 'import subprocess\n\n\ndef test_scenario_secrets_available():\n    out = subprocess.run(["vault", "status"], capture_output=True, check=True)\n    assert b"Sealed" in out.stdout\n' >"$f" ;;
    shellbad) printf '#!/bin/sh\n# scenario: upload the built files\nfor f in $(ls dist); do\n    echo uploading $f\n    cp dist/$f $TARGET_DIR\ndone\n' >"$f" ;;
    shellclean) printf '#!/bin/sh\n# scenario: run the checks\nset -eu\nfor f in src/*; do\n    printf "checking %%s\\n" "$f"\ndone\n' >"$f" ;;
    futurelate) printf '\nfrom __future__ import annotations\n' >>"$f" ;;
    returnoutside) printf '\n\nreturn None\n' >>"$f" ;;
    blanklines) printf '\n\nSCENARIO_LIMIT = 3\n\ndef scenario_limit():\n    return SCENARIO_LIMIT\n' >>"$f" ;;
    broadexcept) printf '\n\ndef scenario_safe_len(value):\n    try:\n        return len(value)\n    except Exception:\n        return 0\n' >>"$f" ;;
    toomanyargs) printf '\n\ndef scenario_double(n: int) -> int:\n    return n * 2\n\n\nSCENARIO_DOUBLED = scenario_double(2, 3)\n' >>"$f" ;;
    override) printf '\n\nclass ScenarioMarkup(Markup):\n    def striptags(self) -> int:\n        return 1\n' >>"$f" ;;
    returnany) printf '\n\ndef scenario_title(raw: str) -> str:\n    import json\n\n    return json.loads(raw)\n' >>"$f" ;;
    dictentry) printf '\n\nSCENARIO_WIDTHS: "dict[str, int]" = {"narrow": 40, "wide": "120"}\n' >>"$f" ;;
    *) die "py_six: unknown kind $2" ;;
  esac
}

# ---- recipes added by the seventh recording (upstream7) ----

# go_seven DIR KIND: writes our own small Go file(s) into the package in DIR (package name taken
# from the package's files), or a command of our own into DIR (package main, importing the
# module at the root): twofail (two tests that fail: Equal of reordered slices, a Diff of two
# strings), parseupper (a test expecting Parse to reject an upper-case UUID), methodmismatch (a
# test expecting a POST to a GET-only route to give 200), unorderedwrong (an Example whose
# "Unordered output" lists an evicted key), compositecomma (a multi-line map literal missing its
# last comma: a syntax error), unknownfield (a struct literal naming a field the type lacks),
# returncount (a function returning one value where two are declared), cmpoptsargs (a test
# calling EquateApprox with one argument of two), errorsas (errors.As given a non-pointer-to-error
# target: vet's errorsas), sigchan (signal.Notify on an unbuffered channel: vet's sigchanyzer),
# appends (append with no values: vet's appends), hostport (net.Dial of an address built with
# Sprintf("%s:%d"): vet's hostport), testinggoroutine (t.Fatal called from a goroutine: vet's
# testinggoroutine), rangeint (a range over an int constant, which needs go 1.22, in a module
# whose go.mod says go 1.19), wgwait (a test waiting on a WaitGroup nobody releases), serve (a
# command serving a mux router on 127.0.0.1:8080, which never returns).
go_seven() {
  local d=$1 kind=$2 pkg mod
  mod=$(awk '$1 == "module" { print $2; exit }' go.mod)
  case "$kind" in
    serve)
      mkdir -p "$d"
      printf 'package main\n\nimport (\n\t"log"\n\t"net/http"\n\n\t"%s"\n)\n\nfunc main() {\n\tr := mux.NewRouter()\n\tr.HandleFunc("/health", func(w http.ResponseWriter, _ *http.Request) {\n\t\tw.Write([]byte("ok"))\n\t})\n\tlog.Println("listening on 127.0.0.1:8080")\n\tlog.Fatal(http.ListenAndServe("127.0.0.1:8080", r))\n}\n' "$mod" >"$d/main.go"
      return ;;
  esac
  pkg=$(grep -h -m1 '^package ' "$d"/*.go | grep -v '_test$' | head -n1 | cut -d' ' -f2)
  [ -n "$pkg" ] || die "go_seven: no Go package in $d"
  case "$kind" in
    twofail) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioOrder(t *testing.T) {\n\tif !Equal([]int{1, 2}, []int{2, 1}) {\n\t\tt.Error("slices differ in order")\n\t}\n}\n\nfunc TestScenarioText(t *testing.T) {\n\tif d := Diff("alpha", "alpha "); d != "" {\n\t\tt.Errorf("mismatch (-want +got):\\n%%s", d)\n\t}\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    parseupper) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioRejectsUpperCase(t *testing.T) {\n\tif _, err := Parse("F47AC10B-58CC-4372-A567-0E02B2C3D479"); err == nil {\n\t\tt.Error("Parse accepted an upper-case UUID, want an error")\n\t}\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    methodmismatch) printf 'package %s\n\nimport (\n\t"net/http"\n\t"net/http/httptest"\n\t"testing"\n)\n\nfunc TestScenarioPostToGetRoute(t *testing.T) {\n\tr := NewRouter()\n\tr.HandleFunc("/items", func(w http.ResponseWriter, _ *http.Request) {}).Methods(http.MethodGet)\n\trec := httptest.NewRecorder()\n\tr.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/items", nil))\n\tif rec.Code != http.StatusOK {\n\t\tt.Errorf("POST /items: status %%d, want %%d", rec.Code, http.StatusOK)\n\t}\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    unorderedwrong) printf 'package %s\n\nimport "fmt"\n\nfunc Example_scenarioKeys() {\n\tc, _ := New[string, int](2)\n\tc.Add("a", 1)\n\tc.Add("b", 2)\n\tc.Add("c", 3)\n\tfor _, k := range c.Keys() {\n\t\tfmt.Println(k)\n\t}\n\t// Unordered output:\n\t// a\n\t// b\n}\n' "$pkg" >"$d/zz_scenario_example_test.go" ;;
    compositecomma) printf 'package %s\n\nvar scenarioNamespaces = map[string]UUID{\n\t"dns": NameSpaceDNS,\n\t"url": NameSpaceURL\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    unknownfield) printf 'package %s\n\ntype scenarioConfig struct {\n\tSize int\n}\n\nvar scenarioDefaults = scenarioConfig{Size: 128, TTL: 60}\n' "$pkg" >"$d/zz_scenario.go" ;;
    returncount) printf 'package %s\n\nfunc scenarioSplit(s string) (string, error) {\n\treturn s\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    cmpoptsargs) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioApprox(t *testing.T) {\n\t_ = EquateApprox(0.1)\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    errorsas) printf 'package %s\n\nimport (\n\t"errors"\n\t"os"\n)\n\nfunc scenarioIsPathError(err error) bool {\n\tvar target *os.PathError\n\treturn errors.As(err, target)\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    sigchan) printf 'package %s\n\nimport (\n\t"os"\n\t"os/signal"\n)\n\nfunc scenarioWaitForInterrupt() {\n\tc := make(chan os.Signal)\n\tsignal.Notify(c, os.Interrupt)\n\t<-c\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    appends) printf 'package %s\n\nfunc scenarioWithDefault(keys []string) []string {\n\tkeys = append(keys)\n\treturn keys\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    hostport) printf 'package %s\n\nimport (\n\t"fmt"\n\t"net"\n)\n\nfunc scenarioDial(host string, port int) (net.Conn, error) {\n\treturn net.Dial("tcp", fmt.Sprintf("%%s:%%d", host, port))\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    testinggoroutine) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioBackground(t *testing.T) {\n\tdone := make(chan struct{})\n\tgo func() {\n\t\tdefer close(done)\n\t\tif !Equal(1, 1) {\n\t\t\tt.Fatal("one is not one")\n\t\t}\n\t}()\n\t<-done\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    rangeint) printf 'package %s\n\nfunc scenarioSum() int {\n\tn := 0\n\tfor i := range 3 {\n\t\tn += i\n\t}\n\treturn n\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    wgwait) printf 'package %s\n\nimport (\n\t"sync"\n\t"testing"\n)\n\nfunc TestScenarioWaitsForWorkers(t *testing.T) {\n\tvar wg sync.WaitGroup\n\twg.Add(1)\n\twg.Wait()\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    *) die "go_seven: unknown kind $kind" ;;
  esac
}

# py_seven FILE KIND: writes our own Python lines: into a new file FILE (doctesttxt: a text file
# whose doctest expects escape("<b>") to come back unescaped; doctestloop: a text file whose
# doctest loops forever; unittestk: a unittest module whose scenario test expects 0x10 to read
# as 10, beside one that passes; versionattr: a test reading markupsafe.__version__, deprecated
# in 3.0; approx: a test expecting 0.1 to be approximately 0.2; freezegun: a test importing
# freezegun, not installed; queuewait: a test waiting on an empty queue), or appended to an
# existing module FILE (defaultorder: a parameter without default after one with a default:
# SyntaxError; opendocstring: a docstring never closed; py2print: a Python 2 print statement;
# importtypeerror: int() called with three arguments at import; w605: an invalid escape
# sequence "\d": pycodestyle's W605; mutabledefault: a list as a default argument: pylint's
# dangerous-default-value; e225: an assignment without spaces around =: pycodestyle's E225;
# implicitoptional: None as the default of an int parameter; strictequality: a str compared
# with bytes; unreachable: a statement after an isinstance check that always holds;
# incompletedefs: a function with one parameter annotated and one not; abstract: an abstract
# class instantiated; untypedcall: a typed function calling an untyped one).
py_seven() {
  local f=$1
  case "$2" in
    doctesttxt|doctestloop|unittestk|versionattr|approx|freezegun|queuewait) mkdir -p "$(dirname "$f")" ;;
    *) [ -f "$f" ] || die "py_seven: no $f" ;;
  esac
  case "$2" in
    doctesttxt) printf 'Escaping user input\n===================\n\n    >>> from markupsafe import escape\n    >>> escape("<b>")\n    Markup(%s)\n' "'<b>'" >"$f" ;;
    doctestloop) printf 'Waiting for the worker\n======================\n\n    >>> ready = False\n    >>> while not ready:\n    ...     pass\n' >"$f" ;;
    unittestk) printf 'import unittest\n\nimport tomli\n\n\nclass ScenarioNumbers(unittest.TestCase):\n    def test_scenario_hex(self):\n        self.assertEqual(tomli.loads("n = 0x10")["n"], 10)\n\n    def test_decimal(self):\n        self.assertEqual(tomli.loads("n = 10")["n"], 10)\n' >"$f" ;;
    versionattr) printf 'import markupsafe\n\n\ndef test_scenario_version_reported():\n    assert markupsafe.__version__\n' >"$f" ;;
    approx) printf 'import pytest\n\nimport tomli\n\n\ndef test_scenario_ratio():\n    ratio = tomli.loads("ratio = 0.1")["ratio"]\n    assert ratio == pytest.approx(0.2)\n' >"$f" ;;
    freezegun) printf 'from freezegun import freeze_time\n\nimport click\n\n\n@freeze_time("2024-01-01")\ndef test_scenario_frozen_echo():\n    click.echo("frozen")\n' >"$f" ;;
    queuewait) printf 'import queue\n\n\ndef test_scenario_waits_for_a_job():\n    jobs = queue.Queue()\n    assert jobs.get() is not None\n' >"$f" ;;
    defaultorder) printf '\n\ndef scenario_pad(width=4, text):\n    return text.ljust(width)\n' >>"$f" ;;
    opendocstring) printf '\n\ndef scenario_helper():\n    """Return the helper value.\n\n    return 1\n' >>"$f" ;;
    py2print) printf '\n\ndef scenario_debug(value):\n    print "scenario", value\n' >>"$f" ;;
    importtypeerror) printf '\n\nSCENARIO_BASE = int("12", 10, 2)\n' >>"$f" ;;
    w605) printf '\n\nimport re as _scenario_re\n\nSCENARIO_DIGITS = _scenario_re.compile("\\d+")\n' >>"$f" ;;
    mutabledefault) printf '\n\ndef scenario_collect(item, seen=[]):\n    seen.append(item)\n    return seen\n' >>"$f" ;;
    e225) printf '\n\nSCENARIO_LIMIT=3\n' >>"$f" ;;
    implicitoptional) printf '\n\ndef scenario_pad(width: int = None) -> int:\n    return width or 0\n' >>"$f" ;;
    strictequality) printf '\n\ndef scenario_is_dash(value: str) -> bool:\n    return value == b"-"\n' >>"$f" ;;
    unreachable) printf '\n\ndef scenario_kind(value: int) -> str:\n    if isinstance(value, int):\n        return "int"\n    return "other"\n' >>"$f" ;;
    incompletedefs) printf '\n\ndef scenario_join(first: str, second) -> str:\n    return first + str(second)\n' >>"$f" ;;
    abstract) printf '\n\nimport abc as _scenario_abc\n\n\nclass ScenarioBase(_scenario_abc.ABC):\n    @_scenario_abc.abstractmethod\n    def render(self) -> str:\n        ...\n\n\nSCENARIO_DEFAULT = ScenarioBase()\n' >>"$f" ;;
    untypedcall) printf '\n\ndef scenario_raw(value):\n    return value\n\n\ndef scenario_width() -> int:\n    return scenario_raw(4)\n' >>"$f" ;;
    *) die "py_seven: unknown kind $2" ;;
  esac
}

# go_eight DIR KIND: writes our own Go file into DIR (the eighth recording's cases): a table test
# whose "upper" subtest expects Parse to reject upper case (subtestupper); a test expecting an
# evicted key to stay (evicted); a test whose Diff of two maps must be empty (mapdiff); a test
# file that ends inside an if block (unclosedtest); an int added to a string (mismatched); a
# call of a method Router does not have (undefmethod); a function without a final return
# (missingreturn); a struct that contains itself (recursivetype); a 32-bit value shifted by 40
# (shift); a function compared with nil (nilfunc); a struct tag without quotes (structtag); an
# imported struct written without field names (composites); a test waiting in Accept on a
# listener nobody dials (accept); a test in select {} (selectforever).
go_eight() {
  local d=$1 kind=$2 pkg
  pkg=$(grep -h -m1 '^package ' "$d"/*.go | grep -v '_test$' | head -n1 | cut -d' ' -f2)
  [ -n "$pkg" ] || die "go_eight: no Go package in $d"
  case "$kind" in
    subtestupper) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioTable(t *testing.T) {\n\tfor _, tc := range []struct{ name, in string }{\n\t\t{"lower", "f47ac10b-58cc-4372-a567-0e02b2c3d479"},\n\t\t{"upper", "F47AC10B-58CC-4372-A567-0E02B2C3D479"},\n\t} {\n\t\tt.Run(tc.name, func(t *testing.T) {\n\t\t\tu, err := Parse(tc.in)\n\t\t\tif err != nil {\n\t\t\t\tt.Fatal(err)\n\t\t\t}\n\t\t\tif u.String() != tc.in {\n\t\t\t\tt.Errorf("String() = %%q, want %%q", u.String(), tc.in)\n\t\t\t}\n\t\t})\n\t}\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    evicted) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioKeepsFirstKey(t *testing.T) {\n\tl, err := NewLRU[int, int](2, nil)\n\tif err != nil {\n\t\tt.Fatal(err)\n\t}\n\tl.Add(1, 1)\n\tl.Add(2, 2)\n\tl.Add(3, 3)\n\tif !l.Contains(1) {\n\t\tt.Error("key 1 was evicted, want it kept")\n\t}\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    mapdiff) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioSettings(t *testing.T) {\n\twant := map[string]int{"retries": 3, "workers": 4}\n\tgot := map[string]int{"retries": 3, "workers": 8}\n\tif d := Diff(want, got); d != "" {\n\t\tt.Errorf("settings mismatch (-want +got):\\n%%s", d)\n\t}\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    unclosedtest) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioDecode(t *testing.T) {\n\tvar v map[string]any\n\tif _, err := Decode("a = 1", &v); err != nil {\n\t\tt.Fatal(err)\n\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    mismatched) printf 'package %s\n\nfunc scenarioLabel(n int) string {\n\treturn n + "-uuid"\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    undefmethod) printf 'package %s\n\nimport (\n\t"net/http"\n\t"testing"\n)\n\nfunc TestScenarioRoutes(t *testing.T) {\n\tr := NewRouter()\n\tr.HandleFuncs("/a", func(http.ResponseWriter, *http.Request) {})\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    missingreturn) printf 'package %s\n\nfunc scenarioPick(first bool) int {\n\tif first {\n\t\treturn 1\n\t}\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    recursivetype) printf 'package %s\n\ntype scenarioNode struct {\n\tname string\n\tnext scenarioNode\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    shift) printf 'package %s\n\nfunc scenarioHigh(v int32) int32 {\n\treturn v >> 40\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    nilfunc) printf 'package %s\n\nfunc scenarioHook() {}\n\nfunc scenarioHasHook() bool {\n\treturn scenarioHook != nil\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    structtag) printf 'package %s\n\ntype scenarioRoute struct {\n\tPath string `json:"path" xml:path`\n}\n\nvar _ = scenarioRoute{}\n' "$pkg" >"$d/zz_scenario.go" ;;
    composites) printf 'package %s\n\nimport "net"\n\nvar scenarioAddr = net.TCPAddr{net.IPv4(127, 0, 0, 1), 8080, ""}\n' "$pkg" >"$d/zz_scenario.go" ;;
    accept) printf 'package %s\n\nimport (\n\t"net"\n\t"testing"\n)\n\nfunc TestScenarioAccept(t *testing.T) {\n\tln, err := net.Listen("tcp", "127.0.0.1:0")\n\tif err != nil {\n\t\tt.Fatal(err)\n\t}\n\tdefer ln.Close()\n\tconn, err := ln.Accept()\n\tif err != nil {\n\t\tt.Fatal(err)\n\t}\n\tconn.Close()\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    selectforever) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioWaitForever(t *testing.T) {\n\tselect {}\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    *) die "go_eight: unknown kind $kind" ;;
  esac
}

# py_eight FILE KIND: writes our own Python (or YAML, ini) lines into a new file FILE, or
# appends them to an existing module (indent, fstring, unterminated): two tests told apart by -k
# (kexpr); a test marked slow whose CliRunner output is wrong (markerslow); a unittest module
# expecting escape("<") unchanged (unitdiscover); a fixture whose test expects the wrong value
# (fixturewrong; markerslow also appends a pytest_configure registering the slow marker to the
# conftest.py beside FILE); a script whose assert only -O strips (optassert); an unexpected indent
# (indent); an f-string missing a parenthesis (fstring); a string never closed (unterminated); a
# conftest whose module-level tomli.loads fails (conftestraise); a test waiting in accept()
# (accept); a test sleeping 60 s (sleep60); a test acquiring a held lock (lockheld); a test in
# select() with no descriptors (selectnone); imports out of order (isort); a subprocess call
# with shell=True (banditshell); trailing whitespace (w291); an unused import (unusedimport); a
# YAML mapping with a duplicate key (yamldup); a pytest.ini with a misspelt --tb value
# (initypo); a test importing faker (faker); and standalone annotated modules with one type
# error each (typeddict, override, literal, protocol, final, callablearg, anygenerics).
py_eight() {
  local f=$1
  case "$2" in
    indent|fstring|unterminated) [ -f "$f" ] || die "py_eight: no $f" ;;
    *) [ ! -e "$f" ] || die "py_eight: $f exists"; mkdir -p "$(dirname "$f")" ;;
  esac
  case "$2" in
    kexpr) printf 'from markupsafe import escape\n\n\ndef test_scenario_quote():\n    assert escape(%s) == "&quot;"\n\n\ndef test_scenario_slow_roundtrip():\n    assert escape("a") == "a"\n' "'\"'" >"$f" ;;
    markerslow) printf '\n\ndef pytest_configure(config):\n    config.addinivalue_line("markers", "slow: a slow scenario test")\n' >>"$(dirname "$f")/conftest.py"
      printf 'import click\nimport pytest\nfrom click.testing import CliRunner\n\n\n@click.command()\ndef hello():\n    click.echo("hi")\n\n\n@pytest.mark.slow\ndef test_scenario_greeting():\n    result = CliRunner().invoke(hello)\n    assert result.output == "hello\\n"\n' >"$f" ;;
    unitdiscover) printf 'import unittest\n\nfrom markupsafe import escape\n\n\nclass ScenarioEscape(unittest.TestCase):\n    def test_scenario_lt_kept(self):\n        self.assertEqual(str(escape("<")), "<")\n\n\nif __name__ == "__main__":\n    unittest.main()\n' >"$f" ;;
    fixturewrong) printf 'import pytest\n\nimport tomli\n\n\n@pytest.fixture\ndef scenario_config():\n    return tomli.loads("workers = 4")\n\n\ndef test_scenario_workers(scenario_config):\n    assert scenario_config["workers"] == 8\n' >"$f" ;;
    optassert) printf 'import tomli\n\nassert tomli.loads("workers = 4")["workers"] == 8, "smoke check"\nprint("smoke ok")\n' >"$f" ;;
    indent) printf '\n\ndef scenario_helper():\n    value = 1\n        return value\n' >>"$f" ;;
    fstring) printf '\n\nSCENARIO_LABEL = f"{len(%s}"\n' "'ab'" >>"$f" ;;
    unterminated) printf '\n\nSCENARIO_GREETING = "hello\n' >>"$f" ;;
    conftestraise) printf 'import tomli\n\nSCENARIO_DEFAULTS = tomli.loads("workers = ")\n' >"$f" ;;
    accept) printf 'import socket\n\n\ndef test_scenario_accept():\n    server = socket.socket()\n    server.bind(("127.0.0.1", 0))\n    server.listen()\n    conn, _ = server.accept()\n    conn.close()\n' >"$f" ;;
    sleep60) printf 'import time\n\n\ndef test_scenario_slow():\n    time.sleep(60)\n' >"$f" ;;
    lockheld) printf 'import threading\n\n\ndef test_scenario_lock():\n    lock = threading.Lock()\n    lock.acquire()\n    lock.acquire()\n' >"$f" ;;
    selectnone) printf 'import select\n\n\ndef test_scenario_wait():\n    select.select([], [], [])\n' >"$f" ;;
    isort) printf 'import sys\nimport os\n\n\ndef scenario_paths():\n    return os.sep, sys.path\n' >"$f" ;;
    banditshell) printf 'import subprocess\n\n\ndef scenario_tag(version):\n    subprocess.call("git tag " + version, shell=True)\n' >"$f" ;;
    w291) printf 'SCENARIO_LIMIT = 3 \n' >"$f" ;;
    unusedimport) printf 'import os\n\n\ndef scenario_value():\n    return 1\n' >"$f" ;;
    yamldup) printf 'name: scenario\non: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    runs-on: ubuntu-22.04\n' >"$f" ;;
    initypo) printf '[pytest]\naddopts = --tb=shrot\n' >"$f" ;;
    faker) printf 'from faker import Faker\n\nfrom markupsafe import escape\n\n\ndef test_scenario_fake_name():\n    name = Faker().name()\n    assert escape(name) == name\n' >"$f" ;;
    typeddict) printf 'from typing import TypedDict\n\n\nclass ScenarioOption(TypedDict):\n    name: str\n    default: int\n\n\nSCENARIO_OPTION: ScenarioOption = {"name": "count"}\n' >"$f" ;;
    override) printf 'class ScenarioLoader:\n    def load(self, text: str) -> dict[str, object]:\n        return {}\n\n\nclass ScenarioBytesLoader(ScenarioLoader):\n    def load(self, text: bytes) -> dict[str, object]:\n        return {}\n' >"$f" ;;
    literal) printf 'from typing import Literal\n\n\ndef scenario_render(mode: Literal["html", "xml"]) -> str:\n    return mode\n\n\nSCENARIO_OUT = scenario_render("svg")\n' >"$f" ;;
    protocol) printf 'from typing import Protocol\n\n\nclass ScenarioClosable(Protocol):\n    def close(self) -> None: ...\n\n\nclass ScenarioStream:\n    def flush(self) -> None:\n        pass\n\n\ndef scenario_shutdown(s: ScenarioClosable) -> None:\n    s.close()\n\n\nscenario_shutdown(ScenarioStream())\n' >"$f" ;;
    final) printf 'from typing import Final\n\nSCENARIO_LIMIT: Final = 3\nSCENARIO_LIMIT = 4\n' >"$f" ;;
    callablearg) printf 'from typing import Callable\n\n\ndef scenario_apply(f: Callable[[int], str]) -> str:\n    return f(1)\n\n\nSCENARIO_TEXT = scenario_apply(len)\n' >"$f" ;;
    anygenerics) printf 'def scenario_first(items: list) -> object:\n    return items[0]\n' >"$f" ;;
    *) die "py_eight: unknown kind $2" ;;
  esac
}

# ---- recipes added by the ninth recording (upstream9) ----

# go_nine DIR KIND: writes our own small Go file into the package in DIR (its package name
# taken from the package's files), and for makebuild a Makefile in the root: generic (a
# generic function called with a type its constraint excludes), mismatch (an int added to a
# string), unusedvar (a local variable declared and never used), makebuild (an unused import,
# and a Makefile whose build target runs go build), toomany (a function returning two values
# where one is declared), vetbools (a redundant || of one comparison: vet's bools), spin (a
# test spinning on a condition that never ends).
go_nine() {
  local d=$1 kind=$2 pkg f
  pkg=$(grep -h -m1 '^package ' "$d"/*.go | grep -v '_test$' | head -n1 | cut -d' ' -f2)
  [ -n "$pkg" ] || die "go_nine: no Go package in $d"
  f="$d/zz_scenario.go"
  case "$kind" in
    generic) printf 'package %s\n\nfunc scenarioSum[T int | float64](xs ...T) T {\n\tvar s T\n\tfor _, x := range xs {\n\t\ts += x\n\t}\n\treturn s\n}\n\nvar scenarioTotal = scenarioSum("a", "b")\n' "$pkg" >"$f" ;;
    mismatch) printf 'package %s\n\nvar scenarioCount = len("abc") + "1"\n' "$pkg" >"$f" ;;
    unusedvar) printf 'package %s\n\nfunc scenarioLabel() string {\n\tn := 3\n\treturn "label"\n}\n' "$pkg" >"$f" ;;
    makebuild)
      printf 'package %s\n\nimport "os"\n\nfunc scenarioName() string {\n\treturn "name"\n}\n' "$pkg" >"$f"
      printf 'build:\n\tgo build ./...\n\ntest: build\n\tgo test ./...\n' >Makefile ;;
    toomany) printf 'package %s\n\nfunc scenarioPair() int {\n\treturn 1, 2\n}\n' "$pkg" >"$f" ;;
    vetbools) printf 'package %s\n\nfunc scenarioSmall(n int) bool {\n\treturn n == 1 || n == 1\n}\n' "$pkg" >"$f" ;;
    spin) printf 'package %s\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc TestScenarioSpin(t *testing.T) {\n\tfor time.Now().Year() > 0 {\n\t}\n}\n' "$pkg" >"$d/zz_scenario_test.go" ;;
    *) die "go_nine: unknown kind $kind" ;;
  esac
}

# py_nine KIND: our own Python modules, test modules, shell script, Makefiles and appended
# lines: makefile (a Makefile whose test target runs pytest), makelint (a Makefile whose lint
# target runs flake8 --select F401, and an unused import in markupsafe's _native.py),
# maketype (a Makefile whose typecheck target runs mypy on our module returning a str where
# int is declared), makehang (a Makefile whose test target runs pytest under timeout 8, and a
# test waiting on an Event nobody sets), shscript (a CI script with an unquoted variable),
# namedtuple (a NamedTuple built with a str for an int field), optionalattr (a method called
# on an Optional[str]), untypeddef (a function without annotations), coroutine (a coroutine
# added to an int, never awaited), dupearg (a test function with a duplicate argument),
# returnoutside (a return at module level in tomli's _parser.py), nonlocalmod (a nonlocal at
# module level in markupsafe's _native.py), queueget (a test waiting on an empty queue).
py_nine() {
  local f=scenario_types.py
  case "$1" in
    makefile) printf 'test:\n\tpytest-3 -q -o pythonpath=src tests\n' >Makefile ;;
    makelint)
      printf 'test:\n\tpytest-3 -q -o pythonpath=src tests\n\nlint:\n\tflake8 --select F401 src\n' >Makefile
      add_import src/markupsafe/_native.py os ;;
    maketype)
      printf 'typecheck:\n\tmypy --follow-imports=silent %s\n' "$f" >Makefile
      printf 'def scenario_width() -> int:\n    return "wide"\n' >"$f" ;;
    makehang)
      printf 'test:\n\ttimeout 8 pytest-3 -q -o pythonpath=src tests/test_zz_scenario.py\n' >Makefile
      printf 'import threading\n\n\ndef test_scenario_waits_for_a_signal():\n    threading.Event().wait()\n' >tests/test_zz_scenario.py ;;
    shscript)
      mkdir -p ci
      printf '#!/bin/sh\nfiles=$1\nls -l $files\n' >ci/zz_check.sh ;;
    namedtuple) printf 'from typing import NamedTuple\n\n\nclass ScenarioPoint(NamedTuple):\n    x: int\n    y: int\n\n\nSCENARIO_ORIGIN = ScenarioPoint(0, "zero")\n' >"$f" ;;
    optionalattr) printf 'from typing import Optional\n\n\ndef scenario_name(flag: bool) -> Optional[str]:\n    return "name" if flag else None\n\n\nSCENARIO_UPPER = scenario_name(True).upper()\n' >"$f" ;;
    untypeddef) printf 'def scenario_double(x):\n    return x * 2\n' >"$f" ;;
    coroutine) printf 'async def scenario_fetch() -> int:\n    return 1\n\n\ndef scenario_total() -> int:\n    return scenario_fetch() + 1\n' >"$f" ;;
    dupearg) printf 'def test_scenario_pair(a, a):\n    assert a\n' >tests/test_zz_scenario.py ;;
    returnoutside) printf '\nreturn None\n' >>src/tomli/_parser.py ;;
    nonlocalmod) printf '\nnonlocal scenario_state\n' >>src/markupsafe/_native.py ;;
    queueget) printf 'import queue\n\n\ndef test_scenario_waits_for_an_item():\n    queue.Queue().get()\n' >tests/test_zz_scenario.py ;;
    *) die "py_nine: unknown kind $1" ;;
  esac
}

# ---- recipes added by the tenth recording (upstream10) ----

# go_ten DIR KIND: writes our own small Go files into the package in DIR (its package name
# taken from the package's files), or, for the kinds that make a new package, into the new
# directory DIR: tests of our own - an os.Exit(0) (osexit0), a helper indexing past a slice's
# end run in a goroutine (goroutinepanic), a helper indexing keys[len(keys)] (lastkey), a
# t.Cleanup reporting an error (cleanuperror), an unbuffered send nobody receives (deadlock),
# a testdata file that is not there (testdatamissing), a read of a pipe nobody writes
# (piperead), an hour's sleep (sleephour), a ticker loop waiting for a route nobody adds
# (tickforever), a test skipped without a variable (skipdb); code of our own - a constant index
# out of bounds (constindex), a break outside a loop (breakout), an import of "encoding/jsn"
# (stdtypo), an import of golang.org/x/sync/errgroup that go.mod does not require (xsync), vet
# findings (vetatomic, vetdefers, vetiface, vetslog, vetwaitgroup); new packages - one
# importing go-cmp's cmp/internal/value from outside cmp (internalimport), one whose only file
# is _windows.go (winonly), commands whose main waits on a channel forever after parsing a
# fixed UUID, no crypto call (rundeadlock), or recurses under a 1 MiB stack limit (runrecurse); a go:generate line running our generator,
# which writes a file (genok) or writes to a nil map (genpanic).
go_ten() {
  local d=$1 kind=$2 pkg f t
  case "$kind" in
    internalimport|winonly|rundeadlock|runrecurse) mkdir -p "$d" ;;
    *)
      pkg=$(grep -h -m1 '^package ' "$d"/*.go | grep -v '_test$' | head -n1 | cut -d' ' -f2)
      [ -n "$pkg" ] || die "go_ten: no Go package in $d" ;;
  esac
  f="$d/zz_scenario.go"
  t="$d/zz_scenario_test.go"
  case "$kind" in
    osexit0) printf 'package %s\n\nimport (\n\t"os"\n\t"testing"\n)\n\nfunc TestScenarioExit(t *testing.T) {\n\tif _, err := Parse("f47ac10b-58cc-4372-a567-0e02b2c3d479"); err == nil {\n\t\tos.Exit(0)\n\t}\n}\n' "$pkg" >"$t" ;;
    goroutinepanic)
      printf 'package %s\n\nfunc scenarioThird(parts []string) string {\n\treturn parts[2]\n}\n' "$pkg" >"$f"
      printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioAsync(t *testing.T) {\n\tdone := make(chan string)\n\tgo func() {\n\t\tdone <- scenarioThird([]string{"a", "b"})\n\t}()\n\tif got := <-done; got != "c" {\n\t\tt.Errorf("third part = %%q, want %%q", got, "c")\n\t}\n}\n' "$pkg" >"$t" ;;
    lastkey)
      printf 'package %s\n\nfunc scenarioNewest[K comparable, V any](c *LRU[K, V]) K {\n\tkeys := c.Keys()\n\treturn keys[len(keys)]\n}\n' "$pkg" >"$f"
      printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioNewest(t *testing.T) {\n\tl, err := NewLRU[int, int](3, nil)\n\tif err != nil {\n\t\tt.Fatal(err)\n\t}\n\tl.Add(1, 1)\n\tl.Add(2, 2)\n\tif got := scenarioNewest(l); got != 2 {\n\t\tt.Errorf("newest key = %%d, want 2", got)\n\t}\n}\n' "$pkg" >"$t" ;;
    cleanuperror) printf 'package %s\n\nimport (\n\t"net/http"\n\t"testing"\n)\n\nfunc TestScenarioCleanup(t *testing.T) {\n\tr := NewRouter()\n\tr.HandleFunc("/a", func(http.ResponseWriter, *http.Request) {})\n\tt.Cleanup(func() {\n\t\tn := 0\n\t\t_ = r.Walk(func(*Route, *Router, []*Route) error {\n\t\t\tn++\n\t\t\treturn nil\n\t\t})\n\t\tif n != 0 {\n\t\t\tt.Errorf("cleanup: the router still has %%d routes", n)\n\t\t}\n\t})\n}\n' "$pkg" >"$t" ;;
    deadlock) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioDeadlock(t *testing.T) {\n\tresults := make(chan string)\n\tresults <- "first"\n\tt.Log(<-results)\n}\n' "$pkg" >"$t" ;;
    testdatamissing) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioFixture(t *testing.T) {\n\tvar cfg map[string]any\n\tif _, err := DecodeFile("testdata/scenario/app.toml", &cfg); err != nil {\n\t\tt.Fatal(err)\n\t}\n\tif cfg["name"] != "app" {\n\t\tt.Errorf("name = %%v, want app", cfg["name"])\n\t}\n}\n' "$pkg" >"$t" ;;
    piperead) printf 'package %s\n\nimport (\n\t"os"\n\t"testing"\n)\n\nfunc TestScenarioPipe(t *testing.T) {\n\tr, w, err := os.Pipe()\n\tif err != nil {\n\t\tt.Fatal(err)\n\t}\n\tdefer w.Close()\n\tbuf := make([]byte, 36)\n\tn, _ := r.Read(buf)\n\tif _, err := ParseBytes(buf[:n]); err != nil {\n\t\tt.Fatal(err)\n\t}\n}\n' "$pkg" >"$t" ;;
    sleephour) printf 'package %s\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc TestScenarioSleep(t *testing.T) {\n\ttime.Sleep(time.Hour)\n}\n' "$pkg" >"$t" ;;
    tickforever) printf 'package %s\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc TestScenarioTicker(t *testing.T) {\n\ttick := time.NewTicker(100 * time.Millisecond)\n\tdefer tick.Stop()\n\tr := NewRouter()\n\tfor range tick.C {\n\t\tif r.Get("ready") != nil {\n\t\t\treturn\n\t\t}\n\t}\n}\n' "$pkg" >"$t" ;;
    skipdb) printf 'package %s\n\nimport (\n\t"os"\n\t"testing"\n)\n\nfunc TestNewScenarioStore(t *testing.T) {\n\tif os.Getenv("SCENARIO_DB_URL") == "" {\n\t\tt.Skip("SCENARIO_DB_URL is not set: the store test is skipped")\n\t}\n\tt.Log(os.Getenv("SCENARIO_DB_URL"))\n}\n' "$pkg" >"$t" ;;
    constindex) printf 'package %s\n\nfunc scenarioFourth() int {\n\tvar parts [3]int\n\treturn parts[5]\n}\n' "$pkg" >"$f" ;;
    breakout) printf 'package %s\n\nfunc scenarioCheck(ok bool) {\n\tif !ok {\n\t\tbreak\n\t}\n}\n' "$pkg" >"$f" ;;
    stdtypo) printf 'package %s\n\nimport "encoding/jsn"\n\nvar scenarioData, _ = jsn.Marshal(Nil)\n' "$pkg" >"$f" ;;
    xsync) printf 'package %s\n\nimport "golang.org/x/sync/errgroup"\n\nvar scenarioGroup errgroup.Group\n' "$pkg" >"$f" ;;
    vetatomic) printf 'package %s\n\nimport "sync/atomic"\n\nvar scenarioHits int64\n\nfunc scenarioHit() {\n\tscenarioHits = atomic.AddInt64(&scenarioHits, 1)\n}\n' "$pkg" >"$f" ;;
    vetdefers) printf 'package %s\n\nimport (\n\t"log"\n\t"time"\n)\n\nfunc scenarioTimed() {\n\tstart := time.Now()\n\tdefer log.Printf("took %%v", time.Since(start))\n}\n' "$pkg" >"$f" ;;
    vetiface) printf 'package %s\n\nimport "io"\n\nfunc scenarioReadsError(r io.Reader) bool {\n\t_, ok := r.(interface{ Read() error })\n\treturn ok\n}\n' "$pkg" >"$f" ;;
    vetslog) printf 'package %s\n\nimport "log/slog"\n\nfunc scenarioLogKey(key string) {\n\tslog.Info("decoded key", "key")\n}\n' "$pkg" >"$f" ;;
    vetwaitgroup) printf 'package %s\n\nimport "sync"\n\nfunc scenarioRunAll(fns []func()) {\n\tvar wg sync.WaitGroup\n\tfor _, fn := range fns {\n\t\tgo func(fn func()) {\n\t\t\twg.Add(1)\n\t\t\tdefer wg.Done()\n\t\t\tfn()\n\t\t}(fn)\n\t}\n\twg.Wait()\n}\n' "$pkg" >"$f" ;;
    internalimport) printf 'package %s\n\nimport "github.com/google/go-cmp/cmp/internal/value"\n\nvar scenarioSort = value.SortKeys\n' "$(basename "$d")" >"$d/scenario.go" ;;
    winonly) printf 'package %s\n\nfunc ServiceName() string {\n\treturn "lru-cache"\n}\n' "$(basename "$d")" >"$d/service_windows.go" ;;
    rundeadlock) printf 'package main\n\nimport (\n\t"fmt"\n\n\t"github.com/google/uuid"\n)\n\nfunc main() {\n\tids := make(chan string)\n\tids <- uuid.MustParse("f47ac10b-58cc-4372-a567-0e02b2c3d479").String()\n\tfmt.Println(<-ids)\n}\n' >"$d/main.go" ;;
    runrecurse) printf 'package main\n\nimport (\n\t"fmt"\n\t"runtime/debug"\n\n\t"github.com/gorilla/mux"\n)\n\nfunc depth(r *mux.Router, n int) int {\n\treturn depth(r, n+1) + 1\n}\n\nfunc main() {\n\tdebug.SetMaxStack(1 << 20)\n\tfmt.Println(depth(mux.NewRouter(), 0))\n}\n' >"$d/main.go" ;;
    genok)
      printf 'package %s\n\n//go:generate go run zz_gen.go\n' "$pkg" >"$f"
      printf '//go:build ignore\n\npackage main\n\nimport "os"\n\nfunc main() {\n\tsrc := "package %s\\n\\nconst scenarioGenerated = true\\n"\n\tif err := os.WriteFile("zz_scenario_gen.go", []byte(src), 0o644); err != nil {\n\t\tpanic(err)\n\t}\n}\n' "$pkg" >"$d/zz_gen.go" ;;
    genpanic)
      printf 'package %s\n\n//go:generate go run zz_gen.go\n' "$pkg" >"$f"
      printf '//go:build ignore\n\npackage main\n\nimport "fmt"\n\nfunc main() {\n\tvar sizes map[string]int\n\tsizes["default"] = 128\n\tfmt.Println(sizes)\n}\n' >"$d/zz_gen.go" ;;
    *) die "go_ten: unknown kind $kind" ;;
  esac
}

# py_ten KIND [FILE]: our own Python test modules, scripts, annotated modules and lines
# appended to existing modules (FILE defaults to tests/test_zz_scenario.py for test modules,
# scenario_types.py for annotated ones, scenario_lint.py for lint ones): a module skipped with
# allow_module_level (skipmodule) and without it (skipmodulebad); a fixture whose teardown
# asserts the file was closed (teardown); an assert wrapped around markupsafe's
# _escape_inner rejecting an ampersand (assertcode); a %-formatted string appended to
# markupsafe's _native.py (percentfmt); a test helper recursing without end
# (recursion); a test of capsys output expecting other text (capsys); a test module importing
# a name markupsafe lacks (importmissing); a test reading a kernel-space address through
# ctypes (segfault);
# a script allocating a petabyte (memoryerror); a missing space around = (e225); a function
# defined twice (f811); a redundant cast (redundantcast); a list without an annotation
# (varannotated); a parameter without one (incompletedefs); the value of a function returning
# None used (returnsnone); a test arming SIGALRM as its own watchdog, then waiting on an
# Event (alarm); a test module arming faulthandler.dump_traceback_later with exit=True, then
# waiting on an Event (faultlater).
py_ten() {
  local kind=$1 f=${2:-}
  case "$kind" in
    redundantcast|varannotated|incompletedefs|returnsnone) f=${f:-scenario_types.py} ;;
    e225|f811) f=${f:-scenario_lint.py} ;;
    memoryerror) f=${f:-scenario_load.py} ;;
    assertcode|percentfmt) f=${f:-src/markupsafe/_native.py}; [ -f "$f" ] || die "py_ten: no $f" ;;
    *) f=${f:-tests/test_zz_scenario.py} ;;
  esac
  case "$kind" in
    assertcode|percentfmt) ;;
    *) [ ! -e "$f" ] || die "py_ten: $f exists"; mkdir -p "$(dirname "$f")" ;;
  esac
  case "$kind" in
    skipmodule) printf 'import pytest\n\npytest.skip("needs an interactive terminal", allow_module_level=True)\n\n\ndef test_scenario_pager():\n    assert False\n' >"$f" ;;
    skipmodulebad) printf 'import pytest\n\npytest.skip("needs an interactive terminal")\n\n\ndef test_scenario_pager():\n    assert False\n' >"$f" ;;
    teardown) printf 'import pytest\n\n\n@pytest.fixture\ndef scenario_log(tmp_path):\n    handle = open(tmp_path / "run.log", "w")\n    yield handle\n    assert handle.closed, "the test left the log file open"\n\n\ndef test_scenario_writes_log(scenario_log):\n    scenario_log.write("started\\n")\n' >"$f" ;;
    assertcode) printf '\n\n_scenario_escape_inner = _escape_inner\n\n\ndef _escape_inner(s: str, /) -> str:\n    assert "&" not in s, "an ampersand was not expected here"\n    return _scenario_escape_inner(s)\n' >>"$f" ;;
    percentfmt) printf '\n\ndef _scenario_label(name: str) -> str:\n    return "label: %%s" %% name\n' >>"$f" ;;
    recursion) printf 'import tomli\n\n\ndef scenario_nest(depth):\n    return "[" + scenario_nest(depth - 1) + "]"\n\n\ndef test_scenario_nested_arrays():\n    doc = "v = " + scenario_nest(3)\n    assert tomli.loads(doc)["v"] == [[[]]]\n' >"$f" ;;
    capsys) printf 'from markupsafe import escape\n\n\ndef scenario_report(text):\n    print("escaped:", escape(text))\n\n\ndef test_scenario_report(capsys):\n    scenario_report("<b>")\n    assert capsys.readouterr().out == "escaped: <b>\\n"\n' >"$f" ;;
    importmissing) printf 'from markupsafe import escape_attribute\n\n\ndef test_scenario_attribute():\n    assert escape_attribute(%s) == "&#34;"\n' "'\"'" >"$f" ;;
    segfault) printf 'import ctypes\n\nimport tomli\n\n\ndef test_scenario_native_buffer():\n    raw = ctypes.string_at(0xFFFF800000000000, 16)\n    assert tomli.loads(raw.decode()) == {}\n' >"$f" ;;
    memoryerror) printf 'import click\n\nrecords = 1 << 40\nbuffer = bytearray(records * 1024)\nclick.echo(f"allocated {len(buffer)} bytes")\n' >"$f" ;;
    e225) printf 'SCENARIO_LIMIT=3\n\n\ndef scenario_limit():\n    return SCENARIO_LIMIT\n' >"$f" ;;
    f811) printf 'def scenario_load():\n    return 1\n\n\ndef scenario_load():\n    return 2\n' >"$f" ;;
    redundantcast) printf 'from typing import cast\n\nSCENARIO_COUNT: int = cast(int, len("abc"))\n' >"$f" ;;
    varannotated) printf 'SCENARIO_ITEMS = []\n' >"$f" ;;
    incompletedefs) printf 'def scenario_pad(text: str, width) -> str:\n    return text.ljust(width)\n' >"$f" ;;
    returnsnone) printf 'def scenario_log(message: str) -> None:\n    print(message)\n\n\nSCENARIO_RESULT = scenario_log("done")\n' >"$f" ;;
    alarm) printf 'import signal\nimport threading\n\n\ndef test_scenario_watchdog():\n    signal.alarm(4)\n    threading.Event().wait()\n' >"$f" ;;
    faultlater) printf 'import faulthandler\nimport threading\n\nfaulthandler.dump_traceback_later(5, exit=True)\n\n\ndef test_scenario_waits_for_a_worker():\n    threading.Event().wait()\n' >"$f" ;;
    *) die "py_ten: unknown kind $kind" ;;
  esac
}

# ---- recipes added by the eleventh recording (upstream11) ----

# go_eleven DIR KIND: writes our own small Go files into the package in DIR (its package name
# taken from the package's files), or, for the command kinds, into the new directory DIR: tests
# of our own - a route lookup for a path nobody registered (routemiss), a table of HTTP statuses
# whose "missing user" case gets 200 (statustable), a passing test logging words such as FAIL,
# error and panic (chatty), a t.Cleanup waiting on a channel nobody closes (cleanupwait), twenty
# t.Logf lines then a wrong expectation (noisyfail), parallel subtests with a wrong octal
# expectation (parallelsub), two tests that skip (allskip), a test skipped by testing.Short()
# that otherwise sleeps an hour (shortguard), a float comparison with too small a tolerance
# (approx), a test sleeping 8 s (slowsoak), a test file whose package clause names another
# package (wrongpkg); code of our own - a go:embed of a file that is not there (embedmissing), a
# package-level regexp.MustCompile of an invalid class (regexpinit), a //go:build line that ends
# in && (badconstraint), a printf wrapper called with a missing argument (printfwrapper), a
# json.Unmarshal into a map value (unmarshal), a // +build line contradicting //go:build
# (buildtag), a cgo file (cgo); commands decoding scenario.toml, with that file written
# (configrun) or not (configmissing).
go_eleven() {
  local d=$1 kind=$2 pkg f t
  case "$kind" in
    configrun|configmissing) mkdir -p "$d" ;;
    *)
      pkg=$(grep -h -m1 '^package ' "$d"/*.go | grep -v '_test$' | head -n1 | cut -d' ' -f2)
      [ -n "$pkg" ] || die "go_eleven: no Go package in $d" ;;
  esac
  f="$d/zz_scenario.go"
  t="$d/zz_scenario_test.go"
  case "$kind" in
    routemiss) printf 'package %s\n\nimport (\n\t"net/http"\n\t"net/http/httptest"\n\t"testing"\n)\n\nfunc TestScenarioUserRoute(t *testing.T) {\n\tr := NewRouter()\n\tr.HandleFunc("/user/{id}", func(http.ResponseWriter, *http.Request) {}).Name("user")\n\treq := httptest.NewRequest("GET", "/users/42", nil)\n\tvar m RouteMatch\n\tif !r.Match(req, &m) {\n\t\tt.Fatalf("no route matched %%s", req.URL.Path)\n\t}\n}\n' "$pkg" >"$t" ;;
    statustable) printf 'package %s\n\nimport (\n\t"net/http"\n\t"net/http/httptest"\n\t"testing"\n)\n\nfunc TestScenarioStatus(t *testing.T) {\n\tusers := map[string]bool{"7": true}\n\tr := NewRouter()\n\tr.HandleFunc("/users/{id}", func(w http.ResponseWriter, req *http.Request) {\n\t\t_ = users[Vars(req)["id"]]\n\t\tw.WriteHeader(http.StatusOK)\n\t})\n\tfor _, tc := range []struct {\n\t\tname, path string\n\t\twant       int\n\t}{\n\t\t{"existing user", "/users/7", http.StatusOK},\n\t\t{"missing user", "/users/8", http.StatusNotFound},\n\t} {\n\t\tt.Run(tc.name, func(t *testing.T) {\n\t\t\trec := httptest.NewRecorder()\n\t\t\tr.ServeHTTP(rec, httptest.NewRequest("GET", tc.path, nil))\n\t\t\tif rec.Code != tc.want {\n\t\t\t\tt.Errorf("GET %%s = %%d, want %%d", tc.path, rec.Code, tc.want)\n\t\t\t}\n\t\t})\n\t}\n}\n' "$pkg" >"$t" ;;
    chatty) printf 'package %s\n\nimport (\n\t"net/http"\n\t"testing"\n)\n\nfunc TestScenarioChatty(t *testing.T) {\n\tr := NewRouter()\n\tr.HandleFunc("/failover", func(http.ResponseWriter, *http.Request) {}).Name("FAIL-over")\n\tt.Log("FAIL-over route registered (the name is expected)")\n\tt.Log("error: none; panic: none; timeout: none")\n\tt.Log("--- FAIL: this line is only a log message")\n\tif r.Get("FAIL-over") == nil {\n\t\tt.Fatal("route not found by name")\n\t}\n}\n' "$pkg" >"$t" ;;
    cleanupwait) printf 'package %s\n\nimport (\n\t"net/http"\n\t"testing"\n)\n\nfunc TestScenarioShutdown(t *testing.T) {\n\tdrained := make(chan struct{})\n\tt.Cleanup(func() {\n\t\t<-drained\n\t})\n\tr := NewRouter()\n\tr.HandleFunc("/", func(http.ResponseWriter, *http.Request) {})\n}\n' "$pkg" >"$t" ;;
    noisyfail) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioNoisy(t *testing.T) {\n\tvar cfg map[string]any\n\tfor i := 1; i <= 20; i++ {\n\t\tt.Logf("attempt %%d: decoding the service config", i)\n\t\tif _, err := Decode("timeout = \\"30s\\"", &cfg); err != nil {\n\t\t\tt.Fatal(err)\n\t\t}\n\t}\n\tif cfg["timeout"] != int64(30) {\n\t\tt.Errorf("timeout = %%#v, want 30", cfg["timeout"])\n\t}\n}\n' "$pkg" >"$t" ;;
    parallelsub) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioParallelDecode(t *testing.T) {\n\tt.Parallel()\n\tfor _, tc := range []struct {\n\t\tname, doc string\n\t\twant      int64\n\t}{\n\t\t{"decimal", "n = 10", 10},\n\t\t{"hex", "n = 0x10", 16},\n\t\t{"octal", "n = 0o10", 10},\n\t\t{"binary", "n = 0b10", 2},\n\t} {\n\t\ttc := tc\n\t\tt.Run(tc.name, func(t *testing.T) {\n\t\t\tt.Parallel()\n\t\t\tvar v struct{ N int64 }\n\t\t\tif _, err := Decode(tc.doc, &v); err != nil {\n\t\t\t\tt.Fatal(err)\n\t\t\t}\n\t\t\tif v.N != tc.want {\n\t\t\t\tt.Errorf("%%s: n = %%d, want %%d", tc.doc, v.N, tc.want)\n\t\t\t}\n\t\t})\n\t}\n}\n' "$pkg" >"$t" ;;
    allskip) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioPostgresStore(t *testing.T) {\n\tt.Skip("needs a PostgreSQL server: run with the integration setup")\n}\n\nfunc TestScenarioRedisStore(t *testing.T) {\n\tt.Skip("needs a Redis server: run with the integration setup")\n}\n' "$pkg" >"$t" ;;
    shortguard) printf 'package %s\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc TestScenarioSoak(t *testing.T) {\n\tif testing.Short() {\n\t\tt.Skip("soak test skipped in -short mode")\n\t}\n\ttime.Sleep(time.Hour)\n}\n' "$pkg" >"$t" ;;
    approx) printf 'package %s\n\nimport (\n\t"testing"\n\n\t"github.com/google/go-cmp/cmp"\n)\n\nfunc TestScenarioTotals(t *testing.T) {\n\tgot := []float64{0.1 + 0.2, 1.0 / 3.0}\n\twant := []float64{0.3, 0.33}\n\tif diff := cmp.Diff(want, got, EquateApprox(0, 1e-9)); diff != "" {\n\t\tt.Errorf("totals mismatch (-want +got):\\n%%s", diff)\n\t}\n}\n' "$pkg" >"$t" ;;
    slowsoak) printf 'package %s\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc TestScenarioSlowSoak(t *testing.T) {\n\ttime.Sleep(8 * time.Second)\n}\n' "$pkg" >"$t" ;;
    wrongpkg) printf 'package scenario\n\nimport "testing"\n\nfunc TestScenarioWrongPackage(t *testing.T) {}\n' >"$t" ;;
    embedmissing) printf 'package %s\n\nimport _ "embed"\n\n//go:embed scenario/usage.txt\nvar scenarioUsage string\n' "$pkg" >"$f" ;;
    regexpinit) printf 'package %s\n\nimport "regexp"\n\nvar scenarioBareKey = regexp.MustCompile("^[A-Za-z0-9_-+]+$")\n' "$pkg" >"$f" ;;
    badconstraint) printf '//go:build linux &&\n\npackage %s\n\nfunc scenarioPlatform() string {\n\treturn "linux"\n}\n' "$pkg" >"$f" ;;
    printfwrapper) printf 'package %s\n\nimport "fmt"\n\nfunc scenarioLogf(format string, args ...interface{}) {\n\tfmt.Printf(format, args...)\n}\n\nfunc scenarioReport(u UUID) {\n\tscenarioLogf("version %%d of %%s", u.Version())\n}\n' "$pkg" >"$f" ;;
    unmarshal) printf 'package %s\n\nimport "encoding/json"\n\nfunc scenarioLoadFlags(b []byte) map[string]bool {\n\tflags := map[string]bool{}\n\t_ = json.Unmarshal(b, flags)\n\treturn flags\n}\n' "$pkg" >"$f" ;;
    buildtag) printf '//go:build !windows\n// +build windows\n\npackage %s\n\nfunc scenarioPathSep() string {\n\treturn "/"\n}\n' "$pkg" >"$f" ;;
    cgo) printf 'package %s\n\n/*\n#include <unistd.h>\n*/\nimport "C"\n\nfunc scenarioPageSize() int {\n\treturn int(C.getpagesize())\n}\n' "$pkg" >"$d/zz_scenario_cgo.go" ;;
    configrun|configmissing)
      printf 'package main\n\nimport (\n\t"fmt"\n\t"log"\n\n\t"github.com/BurntSushi/toml"\n)\n\nfunc main() {\n\tvar cfg struct {\n\t\tName string\n\t\tPort int\n\t}\n\tif _, err := toml.DecodeFile("scenario.toml", &cfg); err != nil {\n\t\tlog.Fatal(err)\n\t}\n\tfmt.Printf("%%s listens on %%d\\n", cfg.Name, cfg.Port)\n}\n' >"$d/main.go"
      if [ "$kind" = configrun ]; then printf 'name = "scenario"\nport = 8080\n' >scenario.toml; fi ;;
    *) die "go_eleven: unknown kind $kind" ;;
  esac
}

# py_eleven KIND [FILE]: our own Python test modules, scripts, modules and appended lines (FILE
# defaults to tests/test_zz_scenario.py for test modules; scripts and modules have the defaults
# below): an `is` comparison with a str literal appended to FILE (isliteral: a SyntaxWarning);
# tests - number formatting under setlocale(LC_ALL, "C.UTF-8") (localec) and "de_DE.UTF-8"
# (localede), an escape() expectation keeping a quote (quotes), a pytest.warns that sees no
# warning (nowarn), a future nobody completes (futurewait), a helper calling input()
# (stdininput), a CliRunner invocation dividing by zero (clirunner), pytest.importorskip of numpy
# (importorskip), a datetime's local offset expected to be +01:00 (tzlocal), a datetime compared
# with Europe/Berlin through zoneinfo (tzberlin), a unittest subTest table with a wrong octal
# value (subtest), an asyncio event nobody sets (asyncwait); scripts - a repr of a list nested
# 500000 deep under setrecursionlimit(10**6) (deeprepr), a click option required from an
# environment variable (envvarcli), a click argument whose name differs from the parameter
# (argmismatch), a click worker waiting in signal.pause() (pausecli), a KeyboardInterrupt raised
# for a bad setting (keyint), a publish script exiting 3 without its token (publish); modules
# for the checkers - a re-exported name (reexport), a numpy import (numpyimport), a variable
# used as a type (validtype), a str plus an int (operator), a dict indexed with an int
# (badindex), an explicit Any (anyexplicit), a bare except (bareexcept); and an unclosed table
# header appended to pyproject.toml (pyprojectbroken).
py_eleven() {
  local kind=$1 f=${2:-}
  case "$kind" in
    isliteral) [ -n "$f" ] || die "py_eleven: isliteral needs a file" ;;
    deeprepr) f=${f:-scenario_deep.py} ;;
    envvarcli) f=${f:-scenario_deploy.py} ;;
    argmismatch) f=${f:-scenario_cli.py} ;;
    pausecli) f=${f:-scenario_worker.py} ;;
    keyint) f=${f:-scenario_watch.py} ;;
    publish) f=${f:-scripts/scenario_publish.py} ;;
    reexport) f=${f:-src/markupsafe/_scenario_views.py} ;;
    numpyimport|validtype|operator|badindex|anyexplicit|bareexcept) [ -n "$f" ] || die "py_eleven: $kind needs a file" ;;
    pyprojectbroken) f=pyproject.toml; [ -f "$f" ] || die "py_eleven: no pyproject.toml" ;;
    *) f=${f:-tests/test_zz_scenario.py} ;;
  esac
  case "$kind" in
    isliteral|pyprojectbroken) ;;
    *) [ ! -e "$f" ] || die "py_eleven: $f exists"; mkdir -p "$(dirname "$f")" ;;
  esac
  case "$kind" in
    isliteral) printf '\n\ndef _scenario_is_default(mode):\n    return mode is "default"\n' >>"$f" ;;
    localec) printf 'import locale\n\nfrom markupsafe import escape\n\n\ndef test_scenario_number_in_c_locale():\n    locale.setlocale(locale.LC_ALL, "C.UTF-8")\n    assert str(escape(f"{1234.5:n} <kB>")) == "1234.5 &lt;kB&gt;"\n' >"$f" ;;
    localede) printf 'import locale\n\nimport click\n\n\ndef test_scenario_german_number_format():\n    locale.setlocale(locale.LC_ALL, "de_DE.UTF-8")\n    assert click.style(f"{1234.5:n}") == "1234,5"\n' >"$f" ;;
    quotes) printf 'from markupsafe import escape\n\n\ndef test_scenario_quotes():\n    assert escape("<a href=%s>") == "&lt;a href=%s&gt;"\n' "'x'" "'x'" >"$f" ;;
    nowarn) printf 'import pytest\n\nfrom markupsafe import Markup\n\n\ndef test_scenario_unescape_is_deprecated():\n    with pytest.warns(DeprecationWarning):\n        Markup("&lt;b&gt;").unescape()\n' >"$f" ;;
    futurewait) printf 'from concurrent.futures import Future\n\nfrom markupsafe import escape\n\n\ndef test_scenario_render_waits_for_data():\n    data = Future()\n    assert escape(data.result()) == ""\n' >"$f" ;;
    stdininput) printf 'import click\n\n\ndef scenario_project_name():\n    name = input("project name: ")\n    return click.style(name, bold=True)\n\n\ndef test_scenario_project_name():\n    assert "demo" in scenario_project_name()\n' >"$f" ;;
    clirunner) printf 'import click\nfrom click.testing import CliRunner\n\n\n@click.command()\n@click.argument("total", type=int)\n@click.argument("parts", type=int)\ndef share(total, parts):\n    click.echo(total // parts)\n\n\ndef test_scenario_share_with_zero_parts():\n    result = CliRunner().invoke(share, ["10", "0"])\n    assert result.exit_code == 0, result.output\n' >"$f" ;;
    importorskip) printf 'import pytest\n\nnp = pytest.importorskip("numpy")\n\n\ndef test_scenario_array_option():\n    assert np.array([1, 2]).sum() == 3\n' >"$f" ;;
    tzlocal) printf 'import datetime\n\nimport tomli\n\n\ndef test_scenario_local_offset():\n    start = tomli.loads("start = 2024-03-01T09:00:00")["start"].astimezone()\n    assert start.utcoffset() == datetime.timedelta(hours=1), "expected Central European Time"\n' >"$f" ;;
    tzberlin) printf 'import datetime\nfrom zoneinfo import ZoneInfo\n\nimport tomli\n\n\ndef test_scenario_berlin_offset():\n    start = tomli.loads("start = 2024-03-01T09:00:00+01:00")["start"]\n    assert start == datetime.datetime(2024, 3, 1, 9, 0, tzinfo=ZoneInfo("Europe/Berlin"))\n' >"$f" ;;
    subtest) printf 'import unittest\n\nimport tomli\n\n\nclass ScenarioIntegerTest(unittest.TestCase):\n    def test_scenario_integer_bases(self):\n        for doc, want in [("n = 10", 10), ("n = 0x1f", 31), ("n = 0o17", 17), ("n = 0b11", 3)]:\n            with self.subTest(doc=doc):\n                self.assertEqual(tomli.loads(doc)["n"], want)\n' >"$f" ;;
    asyncwait) printf 'import asyncio\n\nimport tomli\n\n\nasync def scenario_wait_for_config():\n    ready = asyncio.Event()\n    await ready.wait()\n    return tomli.loads("ready = true")\n\n\ndef test_scenario_config_arrives():\n    assert asyncio.run(scenario_wait_for_config())["ready"] is True\n' >"$f" ;;
    deeprepr) printf 'import sys\n\nfrom markupsafe import escape\n\nsys.setrecursionlimit(10**6)\nnested = []\nfor _ in range(500000):\n    nested = [nested]\nprint(len(escape(nested)))\n' >"$f" ;;
    envvarcli) printf 'import click\n\n\n@click.command()\n@click.option("--token", envvar="SCENARIO_DEPLOY_TOKEN", required=True, help="API token.")\ndef deploy(token):\n    click.echo(f"deploying with a token of {len(token)} characters")\n\n\nif __name__ == "__main__":\n    deploy()\n' >"$f" ;;
    argmismatch) printf 'import click\n\n\n@click.command()\n@click.argument("name")\ndef greet(username):\n    click.echo(f"hello {username}")\n\n\nif __name__ == "__main__":\n    greet()\n' >"$f" ;;
    pausecli) printf 'import signal\n\nimport click\n\n\n@click.command()\ndef worker():\n    click.echo("waiting for jobs (send SIGUSR1)")\n    signal.pause()\n\n\nif __name__ == "__main__":\n    worker()\n' >"$f" ;;
    keyint) printf 'import tomli\n\nconfig = tomli.loads("interval = 0")\nif config["interval"] <= 0:\n    raise KeyboardInterrupt("interval must be positive")\nprint("watching every", config["interval"], "seconds")\n' >"$f" ;;
    publish) printf 'import os\nimport sys\n\ntoken = os.environ.get("SCENARIO_PYPI_TOKEN")\nif not token:\n    print("SCENARIO_PYPI_TOKEN is not set: cannot publish", file=sys.stderr)\n    sys.exit(3)\nprint("publishing with a token of", len(token), "characters")\n' >"$f" ;;
    reexport)
      printf 'from markupsafe import Markup\n\n\ndef scenario_bold(text: str) -> Markup:\n    return Markup("<b>%%s</b>") %% text\n' >"$(dirname "$f")/_scenario_helpers.py"
      printf 'from markupsafe._scenario_helpers import Markup, scenario_bold\n\n\ndef scenario_title(text: str) -> Markup:\n    return Markup("<h1>") + scenario_bold(text) + Markup("</h1>")\n' >"$f" ;;
    numpyimport) printf 'import numpy as np\n\n\ndef scenario_sizes(values: list[str]) -> list[int]:\n    sizes = np.array([len(v) for v in values])\n    return [int(x) for x in sizes]\n' >"$f" ;;
    validtype) printf 'SCENARIO_WIDTH = 80\n\n\ndef scenario_pad(text: str, width: SCENARIO_WIDTH) -> str:\n    return text.ljust(width)\n' >"$f" ;;
    operator) printf 'from click.termui import style\n\n\ndef scenario_banner(width: int) -> str:\n    return style("=" * width) + width\n' >"$f" ;;
    badindex) printf 'def scenario_column(widths: dict[str, int]) -> int:\n    return widths[0]\n' >"$f" ;;
    anyexplicit) printf 'from typing import Any\n\n\ndef scenario_get(doc: dict[str, Any], key: str) -> Any:\n    return doc[key]\n' >"$f" ;;
    bareexcept) printf 'import os\n\n\ndef scenario_remove(path):\n    try:\n        os.remove(path)\n    except:\n        pass\n' >"$f" ;;
    pyprojectbroken) printf '\n[tool.scenario\nname = "half-typed"\n' >>"$f" ;;
    *) die "py_eleven: unknown kind $kind" ;;
  esac
}

# ---- recipes added by the twelfth recording (upstream12) ----

# go_twelve DIR KIND: our own files for the Go projects. Go files go into the package in DIR
# (its package name taken from the package's files); files for other tools go to the clone's
# root (DIR is then "."). Tests of our own: a passing route test beside one skipped on linux
# (oneskip), a goroutine reporting an error after its test returned (logafterdone), a decode that must
# finish within a 20 ms context budget (ctxdeadline), a URN expected without its urn: prefix
# (fullpathfail), a cgo call sleeping an hour (cgosleep); code of our own: a method declared on
# the builtin string (builtinmethod), a cgo preamble whose C lacks a semicolon (cgosyntax), a
# generic call whose type parameter cannot be inferred (cannotinfer), cmp.Or (go1.22) after
# adding `go 1.21` to a go.mod that had no go line (stdversion), a //go:debug directive in a
# library package (directive), a test named Testscenario_... (malformedname), a uintptr turned
# back into an unsafe.Pointer (unsafeptr); a command that warns on stderr about an unknown key
# of its scenario.toml and exits 0 (warnstderr); other tools: CMakeLists.txt files whose ctest
# tests run go vet and go test (ctestpass), a failing simplelru test (ctestfail) or a cmpopts
# test sleeping an hour (ctesttimeout), one missing its closing parenthesis (cmakebroken), one
# asking for CMake 3.30 (cmakenewer); bats files running toml's tomlv on our two TOML files with
# a right (batspass) or wrong (batsfail) expectation of a key's type, loading bats-support and
# bats-assert from submodules that are not checked out (batssupport), waiting for a server on
# 127.0.0.1:8089 that nobody starts (batswait); a Rakefile whose test task runs go test
# (rakego; rakegofail adds a failing cmpopts test); a TypeScript client of mux's routes with a
# string (tscclient) or a number (tscclientbad) for a path variable, a TypeScript function adding
# 1 to an optional number (tscstrict), a tsconfig extending @tsconfig/node18, not installed
# (tscextends).
go_twelve() {
  local d=$1 kind=$2 pkg f t
  case "$kind" in
    ctestpass|cmakebroken|cmakenewer|batspass|batsfail|batssupport|batswait|rakego|tscclient|tscclientbad|tscstrict|tscextends) ;;
    warnstderr) mkdir -p "$d" ;;
    *)
      pkg=$(grep -h -m1 '^package ' "$d"/*.go | grep -v '_test$' | head -n1 | cut -d' ' -f2)
      [ -n "$pkg" ] || die "go_twelve: no Go package in $d" ;;
  esac
  f="$d/zz_scenario.go"
  t="$d/zz_scenario_test.go"
  case "$kind" in
    oneskip) printf 'package %s\n\nimport (\n\t"net/http"\n\t"net/http/httptest"\n\t"runtime"\n\t"testing"\n)\n\nfunc TestScenarioUserRoute(t *testing.T) {\n\tr := NewRouter()\n\tr.HandleFunc("/users/{id:[0-9]+}", func(w http.ResponseWriter, req *http.Request) {\n\t\t_, _ = w.Write([]byte(Vars(req)["id"]))\n\t})\n\trec := httptest.NewRecorder()\n\tr.ServeHTTP(rec, httptest.NewRequest("GET", "/users/42", nil))\n\tif rec.Code != http.StatusOK || rec.Body.String() != "42" {\n\t\tt.Fatalf("GET /users/42 = %%d %%q", rec.Code, rec.Body.String())\n\t}\n}\n\nfunc TestScenarioWindowsBackslashPath(t *testing.T) {\n\tif runtime.GOOS != "windows" {\n\t\tt.Skip("backslash paths are only cleaned on windows")\n\t}\n}\n' "$pkg" >"$t" ;;
    logafterdone) printf 'package %s\n\nimport (\n\t"net/http"\n\t"testing"\n\t"time"\n)\n\nfunc TestScenarioAsyncAudit(t *testing.T) {\n\tr := NewRouter()\n\tr.HandleFunc("/audit", func(http.ResponseWriter, *http.Request) {})\n\tgo func() {\n\t\ttime.Sleep(100 * time.Millisecond)\n\t\tt.Errorf("audit write failed for %%d routes", 1)\n\t}()\n}\n\nfunc TestScenarioAsyncAuditFlush(t *testing.T) {\n\ttime.Sleep(500 * time.Millisecond)\n}\n' "$pkg" >"$t" ;;
    ctxdeadline) printf 'package %s\n\nimport (\n\t"context"\n\t"testing"\n\t"time"\n)\n\nfunc TestScenarioDecodeWithinBudget(t *testing.T) {\n\tctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)\n\tdefer cancel()\n\tdone := make(chan error, 1)\n\tgo func() {\n\t\ttime.Sleep(200 * time.Millisecond) // the config source is slow\n\t\tvar v map[string]any\n\t\t_, err := Decode("a = 1", &v)\n\t\tdone <- err\n\t}()\n\tselect {\n\tcase err := <-done:\n\t\tif err != nil {\n\t\t\tt.Fatal(err)\n\t\t}\n\tcase <-ctx.Done():\n\t\tt.Fatalf("decoding did not finish within the budget: %%v", ctx.Err())\n\t}\n}\n' "$pkg" >"$t" ;;
    fullpathfail) printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioURNPrefix(t *testing.T) {\n\tu := MustParse("f47ac10b-58cc-4372-a567-0e02b2c3d479")\n\tif got := u.URN(); got != "uuid:f47ac10b-58cc-4372-a567-0e02b2c3d479" {\n\t\tt.Errorf("URN() = %%q, want the uuid: prefix", got)\n\t}\n}\n' "$pkg" >"$t" ;;
    cgosleep)
      printf 'package %s\n\n/*\n#include <unistd.h>\n\nstatic void scenario_wait_for_flush(void) { sleep(3600); }\n*/\nimport "C"\n\nfunc scenarioWaitForFlush() { C.scenario_wait_for_flush() }\n' "$pkg" >"$d/zz_scenario_cgo.go"
      printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioFlushBeforeEvict(t *testing.T) {\n\tscenarioWaitForFlush()\n}\n' "$pkg" >"$t" ;;
    builtinmethod) printf 'package %s\n\nfunc (s string) scenarioShort() string {\n\treturn s[:8]\n}\n' "$pkg" >"$f" ;;
    cgosyntax) printf 'package %s\n\n/*\nstatic int scenario_pages(int bytes) { return (bytes + 4095) / 4096 }\n*/\nimport "C"\n\nfunc scenarioPages(bytes int) int {\n\treturn int(C.scenario_pages(C.int(bytes)))\n}\n' "$pkg" >"$d/zz_scenario_cgo.go" ;;
    cannotinfer) printf 'package %s\n\nfunc scenarioZero[T any]() T {\n\tvar zero T\n\treturn zero\n}\n\nvar scenarioDefaultMargin = scenarioZero()\n' "$pkg" >"$f" ;;
    stdversion)
      grep -q '^go ' go.mod && die "go_twelve: go.mod already has a go line"
      printf '\ngo 1.21\n' >>go.mod
      printf 'package %s\n\nimport "cmp"\n\n// scenarioOrNil returns s, or the nil UUID as a string when s is empty.\nfunc scenarioOrNil(s string) string {\n\treturn cmp.Or(s, Nil.String())\n}\n' "$pkg" >"$f" ;;
    directive) printf '//go:debug panicnil=1\n\npackage %s\n\nfunc scenarioRecovered() (r any) {\n\tdefer func() { r = recover() }()\n\tpanic(nil)\n}\n' "$pkg" >"$f" ;;
    malformedname) printf 'package %s\n\nimport "testing"\n\nfunc Testscenario_resizeKeepsNewest(t *testing.T) {\n\tc, err := New[int, int](4)\n\tif err != nil {\n\t\tt.Fatal(err)\n\t}\n\tfor i := 0; i < 4; i++ {\n\t\tc.Add(i, i)\n\t}\n\tc.Resize(2)\n\tif !c.Contains(3) {\n\t\tt.Error("newest key evicted by Resize")\n\t}\n}\n' "$pkg" >"$t" ;;
    unsafeptr) printf 'package %s\n\nimport "unsafe"\n\nfunc scenarioAddr(p *int) unsafe.Pointer {\n\tu := uintptr(unsafe.Pointer(p))\n\treturn unsafe.Pointer(u)\n}\n' "$pkg" >"$f" ;;
    warnstderr)
      printf 'package main\n\nimport (\n\t"fmt"\n\t"log"\n\t"os"\n\n\t"github.com/BurntSushi/toml"\n)\n\nfunc main() {\n\tlog.SetFlags(0)\n\tvar cfg struct {\n\t\tName   string\n\t\tListen string\n\t}\n\tmd, err := toml.DecodeFile("scenario.toml", &cfg)\n\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n\tfor _, k := range md.Undecoded() {\n\t\tfmt.Fprintf(os.Stderr, "warning: scenario.toml: unknown key %%q ignored (removed in 2.0)\\n", k.String())\n\t}\n\tfmt.Printf("%%s listens on %%s\\n", cfg.Name, cfg.Listen)\n}\n' >"$d/main.go"
      printf 'name = "api"\nlisten = "127.0.0.1:8080"\nworkers = 4\n' >scenario.toml ;;
    ctestpass) printf 'cmake_minimum_required(VERSION 3.20)\nproject(scenario_mux NONE)\nenable_testing()\nadd_test(NAME mux_vet COMMAND go vet . WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})\nadd_test(NAME mux_routing COMMAND go test -count=1 -run "TestPath|TestHost|TestMiddleware" . WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})\n' >CMakeLists.txt ;;
    ctestfail)
      printf 'cmake_minimum_required(VERSION 3.20)\nproject(scenario_lru NONE)\nenable_testing()\nadd_test(NAME simplelru COMMAND go test -count=1 ./simplelru WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})\n' >CMakeLists.txt
      printf 'package %s\n\nimport "testing"\n\nfunc TestScenarioThreeAdds(t *testing.T) {\n\tl, err := NewLRU[string, int](2, nil)\n\tif err != nil {\n\t\tt.Fatal(err)\n\t}\n\tl.Add("a", 1)\n\tl.Add("b", 2)\n\tl.Add("c", 3)\n\tif l.Len() != 3 {\n\t\tt.Errorf("Len() = %%d after three adds, want 3", l.Len())\n\t}\n}\n' "$pkg" >"$t" ;;
    ctesttimeout)
      printf 'cmake_minimum_required(VERSION 3.20)\nproject(scenario_gocmp NONE)\nenable_testing()\nadd_test(NAME cmpopts COMMAND go test -count=1 ./cmp/cmpopts WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})\n' >CMakeLists.txt
      printf 'package %s\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc TestScenarioWaitsForSnapshot(t *testing.T) {\n\ttime.Sleep(time.Hour)\n}\n' "$pkg" >"$t" ;;
    cmakebroken) printf 'cmake_minimum_required(VERSION 3.20)\nproject(scenario_toml NONE)\nenable_testing()\nadd_test(NAME toml_unit COMMAND go test -count=1 . WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}\n' >CMakeLists.txt ;;
    cmakenewer) printf 'cmake_minimum_required(VERSION 3.30)\nproject(scenario_toml NONE)\nenable_testing()\nadd_test(NAME toml_unit COMMAND go test -count=1 . WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})\n' >CMakeLists.txt ;;
    batspass|batsfail)
      mkdir -p test/scenario
      printf 'name = "api"\nport = 8080\n\n[db]\nhost = "localhost"\n' >test/scenario/service.toml
      printf 'name = "api"\nname = "web"\n' >test/scenario/duplicate.toml
      local want=Integer
      [ "$kind" = batsfail ] && want=String
      printf '#!/usr/bin/env bats\n\nsetup_file() {\n  cd "$BATS_TEST_DIRNAME/.."\n  go build -o "$BATS_FILE_TMPDIR/tomlv" ./cmd/tomlv\n}\n\n@test "tomlv accepts the service config" {\n  run "$BATS_FILE_TMPDIR/tomlv" "$BATS_TEST_DIRNAME/scenario/service.toml"\n  [ "$status" -eq 0 ]\n}\n\n@test "tomlv rejects a key defined twice" {\n  run "$BATS_FILE_TMPDIR/tomlv" "$BATS_TEST_DIRNAME/scenario/duplicate.toml"\n  [ "$status" -eq 1 ]\n  [[ "$output" == *"has already been defined"* ]]\n}\n\n@test "tomlv -types reports the port as %s" {\n  run "$BATS_FILE_TMPDIR/tomlv" -types "$BATS_TEST_DIRNAME/scenario/service.toml"\n  [ "$status" -eq 0 ]\n  [[ "$output" =~ port[[:space:]]+%s ]]\n}\n' "$want" "$want" >test/scenario.bats ;;
    batssupport)
      mkdir -p test
      printf '[submodule "test/test_helper/bats-support"]\n\tpath = test/test_helper/bats-support\n\turl = https://github.com/bats-core/bats-support.git\n[submodule "test/test_helper/bats-assert"]\n\tpath = test/test_helper/bats-assert\n\turl = https://github.com/bats-core/bats-assert.git\n' >.gitmodules
      printf '#!/usr/bin/env bats\n\nsetup() {\n  load "test_helper/bats-support/load"\n  load "test_helper/bats-assert/load"\n}\n\n@test "simplelru tests pass" {\n  run go test -count=1 ./simplelru\n  assert_success\n}\n\n@test "expirable tests pass" {\n  run go test -count=1 ./expirable\n  assert_success\n}\n' >test/cli.bats ;;
    batswait)
      mkdir -p test
      printf '#!/usr/bin/env bats\n\nwait_for_port() {\n  until (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; do\n    sleep 1\n  done\n}\n\n@test "the uuid service answers on 127.0.0.1:8089" {\n  wait_for_port 8089\n  run curl -fsS http://127.0.0.1:8089/uuid\n  [ "$status" -eq 0 ]\n}\n' >test/smoke.bats ;;
    rakego) printf 'desc "Run the Go tests"\ntask :test do\n  sh "go test -count=1 ./..."\nend\n\ntask default: :test\n' >Rakefile ;;
    rakegofail)
      printf 'desc "Run the Go tests"\ntask :test do\n  sh "go test -count=1 ./..."\nend\n\ntask default: :test\n' >Rakefile
      printf 'package %s\n\nimport (\n\t"testing"\n\n\t"github.com/google/go-cmp/cmp"\n)\n\ntype scenarioUser struct {\n\tName  string\n\tEmail string\n\tSeen  int64\n}\n\nfunc TestScenarioIgnoreLastSeen(t *testing.T) {\n\twant := scenarioUser{Name: "ada", Email: "ada@example.com", Seen: 1}\n\tgot := scenarioUser{Name: "ada", Email: "Ada@example.com", Seen: 2}\n\tif diff := cmp.Diff(want, got, IgnoreFields(scenarioUser{}, "Seen")); diff != "" {\n\t\tt.Errorf("users differ beyond Seen (-want +got):\\n%%s", diff)\n\t}\n}\n' "$pkg" >"$t" ;;
    tscclient|tscclientbad)
      mkdir -p web/src
      local id='"42"'
      [ "$kind" = tscclientbad ] && id=42
      printf '{\n  "compilerOptions": {\n    "target": "es2020",\n    "module": "es2020",\n    "strict": true,\n    "noEmit": true\n  },\n  "include": ["src"]\n}\n' >web/tsconfig.json
      printf 'export interface Route {\n  name: string;\n  path: string;\n  methods: string[];\n}\n\nexport function routeURL(route: Route, vars: Record<string, string>): string {\n  return route.path.replace(/\\{(\\w+)(?::[^}]*)?\\}/g, (_match: string, key: string) =>\n    encodeURIComponent(vars[key] ?? ""),\n  );\n}\n\nexport const userRoute: Route = { name: "user", path: "/users/{id:[0-9]+}", methods: ["GET"] };\n\nexport const userURL = routeURL(userRoute, { id: %s });\n' "$id" >web/src/routes.ts ;;
    tscstrict)
      mkdir -p docs/scenario
      printf 'interface ServerConfig {\n  host: string;\n  port?: number;\n}\n\nexport function nextAddress(config: ServerConfig): string {\n  const next = config.port + 1;\n  return `${config.host}:${next}`;\n}\n' >docs/scenario/config.ts ;;
    tscextends)
      mkdir -p web/src
      printf '{\n  "name": "uuid-web",\n  "private": true,\n  "devDependencies": {\n    "@tsconfig/node18": "^18.2.2",\n    "typescript": "^4.8.4"\n  }\n}\n' >web/package.json
      printf '{\n  "extends": "@tsconfig/node18/tsconfig.json",\n  "compilerOptions": {\n    "noEmit": true\n  },\n  "include": ["src"]\n}\n' >web/tsconfig.json
      printf 'export function isUUID(s: string): boolean {\n  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);\n}\n' >web/src/uuid.ts ;;
    *) die "go_twelve: unknown kind $kind" ;;
  esac
}

# py_twelve KIND [FILE]: our own files for the Python projects (FILE defaults to
# tests/test_zz_scenario.py for test modules; the other kinds have the defaults below). Tests:
# a helper warning DeprecationWarning (warnsummary), a --help expected to show a default it does
# not have (junitfail), unittest skips for speedups that are not built and for Windows
# (unittestskips), a passing test printing a traceback and FAILED/ERROR lines (printnoise), an
# expectedFailure that fails (expectedfailure) and one that passes (unexpectedsuccess), a Markup
# format expected not to escape (colorfail), a thread whose click.style raises (threadexc), a
# test module saved as Latin-1 (nonutf8), a session fixture calling pytest.exit(returncode=3)
# when Redis is not reachable (noredis), a search loop that never advances (spin); scripts: a
# click command calling os.abort() for its bad default (abortcli), a preview server that handles
# SIGTERM and exits 0 (sigterm), shell scripts with warnings (shellsev) or unquoted variables and
# an unchecked cd (shellgcc); Rakefiles whose test task runs pytest (rakepytest) or that first
# requires rubocop/rake_task, not installed (rakegem); modules for the checkers: reveal_type of
# loads() (revealtype), overloads that overlap with incompatible returns (overload), a coroutine
# called without await (unusedcoro), a frozen dataclass field assigned (frozen), an import of
# Xlib, whose stubs (types-python-xlib) are not installed (xlibstubs); C: a table read one past its end
# (cppcheck) and a half-typed declaration appended to markupsafe's _speedups.c
# (speedupsbroken).
py_twelve() {
  local kind=$1 f=${2:-}
  case "$kind" in
    abortcli) f=${f:-scenario_sync.py} ;;
    sigterm) f=${f:-scenario_serve.py} ;;
    shellsev) f=${f:-scripts/scenario-release.sh} ;;
    shellgcc) f=${f:-scripts/scenario-bump.sh} ;;
    rakepytest|rakegem) f=${f:-Rakefile} ;;
    revealtype) f=${f:-src/tomli/_scenario_probe.py} ;;
    overload) f=${f:-src/click/_scenario_width.py} ;;
    unusedcoro) f=${f:-src/tomli/_scenario_reload.py} ;;
    frozen) f=${f:-src/markupsafe/_scenario_tag.py} ;;
    xlibstubs) f=${f:-src/click/_scenario_clipboard.py} ;;
    cppcheck) f=${f:-src/markupsafe/_scenario_table.c} ;;
    speedupsbroken) f=${f:-src/markupsafe/_speedups.c}; [ -f "$f" ] || die "py_twelve: no $f" ;;
    *) f=${f:-tests/test_zz_scenario.py} ;;
  esac
  if [ "$kind" != speedupsbroken ]; then
    [ ! -e "$f" ] || die "py_twelve: $f exists"
    mkdir -p "$(dirname "$f")"
  fi
  case "$kind" in
    warnsummary) cat >"$f" <<'EOF'
import warnings

import tomli


def scenario_load_legacy(text):
    warnings.warn(
        "scenario_load_legacy() is deprecated, use tomli.loads()",
        DeprecationWarning,
        stacklevel=2,
    )
    return tomli.loads(text)


def test_scenario_legacy_loader_still_works():
    assert scenario_load_legacy("a = 1") == {"a": 1}
EOF
      ;;
    junitfail) cat >"$f" <<'EOF'
import click
from click.testing import CliRunner


@click.command()
@click.option("--count", default=1, show_default=True, help="Number of greetings.")
def hello(count):
    for _ in range(count):
        click.echo("hello")


def test_scenario_help_shows_default():
    result = CliRunner().invoke(hello, ["--help"])
    assert result.exit_code == 0
    assert "[default: 2]" in result.output
EOF
      ;;
    unittestskips) cat >"$f" <<'EOF'
import sys
import unittest

from markupsafe import Markup
from markupsafe import escape

try:
    from markupsafe import _speedups
except ImportError:
    _speedups = None


class ScenarioEscapeTest(unittest.TestCase):
    def test_escape_ampersand(self):
        self.assertEqual(escape("a & b"), Markup("a &amp; b"))

    def test_join_escapes_items(self):
        self.assertEqual(Markup("<br>").join(["a", "<b>"]), Markup("a<br>&lt;b&gt;"))

    @unittest.skipIf(_speedups is None, "the C speedups are not built")
    def test_speedups_match_native(self):
        self.assertEqual(_speedups._escape_inner("<"), "&lt;")

    @unittest.skipUnless(sys.platform == "win32", "Windows only")
    def test_windows_console_newlines(self):
        self.assertEqual(escape("\r\n"), Markup("\r\n"))
EOF
      ;;
    printnoise) cat >"$f" <<'EOF'
import traceback

import click
from click.testing import CliRunner


@click.command()
def report():
    click.echo("FAILED: 0 of 3 jobs")
    click.echo("ERROR: none")


def test_scenario_report_quotes_errors():
    try:
        raise ValueError("simulated upstream error")
    except ValueError:
        traceback.print_exc()
    result = CliRunner().invoke(report)
    print(result.output)
    print("the Traceback and the FAILED/ERROR lines above are expected output")
    assert result.exit_code == 0
    assert "0 of 3" in result.output
EOF
      ;;
    expectedfailure) cat >"$f" <<'EOF'
import unittest

import tomli


class ScenarioCommentsTest(unittest.TestCase):
    def test_values_are_parsed(self):
        self.assertEqual(tomli.loads("a = 1  # one"), {"a": 1})

    @unittest.expectedFailure
    def test_comments_are_kept(self):
        # tomli drops comments: a known limitation, kept as an expected failure
        self.assertIn("# one", str(tomli.loads("a = 1  # one")))
EOF
      ;;
    unexpectedsuccess) cat >"$f" <<'EOF'
import unittest

import tomli


class ScenarioEscapeTest(unittest.TestCase):
    def test_basic_escape(self):
        self.assertEqual(tomli.loads('s = "\\t"')["s"], "\t")

    @unittest.expectedFailure
    def test_hex_escape(self):
        # \xHH escapes are TOML 1.1: marked unsupported when this test was written
        self.assertEqual(tomli.loads('s = "\\x41"')["s"], "A")
EOF
      ;;
    colorfail) cat >"$f" <<'EOF'
from markupsafe import Markup


def test_scenario_format_keeps_argument():
    assert Markup("<em>%s</em>") % "<b>" == "<em><b></em>"
EOF
      ;;
    threadexc) cat >"$f" <<'EOF'
import threading

import click


def test_scenario_background_echo():
    def worker():
        click.echo(click.style("done", fg="bogus"))

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
EOF
      ;;
    nonutf8) printf 'import tomli\n\n\ndef test_scenario_accented_name():\n    # saved as Latin-1 by an editor\n    assert tomli.loads(%sname = "Jos\351"%s)["name"] == "Jos\351"\n' "'" "'" >"$f" ;;
    noredis) cat >"$f" <<'EOF'
import socket

import pytest

import click
from click.testing import CliRunner


@pytest.fixture(scope="session")
def redis_url():
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=1).close()
    except OSError as exc:
        pytest.exit(
            f"Redis is not reachable on 127.0.0.1:6379 ({exc}); start redis-server first",
            returncode=3,
        )
    return "redis://127.0.0.1:6379/0"


@click.command()
@click.option("--url", required=True)
def warm(url):
    click.echo(f"warming the cache at {url}")


def test_scenario_warm_cache(redis_url):
    result = CliRunner().invoke(warm, ["--url", redis_url])
    assert result.exit_code == 0
EOF
      ;;
    spin) cat >"$f" <<'EOF'
import tomli


def scenario_count_tables(text):
    count, pos = 0, 0
    while True:
        pos = text.find("[", pos)
        if pos == -1:
            return count
        count += 1


def test_scenario_two_tables():
    text = "[a]\nx = 1\n[b]\ny = 2\n"
    assert len(tomli.loads(text)) == scenario_count_tables(text) == 2
EOF
      ;;
    abortcli) cat >"$f" <<'EOF'
import os

import click


@click.command()
@click.option("--batch", type=int, default=0, help="Rows per batch.")
def sync(batch):
    if batch <= 0:
        click.echo("internal error: batch size must be positive; aborting", err=True)
        os.abort()
    click.echo(f"syncing in batches of {batch}")


if __name__ == "__main__":
    sync()
EOF
      ;;
    sigterm) cat >"$f" <<'EOF'
import signal
import sys
import time

from markupsafe import escape


def stop(signum, frame):
    print("received SIGTERM: shutting down cleanly", flush=True)
    sys.exit(0)


signal.signal(signal.SIGTERM, stop)
print(escape("<preview server on 127.0.0.1:8000>"), flush=True)
while True:
    time.sleep(1)
EOF
      ;;
    shellsev) cat >"$f" <<'EOF'
#!/bin/sh
# Build the sdist and the wheel for a release.
set -eu
version=$(python3 -c 'import importlib.metadata as m; print(m.version("markupsafe"))' 2>/dev/null || echo unknown)
tag="v$version"
echo "building markupsafe $version"
python3 -m build --outdir dist/ $PWD
EOF
      ;;
    shellgcc) cat >"$f" <<'EOF'
#!/bin/bash
# Bump the version in pyproject.toml and tag the release.
new=$1
cd dist
rm -rf $BUILD_DIR/*
sed -i "s/^version = .*/version = \"$new\"/" ../pyproject.toml
git tag v$new
EOF
      ;;
    rakepytest) cat >"$f" <<'EOF'
desc "Run the test suite"
task :test do
  sh({ "PYTHONPATH" => "src" }, "python3 -m pytest -q tests")
end

task default: :test
EOF
      ;;
    rakegem) cat >"$f" <<'EOF'
require "rubocop/rake_task"

RuboCop::RakeTask.new(:lint)

desc "Run the test suite"
task :test do
  sh({ "PYTHONPATH" => "src" }, "python3 -m pytest -q tests")
end

task default: %i[lint test]
EOF
      ;;
    revealtype) cat >"$f" <<'EOF'
from tomli._parser import loads

doc = loads("answer = 42")
reveal_type(doc)
EOF
      ;;
    overload) cat >"$f" <<'EOF'
from __future__ import annotations

import typing as t


@t.overload
def scenario_width(value: int) -> int: ...


@t.overload
def scenario_width(value: object) -> str: ...


def scenario_width(value: object) -> int | str:
    if isinstance(value, int):
        return value
    return str(value)
EOF
      ;;
    unusedcoro) cat >"$f" <<'EOF'
from __future__ import annotations

import asyncio
from typing import Any

from tomli._parser import loads


async def scenario_fetch() -> str:
    await asyncio.sleep(0)
    return "reloaded = true"


async def scenario_reload() -> dict[str, Any]:
    text = await scenario_fetch()
    asyncio.sleep(0.1)
    return loads(text)
EOF
      ;;
    frozen) cat >"$f" <<'EOF'
from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup


@dataclass(frozen=True)
class ScenarioTag:
    name: str

    def wrap(self, body: str) -> Markup:
        return Markup("<{0}>{1}</{0}>").format(self.name, body)


def scenario_lower(tag: ScenarioTag) -> ScenarioTag:
    tag.name = tag.name.lower()
    return tag
EOF
      ;;
    xlibstubs) cat >"$f" <<'EOF'
from __future__ import annotations

from Xlib import display


def scenario_screen_width() -> int:
    return int(display.Display().screen().width_in_pixels)
EOF
      ;;
    cppcheck) cat >"$f" <<'EOF'
static const char *scenario_entities[4] = {"&amp;", "&lt;", "&gt;", "&#34;"};

const char *scenario_last_entity(void)
{
    return scenario_entities[4];
}
EOF
      ;;
    speedupsbroken) printf '\nstatic PyObject *scenario_half_typed(PyObject *self\n' >>"$f" ;;
    *) die "py_twelve: unknown kind $kind" ;;
  esac
}

# ---- recipes added by the thirteenth recording (upstream13) ----

# go_thirteen DIR KIND: our own files for the Go projects. Go files go into the package in DIR
# (its package name taken from the package's files); other files go where named below (DIR is
# then "."). Tests of our own: a testing/quick property that random bytes always carry the
# RFC 4122 variant (quickvariant), a fuzz target round-tripping keys through a strconv.Quote-based
# key quoting (fuzzkey), a login route answering 401 and a recovery middleware logging the panic
# it recovers, both passing (failnames), a TestMain polling 127.0.0.1:5432 before m.Run
# (testmainwait), a test waiting for SIGHUP (sighup); code of our own: a method with type
# parameters (methodtypeparams), an increment of a struct field inside a map (mapfield), an
# int multiplied by a float64 in a test (mismatched), the address of a slice passed to C
# (cgocall), a command recovering a handler's panic and logging it (recoverpanic); other
# files: a Makefile indented with spaces (makespaces) or tabs (makecheck), a release script
# tagging with git tag -a (tagscript), a JavaScript route helper with node:test tests that pass
# (nodepass) or expect '+' for a space (nodefail), a node:test file importing supertest, never
# installed (nodemissing), a // @ts-check JavaScript helper given a number for a string
# (checkjs).
go_thirteen() {
  local d=$1 kind=$2 pkg f t
  case "$kind" in
    makespaces|makecheck|tagscript|nodepass|nodefail|nodemissing|checkjs) ;;
    recoverpanic) mkdir -p "$d" ;;
    *)
      pkg=$(grep -h -m1 '^package ' "$d"/*.go | grep -v '_test$' | head -n1 | cut -d' ' -f2)
      [ -n "$pkg" ] || die "go_thirteen: no Go package in $d" ;;
  esac
  f="$d/zz_scenario.go"
  t="$d/zz_scenario_test.go"
  case "$kind" in
    quickvariant) cat >"$t" <<EOF
package $pkg

import (
	"testing"
	"testing/quick"
)

// Every UUID built from 16 bytes should carry the RFC 4122 variant.
func TestScenarioQuickVariant(t *testing.T) {
	f := func(b [16]byte) bool {
		u, err := FromBytes(b[:])
		if err != nil {
			return false
		}
		return u.Variant() == RFC4122
	}
	if err := quick.Check(f, nil); err != nil {
		t.Error(err)
	}
}
EOF
      ;;
    fuzzkey) cat >"$t" <<EOF
package $pkg

import (
	"strconv"
	"testing"
)

// scenarioQuoteKey returns k as a bare key, or quoted when it has other characters.
func scenarioQuoteKey(k string) string {
	if k == "" {
		return strconv.Quote(k)
	}
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return strconv.Quote(k)
		}
	}
	return k
}

func FuzzScenarioKeyRoundTrip(f *testing.F) {
	f.Add("name")
	f.Add("first name")
	f.Add("a.b")
	f.Fuzz(func(t *testing.T, key string) {
		doc := scenarioQuoteKey(key) + " = 1\n"
		var v map[string]any
		if _, err := Decode(doc, &v); err != nil {
			t.Fatalf("Decode(%q): %v", doc, err)
		}
		if _, ok := v[key]; !ok {
			t.Fatalf("key %q lost: decoded %v", key, v)
		}
	})
}
EOF
      ;;
    failnames) cat >"$t" <<EOF
package $pkg

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestScenarioFailedLoginReturns401(t *testing.T) {
	r := NewRouter()
	r.HandleFunc("/login", func(w http.ResponseWriter, req *http.Request) {
		if req.FormValue("password") != "secret" {
			http.Error(w, "login failed: wrong password", http.StatusUnauthorized)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}).Methods("POST")
	rec := httptest.NewRecorder()
	r.ServeHTTP(rec, httptest.NewRequest("POST", "/login?password=wrong", nil))
	if rec.Code != http.StatusUnauthorized {
		t.Fatalf("POST /login with a wrong password = %d, want 401", rec.Code)
	}
	t.Logf("FAIL path answered as expected: %d %s", rec.Code, rec.Body.String())
}

func TestScenarioPanicRecoveryMiddleware(t *testing.T) {
	r := NewRouter()
	r.Use(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			defer func() {
				if rec := recover(); rec != nil {
					t.Logf("panic: %v (recovered by the middleware, answering 500)", rec)
					http.Error(w, "internal error", http.StatusInternalServerError)
				}
			}()
			next.ServeHTTP(w, req)
		})
	})
	r.HandleFunc("/boom", func(http.ResponseWriter, *http.Request) {
		panic("boom")
	})
	rec := httptest.NewRecorder()
	r.ServeHTTP(rec, httptest.NewRequest("GET", "/boom", nil))
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("GET /boom = %d, want 500", rec.Code)
	}
}
EOF
      ;;
    testmainwait) cat >"$d/zz_scenario_main_test.go" <<EOF
package $pkg

import (
	"log"
	"net"
	"os"
	"testing"
	"time"
)

// TestMain waits for the test database before running any test.
func TestMain(m *testing.M) {
	for {
		conn, err := net.DialTimeout("tcp", "127.0.0.1:5432", time.Second)
		if err == nil {
			conn.Close()
			break
		}
		log.Printf("waiting for postgres on 127.0.0.1:5432: %v", err)
		time.Sleep(time.Second)
	}
	os.Exit(m.Run())
}
EOF
      ;;
    sighup) cat >"$t" <<EOF
package $pkg

import (
	"os"
	"os/signal"
	"syscall"
	"testing"
)

// The router is rebuilt when the process receives SIGHUP.
func TestScenarioReloadOnSIGHUP(t *testing.T) {
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	<-hup
	if NewRouter() == nil {
		t.Fatal("no router after reload")
	}
}
EOF
      ;;
    methodtypeparams) cat >"$f" <<EOF
package $pkg

// scenarioMapValues applies fn to every value in the cache.
func (c *Cache[K, V]) scenarioMapValues[T any](fn func(V) T) []T {
	out := make([]T, 0, c.Len())
	for _, k := range c.Keys() {
		if v, ok := c.Peek(k); ok {
			out = append(out, fn(v))
		}
	}
	return out
}
EOF
      ;;
    mapfield) cat >"$f" <<EOF
package $pkg

type scenarioKeyCount struct {
	n int
}

// scenarioCountKeys counts how often each key appears.
func scenarioCountKeys(keys []string) map[string]scenarioKeyCount {
	m := make(map[string]scenarioKeyCount)
	for _, k := range keys {
		m[k].n++
	}
	return m
}
EOF
      ;;
    mismatched) cat >"$t" <<EOF
package $pkg

import "testing"

func TestScenarioMargin(t *testing.T) {
	total := 10
	ratio := 0.25
	if margin := total * ratio; margin > 3 {
		t.Errorf("margin %v too large", margin)
	}
}
EOF
      ;;
    cgocall) cat >"$d/zz_scenario_cgo.go" <<EOF
package $pkg

/*
static void scenario_touch(void *keys) { (void)keys; }
*/
import "C"

import "unsafe"

// scenarioTouch hands the keys to the C side for its access statistics.
func scenarioTouch(keys []string) {
	C.scenario_touch(unsafe.Pointer(&keys))
}
EOF
      ;;
    recoverpanic) cat >"$d/main.go" <<'EOF'
package main

import (
	"fmt"
	"log"

	"github.com/BurntSushi/toml"
)

func handle(i int, doc map[string]any) {
	var counts map[string]int
	if i == 2 {
		counts["c"]++ // a handler bug, recovered below
	}
	_ = doc
}

func main() {
	log.SetFlags(0)
	docs := []string{"a = 1", "b = [1, 2", "c = 'x'"}
	processed := 0
	for i, d := range docs {
		var v map[string]any
		if _, err := toml.Decode(d, &v); err != nil {
			log.Printf("error: document %d: %v (skipped)", i, err)
			continue
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					log.Printf("panic: recovered in the handler of document %d: %v", i, r)
				}
			}()
			handle(i, v)
		}()
		processed++
	}
	fmt.Printf("processed %d of %d documents\n", processed, len(docs))
}
EOF
      ;;
    makespaces) printf '.PHONY: test vet\n\ntest:\n        go test -count=1 ./...\n\nvet:\n        go vet ./...\n' >Makefile ;;
    makecheck) printf '.PHONY: check vet test\n\ncheck: vet test\n\nvet:\n\tgo vet ./...\n\ntest:\n\tgo test -count=1 ./...\n' >Makefile ;;
    tagscript)
      mkdir -p scripts
      cat >scripts/scenario-release.sh <<'EOF'
#!/bin/bash
# Tag a release candidate once the tests pass.
set -euo pipefail
version=v1.6.0-rc.1
go test -count=1 ./...
git tag -a "$version" -m "toml $version"
echo "tagged $version"
EOF
      ;;
    nodepass|nodefail)
      mkdir -p web
      local want='/search/a%20b%2Fc'
      [ "$kind" = nodefail ] && want='/search/a+b%2Fc'
      cat >web/routes.mjs <<'EOF'
// expand fills a mux route template such as /users/{id:[0-9]+} with vars.
export function expand(template, vars) {
  return template.replace(/\{(\w+)(?::[^}]*)?\}/g, (_match, key) =>
    encodeURIComponent(vars[key] ?? ""),
  );
}
EOF
      cat >web/routes.test.mjs <<EOF
import { test } from "node:test";
import assert from "node:assert/strict";

import { expand } from "./routes.mjs";

test("expands a path variable with a pattern", () => {
  assert.equal(expand("/users/{id:[0-9]+}", { id: "42" }), "/users/42");
});

test("escapes reserved characters in a variable", () => {
  assert.equal(expand("/search/{q}", { q: "a b/c" }), "$want");
});
EOF
      ;;
    nodemissing)
      mkdir -p web
      cat >web/client.test.mjs <<'EOF'
import { test } from "node:test";
import request from "supertest";

test("GET /users/42 answers 200", async () => {
  await request("http://127.0.0.1:8080").get("/users/42").expect(200);
});
EOF
      ;;
    checkjs)
      mkdir -p web
      cat >web/routes.js <<'EOF'
// @ts-check

/**
 * Fills a mux route template such as /users/{id:[0-9]+} with vars.
 * @param {string} template
 * @param {Record<string, string>} vars
 * @returns {string}
 */
export function expand(template, vars) {
  return template.replace(/\{(\w+)(?::[^}]*)?\}/g, (_match, key) =>
    encodeURIComponent(vars[key] ?? ""),
  );
}

export const userURL = expand("/users/{id:[0-9]+}", { id: 42 });
EOF
      ;;
    *) die "go_thirteen: unknown kind $kind" ;;
  esac
}

# py_thirteen KIND: our own files for the Python projects. Tests (tests/test_zz_scenario.py
# unless said): pytest.raises with a match= the message does not have (raisesmatch), a click
# option declared with nargs=-1 (nargsoption), a dataclass field without a default after one
# with a default (dataclassorder), two test modules named test_helpers.py in packageless
# directories (basenameclash), an import of tomli_w, not installed (tomliw), two flock()s on one
# file (flock), a test logging ERROR lines on purpose (logerrors), a CliRunner result read as
# .exitcode (mypyattr); scripts: an import of soft_unicode, removed from markupsafe
# (softunicodescript), a shell script without its execute bit (noexec), a Python script whose
# shebang asks for python3.13 (shebang313), a Makefile whose integration target waits for Redis
# (makewait), a legacy command subclassing click.BaseCommand (basecommand); modules for the
# checkers: a variable bound in one branch only (possiblyundefined), a bare type: ignore
# (bareignore), an untyped decorator (untypeddecorator); C: a value overwritten before it is
# read and a variable never read (cppstyle).
py_thirteen() {
  local kind=$1 f
  case "$kind" in
    softunicodescript) f=scripts/scenario_render.py ;;
    noexec) f=scripts/scenario-check.sh ;;
    shebang313) f=scripts/scenario_bench.py ;;
    makewait) f=Makefile ;;
    basecommand) f=scenario_legacy.py ;;
    possiblyundefined) f=src/tomli/_scenario_dates.py ;;
    bareignore) f=src/markupsafe/_scenario_attrs.py ;;
    untypeddecorator) f=src/click/_scenario_retry.py ;;
    cppstyle) f=src/markupsafe/_scenario_lookup.c ;;
    basenameclash) f=tests/unit/test_helpers.py ;;
    *) f=tests/test_zz_scenario.py ;;
  esac
  [ ! -e "$f" ] || die "py_thirteen: $f exists"
  mkdir -p "$(dirname "$f")"
  case "$kind" in
    raisesmatch) cat >"$f" <<'EOF'
import pytest

import tomli


def test_scenario_unclosed_table_message():
    with pytest.raises(tomli.TOMLDecodeError, match="Unclosed table"):
        tomli.loads("[server\nport = 8080\n")
EOF
      ;;
    nargsoption) cat >"$f" <<'EOF'
import click
from click.testing import CliRunner


@click.command()
@click.option("--tag", nargs=-1, help="Tags to apply to the release.")
def publish(tag):
    click.echo(",".join(tag))


def test_scenario_publish_tags():
    result = CliRunner().invoke(publish, ["--tag", "a", "b"])
    assert result.output == "a,b\n"
EOF
      ;;
    dataclassorder) cat >"$f" <<'EOF'
from dataclasses import dataclass

import tomli


@dataclass
class ScenarioServer:
    host: str = "127.0.0.1"
    port: int


def test_scenario_server_from_toml():
    data = tomli.loads('[server]\nhost = "0.0.0.0"\nport = 8080\n')
    assert ScenarioServer(**data["server"]).port == 8080
EOF
      ;;
    basenameclash)
      mkdir -p tests/cli
      cat >"$f" <<'EOF'
import click


def test_scenario_style_bold():
    assert click.style("x", bold=True) == "\x1b[1mx\x1b[0m"
EOF
      cat >tests/cli/test_helpers.py <<'EOF'
import click
from click.testing import CliRunner


@click.command()
def hello():
    click.echo("hello")


def test_scenario_hello():
    assert CliRunner().invoke(hello).output == "hello\n"
EOF
      ;;
    tomliw) cat >"$f" <<'EOF'
import tomli
import tomli_w


def test_scenario_round_trip():
    doc = {"server": {"host": "127.0.0.1", "port": 8080}}
    assert tomli.loads(tomli_w.dumps(doc)) == doc
EOF
      ;;
    flock) cat >"$f" <<'EOF'
import fcntl

from markupsafe import escape


def test_scenario_cache_file_is_locked(tmp_path):
    cache = tmp_path / "escape-cache.lock"
    cache.touch()
    with open(cache) as writer, open(cache) as reader:
        fcntl.flock(writer, fcntl.LOCK_EX)
        # the reader should wait for the writer, but both are in this process
        fcntl.flock(reader, fcntl.LOCK_EX)
        assert escape("<") == "&lt;"
EOF
      ;;
    logerrors) cat >"$f" <<'EOF'
import logging

from markupsafe import Markup
from markupsafe import escape

log = logging.getLogger("scenario.render")


def scenario_render(value):
    if "<" in str(value) and not isinstance(value, Markup):
        log.error("ERROR: untrusted markup in %r; escaping it", value)
    return escape(value)


def test_scenario_untrusted_markup_is_logged_and_escaped():
    assert scenario_render("<script>") == Markup("&lt;script&gt;")


def test_scenario_failed_render_is_not_reraised():
    log.warning("FAILED to render a preview (expected in this test)")
    assert scenario_render(Markup("<b>ok</b>")) == Markup("<b>ok</b>")
EOF
      ;;
    mypyattr) cat >"$f" <<'EOF'
from __future__ import annotations

import click
from click.testing import CliRunner


@click.command()
def hello() -> None:
    click.echo("hello")


def test_scenario_hello_exit_code() -> None:
    result = CliRunner().invoke(hello)
    assert result.exitcode == 0
EOF
      ;;
    softunicodescript) cat >"$f" <<'EOF'
"""Render the release notes preview (written for markupsafe 2.0)."""
from markupsafe import Markup
from markupsafe import soft_unicode

title = soft_unicode("Release notes <draft>")
print(Markup("<h1>%s</h1>") % title)
EOF
      ;;
    noexec) cat >"$f" <<'EOF'
#!/bin/sh
set -eu
PYTHONPATH=src python3 -m pytest -q tests/test_parser.py
EOF
      chmod 644 "$f" ;;
    shebang313) cat >"$f" <<'EOF'
#!/usr/bin/env python3.13
"""Time tomli.loads on a small document."""
import sys
import timeit

sys.path.insert(0, "src")
import tomli  # noqa: E402

print(timeit.timeit(lambda: tomli.loads("a = 1\n[b]\nc = 2\n"), number=2000))
EOF
      chmod 755 "$f" ;;
    makewait) printf '.PHONY: integration\n\nintegration:\n\tuntil python3 -c "import socket; socket.create_connection((\\"127.0.0.1\\", 6379), 1)" 2>/dev/null; do echo "waiting for redis on 127.0.0.1:6379..."; sleep 1; done\n\tPYTHONPATH=src python3 -m pytest -q tests/test_testing.py\n' >"$f" ;;
    basecommand) cat >"$f" <<'EOF'
import click


class LegacyHello(click.BaseCommand):
    """A command class written against Click 7."""


def say_hello():
    click.echo("hello from the legacy command")


cmd = LegacyHello("hello", callback=say_hello)
cmd.main([], standalone_mode=False)
EOF
      ;;
    possiblyundefined) cat >"$f" <<'EOF'
from __future__ import annotations

from datetime import date


def scenario_release_date(text: str) -> date:
    if text:
        parsed = date.fromisoformat(text)
    return parsed
EOF
      ;;
    bareignore) cat >"$f" <<'EOF'
from __future__ import annotations

from markupsafe import Markup


def scenario_heading(text: str) -> Markup:
    return Markup("<h2>{}</h2>").format(text)


def scenario_width(value: Markup) -> int:
    return value.width  # type: ignore
EOF
      ;;
    untypeddecorator) cat >"$f" <<'EOF'
from __future__ import annotations

import functools


def scenario_retry(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return wrapper


@scenario_retry
def scenario_fetch(url: str) -> bytes:
    return url.encode()
EOF
      ;;
    cppstyle) cat >"$f" <<'EOF'
int scenario_entity_length(int kind)
{
    int len = 4;
    int width = kind * 2;
    if (kind == 1)
        len = 5;
    len = 6;
    return len;
}
EOF
      ;;
    *) die "py_thirteen: unknown kind $kind" ;;
  esac
}

# ---- recipes added by the fourteenth recording (upstream14) ----

# go_fourteen DIR KIND: our own files for the Go projects. Go files go into the package in DIR
# (its package name taken from the package's files); other files go where named below (DIR is
# then "." or the directory they go into). Tests of our own: testing.AllocsPerRun demanding no
# allocation from NewString (allocs), a guard that recovers a panic and logs its stack, passing
# (debugstack), a test waiting for an external program (sleep 30) (childwait), a benchmark whose
# every operation sleeps 100 ms (slowbench); code of our own: a function declared without a body
# (nobody), the same declaration with an amd64 assembly body whose frame size is wrong (asmdecl),
# cgo code needing zstd.h (cgoheader) or pkg-config's libzmq (pkgconfig), a command whose main
# returns an int (mainret), a command printing a decoded config beside a golden file that
# expects another port (golden); other files: a nested module of ours using the project through a
# replace directive (nested), a go.mod line misspelt "requires" (gomodtypo), a Makefile in DIR
# (makesub), .gitattributes entries for Git LFS (lfsattrs), a POSIX sh script with bash-only
# syntax (shbashisms), JavaScript/TypeScript files in web/: a module with an unclosed bracket
# (nodesyntax), a node:test waiting for a health flag with a 2 s timeout (nodetimeout), a
# passing node:test that logs errors on purpose (nodeconsole), a TypeScript function with an
# untyped parameter (implicitany), a TypeScript server importing express (express).
go_fourteen() {
  local d=$1 kind=$2 pkg f t
  case "$kind" in
    golden|mainret|nested|gomodtypo|makesub|lfsattrs|shbashisms|nodesyntax|nodetimeout|nodeconsole|implicitany|express) mkdir -p "$d" ;;
    *)
      pkg=$(grep -h -m1 '^package ' "$d"/*.go | grep -v '_test$' | head -n1 | cut -d' ' -f2)
      [ -n "$pkg" ] || die "go_fourteen: no Go package in $d" ;;
  esac
  f="$d/zz_scenario.go"
  t="$d/zz_scenario_test.go"
  case "$kind" in
    allocs) cat >"$t" <<EOF
package $pkg

import "testing"

// NewString should not allocate once the random pool is warm.
func TestScenarioNewStringAllocs(t *testing.T) {
	allocs := testing.AllocsPerRun(100, func() {
		_ = NewString()
	})
	if allocs != 0 {
		t.Errorf("NewString allocates %.0f times per call, want 0", allocs)
	}
}
EOF
      ;;
    debugstack) cat >"$t" <<EOF
package $pkg

import (
	"runtime/debug"
	"testing"
)

func scenarioPick(ids []UUID, i int) UUID {
	return ids[i]
}

// scenarioSafePick turns a bad index into ok == false and logs where it happened.
func scenarioSafePick(t *testing.T, ids []UUID, i int) (u UUID, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			t.Logf("panic: %v (recovered)\n%s", r, debug.Stack())
			ok = false
		}
	}()
	return scenarioPick(ids, i), true
}

func TestScenarioRecoverBadIndex(t *testing.T) {
	if _, ok := scenarioSafePick(t, nil, 3); ok {
		t.Fatal("index 3 of an empty list was accepted")
	}
}
EOF
      ;;
    childwait) cat >"$t" <<EOF
package $pkg

import (
	"os/exec"
	"testing"
)

// The fixtures come from an external generator; wait for it to finish.
func TestScenarioFixtureGenerator(t *testing.T) {
	if err := exec.Command("sleep", "30").Run(); err != nil {
		t.Fatal(err)
	}
}
EOF
      ;;
    slowbench) cat >"$t" <<EOF
package $pkg

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func BenchmarkScenarioDiffSlowSource(b *testing.B) {
	for i := 0; i < b.N; i++ {
		time.Sleep(100 * time.Millisecond) // each value is read from a slow store
		_ = cmp.Diff([]int{1, 2, 3}, []int{1, 2, 4}, EquateEmpty())
	}
}
EOF
      ;;
    nobody) cat >"$f" <<EOF
package $pkg

// scenarioChecksum returns a checksum of b.
func scenarioChecksum(b []byte) uint32

func (uuid UUID) scenarioSum() uint32 { return scenarioChecksum(uuid[:]) }
EOF
      ;;
    asmdecl)
      cat >"$f" <<EOF
package $pkg

// scenarioAdd is written in assembly (zz_scenario_amd64.s).
func scenarioAdd(a, b int64) int64
EOF
      cat >"$d/zz_scenario_amd64.s" <<'EOF'
#include "textflag.h"

// func scenarioAdd(a, b int64) int64
TEXT ·scenarioAdd(SB), NOSPLIT, $0-16
	MOVQ a+0(FP), AX
	MOVQ b+8(FP), BX
	ADDQ BX, AX
	MOVQ AX, ret+16(FP)
	RET
EOF
      ;;
    cgoheader) cat >"$d/zz_scenario_cgo.go" <<EOF
package $pkg

// #cgo LDFLAGS: -lzstd
// #include <zstd.h>
import "C"

// scenarioCompressBound reports the worst-case compressed size of n bytes.
func scenarioCompressBound(n int) int {
	return int(C.ZSTD_compressBound(C.size_t(n)))
}
EOF
      ;;
    pkgconfig) cat >"$d/zz_scenario_cgo.go" <<EOF
package $pkg

// #cgo pkg-config: libzmq
// #include <zmq.h>
import "C"

// scenarioBusVersion reports the message bus library's version.
func scenarioBusVersion() (major, minor, patch int) {
	var a, b, c C.int
	C.zmq_version(&a, &b, &c)
	return int(a), int(b), int(c)
}
EOF
      ;;
    mainret) cat >"$d/main.go" <<'EOF'
package main

import "fmt"

func main() int {
	fmt.Println("checking the configuration")
	return 0
}
EOF
      ;;
    golden)
      mkdir -p "$d/testdata"
      cat >"$d/main.go" <<'EOF'
package main

import (
	"fmt"
	"log"
	"sort"

	"github.com/BurntSushi/toml"
)

const doc = `
name = "scenario"
port = 8080
debug = false
`

func main() {
	var cfg map[string]any
	if _, err := toml.Decode(doc, &cfg); err != nil {
		log.Fatal(err)
	}
	keys := make([]string, 0, len(cfg))
	for k := range cfg {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%s = %v\n", k, cfg[k])
	}
}
EOF
      printf 'debug = false\nname = scenario\nport = 8000\n' >"$d/testdata/config.golden"
      ;;
    nested)
      cat >"$d/go.mod" <<'EOF'
module example.com/scenario/tools

go 1.21

require github.com/google/go-cmp v0.0.0

replace github.com/google/go-cmp => ../..
EOF
      cat >"$d/report_test.go" <<'EOF'
package tools

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestScenarioReportUnchanged(t *testing.T) {
	want := map[string]int{"checks": 3, "failed": 0}
	got := map[string]int{"failed": 0, "checks": 3}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("report changed (-want +got):\n%s", d)
	}
}
EOF
      ;;
    gomodtypo) printf '\nrequires golang.org/x/text v0.3.8\n' >>"$d/go.mod" ;;
    makesub) printf '.PHONY: test\ntest:\n\tgo vet .\n\tgo test -count=1 .\n' >"$d/Makefile" ;;
    lfsattrs) printf 'testdata/*.bin filter=lfs diff=lfs merge=lfs -text\n*.toml.gz filter=lfs diff=lfs merge=lfs -text\n' >>"$d/.gitattributes" ;;
    shbashisms) cat >"$d/scenario-env.sh" <<'EOF'
# Prints the toolchain settings for the CI log; sourced by the other scripts.
if [[ -z "$GOFLAGS" ]]; then
  GOFLAGS="-count=1"
fi
targets=(linux windows darwin)
echo "GOFLAGS=$GOFLAGS targets=${targets[*]}"
EOF
      ;;
    nodesyntax) cat >"$d/routes.mjs" <<'EOF'
// Builds the path of a named route from its parameters.
export function routeFor(name, params) {
  const parts = [name;
  for (const key of Object.keys(params)) {
    parts.push(encodeURIComponent(params[key]));
  }
  return "/" + parts.join("/");
}
EOF
      ;;
    nodetimeout) cat >"$d/health.test.mjs" <<'EOF'
import test from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";

// The dev server writes web/.healthy once it is up.
function healthy() {
  return existsSync(new URL("./.healthy", import.meta.url));
}

test("dev server becomes healthy", { timeout: 2000 }, (t) => new Promise((resolve) => {
  const timer = setInterval(() => {
    if (healthy()) {
      clearInterval(timer);
      resolve();
    }
  }, 200);
  t.signal.addEventListener("abort", () => clearInterval(timer));
}).then(() => assert.ok(healthy())));
EOF
      ;;
    nodeconsole)
      cat >"$d/retry.mjs" <<'EOF'
// Calls fn until it succeeds or the attempts run out; logs every failure.
export async function retry(fn, attempts) {
  let last;
  for (let i = 1; i <= attempts; i++) {
    try {
      return await fn(i);
    } catch (err) {
      last = err;
      console.error(`Error: attempt ${i} failed: ${err.message}`);
    }
  }
  throw last;
}
EOF
      cat >"$d/retry.test.mjs" <<'EOF'
import test from "node:test";
import assert from "node:assert/strict";
import { retry } from "./retry.mjs";

test("retry succeeds on the third attempt", async () => {
  const result = await retry(async (i) => {
    if (i < 3) throw new Error(`upstream returned 502 (FAILED attempt ${i})`);
    return "ok";
  }, 5);
  assert.equal(result, "ok");
});
EOF
      ;;
    implicitany) cat >"$d/format.ts" <<'EOF'
// Short forms of ids for the admin page.
export function shortId(id) {
  return id.slice(0, 8);
}

export function label(id: string, n: number): string {
  return `${shortId(id)}#${n}`;
}
EOF
      ;;
    express) cat >"$d/server.ts" <<'EOF'
import express from "express";

// A tiny front end that answers health checks.
const app = express();
app.get("/healthz", (_req, res) => {
  res.send("ok");
});
app.listen(8080);
EOF
      ;;
    *) die "go_fourteen: unknown kind $kind" ;;
  esac
}

# py_fourteen KIND: our own files for the Python projects. A class whose bases str and Markup
# cannot be ordered (mro) and a test importing it; a script using await in a plain function
# (awaitoutside); typed modules for mypy: assert_type given the wrong type (asserttype), a
# dataclass tested for truth (truthybool), an isinstance check that is always true
# (redundantexpr); a mypy config naming the pydantic plugin (mypyplugin); a test that asks PyPI
# for click's releases (internet); a smoke script running a child that waits for a lock file,
# with a 5 s subprocess timeout (subprocesstimeout), and the lock file; a test reading TOML from
# a FIFO nobody writes (fifo); a small package of ours with its own src/ and tests/ under
# packages/ (monorepo); a C helper that frees a buffer twice on its error path (doublefree); a
# test whose fixture waits for an Event nobody sets (funconly).
py_fourteen() {
  local kind=$1
  case "$kind" in
    mro)
      cat >src/markupsafe/_scenario_text.py <<'EOF'
from markupsafe import Markup


class ScenarioPlainText(str, Markup):
    """Text meant to be both a plain string and markup."""
EOF
      cat >tests/test_zz_scenario.py <<'EOF'
from markupsafe._scenario_text import ScenarioPlainText


def test_scenario_plain_text():
    assert ScenarioPlainText("a") == "a"
EOF
      ;;
    awaitoutside)
      mkdir -p scripts
      cat >scripts/scenario_fetch.py <<'EOF'
import asyncio

import tomli


async def scenario_read(path):
    await asyncio.sleep(0)
    with open(path, "rb") as f:
        return tomli.load(f)


def main():
    data = await scenario_read("pyproject.toml")
    print(data["project"]["name"])


if __name__ == "__main__":
    main()
EOF
      ;;
    asserttype) cat >src/click/_scenario_sizes.py <<'EOF'
from __future__ import annotations

from typing_extensions import assert_type


def scenario_width(text: str) -> int:
    return len(text)


def scenario_check() -> None:
    assert_type(scenario_width("abc"), str)
EOF
      ;;
    truthybool) cat >src/markupsafe/_scenario_options.py <<'EOF'
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class ScenarioOptions:
    autoescape: bool = True


def scenario_mode(options: ScenarioOptions) -> str:
    if options:
        return "escaped"
    return "raw"
EOF
      ;;
    redundantexpr) cat >src/tomli/_scenario_keys.py <<'EOF'
from __future__ import annotations


def scenario_key(name: str) -> str:
    return name if isinstance(name, str) else str(name)
EOF
      ;;
    mypyplugin) printf '[mypy]\nplugins = pydantic.mypy\n' >scenario-mypy.ini ;;
    internet) cat >tests/test_zz_scenario.py <<'EOF'
import json
import urllib.request


def test_scenario_release_is_published():
    url = "https://pypi.org/pypi/click/json"
    with urllib.request.urlopen(url, timeout=10) as resp:
        releases = json.load(resp)["releases"]
    assert "8.1.0" in releases
EOF
      ;;
    subprocesstimeout)
      mkdir -p scripts
      cat >scripts/scenario_smoke.py <<'EOF'
"""Runs a child the way the release job does and checks what it prints."""
import subprocess
import sys

CHILD = """
import os, time
while os.path.exists(".scenario.lock"):
    time.sleep(0.5)
print("ready")
"""

result = subprocess.run(
    [sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=5, check=True
)
assert result.stdout.strip() == "ready", result.stdout
print("smoke test passed")
EOF
      printf 'held by the release job\n' >.scenario.lock
      ;;
    fifo) cat >tests/test_zz_scenario.py <<'EOF'
import os

import tomli


def test_scenario_load_from_pipe(tmp_path):
    pipe = tmp_path / "config.pipe"
    os.mkfifo(pipe)
    with open(pipe, "rb") as f:
        assert tomli.load(f) == {}
EOF
      ;;
    monorepo)
      mkdir -p packages/scenario-greet/src/scenario_greet packages/scenario-greet/tests
      cat >packages/scenario-greet/src/scenario_greet/__init__.py <<'EOF'
import click


@click.command()
@click.argument("name")
def greet(name: str) -> None:
    click.echo(f"Hello {name}!")
EOF
      cat >packages/scenario-greet/tests/test_greet.py <<'EOF'
from click.testing import CliRunner

from scenario_greet import greet


def test_greet():
    result = CliRunner().invoke(greet, ["Ada"])
    assert result.exit_code == 0
    assert result.output == "Hello Ada!\n"
EOF
      ;;
    doublefree) cat >src/markupsafe/_scenario_buffer.c <<'EOF'
#include <stdlib.h>
#include <string.h>

int scenario_copy_into(const char *s, char **out)
{
    size_t n = strlen(s) + 1;
    char *buf = malloc(n);
    if (buf == NULL)
        return -1;
    memcpy(buf, s, n);
    if (n > 4096) {
        free(buf);
        goto fail;
    }
    *out = buf;
    return 0;
fail:
    free(buf);
    return -1;
}
EOF
      ;;
    funconly) cat >tests/test_zz_scenario.py <<'EOF2'
import threading

import pytest

from markupsafe import escape


@pytest.fixture
def scenario_preview_ready():
    # waits for the preview server's ready signal; nothing sets it here
    ready = threading.Event()
    ready.wait()
    return True


def test_scenario_preview(scenario_preview_ready):
    assert escape("<b>") == "&lt;b&gt;"
EOF2
      ;;
    *) die "py_fourteen: unknown kind $kind" ;;
  esac
}

# ---- recipes added by the twentieth recording (upstream20) ----

# go_twenty DIR KIND: our own small files for golangci-lint. Go files go into the package in DIR
# (its package name taken from the package's files): an exported function ignoring os.Remove's
# error (errcheck), an assignment overwritten before use (ineffassign), a doc comment with three
# common misspellings (misspell), a local variable declared and never used (unusedvar: a compile
# error), an unexported function nobody calls (unusedfunc), a function not formatted by gofmt
# (misformat), an http.Get whose response body is never closed (bodyopen). Config files go into
# DIR as .golangci.yml: a v2 config enabling gosimple, a linter v2 merged into staticcheck
# (cfggosimple), a v2 config indented with a tab, which YAML forbids (cfgtab), a v2 config
# whose run.timeout is not a duration (cfgtimeout), a valid v2 config enabling misspell beside
# the standard linters (cfgmisspell).
go_twenty() {
  local d=$1 kind=$2 pkg
  case "$kind" in
    cfggosimple) printf 'version: "2"\n\nlinters:\n  enable:\n    - errcheck\n    - gosimple\n    - misspell\n' >"$d/.golangci.yml"; return ;;
    cfgtab) printf 'version: "2"\n\nlinters:\n\tenable:\n\t\t- misspell\n' >"$d/.golangci.yml"; return ;;
    cfgmisspell) printf 'version: "2"\n\nlinters:\n  default: standard\n  enable:\n    - misspell\n' >"$d/.golangci.yml"; return ;;
    cfgtimeout) printf 'version: "2"\n\nrun:\n  timeout: soon\n\nlinters:\n  enable:\n    - misspell\n' >"$d/.golangci.yml"; return ;;
  esac
  pkg=$(grep -h -m1 '^package ' "$d"/*.go | grep -v '_test$' | head -n1 | cut -d' ' -f2)
  [ -n "$pkg" ] || die "go_twenty: no Go package in $d"
  case "$kind" in
    errcheck) printf 'package %s\n\nimport "os"\n\n// ScenarioCleanup removes a temporary file.\nfunc ScenarioCleanup(path string) {\n\tos.Remove(path)\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    ineffassign) printf 'package %s\n\nimport "strconv"\n\n// ScenarioLabel names the n-th entry.\nfunc ScenarioLabel(n int) string {\n\tlabel := "entry"\n\tlabel = strconv.Itoa(n)\n\treturn label\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    misspell) printf 'package %s\n\n// ScenarioSeparator returns the seperator used when we recieve each occurence count.\nfunc ScenarioSeparator() string {\n\treturn ","\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    unusedvar) printf 'package %s\n\n// ScenarioWidth returns the column width.\nfunc ScenarioWidth() int {\n\twidth := 3\n\treturn 4\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    unusedfunc) printf 'package %s\n\nfunc scenarioHelper(n int) int {\n\treturn n * 2\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    misformat) printf 'package %s\n\n// ScenarioSum adds two numbers.\nfunc ScenarioSum(a,b int) int{\nreturn a+b}\n' "$pkg" >"$d/zz_scenario.go" ;;
    bodyopen) printf 'package %s\n\nimport "net/http"\n\n// ScenarioStatus fetches url and returns its status code.\nfunc ScenarioStatus(url string) (int, error) {\n\tresp, err := http.Get(url)\n\tif err != nil {\n\t\treturn 0, err\n\t}\n\treturn resp.StatusCode, nil\n}\n' "$pkg" >"$d/zz_scenario.go" ;;
    *) die "go_twenty: unknown kind $kind" ;;
  esac
}

# ---- prepare ----
git clone -q "$bundles/$project.bundle" "$dir" || die "cannot clone $project"
cd "$dir"
git checkout -q -b scenario "$commit" || die "no commit $commit in $project"
if [ "$recipe" != "-" ]; then
  read -r -a words <<<"$recipe"
  fn=${words[0]}
  case "$fn" in
    tests_from|code_from|drop_path|go_directive|break_syntax|raise_at_import|add_import|go_test_file|py_test_file|go_require|type_slip) ;;
    go_file|go_test_call|go_work|vendor_stub|rename_def|py_file) ;;
    go_example|go_init_panic|go_cycle|rename_method|go_mod|py_lines|py_from_import) ;;
    go_lines|py_test|py_append) ;;
    go_snip|py_snip) ;;
    go_six|py_six) ;;
    go_seven|py_seven) ;;
    go_eight|py_eight) ;;
    go_nine|py_nine) ;;
    go_ten|py_ten) ;;
    go_eleven|py_eleven) ;;
    go_twelve|py_twelve) ;;
    go_thirteen|py_thirteen) ;;
    go_fourteen|py_fourteen) ;;
    go_twenty) ;;
    *) die "unknown recipe $fn" ;;
  esac
  "$fn" "${words[@]:1}" || die "recipe failed: $recipe"
  git add -A
  git -c user.name=scenario -c user.email=scenario@example.com commit -q -a -m scenario || die "nothing to commit for $recipe"
fi
[ -z "$(git status --porcelain)" ] || die "worktree not clean"
echo "prepared $case_name ($project $commit, recipe: $recipe) in $dir"
