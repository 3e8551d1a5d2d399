#!/usr/bin/env bash
# The eighth growth of the corpus (issue 30, "Failure types"): the linters,
# type checkers, formatters and test runners real repositories' CI runs,
# in the layouts they run them in, where the corpus had few or no runs:
# python's pylint, mypy, flake8, pycodestyle, black --check and isort
# --check-only with their project configs (pyproject.toml, setup.cfg,
# .pylintrc, mypy.ini, .flake8, pytest.ini) and those configs' mistakes
# (a config file that is not there, an option or a value the tool does
# not know, a plugin not installed, a module mypy cannot find), pytest-3
# with top-level test files, conftest.py that does not load, fixtures
# and `-p` plugins that are not there, ini-file errors and import modes,
# unittest discovery; go vet's findings against compile errors,
# staticcheck and its staticcheck.conf, go test's flags; node --test, jest
# configs and ESLint 6 (.eslintrc: config missing, plugin or shared
# config missing, parse errors, findings); tsc --build with project
# references; cargo test, clippy and fmt --check in a workspace, with
# workspace lints and clippy.toml / rustfmt.toml; Maven offline against a
# local repository that has the plugins (compile, surefire, failures);
# make, cmake, ctest and gcc builds failing for a missing header against
# code errors. Each with passing runs and failing runs of each kind in
# the same layouts.
#
# One case in three, by a hash of its name fixed before any
# classification (lib.sh's split with HELDOUT), goes to the held-out part
# "grow8-heldout"; the rest to "tune". The held-out part is never tuned
# on. While this growth was recorded the classifier's view of its cases
# was not used to choose or label anything: TestCorpus was run for its
# exit code, and to find why it failed its output was read filtered to
# lines naming no case of this growth — except that one filter, written
# wrongly, showed the lines naming grow8-heldout once: its aggregate
# score and per-label scores at that time (no case names, no outputs).
# That was after every scenario had been written and recorded; no
# scenario or label was changed for it. The fixes made after it: two
# found before it from tune outputs (gr8-pylint-plugin-missing, the
# shuffle scenario); gr8-cargo-ws-test-fail's count and the go -v counts,
# looked for because TestCorpus reported test-count mismatches on cases
# of this growth (their number only), set from the tune outputs and the
# corpus's convention. The labels are what each scenario was built to do; a tune
# case's label was then re-read against its output (relabelled from what
# it shows, or the scenario fixed and re-run). A held-out case's output
# was not read: where a held-out run built to fail exited 0 its label was
# made PASS from the exit code alone, and where a held-out run built to
# pass exited non-zero it was taken out of the corpus unread (the places
# below say which).
#
# Disclosures. Three held-out runs built to fail exited 0 and were made
# PASS from their exit code alone, their output unread:
# gr8-mypy-ini-syntax (a mypy.ini section header never closed),
# gr8-unittest-start-missing (discover -s test, a start directory the
# project does not have) and gr8-staticcheck-conf-syntax (a
# staticcheck.conf array never closed). No held-out run built to pass
# exited non-zero, so none was taken out. Tune runs the second reading
# changed: gr8-pylint-import-only (yaml, which Debian has, replaced by
# marshmallow), gr8-pylint-plugin-missing and gr8-pylint-rc-plugin-missing
# (moved to where the code has no other findings), gr8-mypy-import-not-
# found (the earlier type error fixed first), gr8-mypy-duplicate-module
# (two top-level util.py; the first layout was not a duplicate),
# gr8-go-test-shuffle-order-dependent (the two tests moved to a package
# of their own, where the seed does run TestSecond first), gr8-go-test-timeout-flag and gr8-go-test-panic-index (the
# failing subtest fixed first), gr8-make-header-missing and
# gr8-make-k-header-missing (yaml.h is installed; sodium.h is not),
# gr8-mvn-release-newer-jdk (target/ removed, or nothing is compiled)
# were fixed and re-run; gr8-node-test-reporter-junit-pass (built to pass:
# the reporter's directory does not exist, ENOENT) was relabelled
# ENV_ERROR and a passing run added after it; gr8-node-test-concurrency-
# node20 (node 20.20 has the flag) and gr8-pylint-plugin-missing (pylint
# reports the plugin but exits 0) were relabelled PASS; three reasons or
# counts (gr8-flake8-findings, gr8-tsc-build-reference-missing, and
# gr8-cargo-ws-test-fail: cargo stops at the first failing test binary)
# were corrected. The go test -v counts of three cases (gr8-go-test-
# subtests-pass, held out, gr8-go-test-subtest-fail and gr8-go-test-run-
# subtest-pass) had counted subtests; they were set to count top-level
# tests only, the corpus's convention (go/subtest-v), from the scenario
# (one table test), the held-out one's output unread.
# Then every section was re-recorded by this file in one run, and the
# go, rust and python sections again after the last of these fixes
# (re-recording replaces a case's row).
#
# Tools, all real (nothing here is hand-written output), from Debian
# bookworm's packages unless said otherwise:
#   apt-get install -y pylint mypy python3-mypy flake8 black isort \
#     pycodestyle python3-pytest-timeout node-typescript cmake \
#     libmaven-compiler-plugin-java libsurefire-java \
#     libmaven-resources-plugin-java libmaven-jar-plugin-java junit4
#   jest and eslint as grow4.sh's header says (a stub providing
#   node-types-node, then apt-get install -y jest eslint).
#   pylint 2.16.2, mypy 1.0.1, flake8 5.0.4 (pycodestyle 2.10.0, pyflakes
#   2.5.0), black 23.1.0, isort 5.6.4, pytest 7.2.1 (pytest-3) with
#   pytest-timeout 2.1.0, python3 3.11.2 (unittest); go1.26.8 and
#   staticcheck 2025.1.1 (0.6.1) from the Go module proxy
#   (go install honnef.co/go/tools/cmd/staticcheck@v0.6.1); node v20.20.2
#   and npm 10.8.2 (NodeSource), Debian's jest 29.3.1 and ESLint 6.4.0
#   (started by lib.sh's node_bin); tsc 4.8.4; cargo, clippy 0.1.95 and
#   rustfmt 1.9.0 of rustup's stable toolchain (1.95); Apache Maven 3.8.7
#   with OpenJDK 17, offline (-o) against a copy of Debian's
#   /usr/share/maven-repo (maven-compiler-plugin 3.10.1,
#   maven-surefire-plugin 2.22.3, maven-resources-plugin 3.3.0, JUnit
#   4.13.2); gcc 12.2.0, GNU Make 4.3, cmake and ctest 3.25.1.
# staticcheck was tried twice: @2025.1.1 (the proxy has no such module
# version, 403), then @v0.6.1, which installed.
# Not to be had here: golangci-lint is not in Debian, and go install
# github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.15.0 did not
# finish within 500 s here, so it is left out of this growth; ESLint 9's flat config (Debian has ESLint 6.4; the corpus
# has what ESLint 6 says of eslint.config.js, grow4.sh); ruff, pyright,
# vitest (no registry).
#
# Run with WORK=/tmp/autoverify-corpus-g8 (the paths the outputs show);
# ONLY="python go" records only those sections.
export WORK=${WORK:-/tmp/autoverify-corpus-g8}
. "$(dirname "$0")/lib.sh"
export HELDOUT=grow8-heldout
export PATH="$PATH:$HOME/go/bin"
export CASE_LIMIT=${CASE_LIMIT:-90}

for t in pylint mypy flake8 pycodestyle black isort pytest-3 python3 go staticcheck node npm npx tsc cargo mvn gcc make cmake ctest; do need "$t"; done
[ -d /usr/share/nodejs/jest ] || { echo "grow8: Debian's jest is not installed (see grow4.sh's header)" >&2; exit 1; }
[ -d /usr/share/nodejs/eslint ] || { echo "grow8: Debian's eslint is not installed" >&2; exit 1; }
[ -d /usr/share/maven-repo/org/apache/maven/plugins/maven-surefire-plugin ] || { echo "grow8: Debian's Maven plugins are not installed (see the header)" >&2; exit 1; }
export NODE_BINS="jest eslint"

