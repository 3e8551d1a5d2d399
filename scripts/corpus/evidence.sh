#!/usr/bin/env bash
# Tuning cases of the kinds of evidence the first rules lacked (learnt from
# the kinds of the first hold-out part's misses, without naming any of
# them): a program or compiler whose input path or class, named on its
# command line, does not exist; time limits that fire inside an interpreter
# (PHP's max_execution_time, SIGALRM, SIGXCPU, Ruby's Timeout, Python's and
# Java's timeout exceptions, node's child timeouts, go test -timeout under
# -json); go vet's findings inside go test; interpreters' runtime errors in
# their own words (Perl's die, node's stack); PHP functions and classes of
# extensions that are not installed. Every case here is in the tuning part.
. "$(dirname "$0")/lib.sh"
export SPLIT=tune

# --- Inputs named on the command line that do not exist -------------------
E=ruby; TOOL="ruby $(ruby -e 'print RUBY_VERSION')"
project ev-rb; mkdir -p lib
record $E ev-ruby-w-missing ENV_ERROR - "ruby -w runs a script path that does not exist" -- ruby -w lib/missing.rb
record $E ev-ruby-c-missing ENV_ERROR - "ruby -c checks a file that does not exist" -- ruby -c missing.rb
printf 'require "timeout"\nTimeout.timeout(0.3) { sleep 3 }\nputs "done"\n' > slow.rb
record $E ev-ruby-timeout-block TIMEOUT - "Timeout.timeout(0.3) fires around a sleep: uncaught Timeout::Error" -- ruby slow.rb
printf 'def total(xs)\n  xs.sum\nend\nputs total(nil)\n' > nilsum.rb
record $E ev-ruby-nomethod CODE_ERROR - "NoMethodError on nil" -- ruby nilsum.rb

E=perl; TOOL="perl $(perl -e 'print $^V')"
project ev-pl
record $E ev-perl-w-missing ENV_ERROR - "perl -w runs a script path that does not exist" -- perl -w bin/missing.pl
record $E ev-perl-c-missing ENV_ERROR - "perl -c checks a file that does not exist" -- perl -c missing.pl
printf 'use strict;\nuse warnings;\nmy $cfg;\nprint $cfg->name, "\\n";\n' > method.pl
record $E ev-perl-undef-method CODE_ERROR - "Can't call method on an undefined value" -- perl method.pl
printf 'use strict;\nuse warnings;\nreport();\n' > undefsub.pl
record $E ev-perl-undef-sub CODE_ERROR - "Undefined subroutine &main::report called" -- perl undefsub.pl
printf 'use strict;\nuse warnings;\nmy @rows = ();\ndie unless @rows;\n' > died.pl
record $E ev-perl-died CODE_ERROR - "a bare die: Died at died.pl line 4." -- perl died.pl
printf 'use strict;\nuse warnings;\nsub parse { my ($s) = @_; die "parse: unexpected token in $s" }\nparse("a=1");\n' > dieloc.pl
record $E ev-perl-die-msg CODE_ERROR - "die with a message: '... at dieloc.pl line 3.'" -- perl dieloc.pl
printf 'alarm 1;\nsleep 5;\nprint "done\\n";\n' > alarm.pl
record $E ev-perl-alarm TIMEOUT - "alarm 1 fires during a sleep: killed by SIGALRM (exit 142)" -- perl alarm.pl
record $E ev-perl-alarm-sh TIMEOUT - "the same under sh -c: the shell reports the SIGALRM" -- sh -c "perl alarm.pl; exit \$?"

E=python; TOOL="$(/usr/bin/python3 --version)"
project ev-py
record $E ev-python-missing-script ENV_ERROR - "python3 runs a script path that does not exist" -- python3 tools/missing.py
record $E ev-python-pycompile-missing ENV_ERROR - "py_compile of a file that does not exist" -- python3 -m py_compile src/missing.py
printf 'import signal, time\nsignal.alarm(1)\ntime.sleep(5)\n' > alarm.py
record $E ev-python-alarm TIMEOUT - "signal.alarm(1) fires during a sleep: killed by SIGALRM" -- python3 alarm.py
printf 'import subprocess\nsubprocess.run(["sleep", "5"], timeout=0.5, check=True)\n' > sub.py
record $E ev-python-subprocess-timeout TIMEOUT - "subprocess.run(timeout=0.5) raises TimeoutExpired" -- python3 sub.py
printf 'import asyncio\n\nasync def main():\n    await asyncio.wait_for(asyncio.sleep(5), timeout=0.3)\n\nasyncio.run(main())\n' > aio.py
record $E ev-python-asyncio-timeout TIMEOUT - "asyncio.wait_for(timeout=0.3) raises TimeoutError" -- python3 aio.py
printf 'import resource\nresource.setrlimit(resource.RLIMIT_CPU, (1, 10))\nwhile True:\n    pass\n' > cpu.py
record $E ev-python-cpu-limit TIMEOUT - "a soft RLIMIT_CPU of 1 s: killed by SIGXCPU (exit 152)" -- python3 cpu.py

