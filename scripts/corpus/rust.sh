#!/usr/bin/env bash
# Rust: cargo test/build/check/clippy/fmt/run, rustc (rustup stable).
. "$(dirname "$0")/lib.sh"
E=rust
TOOL="$(cargo --version | cut -d' ' -f1-2), $(rustc --version | cut -d' ' -f1-2)"
# Each project builds in its own target/: crates share the name calc, and
# a shared target directory would let one project run another's binary.
export CARGO_TERM_COLOR=never

crate() { # $1: lib.rs body
	printf '[package]\nname = "calc"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n' > Cargo.toml
	mkdir -p src
	cat > src/lib.rs
}

ok_lib() {
	cat <<'R'
pub fn add(a: i32, b: i32) -> i32 { a + b }

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn adds() { assert_eq!(add(1, 2), 3); }
    #[test]
    fn timeout_is_handled() { eprintln!("error: simulated, expected"); }
    #[test]
    #[ignore]
    fn slow() {}
}
R
}

fail_lib() {
	cat <<'R'
pub fn add(a: i32, b: i32) -> i32 { a + b }
pub fn div(a: i32, b: i32) -> i32 { a / b }

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn adds() { assert_eq!(add(1, 2), 4); }
    #[test]
    fn divides() { assert_eq!(div(6, 3), 2); }
    #[test]
    fn div_zero() { assert_eq!(div(1, 0), 0); }
    #[test]
    #[ignore]
    fn slow() {}
}
R
}

project rs-pass; ok_lib | crate
record $E test-pass PASS 2/2/0/1 "two tests pass, one ignored; one prints 'error:' and is named timeout_is_handled (decoys)" -- cargo test --offline
record $E test-pass-q PASS 2/2/0/1 "the same, -q" -- cargo test --offline -q
project rs-fail; fail_lib | crate
record $E test-fail TEST_FAILURE 3/1/2/1 "adds asserts a wrong sum; div_zero panics dividing by zero" -- cargo test --offline
record $E test-fail-q TEST_FAILURE 3/1/2/1 "the same, -q" -- cargo test --offline -q
record $E test-fail-nocapture TEST_FAILURE 3/1/2/1 "the same, -- --nocapture" -- cargo test --offline -- --nocapture
record $E test-fail-filter TEST_FAILURE 1/0/1/0 "a name filter selects the failing adds" -- cargo test --offline adds
record $E test-filter-none TEST_FAILURE 0/0/0/0 "a name filter that matches no test: exit 0 having run nothing" -- cargo test --offline no_such_test

project rs-integration; ok_lib | crate
mkdir -p tests
printf 'use calc::add;\n\n#[test]\nfn integrates() { assert_eq!(add(2, 2), 5); }\n' > tests/it.rs
record $E test-integration-fail TEST_FAILURE 3/2/1/1 "the integration test fails; unit tests pass" -- cargo test --offline --no-fail-fast

project rs-doctest
crate <<'R'
/// ```
/// assert_eq!(calc::add(1, 2), 4);
/// ```
pub fn add(a: i32, b: i32) -> i32 { a + b }
R
record $E test-doctest-fail TEST_FAILURE 1/0/1/0 "a doc test asserts a wrong sum" -- cargo test --offline --doc

project rs-slow
crate <<'R'
#[cfg(test)]
mod tests {
    #[test]
    fn quick() {}
    #[test]
    fn slow() { std::thread::sleep(std::time::Duration::from_secs(30)); }
}
R
cargo build --offline --tests -q 2>/dev/null
record $E test-timeout-wrapper TIMEOUT - "timeout(1) stops cargo test after 3 s while slow sleeps: exit 124" -- timeout 3 cargo test --offline
CASE_LIMIT=4 record $E test-timeout-runner TIMEOUT - "the runner's 4 s deadline kills cargo test while slow sleeps" -- cargo test --offline

