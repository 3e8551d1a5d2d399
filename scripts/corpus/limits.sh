#!/usr/bin/env bash
# Tuning cases for the two thin labels, TIMEOUT and ENV_ERROR (third
# round): every way a time limit shows up (a runner's own limit, timeout(1)
# with each signal and --preserve-status, make relaying it, interpreters'
# alarms and limits, the runner's deadline) and every way a missing setup
# shows up (a tool, plugin, module, package, config or file that is not
# there; a toolchain not installed; a fetch refused: this machine has no
# network, so pip, cargo, go, Maven, npm and gem fetches fail).
. "$(dirname "$0")/lib.sh"
export SPLIT=tune
mod() { printf 'module example.com/%s\n\ngo 1.22\n' "$1" > go.mod; }

# --- Go ---
E=go; TOOL="$(go version | cut -d' ' -f3)"
project lt-go-block; mod block
printf 'package block\n\nimport "testing"\n\nfunc TestWaits(t *testing.T) {\n\tch := make(chan int)\n\t<-ch\n}\n\nfunc TestOK(t *testing.T) {}\n' > b_test.go
record $E lt-go-timeout-blocked-chan TIMEOUT - "go test -timeout 1s: a test blocks on a channel receive; the binary panics with its goroutines" -- go test -count=1 -timeout 1s ./...
record $E lt-go-timeout-json-run TIMEOUT - "the same under -json -run TestWaits" -- go test -json -count=1 -timeout 1s -run TestWaits ./...
record $E lt-go-timeout-wrapper-int TIMEOUT - "timeout -s INT 3 around go test (no -timeout): exit 124" -- timeout -s INT 3 go test -count=1 ./...
CASE_LIMIT=4 record $E lt-go-runner-deadline TIMEOUT - "the runner's 4 s deadline kills go test" -- go test -count=1 ./...
project lt-go-fetch; printf 'module example.com/fetch\n\ngo 1.22\n' > go.mod
# This machine reaches the Go module proxy (nothing else): a module that
# the proxy does not have (a private one) cannot be fetched.
printf 'package main\n\nimport "github.com/engineo-private/billing/money"\n\nfunc main() { println(money.Zero) }\n' > main.go
GOFLAGS=-mod=mod GOMODCACHE=$WORK/lt-go-fetch/modcache record $E lt-go-fetch-private ENV_ERROR - "go build must download a private module the proxy does not have (404/410)" -- go build ./...
GOMODCACHE=$WORK/lt-go-fetch/modcache GOPROXY=off record $E lt-go-install-tool-offline ENV_ERROR - "go install of a tool at @latest with GOPROXY=off: module lookup disabled" -- go install golang.org/x/tools/cmd/stringer@latest
project lt-go-gen; mod gen
printf 'package gen\n\n//go:generate mockgen -source=gen.go -destination=mock.go\n\ntype S interface{ F() }\n' > gen.go
record $E lt-go-generate-tool-missing ENV_ERROR - "go generate runs mockgen, which is not installed" -- go generate ./...
record $E lt-go-vettool-missing ENV_ERROR - "-vettool names a program that does not exist" -- go vet -vettool=/opt/nothere/shadow ./...

