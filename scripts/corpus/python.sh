#!/usr/bin/env bash
# Python: pytest, unittest, doctest, flake8, mypy, python scripts.
. "$(dirname "$0")/lib.sh"
E=python
PY="python3 $(python3 --version | cut -d' ' -f2)"

calc() {
	cat > calc.py <<'P'
def add(a, b):
    return a + b


def div(a, b):
    return a / b
P
	mkdir -p tests
	cat > tests/test_calc.py
}

ok_tests() {
	cat <<'P'
import logging

from calc import add, div


def test_add():
    assert add(1, 2) == 3


def test_div():
    assert div(6, 3) == 2


def test_timeout_handling():
    logging.getLogger(__name__).error("error: simulated, expected in this test")
    assert True
P
}

fail_tests() {
	cat <<'P'
import pytest

from calc import add, div


def test_add():
    assert add(1, 2) == 4


def test_div():
    assert div(6, 3) == 2


@pytest.mark.skip(reason="later")
def test_skip():
    pass


class TestMore:
    def test_div_zero(self):
        assert div(1, 0) == 0
P
}

TOOL="pytest $(python3 -m pytest --version 2>&1 | awk '{print $2}'), $PY"
for v in default q v tbshort tbline rA color; do
	case $v in
	default) f=() ;; q) f=(-q) ;; v) f=(-v) ;; tbshort) f=(--tb=short) ;; tbline) f=(--tb=line) ;; rA) f=(-rA) ;; color) f=(--color=yes) ;;
	esac
	project py-pass-$v; ok_tests | calc
	record $E pytest-pass-$v PASS 3/3/0/0 "three tests pass; one logs 'error:' and is named test_timeout_handling (decoys)" -- python3 -m pytest -p no:cacheprovider "${f[@]}"
	project py-fail-$v; fail_tests | calc
	record $E pytest-fail-$v TEST_FAILURE 3/1/2/1 "test_add asserts a wrong sum; test_div_zero raises ZeroDivisionError" -- python3 -m pytest -p no:cacheprovider "${f[@]}"
done
project py-fail-x; fail_tests | calc
record $E pytest-fail-x TEST_FAILURE 1/0/1/0 "-x stops at the first failure (test_add)" -- python3 -m pytest -p no:cacheprovider -x -q

project py-xfail; calc <<'P'
import pytest

from calc import add


def test_add():
    assert add(1, 2) == 3


@pytest.mark.xfail(reason="known bug")
def test_known_bug():
    assert add(1, 1) == 3
P
record $E pytest-xfail-pass PASS 1/1/0/1 "an expected failure (xfail) does not fail the run" -- python3 -m pytest -p no:cacheprovider -q

project py-collect-syntax; ok_tests | calc
printf 'def broken(:\n    pass\n' > tests/test_broken.py
record $E pytest-collect-syntax CODE_ERROR - "a test file with a syntax error: pytest cannot collect it" -- python3 -m pytest -p no:cacheprovider -q
project py-src-syntax; ok_tests | calc
printf 'def add(a, b)\n    return a + b\n' > calc.py
record $E pytest-src-syntax CODE_ERROR - "calc.py has a syntax error: collection fails importing it" -- python3 -m pytest -p no:cacheprovider
project py-import-name; calc <<'P'
from calc import add, mul


def test_mul():
    assert mul(2, 3) == 6
P
record $E pytest-import-name CODE_ERROR - "the test imports mul, which calc.py does not define" -- python3 -m pytest -p no:cacheprovider -q
project py-missing-module; calc <<'P'
import requests_mock_not_installed

from calc import add


def test_add():
    assert add(1, 2) == 3
P
record $E pytest-missing-module ENV_ERROR - "a test dependency that is not installed (ModuleNotFoundError at collection)" -- python3 -m pytest -p no:cacheprovider -q
project py-missing-module-intest; calc <<'P'
from calc import add


def test_add():
    assert add(1, 2) == 3


def test_db():
    import psycopg_not_installed
    assert psycopg_not_installed
