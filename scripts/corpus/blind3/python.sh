#!/usr/bin/env bash
# Blind hold-out, third round (see blind3/README): Python.
. "$(dirname "$0")/../lib.sh"
export SPLIT=blind3
E=python; TOOL="pytest $(python3 -m pytest --version 2>&1 | cut -d' ' -f2), pytest-timeout, flake8, mypy, $(python3 --version)"

project b3-py-invoice; mkdir -p invoice tests
cat > invoice/__init__.py <<'P'
"""Invoice totals."""


def total(lines, tax=0.0):
    """Sum quantity * price over lines and add tax (a fraction)."""
    sub = sum(q * p for q, p in lines)
    return round(sub * (1 + tax), 2)
P
cat > tests/test_invoice.py <<'P'
import logging

from invoice import total


def test_total():
    assert total([(2, 1.5), (1, 3.0)]) == 6.0


def test_tax():
    assert total([(1, 10.0)], tax=0.2) == 12.0


def test_timeout_error_message():
    logging.getLogger("x").error("ERROR: connection timed out (expected in this test)")
    assert "timed out" in "connection timed out"
P
record $E b3-invoice-pass PASS 3/3/0/0 "three tests pass; one is named ...timeout_error... and logs ERROR: ... timed out" -- python3 -m pytest -p no:cacheprovider -v tests
sed -i 's/(1 + tax)/(1 - tax)/' invoice/__init__.py
record $E b3-invoice-fail TEST_FAILURE 3/2/1/0 "tax is subtracted: test_tax fails" -- python3 -m pytest -p no:cacheprovider tests
sed -i 's/(1 - tax)/(1 + tax)/' invoice/__init__.py
printf 'import time\nimport pytest\n\nfrom invoice import total\n\n\n@pytest.mark.timeout(1)\ndef test_remote_rates():\n    time.sleep(10)\n    assert total([]) == 0\n' > tests/test_rates.py
record $E b3-invoice-timeout-marker TIMEOUT - "a test marked timeout(1) sleeps 10 s" -- python3 -m pytest -p no:cacheprovider tests/test_rates.py
record $E b3-invoice-timeout-flag-q TIMEOUT - "--timeout=1 -q over the whole suite: the sleeping test is stopped" -- python3 -m pytest -p no:cacheprovider -q --timeout=1 tests
record $E b3-invoice-timeout-wrapper-kill TIMEOUT - "timeout -s KILL 3 around pytest -p no:timeout: exit 137" -- timeout -s KILL 3 python3 -m pytest -p no:cacheprovider -p no:timeout tests/test_rates.py
CASE_LIMIT=3 record $E b3-invoice-runner-deadline TIMEOUT - "the runner's 3 s deadline kills pytest -p no:timeout" -- python3 -m pytest -p no:cacheprovider -p no:timeout tests/test_rates.py
rm tests/test_rates.py
printf 'import pandas\n\n\ndef test_frame():\n    assert pandas\n' > tests/test_frame.py
record $E b3-invoice-missing-pandas ENV_ERROR - "a test module imports pandas, which is not installed: collection error" -- python3 -m pytest -p no:cacheprovider tests/test_frame.py
rm tests/test_frame.py
record $E b3-invoice-xdist-missing ENV_ERROR - "-n 2 needs pytest-xdist, which is not installed" -- python3 -m pytest -p no:cacheprovider -n 2 tests
record $E b3-invoice-pip-no-network ENV_ERROR - "pip install -r requirements.txt into a venv; no network" -- sh -c 'printf "httpx==0.27.0\n" > requirements.txt && python3 -m venv .venv && .venv/bin/pip install --retries 0 --timeout 2 -r requirements.txt'
printf 'def total(lines):\n    return sum(q * p for q, p in lines\n' > broken.py
record $E b3-invoice-syntax CODE_ERROR - "a missing parenthesis: py_compile fails" -- python3 -m py_compile broken.py
rm broken.py
printf 'import os, sys\n\n\ndef f(x):\n  return x\n' > style.py
record $E b3-invoice-flake8 LINT_ERROR - "unused imports and a two-space indent" -- flake8 style.py
printf 'def parse(n: str) -> int:\n    return n * 2\n' > typed.py
record $E b3-invoice-mypy TYPE_ERROR - "returns str where int is declared" -- mypy --no-incremental --cache-dir /dev/null typed.py
printf 'import sys\nsys.exit(4)\n' > quiet.py
record $E b3-invoice-silent UNKNOWN - "a script exits 4 with no output" -- python3 quiet.py