# --- Python ---
E=python; TOOL="pytest $(/usr/bin/python3 -m pytest --version 2>&1 | cut -d' ' -f2), pytest-timeout, $(/usr/bin/python3 --version)"
project lt-py; mkdir -p tests
printf 'import time\nimport pytest\n\n\n@pytest.mark.timeout(0.5)\ndef test_slow_marked():\n    time.sleep(3)\n\n\ndef test_fast():\n    assert 1 + 1 == 2\n' > tests/test_mark.py
record $E lt-pytest-timeout-marker TIMEOUT - "@pytest.mark.timeout(0.5) on a test that sleeps 3 s (signal method): the run ends at the timeout" -- python3 -m pytest -p no:cacheprovider tests/test_mark.py
record $E lt-pytest-timeout-marker-thread TIMEOUT - "the same with --timeout-method=thread: pytest-timeout dumps the stacks and exits" -- python3 -m pytest -p no:cacheprovider --timeout-method=thread tests/test_mark.py
printf 'import time\n\n\ndef test_a():\n    assert True\n\n\ndef test_b():\n    time.sleep(5)\n' > tests/test_b.py
record $E lt-pytest-timeout-ini TIMEOUT - "timeout = 1 in pytest.ini; test_b sleeps 5 s" -- sh -c "printf '[pytest]\ntimeout = 1\n' > pytest.ini && python3 -m pytest -p no:cacheprovider -q tests/test_b.py; s=\$?; rm pytest.ini; exit \$s"
record $E lt-python-timeout-int TIMEOUT - "timeout -s INT 1: python's KeyboardInterrupt traceback, exit 124" -- timeout -s INT 1 python3 -c 'import time; time.sleep(5)'
record $E lt-python-timeout-preserve TIMEOUT - "timeout --preserve-status 1: python killed by TERM, exit 143" -- timeout --preserve-status 1 python3 -c 'import time; time.sleep(5)'
record $E lt-pytest-timeout-preserve-int TIMEOUT - "timeout --preserve-status -s INT 2 around pytest: pytest's KeyboardInterrupt summary, exit 2" -- timeout --preserve-status -s INT 2 python3 -m pytest -p no:cacheprovider -q tests/test_b.py
printf 'import unittest\nimport socket\n\n\nclass T(unittest.TestCase):\n    def test_connect(self):\n        s = socket.socket()\n        s.settimeout(0.5)\n        s.bind(("127.0.0.1", 0))\n        s.listen(0)\n        c = socket.socket()\n        c.settimeout(0.5)\n        c.connect(s.getsockname())\n        c.recv(1)\n' > test_sock.py
record $E lt-unittest-socket-timeout TIMEOUT 1/0/1/0 "a socket read with a 0.5 s timeout gets nothing: TimeoutError: timed out ends the test's traceback" -- python3 -m unittest -v test_sock
record $E lt-pip-download-no-network ENV_ERROR - "pip download needs the index; no network (retries 0, timeout 2)" -- python3 -m pip download --no-cache-dir --retries 0 --timeout 2 -d dl requests==2.31.0
record $E lt-pip-install-user-no-network ENV_ERROR - "pip install --user --break-system-packages of a package that must be fetched: no network" -- python3 -m pip install --no-cache-dir --user --break-system-packages --retries 0 --timeout 2 attrs-not-here-xyz==1.0
record $E lt-pytest-plugin-option-missing ENV_ERROR - "--cov without pytest-cov installed: pytest rejects the option" -- python3 -m pytest -p no:cacheprovider --cov=. tests/test_mark.py
record $E lt-python-missing-module-yaml ENV_ERROR - "a script imports a module that is not installed" -- python3 -c 'import requests_toolbelt'
record $E lt-pytest-c-missing ENV_ERROR - "-c names a config file that does not exist" -- python3 -m pytest -p no:cacheprovider -c setup-nothere.cfg tests/test_mark.py
record $E lt-tox-not-installed ENV_ERROR - "tox is not installed (python -m tox)" -- python3 -m tox -e py

