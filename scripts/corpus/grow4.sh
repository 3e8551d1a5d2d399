#!/usr/bin/env bash
# The fourth growth of the corpus (issue 30, "Failure types"): tools real
# repositories use that the corpus lacked, in real layouts — pylint, mypy
# with project configs and plugins, pytest-3 with top-level test files and
# monorepo roots, jest under npm 10 / npx (workspaces, --prefix), ESLint,
# golangci-lint v2, go test across modules and go.work workspaces, cargo
# clippy on workspaces, and checks run from a subdirectory (go -C, npm
# --prefix, make -C, cargo --manifest-path, tsc -p).
#
# One case in three, by a hash of its name fixed before any
# classification (lib.sh's split with HELDOUT), goes to the held-out part
# "grow4-heldout"; the rest to "tune". The held-out part is never tuned on.
#
# Tools, all real (nothing here is hand-written output):
#   apt-get install -y pylint mypy flake8 pyflakes3 python3-pytest \
#     python3-pytest-timeout node-typescript eslint
#   Debian's jest 29 (package jest) depends on node-types-node, which only
#   Debian's nodejs provides; with NodeSource's nodejs 20 (bundling npm 10)
#   it installs after a stub package provides that name:
#     apt-get install -y equivs && printf 'Section: misc\nPriority: optional
#     Standards-Version: 3.9.2\nPackage: node-types-node-stub\nVersion: 1.0
#     Provides: node-types-node\nDescription: stub\n' > ctl &&
#     equivs-build ctl && dpkg -i node-types-node-stub_1.0_all.deb &&
#     apt-get install -y jest
#   Debian's jest and ESLint read their modules from
#   /usr/share/nodejs, which NodeSource's node does not search, and jest
#   reads a Debian-only process.config field: each project gets
#   node_modules/.bin/{jest,eslint} scripts that start them with NODE_PATH
#   and that field set (node_bin below) — the place npx and npm scripts
#   look, as in a real project.
#   golangci-lint v2 from the Go module proxy:
#     go install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.15.0
#   cargo clippy and rustfmt from rustup.
# Not to be had here (no npm or PyPI registry, not in Debian bookworm):
# ESLint 9 and its flat config (Debian has ESLint 6.4: a project with only
# eslint.config.js is recorded as what ESLint 6 says of it), vitest,
# pyright, ruff.
. "$(dirname "$0")/lib.sh"
export HELDOUT=grow4-heldout
export PATH="$PATH:$HOME/go/bin"

for t in pylint mypy flake8 pyflakes3 pytest-3 tsc golangci-lint cargo node npm npx; do need "$t"; done
[ -d /usr/share/nodejs/jest ] || { echo "grow4: Debian's jest is not installed (see the header)" >&2; exit 1; }
[ -d /usr/share/nodejs/eslint ] || { echo "grow4: Debian's eslint is not installed" >&2; exit 1; }

# node_bin (lib.sh) wraps these tools for each project.
export NODE_BINS="jest eslint"

########################################################################
# Python: pylint, mypy, pytest-3, flake8 and pycodestyle in real layouts.
E=python
TOOL="pylint $(pylint --version | head -1 | cut -d' ' -f2), $(python3 --version)"
project gr4-pylint
mkdir -p src/shop
cat > src/shop/__init__.py <<'P'
"""Shop."""
P
cat > src/shop/cart.py <<'P'
"""A shopping cart."""


class Cart:
    """Items and their prices."""

    def __init__(self):
        self.items = {}

    def add(self, name: str, price: float) -> None:
        """Add an item."""
        self.items[name] = price

    def total(self) -> float:
        """The sum of the prices."""
        return sum(self.items.values())
P
record $E gr4-pylint-clean PASS - "pylint on a package with docstrings and nothing to report: 10.00/10" -- pylint src/shop
cat > src/shop/orders.py <<'P'
"""Orders."""
import os
import json


def place(cart, user):
    """Place an order."""
    total = cart.total()
    discount = 0
    if user == None:
        return None
    return {"user": user, "total": total}
P
record $E gr4-pylint-findings LINT_ERROR - "unused imports, an unused variable and a comparison to None" -- pylint src/shop
rm src/shop/orders.py
cat > src/shop/pay.py <<'P'
"""Payments."""
import stripe_sdk


def charge(amount: int) -> str:
    """Charge an amount."""
    return stripe_sdk.charge(amount)
P
record $E gr4-pylint-import-error ENV_ERROR - "the only finding: E0401, an imported package (stripe_sdk) is not installed" -- pylint src/shop
cat > src/shop/pay.py <<'P'
"""Payments."""


def charge(amount: int) -> str:
    """Charge an amount."""
    return f"charged {amount"
P
record $E gr4-pylint-syntax CODE_ERROR - "E0001: an f-string that does not parse" -- pylint src/shop
rm src/shop/pay.py
record $E gr4-pylint-rcfile-missing ENV_ERROR - "the rcfile named on the command line does not exist" -- pylint --rcfile=.pylintrc src/shop
record $E gr4-pylint-module-missing ENV_ERROR - "pylint of a module name that is not there (the package is under src/)" -- pylint shop
record $E gr4-pylint-plugin-missing PASS - "--load-plugins names pylint_django, which is not installed: pylint 2.16 reports it (E0013 bad-plugin-value) and exits 0" -- pylint --load-plugins=pylint_django src/shop
record $E gr4-pylint-unknown-disable PASS - "--disable names a message that does not exist: a W0012 warning, exit 0 (the code itself is clean)" -- pylint --disable=no-such-check src/shop
cat > src/shop/views.py <<'P'
"""Views."""
from shop.cart import Cart


