#!/usr/bin/env bash
# The thirteenth growth of the corpus (issue 30, "Failure types"): the
# tools and modes whose real outputs upstream14 (a blind recording on
# public projects' trees, scripts/corpus/upstream) showed the classifier
# did not know — vulture, pydocstyle, autopep8 --diff, pytest's listing
# modes (--fixtures, --markers, --collect-only), a CI step that changes
# directory first (sh -c 'cd src && TOOL'), and git without the git-lfs
# plugin — recorded on a small inventory package of our own.
#
# Not blind: written after upstream14's misses were read and the rules
# mended (4a12ba0), as counter-examples of those rules, so every case is
# fixed to the tune split (SPLIT=tune); none is a held-out measurement.
# The labels are what each scenario was built to do, written before the
# run.
#
# Tools, all real (Debian bookworm): vulture 2.7, pydocstyle 6.2.3,
# autopep8 2.0.1 (pycodestyle 2.10.0), python3-pytest 7.2.1, git 2.39.5
# (without git-lfs):
#   apt-get install -y vulture pydocstyle python3-autopep8 python3-pytest git
# Run with WORK=/tmp/autoverify-corpus-g13 (the paths the outputs show).
export WORK=${WORK:-/tmp/autoverify-corpus-g13}
export SPLIT=tune
. "$(dirname "$0")/lib.sh"

for t in vulture pydocstyle autopep8 pytest-3 git; do need "$t"; done

# inventory: a package with one dead function, a module without
# docstrings, and a slice written the way black writes it (autopep8's
# E203 "whitespace before ':'" rewrites it).
inventory() {
	mkdir -p src/inventory tests
	cat >src/inventory/__init__.py <<'EOF'
"""Stock levels of a small shop."""
EOF
	cat >src/inventory/stock.py <<'EOF'
"""Stock arithmetic."""


def restock(levels, item, count):
    """Return levels with count more of item."""
    out = dict(levels)
    out[item] = out.get(item, 0) + count
    return out


def page(items, start, size):
    """Return one page of items."""
    return items[start : start + size]
EOF
	cat >src/inventory/legacy.py <<'EOF'
def old_total(levels):
    return sum(levels.values())


def unused_rounding(value):
    return round(value, 2)
EOF
	cat >tests/conftest.py <<'EOF'
import pytest


@pytest.fixture
def shelf():
    """A shelf with two items."""
    return {"tea": 3, "jam": 1}
EOF
	cat >tests/test_stock.py <<'EOF'
from inventory.stock import page, restock


def test_restock(shelf):
    assert restock(shelf, "tea", 2)["tea"] == 5


def test_page():
    assert page([1, 2, 3, 4], 1, 2) == [2, 3]
EOF
	printf '[pytest]\npythonpath = src\n' >pytest.ini
}

TOOL="vulture 2.7"
project gr13t-vulture
inventory
record python gr13t-vulture-dead-code LINT_ERROR - "vulture: four functions never called within src/ (60% confidence; the tests that call two of them are not scanned)" -- vulture src/inventory
record python gr13t-vulture-confident-pass PASS - "vulture --min-confidence 100: nothing is certainly dead (unused functions are 60%)" -- vulture --min-confidence 100 src/inventory
record python gr13t-vulture-after-cd LINT_ERROR - "a CI step's cd into src before vulture: the same findings, paths relative to src" -- sh -c 'cd src && vulture inventory'
record python gr13t-vulture-path-missing ENV_ERROR - "vulture given a directory the checkout does not have (lib/ instead of src/)" -- vulture lib/inventory

TOOL="pydocstyle 6.2.3"
project gr13t-pydocstyle
inventory
record python gr13t-pydocstyle-missing-docstrings LINT_ERROR - "pydocstyle: legacy.py has no module or function docstrings (D100, D103)" -- pydocstyle src/inventory
record python gr13t-pydocstyle-documented-pass PASS - "pydocstyle on the documented module only" -- pydocstyle src/inventory/stock.py

TOOL="autopep8 2.0.1 (pycodestyle 2.10.0)"
project gr13t-autopep8
inventory
record python gr13t-autopep8-diff LINT_ERROR - "autopep8 --diff --exit-code: the slice's space before ':' (E203) would be rewritten" -- autopep8 --diff --exit-code -r src/inventory
record python gr13t-autopep8-clean-pass PASS - "autopep8 --diff --exit-code on the module it leaves alone" -- autopep8 --diff --exit-code src/inventory/legacy.py

TOOL="pytest 7.2.1"
project gr13t-pytest-list
inventory
record python gr13t-pytest-fixtures-pass PASS - "pytest --fixtures lists the fixtures (conftest's shelf among them) and ends 'no tests ran': listing was what it was asked" -- pytest-3 --fixtures tests
record python gr13t-pytest-markers-pass PASS - "pytest --markers lists the markers and runs nothing" -- pytest-3 --markers
record python gr13t-pytest-collect-only-pass PASS - "pytest --collect-only lists the two tests and runs nothing" -- pytest-3 --collect-only tests
record python gr13t-pytest-filter-none TEST_FAILURE - "pytest -k matching no test: deselects both, runs nothing (exit 5)" -- pytest-3 -k nosuchtest tests

TOOL="git 2.39.5, pytest 7.2.1"
project gr13t-git-lfs
inventory
git init -q . && git add -A && git -c user.name=ci -c user.email=ci@example.com commit -qm init
record shell gr13t-git-lfs-missing ENV_ERROR - "git lfs pull before the tests: git-lfs is not installed on this machine" -- sh -c 'git lfs pull && pytest-3 -q tests'