project rs-e0308; crate <<'R'
pub fn add(a: i32, b: i32) -> i32 { "sum" }
R
record $E build-mismatched-types CODE_ERROR - "a &str returned as i32 (E0308)" -- cargo build --offline
record $E check-mismatched-types CODE_ERROR - "the same, cargo check" -- cargo check --offline
record $E test-mismatched-types CODE_ERROR - "the same, cargo test cannot compile" -- cargo test --offline
project rs-borrow; crate <<'R'
pub fn f() -> usize {
    let v = vec![1];
    let w = v;
    v.len() + w.len()
}
R
record $E build-borrow CODE_ERROR - "use of a moved value (E0382)" -- cargo build --offline
project rs-unresolved; crate <<'R'
use std::collections::HashMapp;
pub fn f() -> HashMapp<i32, i32> { HashMapp::new() }
R
record $E build-unresolved-import CODE_ERROR - "an unresolved import (E0432)" -- cargo build --offline
project rs-syntax; crate <<'R'
pub fn add(a: i32, b: i32) -> i32 { a + b
R
record $E build-syntax CODE_ERROR - "an unclosed delimiter" -- cargo build --offline
record $E rustc-syntax CODE_ERROR - "rustc on the broken file" -- rustc --crate-type lib src/lib.rs -o /dev/null
project rs-testcompile; ok_lib | crate
mkdir -p tests; printf 'use calc::sub;\n#[test]\nfn t() { sub(1, 2); }\n' > tests/it.rs
record $E test-compile-tests CODE_ERROR - "the integration test imports a function that does not exist" -- cargo test --offline

project rs-clippy; crate <<'R'
pub fn f(v: &Vec<i32>) -> usize { v.len() }
pub fn g(x: i32) -> bool { if x == 1 { true } else { false } }
R
record $E clippy-deny LINT_ERROR - "clippy warnings made errors with -D warnings" -- cargo clippy --offline -- -D warnings
record $E clippy-warn-pass PASS - "clippy warnings without -D: the run passes with warnings printed" -- cargo clippy --offline
project rs-deny; crate <<'R'
#![deny(unused_variables)]
pub fn f() { let x = 1; }
R
record $E build-deny-lint LINT_ERROR - "#![deny(unused_variables)] makes the unused x an error" -- cargo build --offline
project rs-fmt; crate <<'R'
pub fn add(a:i32,b:i32)->i32{a+b}
R
record $E fmt-check LINT_ERROR - "cargo fmt --check shows the formatting diff" -- cargo fmt --check

project rs-dep; ok_lib | crate
printf 'serde_not_there = "1"\n' >> Cargo.toml
record $E build-missing-dep ENV_ERROR - "a dependency that cannot be fetched offline" -- cargo build --offline
project rs-nocargo
record $E build-no-cargo-toml ENV_ERROR - "no Cargo.toml in the directory" -- cargo build --offline
project rs-toolchain; ok_lib | crate
record $E test-toolchain-missing ENV_ERROR - "a toolchain that is not installed (rustup)" -- cargo +nightly-2019-01-01 test --offline
record $E nextest-not-installed ENV_ERROR - "cargo nextest is not installed" -- cargo nextest run --offline
project rs-badmanifest; printf '[package]\nname = "calc"\nversion = \n' > Cargo.toml; mkdir -p src; echo 'pub fn f() {}' > src/lib.rs
record $E build-bad-manifest ENV_ERROR - "Cargo.toml does not parse" -- cargo build --offline

project rs-run
printf '[package]\nname = "tool"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml; mkdir -p src
printf 'fn main() {\n    let v: Vec<i32> = Vec::new();\n    println!("{}", v[3]);\n}\n' > src/main.rs
record $E run-panic CODE_ERROR - "the program indexes out of bounds and panics" -- cargo run --offline -q
printf 'fn main() {\n    println!("2 entries stale");\n    std::process::exit(3);\n}\n' > src/main.rs
record $E run-exit-silent UNKNOWN - "the program exits 3 saying only what it counted" -- cargo run --offline -q
printf 'fn main() {\n    let unused = 1;\n    println!("done, 0 errors");\n}\n' > src/main.rs
record $E run-pass-warning PASS - "a program that compiles with a warning and succeeds" -- cargo run --offline -q
