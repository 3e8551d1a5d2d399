#!/usr/bin/env bash
# make: recipes that run other tools, and make's own failures.
. "$(dirname "$0")/lib.sh"
E=make
TOOL="$(make --version | head -1), go, gcc, python3"

gomod() {
	printf 'module example.com/m\n\ngo 1.22\n' > go.mod
	printf 'package m\n\nimport "testing"\n\nfunc TestA(t *testing.T) {}\nfunc TestB(t *testing.T) { t.Error("b is broken") }\n' > m_test.go
}
mk() { printf '%s\n' "$@" | sed 's/^>/\t/' > Makefile; }

project mk-gotest; gomod
mk "test:" ">go test -v ./..." "build:" ">go build ./..." "lint:" ">go vet ./..."
record $E test-go-fail TEST_FAILURE 2/1/1/0 "make test runs go test -v; TestB fails" -- make test
record $E test-go-fail-s TEST_FAILURE 2/1/1/0 "the same, make -s" -- make -s test
record $E no-rule ENV_ERROR - "make names a target the Makefile does not have" -- make check
printf 'package m\n\nfunc F() int { return "x" }\n' > m.go
record $E build-go-fail CODE_ERROR - "make build: the package does not compile" -- make build
project mk-nofile
record $E no-makefile ENV_ERROR - "no Makefile in the directory" -- make test
project mk-missing-tool
mk "lint:" ">golangci-lint-not-installed run"
record $E recipe-not-found ENV_ERROR - "the recipe's program is not installed (Error 127)" -- make lint
project mk-include
mk "include config.mk" "all:" ">@echo ok"
record $E missing-include ENV_ERROR - "the Makefile includes a file that does not exist" -- make
project mk-gcc
printf 'int main(void) { return x; }\n' > main.c
mk "build:" ">gcc -Wall -o app main.c"
record $E build-gcc-fail CODE_ERROR - "make build: gcc reports an undeclared identifier" -- make build
printf 'int main(void) { int unused = 1; return 0; }\n' > main.c
mk "build:" ">gcc -Wall -Werror -o app main.c"
record $E build-gcc-werror LINT_ERROR - "make build: a warning made an error by -Werror" -- make build
printf 'int main(void) { return 0; }\n' > main.c
mk "build:" ">gcc -Wall -o app main.c" ">@echo 'build finished: 0 errors, 0 warnings'"
record $E build-pass PASS - "make build succeeds, printing '0 errors'" -- make build
project mk-timeout; gomod
printf 'package m\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc TestSlow(t *testing.T) { time.Sleep(10 * time.Second) }\n' > m_test.go
mk "test:" ">timeout 2 go test ./..."
record $E test-timeout-recipe TIMEOUT - "the recipe wraps go test in timeout(1); make relays Error 124" -- make test
mk "test:" ">go test -timeout 1s ./..."
record $E test-go-timeout-flag TIMEOUT - "the recipe's go test -timeout 1s fires" -- make test
mk "test:" ">go test ./..."
CASE_LIMIT=3 record $E test-runner-timeout TIMEOUT - "the runner's 3 s deadline kills make and go test" -- make test
project mk-py
mkdir -p tests; printf 'def test_a():\n    assert 1 == 2\n\n\ndef test_b():\n    assert True\n' > tests/test_x.py
mk "check:" ">python3 -m pytest -q -p no:cacheprovider tests"
record $E check-pytest-fail TEST_FAILURE 2/1/1/0 "make check runs pytest; test_a fails" -- make check
project mk-sc
printf '#!/bin/sh\necho $1\n' > run.sh
mk "lint:" ">shellcheck run.sh"
record $E lint-shellcheck LINT_ERROR - "make lint runs ShellCheck; SC2086" -- make lint
project mk-silent
mk "verify:" ">@test -f dist/app.tar.gz"
record $E recipe-silent UNKNOWN - "the recipe's test(1) fails without a word" -- make verify
project mk-notests
printf 'module example.com/m\n\ngo 1.22\n' > go.mod; printf 'package m\n' > m.go
mk "test:" ">go test ./..."
record $E test-go-no-tests TEST_FAILURE 0/0/0/0 "make test runs go test on a package with no tests: exit 0 having run nothing" -- make test
project mk-keep; gomod
mk "all: test vet" "test:" ">go test ./..." "vet:" ">go vet ./..."
record $E keep-going TEST_FAILURE - "make -k: go test fails, go vet passes" -- make -k all
