#!/usr/bin/env bash
# Blind hold-out, third round (see blind3/README): more of every label,
# across ecosystems (type checkers, formatters, silent exits, skips).
. "$(dirname "$0")/../lib.sh"
export SPLIT=blind3

E=python; TOOL="mypy, pytest, unittest, $(python3 --version)"
project b3-py-more
printf 'from typing import Optional\n\n\ndef greet(name: Optional[str]) -> str:\n    return "hi " + name\n\n\ngreet(3)\n' > g.py
record $E b3-more-mypy-optional TYPE_ERROR - "Optional[str] used as str; an int passed for str" -- mypy --no-incremental --cache-dir /dev/null g.py
cat > test_units.py <<'P'
import unittest


class Units(unittest.TestCase):
    def test_km(self):
        self.assertEqual(1000 * 1, 1000)

    def test_miles(self):
        self.assertAlmostEqual(1.609 * 2, 3.2, places=3)

    @unittest.skip("needs the unit server")
    def test_server(self):
        pass
P
record $E b3-more-unittest-fail TEST_FAILURE 2/1/1/1 "test_miles: 3.218 is not 3.2 to 3 places; one test skipped" -- python3 -m unittest -v test_units
printf 'import asyncio\n\n\nasync def main():\n    await asyncio.wait_for(asyncio.sleep(10), timeout=0.5)\n\n\nasyncio.run(main())\n' > aw.py
record $E b3-more-asyncio-timeout TIMEOUT - "asyncio.wait_for with a 0.5 s timeout around a 10 s sleep: TimeoutError" -- python3 aw.py
record $E b3-more-unittest-module-missing ENV_ERROR - "unittest of a module that imports a package not installed" -- sh -c 'printf "import boto3\n" > test_s3.py && python3 -m unittest test_s3'
printf 'import time\nimport pytest\n\n\ndef test_ok():\n    assert True\n\n\n@pytest.mark.skip(reason="timeout handling not written yet")\ndef test_later():\n    time.sleep(100)\n' > test_skip.py
record $E b3-more-pytest-skip-pass PASS 1/1/0/1 "one test passes, one (sleeping, with 'timeout' in its reason) is skipped" -- python3 -m pytest -p no:cacheprovider -rs test_skip.py

E=node; TOOL="node $(node --version)"
project b3-node-more
printf 'const test = require("node:test");\nconst assert = require("node:assert");\ntest("sum", () => assert.strictEqual(1 + 2, 3));\ntest("skip me", { skip: "no network: ETIMEDOUT in CI" }, () => {});\n' > s.test.js
record $E b3-nmore-tap-pass PASS 1/1/0/1 "one test passes, one is skipped with 'ETIMEDOUT' in its reason" -- node --test --test-reporter=tap s.test.js
record $E b3-nmore-silent-exit UNKNOWN - "a script exits 2 without a word" -- node -e 'process.exit(2)'
printf 'const { execSync } = require("child_process");\nexecSync("sleep 10", { timeout: 500 });\n' > ex.js
record $E b3-nmore-exec-timeout TIMEOUT - "execSync with a 500 ms timeout around sleep 10: ETIMEDOUT" -- node ex.js

E=typescript; TOOL="tsc $(tsc --version | cut -d' ' -f2)"
project b3-ts-more
printf 'interface User { id: number; name: string }\nconst u: User = { id: 1 };\nexport function label(x: User): string { return x.nam; }\nexport { u };\n' > user.ts
record $E b3-tmore-missing-prop TYPE_ERROR - "a property missing from an object literal; a misspelt property" -- tsc --noEmit --strict user.ts
printf '{"compilerOptions":{"strict":true,"noEmit":true},"files":["ok.ts"]}\n' > tsconfig.json
printf 'export const twice = (n: number): number => n * 2;\n' > ok.ts
record $E b3-tmore-project-pass PASS - "tsc -p with a tsconfig: the project type-checks" -- tsc -p .