def show() -> str:
    """Render a new cart."""
    return ", ".join(Cart().itemz)
P
record $E gr4-pylint-errors-only LINT_ERROR - "pylint -E: a misspelt attribute (E1101 no-member)" -- pylint -E src/shop
cat > src/shop/views.py <<'P'
"""Views."""
def show(cart):
    x = cart
    return x
P
record $E gr4-pylint-fail-under LINT_ERROR - "--fail-under=10: a missing blank line and a docstring make the score 8.x" -- pylint --fail-under=10 src/shop
rm src/shop/views.py
printf '[MAIN]\ndisable=missing-module-docstring\n\n[FORMAT]\nmax-line-length=100\n' > .pylintrc
mkdir -p packages/billing/billing
printf '"""Billing."""\n' > packages/billing/billing/__init__.py
printf '"""Invoices."""\n\n\ndef invoice(total: int) -> str:\n    """Format an invoice."""\n    return f"total: {total}"\n' > packages/billing/billing/invoice.py
record $E gr4-pylint-monorepo-pass PASS - "pylint of one package of a monorepo, with the root's .pylintrc" -- pylint packages/billing/billing
printf 'def f(a, b, c, d, e, f2, g):\n    """Too many."""\n    return a + b + c + d + e + f2 + g\n' > packages/billing/billing/args.py
record $E gr4-pylint-monorepo-findings LINT_ERROR - "pylint of a monorepo package: too many arguments (R0913)" -- pylint packages/billing/billing

TOOL="$(mypy --version | cut -d' ' -f1-2), $(python3 --version)"
project gr4-mypy
mkdir -p app
printf '' > app/__init__.py
cat > app/prices.py <<'P'
def net(gross, rate):
    return gross / (1 + rate)


def label(amount: float) -> str:
    return "%.2f" % amount
P
printf '[tool.mypy]\nstrict = true\n' > pyproject.toml
record $E gr4-mypy-pyproject-strict TYPE_ERROR - "strict from pyproject.toml: a function without annotations" -- mypy --no-incremental app
cat > app/prices.py <<'P'
def net(gross: float, rate: float) -> float:
    return gross / (1 + rate)
P
record $E gr4-mypy-package-pass PASS - "mypy -p of a package that type-checks under strict" -- mypy --no-incremental -p app
record $E gr4-mypy-package-missing ENV_ERROR - "mypy -p of a package that does not exist" -- mypy --no-incremental -p billing
printf '[mypy]\nplugins = pydantic.mypy\n' > mypy.ini
record $E gr4-mypy-plugin-missing ENV_ERROR - "mypy.ini loads the pydantic plugin, which is not installed" -- mypy --no-incremental app
rm mypy.ini
printf 'import astroid\n\n\ndef parse(src: str) -> str:\n    return str(astroid.parse(src))\n' > app/conf.py
record $E gr4-mypy-stubs-missing ENV_ERROR - "astroid is installed without stubs or a py.typed marker: mypy cannot analyse the import (missing library stubs)" -- mypy --no-incremental app
rm app/conf.py
printf 'def net(gross: float, rate: float) -> float:\n    return gross / (1 + rate)  # type: ignore\n' > app/prices.py
record $E gr4-mypy-unused-ignore TYPE_ERROR - "strict: an unused type: ignore comment" -- mypy --no-incremental app
printf 'def net(gross: float, rate: float) -> float:\n    return gross / (1 + rate)\n' > app/prices.py
printf '[mypy]\nstrict_optionals = True\n' > mypy.ini
record $E gr4-mypy-config-unknown-option-pass PASS - "mypy.ini has an option mypy does not know (a warning); the code type-checks" -- mypy --no-incremental app
rm mypy.ini
record $E gr4-mypy-python2 ENV_ERROR - "--python-version 2.7: an option value mypy refuses" -- mypy --no-incremental --python-version 2.7 app
mkdir -p packages/billing/src/billing
printf '' > packages/billing/src/billing/__init__.py
printf 'from typing import Optional\n\n\ndef due(days: Optional[int]) -> int:\n    return days + 30\n\n\ndef name(n: int) -> str:\n    return n\n' > packages/billing/src/billing/due.py
record $E gr4-mypy-monorepo-subdir TYPE_ERROR - "mypy of one package's src in a monorepo: Optional used as int, int returned as str" -- mypy --no-incremental packages/billing/src