E=node; TOOL="node $(node --version)"
project ev-node
record $E ev-node-missing-mjs ENV_ERROR - "node runs a module path that does not exist" -- node scripts/missing.mjs
record $E ev-node-check-missing ENV_ERROR - "node --check on a file that does not exist" -- node --check lib/missing.js
printf 'const { execSync } = require("child_process");\nexecSync("sleep 5", { timeout: 300 });\n' > child.js
record $E ev-node-exec-timeout TIMEOUT - "execSync with timeout: 300 fails ETIMEDOUT" -- node child.js
printf 'async function main() {\n  await new Promise((resolve, reject) => {\n    const s = AbortSignal.timeout(200);\n    s.addEventListener("abort", () => reject(s.reason));\n    setTimeout(() => {}, 2000);\n  });\n}\nmain();\n' > abort.js
record $E ev-node-abort-timeout TIMEOUT - "AbortSignal.timeout(200) rejects with a TimeoutError" -- node abort.js
printf 'function load(cfg) {\n  if (!cfg.port) throw new Error("config: port is required");\n}\nload({});\n' > throw.js
record $E ev-node-throw CODE_ERROR - "an uncaught Error thrown by the program, with node's stack" -- node throw.js
printf 'class ConfigError extends Error {}\nthrow new ConfigError("bad value for port");\n' > custom.js
record $E ev-node-custom-error CODE_ERROR - "an uncaught custom Error subclass" -- node custom.js

E=c; TOOL="$(gcc --version | head -1)"
project ev-c
printf 'int main(void) { return 0; }\n' > main.c
record $E ev-gcc-missing-second ENV_ERROR - "gcc links main.c with a source file that does not exist" -- gcc -Wall -o app main.c util/missing.c
record $E ev-gcc-missing-only ENV_ERROR - "gcc compiles only a file that does not exist" -- gcc -o app missing.c
printf '#include <unistd.h>\nint main(void) { alarm(1); for (;;) {} }\n' > spin.c
gcc -o spin spin.c
record $E ev-c-alarm TIMEOUT - "the program's own alarm(1) fires: killed by SIGALRM (exit 142)" -- ./spin
printf '#include <sys/resource.h>\nint main(void) { struct rlimit r = {1, 10}; setrlimit(RLIMIT_CPU, &r); for (;;) {} }\n' > cpu.c
gcc -o cpu cpu.c
record $E ev-c-cpu-limit TIMEOUT - "a soft RLIMIT_CPU of 1 s: killed by SIGXCPU (exit 152)" -- ./cpu
record $E ev-cmake-script-missing ENV_ERROR - "cmake -P runs a script that does not exist" -- cmake -P ci/missing.cmake

E=cpp; TOOL="$(g++ --version | head -1)"
project ev-cpp
record $E ev-gpp-missing ENV_ERROR - "g++ compiles a source path that does not exist" -- g++ -c src/missing.cpp -o /dev/null
record $E ev-gpp-missing-std ENV_ERROR - "g++ -std=c++17 on a file that does not exist" -- g++ -std=c++17 -o app missing.cc

E=java; TOOL="$(javac -version 2>&1)"
project ev-java; mkdir -p build
record $E ev-java-cp-no-class ENV_ERROR - "java -cp build names a class that is not there" -- java -cp build com.example.App
record $E ev-java-source-missing ENV_ERROR - "java's source launcher on a file that does not exist" -- java Missing.java
record $E ev-javac-missing ENV_ERROR - "javac on a source path that does not exist" -- javac -d out src/Missing.java
cat > Wait.java <<'J'
import java.util.concurrent.*;

public class Wait {
    public static void main(String[] args) throws Exception {
        ExecutorService ex = Executors.newSingleThreadExecutor();
        Future<?> f = ex.submit(() -> { Thread.sleep(5000); return null; });
        try {
            f.get(300, TimeUnit.MILLISECONDS);
        } finally {
            ex.shutdownNow();
        }
    }
}
J
record $E ev-java-future-timeout TIMEOUT - "Future.get(300 ms) throws TimeoutException" -- java Wait.java