########################################################################
# python: pylint, mypy, flake8, pycodestyle, black, isort with project
# configs; pytest-3 and unittest in real layouts.
sec_python() {
E=python
TOOL="pylint $(pylint --version | head -1 | cut -d' ' -f2), $(python3 --version)"
project gr8-pylint
w src/ledger/__init__.py <<'P'
"""A small ledger."""
P
w src/ledger/book.py <<'P'
"""Entries and balances."""


def balance(entries):
    """Return the sum of the entries' amounts."""
    return sum(amount for _, amount in entries)


def largest(entries):
    """Return the entry with the largest amount, or None."""
    if not entries:
        return None
    return max(entries, key=lambda entry: entry[1])
P
w pyproject.toml <<'P'
[project]
name = "ledger"
version = "0.1.0"

[tool.pylint.main]
jobs = 1

[tool.pylint.format]
max-line-length = 100
P
record $E gr8-pylint-pass PASS - "pylint of a src/ package with [tool.pylint] in pyproject.toml: rated 10.00/10" -- pylint src/ledger
record $E gr8-pylint-plugin-missing PASS - "pylint --load-plugins=pylint_django, not installed, on clean code (built to fail): pylint 2.16 reports E0013 bad-plugin-value, rates the code 10.00/10 and exits 0" -- pylint --load-plugins=pylint_django src/ledger
w src/ledger/report.py <<'P'
"""Reports."""
import os
import json


def render(entries):
    """Render entries as lines."""
    lines = []
    for name, amount in entries:
        unused = name.upper()
        lines.append(f"{name}: {amount}")
    return "\n".join(lines)
P
record $E gr8-pylint-unused LINT_ERROR - "pylint: unused imports (os, json) and an unused variable" -- pylint src/ledger
record $E gr8-pylint-rcfile-missing ENV_ERROR - "pylint --rcfile names a file that does not exist" -- pylint --rcfile=.pylintrc-ci src/ledger
record $E gr8-pylint-option-unknown ENV_ERROR - "pylint --max-complexity, an option of a plugin that is not loaded" -- pylint --max-complexity=10 src/ledger
record $E gr8-pylint-path-missing ENV_ERROR - "pylint of src/ledgr, a path that does not exist" -- pylint src/ledgr
record $E gr8-pylint-fail-under LINT_ERROR - "pylint --fail-under=9.5: the findings bring the score under it" -- pylint --fail-under=9.5 src/ledger
rm src/ledger/report.py
w src/ledger/report.py <<'P'
"""Reports."""


def render(entries):
    """Render entries as lines."""
    return "\n".join(f"{name}: {amount}" for name, amount in entries
P
record $E gr8-pylint-syntax CODE_ERROR - "pylint: report.py does not parse (E0001), a parenthesis never closed" -- pylint src/ledger
w src/ledger/report.py <<'P'
"""Reports."""
import marshmallow


def render(entries):
    """Render entries through a schema."""
    return marshmallow.Schema().dump(dict(entries))
P
record $E gr8-pylint-import-only ENV_ERROR - "pylint's only finding is E0401: marshmallow is not installed" -- pylint --disable=all --enable=E src/ledger
w src/ledger/report.py <<'P'
"""Reports."""


def render(entries):
    """Render entries as lines."""
    return "\n".join(f"{name}: {amount}" for name, amount in entries)


def total(entries):
    """Total of the entries."""
    return balnce(entries)
P
record $E gr8-pylint-undefined CODE_ERROR - "pylint -E: an undefined variable balnce (E0602)" -- pylint -E src/ledger
w .pylintrc <<'P'
[MASTER]
load-plugins=pylint_flask

[FORMAT]
max-line-length=100
P
record $E gr8-pylint-rc-plugin-missing ENV_ERROR - ".pylintrc loads pylint_flask, not installed" -- pylint --rcfile=.pylintrc src/ledger
w pyproject.toml <<'P'
[project]
name = "ledger"
version = "0.1.0"

[tool.pylint.main
jobs = 1
P
rm .pylintrc
record $E gr8-pylint-pyproject-syntax ENV_ERROR - "pyproject.toml does not parse: a table header never closed" -- pylint src/ledger

TOOL="mypy $(mypy --version | cut -d' ' -f2), $(python3 --version)"
project gr8-mypy
w inventory/__init__.py <<'P'
P
w inventory/stock.py <<'P'
from dataclasses import dataclass


@dataclass
class Item:
    sku: str
    count: int


def restock(item: Item, n: int) -> Item:
    return Item(item.sku, item.count + n)


def total(items: list[Item]) -> int:
    return sum(i.count for i in items)
P
w mypy.ini <<'P'
[mypy]
python_version = 3.11
warn_unused_ignores = True
disallow_untyped_defs = True
P
record $E gr8-mypy-pass PASS - "mypy with mypy.ini over a package: no issues" -- mypy inventory
w inventory/stock.py <<'P'
from dataclasses import dataclass


@dataclass
class Item:
    sku: str
    count: int


def restock(item: Item, n: int) -> Item:
    return Item(item.sku, item.count + str(n))


def total(items: list[Item]) -> int:
    return sum(i.count for i in items)
P
record $E gr8-mypy-operand TYPE_ERROR - "mypy: int + str (unsupported operand types)" -- mypy inventory
w inventory/stock.py <<'P'
from dataclasses import dataclass


@dataclass
class Item:
    sku: str
    count: int


def restock(item, n):
    return Item(item.sku, item.count + n)


def total(items: list[Item]) -> int:
    return sum(i.count for i in items)
P
record $E gr8-mypy-untyped-def TYPE_ERROR - "disallow_untyped_defs: restock has no annotations" -- mypy inventory
w inventory/stock.py <<'P'
from dataclasses import dataclass
from typing import Optional


@dataclass
class Item:
    sku: str
    count: int


def find(items: list[Item], sku: str) -> Optional[Item]:
    for i in items:
        if i.sku == sku:
            return i
    return None


def count_of(items: list[Item], sku: str) -> int:
    return find(items, sku).count
P
record $E gr8-mypy-optional-attr TYPE_ERROR - "an attribute of an Optional[Item] without a None check (union-attr)" -- mypy inventory
record $E gr8-mypy-config-missing ENV_ERROR - "mypy --config-file names a file that does not exist" -- mypy --config-file setup-ci.cfg inventory
w mypy.ini <<'P'
[mypy]
python_version = 3.11
plugins = pydantic.mypy
P
record $E gr8-mypy-plugin-missing ENV_ERROR - "mypy.ini loads the pydantic.mypy plugin, not installed" -- mypy inventory
w mypy.ini <<'P'
[mypy]
python_version = 3.11
P
record $E gr8-mypy-package-missing ENV_ERROR - "mypy -p inventori: no such package" -- mypy -p inventori
record $E gr8-mypy-path-missing ENV_ERROR - "mypy of a path that does not exist" -- mypy src/inventory
w inventory/stock.py <<'P'
from dataclasses import dataclass


@dataclass
class Item:
    sku: str
    count: int


def restock(item: Item, n: int) -> Item:
    return Item(item.sku, item.count + n)
P
w inventory/sync.py <<'P'
import boto3


def upload(name: str) -> None:
    boto3.client("s3").upload_file(name, "bucket", name)
P
record $E gr8-mypy-import-not-found ENV_ERROR - "mypy cannot find boto3 (not installed): import-not-found" -- mypy inventory
rm inventory/sync.py
w inventory/stock.py <<'P'
from dataclasses import dataclass


@dataclass
class Item:
    sku: str
    count: int


def restock(item: Item, n: int) -> Item:
    return Item(item.sku, item.count + n


def total(items: list[Item]) -> int:
    return sum(i.count for i in items)
P
record $E gr8-mypy-syntax CODE_ERROR - "mypy: stock.py does not parse" -- mypy inventory
w inventory/stock.py <<'P'
from dataclasses import dataclass


@dataclass
class Item:
    sku: str
    count: int


def restock(item: Item, n: int) -> Item:
    return Item(item.sku, item.count + n)
P
w scripts/util.py <<'P'
def env() -> str:
    return "ci"
P
w tests/util.py <<'P'
def fixture_dir() -> str:
    return "tests/data"
P
record $E gr8-mypy-duplicate-module ENV_ERROR - "mypy scripts tests: two util.py outside packages (Duplicate module named)" -- mypy scripts tests
rm -rf scripts tests
w mypy.ini <<'P'
[mypy]
python_version = 3.11
strict = True
P
record $E gr8-mypy-strict-pass PASS - "mypy with strict = True: the annotated package passes" -- mypy inventory
w mypy.ini <<'P'
[mypy
python_version = 3.11
P
record $E gr8-mypy-ini-syntax PASS - "mypy.ini with a section header never closed (built to fail): exited 0 (held out: the label is PASS from the exit code alone, the output unread)" -- mypy inventory
w mypy.ini <<'P'
[mypy]
python_version = 2.7
P
record $E gr8-mypy-python-version-old ENV_ERROR - "python_version 2.7, which mypy 1.0 no longer supports" -- mypy inventory

TOOL="flake8 $(flake8 --version | head -1 | cut -d' ' -f1), pycodestyle $(pycodestyle --version), $(python3 --version)"
project gr8-flake8
w app/__init__.py <<'P'
P
w app/views.py <<'P'
"""Views."""


def index(request):
    """Return the index page."""
    return {"page": "index", "user": request.get("user")}
P
w .flake8 <<'P'
[flake8]
max-line-length = 100
exclude = .git,__pycache__,build
P
record $E gr8-flake8-pass PASS - "flake8 with a .flake8 config: no findings" -- flake8 app
w app/views.py <<'P'
"""Views."""
import os, sys


def index(request):
    """Return the index page."""
    x = 1
    return {"page": "index", "user": request.get("user"), "debug": request.get("debug"), "theme": request.get("theme")}
P
record $E gr8-flake8-findings LINT_ERROR - "flake8: E401, F401, F841 and a line of 119 characters (E501)" -- flake8 app
record $E gr8-flake8-select-f LINT_ERROR - "flake8 --select=F: pyflakes' findings only" -- flake8 --select=F app
record $E gr8-pycodestyle-findings LINT_ERROR - "pycodestyle: E401 and E501" -- pycodestyle --max-line-length=100 app
w .flake8 <<'P'
[flake8]
max-line-length = 100
extend-ignore = E501, F401, F841, E401
P
record $E gr8-flake8-ignored-pass PASS - "the .flake8 ignores every code found: no findings" -- flake8 app
w .flake8 <<'P'
[flake8]
max-line-length = one hundred
P
record $E gr8-flake8-config-bad-value ENV_ERROR - ".flake8's max-line-length is not a number" -- flake8 app
w .flake8 <<'P'
[flake8]
max-line-length = 100
P
record $E gr8-flake8-plugin-option ENV_ERROR - "flake8 --max-complexity=x: not an integer" -- flake8 --max-complexity=x app
record $E gr8-flake8-unknown-option ENV_ERROR - "flake8 --docstring-convention, an option of flake8-docstrings, not installed" -- flake8 --docstring-convention=google app
record $E gr8-flake8-path-missing ENV_ERROR - "flake8 of a directory that does not exist (E902)" -- flake8 src/app
w app/views.py <<'P'
"""Views."""


def index(request):
    """Return the index page."""
    return {"page": "index", "user": request.get("user")
P
record $E gr8-flake8-syntax CODE_ERROR - "flake8: E999, the file does not parse" -- flake8 app
record $E gr8-pycodestyle-syntax CODE_ERROR - "pycodestyle: E901, the file does not parse" -- pycodestyle app
w app/views.py <<'P'
"""Views."""


def index(request):
    """Return the index page."""
    return {"page": "index", "user": request.get("user")}
P
record $E gr8-pycodestyle-pass PASS - "pycodestyle: nothing to report" -- pycodestyle --max-line-length=100 app
w setup.cfg <<'P'
[pycodestyle]
max-line-length = 100
ignore = E9999
select = W6
P
record $E gr8-pycodestyle-setupcfg-pass PASS - "pycodestyle reading setup.cfg: nothing to report" -- pycodestyle app

TOOL="black $(black --version | head -1 | cut -d' ' -f2), isort $(isort --version-number 2>/dev/null || echo 5.6.4), $(python3 --version)"
project gr8-fmt
w pkg/__init__.py <<'P'
P
w pkg/util.py <<'P'
"""Utilities."""
import json
import os


def dump(path: str, data: dict) -> None:
    """Write data as JSON."""
    with open(os.path.join(path, "data.json"), "w", encoding="utf-8") as f:
        json.dump(data, f)
P
w pyproject.toml <<'P'
[tool.black]
line-length = 88
target-version = ["py311"]

[tool.isort]
profile = "black"
P
record $E gr8-black-check-pass PASS - "black --check: the files are formatted" -- black --check pkg
record $E gr8-isort-check-pass PASS - "isort --check-only --diff: imports sorted" -- isort --check-only --diff pkg
w pkg/util.py <<'P'
"""Utilities."""
import os
import json


def dump(path : str, data : dict) -> None:
    """Write data as JSON."""
    with open(os.path.join(path,'data.json'), 'w', encoding='utf-8') as f:
        json.dump(data,f)
P
record $E gr8-black-check-reformat LINT_ERROR - "black --check: util.py would be reformatted" -- black --check pkg
record $E gr8-black-check-diff LINT_ERROR - "black --check --diff: the diff it would make" -- black --check --diff pkg
record $E gr8-isort-check-unsorted LINT_ERROR - "isort --check-only: os before json" -- isort --check-only pkg
record $E gr8-isort-check-diff LINT_ERROR - "isort --check-only --diff: the diff it would make" -- isort --check-only --diff pkg
w pkg/util.py <<'P'
"""Utilities."""
import json
import os


def dump(path: str, data: dict) -> None:
    """Write data as JSON."""
    with open(os.path.join(path, "data.json"), "w", encoding="utf-8") as f:
        json.dump(data, f
P
record $E gr8-black-cannot-parse CODE_ERROR - "black: cannot format util.py, it does not parse" -- black --check pkg
w pkg/util.py <<'P'
"""Utilities."""
import json
import os


def dump(path: str, data: dict) -> None:
    """Write data as JSON."""
    with open(os.path.join(path, "data.json"), "w", encoding="utf-8") as f:
        json.dump(data, f)
P
w pyproject.toml <<'P'
[tool.black]
line-length = 88
target-version = ["py399"]
P
record $E gr8-black-target-unknown ENV_ERROR - "[tool.black] target-version py399, which black does not know" -- black --check pkg
w pyproject.toml <<'P'
[tool.black]
line-length = "eighty"
P
record $E gr8-black-config-bad-type ENV_ERROR - "[tool.black] line-length is a string" -- black --check pkg
w pyproject.toml <<'P'
[tool.black
line-length = 88
P
record $E gr8-black-pyproject-syntax ENV_ERROR - "pyproject.toml does not parse" -- black --check pkg
rm pyproject.toml
record $E gr8-black-path-missing ENV_ERROR - "black --check of a path that does not exist" -- black --check src/pkg
record $E gr8-isort-settings-missing ENV_ERROR - "isort --settings-path names a file that does not exist" -- isort --check-only --settings-path ci/isort.cfg pkg

TOOL="pytest $(pytest-3 --version 2>&1 | cut -d' ' -f2), pytest-timeout 2.1.0, $(python3 --version)"
project gr8-pytest
w pricing.py <<'P'
def net(gross, rate):
    return round(gross / (1 + rate), 2)


def vat(gross, rate):
    return round(gross - net(gross, rate), 2)
P
w test_pricing.py <<'P'
from pricing import net, vat


def test_net():
    assert net(120, 0.2) == 100


def test_vat():
    assert vat(120, 0.2) == 20


def test_zero():
    assert net(0, 0.2) == 0
P
record $E gr8-pytest3-toplevel-pass PASS 3/3/0/0 "pytest-3 with a top-level test file next to the module: three pass" -- pytest-3
w test_pricing.py <<'P'
from pricing import net, vat


def test_net():
    assert net(120, 0.2) == 100


def test_vat():
    assert vat(120, 0.2) == 24


def test_zero():
    assert net(0, 0.2) == 0
P
record $E gr8-pytest3-toplevel-fail TEST_FAILURE 3/2/1/0 "test_vat wants 24; vat is 20" -- pytest-3
record $E gr8-pytest3-toplevel-fail-q TEST_FAILURE 3/2/1/0 "the same, -q" -- pytest-3 -q
w test_pricing.py <<'P'
from pricing import net, vat


def test_net():
    assert net(120, 0.2) == 100


def test_vat():
    assert vat(120, 0.2) == 20


def test_zero():
    assert net(0, 0.2) == 0
P
w conftest.py <<'P'
import pytest
import sqlalchemy


@pytest.fixture
def engine():
    return sqlalchemy.create_engine("sqlite://")
P
record $E gr8-pytest3-conftest-import-missing ENV_ERROR - "conftest.py imports sqlalchemy, not installed: pytest cannot load it" -- pytest-3
w conftest.py <<'P'
import pytest


@pytest.fixture
def rate()
    return 0.2
P
record $E gr8-pytest3-conftest-syntax CODE_ERROR - "conftest.py does not parse" -- pytest-3
w conftest.py <<'P'
import pytest


@pytest.fixture
def rate():
    return 0.2
P
w test_rate.py <<'P'
from pricing import net


def test_with_rate(rate):
    assert net(120, rate) == 100


def test_with_currency(currency):
    assert currency == "EUR"
P
record $E gr8-pytest3-fixture-not-found CODE_ERROR - "test_with_currency asks for a fixture currency that no conftest defines" -- pytest-3
w test_rate.py <<'P'
from pricing import net


def test_with_rate(rate):
    assert net(120, rate) == 100
P
record $E gr8-pytest3-conftest-fixture-pass PASS 4/4/0/0 "a conftest fixture used by a test: four pass" -- pytest-3
record $E gr8-pytest3-plugin-missing ENV_ERROR - "pytest-3 -p xdist: the plugin is not installed" -- pytest-3 -p xdist
record $E gr8-pytest3-plugin-option-missing ENV_ERROR - "pytest-3 -n 4: an option of pytest-xdist, not installed" -- pytest-3 -n 4
w pytest.ini <<'P'
[pytest]
addopts = --cov=pricing --cov-report=term
P
record $E gr8-pytest3-ini-addopts-cov ENV_ERROR - "pytest.ini's addopts ask for --cov, pytest-cov is not installed" -- pytest-3
w pytest.ini <<'P'
[pytest]
required_plugins = pytest-django
P
record $E gr8-pytest3-ini-required-plugin ENV_ERROR - "pytest.ini requires pytest-django, not installed" -- pytest-3
w pytest.ini <<'P'
[pytest]
timeout = 30
asyncio_mode = auto
P
record $E gr8-pytest3-ini-strict-config ENV_ERROR - "--strict-config: asyncio_mode is an option of a plugin not installed" -- pytest-3 --strict-config
w pytest.ini <<'P'
[pytest
testpaths = tests
P
record $E gr8-pytest3-ini-syntax ENV_ERROR - "pytest.ini does not parse" -- pytest-3
w pytest.ini <<'P'
[pytest]
markers =
    slow: a slow test
P
w test_marks.py <<'P'
import pytest


@pytest.mark.integration
def test_marked():
    assert True
P
record $E gr8-pytest3-strict-markers-unknown ENV_ERROR - "--strict-markers with a marker (integration) pytest.ini does not register" -- pytest-3 --strict-markers
rm test_marks.py
record $E gr8-pytest3-k-none TEST_FAILURE 0/0/0/0 "-k matches no test: all deselected, nothing ran" -- pytest-3 -k refund
record $E gr8-pytest3-file-missing ENV_ERROR - "pytest-3 of a test file that does not exist" -- pytest-3 tests/test_pricing.py
w test_slow.py <<'P'
import time


def test_quick():
    assert True


def test_waits_for_service():
    time.sleep(30)
P
record $E gr8-pytest3-timeout-plugin TIMEOUT 2/1/1/0 "pytest-timeout stops test_waits_for_service after 2 s" -- pytest-3 --timeout=2 test_slow.py
rm test_slow.py
w test_pricing_import.py <<'P'
from pricing import gross


def test_gross():
    assert gross(100, 0.2) == 120
P
record $E gr8-pytest3-import-name-missing CODE_ERROR - "a test imports gross, which pricing does not define" -- pytest-3
rm test_pricing_import.py

project gr8-pytest-layout
w src/geo/__init__.py <<'P'
P
w src/geo/shapes.py <<'P'
def area(w, h):
    return w * h
P
w tests/unit/test_shapes.py <<'P'
from geo.shapes import area


def test_area():
    assert area(2, 3) == 6
P
w tests/integration/test_shapes.py <<'P'
from geo.shapes import area


def test_area_zero():
    assert area(0, 3) == 0
P
record $E gr8-pytest3-src-not-on-path ENV_ERROR - "a src/ layout without pythonpath: geo is not importable" -- pytest-3 tests/unit
w pytest.ini <<'P'
[pytest]
pythonpath = src
testpaths = tests
P
record $E gr8-pytest3-basename-clash CODE_ERROR - "two test_shapes.py without __init__.py under the default import mode: import file mismatch" -- pytest-3
record $E gr8-pytest3-importlib-pass PASS 2/2/0/0 "--import-mode=importlib: both test_shapes.py collect and pass" -- pytest-3 --import-mode=importlib
record $E gr8-pytest3-import-mode-bad ENV_ERROR - "--import-mode=package, not a mode pytest knows" -- pytest-3 --import-mode=package
w tests/unit/__init__.py <<'P'
P
w tests/integration/__init__.py <<'P'
P
w tests/__init__.py <<'P'
P
record $E gr8-pytest3-packages-pass PASS 2/2/0/0 "with __init__.py in the test directories: both pass" -- pytest-3
w tests/unit/test_shapes.py <<'P'
from geo.shapes import area


def test_area():
    assert area(2, 3) == 6


def test_area_neg():
    assert area(-2, 3) == 6
P
record $E gr8-pytest3-packages-fail TEST_FAILURE 3/2/1/0 "test_area_neg wants 6; area(-2, 3) is -6" -- pytest-3
record $E gr8-pytest3-x-fail TEST_FAILURE - "pytest-3 -x: stops at the first failure" -- pytest-3 -x tests/unit

TOOL="$(python3 --version) (unittest)"
project gr8-unittest
w shop/__init__.py <<'P'
P
w shop/cart.py <<'P'
class Cart:
    def __init__(self):
        self.items = {}

    def add(self, sku, n=1):
        self.items[sku] = self.items.get(sku, 0) + n

    def count(self):
        return sum(self.items.values())
P
w tests/__init__.py <<'P'
P
w tests/test_cart.py <<'P'
import unittest

from shop.cart import Cart


class CartTest(unittest.TestCase):
    def test_add(self):
        c = Cart()
        c.add("a")
        c.add("a", 2)
        self.assertEqual(c.count(), 3)

    def test_empty(self):
        self.assertEqual(Cart().count(), 0)


if __name__ == "__main__":
    unittest.main()
P
record $E gr8-unittest-discover-pass PASS 2/2/0/0 "python3 -m unittest discover -s tests -t .: two pass" -- python3 -m unittest discover -s tests -t .
record $E gr8-unittest-default-pass PASS 2/2/0/0 "python3 -m unittest (default discovery from the top): two pass" -- python3 -m unittest
w tests/test_cart.py <<'P'
import unittest

from shop.cart import Cart


class CartTest(unittest.TestCase):
    def test_add(self):
        c = Cart()
        c.add("a")
        c.add("a", 2)
        self.assertEqual(c.count(), 2)

    def test_empty(self):
        self.assertEqual(Cart().count(), 0)


if __name__ == "__main__":
    unittest.main()
P
record $E gr8-unittest-discover-fail TEST_FAILURE 2/1/1/0 "test_add wants 2; the count is 3" -- python3 -m unittest discover -s tests -t . -v
record $E gr8-unittest-start-missing PASS - "discover -s test, a start directory the project does not have (built to fail): exited 0 (held out: the label is PASS from the exit code alone, the output unread)" -- python3 -m unittest discover -s test
record $E gr8-unittest-module-missing ENV_ERROR - "python3 -m unittest tests.test_carts: no such module" -- python3 -m unittest tests.test_carts
rm tests/__init__.py
record $E gr8-unittest-discover-pattern-none TEST_FAILURE 0/0/0/0 "discover -p '*_test.py': the files are test_*.py, no test found" -- python3 -m unittest discover -s tests -p '*_test.py'
w tests/__init__.py <<'P'
P
w tests/test_cart.py <<'P'
import unittest

import requests_mock

from shop.cart import Cart


class CartTest(unittest.TestCase):
    def test_empty(self):
        self.assertEqual(Cart().count(), 0)
P
record $E gr8-unittest-import-missing ENV_ERROR - "the test module imports requests_mock, not installed: the module fails to import" -- python3 -m unittest discover -s tests -t .
w tests/test_cart.py <<'P'
import unittest

from shop.cart import Cart


class CartTest(unittest.TestCase):
    def test_empty(self):
        self.assertEqual(Cart().count(), 0

P
record $E gr8-unittest-syntax CODE_ERROR - "the test module does not parse" -- python3 -m unittest discover -s tests -t .
w tests/test_cart.py <<'P'
import unittest

from shop.cart import Cart


class CartTest(unittest.TestCase):
    def test_empty(self):
        self.assertEqual(Cart().total(), 0)
P
record $E gr8-unittest-attribute-error TEST_FAILURE 1/0/1/0 "the test calls Cart.total, which does not exist: an error in the test" -- python3 -m unittest discover -s tests -t .
w tests/test_cart.py <<'P'
import unittest

from shop.cart import Cart


class CartTest(unittest.TestCase):
    def test_empty(self):
        self.assertEqual(Cart().count(), 0)
P
record $E gr8-unittest-pytest-runs-pass PASS 1/1/0/0 "pytest-3 runs the unittest TestCase: passes" -- pytest-3 tests
}

########################################################################
# go: go vet's findings against compile errors, staticcheck and its
# staticcheck.conf, go test's flags.
sec_go() {
E=go
TOOL="$(go version | cut -d' ' -f3), staticcheck $(staticcheck --version | cut -d' ' -f2-)"
export GOFLAGS= GOPROXY=off
project gr8-govet
w go.mod <<'G'
module example.com/orders

go 1.22
G
w orders/orders.go <<'G'
// Package orders totals orders.
package orders

import "fmt"

// Line is one line of an order.
type Line struct {
	SKU   string
	Qty   int
	Cents int
}

// Total is the order's total in cents.
func Total(lines []Line) int {
	t := 0
	for _, l := range lines {
		t += l.Qty * l.Cents
	}
	return t
}

// Label formats a line.
func Label(l Line) string {
	return fmt.Sprintf("%s x%d", l.SKU, l.Qty)
}
G
w orders/orders_test.go <<'G'
package orders

import "testing"

func TestTotal(t *testing.T) {
	cases := []struct {
		name  string
		lines []Line
		want  int
	}{
		{"empty", nil, 0},
		{"one", []Line{{"a", 2, 150}}, 300},
		{"two", []Line{{"a", 1, 100}, {"b", 3, 10}}, 130},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Total(c.lines); got != c.want {
				t.Errorf("Total = %d, want %d", got, c.want)
			}
		})
	}
}
G
record $E gr8-go-vet-pass PASS - "go vet ./...: nothing to report" -- go vet ./...
record $E gr8-staticcheck-pass PASS - "staticcheck ./...: nothing to report" -- staticcheck ./...
record $E gr8-go-test-subtests-pass PASS 1/1/0/0 "go test -v: a table test's three subtests pass (counted as the one top-level test, as go/subtest-v)" -- go test -count=1 -v ./...
record $E gr8-go-test-race-pass PASS - "go test -race: passes" -- go test -count=1 -race ./...
w orders/orders.go <<'G'
// Package orders totals orders.
package orders

import "fmt"

// Line is one line of an order.
type Line struct {
	SKU   string
	Qty   int
	Cents int
}

// Total is the order's total in cents.
func Total(lines []Line) int {
	t := 0
	for _, l := range lines {
		t += l.Qty * l.Cents
	}
	return t
}

// Label formats a line.
func Label(l Line) string {
	return fmt.Sprintf("%s x%d", l.Qty, l.SKU)
}
G
record $E gr8-go-vet-printf-args LINT_ERROR - "go vet: Sprintf's verbs and arguments swapped" -- go vet ./...
record $E gr8-go-test-vet-printf LINT_ERROR - "go test's vet step reports the same Sprintf: the tests never run" -- go test -count=1 ./...
record $E gr8-go-test-vet-off-pass PASS - "go test -vet=off: the misused Sprintf is not vetted and the tests pass" -- go test -count=1 -vet=off ./...
record $E gr8-staticcheck-printf LINT_ERROR - "staticcheck: SA5009, the Sprintf verbs do not fit the arguments" -- staticcheck ./...
w orders/orders.go <<'G'
// Package orders totals orders.
package orders

import "fmt"

// Line is one line of an order.
type Line struct {
	SKU   string
	Qty   int
	Cents int
}

// Total is the order's total in cents.
func Total(lines []Line) int {
	t := 0
	for _, l := range lines {
		t += l.Qty * l.Cents
	}
	return t
}

// Label formats a line.
func Label(l Line) string {
	l.Qty = l.Qty
	fmt.Sprintf("%s x%d", l.SKU, l.Qty)
	return l.SKU
}
G
record $E gr8-go-vet-selfassign-unusedresult LINT_ERROR - "go vet: a self-assignment and an unused Sprintf result" -- go vet ./...
record $E gr8-staticcheck-selfassign LINT_ERROR - "staticcheck: the self-assignment (SA4018) and the unused Sprintf result" -- staticcheck ./...
w orders/orders.go <<'G'
// Package orders totals orders.
package orders

import (
	"fmt"
	"strings"
)

// Line is one line of an order.
type Line struct {
	SKU   string
	Qty   int
	Cents int
}

// Total is the order's total in cents.
func Total(lines []Line) int {
	t := 0
	for _, l := range lines {
		t += l.Qty * l.Cents
	}
	return t
}

// Label formats a line.
func Label(l Line) string {
	if strings.ToUpper(l.SKU) == strings.ToUpper("x") {
		return "x"
	}
	s := fmt.Sprintf("%s x%d", l.SKU, l.Qty)
	s = strings.TrimSpace(s)
	return fmt.Sprintf("%s", s)
}
G
record $E gr8-staticcheck-simplify LINT_ERROR - "staticcheck: SA6005 (ToUpper compared, use EqualFold) and S1025 (Sprintf of a string)" -- staticcheck ./...
record $E gr8-go-vet-clean-simplify-pass PASS - "go vet has nothing to say of what staticcheck flags" -- go vet ./...
w orders/orders.go <<'G'
// Package orders totals orders.
package orders

import "fmt"

// Line is one line of an order.
type Line struct {
	SKU   string
	Qty   int
	Cents int
}

// Total is the order's total in cents.
func Total(lines []Line) int {
	t := 0
	for _, l := range lines {
		t += l.Qty * l.Price
	}
	return t
}

// Label formats a line.
func Label(l Line) string {
	return fmt.Sprintf("%s x%d", l.SKU, l.Qty)
}
G
record $E gr8-go-vet-compile-field CODE_ERROR - "go vet of a package that does not compile: l.Price has no field" -- go vet ./...
record $E gr8-staticcheck-compile-field CODE_ERROR - "staticcheck of the same package: it does not type-check" -- staticcheck ./...
record $E gr8-go-test-compile-field CODE_ERROR - "go test: the package does not compile" -- go test -count=1 ./...
w orders/orders.go <<'G'
// Package orders totals orders.
package orders

import "fmt"

// Line is one line of an order.
type Line struct {
	SKU   string
	Qty   int
	Cents int
}

// Total is the order's total in cents.
func Total(lines []Line) int {
	t := 0
	for _, l := range lines {
		t += l.Qty * l.Cents
	}
	return t
}

// Label formats a line.
func Label(l Line) string {
	return fmt.Sprintf("%s x%d", l.SKU, l.Qty)
}
G
w staticcheck.conf <<'G'
checks = ["all", "-ST1000"
G
record $E gr8-staticcheck-conf-syntax PASS - "staticcheck.conf with an array never closed (built to fail): exited 0 (held out: the label is PASS from the exit code alone, the output unread)" -- staticcheck ./...
w staticcheck.conf <<'G'
checks = ["all", "-ST1000"]
dot_import_whitelist = 3
G
record $E gr8-staticcheck-conf-type ENV_ERROR - "staticcheck.conf gives a list option a number" -- staticcheck ./...
w staticcheck.conf <<'G'
checks = ["all", "-ST1000"]
G
record $E gr8-staticcheck-conf-all-pass PASS - "staticcheck with checks all but ST1000: nothing to report" -- staticcheck ./...
rm staticcheck.conf
record $E gr8-staticcheck-checks-flag-pass PASS - "staticcheck -checks inherit,ST1003: nothing to report" -- staticcheck -checks inherit,ST1003 ./...
record $E gr8-staticcheck-go-version-bad ENV_ERROR - "staticcheck -go 1.x: not a Go version" -- staticcheck -go 1.x ./...
record $E gr8-staticcheck-pattern-missing ENV_ERROR - "staticcheck ./cmd/...: no such directory" -- staticcheck ./cmd/...
record $E gr8-staticcheck-flag-unknown ENV_ERROR - "staticcheck -fix: a flag it does not have" -- staticcheck -fix ./...
record $E gr8-go-vet-dir-missing ENV_ERROR - "go vet ./internal/...: the directory does not exist" -- go vet ./internal/...
record $E gr8-go-vet-analyzer-flag-unknown ENV_ERROR - "go vet -shadow: an analyzer vet no longer has" -- go vet -shadow ./...
record $E gr8-go-test-run-regexp-bad ENV_ERROR - "go test -run with a regexp that does not compile" -- go test -count=1 -run 'Test(' ./...
w orders/orders_test.go <<'G'
package orders

import "testing"

func TestTotal(t *testing.T) {
	cases := []struct {
		name  string
		lines []Line
		want  int
	}{
		{"empty", nil, 0},
		{"one", []Line{{"a", 2, 150}}, 300},
		{"two", []Line{{"a", 1, 100}, {"b", 3, 10}}, 103},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Total(c.lines); got != c.want {
				t.Errorf("Total = %d, want %d", got, c.want)
			}
		})
	}
}
G
record $E gr8-go-test-subtest-fail TEST_FAILURE 1/0/1/0 "go test -v: the subtest two wants 103; the total is 130 (the top-level test fails with it; counted as go/subtest-v)" -- go test -count=1 -v ./...
record $E gr8-go-test-subtest-fail-short TEST_FAILURE - "the same without -v" -- go test -count=1 ./...
record $E gr8-go-test-run-subtest-pass PASS 1/1/0/0 "go test -run TestTotal/one -v: only the passing subtest runs (one top-level test)" -- go test -count=1 -v -run 'TestTotal/one' ./...
sed -i 's/}, 103},/}, 130},/' orders/orders_test.go
w orders/slow_test.go <<'G'
package orders

import (
	"testing"
	"time"
)

func TestWaitsForQueue(t *testing.T) {
	time.Sleep(20 * time.Second)
}
G
record $E gr8-go-test-timeout-flag TIMEOUT - "go test -timeout 3s: a test sleeps 20 s, the binary panics at the deadline" -- go test -count=1 -timeout 3s ./...
rm orders/slow_test.go
w orders/panic_test.go <<'G'
package orders

import "testing"

func TestIndex(t *testing.T) {
	var lines []Line
	_ = lines[2].SKU
}
G
record $E gr8-go-test-panic-index TEST_FAILURE - "a test indexes an empty slice: it panics" -- go test -count=1 ./...
rm orders/panic_test.go
w seq/seq_test.go <<'G'
package seq

import "testing"

var seen []string

func TestFirst(t *testing.T) { seen = append(seen, "first") }

func TestSecond(t *testing.T) {
	if len(seen) != 1 || seen[0] != "first" {
		t.Fatalf("TestFirst did not run first: %v", seen)
	}
}
G
record $E gr8-go-test-shuffle-order-dependent TEST_FAILURE - "go test -shuffle=2 of a package of two tests (its own directory): the seed runs TestSecond first, an order-dependent test fails" -- go test -count=1 -shuffle=2 -v ./seq/
record $E gr8-go-test-shuffle-bad ENV_ERROR - "go test -shuffle=sometimes" -- go test -count=1 -shuffle=sometimes ./...
rm -r seq
unset GOFLAGS GOPROXY
}

########################################################################
# node: node --test, jest configs, ESLint 6 with .eslintrc.
sec_node() {
E=node
TOOL="node $(node --version), npm $(npm --version)"
project gr8-nodetest
w package.json <<'J'
{ "name": "slug", "version": "1.0.0", "private": true, "scripts": { "test": "node --test" } }
J
w src/slug.js <<'J'
exports.slug = (s) => s.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
J
w test/slug.test.js <<'J'
const test = require("node:test");
const assert = require("node:assert/strict");
const { slug } = require("../src/slug");

test("spaces", () => assert.equal(slug("Hello World"), "hello-world"));
test("punctuation", () => assert.equal(slug("  A, B & C! "), "a-b-c"));
J
record $E gr8-node-test-discover-pass PASS 2/2/0/0 "npm test runs node --test, which finds test/*.test.js: two pass" -- npm test
w test/slug.test.js <<'J'
const test = require("node:test");
const assert = require("node:assert/strict");
const { slug } = require("../src/slug");

test("spaces", () => assert.equal(slug("Hello World"), "hello-world"));
test("punctuation", () => assert.equal(slug("  A, B & C! "), "a_b_c"));
J
record $E gr8-node-test-discover-fail TEST_FAILURE 2/1/1/0 "the punctuation test wants underscores" -- npm test
record $E gr8-node-test-glob-node20 ENV_ERROR - "node --test 'test/**/*.test.js': node 20 takes no glob, the path is not found" -- node --test 'test/**/*.test.js'
w test/slug.test.js <<'J'
const test = require("node:test");
const assert = require("node:assert/strict");
const { slug } = require("../src/slug");

test("spaces", () => assert.equal(slug("Hello World"), "hello-world"));
test("punctuation", () => assert.equal(slug("  A, B & C! "), "a-b-c"));
J
w test/remote.test.js <<'J'
const test = require("node:test");

test("fetches the sitemap", { timeout: 500 }, async () => {
  await new Promise((resolve) => setTimeout(resolve, 5000));
});
J
record $E gr8-node-test-timeout-option TIMEOUT - "a test with { timeout: 500 } waits 5 s: node cancels it" -- node --test test/
w test/remote.test.js <<'J'
const test = require("node:test");
const nock = require("nock");

test.before(() => nock.disableNetConnect());
test("fetches the sitemap", () => {});
J
record $E gr8-node-test-require-missing-in-test ENV_ERROR - "a test file requires nock, not installed" -- node --test test/
w test/remote.test.js <<'J'
const test = require("node:test");
const assert = require("node:assert/strict");

test("rejects", async () => {
  await assert.rejects(Promise.resolve(1));
});
J
record $E gr8-node-test-rejects-fail TEST_FAILURE 3/2/1/0 "assert.rejects of a promise that resolves" -- node --test test/
w test/remote.test.js <<'J'
const test = require("node:test");
const assert = require("node:assert/strict");
const { slug } = require("../src/slug");

test.describe("slug", () => {
  test.it("keeps digits", () => assert.equal(slug("Route 66"), "route-66"));
  test.it.skip("unicode", () => assert.equal(slug("Zürich"), "zurich"));
});
J
record $E gr8-node-test-describe-skip-pass PASS - "describe/it with one skipped test: passes" -- node --test test/
rm test/remote.test.js
w src/slug.js <<'J'
exports.slug = (s) => s.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "";
J
record $E gr8-node-test-module-syntax CODE_ERROR - "src/slug.js does not parse: the tests fail to load it" -- npm test
w src/slug.js <<'J'
exports.slug = (s) => s.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
J
w package.json <<'J'
{ "name": "slug", "version": "1.0.0", "private": true, "scripts": { "test": "node --test --test-reporter=junit --test-reporter-destination=reports/junit.xml" } }
J
record $E gr8-node-test-reporter-junit-pass ENV_ERROR - "node --test with the junit reporter to reports/junit.xml (built to pass): the directory reports/ does not exist, the stream fails with ENOENT (exit 7)" -- npm test
mkdir reports
record $E gr8-node-test-reporter-junit-dir-pass PASS - "the same with reports/ made: passes, nothing on stdout" -- npm test
w package.json <<'J'
{ "name": "slug", "version": "1.0.0", "private": true, "scripts": { "test": "node --test --test-reporter=dot-matrix" } }
J
record $E gr8-node-test-reporter-unknown ENV_ERROR - "--test-reporter=dot-matrix, not a reporter node has (nor a module)" -- npm test
w package.json <<'J'
{ "name": "slug", "version": "1.0.0", "private": true, "scripts": { "test": "node --test --test-concurrency=4" } }
J
record $E gr8-node-test-concurrency-node20 PASS 2/2/0/0 "--test-concurrency=4 (built to fail as a flag of node 21+): node 20.20 has it, the tests pass" -- npm test

TOOL="jest 29.3.1 (Debian), node $(node --version), npm $(npm --version)"
project gr8-jest
node_bin
w package.json <<'J'
{ "name": "cartjs", "version": "1.0.0", "private": true, "scripts": { "test": "jest" } }
J
w jest.config.js <<'J'
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/src"],
};
J
w src/cart.js <<'J'
exports.total = (items) => items.reduce((t, i) => t + i.qty * i.cents, 0);
J
w src/cart.test.js <<'J'
const { total } = require("./cart");

describe("total", () => {
  test("empty", () => expect(total([])).toBe(0));
  test("two lines", () => expect(total([{ qty: 2, cents: 150 }, { qty: 1, cents: 5 }])).toBe(305));
});
J
record $E gr8-jest-config-pass PASS 2/2/0/0 "jest with jest.config.js (roots src): two pass" -- npm test
w src/cart.test.js <<'J'
const { total } = require("./cart");

describe("total", () => {
  test("empty", () => expect(total([])).toBe(0));
  test("two lines", () => expect(total([{ qty: 2, cents: 150 }, { qty: 1, cents: 5 }])).toBe(350));
});
J
record $E gr8-jest-config-fail TEST_FAILURE 2/1/1/0 "the test wants 350; the total is 305" -- npm test
record $E gr8-jest-ci-fail TEST_FAILURE 2/1/1/0 "the same, npx jest --ci" -- npx jest --ci
w src/cart.test.js <<'J'
const { total } = require("./cart");

describe("total", () => {
  test("empty", () => expect(total([])).toBe(0));
  test("two lines", () => expect(total([{ qty: 2, cents: 150 }, { qty: 1, cents: 5 }])).toBe(305));
});
J
w jest.config.js <<'J'
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/src"],
J
record $E gr8-jest-config-syntax ENV_ERROR - "jest.config.js does not parse" -- npx jest
w jest.config.js <<'J'
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/lib"],
};
J
record $E gr8-jest-roots-missing ENV_ERROR - "roots names <rootDir>/lib, which does not exist" -- npx jest
w jest.config.js <<'J'
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/src"],
  setupFilesAfterEnv: ["<rootDir>/jest.setup.js"],
};
J
record $E gr8-jest-setup-file-missing ENV_ERROR - "setupFilesAfterEnv names jest.setup.js, not there" -- npx jest
w jest.config.js <<'J'
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/src"],
  moduleNameMapper: { "^@app/(.*)$": "<rootDir>/app/$1" },
};
J
w src/cart.test.js <<'J'
const { total } = require("@app/cart");

test("empty", () => expect(total([])).toBe(0));
J
record $E gr8-jest-module-mapper-target-missing ENV_ERROR - "moduleNameMapper maps @app/ to app/, which does not exist: Could not locate module" -- npx jest
w jest.config.js <<'J'
module.exports = {
  testEnviroment: "node",
  roots: ["<rootDir>/src"],
};
J
w src/cart.test.js <<'J'
const { total } = require("./cart");

test("empty", () => expect(total([])).toBe(0));
J
record $E gr8-jest-config-typo-warning-pass PASS 1/1/0/0 "a misspelt option (testEnviroment): jest warns (Validation Warning) and the test passes" -- npx jest
w jest.config.js <<'J'
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/src"],
  testTimeout: 200,
};
J
w src/slow.test.js <<'J'
test("waits for the queue", async () => {
  await new Promise((resolve) => setTimeout(resolve, 3000));
});
J
record $E gr8-jest-test-timeout TIMEOUT - "testTimeout 200 ms and a test that waits 3 s: Exceeded timeout" -- npx jest
rm src/slow.test.js
record $E gr8-jest-config-flag-missing ENV_ERROR - "jest --config names a file that does not exist" -- npx jest --config jest.ci.config.js
w src/cart.js <<'J'
exports.total = (items) => items.reduce((t, i) => t + i.qty * i.cents, 0;
J
record $E gr8-jest-module-syntax CODE_ERROR - "cart.js does not parse: the suite fails to run" -- npx jest
w src/cart.js <<'J'
exports.total = (items) => items.reduce((t, i) => t + i.qty * i.cents, 0);
J
record $E gr8-jest-coverage-pass PASS 1/1/0/0 "jest --coverage: passes with the coverage table" -- npx jest --coverage

TOOL="ESLint 6.4.0 (Debian), node $(node --version)"
project gr8-eslint
node_bin
w package.json <<'J'
{ "name": "lintme", "version": "1.0.0", "private": true, "scripts": { "lint": "eslint src" } }
J
w .eslintrc.json <<'J'
{
  "root": true,
  "env": { "node": true, "es2020": true },
  "parserOptions": { "ecmaVersion": 2020 },
  "extends": "eslint:recommended",
  "rules": { "eqeqeq": "error" }
}
J
w src/app.js <<'J'
"use strict";

const port = Number(process.env.PORT || 3000);

function describe(req) {
  return req.method === "GET" ? "read" : "write";
}

module.exports = { port, describe };
J
record $E gr8-eslint-pass PASS - "npm run lint: no problems" -- npm run lint
w src/app.js <<'J'
"use strict";

const port = Number(process.env.PORT || 3000);
const unused = 1;

function describe(req) {
  if (req.method == "GET") return "read";
  return lookup(req);
}

module.exports = { port, describe };
J
record $E gr8-eslint-findings LINT_ERROR - "eslint: no-unused-vars, eqeqeq and no-undef" -- npm run lint
record $E gr8-eslint-findings-npx LINT_ERROR - "the same, npx eslint src" -- npx eslint src
record $E gr8-eslint-format-compact LINT_ERROR - "the same, -f compact" -- npx eslint -f compact src
w src/app.js <<'J'
"use strict";

const port = Number(process.env.PORT || 3000);

function describe(req) {
  return req.method === "GET" ? "read" : "write"
}

module.exports = { port, describe };
J
record $E gr8-eslint-fixable-semi-pass PASS - "a missing semicolon eslint:recommended does not check: no problems" -- npx eslint src
w src/app.js <<'J'
"use strict";

const port = Number(process.env.PORT || 3000);

function describe(req) {
  return req.method === "GET" ? "read" : "write";

module.exports = { port, describe };
J
record $E gr8-eslint-parse-error CODE_ERROR - "src/app.js does not parse: a brace never closed (Parsing error)" -- npx eslint src
w src/app.js <<'J'
"use strict";

const port = Number(process.env.PORT || 3000);

function describe(req) {
  return req.method === "GET" ? "read" : "write";
}

module.exports = { port, describe };
J
w .eslintrc.json <<'J'
{
  "root": true,
  "env": { "node": true, "es2020": true },
  "parserOptions": { "ecmaVersion": 2020 },
  "extends": ["eslint:recommended", "plugin:import/recommended"],
  "plugins": ["import"]
}
J
record $E gr8-eslint-plugin-missing ENV_ERROR - "the config uses eslint-plugin-import, not installed" -- npx eslint src
w .eslintrc.json <<'J'
{
  "root": true,
  "env": { "node": true, "es2020": true },
  "extends": ["airbnb-base"]
}
J
record $E gr8-eslint-extends-missing ENV_ERROR - "extends airbnb-base: eslint-config-airbnb-base is not installed" -- npx eslint src
w .eslintrc.json <<'J'
{
  "root": true,
  "parser": "@typescript-eslint/parser",
  "extends": "eslint:recommended"
}
J
record $E gr8-eslint-parser-missing ENV_ERROR - "parser @typescript-eslint/parser, not installed" -- npx eslint src
w .eslintrc.json <<'J'
{
  "root": true,
  "env": { "node": true },
  "extends": "eslint:recommended",
}
J
record $E gr8-eslint-rc-json-invalid ENV_ERROR - ".eslintrc.json with a trailing comma: eslint cannot read it" -- npx eslint src
w .eslintrc.json <<'J'
{
  "root": true,
  "env": { "node": true, "es2020": true },
  "extends": "eslint:recommended"
}
J
w src/esm.js <<'J'
import { port } from "./app.js";

export const url = `http://localhost:${port}`;
J
record $E gr8-eslint-sourcetype-script ENV_ERROR - "import in a file ESLint parses as a script (sourceType not module): Parsing error" -- npx eslint src
rm src/esm.js
record $E gr8-eslint-pattern-no-files ENV_ERROR - "eslint lib: no files match the pattern" -- npx eslint lib
record $E gr8-eslint-ext-pass PASS - "eslint --ext .js,.cjs src: no problems" -- npx eslint --ext .js,.cjs src
printf 'src/\n' > .eslintignore
record $E gr8-eslint-all-ignored ENV_ERROR - ".eslintignore ignores src: ESLint 6 finds no files matching the pattern" -- npx eslint src
rm .eslintignore
rm .eslintrc.json
record $E gr8-eslint-no-config ENV_ERROR - "no .eslintrc anywhere: ESLint 6 has no configuration" -- npx eslint src
w .eslintrc.yml <<'J'
root: true
env:
  node: true
extends: eslint:recommended
rules:
  no-console: [error
J
record $E gr8-eslint-rc-yaml-invalid ENV_ERROR - ".eslintrc.yml does not parse" -- npx eslint src
}

########################################################################
# typescript: tsc --build with project references.
sec_typescript() {
E=typescript
TOOL="tsc $(tsc --version | cut -d' ' -f2), node $(node --version)"
project gr8-tsbuild
w tsconfig.json <<'J'
{
  "files": [],
  "references": [{ "path": "./packages/core" }, { "path": "./packages/app" }]
}
J
w tsconfig.base.json <<'J'
{
  "compilerOptions": { "strict": true, "target": "es2020", "module": "commonjs", "declaration": true, "composite": true }
}
J
w packages/core/tsconfig.json <<'J'
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "rootDir": "src", "outDir": "dist" },
  "include": ["src"]
}
J
w packages/core/src/index.ts <<'J'
export interface Money {
  cents: number;
  currency: string;
}

export function add(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new Error("currency");
  return { cents: a.cents + b.cents, currency: a.currency };
}
J
w packages/app/tsconfig.json <<'J'
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "rootDir": "src", "outDir": "dist", "baseUrl": ".", "paths": { "core": ["../core/src"] } },
  "include": ["src"],
  "references": [{ "path": "../core" }]
}
J
w packages/app/src/main.ts <<'J'
import { add, Money } from "core";

const a: Money = { cents: 100, currency: "EUR" };
export const sum: Money = add(a, a);
J
record $E gr8-tsc-build-pass PASS - "tsc --build of a solution tsconfig with two referenced projects: builds" -- tsc --build
record $E gr8-tsc-build-verbose-pass PASS - "tsc -b --verbose: up to date" -- tsc -b --verbose
w packages/app/src/main.ts <<'J'
import { add, Money } from "core";

const a: Money = { cents: "100", currency: "EUR" };
export const sum: Money = add(a, a);
J
record $E gr8-tsc-build-type-error TYPE_ERROR - "tsc -b: a string for cents (TS2322) in the app project" -- tsc --build
record $E gr8-tsc-build-type-error-pretty TYPE_ERROR - "the same, --pretty false" -- tsc --build --pretty false
w packages/app/src/main.ts <<'J'
import { add, Money, sub } from "core";

const a: Money = { cents: 100, currency: "EUR" };
export const sum: Money = add(a, sub(a, a));
J
record $E gr8-tsc-build-no-exported-member TYPE_ERROR - "the app imports sub, which core does not export (TS2305)" -- tsc --build
w packages/app/src/main.ts <<'J'
import { add, Money } from "core";

const a: Money = { cents: 100, currency: "EUR" ;
export const sum: Money = add(a, a);
J
record $E gr8-tsc-build-syntax CODE_ERROR - "main.ts does not parse (TS1005)" -- tsc --build
w packages/app/src/main.ts <<'J'
import { add, Money } from "core";

const a: Money = { cents: 100, currency: "EUR" };
export const sum: Money = add(a, a);
J
w packages/app/tsconfig.json <<'J'
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "rootDir": "src", "outDir": "dist", "baseUrl": ".", "paths": { "core": ["../core/src"] } },
  "include": ["src"],
  "references": [{ "path": "../shared" }]
}
J
record $E gr8-tsc-build-reference-missing ENV_ERROR - "the app references ../shared, which does not exist (TS5083, its tsconfig.json cannot be read)" -- tsc --build
w packages/app/tsconfig.json <<'J'
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "rootDir": "src", "outDir": "dist", "baseUrl": ".", "paths": { "core": ["../core/src"] } },
  "include": ["src"],
  "references": [{ "path": "../core" }]
}
J
w packages/core/tsconfig.json <<'J'
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "rootDir": "src", "outDir": "dist" },
  "include": ["src"],
  "references": [{ "path": "../app" }]
}
J
record $E gr8-tsc-build-circular ENV_ERROR - "core and app reference each other (TS6202)" -- tsc --build
w packages/core/tsconfig.json <<'J'
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "rootDir": "src", "outDir": "dist", "noEmit": true },
  "include": ["src"]
}
J
record $E gr8-tsc-build-reference-noemit ENV_ERROR - "the referenced core sets noEmit (TS6310)" -- tsc --build --force
w packages/core/tsconfig.json <<'J'
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "rootDir": "lib", "outDir": "dist" },
  "include": ["src"]
}
J
record $E gr8-tsc-build-rootdir-wrong ENV_ERROR - "core's rootDir is lib; its files are under src (TS6059)" -- tsc --build --force
w packages/core/tsconfig.json <<'J'
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "rootDir": "src", "outDir": "dist" },
  "include": ["src"]
}
J
record $E gr8-tsc-build-force-pass PASS - "tsc -b --force: rebuilds both projects" -- tsc -b --force
record $E gr8-tsc-build-clean-pass PASS - "tsc -b --clean: removes the outputs" -- tsc -b --clean
record $E gr8-tsc-build-not-first ENV_ERROR - "tsc -p . --build: --build must be the first argument (TS6369)" -- tsc -p . --build
record $E gr8-tsc-build-project-path-missing ENV_ERROR - "tsc -b packages/web: no such project" -- tsc -b packages/web
record $E gr8-tsc-build-option-unknown ENV_ERROR - "tsc -b --strict: an option --build does not take" -- tsc -b --strict
w tsconfig.base.json <<'J'
{
  "compilerOptions": { "strict": true, "target": "es2020", "module": "commonjs", "declaration": true, "composite": true, "noUnusedLocals": true }
}
J
w packages/core/src/index.ts <<'J'
export interface Money {
  cents: number;
  currency: string;
}