TOOL="pytest $(pytest-3 --version 2>&1 | cut -d' ' -f2), $(python3 --version)"
project gr4-pytest
printf 'def slug(s):\n    return s.strip().lower().replace(" ", "-")\n' > slug.py
printf 'from slug import slug\n\n\ndef test_space():\n    assert slug("a b") == "a-b"\n\n\ndef test_strip():\n    assert slug(" A ") == "a"\n' > test_slug.py
record $E gr4-pytest3-toplevel-pass PASS 2/2/0/0 "a top-level test file next to its module: both tests pass" -- pytest-3 -q
printf 'from slug import slug\n\n\ndef test_space():\n    assert slug("a b") == "a-b"\n\n\ndef test_dash():\n    assert slug("a_b") == "a-b"\n' > test_slug.py
record $E gr4-pytest3-toplevel-fail TEST_FAILURE 2/1/1/0 "a top-level test file: underscores are not turned into dashes" -- pytest-3 -q
printf 'import pytest\n\n\n@pytest.mark.xfail(strict=True, reason="bug 12")\ndef test_known_bug():\n    assert 1 + 1 == 2\n' > test_xfail.py
record $E gr4-pytest3-xpass-strict TEST_FAILURE 3/1/2/0 "a strict xfail test passes: pytest fails it ([XPASS(strict)]); test_dash still fails" -- pytest-3 -q
rm test_xfail.py
record $E gr4-pytest3-deselected-all TEST_FAILURE 0/0/0/0 "-k matches no test: 2 deselected, none ran (exit 5)" -- pytest-3 -q -k payments
printf 'def test_patch(mocker):\n    m = mocker.patch("slug.slug", return_value="x")\n    assert m("a") == "x"\n' > test_mock.py
record $E gr4-pytest3-fixture-plugin-missing ENV_ERROR - "the test uses the mocker fixture of pytest-mock, which is not installed" -- pytest-3 -q test_mock.py
rm test_mock.py
printf '[pytest]\naddopts = -n 2\n' > pytest.ini
record $E gr4-pytest3-addopts-xdist-missing ENV_ERROR - "pytest.ini's addopts asks for -n (pytest-xdist), which is not installed" -- pytest-3 -q
rm pytest.ini
mkdir -p packages/api/tests packages/web/tests
printf 'import sqlalchemy\n' > packages/api/tests/conftest.py
printf 'def test_ok():\n    assert True\n' > packages/api/tests/test_api.py
record $E gr4-pytest3-conftest-import ENV_ERROR - "a monorepo package's conftest imports sqlalchemy, which is not installed" -- pytest-3 -q packages/api/tests
printf 'import pytest\n\n\n@pytest.fixture\ndef base():\n    return 10\n' > packages/api/tests/conftest.py
printf 'def test_base(base):\n    assert base * 2 == 21\n' > packages/api/tests/test_api.py
printf 'def test_web():\n    assert "a".upper() == "A"\n' > packages/web/tests/test_api.py
record $E gr4-pytest3-monorepo-basename CODE_ERROR - "two packages' tests share a basename (test_api.py) without __init__.py: import file mismatch at collection" -- pytest-3 -q packages
record $E gr4-pytest3-monorepo-one-package TEST_FAILURE 1/0/1/0 "one monorepo package's tests: base * 2 is 20, not 21" -- pytest-3 -q packages/api/tests
record $E gr4-pytest3-rootdir-missing ENV_ERROR - "pytest-3 of a package directory that does not exist" -- pytest-3 -q packages/billing/tests

TOOL="flake8 $(flake8 --version | head -1 | cut -d' ' -f1), pycodestyle, $(python3 --version)"
project gr4-flake8
mkdir -p src/tool
printf '[flake8]\nmax-line-length = 88\nexclude = .git,__pycache__\n' > setup.cfg
printf 'import sys\n\n\ndef main():\n    print("a very long line that is longer than eighty-eight characters, which setup.cfg allows")\n' > src/tool/cli.py
record $E gr4-flake8-setupcfg LINT_ERROR - "flake8 with setup.cfg's max-line-length: an unused import and a long line" -- flake8 src
printf 'def main():\n    print("ok")\n' > src/tool/cli.py
record $E gr4-flake8-setupcfg-pass PASS - "flake8 with setup.cfg: nothing to report" -- flake8 src
record $E gr4-flake8-select-plugin-code PASS - "--select of a plugin's code (B, flake8-bugbear not installed) on clean code: flake8 5 reports nothing" -- flake8 --select=B src
printf 'def main( ):\n    x=1\n    return x\n' > src/tool/cli.py
record $E gr4-pycodestyle-findings LINT_ERROR - "pycodestyle: whitespace inside parentheses, missing whitespace around =" -- python3 -m pycodestyle src
mkdir -p tests
printf '' > tests/__init__.py
printf 'import unittest\n\n\nclass T(unittest.TestCase):\n    def test_add(self):\n        self.assertEqual(1 + 1, 3)\n\n    def test_sub(self):\n        self.assertEqual(2 - 1, 1)\n' > tests/test_math.py
record $E gr4-unittest-discover-fail TEST_FAILURE 2/1/1/0 "unittest discover -s tests: 1 + 1 is not 3" -- python3 -m unittest discover -s tests -t .
record $E gr4-unittest-discover-dir-missing ENV_ERROR - "unittest discover -s of a directory that does not exist" -- python3 -m unittest discover -s test -t .