P
record $E pytest-missing-module-in-test ENV_ERROR 2/1/1/0 "a test imports a driver that is not installed" -- python3 -m pytest -p no:cacheprovider -q
project py-nopath; ok_tests | calc
record $E pytest-no-path ENV_ERROR - "the test path named does not exist" -- python3 -m pytest -p no:cacheprovider tests/unit
record $E pytest-bad-option ENV_ERROR - "--reruns needs pytest-rerunfailures, which is not installed" -- python3 -m pytest -p no:cacheprovider --reruns 2
record $E pytest-not-installed ENV_ERROR - "a python without pytest: No module named pytest" -- python3 -I -S -m pytest
project py-empty; calc < /dev/null
rm tests/test_calc.py
record $E pytest-no-tests TEST_FAILURE 0/0/0/0 "no tests collected: pytest exits 5" -- python3 -m pytest -p no:cacheprovider -q
project py-all-skipped; calc <<'P'
import pytest


@pytest.mark.skip(reason="later")
def test_a():
    pass


@pytest.mark.skip(reason="later")
def test_b():
    pass
P
record $E pytest-all-skipped TEST_FAILURE 0/0/0/2 "every test is skipped: exit 0 having run nothing" -- python3 -m pytest -p no:cacheprovider -q
project py-deselect; ok_tests | calc
record $E pytest-k-nothing TEST_FAILURE 0/0/0/0 "-k matches no test: exit 5, nothing ran" -- python3 -m pytest -p no:cacheprovider -q -k nothing_matches

project py-timeout; calc <<'P'
import time


def test_quick():
    assert True


def test_slow():
    time.sleep(10)
P
record $E pytest-timeout-plugin TIMEOUT 2/1/1/0 "pytest-timeout fails test_slow after 1 s" -- python3 -m pytest -p no:cacheprovider -q --timeout=1
record $E pytest-timeout-plugin-thread TIMEOUT - "pytest-timeout with the thread method dumps stacks and exits" -- python3 -m pytest -p no:cacheprovider -q --timeout=1 --timeout-method=thread
record $E pytest-timeout-wrapper TIMEOUT - "timeout(1) stops pytest after 2 s: exit 124" -- timeout 2 python3 -m pytest -p no:cacheprovider -q
CASE_LIMIT=2 record $E pytest-timeout-runner TIMEOUT - "the runner's 2 s deadline kills pytest" -- python3 -m pytest -p no:cacheprovider -q

project py-junit; fail_tests | calc
record $E pytest-junit-stdout TEST_FAILURE 3/1/2/1 "--junitxml written to stdout's neighbour; the text summary is read" -- python3 -m pytest -p no:cacheprovider -q --junitxml=report.xml

# unittest
TOOL="unittest, $PY"
project py-ut; cat > test_calc.py <<'P'
import unittest


class T(unittest.TestCase):
    def test_add(self):
        self.assertEqual(1 + 1, 2)

    def test_div(self):
        self.assertEqual(6 / 3, 2)
P
record $E unittest-pass PASS 2/2/0/0 "two tests pass" -- python3 -m unittest
record $E unittest-pass-v PASS 2/2/0/0 "two tests pass (-v)" -- python3 -m unittest -v
cat > test_calc.py <<'P'
import unittest


class T(unittest.TestCase):
    def test_add(self):
        self.assertEqual(1 + 1, 3)

    def test_div(self):
        self.assertEqual(1 / 0, 0)

    def test_ok(self):
        self.assertTrue(True)

    @unittest.skip("later")
    def test_skip(self):
        pass
P
record $E unittest-fail TEST_FAILURE 3/1/2/1 "test_add fails; test_div raises ZeroDivisionError (an error)" -- python3 -m unittest
record $E unittest-fail-v TEST_FAILURE 3/1/2/1 "the same failures (-v)" -- python3 -m unittest -v
record $E unittest-discover TEST_FAILURE 3/1/2/1 "the same failures via discover" -- python3 -m unittest discover -s . -p "test_*.py"
project py-ut-empty; printf 'x = 1\n' > calc.py
record $E unittest-no-tests TEST_FAILURE 0/0/0/0 "no test found: Ran 0 tests" -- python3 -m unittest
project py-ut-missing; printf 'import unittest\nimport yaml_not_installed\n\n\nclass T(unittest.TestCase):\n    def test_a(self):\n        pass\n' > test_x.py
record $E unittest-missing-module ENV_ERROR - "the test module imports a package that is not installed" -- python3 -m unittest test_x
project py-ut-syntax; printf 'import unittest\n\nclass T(unittest.TestCase)\n    def test_a(self):\n        pass\n' > test_x.py
record $E unittest-syntax CODE_ERROR - "the test module has a syntax error" -- python3 -m unittest test_x