export function add(a: Money, b: Money): Money {
  const rate = 1;
  if (a.currency !== b.currency) throw new Error("currency");
  return { cents: a.cents + b.cents, currency: a.currency };
}
J
record $E gr8-tsc-build-unused-local TYPE_ERROR - "noUnusedLocals: rate is declared and never read (TS6133)" -- tsc -b
w packages/core/src/index.ts <<'J'
export interface Money {
  cents: number;
  currency: string;
}

export function add(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new Error("currency");
  return { cents: a.cents + b.cents, currency: a.currency };
}
J
w tsconfig.base.json <<'J'
{
  "compilerOptions": { "strict": true, "target": "es2020", "module": "commonjs", "declaration": true, "composite": true },
J
record $E gr8-tsc-build-base-config-syntax ENV_ERROR - "the extended tsconfig.base.json does not parse" -- tsc -b
w tsconfig.base.json <<'J'
{
  "compilerOptions": { "strict": true, "target": "es2020", "module": "commonjs", "declaration": true, "composite": true }
}
J
rm -rf packages/core/dist packages/app/dist packages/*/tsconfig.tsbuildinfo
record $E gr8-tsc-build-after-clean-pass PASS - "tsc -b from clean: builds" -- tsc -b
}

########################################################################
# rust: cargo test, clippy and fmt --check in a workspace, workspace
# lints, clippy.toml and rustfmt.toml.
sec_rust() {
E=rust
TOOL="$(cargo clippy --version), $(cargo --version | cut -d' ' -f1-2), $(rustfmt --version | cut -d' ' -f1-2)"
project gr8-cargows
w Cargo.toml <<'R'
[workspace]
members = ["crates/units", "crates/conv"]
resolver = "2"

[workspace.package]
edition = "2021"
version = "0.1.0"
R
w crates/units/Cargo.toml <<'R'
[package]
name = "units"
version.workspace = true
edition.workspace = true
R
w crates/units/src/lib.rs <<'R'
//! Units.

/// Metres in a mile.
pub const MILE: f64 = 1609.344;

/// Miles to metres.
pub fn miles(m: f64) -> f64 {
    m * MILE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_mile() {
        assert_eq!(miles(1.0), MILE);
    }

    #[test]
    fn zero() {
        assert_eq!(miles(0.0), 0.0);
    }
}
R
w crates/conv/Cargo.toml <<'R'
[package]
name = "conv"
version.workspace = true
edition.workspace = true

[dependencies]
units = { path = "../units" }
R
w crates/conv/src/lib.rs <<'R'
//! Conversions.

/// Kilometres in the given miles.
pub fn km(miles: f64) -> f64 {
    units::miles(miles) / 1000.0
}

#[cfg(test)]
mod tests {
    #[test]
    fn marathon() {
        let k = super::km(26.2188);
        assert!((k - 42.195).abs() < 0.001, "{k}");
    }
}
R
record $E gr8-cargo-ws-test-pass PASS 3/3/0/0 "cargo test --workspace: three tests in two crates pass" -- cargo test --offline --workspace
record $E gr8-clippy-ws-pass PASS - "cargo clippy --workspace --all-targets -D warnings: nothing to report" -- cargo clippy --offline --workspace --all-targets -- -D warnings
record $E gr8-fmt-ws-check-pass PASS - "cargo fmt --all --check: formatted" -- cargo fmt --all --check
w crates/conv/src/lib.rs <<'R'
//! Conversions.

/// Kilometres in the given miles.
pub fn km(miles: f64) -> f64 {
    units::miles(miles) / 1000.0
}

#[cfg(test)]
mod tests {
    #[test]
    fn marathon() {
        let k = super::km(26.2188);
        assert!((k - 42.0).abs() < 0.001, "{k}");
    }
}
R
record $E gr8-cargo-ws-test-fail TEST_FAILURE 1/0/1/0 "conv's marathon test wants 42.0 km; cargo stops after that test binary, units' tests do not run" -- cargo test --offline --workspace
record $E gr8-cargo-ws-test-p-fail TEST_FAILURE 1/0/1/0 "cargo test -p conv: the same failure" -- cargo test --offline -p conv
record $E gr8-cargo-ws-test-p-units-pass PASS 2/2/0/0 "cargo test -p units: passes" -- cargo test --offline -p units
record $E gr8-cargo-ws-test-no-fail-fast TEST_FAILURE 3/2/1/0 "--no-fail-fast: the same failure, both crates run" -- cargo test --offline --workspace --no-fail-fast
w crates/conv/src/lib.rs <<'R'
//! Conversions.

/// Kilometres in the given miles.
pub fn km(miles: f64) -> f64 {
    units::miles(miles) / 1000.0
}

#[cfg(test)]
mod tests {
    #[test]
    fn marathon() {
        let k = super::km(26.2188);
        assert!((k - 42.195).abs() < 0.001, "{k}");
    }
}
R
w crates/units/src/lib.rs <<'R'
//! Units.

/// Metres in a mile.
pub const MILE: f64 = 1609.344;

/// Miles to metres.
///
/// ```
/// assert_eq!(units::miles(2.0), 3218.0);
/// ```
pub fn miles(m: f64) -> f64 {
    m * MILE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_mile() {
        assert_eq!(miles(1.0), MILE);
    }

    #[test]
    fn zero() {
        assert_eq!(miles(0.0), 0.0);
    }
}
R
record $E gr8-cargo-ws-doctest-fail TEST_FAILURE - "a doc test wants 3218.0; 2 miles are 3218.688 m" -- cargo test --offline --workspace --doc
w crates/units/src/lib.rs <<'R'
//! Units.

/// Metres in a mile.
pub const MILE: f64 = 1609.344;

/// Miles to metres.
pub fn miles(m: f64) -> f64 {
    let v = vec![m];
    v.iter().map(|x| x * MILE).collect::<Vec<_>>()[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_mile() {
        assert_eq!(miles(1.0), MILE);
    }

    #[test]
    fn zero() {
        assert_eq!(miles(0.0), 0.0);
    }
}
R
record $E gr8-clippy-ws-useless-vec LINT_ERROR - "clippy -D warnings: a useless vec! (clippy::useless_vec)" -- cargo clippy --offline --workspace --all-targets -- -D warnings
record $E gr8-clippy-ws-warn-only-pass PASS - "clippy without -D warnings: the same lint is a warning, exit 0" -- cargo clippy --offline --workspace
w crates/units/src/lib.rs <<'R'
//! Units.

/// Metres in a mile.
pub const MILE: f64 = 1609.344;

/// Miles to metres.
pub fn miles(m: f64) -> f64 {
    m * MILE
}

/// Parses miles.
pub fn parse(s: &str) -> f64 {
    s.trim().parse().unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_mile() {
        assert_eq!(miles(1.0), MILE);
    }

    #[test]
    fn zero() {
        assert_eq!(miles(0.0), 0.0);
    }
}
R
w Cargo.toml <<'R'
[workspace]
members = ["crates/units", "crates/conv"]
resolver = "2"

[workspace.package]
edition = "2021"
version = "0.1.0"

[workspace.lints.clippy]
unwrap_used = "deny"
R
w crates/units/Cargo.toml <<'R'
[package]
name = "units"
version.workspace = true
edition.workspace = true

[lints]
workspace = true
R
record $E gr8-clippy-ws-lints-table-deny LINT_ERROR - "[workspace.lints.clippy] denies unwrap_used; units inherits it and unwraps" -- cargo clippy --offline --workspace
w crates/units/Cargo.toml <<'R'
[package]
name = "units"
version.workspace = true
edition.workspace = true

[lints]
workspace = "yes"
R
record $E gr8-cargo-ws-lints-workspace-bad-type ENV_ERROR - "[lints] workspace = \"yes\": cargo wants a boolean" -- cargo clippy --offline --workspace
w crates/units/Cargo.toml <<'R'
[package]
name = "units"
version.workspace = true
edition.workspace = true
R
w Cargo.toml <<'R'
[workspace]
members = ["crates/units", "crates/conv"]
resolver = "2"

[workspace.package]
edition = "2021"
version = "0.1.0"
R
w clippy.toml <<'R'
too-many-arguments-threshold = "seven"
R
record $E gr8-clippy-toml-bad-value ENV_ERROR - "clippy.toml gives a number option a string" -- cargo clippy --offline --workspace
w clippy.toml <<'R'
msrv = "1.60"
R
record $E gr8-clippy-toml-msrv-pass PASS - "clippy.toml with an msrv: nothing denied, exit 0" -- cargo clippy --offline --workspace
rm clippy.toml
w crates/units/src/lib.rs <<'R'
//! Units.

/// Metres in a mile.
pub const MILE: f64 = 1609.344;

/// Miles to metres.
pub fn miles(m: f64) -> f64 {
    m*MILE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_mile() { assert_eq!(miles(1.0), MILE); }

    #[test]
    fn zero() {
        assert_eq!(miles(0.0), 0.0);
    }
}
R
record $E gr8-fmt-ws-check-diff LINT_ERROR - "cargo fmt --all --check: units' lib.rs is not formatted" -- cargo fmt --all --check
record $E gr8-fmt-ws-check-p-conv-pass PASS - "cargo fmt -p conv --check: conv is formatted" -- cargo fmt -p conv --check
w rustfmt.toml <<'R'
max_width = "wide"
R
record $E gr8-fmt-rustfmt-toml-bad-value ENV_ERROR - "rustfmt.toml: max_width is a string" -- cargo fmt --all --check
w rustfmt.toml <<'R'
edition = "2021"
imports_granularity = "Crate"
R
record $E gr8-fmt-rustfmt-toml-unstable-option LINT_ERROR - "rustfmt.toml sets an unstable option (ignored on stable, with a warning); the file is still not formatted" -- cargo fmt --all --check
rm rustfmt.toml
w crates/units/src/lib.rs <<'R'
//! Units.

/// Metres in a mile.
pub const MILE: f64 = 1609.344;

/// Miles to metres.
pub fn miles(m: f64) -> f64 {
    m * MILE

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero() {
        assert_eq!(miles(0.0), 0.0);
    }
}
R
record $E gr8-fmt-ws-parse-error CODE_ERROR - "cargo fmt --check: lib.rs does not parse (a brace never closed)" -- cargo fmt --all --check
record $E gr8-clippy-ws-parse-error CODE_ERROR - "cargo clippy: the same unclosed brace" -- cargo clippy --offline --workspace
w crates/units/src/lib.rs <<'R'
//! Units.

/// Metres in a mile.
pub const MILE: f64 = 1609.344;

/// Miles to metres.
pub fn miles(m: f64) -> f64 {
    m * MILE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_mile() {
        assert_eq!(miles(1.0), MILE);
    }

    #[test]
    fn zero() {
        assert_eq!(miles(0.0), 0.0);
    }
}
R
w crates/conv/src/lib.rs <<'R'
//! Conversions.

/// Kilometres in the given miles.
pub fn km(miles: f64) -> f64 {
    units::miles(miles) / 1000
}
R
record $E gr8-cargo-ws-conv-type-error CODE_ERROR - "conv divides an f64 by an integer (E0277)" -- cargo test --offline --workspace
record $E gr8-clippy-ws-conv-type-error CODE_ERROR - "clippy of the same workspace" -- cargo clippy --offline --workspace --all-targets -- -D warnings
w crates/conv/src/lib.rs <<'R'
//! Conversions.

/// Kilometres in the given miles.
pub fn km(miles: f64) -> f64 {
    units::kilometres(miles)
}
R
record $E gr8-cargo-ws-cross-crate-missing CODE_ERROR - "conv calls units::kilometres, which units does not have (E0425)" -- cargo build --offline --workspace
w crates/conv/src/lib.rs <<'R'
//! Conversions.

/// Kilometres in the given miles.
pub fn km(miles: f64) -> f64 {
    units::miles(miles) / 1000.0
}

#[cfg(test)]
mod tests {
    #[test]
    fn slow() {
        std::thread::sleep(std::time::Duration::from_secs(120));
    }
}
R
CASE_LIMIT=15 record $E gr8-cargo-ws-test-hang TIMEOUT - "a test sleeps 120 s: the runner's 15 s deadline kills cargo test" -- cargo test --offline --workspace
w crates/conv/src/lib.rs <<'R'
//! Conversions.

/// Kilometres in the given miles.
pub fn km(miles: f64) -> f64 {
    units::miles(miles) / 1000.0
}

#[cfg(test)]
mod tests {
    #[test]
    #[ignore = "needs the network"]
    fn fetch() {}

    #[test]
    fn marathon() {
        let k = super::km(26.2188);
        assert!((k - 42.195).abs() < 0.001, "{k}");
    }
}
R
record $E gr8-cargo-ws-test-ignored-pass PASS 3/3/0/1 "cargo test --workspace with an ignored test: passes" -- cargo test --offline --workspace
record $E gr8-cargo-ws-exclude-pass PASS 2/2/0/0 "cargo test --workspace --exclude conv: passes" -- cargo test --offline --workspace --exclude conv
record $E gr8-cargo-ws-exclude-unknown PASS - "cargo test --workspace --exclude web (built to fail: no such package): cargo warns and runs the rest" -- cargo test --offline --workspace --exclude web
}

########################################################################
# java: Maven offline against a local repository that has the plugins.
sec_java() {
E=java
TOOL="$(mvn -v 2>/dev/null | head -1 | sed 's/\x1b\[[0-9;]*m//g'), $(java -version 2>&1 | head -1), offline with a copy of Debian's maven-repo"
M2=$WORK/m2-debian
[ -d "$M2" ] || cp -rL /usr/share/maven-repo "$M2" 2>/dev/null
project gr8-mvn
pom() {
	w pom.xml <<X
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>example</groupId>
  <artifactId>money</artifactId>
  <version>1.0</version>
  <properties>
    <maven.compiler.source>17</maven.compiler.source>
    <maven.compiler.target>17</maven.compiler.target>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>${EXTRA_PROPS:-}
  </properties>
  <dependencies>
    <dependency><groupId>junit</groupId><artifactId>junit</artifactId><version>4.13.2</version><scope>test</scope></dependency>${EXTRA_DEPS:-}
  </dependencies>
  <build><plugins>
    <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-resources-plugin</artifactId><version>3.3.0</version></plugin>
    <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>${COMPILER_V:-3.10.1}</version></plugin>
    <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>${SUREFIRE_V:-2.22.3}</version></plugin>
  </plugins></build>
</project>
X
}
pom
w src/main/java/example/Money.java <<'J'
package example;

public final class Money {
    private Money() {}

    public static long cents(String amount) {
        return Math.round(Double.parseDouble(amount) * 100);
    }
}
J
w src/test/java/example/MoneyTest.java <<'J'
package example;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class MoneyTest {
    @Test
    public void wholeEuros() {
        assertEquals(300, Money.cents("3"));
    }

    @Test
    public void cents() {
        assertEquals(110, Money.cents("1.10"));
    }
}
J
MVN=(mvn -B -o -Dmaven.repo.local="$M2")
record $E gr8-mvn-test-pass PASS - "mvn -o test: compiles and two tests pass" -- "${MVN[@]}" test
record $E gr8-mvn-compile-pass PASS - "mvn -o -q compile: compiles" -- "${MVN[@]}" -q compile
w src/test/java/example/MoneyTest.java <<'J'
package example;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class MoneyTest {
    @Test
    public void wholeEuros() {
        assertEquals(300, Money.cents("3"));
    }

    @Test
    public void cents() {
        assertEquals(111, Money.cents("1.10"));
    }
}
J
record $E gr8-mvn-test-fail TEST_FAILURE - "surefire: the cents test wants 111" -- "${MVN[@]}" test
record $E gr8-mvn-test-fail-quiet TEST_FAILURE - "the same, mvn -q" -- "${MVN[@]}" -q test
record $E gr8-mvn-test-single-pass PASS - "mvn -Dtest=MoneyTest#wholeEuros: only the passing test runs" -- "${MVN[@]}" test -Dtest='MoneyTest#wholeEuros'
record $E gr8-mvn-test-pattern-none TEST_FAILURE - "mvn -Dtest=NoSuchTest: no tests were executed, surefire fails" -- "${MVN[@]}" test -Dtest=NoSuchTest
record $E gr8-mvn-skip-tests-pass PASS - "mvn -DskipTests package: the failing test is skipped, the jar is built" -- "${MVN[@]}" -DskipTests package
w src/test/java/example/MoneyTest.java <<'J'
package example;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class MoneyTest {
    @Test
    public void wholeEuros() {
        assertEquals(300, Money.cents("3"));
    }

    @Test
    public void empty() {
        assertEquals(0, Money.cents(""));
    }
}
J
record $E gr8-mvn-test-exception TEST_FAILURE - "a test passes an empty string: NumberFormatException, a test error" -- "${MVN[@]}" test
w src/test/java/example/MoneyTest.java <<'J'
package example;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class MoneyTest {
    @Test
    public void wholeEuros() {
        assertEquals(300, Money.cents("3"));
    }
}
J
w src/main/java/example/Money.java <<'J'
package example;

public final class Money {
    private Money() {}

    public static long cents(String amount) {
        return Math.round(Double.parseDouble(amount) * 100)
    }
}
J
record $E gr8-mvn-compile-syntax CODE_ERROR - "Money.java: a missing semicolon" -- "${MVN[@]}" test
w src/main/java/example/Money.java <<'J'
package example;

public final class Money {
    private Money() {}

    public static long cents(String amount) {
        int c = Math.round(Double.parseDouble(amount) * 100);
        return c;
    }
}
J
record $E gr8-mvn-compile-lossy CODE_ERROR - "a long assigned to an int (incompatible types: possible lossy conversion)" -- "${MVN[@]}" compile
w src/main/java/example/Money.java <<'J'
package example;

public final class Money {
    private Money() {}

    public static long cents(String amount) {
        return Math.round(Double.parseDouble(amount) * 100);
    }
}
J
w src/test/java/example/MoneyTest.java <<'J'
package example;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class MoneyTest {
    @Test
    public void wholeEuros() {
        assertEquals(300, Money.euros("3"));
    }
}
J
record $E gr8-mvn-test-compile-symbol CODE_ERROR - "the test calls Money.euros, which does not exist (testCompile fails)" -- "${MVN[@]}" test
w src/test/java/example/MoneyTest.java <<'J'
package example;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class MoneyTest {
    @Test
    public void wholeEuros() {
        assertEquals(300, Money.cents("3"));
    }
}
J
EXTRA_DEPS='
    <dependency><groupId>com.google.guava</groupId><artifactId>guava</artifactId><version>33.0.0-jre</version></dependency>' pom
record $E gr8-mvn-dependency-offline ENV_ERROR - "guava 33.0.0-jre is not in the local repository, -o" -- "${MVN[@]}" test
SUREFIRE_V=3.2.5 pom
record $E gr8-mvn-plugin-version-offline ENV_ERROR - "maven-surefire-plugin 3.2.5, not in the local repository, -o" -- "${MVN[@]}" test
EXTRA_PROPS='
    <maven.compiler.release>21</maven.compiler.release>' pom
rm -rf target
record $E gr8-mvn-release-newer-jdk ENV_ERROR - "maven.compiler.release 21 on JDK 17 (target/ removed first, so that the sources are compiled)" -- "${MVN[@]}" compile
pom
w pom.xml.tmp < pom.xml
sed 's#</dependencies>#</dependencies\n#; s#<artifactId>money</artifactId>#<artifactId>money</artifactId#' pom.xml.tmp > pom.xml
rm pom.xml.tmp
record $E gr8-mvn-pom-malformed ENV_ERROR - "pom.xml is not well-formed (a tag never closed)" -- "${MVN[@]}" test
pom
record $E gr8-mvn-goal-unknown ENV_ERROR - "mvn tset: an unknown lifecycle phase" -- "${MVN[@]}" tset
record $E gr8-mvn-file-missing ENV_ERROR - "mvn -f api/pom.xml: no such file" -- "${MVN[@]}" -f api/pom.xml test
record $E gr8-mvn-repo-empty ENV_ERROR - "an empty local repository, -o: the plugins cannot be resolved" -- mvn -B -o -Dmaven.repo.local="$WORK/m2-empty" test
sed -i 's#<version>4.13.2</version><scope>test</scope>#<version>4.13.2</version><scope>provided</scope><optional>true</optional>#' pom.xml
sed -i 's#<groupId>junit</groupId><artifactId>junit</artifactId>#<groupId>junit</groupId><artifactId>junitt</artifactId>#' pom.xml
record $E gr8-mvn-test-dep-name-wrong ENV_ERROR - "the test dependency is named junitt: not in the local repository" -- "${MVN[@]}" test

project gr8-mvnmulti
w pom.xml <<'X'
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>example</groupId>
  <artifactId>parent</artifactId>
  <version>1.0</version>
  <packaging>pom</packaging>
  <modules>
    <module>core</module>
    <module>app</module>
  </modules>
  <properties>
    <maven.compiler.source>17</maven.compiler.source>
    <maven.compiler.target>17</maven.compiler.target>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <build><pluginManagement><plugins>
    <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-resources-plugin</artifactId><version>3.3.0</version></plugin>
    <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.10.1</version></plugin>
    <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>2.22.3</version></plugin>
    <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-jar-plugin</artifactId><version>3.3.0</version></plugin>
  </plugins></pluginManagement></build>
</project>
X
w core/pom.xml <<'X'
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <parent><groupId>example</groupId><artifactId>parent</artifactId><version>1.0</version></parent>
  <artifactId>core</artifactId>
</project>
X
w core/src/main/java/example/core/Greeting.java <<'J'
package example.core;

public final class Greeting {
    private Greeting() {}

    public static String hello(String name) {
        return "hello " + name;
    }
}
J
w app/pom.xml <<'X'
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <parent><groupId>example</groupId><artifactId>parent</artifactId><version>1.0</version></parent>
  <artifactId>app</artifactId>
  <dependencies>
    <dependency><groupId>example</groupId><artifactId>core</artifactId><version>1.0</version></dependency>
  </dependencies>
</project>
X
w app/src/main/java/example/app/Main.java <<'J'
package example.app;

import example.core.Greeting;

public final class Main {
    private Main() {}

    public static void main(String[] args) {
        System.out.println(Greeting.hello("ci"));
    }
}
J
MVN=(mvn -B -o -Dmaven.repo.local="$M2")
record $E gr8-mvn-reactor-compile-pass PASS - "mvn -o compile of a two-module reactor: core then app" -- "${MVN[@]}" compile
record $E gr8-mvn-pl-app-core-not-installed ENV_ERROR - "mvn -pl app alone: core 1.0 was never installed, -o cannot resolve it" -- "${MVN[@]}" -pl app compile
record $E gr8-mvn-pl-am-pass PASS - "mvn -pl app -am: builds core with it" -- "${MVN[@]}" -pl app -am compile
record $E gr8-mvn-pl-unknown ENV_ERROR - "mvn -pl web: no such module in the reactor" -- "${MVN[@]}" -pl web compile
w app/src/main/java/example/app/Main.java <<'J'
package example.app;

import example.core.Greeting;

public final class Main {
    private Main() {}

    public static void main(String[] args) {
        System.out.println(Greeting.greet("ci"));
    }
}
J
record $E gr8-mvn-reactor-app-symbol CODE_ERROR - "app calls Greeting.greet, which core does not have" -- "${MVN[@]}" compile
sed -i 's#<module>app</module>#<module>app</module>\n    <module>web</module>#' pom.xml
record $E gr8-mvn-module-dir-missing ENV_ERROR - "the parent lists a module web whose directory does not exist" -- "${MVN[@]}" compile
}

########################################################################
# c: make, cmake, ctest and gcc: a missing header against code errors.
sec_c() {
E=c
TOOL="$(gcc --version | head -1), $(make --version | head -1), $(cmake --version | head -1)"
project gr8-cmake
w CMakeLists.txt <<'C'
cmake_minimum_required(VERSION 3.16)
project(ring C)
enable_testing()
add_library(ring src/ring.c)
target_include_directories(ring PUBLIC include)
add_executable(ring_test tests/ring_test.c)
target_link_libraries(ring_test ring)
add_test(NAME push_pop COMMAND ring_test push_pop)
add_test(NAME wrap COMMAND ring_test wrap)
C
w include/ring.h <<'C'
#ifndef RING_H
#define RING_H
#define RING_CAP 4
struct ring { int buf[RING_CAP]; int head, len; };
void ring_push(struct ring *r, int v);
int ring_pop(struct ring *r);
#endif
C
w src/ring.c <<'C'
#include "ring.h"

void ring_push(struct ring *r, int v)
{
	r->buf[(r->head + r->len) % RING_CAP] = v;
	if (r->len < RING_CAP)
		r->len++;
	else
		r->head = (r->head + 1) % RING_CAP;
}

int ring_pop(struct ring *r)
{
	int v = r->buf[r->head];
	r->head = (r->head + 1) % RING_CAP;
	r->len--;
	return v;
}
C
w tests/ring_test.c <<'C'
#include <stdio.h>
#include <string.h>
#include "ring.h"

static int push_pop(void)
{
	struct ring r = {0};
	ring_push(&r, 7);
	return ring_pop(&r) == 7 ? 0 : 1;
}

static int wrap(void)
{
	struct ring r = {0};
	for (int i = 1; i <= 5; i++)
		ring_push(&r, i);
	int first = ring_pop(&r);
	if (first != 2) {
		fprintf(stderr, "wrap: first is %d, want 2\n", first);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	if (strcmp(argv[1], "push_pop") == 0)
		return push_pop();
	if (strcmp(argv[1], "wrap") == 0)
		return wrap();
	return 2;
}
C
record $E gr8-cmake-configure-pass PASS - "cmake -S . -B build: configures" -- cmake -S . -B build
record $E gr8-cmake-build-pass PASS - "cmake --build build: builds the library and the test" -- cmake --build build
record $E gr8-ctest-pass PASS 2/2/0/0 "ctest --test-dir build: both tests pass" -- ctest --test-dir build
record $E gr8-ctest-output-on-failure-pass PASS 2/2/0/0 "ctest --output-on-failure: both pass" -- ctest --test-dir build --output-on-failure
w src/ring.c <<'C'
#include "ring.h"

void ring_push(struct ring *r, int v)
{
	r->buf[(r->head + r->len) % RING_CAP] = v;
	if (r->len < RING_CAP)
		r->len++;
}

int ring_pop(struct ring *r)
{
	int v = r->buf[r->head];
	r->head = (r->head + 1) % RING_CAP;
	r->len--;
	return v;
}
C
cmake --build build >/dev/null 2>&1
record $E gr8-ctest-fail TEST_FAILURE 2/1/1/0 "push no longer overwrites the oldest: wrap fails" -- ctest --test-dir build --output-on-failure
record $E gr8-cmake-build-and-ctest-fail TEST_FAILURE 2/1/1/0 "cmake --build then ctest in one shell line: wrap fails" -- sh -c 'cmake --build build && ctest --test-dir build'
record $E gr8-ctest-no-test-dir ENV_ERROR - "ctest --test-dir out: no such build directory" -- ctest --test-dir out
record $E gr8-ctest-regex-none TEST_FAILURE 0/0/0/0 "ctest -R overflow: no test matches" -- ctest --test-dir build -R overflow
w src/ring.c <<'C'
#include "ring.h"
#include <zstd.h>

void ring_push(struct ring *r, int v)
{
	r->buf[(r->head + r->len) % RING_CAP] = v;
	if (r->len < RING_CAP)
		r->len++;
	else
		r->head = (r->head + 1) % RING_CAP;
}

int ring_pop(struct ring *r)
{
	int v = r->buf[r->head];
	r->head = (r->head + 1) % RING_CAP;
	r->len--;
	return v;
}
C
record $E gr8-cmake-build-header-missing ENV_ERROR - "ring.c includes zstd.h, not installed" -- cmake --build build
w src/ring.c <<'C'
#include "ring.h"
#include "ring_internal.h"

void ring_push(struct ring *r, int v)
{
	r->buf[(r->head + r->len) % RING_CAP] = v;
	if (r->len < RING_CAP)
		r->len++;
	else
		r->head = (r->head + 1) % RING_CAP;
}

int ring_pop(struct ring *r)
{
	int v = r->buf[r->head];
	r->head = (r->head + 1) % RING_CAP;
	r->len--;
	return v;
}
C
record $E gr8-cmake-build-project-header-missing CODE_ERROR - "ring.c includes \"ring_internal.h\", a header of the project that is not there" -- cmake --build build
w src/ring.c <<'C'
#include "ring.h"

void ring_push(struct ring *r, int v)
{
	r->buf[(r->head + r->len) % RING_CAP] = v
	if (r->len < RING_CAP)
		r->len++;
	else
		r->head = (r->head + 1) % RING_CAP;
}

int ring_pop(struct ring *r)
{
	int v = r->buf[r->head];
	r->head = (r->head + 1) % RING_CAP;
	r->len--;
	return v;
}
C
record $E gr8-cmake-build-syntax CODE_ERROR - "a missing semicolon in ring.c" -- cmake --build build
w src/ring.c <<'C'
#include "ring.h"

void ring_push(struct ring *r, int v)
{
	r->buf[(r->head + r->len) % RING_CAP] = v;
	if (r->len < RING_CAP)
		r->len++;
	else
		r->head = (r->head + 1) % RING_CAP;
}
C
record $E gr8-cmake-build-undefined-ref CODE_ERROR - "ring_pop is no longer defined: the test's link fails (undefined reference)" -- cmake --build build
w src/ring.c <<'C'
#include "ring.h"

void ring_push(struct ring *r, int v)
{
	r->buf[(r->head + r->len) % RING_CAP] = v;
	if (r->len < RING_CAP)
		r->len++;
	else
		r->head = (r->head + 1) % RING_CAP;
}

int ring_pop(struct ring *r)
{
	int v = r->buf[r->head];
	r->head = (r->head + 1) % RING_CAP;
	r->len--;
	return v;
}
C
record $E gr8-cmake-build-fixed-pass PASS - "the fixed ring.c builds" -- cmake --build build
record $E gr8-cmake-build-dir-missing ENV_ERROR - "cmake --build out: never configured" -- cmake --build out
record $E gr8-cmake-build-target-unknown ENV_ERROR - "cmake --build build --target install_docs: no such target" -- cmake --build build --target install_docs
cp CMakeLists.txt CMakeLists.txt.ok
sed -i 's/cmake_minimum_required(VERSION 3.16)/cmake_minimum_required(VERSION 3.30)/' CMakeLists.txt
record $E gr8-cmake-minimum-newer ENV_ERROR - "cmake_minimum_required 3.30 with cmake 3.25" -- cmake -S . -B build2
cp CMakeLists.txt.ok CMakeLists.txt
printf 'find_package(CURL REQUIRED)\ntarget_link_libraries(ring CURL::libcurl)\n' >> CMakeLists.txt
record $E gr8-cmake-find-package-missing ENV_ERROR - "find_package(CURL REQUIRED): libcurl's development files are not installed" -- cmake -S . -B build3
cp CMakeLists.txt.ok CMakeLists.txt
printf 'target_link_libraries(ring_test m notalib)\n' >> CMakeLists.txt
record $E gr8-cmake-link-lib-missing ENV_ERROR - "target_link_libraries names notalib, not installed: the link fails" -- sh -c 'cmake -S . -B build4 >/dev/null && cmake --build build4'
cp CMakeLists.txt.ok CMakeLists.txt
printf 'add_executable(ring_bench bench/bench.c)\n' >> CMakeLists.txt
record $E gr8-cmake-source-missing ENV_ERROR - "add_executable names bench/bench.c, not there" -- cmake -S . -B build5
cp CMakeLists.txt.ok CMakeLists.txt
printf 'if(ON\n' >> CMakeLists.txt
record $E gr8-cmake-syntax ENV_ERROR - "CMakeLists.txt does not parse: an if( never closed" -- cmake -S . -B build6
cp CMakeLists.txt.ok CMakeLists.txt
record $E gr8-cmake-generator-unknown ENV_ERROR - "cmake -G Ninja: ninja is not installed" -- cmake -S . -B build7 -G Ninja
printf 'target_compile_options(ring PRIVATE -Wall -Werror)\n' >> CMakeLists.txt
w src/ring.c <<'C'
#include "ring.h"

void ring_push(struct ring *r, int v)
{
	int spare = v;
	r->buf[(r->head + r->len) % RING_CAP] = v;
	if (r->len < RING_CAP)
		r->len++;
	else
		r->head = (r->head + 1) % RING_CAP;
}

int ring_pop(struct ring *r)
{
	int v = r->buf[r->head];
	r->head = (r->head + 1) % RING_CAP;
	r->len--;
	return v;
}
C
record $E gr8-cmake-werror-unused LINT_ERROR - "-Wall -Werror: an unused variable" -- sh -c 'cmake -S . -B build8 >/dev/null && cmake --build build8'

E=make
TOOL="$(make --version | head -1), $(gcc --version | head -1)"
project gr8-make
w Makefile <<'M'
CC ?= gcc
CFLAGS ?= -O2 -Wall
OBJS = src/main.o src/parse.o

all: bin/kv

bin/kv: $(OBJS)
	mkdir -p bin
	$(CC) $(CFLAGS) -o $@ $(OBJS)

src/%.o: src/%.c src/parse.h
	$(CC) $(CFLAGS) -Isrc -c -o $@ $<

test: bin/kv
	./tests/run.sh

clean:
	rm -rf bin src/*.o

.PHONY: all test clean
M
w src/parse.h <<'C'
#ifndef PARSE_H
#define PARSE_H
int parse_kv(const char *line, char *key, int keylen, int *value);
#endif
C
w src/parse.c <<'C'
#include <stdio.h>
#include <string.h>
#include "parse.h"

int parse_kv(const char *line, char *key, int keylen, int *value)
{
	const char *eq = strchr(line, '=');
	if (!eq || eq - line >= keylen)
		return -1;
	memcpy(key, line, eq - line);
	key[eq - line] = '\0';
	return sscanf(eq + 1, "%d", value) == 1 ? 0 : -1;
}
C
w src/main.c <<'C'
#include <stdio.h>
#include "parse.h"

int main(int argc, char **argv)
{
	char key[32];
	int v;
	if (argc < 2 || parse_kv(argv[1], key, sizeof key, &v) != 0) {
		fprintf(stderr, "usage: kv key=number\n");
		return 2;
	}
	printf("%s %d\n", key, v);
	return 0;
}
C
w tests/run.sh <<'S'
#!/bin/sh
fail=0
check() {
	got=$(./bin/kv "$1" 2>/dev/null)
	if [ "$got" = "$2" ]; then echo "ok - $1"; else echo "not ok - $1: got '$got', want '$2'"; fail=1; fi
}
check "port=8080" "port 8080"
check "n=-3" "n -3"
exit $fail
S
chmod +x tests/run.sh
record $E gr8-make-build-pass PASS - "make: builds bin/kv" -- make
record $E gr8-make-test-pass PASS - "make test: the script's two checks pass" -- make test
w tests/run.sh <<'S'
#!/bin/sh
fail=0
check() {
	got=$(./bin/kv "$1" 2>/dev/null)
	if [ "$got" = "$2" ]; then echo "ok - $1"; else echo "not ok - $1: got '$got', want '$2'"; fail=1; fi
}
check "port=8080" "port 8080"
check "n=-3" "n -3"
check "name=web" "name web"
exit $fail
S
record $E gr8-make-test-fail TEST_FAILURE - "make test: a check wants name=web accepted; kv takes numbers only" -- make test
w tests/run.sh <<'S'
#!/bin/sh
fail=0
check() {
	got=$(./bin/kv "$1" 2>/dev/null)
	if [ "$got" = "$2" ]; then echo "ok - $1"; else echo "not ok - $1: got '$got', want '$2'"; fail=1; fi
}
check "port=8080" "port 8080"
check "n=-3" "n -3"
exit $fail
S
w src/parse.c <<'C'
#include <stdio.h>
#include <string.h>
#include <sodium.h>
#include "parse.h"

int parse_kv(const char *line, char *key, int keylen, int *value)
{
	const char *eq = strchr(line, '=');
	if (!eq || eq - line >= keylen)
		return -1;
	memcpy(key, line, eq - line);
	key[eq - line] = '\0';
	return sscanf(eq + 1, "%d", value) == 1 ? 0 : -1;
}
C
record $E gr8-make-header-missing ENV_ERROR - "parse.c includes sodium.h (libsodium-dev), not installed" -- make
record $E gr8-make-k-header-missing ENV_ERROR - "make -k: the same missing header; main.o still builds" -- make -k
w src/parse.c <<'C'
#include <stdio.h>
#include <string.h>
#include "parse.h"

int parse_kv(const char *line, char *key, int keylen, int *value)
{
	const char *eq = strchr(line, '=');
	if (!eq || eq - line >= keylen)
		return -1;
	memcpy(key, line, eq - line);
	key[eq - line] = '\0';
	return sscanf(eq + 1, "%d", value) == 1 ? 0 : -1
}
C
record $E gr8-make-syntax CODE_ERROR - "parse.c: a missing semicolon" -- make
w src/parse.c <<'C'
#include <stdio.h>
#include <string.h>
#include "parse.h"

int parse_kv(const char *line, char *key, int keylen, int *value)
{
	const char *eq = strchr(line, '=');
	if (!eq || eq - line >= keylen)
		return -1;
	memcpy(key, line, eq - line);
	key[eq - line] = '\0';
	return sscanf(eq + 1, "%d", value, key) == 1 ? 0 : -1;
}
C
record $E gr8-make-werror-format LINT_ERROR - "CFLAGS with -Werror: sscanf given more arguments than its format" -- make CFLAGS='-O2 -Wall -Werror'
record $E gr8-make-warning-pass PASS - "the same warning without -Werror: builds" -- make
w src/parse.c <<'C'
#include <stdio.h>
#include <string.h>
#include "parse.h"

int parse_kv(const char *line, char *key, int keylen, int *value)
{
	const char *eq = strchr(line, '=');
	if (!eq || eq - line >= keylen)
		return -1;
	memcpy(key, line, eq - line);
	key[eq - line] = '\0';
	return sscanf(eq + 1, "%d", value) == 1 ? 0 : -1;
}
C
record $E gr8-make-target-unknown ENV_ERROR - "make lint: no rule for lint" -- make lint
record $E gr8-make-cc-missing ENV_ERROR - "make CC=clang-18: not installed" -- make -B CC=clang-18
record $E gr8-make-C-missing-dir ENV_ERROR - "make -C lib: no such directory" -- make -C lib
sed -i 's/^\t\$(CC) \$(CFLAGS) -Isrc -c -o \$@ \$</        $(CC) $(CFLAGS) -Isrc -c -o $@ $</' Makefile
record $E gr8-make-missing-separator ENV_ERROR - "a recipe indented with spaces: missing separator" -- make -B
sed -i 's/^        \$(CC) \$(CFLAGS) -Isrc -c -o \$@ \$</\t$(CC) $(CFLAGS) -Isrc -c -o $@ $</' Makefile
sed -i 's#^OBJS = src/main.o src/parse.o#OBJS = src/main.o src/parse.o src/fmt.o#' Makefile
record $E gr8-make-no-rule-source ENV_ERROR - "OBJS lists src/fmt.o, whose source does not exist: no rule to make it" -- make -B
sed -i 's#^OBJS = src/main.o src/parse.o src/fmt.o#OBJS = src/main.o src/parse.o#' Makefile
sed -i 's#\$(CC) \$(CFLAGS) -o \$@ \$(OBJS)#$(CC) $(CFLAGS) -o $@ $(OBJS) -lsodium#' Makefile
record $E gr8-make-link-lib-missing ENV_ERROR - "the link asks for -lsodium, not installed" -- make -B
sed -i 's#\$(CC) \$(CFLAGS) -o \$@ \$(OBJS) -lsodium#$(CC) $(CFLAGS) -o $@ $(OBJS)#' Makefile
sed -i 's/return sscanf(eq + 1, "%d", value) == 1 ? 0 : -1;/return parse_int(eq + 1, value);/' src/parse.c
record $E gr8-make-implicit-decl CODE_ERROR - "parse.c calls parse_int, declared and defined nowhere (gcc 12: implicit declaration, then undefined reference)" -- make -B
sed -i 's/return parse_int(eq + 1, value);/return sscanf(eq + 1, "%d", value) == 1 ? 0 : -1;/' src/parse.c
record $E gr8-make-rebuild-pass PASS - "make -B after the fixes: builds" -- make -B
}

for s in ${ONLY:-python go node typescript rust java c}; do "sec_$s"; done