########################################################################
# Node: jest 29 under npm 10 and npx, workspaces and --prefix; ESLint.
E=node
TOOL="jest 29.3.1 (Debian), npm $(npm --version), node $(node --version)"
project gr4-jest
node_bin
cat > package.json <<'J'
{
  "name": "units",
  "version": "1.0.0",
  "private": true,
  "scripts": { "test": "jest" }
}
J
printf 'exports.km = (m) => m / 1000;\nexports.mi = (km) => km / 1.609;\n' > units.js
printf 'const { km, mi } = require("./units");\n\ntest("km", () => {\n  expect(km(2000)).toBe(2);\n});\n\ntest("mi", () => {\n  expect(mi(1.609)).toBe(1);\n});\n' > units.test.js
record $E gr4-jest-npx-pass PASS 2/2/0/0 "npx jest: both tests pass" -- npx jest
printf 'const { km, mi } = require("./units");\n\ntest("km", () => {\n  expect(km(2000)).toBe(2);\n});\n\ntest("mi", () => {\n  expect(mi(3.218)).toBe(2.1);\n});\n' > units.test.js
record $E gr4-jest-npm-test-fail TEST_FAILURE 2/1/1/0 "npm test runs jest: 3.218 km is 2 mi, not 2.1" -- npm test
record $E gr4-jest-npx-fail TEST_FAILURE 2/1/1/0 "npx jest: the same failing assertion" -- npx jest
record $E gr4-jest-no-tests-match TEST_FAILURE - "npx jest with a path pattern that matches no test file: no tests found, exit 1" -- npx jest payments
record $E gr4-jest-unknown-option ENV_ERROR - "a misspelt jest option (--coverag)" -- npx jest --coverag
printf 'const { km } = require("./units");\n\ntest("km", () => {\n  expect(km(2000)).toBe(2);\n});\n' > units.test.js
printf 'const axios = require("axios");\n\ntest("get", async () => {\n  expect(typeof axios.get).toBe("function");\n});\n' > http.test.js
record $E gr4-jest-module-missing ENV_ERROR - "a test file requires axios, which is not installed: the suite cannot run" -- npx jest
printf 'test("get", () => {\n  expect(1).toBe(1);\n}\n' > http.test.js
record $E gr4-jest-syntax CODE_ERROR - "a test file that does not parse (a missing parenthesis): the suite fails to run" -- npx jest
printf 'test("slow fetch", async () => {\n  await new Promise((r) => setTimeout(r, 2000));\n  expect(1).toBe(1);\n});\n' > http.test.js
record $E gr4-jest-test-timeout TIMEOUT 2/1/1/0 "--testTimeout=200 with a test that waits 2 s: Exceeded timeout" -- npx jest --testTimeout=200
printf 'const { km } = require("./units");\n\ntest("load", () => {\n  expect(km(1)).toBe(0.001);\n});\n' > http.test.js
printf 'const { per } = require("./conversions");\nexports.km = (m) => m / per;\n' > units.js
record $E gr4-jest-src-require-missing-file CODE_ERROR - "the module under test requires ./conversions, a file the code no longer has (a broken relative import): every suite fails to load" -- npx jest
printf 'exports.km = (m) => m / 1000;\n' > units.js
printf 'module.exports = { preset: "ts-jest" };\n' > jest.config.js
record $E gr4-jest-preset-missing ENV_ERROR - "jest.config.js's preset ts-jest is not installed" -- npx jest
printf 'module.exports = { testEnvironment: "happy-dom" };\n' > jest.config.js
record $E gr4-jest-environment-missing ENV_ERROR - "jest.config.js asks for the happy-dom test environment, which is not installed" -- npx jest
rm jest.config.js
printf 'test("renders", () => {\n  expect({ a: 1, b: [1, 2] }).toMatchSnapshot();\n});\n' > http.test.js
record $E gr4-jest-ci-snapshot-missing TEST_FAILURE 2/1/1/0 "jest --ci: a snapshot that was never written is not written in CI: the test fails" -- npx jest --ci
rm http.test.js
printf 'test("spins", () => {\n  for (;;) {}\n});\n' > spin.test.js
CASE_LIMIT=15 record $E gr4-jest-infinite-loop TIMEOUT - "a test loops forever: the runner's 15 s deadline kills jest" -- npx jest spin.test.js
rm spin.test.js

project gr4-npm-mono
node_bin
cat > package.json <<'J'
{
  "name": "mono",
  "version": "1.0.0",
  "private": true,
  "workspaces": ["packages/*"]
}
J
mkdir -p packages/api packages/web
printf '{\n  "name": "api",\n  "version": "1.0.0",\n  "scripts": { "test": "jest", "lint": "eslint ." }\n}\n' > packages/api/package.json
printf '{\n  "name": "web",\n  "version": "1.0.0",\n  "scripts": { "test": "jest" }\n}\n' > packages/web/package.json
printf 'exports.route = (p) => "/api/" + p;\n' > packages/api/route.js
printf 'const { route } = require("./route");\n\ntest("route", () => {\n  expect(route("users")).toBe("/api/users");\n});\n' > packages/api/route.test.js
printf 'exports.title = (s) => s[0].toUpperCase() + s.slice(1);\n' > packages/web/title.js
printf 'const { title } = require("./title");\n\ntest("title", () => {\n  expect(title("home")).toBe("Home");\n});\n\ntest("empty", () => {\n  expect(title("")).toBe("");\n});\n' > packages/web/title.test.js
record $E gr4-npm-workspace-pass PASS 1/1/0/0 "npm test -w packages/api: the api package's one test passes" -- npm test -w packages/api
record $E gr4-npm-workspaces-all-fail TEST_FAILURE - "npm test --workspaces: web's title() throws on an empty string" -- npm test --workspaces
record $E gr4-npm-prefix-fail TEST_FAILURE 2/1/1/0 "npm --prefix packages/web test: title(\"\") throws a TypeError inside the test" -- npm --prefix packages/web test
record $E gr4-npm-prefix-missing-dir ENV_ERROR - "npm --prefix names a package directory that does not exist" -- npm --prefix packages/admin test
record $E gr4-npm-workspace-missing ENV_ERROR - "npm test -w names a workspace that does not exist" -- npm test -w packages/admin
record $E gr4-npm-missing-script ENV_ERROR - "npm run lint -w web: the web package has no lint script" -- npm run lint -w packages/web
printf '{"root": true, "env": {"node": true, "es2020": true, "jest": true}, "extends": "eslint:recommended"}\n' > .eslintrc.json
printf 'exports.route = (p) => {\n  const unused = 1;\n  return "/api/" + p;\n};\n' > packages/api/route.js
record $E gr4-npm-workspace-lint-eslint LINT_ERROR - "npm run lint -w packages/api runs ESLint: an unused variable" -- npm run lint -w packages/api
record $E gr4-npx-no-vitest ENV_ERROR - "npx --no vitest: vitest is not installed (no npm registry here); npx looks it up in the registry, which cannot be reached" -- npx --no vitest run
printf '{\n  "name": "mono",\n  "version": "1.0.0",\n  "private": true,\n  "engines": { "node": ">=22" },\n  "workspaces": ["packages/*"]\n}\n' > package.json
printf 'engine-strict=true\n' > .npmrc
record $E gr4-npm-engine-strict ENV_ERROR - "npm install with engine-strict: the project needs node >= 22, this is node 20" -- npm install --offline
rm .npmrc