# doctest and scripts
TOOL="$PY"
project py-doctest; cat > mod.py <<'P'
def add(a, b):
    """
    >>> add(1, 2)
    4
    """
    return a + b
P
record $E doctest-fail TEST_FAILURE - "a doctest expects 4 from add(1, 2)" -- python3 -m doctest mod.py
project py-script
printf 'import json\n\ndata = json.loads("{}")\nprint(data["missing"])\n' > run.py
record $E script-keyerror CODE_ERROR - "the script raises KeyError" -- python3 run.py
printf 'print("hello"\n' > run.py
record $E script-syntax CODE_ERROR - "the script has a syntax error" -- python3 run.py
record $E py-compile CODE_ERROR - "py_compile reports the syntax error" -- python3 -m py_compile run.py
record $E script-missing ENV_ERROR - "the script path does not exist" -- python3 scripts/check.py
printf 'import yaml_not_installed\n' > run.py
record $E script-missing-module ENV_ERROR - "the script imports a package that is not installed" -- python3 run.py
printf 'import sys\nprint("3 records differ")\nsys.exit(2)\n' > run.py
record $E script-exit-silent UNKNOWN - "the script exits 2 saying only what it counted" -- python3 run.py
printf 'print("no errors found; 0 failed")\n' > run.py
record $E script-pass PASS - "a script that succeeds printing 'errors' and 'failed'" -- python3 run.py

# flake8 and mypy
TOOL="flake8 $(flake8 --version | head -1 | cut -d' ' -f1)"
project py-flake8
printf 'import os\n\n\ndef add(a,b):\n    return a+b\n' > calc.py
record $E flake8-errors LINT_ERROR - "unused import and missing whitespace" -- flake8 calc.py
record $E flake8-select LINT_ERROR - "only F401 selected: the unused import" -- flake8 --select=F401 calc.py
printf 'def add(a, b):\n    return a + b\n' > ok.py
record $E flake8-clean PASS - "a clean file" -- flake8 ok.py
record $E flake8-missing-file ENV_ERROR - "the file named does not exist" -- flake8 nothere.py
printf 'def add(a, b)\n    return a + b\n' > bad.py
record $E flake8-syntax CODE_ERROR - "flake8 reports E999 SyntaxError: the file does not parse" -- flake8 bad.py
printf 'x = 1  # noqa\ny = "error: in a string"\n' > decoy.py
record $E flake8-decoy PASS - "a clean file whose string says error" -- flake8 decoy.py
TOOL="mypy $(mypy --version | cut -d' ' -f2)"
project py-mypy
printf 'def add(a: int, b: int) -> int:\n    return a + b\n\n\nx: str = add(1, 2)\n' > calc.py
record $E mypy-assign TYPE_ERROR - "an int assigned to a str variable" -- mypy --no-incremental calc.py
printf 'def add(a: int, b: int) -> int:\n    return str(a + b)\n' > calc2.py
record $E mypy-return TYPE_ERROR - "a str returned where int is declared" -- mypy --no-incremental calc2.py
record $E mypy-strict TYPE_ERROR - "the same with --strict" -- mypy --no-incremental --strict calc2.py
printf 'def add(a: int, b: int) -> int:\n    return a + b\n' > ok.py
record $E mypy-clean PASS - "a well-typed file" -- mypy --no-incremental ok.py
printf 'import requests_not_installed\n' > imp.py
record $E mypy-missing-stub ENV_ERROR - "an import mypy cannot find (package not installed)" -- mypy --no-incremental imp.py
record $E mypy-missing-file ENV_ERROR - "the file named does not exist" -- mypy --no-incremental nothere.py
record $E mypy-missing-config ENV_ERROR - "the config file named does not exist" -- mypy --no-incremental --config-file mypy-nothere.ini ok.py
printf 'def add(a: int, b: int) -> int\n    return a + b\n' > syn.py
record $E mypy-syntax CODE_ERROR - "mypy reports a syntax error: the file does not parse" -- mypy --no-incremental syn.py
