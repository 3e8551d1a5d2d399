#!/usr/bin/env bash
# Blind hold-out, third round (see blind3/README): Rust, shell, make.
. "$(dirname "$0")/../lib.sh"
export SPLIT=blind3

E=rust; TOOL="$(cargo --version | cut -d' ' -f1-2)"
project b3-rs-parse
printf '[package]\nname = "parse"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml; mkdir -p src
cat > src/lib.rs <<'R'
/// Parses "k=v" pairs separated by commas.
pub fn pairs(s: &str) -> Vec<(String, String)> {
    s.split(',')
        .filter_map(|p| p.split_once('='))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn two() { assert_eq!(pairs("a=1, b=2").len(), 2); }
    #[test]
    fn timeout_key() {
        eprintln!("error: timed out is just a value here");
        assert_eq!(pairs("timeout=5")[0].1, "5");
    }
}
R
record $E b3-parse-pass PASS 2/2/0/0 "both tests pass; one prints 'error: timed out' to stderr" -- cargo test --offline
sed -i 's/v.trim().to_string()/k.trim().to_string()/' src/lib.rs
record $E b3-parse-fail TEST_FAILURE 2/1/1/0 "the value is the key: timeout_key fails" -- cargo test --offline
sed -i 's/(k.trim().to_string(), k.trim().to_string())/(k.trim().to_string(), v.trim().to_string())/' src/lib.rs
cp src/lib.rs lib.rs.orig
cat >> src/lib.rs <<'R'

#[cfg(test)]
mod slow {
    #[test]
    fn waits_for_lock() {
        let m = std::sync::Mutex::new(());
        let _a = m.lock().unwrap();
        std::thread::sleep(std::time::Duration::from_secs(60));
    }
}
R
cargo test --offline --no-run -q > /dev/null 2>&1
record $E b3-parse-timeout-wrapper TIMEOUT - "timeout 4 around cargo test: a test sleeps 60 s (exit 124)" -- timeout 4 cargo test --offline
CASE_LIMIT=4 record $E b3-parse-runner-deadline TIMEOUT - "the runner's 4 s deadline kills cargo test" -- cargo test --offline -q
record $E b3-parse-timeout-kill TIMEOUT - "timeout -s KILL 4 around cargo test: exit 137" -- timeout -s KILL 4 cargo test --offline -- --nocapture
cp lib.rs.orig src/lib.rs
printf 'pub fn n() -> u32 { "x" }\n' > src/bad.rs; echo 'pub mod bad;' >> src/lib.rs
record $E b3-parse-build-error CODE_ERROR - "a &str returned as u32 (E0308)" -- cargo build --offline
rm src/bad.rs; sed -i '/pub mod bad;/d' src/lib.rs
printf 'pub fn n(v: &Vec<u8>) -> usize { v.len() }\n' > src/lint.rs; echo 'pub mod lint;' >> src/lib.rs
record $E b3-parse-clippy LINT_ERROR - "clippy -D warnings: &Vec<u8> parameter (ptr_arg)" -- cargo clippy --offline -- -D warnings
rm src/lint.rs; sed -i '/pub mod lint;/d' src/lib.rs
printf '[package]\nname = "parse"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nregex = "1"\n' > Cargo.toml
record $E b3-parse-dep-offline ENV_ERROR - "regex is not in the local registry and --offline forbids fetching" -- cargo build --offline
CARGO_HOME=$WORK/b3-rs-parse/ch record $E b3-parse-dep-no-network ENV_ERROR - "fetching the index for regex fails: no network" -- cargo build
record $E b3-parse-toolchain-beta ENV_ERROR - "cargo +beta: the beta toolchain is not installed" -- cargo +beta test --offline