# --- Node ---
E=node; TOOL="node $(node --version), npm $(npm --version)"
project lt-node
printf 'const test = require("node:test");\nconst assert = require("node:assert");\ntest("quick", () => assert.ok(true));\ntest("waits for a reply", { timeout: 300 }, () => new Promise(() => {}));\n' > wait.test.js
record $E lt-node-test-option-never-resolves TEST_FAILURE - "a test with { timeout: 300 } whose promise never settles and nothing keeps the event loop alive: node cancels it at once (no time limit fired; the test is broken)" -- node --test wait.test.js
printf 'const test = require("node:test");\ntest("waits for a reply", { timeout: 300 }, () => new Promise(() => { setInterval(() => {}, 100); }));\n' > poll.test.js
CASE_LIMIT=5 record $E lt-node-test-option-interval TIMEOUT - "a test with { timeout: 300 } whose promise never settles while a timer keeps the loop alive: the limit fires (not ok, timed out), and the timer keeps node running until the runner's deadline kills it" -- node --test poll.test.js
record $E lt-node-test-timeout-flag-tap TIMEOUT - "--test-timeout=300 with the tap reporter, a test that sleeps 5 s" -- sh -c 'printf "const test = require(\"node:test\");\ntest(\"sleeps\", async () => { await new Promise((r) => setTimeout(r, 5000)); });\n" > sleep.test.js && node --test --test-reporter=tap --test-timeout=300 sleep.test.js'
record $E lt-node-timeout-kill TIMEOUT - "timeout -s KILL 1 around node: exit 137" -- timeout -s KILL 1 node -e 'setInterval(() => {}, 1000)'
record $E lt-node-timeout-preserve TIMEOUT - "timeout --preserve-status 1: node killed by TERM, exit 143" -- timeout --preserve-status 1 node -e 'setInterval(() => {}, 1000)'
printf '{"name":"lt","version":"1.0.0","scripts":{"test":"mocha test/","lint":"eslint ."}}\n' > package.json
record $E lt-npm-test-mocha-missing ENV_ERROR - "npm test runs mocha, which is not installed: sh: mocha: not found" -- npm test
record $E lt-npm-run-lint-eslint-missing ENV_ERROR - "npm run lint runs eslint, which is not installed" -- npm run lint
printf '{"name":"lt","version":"1.0.0","dependencies":{"is-odd":"3.0.1"}}\n' > package.json
record $E lt-npm-install-no-network ENV_ERROR - "npm install must fetch is-odd; no network" -- npm install --no-audit --no-fund --fetch-retries=0 --fetch-timeout=3000 --cache "$WORK/lt-node/cache"
npm_config_fetch_retries=0 npm_config_fetch_timeout=3000 record $E lt-npx-yes-no-network ENV_ERROR - "npx --yes must fetch cowsay; no network" -- npx --yes --cache "$WORK/lt-node/cache" cowsay hi
printf 'import chalk from "chalk";\nconsole.log(chalk.red("x"));\n' > app.mjs
record $E lt-node-esm-package-missing ENV_ERROR - "an ES module imports a package that is not installed" -- node app.mjs

# --- TypeScript ---
E=typescript; TOOL="tsc $(tsc --version | cut -d' ' -f2)"
project lt-ts
printf 'const port: number = Number(process.env.PORT);\nexport { port };\n' > env.ts
record $E lt-tsc-node-types-missing ENV_ERROR - "process is unknown: tsc says to install @types/node (TS2580)" -- tsc --noEmit env.ts
printf '{"extends": "@tsconfig/node20/tsconfig.json", "include": ["*.ts"]}\n' > tsconfig.json
record $E lt-tsc-extends-package-missing ENV_ERROR - "tsconfig extends a package that is not installed" -- tsc --noEmit -p .
rm tsconfig.json
record $E lt-tsc-timeout-watch TIMEOUT - "timeout 2 around tsc --watch: exit 124" -- timeout 2 tsc --watch --noEmit env.ts
printf 'import express from "express";\nexport const app = express();\n' > app.ts
record $E lt-tsc-import-package-missing ENV_ERROR - "an import of a package that is not installed (TS2307)" -- tsc --noEmit --esModuleInterop app.ts