project gr4-npm-node
printf '{\n  "name": "tools",\n  "version": "1.0.0",\n  "scripts": { "test": "node --test", "build": "node build.js" }\n}\n' > package.json
mkdir -p test
printf 'const test = require("node:test");\nconst assert = require("node:assert");\ntest("adds", () => assert.strictEqual(1 + 1, 2));\n' > test/add.test.js
record $E gr4-npm-node-test-pass PASS 1/1/0/0 "npm test runs node --test: one test passes" -- npm test
printf 'const cfg = { out: "dist" };\nconsole.log("building into " + cfg.dir.trim());\n' > build.js
record $E gr4-npm-run-build-crash CODE_ERROR - "npm run build: build.js reads a property of undefined (TypeError)" -- npm run build

E=node
TOOL="eslint 6.4.0 (Debian), npm $(npm --version), node $(node --version)"
project gr4-eslint
node_bin
printf '{"name": "lint", "version": "1.0.0", "scripts": {"lint": "eslint src"}}\n' > package.json
mkdir -p src
printf '{\n  "root": true,\n  "env": { "node": true, "es2020": true },\n  "parserOptions": { "ecmaVersion": 2020 },\n  "extends": "eslint:recommended",\n  "rules": { "eqeqeq": "error" }\n}\n' > .eslintrc.json
printf 'function area(w, h) {\n  const unit = "m";\n  if (w == null) return 0;\n  return w * h;\n}\nmodule.exports = { area, perimeter };\n' > src/geo.js
record $E gr4-eslint-findings LINT_ERROR - "eslint:recommended and eqeqeq: an unused variable, == null, an undefined name" -- npx eslint src
record $E gr4-eslint-npm-run-lint LINT_ERROR - "npm run lint runs eslint src: the same findings" -- npm run lint
printf 'function area(w, h) {\n  return w * h;\n}\nmodule.exports = { area };\n' > src/geo.js
record $E gr4-eslint-pass PASS - "npx eslint src: nothing to report" -- npx eslint src
printf 'function area(w, h) {\n  // TODO: units\n  return w * h;\n}\nmodule.exports = { area };\n' > src/geo.js
printf '{\n  "root": true,\n  "env": { "node": true },\n  "parserOptions": { "ecmaVersion": 2020 },\n  "extends": "eslint:recommended",\n  "rules": { "no-warning-comments": "warn" }\n}\n' > .eslintrc.json
record $E gr4-eslint-max-warnings LINT_ERROR - "only a warning (no-warning-comments), but --max-warnings 0" -- npx eslint --max-warnings 0 src
printf '{\n  "root": true,\n  "env": { "node": true },\n  "parserOptions": { "ecmaVersion": 2020 },\n  "extends": "eslint:recommended",\n  "rules": { "no-floating-decimals-x": "error" }\n}\n' > .eslintrc.json
record $E gr4-eslint-unknown-rule ENV_ERROR - "the config turns on a rule ESLint does not have: Definition for rule was not found" -- npx eslint src
printf '{\n  "root": true,\n  "plugins": ["react"],\n  "extends": ["eslint:recommended", "plugin:react/recommended"]\n}\n' > .eslintrc.json
record $E gr4-eslint-plugin-missing ENV_ERROR - "the config uses eslint-plugin-react, which is not installed" -- npx eslint src
printf '{\n  "root": true,\n  "extends": "airbnb-base"\n}\n' > .eslintrc.json
record $E gr4-eslint-extends-missing ENV_ERROR - "the config extends airbnb-base, which is not installed" -- npx eslint src
printf '{\n  "root": true,\n  "parserOptions": { "ecmaVersion": 2018 },\n  "extends": "eslint:recommended"\n}\n' > .eslintrc.json
printf 'function area(w, h) {\n  return (w * h;\n}\nmodule.exports = { area };\n' > src/geo.js
record $E gr4-eslint-parse-error CODE_ERROR - "a file that does not parse: ESLint's Parsing error" -- npx eslint src
printf 'function area(w, h) {\n  return w * h;\n}\nmodule.exports = { area };\n' > src/geo.js
record $E gr4-eslint-no-files ENV_ERROR - "npx eslint lib: the directory does not exist (No files matching the pattern)" -- npx eslint lib
rm .eslintrc.json
printf 'import js from "@eslint/js";\n\nexport default [\n  js.configs.recommended,\n  { rules: { "no-unused-vars": "error" } },\n];\n' > eslint.config.js
record $E gr4-eslint-flat-config-only ENV_ERROR - "an ESLint 9 flat config (eslint.config.js) only, run by ESLint 6, which looks for .eslintrc: no configuration found" -- npx eslint src
record $E gr4-eslint-flat-config-env ENV_ERROR - "ESLINT_USE_FLAT_CONFIG=true with ESLint 6, which has no flat config: no configuration found all the same" -- env ESLINT_USE_FLAT_CONFIG=true npx eslint src