E=shell; TOOL="bash $(bash --version | head -1 | cut -d' ' -f4), shellcheck, bats"
project b3-sh-deploy
cat > deploy.sh <<'S'
#!/bin/bash
# Prints the release name; "error" and "timeout" are words in its output.
set -euo pipefail
name=${1:-release}
echo "deploying $name (timeout=30s, error budget 1%)"
S
record $E b3-deploy-pass PASS - "the script runs; its output mentions timeout and error" -- bash deploy.sh v1
record $E b3-deploy-shellcheck-pass PASS - "ShellCheck finds nothing" -- shellcheck deploy.sh
printf '#!/bin/sh\nfor f in $(ls *.txt); do\n  echo $f\ndone\n' > loop.sh
record $E b3-deploy-shellcheck-warn LINT_ERROR - "ShellCheck: iterating over ls output, unquoted variable" -- shellcheck loop.sh
printf '#!/bin/bash\nif [ -f x ]; then\n  echo y\n' > bad.sh
record $E b3-deploy-syntax CODE_ERROR - "bash -n: an if with no fi" -- bash -n bad.sh
mkdir -p test
printf '@test "deploy names the release" {\n  run bash deploy.sh v2\n  [ "$status" -eq 0 ]\n  [[ "$output" == *v3* ]]\n}\n' > test/deploy.bats
record $E b3-deploy-bats-fail TEST_FAILURE 1/0/1/0 "the bats test expects v3 in the output" -- bats test
printf '@test "waits for the lock" {\n  sleep 20\n}\n' > test/deploy.bats
record $E b3-deploy-bats-timeout-env TIMEOUT - "BATS_TEST_TIMEOUT=1: the test sleeps 20 s" -- env BATS_TEST_TIMEOUT=1 bats test
record $E b3-deploy-timeout-int TIMEOUT - "timeout -s INT 1 around a script waiting: exit 124" -- timeout -s INT 1 bash -c 'while :; do sleep 0.2; done'
record $E b3-deploy-timeout-verbose-kill TIMEOUT - "timeout -v -s KILL 1: timeout says it sent KILL; exit 137" -- timeout -v -s KILL 1 sleep 10
printf '#!/bin/bash\nset -e\nrsync -a ./ backup/\n' > backup.sh
record $E b3-deploy-rsync-missing ENV_ERROR - "the script runs rsync, which is not installed (exit 127)" -- bash backup.sh
record $E b3-deploy-script-missing ENV_ERROR - "sh runs a script path that does not exist" -- sh scripts/release.sh
printf '#!/bin/sh\nexit 1\n' > quiet.sh
record $E b3-deploy-silent UNKNOWN - "a script exits 1 with no output" -- sh quiet.sh

E=make; TOOL="GNU Make $(make --version | head -1 | cut -d' ' -f3)"
project b3-make-app
cat > Makefile <<'M'
CC ?= gcc
app: app.c
	$(CC) -Wall -o app app.c
test: app
	./app
slow:
	timeout 1 sleep 10
slowkill:
	timeout -s KILL 1 sleep 10
docs:
	sphinx-build -b html docs build/docs
lint:
	$(CC) -Wall -Werror -fsyntax-only app.c
M
printf '#include <stdio.h>\nint main(void) { puts("error: none, timeout: none"); return 0; }\n' > app.c
record $E b3-make-pass PASS - "builds and runs; the program prints 'error:' and 'timeout:'" -- make test
printf '#include <stdio.h>\nint main(void) { puts("x") return 0; }\n' > app.c
record $E b3-make-compile CODE_ERROR - "a missing semicolon: gcc fails under make" -- make app
printf '#include <stdio.h>\nint main(void) { int unused; puts("x"); return 0; }\n' > app.c
record $E b3-make-werror LINT_ERROR - "-Werror: an unused variable" -- make lint
record $E b3-make-timeout TIMEOUT - "the recipe's timeout 1 fires: make relays Error 124" -- make slow
record $E b3-make-timeout-kill TIMEOUT - "the recipe's timeout -s KILL 1 fires: make relays Error 137" -- make slowkill
CASE_LIMIT=2 record $E b3-make-runner-deadline TIMEOUT - "make -j2 runs both timeout recipes: they fire within 1 s (Error 124, Killed) before the runner's 2 s deadline" -- make -j2 slow slowkill
record $E b3-make-sphinx-missing ENV_ERROR - "the recipe runs sphinx-build, which is not installed" -- make docs
record $E b3-make-no-target ENV_ERROR - "make install: no such target" -- make install
record $E b3-make-C-missing ENV_ERROR - "make -C a directory that does not exist" -- make -C services/api test