# --- Rust ---
E=rust; TOOL="$(cargo --version | cut -d' ' -f1-2)"
project lt-rs
printf '[package]\nname = "lt"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml; mkdir -p src
printf 'pub fn f() -> u8 { 1 }\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn quick() { assert_eq!(super::f(), 1); }\n    #[test]\n    fn hangs() { std::thread::sleep(std::time::Duration::from_secs(30)); }\n}\n' > src/lib.rs
cargo test --offline --no-run -q >/dev/null 2>&1
record $E lt-cargo-test-timeout-int TIMEOUT - "timeout -s INT 3 around cargo test: a test sleeps 30 s; exit 124" -- timeout -s INT 3 cargo test --offline
record $E lt-cargo-test-timeout-kill TIMEOUT - "timeout -s KILL 3 around cargo test: exit 137" -- timeout -s KILL 3 cargo test --offline
record $E lt-cargo-test-timeout-verbose TIMEOUT - "timeout -v 3 around cargo test -q: timeout names the signal it sent" -- timeout -v 3 cargo test --offline -q
printf '[package]\nname = "lt"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nserde = "1"\n' > Cargo.toml
CARGO_HOME=$WORK/lt-rs/cargo-home record $E lt-cargo-fetch-no-network ENV_ERROR - "cargo must fetch the crates.io index for serde; no network" -- cargo fetch
record $E lt-cargo-nightly-missing ENV_ERROR - "cargo +nightly build --offline: serde (now a dependency) is not in the local registry, and --offline forbids fetching it" -- cargo +nightly build --offline
record $E lt-cargo-install-no-network ENV_ERROR - "cargo install of a crate that must be fetched; no network" -- env CARGO_HOME=$WORK/lt-rs/cargo-home cargo install ripgrep

# --- Shell ---
E=shell; TOOL="bash $(bash --version | head -1 | cut -d' ' -f4), coreutils timeout, bats"
project lt-sh
record $E lt-timeout-int-sleep TIMEOUT - "timeout -s INT 1 sleep 5: exit 124" -- timeout -s INT 1 sleep 5
record $E lt-timeout-preserve-sleep TIMEOUT - "timeout --preserve-status 1 sleep 5: sleep killed by TERM, exit 143" -- timeout --preserve-status 1 sleep 5
record $E lt-timeout-k-trap TIMEOUT - "timeout -k 1 1 around a script that ignores TERM: KILLed, exit 137" -- timeout -k 1 1 bash -c 'trap "" TERM; sleep 5'
record $E lt-timeout-in-script TIMEOUT - "a script's own timeout around a step; the script reports and exits with its code 124" -- bash -c 'timeout 1 sleep 5; s=$?; echo "step failed with $s"; exit $s'
printf '#!/bin/bash\nset -e\necho "waiting for the server"\nread -r -t 1 line < <(sleep 5)\necho got "$line"\n' > wait.sh
record $E lt-bash-read-timeout TIMEOUT - "read -t 1 gives up after 1 s (status 142) and set -e ends the script with it: a time limit inside the script" -- bash wait.sh
mkdir -p test; printf '@test "quick" {\n  true\n}\n\n@test "slow" {\n  sleep 10\n}\n' > test/t.bats
record $E lt-bats-timeout-kill TIMEOUT - "timeout -s KILL 2 around bats: exit 137" -- timeout -s KILL 2 bats test
printf '#!/bin/sh\nset -e\njq .name package.json\n' > name.sh
record $E lt-sh-jq-missing ENV_ERROR - "the script's input file (package.json) is not there: jq cannot open it" -- sh name.sh
printf '#!/bin/sh\nset -e\nhelm lint .\n' > helm.sh
record $E lt-sh-helm-missing ENV_ERROR - "the script runs helm, which is not installed: exit 127" -- sh helm.sh
printf '#!/bin/bash\nset -e\nsource ./.env.local\necho "$DB"\n' > env.sh
record $E lt-bash-source-missing ENV_ERROR - "the script sources a file that does not exist; set -e ends it" -- bash env.sh
record $E lt-bats-helper-missing ENV_ERROR - "a bats test loads a helper library that is not installed" -- sh -c 'mkdir -p t2 && printf "load \"../node_modules/bats-support/load\"\n\n@test \"x\" {\n  true\n}\n" > t2/h.bats && bats t2'