E=typescript
TOOL="tsc $(tsc --version | cut -d' ' -f2), npm $(npm --version)"
project gr4-tsc-mono
mkdir -p packages/core/src packages/app/src
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2020", "module": "commonjs" },\n  "include": ["src"]\n}\n' > packages/core/tsconfig.json
printf 'export function price(cents: number): string {\n  return (cents / 100).toFixed(2);\n}\nexport const zero: number = "0";\n' > packages/core/src/price.ts
record $E gr4-tsc-project-subdir TYPE_ERROR - "tsc -p of one package in a monorepo: a string assigned to a number" -- tsc -p packages/core
printf 'export function price(cents: number): string {\n  return (cents / 100).toFixed(2);\n}\n' > packages/core/src/price.ts
record $E gr4-npx-tsc-project-pass PASS - "npx tsc -p packages/core: the package type-checks" -- npx tsc -p packages/core
printf '{\n  "extends": "@tsconfig/node20/tsconfig.json",\n  "compilerOptions": { "noEmit": true },\n  "include": ["src"]\n}\n' > packages/app/tsconfig.json
printf 'export const app = 1;\n' > packages/app/src/index.ts
record $E gr4-tsc-extends-missing ENV_ERROR - "tsconfig extends @tsconfig/node20, which is not installed" -- tsc -p packages/app
record $E gr4-tsc-project-missing ENV_ERROR - "tsc -p of a package directory that does not exist" -- tsc -p packages/admin

########################################################################
# Go: golangci-lint v2; go test across modules and go.work workspaces.
E=go
TOOL="golangci-lint $(golangci-lint --version | cut -d' ' -f4), $(go version | cut -d' ' -f3)"
project gr4-golangci
printf 'module example.com/store\n\ngo 1.22\n' > go.mod
cat > store.go <<'G'
package store

import "os"

// Save writes data to path.
func Save(path string, data []byte) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	f.Write(data)
	return f.Close()
}

func unused() int { return 1 }
G
record $E gr4-golangci-findings LINT_ERROR - "golangci-lint's default linters: an unchecked error (errcheck) and an unused function" -- golangci-lint run ./...
cat > store.go <<'G'
package store

import "os"

// Save writes data to path.
func Save(path string, data []byte) error {
	return os.WriteFile(path, data, 0o644)
}
G
record $E gr4-golangci-pass PASS - "golangci-lint run: 0 issues" -- golangci-lint run ./...
printf 'linters:\n  enable-all: false\n  enable:\n    - errcheck\nlinters-settings:\n  errcheck:\n    check-blank: true\n' > .golangci.yml
record $E gr4-golangci-config-v1 ENV_ERROR - "a golangci-lint v1 configuration (no version: \"2\") read by v2" -- golangci-lint run ./...
printf 'version: "2"\nlinters:\n  enable:\n    - errcheck\n    - gofoolint\n' > .golangci.yml
record $E gr4-golangci-unknown-linter ENV_ERROR - "the configuration enables a linter that does not exist" -- golangci-lint run ./...
rm .golangci.yml
record $E gr4-golangci-config-missing ENV_ERROR - "--config names a file that does not exist" -- golangci-lint run --config .golangci.ci.yml ./...
cat > store.go <<'G'
package store

import "os"

// Save writes data to path.
func Save(path string, data []byte) error {
	return os.WriteFile(path, data)
}
G
record $E gr4-golangci-typecheck CODE_ERROR - "the package does not compile (too few arguments): golangci-lint reports the compile error" -- golangci-lint run ./...
cat > store.go <<'G'
package store

import "os"

// Save writes data to path.
func Save(path string, data []byte) error {
    return os.WriteFile(path, data, 0o644)
}
G
record $E gr4-golangci-fmt-diff LINT_ERROR - "golangci-lint fmt --diff: the file is indented with spaces" -- golangci-lint fmt --diff
printf 'package store\n\nimport "testing"\n\nfunc TestSave(t *testing.T) {\n\tif err := Save(t.TempDir()+"/x", nil); err != nil {\n\t\tt.Fatal(err)\n\t}\n}\n' > store_test.go
gofmt -w store.go
record $E gr4-golangci-timeout TIMEOUT - "--timeout=1ms: golangci-lint's own time limit fires before the analysis ends" -- golangci-lint run --timeout=1ms ./...
printf 'module example.com/store\n\ngo 1.99\n' > go.mod
record $E gr4-golangci-go-too-new ENV_ERROR - "go.mod requires go 1.99; with GOTOOLCHAIN=local the installed go cannot load it" -- env GOTOOLCHAIN=local golangci-lint run ./...

