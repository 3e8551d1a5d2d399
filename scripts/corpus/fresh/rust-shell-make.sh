#!/usr/bin/env bash
# Fresh hold-out (see fresh/README): Rust (cargo), shell (bash, sh,
# ShellCheck, bats) and make.
. "$(dirname "$0")/../lib.sh"
export SPLIT=fresh
E=rust; TOOL="$(cargo --version | cut -d' ' -f1-2)"
export CARGO_TARGET_DIR=$WORK/f-rs-target
crate() { printf '[package]\nname = "%s"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n' "$1" > Cargo.toml; mkdir -p src; }

project f-rs-temp; crate temp
cat > src/lib.rs <<'R'
pub fn c_to_f(c: f64) -> f64 {
    c * 9.0 / 5.0 + 32.0
}

pub fn parse(s: &str) -> Option<f64> {
    s.trim().strip_suffix('C')?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn freezing() { assert_eq!(c_to_f(0.0), 32.0); }
    #[test]
    fn boiling() { assert_eq!(c_to_f(100.0), 212.0); }
    #[test]
    fn parses_with_error_word() { eprintln!("error: simulated"); assert_eq!(parse("20C"), Some(20.0)); }
    #[test]
    #[ignore]
    fn slow_sensor() {}
}
R
record $E f-cargo-test-pass PASS 3/3/0/1 "three tests pass (one prints error:); one ignored" -- cargo test --offline
sed -i 's|c \* 9.0 / 5.0 + 32.0|c * 5.0 / 9.0 + 32.0|' src/lib.rs
record $E f-cargo-test-fail TEST_FAILURE 3/2/1/1 "the conversion factor is inverted: boiling fails (freezing still holds)" -- cargo test --offline
record $E f-cargo-test-filter-none TEST_FAILURE 0/0/0/0 "a filter that matches no test: exit 0 having run nothing" -- cargo test --offline kelvin
cat > src/lib.rs <<'R'
pub fn c_to_f(c: f64) -> f64 {
    let k: i32 = c;
    k as f64
}
R
record $E f-cargo-build-mismatch CODE_ERROR - "an f64 assigned to an i32 (E0308)" -- cargo build --offline
cat > src/lib.rs <<'R'
pub fn c_to_f(c: f64) -> f64 {
    c * factor
}
R
record $E f-cargo-check-unresolved CODE_ERROR - "an unknown name (E0425)" -- cargo check --offline
cat > src/lib.rs <<'R'
pub fn c_to_f(c: f64) -> f64 {
    return c * 9.0 / 5.0 + 32.0;
}
R
record $E f-clippy-needless-return LINT_ERROR - "clippy -D warnings: needless_return" -- cargo clippy --offline -- -D warnings
printf 'pub fn c_to_f(c:f64)->f64{c*9.0/5.0+32.0}\n' > src/lib.rs
record $E f-cargo-fmt-check LINT_ERROR - "cargo fmt --check shows the diff it would make" -- cargo fmt --check
printf 'regex = "1.10"\n' >> Cargo.toml
record $E f-cargo-offline-dep ENV_ERROR - "a dependency that is not in the local registry, --offline" -- cargo build --offline

project f-rs-run; crate runner
printf 'fn main() {\n    let v: Vec<u32> = (1..4).collect();\n    let i = v.len();\n    println!("{}", v[i]);\n}\n' > src/main.rs
record $E f-cargo-run-index-panic CODE_ERROR - "an index out of bounds panics" -- cargo run --offline -q
printf '#[test]\nfn waits_forever() {\n    loop {\n        std::thread::sleep(std::time::Duration::from_millis(50));\n    }\n}\n' > src/lib.rs
printf 'fn main() {}\n' > src/main.rs
cargo test --offline --no-run -q > /dev/null 2>&1
CASE_LIMIT=5 record $E f-cargo-test-runner-kill TIMEOUT - "a test that never ends: the runner's 5 s deadline kills cargo test" -- cargo test --offline -q
unset CARGO_TARGET_DIR

E=shell; TOOL="$(bash --version | head -1), shellcheck $(shellcheck --version | sed -n 's/^version: //p'), bats $(bats --version | cut -d' ' -f2)"
project f-sh
cat > backup.sh <<'S'
#!/bin/bash
set -euo pipefail
src=${1:-/etc}
echo "backing up $src (errors: 0)"
S
record $E f-bash-pass PASS - "the script succeeds printing errors: 0" -- bash backup.sh /tmp
cat > deploy.sh <<'S'
#!/bin/bash
if [ -n "$1" ]; then
  echo "deploying $1"