# --- make ---
E=make; TOOL="GNU Make $(make --version | head -1 | cut -d' ' -f3)"
project lt-make
printf 'test:\n\ttimeout -s KILL 1 sleep 5\n\nint:\n\ttimeout -s INT 1 sleep 5\n\npreserve:\n\ttimeout --preserve-status 1 sleep 5\n\nproto:\n\tprotoc --go_out=. api.proto\n\nlint:\n\tgolangci-lint run ./...\n' > Makefile
record $E lt-make-timeout-kill TIMEOUT - "the recipe's timeout -s KILL fires: make relays Error 137" -- make test
record $E lt-make-timeout-int TIMEOUT - "the recipe's timeout -s INT fires: make relays Error 124" -- make int
record $E lt-make-timeout-preserve TIMEOUT - "the recipe's timeout --preserve-status fires: make relays Error 143" -- make preserve
printf 'all:\n\tsleep 10\n' > slow.mk
CASE_LIMIT=2 record $E lt-make-runner-deadline TIMEOUT - "the runner's 2 s deadline kills make" -- make -f slow.mk
record $E lt-make-protoc-missing ENV_ERROR - "the recipe runs protoc, which is not installed: Error 127" -- make proto
record $E lt-make-lint-tool-missing ENV_ERROR - "the recipe runs golangci-lint, which is not installed" -- make lint
printf 'include config.mk\nall:\n\techo ok\n' > inc.mk
record $E lt-make-include-missing ENV_ERROR - "the Makefile includes a generated file that is not there" -- make -f inc.mk

# --- C / C++ (CTest) ---
E=c; TOOL="gcc $(gcc -dumpversion), cmake/ctest $(cmake --version | head -1 | cut -d' ' -f3)"
project lt-c
printf 'cmake_minimum_required(VERSION 3.13)\nproject(lt C)\nenable_testing()\nadd_executable(fast fast.c)\nadd_executable(hang hang.c)\nadd_test(NAME fast COMMAND fast)\nadd_test(NAME hang COMMAND hang)\n' > CMakeLists.txt
printf 'int main(void) { return 0; }\n' > fast.c
printf '#include <unistd.h>\nint main(void) { sleep(30); return 0; }\n' > hang.c
cmake -S . -B build >/dev/null 2>&1 && cmake --build build >/dev/null 2>&1
record $E lt-ctest-timeout-1 TIMEOUT - "ctest --timeout 1: the hang test sleeps 30 s" -- ctest --test-dir build --timeout 1
record $E lt-ctest-timeout-output-on-failure TIMEOUT - "the same with --output-on-failure" -- ctest --test-dir build --timeout 1 --output-on-failure
printf '#include <signal.h>\n#include <unistd.h>\nint main(void) { alarm(1); for (;;) pause(); }\n' > al.c
record $E lt-c-alarm-run TIMEOUT - "a program arms alarm(1) and waits: killed by SIGALRM, exit 142" -- sh -c 'gcc -o al al.c && ./al'
printf '#include <curl/curl.h>\nint main(void) { curl_global_init(0); return 0; }\n' > net.c
record $E lt-gcc-curl-missing ENV_ERROR - "libcurl's headers are not installed" -- gcc -c net.c
printf 'cmake_minimum_required(VERSION 3.13)\nproject(z C)\nfind_package(CURL REQUIRED)\n' > CMakeLists.txt
record $E lt-cmake-curl-missing ENV_ERROR - "find_package(CURL REQUIRED): libcurl's development files are not installed" -- cmake -S . -B build2
E=cpp; TOOL="g++ $(g++ -dumpversion)"
project lt-cpp
printf '#include <chrono>\n#include <future>\n#include <iostream>\n#include <thread>\nint main() {\n  auto f = std::async(std::launch::async, [] { std::this_thread::sleep_for(std::chrono::seconds(30)); return 1; });\n  if (f.wait_for(std::chrono::milliseconds(200)) == std::future_status::timeout) {\n    std::cerr << "worker timed out after 200ms\\n";\n    std::quick_exit(3);\n  }\n}\n' > w.cpp
record $E lt-cpp-timeout-wrapper-kill TIMEOUT - "timeout -s KILL 2 around a program that sleeps: exit 137" -- sh -c 'printf "#include <thread>\n#include <chrono>\nint main(){std::this_thread::sleep_for(std::chrono::seconds(30));}\n" > s.cpp && g++ -o s s.cpp && timeout -s KILL 2 ./s'
printf '#include <boost/asio.hpp>\nint main() { boost::asio::io_context io; io.run(); }\n' > b.cpp
record $E lt-gxx-boost-missing ENV_ERROR - "Boost's headers are not installed" -- g++ -c b.cpp
record $E lt-gxx-lib-missing ENV_ERROR - "linking against a library that is not installed (-lfmt)" -- sh -c 'printf "int main(){}\n" > m.cpp && g++ -o m m.cpp -lfmt'

