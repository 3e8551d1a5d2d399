#!/usr/bin/env bash
# Shell: bash/sh (dash) scripts and their -n syntax checks, ShellCheck, bats.
. "$(dirname "$0")/lib.sh"
E=shell
TOOL="bash ${BASH_VERSION}, dash, timeout (coreutils)"

project sh-syntax
printf '#!/bin/sh\nif [ -f x ]; then\n  echo yes\n' > deploy.sh
printf '#!/bin/bash\nfor f in a b; do\n  echo "$f"\ndone\n}\n' > build.sh
printf '#!/bin/sh\nset -eu\necho "error: this only prints"\n' > ok.sh
record $E sh-n-syntax CODE_ERROR - "sh -n: an if without fi" -- sh -n deploy.sh
record $E bash-n-syntax CODE_ERROR - "bash -n: an unexpected }" -- bash -n build.sh
record $E bash-n-if CODE_ERROR - "bash -n: an if without fi" -- bash -n deploy.sh
record $E sh-n-pass PASS - "sh -n on a valid script (that prints error: when run)" -- sh -n ok.sh
record $E sh-run-pass PASS - "running a valid script that prints 'error:'" -- sh ok.sh
record $E bash-n-missing ENV_ERROR - "bash -n on a script that does not exist" -- bash -n scripts/nothere.sh
record $E sh-missing ENV_ERROR - "sh runs a script path that does not exist" -- sh scripts/nothere.sh
record $E bash-missing ENV_ERROR - "bash runs a script path that does not exist" -- bash scripts/nothere.sh
printf '#!/bin/sh\necho hi\n' > noexec.sh; chmod -x noexec.sh
record $E not-executable ENV_ERROR - "a script without the execute bit: exit 126" -- sh -c ./noexec.sh
printf '#!/bin/bash\nset -e\necho "fetching"\njqq .version package.json\n' > tool.sh
record $E cmd-not-found-in-script ENV_ERROR - "the script calls a program that is not installed (exit 127)" -- bash tool.sh
printf '#!/bin/bash\nset -u\necho "deploying to $TARGET_ENV"\n' > unbound.sh
record $E unbound-variable CODE_ERROR - "set -u: the script reads an unset variable" -- bash unbound.sh
printf '#!/bin/bash\nx=${1:?}\n' > badsub.sh
printf '#!/bin/bash\nset -e\ntest -f build/output.bin\n' > silent.sh
record $E silent-failure UNKNOWN - "a test(1) that fails with no output" -- bash silent.sh
printf 'expected\n' > want.txt; printf 'actual\n' > got.txt
record $E diff-files UNKNOWN - "diff of two files: says they differ, not why" -- diff -u want.txt got.txt
record $E grep-nomatch UNKNOWN - "grep -q finds nothing: exit 1, no output" -- grep -q needle want.txt
record $E timeout-wrapper TIMEOUT - "timeout(1) stops a sleeping script: exit 124" -- timeout 1 sh -c "sleep 10"
record $E timeout-wrapper-kill TIMEOUT - "timeout -s KILL: exit 137" -- timeout -s KILL 1 sh -c "sleep 10"
record $E timeout-wrapper-verbose TIMEOUT - "timeout --verbose says it sent TERM" -- timeout --verbose 1 sh -c "echo starting; sleep 10"
CASE_LIMIT=2 record $E timeout-runner TIMEOUT - "the runner's 2 s deadline kills the script" -- sh -c "echo waiting; sleep 30"
record $E sh-not-found ENV_ERROR - "a program that is not installed, run through sh" -- sh -c "shfmtt -d ."

TOOL="ShellCheck $(shellcheck --version | sed -n 's/^version: //p')"
project sc
printf '#!/bin/sh\nfor f in $(ls *.txt); do\n  cat $f\ndone\n' > a.sh
printf '#!/bin/bash\necho "$1"\n' > clean.sh
printf '#!/bin/bash\nif [ $x == 1 ]\nthen echo\n' > broken.sh
record $E shellcheck-warnings LINT_ERROR - "SC2045 and SC2086 in a loop over ls" -- shellcheck a.sh
record $E shellcheck-gcc LINT_ERROR - "the same, -f gcc" -- shellcheck -f gcc a.sh
record $E shellcheck-severity LINT_ERROR - "the same, -S warning" -- shellcheck -S warning a.sh
record $E shellcheck-clean PASS - "a clean script" -- shellcheck clean.sh
record $E shellcheck-missing ENV_ERROR - "the script named does not exist" -- shellcheck nothere.sh
record $E shellcheck-parse CODE_ERROR - "the script does not parse (an if without fi): ShellCheck reports the syntax error" -- shellcheck broken.sh

TOOL="bats $(bats --version | cut -d' ' -f2)"
project bats
mkdir -p test
cat > test/calc.bats <<'B'
@test "adds" {
  [ "$((1 + 2))" -eq 3 ]
}
@test "timeout handling" {
  echo "error: simulated" >&2
  true
}
B
record $E bats-pass PASS 2/2/0/0 "two tests pass; one is named 'timeout handling' and prints error: (decoys)" -- bats test
record $E bats-pass-tap PASS 2/2/0/0 "the same, --tap" -- bats --tap test
cat > test/calc.bats <<'B'
@test "adds" {
  [ "$((1 + 2))" -eq 4 ]
}
@test "lists" {
  run ls /
  [ "$status" -eq 0 ]
}
@test "later" {
  skip "not yet"
}
@test "greps" {
  run echo hello
  [ "$output" = "goodbye" ]
}
B
record $E bats-fail TEST_FAILURE 3/1/2/1 "two assertions fail; one test skips" -- bats test
record $E bats-fail-tap TEST_FAILURE 3/1/2/1 "the same, --tap" -- bats --tap test
record $E bats-fail-filter TEST_FAILURE 1/0/1/0 "-f selects the failing adds" -- bats -f adds test
record $E bats-filter-none TEST_FAILURE 0/0/0/0 "-f matches no test: exit 0 having run nothing" -- bats -f nothing_matches test
record $E bats-missing ENV_ERROR - "the test path does not exist" -- bats tests/nothere.bats
cat > test/slow.bats <<'B'
@test "slow" {
  sleep 10
}
B
rm test/calc.bats
record $E bats-timeout-wrapper TIMEOUT - "timeout(1) stops bats: exit 124" -- timeout 1 bats test
BATS_TEST_TIMEOUT=1 record $E bats-test-timeout TIMEOUT - "BATS_TEST_TIMEOUT=1 fires on the slow test" -- bats test