E=php; TOOL="php $(php -r 'echo PHP_VERSION;')"
project ev-php; mkdir -p tests
printf '<?php\nset_time_limit(1);\nwhile (true) {}\n' > spin.php
record $E ev-php-set-time-limit TIMEOUT - "set_time_limit(1) fires: Maximum execution time exceeded" -- php spin.php
printf '<?php\n$i = 0;\nwhile (true) { $i++; }\n' > loop.php
record $E ev-php-d-max-exec TIMEOUT - "php -d max_execution_time=1 on a busy loop" -- php -d max_execution_time=1 loop.php
record $E ev-php-lint-missing ENV_ERROR - "php -l on a file that does not exist" -- php -l src/missing.php
record $E ev-phpunit-config-missing ENV_ERROR - "--configuration names a file that does not exist" -- phpunit --configuration ci/phpunit.xml
record $E ev-phpunit-bootstrap-missing ENV_ERROR - "--bootstrap names a file that does not exist" -- phpunit --bootstrap tests/missing-bootstrap.php tests
printf '<?php\necho curl_init("http://localhost/");\n' > curl.php
record $E ev-php-ext-curl ENV_ERROR - "curl_init: the curl extension is not installed" -- php curl.php
printf '<?php\necho bcadd("1", "2");\n' > bc.php
record $E ev-php-ext-bcmath ENV_ERROR - "bcadd: the bcmath extension is not installed" -- php bc.php
printf '<?php\n$z = new ZipArchive();\n' > zip.php
record $E ev-php-ext-zip ENV_ERROR - "class ZipArchive: the zip extension is not installed" -- php zip.php
printf '<?php\nfunction total(array $xs) { return array_sum($xs); }\necho totl([1, 2]);\n' > typo.php
record $E ev-php-undefined-own-function CODE_ERROR - "a call to the program's own function misspelt" -- php typo.php

E=rust; TOOL="$(rustc --version)"
project ev-rs
record $E ev-rustc-missing ENV_ERROR - "rustc on a source path that does not exist" -- rustc --edition 2021 src/missing.rs

E=typescript; TOOL="tsc $(tsc --version)"
project ev-ts
record $E ev-tsc-missing ENV_ERROR - "tsc on a file that does not exist" -- tsc --noEmit src/missing.ts

E=make; TOOL="$(make --version | head -1)"
project ev-make
record $E ev-make-f-missing ENV_ERROR - "make -f names a makefile that does not exist" -- make -f build/missing.mk
record $E ev-make-C-missing ENV_ERROR - "make -C names a directory that does not exist" -- make -C missingdir

E=shell; TOOL="$(bash --version | head -1)"
project ev-sh
record $E ev-sh-n-missing ENV_ERROR - "sh -n on a script that does not exist" -- sh -n ci/missing.sh
record $E ev-shellcheck-missing ENV_ERROR - "shellcheck on a script that does not exist" -- shellcheck ci/missing.sh
record $E ev-bash-ulimit-cpu TIMEOUT - "ulimit -S -t 1 then a busy loop: bash killed by SIGXCPU (exit 152)" -- bash -c "ulimit -S -t 1; while :; do :; done"

# --- go: go vet inside go test; go test -timeout under -json ---------------
E=go; TOOL="$(go version | cut -d' ' -f3)"
gomod() { printf 'module example.com/ev\n\ngo 1.22\n' > go.mod; }
project ev-go-vet-printf; gomod
printf 'package ev\n\nimport "fmt"\n\n// Greet greets.\nfunc Greet(name string) string { return fmt.Sprintf("hello %%d", name) }\n' > ev.go
printf 'package ev\n\nimport "testing"\n\nfunc TestGreet(t *testing.T) { _ = Greet("x") }\n' > ev_test.go
record $E ev-go-test-vet-printf LINT_ERROR - "go test's vet step: a Sprintf verb of the wrong type in the package" -- go test ./...
record $E ev-go-test-vet-printf-json LINT_ERROR - "the same under -json" -- go test -json ./...
project ev-go-vet-conv; gomod
printf 'package ev\n\n// Label labels.\nfunc Label(i int) string { return string(i) }\n' > ev.go
printf 'package ev\n\nimport "testing"\n\nfunc TestLabel(t *testing.T) { _ = Label(65) }\n' > ev_test.go
record $E ev-go-test-vet-stringint LINT_ERROR - "go test's vet step: string(int) conversion" -- go test -count=1 ./...
project ev-go-timeout-json; gomod
printf 'package ev\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc TestFast(t *testing.T) {}\nfunc TestHang(t *testing.T) {\n\tt.Run("sub", func(t *testing.T) { time.Sleep(10 * time.Second) })\n}\n' > ev_test.go
record $E ev-go-test-timeout-json-subtest TIMEOUT 2/1/1/0 "go test -json -timeout 1s fires in a subtest (subtests fold into their top-level test: TestFast passes, TestHang fails)" -- go test -json -timeout 1s ./...
record $E ev-go-test-timeout-v-subtest TIMEOUT 2/1/1/0 "the same with -v" -- go test -v -timeout 1s ./...
