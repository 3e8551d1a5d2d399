#!/usr/bin/env bash
# Missing setup and time limits across ecosystems: the cases the issue
# names as general rules (configuration files, plugins, toolchains, script
# paths, package managers, fetches; timeouts inside the command).
. "$(dirname "$0")/lib.sh"

TOOL="flake8, mypy, pytest ($(python3 --version))"
E=python
project setup-py
printf 'x = 1\n' > a.py
record $E flake8-missing-config ENV_ERROR - "--config names a file that does not exist" -- flake8 --config nothere.cfg a.py
record $E pytest-missing-conftest-plugin ENV_ERROR - "-p loads a plugin that is not installed" -- python3 -m pytest -p no:cacheprovider -p pytest_plugin_not_installed
printf '[pytest]\naddopts = --cov=src\n' > pytest.ini
mkdir -p tests; printf 'def test_a():\n    assert True\n' > tests/test_a.py
record $E pytest-ini-option-unknown ENV_ERROR - "pytest.ini passes --cov but pytest-cov is not installed" -- python3 -m pytest -p no:cacheprovider
rm pytest.ini
record $E pip-install-refused ENV_ERROR - "pip refuses to install into the system Python (externally managed)" -- python3 -m pip install requests-not-a-real-package-xyz
record $E pytest-timeout-flag-small TIMEOUT - "pytest-timeout with a 0.01 s limit on a test that sleeps" -- sh -c "printf 'import time\n\ndef test_s():\n    time.sleep(2)\n' > tests/test_s.py && python3 -m pytest -p no:cacheprovider -q --timeout=0.5 tests/test_s.py"

TOOL="node $(node --version), npm $(npm --version)"
E=node
project setup-node
printf '{"name":"x","version":"1.0.0","dependencies":{"left-pad-not-a-real-package-xyz":"1.0.0"}}\n' > package.json
record $E npm-install-offline ENV_ERROR - "npm install --offline cannot fetch a dependency" -- npm install --offline --no-audit --no-fund
record $E npm-ci-no-lock ENV_ERROR - "npm ci without a package-lock.json" -- npm ci --offline
record $E npx-missing ENV_ERROR - "npx --no-install of a package that is not installed" -- npx --no-install eslint-not-installed .
printf 'const test = require("node:test");\ntest("slow", async () => { await new Promise((r) => setTimeout(r, 5000)); });\n' > slow.test.js
record $E node-test-timeout-spec-flag TIMEOUT - "--test-timeout=200 with the spec reporter" -- node --test --test-reporter=spec --test-timeout=200 slow.test.js

TOOL="$(cargo --version | cut -d' ' -f1-2)"
E=rust
project setup-rs
printf '[package]\nname = "x"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml; mkdir -p src; echo 'pub fn f() {}' > src/lib.rs
record $E cargo-toolchain-file ENV_ERROR - "rust-toolchain.toml pins a toolchain that is not installed" -- sh -c "printf '[toolchain]\nchannel = \"1.40.0\"\n' > rust-toolchain.toml && cargo build --offline"
rm -f rust-toolchain.toml
record $E cargo-unknown-subcommand ENV_ERROR - "cargo-audit is not installed" -- cargo audit
record $E cargo-missing-target ENV_ERROR - "a target whose standard library is not installed" -- cargo build --offline --target wasm32-unknown-unknown

TOOL="go $(go version | cut -d' ' -f3)"
E=go
project setup-go
printf 'module example.com/x\n\ngo 1.22\n\nrequire github.com/example/notthere v1.0.0\n' > go.mod; printf 'package x\n' > x.go
GOFLAGS=-mod=mod GOPROXY=off record $E go-mod-require-offline PASS - "nothing imports the required module, so go build neither fetches it nor fails: exit 0" -- go build ./...
record $E go-missing-sum PASS - "the same go.mod: nothing imports the module, so no go.sum entry is needed: exit 0" -- go build ./...
record $E go-tool-missing ENV_ERROR - "golangci-lint is not installed" -- sh -c "golangci-lint run"
printf 'package x\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc TestSlow(t *testing.T) { time.Sleep(5 * time.Second) }\n' > x_test.go
printf 'module example.com/x\n\ngo 1.22\n' > go.mod
record $E go-test-timeout-short TIMEOUT - "go test -timeout 500ms fires" -- go test -timeout 500ms ./...

TOOL="ruby $(ruby -e 'print RUBY_VERSION'), bundler"
E=ruby
project setup-rb
printf 'source "https://rubygems.org"\ngem "rails-not-a-real-gem-xyz"\n' > Gemfile
record $E bundle-exec-missing-gem ENV_ERROR - "bundler is not installed here (exit 127): bundle exec cannot start" -- bundle exec rspec
record $E bundle-install-offline ENV_ERROR - "bundler is not installed here (exit 127)" -- bundle install --local
rm Gemfile
record $E bundle-no-gemfile ENV_ERROR - "bundler is not installed here (exit 127)" -- bundle exec rake test

TOOL="php $(php -r 'echo PHP_VERSION;')"
E=php
project setup-php
record $E composer-not-installed ENV_ERROR - "composer is not installed" -- sh -c "composer install"
record $E phpunit-missing-config ENV_ERROR - "-c names a phpunit.xml that does not exist" -- phpunit -c phpunit-nothere.xml
record $E php-missing-extension ENV_ERROR - "a function from an extension that is not installed (intl)" -- php -r 'echo idn_to_ascii("x");'

TOOL="gcc, make, cmake"
E=c
project setup-c
record $E cmake-no-cmakelists ENV_ERROR - "cmake in a directory with no CMakeLists.txt" -- cmake -S . -B build
record $E clang-not-installed ENV_ERROR - "clang is not installed" -- sh -c "clang -c x.c"
record $E pkg-config-missing ENV_ERROR - "pkg-config does not know the library" -- sh -c 'gcc $(pkg-config --cflags --libs libnotthere) -x c - < /dev/null'

TOOL="perl, bats, shellcheck"
E=shell
project setup-sh
record $E shellcheck-bad-option ENV_ERROR - "ShellCheck rejects an unknown option value" -- shellcheck --shell=fish x.sh
record $E bash-script-dir ENV_ERROR - "bash runs a script path that does not exist (exit 127)" -- bash scripts
mkdir -p test; printf '@test "slow" {\n  sleep 10\n}\n' > test/s.bats
CASE_LIMIT=2 record $E bats-runner-timeout TIMEOUT - "the runner's 2 s deadline kills bats" -- bats test
