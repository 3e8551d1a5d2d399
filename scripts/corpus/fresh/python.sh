#!/usr/bin/env bash
# Fresh hold-out (see fresh/README): Python (pytest, unittest, doctest,
# flake8, mypy, scripts).
. "$(dirname "$0")/../lib.sh"
export SPLIT=fresh
E=python; TOOL="$(python3 --version), pytest $(python3 -m pytest --version 2>&1 | awk '{print $2}'), flake8, mypy"

project f-py-inv; mkdir -p inventory tests
cat > inventory/__init__.py <<'P'
def restock(levels, item, qty):
    if qty < 0:
        raise ValueError("qty must be positive")
    levels = dict(levels)
    levels[item] = levels.get(item, 0) + qty
    return levels


def low(levels, threshold):
    return sorted(k for k, v in levels.items() if v < threshold)
P
cat > tests/test_inventory.py <<'P'
import pytest
from inventory import restock, low


@pytest.mark.parametrize("qty,want", [(1, 1), (5, 5), (0, 0)])
def test_restock_new(qty, want):
    assert restock({}, "bolt", qty)["bolt"] == want


def test_negative_raises_error():
    with pytest.raises(ValueError):
        restock({}, "bolt", -1)


def test_low():
    print("error: simulated log line, not a failure")
    assert low({"a": 1, "b": 9}, 5) == ["a"]


@pytest.mark.skip(reason="needs the warehouse API")
def test_sync():
    pass
P
record $E f-pytest-pass PASS 5/5/0/1 "five tests pass (one prints error:, one is named ..._raises_error); one skipped" -- python3 -m pytest -p no:cacheprovider tests
record $E f-pytest-pass-v PASS 5/5/0/1 "the same, -v" -- python3 -m pytest -p no:cacheprovider -v tests
sed -i 's/levels.get(item, 0) + qty/levels.get(item, 1) + qty/' inventory/__init__.py
record $E f-pytest-fail-param TEST_FAILURE 5/2/3/1 "restock starts a new item at 1: the three parametrized cases fail" -- python3 -m pytest -p no:cacheprovider tests
record $E f-pytest-fail-rs TEST_FAILURE 5/2/3/1 "the same with -rA -q" -- python3 -m pytest -p no:cacheprovider -q -rA tests
record $E f-pytest-k-none TEST_FAILURE 0/0/0/0 "-k selects nothing: pytest exits 5" -- python3 -m pytest -p no:cacheprovider -k checkout tests

project f-py-unit; mkdir -p tests
cat > slug.py <<'P'
def slugify(s):
    return "-".join(s.lower().split())
P
cat > tests/test_slug.py <<'P'
import unittest
from slug import slugify


class SlugTest(unittest.TestCase):
    def test_spaces(self):
        self.assertEqual(slugify("Hello World"), "hello-world")

    def test_punctuation(self):
        self.assertEqual(slugify("Hi, there!"), "hi-there")

    def test_timeout_name_decoy(self):
        self.assertTrue(slugify("a"))


if __name__ == "__main__":
    unittest.main()
P
record $E f-unittest-fail-v TEST_FAILURE 3/2/1/0 "punctuation is kept: one assertEqual fails" -- python3 -m unittest -v tests.test_slug
printf 'def area(w, h):\n    """\n    >>> area(2, 3)\n    6\n    >>> area(0, 5)\n    5\n    """\n    return w * h\n' > geo.py
record $E f-doctest-fail TEST_FAILURE - "one doctest example expects 5 for 0*5" -- python3 -m doctest geo.py

project f-py-scripts
printf 'rows = [3, 0]\nfor r in rows:\n    print(12 / r)\n' > ratio.py
record $E f-script-zerodiv CODE_ERROR - "the script divides by zero" -- python3 ratio.py
printf 'def f(x):\n    return x +\n' > broken.py
record $E f-compileall-syntax CODE_ERROR - "compileall on a file with a syntax error" -- python3 -m compileall -q broken.py
printf 'import requests_oauth_not_here\n' > client.py
record $E f-script-missing-module ENV_ERROR - "the script imports a package that is not installed" -- python3 client.py
printf 'import sys\nprint("3 records failed validation")\nsys.exit(3)\n' > validate.py
record $E f-script-exit-3 UNKNOWN - "the script exits 3 saying only what it counted" -- python3 validate.py
printf 'import time\nwhile True:\n    time.sleep(0.1)\n' > poll.py
CASE_LIMIT=3 record $E f-runner-kills-poll TIMEOUT - "a polling loop: the runner's 3 s deadline kills it" -- python3 poll.py

project f-py-lint
printf 'import os\nimport sys\n\n\ndef main():\n    value=1\n    return value\n' > tool.py
record $E f-flake8 LINT_ERROR - "unused imports and a missing space around =" -- flake8 tool.py
printf 'def ok():\n    return 1\n' > clean.py
record $E f-flake8-clean PASS - "flake8 on a clean file" -- flake8 clean.py
cat > typed.py <<'P'
from typing import Optional


def find(names: list[str], key: str) -> Optional[int]:
    return names.index(key) if key in names else None


def width(names: list[str]) -> int:
    pos = find(names, "x")
    return pos + 1
P
record $E f-mypy-optional TYPE_ERROR - "an Optional[int] used in arithmetic" -- mypy --no-incremental typed.py
printf 'def greet(name: str) -> str:\n    return "hi " + name\n\n\ngreet(42)\n' > call.py
record $E f-mypy-arg TYPE_ERROR - "an int passed where str is declared" -- mypy --no-incremental call.py

project f-py-env; mkdir -p tests
printf 'import yaml_config_loader_not_here\n\n\ndef test_load():\n    assert yaml_config_loader_not_here\n' > tests/test_cfg.py
record $E f-pytest-collect-missing-module ENV_ERROR - "collection fails: the test imports a package that is not installed" -- python3 -m pytest -p no:cacheprovider tests
record $E f-pytest-missing-dir ENV_ERROR - "the test path named does not exist" -- python3 -m pytest -p no:cacheprovider tests/integration

project f-py-slow; mkdir -p tests
printf 'import time\nimport pytest\n\n\ndef test_fast():\n    assert True\n\n\n@pytest.mark.timeout(1)\ndef test_report_generation():\n    time.sleep(4)\n' > tests/test_slow.py
record $E f-pytest-timeout-marker TIMEOUT 2/1/1/0 "@pytest.mark.timeout(1) fires on a test that sleeps 4 s" -- python3 -m pytest -p no:cacheprovider tests