TOOL="$(go version | cut -d' ' -f3), golangci-lint"
project gr4-gomono
mkdir -p services/api services/billing
printf 'module example.com/api\n\ngo 1.22\n' > services/api/go.mod
printf 'module example.com/billing\n\ngo 1.22\n' > services/billing/go.mod
printf 'package api\n\n// Route joins a path under /api.\nfunc Route(p string) string { return "/api/" + p }\n' > services/api/route.go
printf 'package api\n\nimport "testing"\n\nfunc TestRoute(t *testing.T) {\n\tif got := Route("users"); got != "/api/users" {\n\t\tt.Errorf("Route = %%q", got)\n\t}\n}\n' > services/api/route_test.go
printf 'package billing\n\n// Cents rounds to cents.\nfunc Cents(f float64) int { return int(f * 100) }\n' > services/billing/cents.go
printf 'package billing\n\nimport "testing"\n\nfunc TestCents(t *testing.T) {\n\tif got := Cents(0.29); got != 29 {\n\t\tt.Errorf("Cents(0.29) = %%d, want 29", got)\n\t}\n}\n\nfunc TestWhole(t *testing.T) {\n\tif Cents(2) != 200 {\n\t\tt.Error("2")\n\t}\n}\n' > services/billing/cents_test.go
record $E gr4-gomono-no-root-module ENV_ERROR - "go test ./... at the root of a repository whose modules are in subdirectories, with no go.work" -- go test ./...
record $E gr4-gomono-C-pass-json PASS 1/1/0/0 "go -C services/api test -json: the api module's test passes" -- go -C services/api test -json -count=1 ./...
record $E gr4-gomono-C-fail-json TEST_FAILURE 2/1/1/0 "go -C services/billing test -json: 0.29*100 truncates to 28" -- go -C services/billing test -json -count=1 ./...
record $E gr4-gomono-C-fail TEST_FAILURE - "go -C services/billing test: the same failure, text" -- go -C services/billing test -count=1 ./...
record $E gr4-gomono-C-missing-dir ENV_ERROR - "go -C names a directory that does not exist" -- go -C services/admin test ./...
printf 'go 1.22\n\nuse (\n\t./services/api\n\t./services/billing\n)\n' > go.work
record $E gr4-gowork-root-json ENV_ERROR - "go test -json ./... at a go.work root that is not itself a module: the pattern matches no workspace module ([setup failed])" -- go test -json -count=1 ./...
record $E gr4-gowork-modules-json TEST_FAILURE 3/2/1/0 "go.work: go test -json of both modules' patterns" -- go test -json -count=1 example.com/api/... example.com/billing/...
record $E gr4-gowork-vet-pass PASS - "go vet of both go.work modules' patterns: nothing to report" -- go vet example.com/api/... example.com/billing/...
printf 'package billing\n\nimport "fmt"\n\n// Cents rounds to cents.\nfunc Cents(f float64) int {\n\tfmt.Printf("%%d\\n", f)\n\treturn int(f * 100)\n}\n' > services/billing/cents.go
record $E gr4-gowork-vet-printf LINT_ERROR - "go vet of both go.work modules: a Printf %%d of a float64" -- go vet example.com/api/... example.com/billing/...
printf 'lint:\n\tgolangci-lint run ./...\n' > services/billing/Makefile
record $E gr4-gowork-golangci-subdir LINT_ERROR - "make -C services/billing lint runs golangci-lint in that module: the Printf verb (govet)" -- make -C services/billing lint
printf 'package billing\n\n// Cents rounds to cents.\nfunc Cents(f float64) int { return int(f*100 + 0.5) }\n' > services/billing/cents.go
printf 'package api\n\n// Route joins a path under /api.\nfunc Route(p string) string { return "/api/" + p + 1 }\n' > services/api/route.go
record $E gr4-gowork-build-fail-json CODE_ERROR - "go.work: go test -json of each module's directory; the api module does not compile (string + int), billing passes" -- go test -json -count=1 ./services/api/... ./services/billing/...
printf 'package api\n\n// Route joins a path under /api.\nfunc Route(p string) string { return "/api/" + p }\n' > services/api/route.go
record $E gr4-gowork-pass-json PASS 3/3/0/0 "go.work: go test -json of each module's directory, every test passes" -- go test -json -count=1 ./services/api/... ./services/billing/...
printf 'go 1.22\n\nuse (\n\t./services/api\n\t./services/billing\n\t./services/admin\n)\n' > go.work
record $E gr4-gowork-module-missing ENV_ERROR - "go.work uses ./services/admin, which does not exist" -- go test -json -count=1 ./services/api/...
printf 'go 1.22\n\nuse ./services/api\n' > go.work
record $E gr4-gowork-pattern-outside ENV_ERROR - "go.work lists only api: a billing package path is outside every workspace module" -- go test -count=1 ./services/billing/...