# --- Java ---
E=java; TOOL="$(javac -version 2>&1), JUnit 4.13 (Debian junit4), $(mvn -v 2>/dev/null | head -1 | sed 's/\x1b\[[0-9;]*m//g')"
CP=/usr/share/java/junit4.jar:/usr/share/java/hamcrest-core.jar
project lt-java
cat > SlowTest.java <<'J'
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.Timeout;
import static org.junit.Assert.*;

public class SlowTest {
    @Rule public Timeout limit = Timeout.millis(300);

    @Test public void quick() { assertEquals(2, 1 + 1); }

    @Test public void waits() throws Exception { Thread.sleep(5000); }
}
J
javac -cp $CP SlowTest.java
record $E lt-junit-timeout-rule TIMEOUT 2/1/1/0 "a JUnit 4 Timeout rule of 300 ms; one test sleeps 5 s" -- java -cp $CP:. org.junit.runner.JUnitCore SlowTest
record $E lt-java-timeout-wrapper-int TIMEOUT - "timeout -s INT 1 around a java program that sleeps: exit 124" -- sh -c 'printf "public class S { public static void main(String[] a) throws Exception { Thread.sleep(30000); } }\n" > S.java && javac S.java && timeout -s INT 1 java S'
mkdir -p mvnp; cat > mvnp/pom.xml <<'P'
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>x</groupId><artifactId>lt</artifactId><version>1</version>
  <dependencies><dependency><groupId>com.google.guava</groupId><artifactId>guava</artifactId><version>33.0.0-jre</version></dependency></dependencies>
</project>
P
record $E lt-mvn-online-no-network ENV_ERROR - "mvn (online) must download plugins from Maven Central; no network" -- mvn -B -q -f mvnp/pom.xml -Dmaven.repo.local=$WORK/lt-java/m2 compile
record $E lt-mvn-dependency-get-offline ENV_ERROR - "mvn -o dependency:get: the plugin is not in the local repository" -- mvn -B -o -Dmaven.repo.local=$WORK/lt-java/m2 dependency:get -Dartifact=com.google.guava:guava:33.0.0-jre
printf 'import com.google.gson.Gson;\npublic class G { public static void main(String[] a) { System.out.println(new Gson().toJson(1)); } }\n' > G.java
record $E lt-javac-classpath-jar-missing ENV_ERROR - "the classpath names a jar that is not there; the package it provides does not exist" -- javac -cp lib/gson-2.10.jar G.java

# --- Ruby ---
E=ruby; TOOL="ruby $(ruby -e 'print RUBY_VERSION'), rspec, minitest"
project lt-rb
printf 'require "minitest/autorun"\nrequire "timeout"\n\nclass SlowTest < Minitest::Test\n  def test_quick\n    assert_equal 2, 1 + 1\n  end\n\n  def test_reply\n    Timeout.timeout(0.3) { sleep 5 }\n  end\nend\n' > slow_test.rb
record $E lt-minitest-timeout-error TIMEOUT 2/1/1/0 "minitest: Timeout.timeout(0.3) around a 5 s sleep raises Timeout::Error (an error, not a failure)" -- ruby slow_test.rb
printf 'require "timeout"\n\nRSpec.describe "client" do\n  around(:each) { |ex| Timeout.timeout(0.3) { ex.run } }\n  it("answers") { sleep 5 }\n  it("is quick") { expect(1).to eq(1) }\nend\n' > client_spec.rb
record $E lt-rspec-around-timeout TIMEOUT 2/1/1/0 "an around hook limits each example to 0.3 s; one example sleeps" -- rspec client_spec.rb
record $E lt-ruby-timeout-preserve TIMEOUT - "timeout --preserve-status 1 around ruby: killed by TERM, exit 143" -- timeout --preserve-status 1 ruby -e 'sleep 5'
record $E lt-gem-install-no-network ENV_ERROR - "gem install must fetch from rubygems.org; no network" -- gem install --install-dir "$WORK/lt-rb/gems" rack
record $E lt-ruby-require-gem-missing ENV_ERROR - "require of a gem that is not installed" -- ruby -e 'require "nokogiri"'