E=go; TOOL="$(go version | cut -d' ' -f3)"
project b3-go-more; printf 'module example.com/more\n\ngo 1.22\n' > go.mod
printf 'package more\n\nimport "testing"\n\nfunc TestA(t *testing.T) {}\n\nfunc TestNeedsDB(t *testing.T) { t.Skip("database timed out in CI: skipped") }\n' > a_test.go
record $E b3-gmore-skip-pass PASS 1/1/0/1 "one test passes, one skips with 'timed out' in its message" -- go test -v -count=1 ./...
printf 'package more\n\nimport "testing"\n\nfunc TestA(t *testing.T) {\n\tif got := 2 * 3; got != 5 {\n\t\tt.Errorf("got %%d, want 5", got)\n\t}\n}\n' > a_test.go
record $E b3-gmore-fail-json TEST_FAILURE 1/0/1/0 "TestA's assertion fails, -json" -- go test -json -count=1 ./...

E=rust; TOOL="$(cargo --version | cut -d' ' -f1-2), rustfmt"
project b3-rs-more
printf '[package]\nname = "more"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml; mkdir -p src
printf 'fn main(){let v:Vec<u8>=vec![1,2];println!("{}",v.len());}\n' > src/main.rs
record $E b3-rmore-fmt-check LINT_ERROR - "cargo fmt --check: the file is not formatted" -- cargo fmt --check
printf 'fn main() {\n    let v: Vec<u8> = Vec::new();\n    println!("{}", v[3]);\n}\n' > src/main.rs
record $E b3-rmore-panic CODE_ERROR - "an index out of bounds panics at run time" -- cargo run --offline -q

E=shell; TOOL="bats"
project b3-sh-more; mkdir -p test
printf '@test "one" {\n  [ 1 -eq 1 ]\n}\n\n@test "timeout words: error and timed out" {\n  echo "error: timed out"\n  true\n}\n' > test/a.bats
record $E b3-shmore-bats-pass PASS 2/2/0/0 "both bats tests pass; one echoes 'error: timed out'" -- bats test

E=ruby; TOOL="ruby $(ruby -e 'print RUBY_VERSION'), minitest"
project b3-rb-more
printf 'require "minitest/autorun"\n\nclass MathTest < Minitest::Test\n  def test_add\n    assert_equal 4, 2 + 3\n  end\n\n  def test_sub\n    assert_equal 1, 3 - 2\n  end\nend\n' > math_test.rb
record $E b3-rmore-minitest-fail TEST_FAILURE 2/1/1/0 "test_add expects 4 from 2 + 3" -- ruby math_test.rb

E=php; TOOL="php $(php -r 'echo PHP_VERSION;'), phpunit"
project b3-php-more
record $E b3-pmore-phpunit-file-missing ENV_ERROR - "phpunit of a test file that does not exist" -- phpunit tests/OrderTest.php
record $E b3-pmore-silent-exit UNKNOWN - "a script exits 2 without output" -- php -r 'exit(2);'

E=java; TOOL="$(javac -version 2>&1)"
project b3-java-more
printf 'import java.util.concurrent.*;\npublic class Fut {\n  public static void main(String[] a) throws Exception {\n    ExecutorService ex = Executors.newSingleThreadExecutor();\n    Future<Integer> f = ex.submit(() -> { Thread.sleep(10000); return 1; });\n    try { f.get(300, TimeUnit.MILLISECONDS); } finally { ex.shutdownNow(); }\n  }\n}\n' > Fut.java
record $E b3-jmore-future-timeout TIMEOUT - "Future.get with a 300 ms limit: an uncaught TimeoutException" -- sh -c 'javac Fut.java && java Fut'

E=perl; TOOL="perl $(perl -e 'print $^V'), prove"
project b3-pl-more; mkdir -p t
printf 'use strict;\nuse warnings;\nuse Test::More;\nok(1, "loads");\nTODO: { local $TODO = "timeout handling"; ok(0, "retries"); }\ndone_testing;\n' > t/todo.t
record $E b3-plmore-todo-pass PASS - "a TODO test fails as expected: prove passes" -- prove t/todo.t

E=c; TOOL="gcc $(gcc -dumpversion)"
project b3-c-more
printf '#include <stdio.h>\nint main(void) { printf("%%d\\n", "x"); return 0; }\n' > f.c
record $E b3-cmore-werror-format LINT_ERROR - "-Werror=format: a string passed for %%d" -- gcc -Wall -Werror=format -c f.c
printf '#include <assert.h>\nint main(void) { assert(1 + 1 == 3); return 0; }\n' > a.c
record $E b3-cmore-assert CODE_ERROR - "a failed assert() aborts (exit 134)" -- sh -c 'gcc -o a a.c && ./a'