########################################################################
# Rust: cargo clippy on workspaces, from a subdirectory's manifest.
E=rust
TOOL="$(cargo clippy --version), $(cargo --version | cut -d' ' -f1-2)"
project gr4-clippy
printf '[workspace]\nmembers = ["crates/core", "crates/cli"]\nresolver = "2"\n' > Cargo.toml
mkdir -p crates/core/src crates/cli/src
printf '[package]\nname = "core"\nversion = "0.1.0"\nedition = "2021"\n' > crates/core/Cargo.toml
printf '[package]\nname = "cli"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\ncore = { path = "../core" }\n' > crates/cli/Cargo.toml
printf 'pub fn total(xs: &[u32]) -> u32 {\n    xs.iter().sum()\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn sums() {\n        assert_eq!(super::total(&[1, 2]), 3);\n    }\n}\n' > crates/core/src/lib.rs
printf 'fn main() {\n    println!("{}", core::total(&[1, 2, 3]));\n}\n' > crates/cli/src/main.rs
record $E gr4-clippy-workspace-pass PASS - "cargo clippy --workspace --all-targets -D warnings: nothing to report" -- cargo clippy --offline --workspace --all-targets -- -D warnings
printf 'pub fn total(xs: &Vec<u32>) -> u32 {\n    let mut t = 0;\n    for i in 0..xs.len() {\n        t += xs[i];\n    }\n    return t;\n}\n' > crates/core/src/lib.rs
printf 'fn main() {\n    println!("{}", core::total(&vec![1, 2, 3]));\n}\n' > crates/cli/src/main.rs
record $E gr4-clippy-workspace-deny LINT_ERROR - "clippy -D warnings on the workspace: &Vec parameter, a needless range loop, a needless return" -- cargo clippy --offline --workspace -- -D warnings
record $E gr4-clippy-workspace-warn-pass PASS - "clippy on the workspace without -D warnings: the same lints are warnings, exit 0" -- cargo clippy --offline --workspace
record $E gr4-clippy-manifest-path LINT_ERROR - "clippy of one crate by --manifest-path, -D warnings" -- cargo clippy --offline --manifest-path crates/core/Cargo.toml -- -D warnings
record $E gr4-clippy-package-missing ENV_ERROR - "cargo clippy -p of a package the workspace does not have" -- cargo clippy --offline -p server -- -D warnings
record $E gr4-clippy-manifest-missing ENV_ERROR - "--manifest-path of a crate that does not exist" -- cargo clippy --offline --manifest-path crates/server/Cargo.toml
printf 'pub fn total(xs: &[u32]) -> u32 {\n    xs.iter().sum()\n}\n' > crates/core/src/lib.rs
printf 'fn main() {\n    let n: u32 = core::total(&[1, 2, 3]).to_string();\n    println!("{}", n);\n}\n' > crates/cli/src/main.rs
record $E gr4-clippy-compile-error CODE_ERROR - "the cli crate does not compile (a String assigned to u32): E0308" -- cargo clippy --offline --workspace -- -D warnings
printf 'fn main() {\n    println!("{}", core::total(&[1, 2, 3]));\n}\n' > crates/cli/src/main.rs
printf 'too-many-argumentz-threshold = 3\n' > clippy.toml
record $E gr4-clippy-config-unknown-key ENV_ERROR - "clippy.toml has a key clippy does not know" -- cargo clippy --offline --workspace -- -D warnings
rm clippy.toml
printf '[package]\nname = "core"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nserde = "1"\n' > crates/core/Cargo.toml
rm -f Cargo.lock
record $E gr4-clippy-offline-dependency ENV_ERROR - "a dependency (serde) not in the local registry, --offline: it cannot be fetched" -- cargo clippy --offline --workspace
printf '[package]\nname = "core"\nversion = "0.1.0"\nedition = "2021"\n' > crates/core/Cargo.toml
printf 'pub fn total(xs: &[u32]) -> u32 {\n  xs.iter().sum()\n}\n' > crates/core/src/lib.rs
TOOL="$(cargo fmt --version), $(cargo --version | cut -d' ' -f1-2)"
record $E gr4-fmt-all-check LINT_ERROR - "cargo fmt --all --check on the workspace: a two-space indent" -- cargo fmt --all --check

########################################################################
# make -C: a monorepo's checks run in a subdirectory.
E=make
TOOL="GNU Make $(make --version | head -1 | cut -d' ' -f3), jest 29.3.1 (Debian), pylint"
project gr4-make-mono
mkdir -p web py
( cd web && node_bin )
printf '{"name": "web", "version": "1.0.0", "scripts": {"test": "jest"}}\n' > web/package.json
printf 'test("sum", () => {\n  expect(0.1 + 0.2).toBe(0.3);\n});\n' > web/sum.test.js
printf 'test:\n\tnpm test\n' > web/Makefile
record $E gr4-make-C-npm-test TEST_FAILURE - "make -C web test runs npm test (jest): 0.1 + 0.2 is not 0.3" -- make -C web test
printf '"""Tool."""\nimport os\n' > py/tool.py
printf 'lint:\n\tpylint tool.py\n' > py/Makefile
record $E gr4-make-C-pylint LINT_ERROR - "make -C py lint runs pylint: an unused import" -- make -C py lint
printf 'lint:\n\truff check .\n' > py/Makefile
record $E gr4-make-C-ruff-missing ENV_ERROR - "make -C py lint runs ruff, which is not installed (not in Debian bookworm, no PyPI registry here)" -- make -C py lint