# --- PHP ---
E=php; TOOL="php $(php -r 'echo PHP_VERSION;'), phpunit"
project lt-php
printf '<?php\nset_time_limit(1);\n$i = 0;\nwhile (true) { $i++; }\n' > busy.php
record $E lt-php-set-time-limit-loop TIMEOUT - "set_time_limit(1) and a busy loop: Maximum execution time exceeded" -- php busy.php
record $E lt-php-timeout-kill TIMEOUT - "timeout -s KILL 1 around php sleeping: exit 137" -- timeout -s KILL 1 php -r 'sleep(5);'
printf '<?php\nuse PHPUnit\\Framework\\TestCase;\n\nfinal class SlowTest extends TestCase {\n    public function testQuick(): void { $this->assertSame(2, 1 + 1); }\n    public function testBusy(): void { set_time_limit(1); while (true) {} }\n}\n' > SlowTest.php
record $E lt-phpunit-time-limit TIMEOUT - "a PHPUnit test sets a 1 s limit and loops: PHP's fatal error ends the run" -- phpunit SlowTest.php
printf '<?php\nrequire __DIR__ . "/vendor/autoload.php";\necho "ok\\n";\n' > app.php
record $E lt-php-vendor-autoload-missing ENV_ERROR - "require of vendor/autoload.php: composer install was not run" -- php app.php
record $E lt-phpunit-bootstrap-vendor-missing ENV_ERROR - "phpunit --bootstrap vendor/autoload.php that does not exist" -- phpunit --bootstrap vendor/autoload.php SlowTest.php
record $E lt-php-pdo-driver-missing ENV_ERROR - "PDO's sqlite driver (pdo_sqlite) is not installed: could not find driver" -- php -r 'new PDO("sqlite::memory:");'

# --- Perl ---
E=perl; TOOL="perl $(perl -e 'print $^V'), prove"
project lt-pl; mkdir -p t
printf 'use strict;\nuse warnings;\nuse Test::More tests => 2;\nok(1, "quick");\nalarm 1;\nsleep 5;\nok(1, "slow");\n' > t/slow.t
record $E lt-prove-alarm TIMEOUT - "a test arms alarm 1 and sleeps: prove reports Wstat 14 (SIGALRM)" -- prove t/slow.t
printf 'use strict;\nuse warnings;\nmy $ok = eval {\n    local $SIG{ALRM} = sub { die "timed out after 1s\\n" };\n    alarm 1;\n    sleep 5;\n    alarm 0;\n    1;\n};\ndie "fetch: $@" unless $ok;\n' > fetch.pl
record $E lt-perl-alarm-die TIMEOUT - "Perl's alarm idiom: the handler dies 'timed out after 1s', the script dies with it (exit 255)" -- perl fetch.pl
record $E lt-perl-timeout-int TIMEOUT - "timeout -s INT 1 around perl: exit 124" -- timeout -s INT 1 perl -e 'sleep 5'
printf 'use strict;\nuse Test::More;\nuse Test::Deep;\ncmp_deeply([1], [1]);\ndone_testing;\n' > t/deep.t
record $E lt-prove-module-missing ENV_ERROR - "a test uses Test::Deep, which is not installed" -- prove t/deep.t
record $E lt-cpanm-not-installed ENV_ERROR - "cpanm is not installed" -- sh -c 'cpanm --installdeps .'