S
record $E f-bash-n-missing-fi CODE_ERROR - "bash -n: if without fi" -- bash -n deploy.sh
cat > rotate.sh <<'S'
#!/bin/sh
for f in $(ls /var/log/*.log); do
  cp $f $f.1
done
echo $UNDEFINED_DIR
S
record $E f-shellcheck-warnings LINT_ERROR - "ShellCheck: ls in a for loop, unquoted variables" -- shellcheck rotate.sh
printf '#!/bin/sh\nprintf "%%s\\n" "$1"\n' > clean.sh
record $E f-shellcheck-clean PASS - "ShellCheck on a clean script" -- shellcheck clean.sh
printf '#!/bin/bash\nset -u\necho "target: $DEPLOY_TARGET"\n' > unbound.sh
record $E f-bash-unbound CODE_ERROR - "set -u: an unbound variable" -- bash unbound.sh
printf '#!/bin/bash\nset -e\nprotoc-gen-nothere --version\necho done\n' > gen.sh
record $E f-bash-tool-missing ENV_ERROR - "the script runs a program that is not installed (exit 127)" -- bash gen.sh
printf '#!/bin/bash\nset -e\ntimeout 1 sleep 5\necho done\n' > wait.sh
record $E f-bash-inner-timeout TIMEOUT - "timeout(1) inside the script fires; set -e exits with its 124" -- bash wait.sh
printf '#!/bin/sh\necho "2 hosts unreachable"\nexit 1\n' > ping.sh
record $E f-sh-exit-1-silent UNKNOWN - "the script exits 1 saying only what it counted" -- sh ping.sh
mkdir -p test
cat > test/math.bats <<'B'
@test "adds" {
  [ "$((1 + 1))" -eq 2 ]
}
@test "error output is ignored" {
  run sh -c 'echo "error: nothing" >&2; exit 0'
  [ "$status" -eq 0 ]
}
B
record $E f-bats-pass PASS 2/2/0/0 "two tests pass (one is about error output)" -- bats test
cat >> test/math.bats <<'B'
@test "multiplies" {
  [ "$((2 * 3))" -eq 5 ]
}
B
record $E f-bats-fail TEST_FAILURE 3/2/1/0 "multiplies expects 5" -- bats test
cat > test/slow.bats <<'B'
@test "waits for the queue" {
  sleep 5
}
B
rm test/math.bats
BATS_TEST_TIMEOUT=1 record $E f-bats-test-timeout TIMEOUT 1/0/1/0 "BATS_TEST_TIMEOUT=1 fires on a test that sleeps 5 s" -- bats test

E=make; TOOL="$(make --version | head -1)"
project f-make
printf 'all:\n\t@echo "build ok (0 errors)"\n' > Makefile
record $E f-make-pass PASS - "make succeeds printing 0 errors" -- make
printf 'int main(void) { return undefined_fn(); }\n' > app.c
printf 'app: app.c\n\tgcc -Wall -o app app.c\n' > Makefile
record $E f-make-gcc-error CODE_ERROR - "the recipe's gcc fails: undefined_fn is never defined (gcc 12 warns of the implicit declaration, then ld's undefined reference)" -- make app
printf 'build:\n\t@echo building\n' > Makefile
record $E f-make-no-target ENV_ERROR - "make names a target the Makefile does not have" -- make release
mkdir -p gopkg; printf 'module example.com/mk\n\ngo 1.22\n' > gopkg/go.mod
printf 'package mk\n\nimport "testing"\n\nfunc TestSum(t *testing.T) { if 1+1 != 3 { t.Errorf("sum = %%d, want 3", 1+1) } }\n' > gopkg/mk_test.go
printf 'test:\n\tcd gopkg && go test ./...\n' > Makefile
record $E f-make-go-test-fail TEST_FAILURE - "the recipe's go test fails an assertion" -- make test
printf '#!/bin/sh\necho $1\n' > run.sh
printf 'lint:\n\tshellcheck run.sh\n' > Makefile
record $E f-make-shellcheck LINT_ERROR - "the lint recipe's ShellCheck finds an unquoted variable" -- make lint
printf 'slow:\n\ttimeout 1 sleep 5\n' > Makefile
record $E f-make-timeout TIMEOUT - "the recipe's timeout(1) fires: make relays 124" -- make slow
printf 'proto:\n\tprotoc --go_out=. api.proto\n' > Makefile
record $E f-make-protoc-missing ENV_ERROR - "the recipe runs protoc, which is not installed" -- make proto
printf 'check:\n\t@test -f VERSION\n' > Makefile
record $E f-make-check-silent UNKNOWN - "a recipe fails without saying why (test -f)" -- make check
