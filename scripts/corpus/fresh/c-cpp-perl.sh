#!/usr/bin/env bash
# Fresh hold-out (see fresh/README): C (gcc, CMake, CTest), C++ (g++) and
# Perl (prove, perl).
. "$(dirname "$0")/../lib.sh"
export SPLIT=fresh
E=c; TOOL="$(gcc --version | head -1), $(cmake --version | head -1)"
project f-c
printf '#include <stdio.h>\nint main(void) { printf("0 errors, 0 warnings\\n"); return 0; }\n' > ok.c
record $E f-gcc-pass PASS - "a clean compile" -- gcc -Wall -o ok ok.c
printf '#include <stdio.h>\nint main(void) { int total = 0; for (int i = 0; i < 3; i++) totl += i; printf("%%d\\n", total); return 0; }\n' > typo.c
record $E f-gcc-undeclared CODE_ERROR - "a misspelt variable: undeclared identifier" -- gcc -Wall -o typo typo.c
printf 'int main(void) { int unused = 3; return 0; }\n' > unused.c
record $E f-gcc-werror-unused LINT_ERROR - "-Werror turns an unused variable into an error" -- gcc -Wall -Werror -o unused unused.c
printf 'int helper(int);\nint main(void) { return helper(2); }\n' > link.c
record $E f-gcc-undefined-reference CODE_ERROR - "helper is declared but never defined: the link fails" -- gcc -o link link.c
printf '#include <curl/curl.h>\nint main(void) { return 0; }\n' > net.c
record $E f-gcc-missing-dev-header ENV_ERROR - "curl's development headers are not installed" -- gcc -c net.c -o /dev/null
printf '#include <stdio.h>\nint main(void) { int *p = 0; printf("%%d\\n", *p); return 0; }\n' > null.c
gcc -O0 -o null null.c
record $E f-c-segfault CODE_ERROR - "a null pointer dereference: SIGSEGV (exit 139)" -- ./null
printf '#include <assert.h>\nint main(void) { int stock = -1; assert(stock >= 0); return 0; }\n' > inv.c
gcc -o inv inv.c
record $E f-c-assert CODE_ERROR - "assert() fails: SIGABRT (exit 134)" -- ./inv
printf 'int main(void) { volatile int x = 0; while (1) { x++; } }\n' > busy.c
gcc -o busy busy.c
CASE_LIMIT=3 record $E f-c-runner-kill TIMEOUT - "a busy loop: the runner's 3 s deadline kills it" -- ./busy
mkdir -p proj; cd proj || exit 1
cat > CMakeLists.txt <<'C'
cmake_minimum_required(VERSION 3.16)
project(stats C)
enable_testing()
add_executable(mean mean.c)
add_test(NAME mean_of_three COMMAND mean 1 2 3 2)
add_test(NAME mean_of_two COMMAND mean 1 2 2)
add_test(NAME slow_io COMMAND sh -c "sleep 5")
set_tests_properties(slow_io PROPERTIES TIMEOUT 1)
C
cat > mean.c <<'C'
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    int n = argc - 2, sum = 0;
    for (int i = 1; i <= n; i++) sum += atoi(argv[i]);
    int want = atoi(argv[argc - 1]);
    if (sum / n != want) { fprintf(stderr, "mean = %d, want %d\n", sum / n, want); return 1; }
    return 0;
}
C
cmake -S . -B build > /dev/null && cmake --build build > /dev/null
cd build || exit 1
record $E f-ctest-mixed TEST_FAILURE 3/1/2/0 "mean_of_two fails (integer mean 1, want 2) and slow_io times out: an assertion failure besides the time limit" -- ctest
record $E f-ctest-timeout-only TIMEOUT 1/0/1/0 "-R selects the test whose TIMEOUT property fires" -- ctest -R slow_io
record $E f-ctest-pass PASS 1/1/0/0 "-R selects mean_of_three, which passes" -- ctest -R mean_of_three
cd ..
printf 'cmake_minimum_required(VERSION 3.16)\nproject(x C)\nfind_package(Qt6 REQUIRED COMPONENTS Core)\n' > CMakeLists.txt
rm -rf build
record $E f-cmake-missing-package ENV_ERROR - "find_package(Qt6 REQUIRED COMPONENTS Core): not installed" -- cmake -S . -B build

E=cpp; TOOL="$(g++ --version | head -1)"
project f-cpp
printf '#include <vector>\n#include <iostream>\nint main() { std::vector<int> v{1, 2}; std::cout << v.size() << " errors\\n"; }\n' > ok.cpp
record $E f-gpp-pass PASS - "a clean compile" -- g++ -std=c++17 -Wall -o ok ok.cpp
printf '#include <string>\n#include <vector>\nint main() { std::vector<std::string> v; v.push_back(42); }\n' > push.cpp
record $E f-gpp-no-matching CODE_ERROR - "no matching function for push_back(int)" -- g++ -std=c++17 -c push.cpp -o /dev/null
printf 'int f(int x) {\n  int y = x;\n  { int y = 2; return y; }\n}\nint main() { return f(1); }\n' > shadow.cpp
record $E f-gpp-werror-shadow LINT_ERROR - "-Wshadow -Werror: a declaration shadows a local" -- g++ -Wshadow -Werror -c shadow.cpp -o /dev/null
printf '#include <stdexcept>\nint main() { throw std::runtime_error("config file malformed"); }\n' > throw.cpp
g++ -o throw throw.cpp
record $E f-cpp-uncaught CODE_ERROR - "an uncaught std::runtime_error aborts (exit 134)" -- ./throw
printf '#include <boost/optional.hpp>\nint main() {}\n' > boost.cpp
record $E f-gpp-missing-boost ENV_ERROR - "Boost headers are not installed" -- g++ -c boost.cpp -o /dev/null
cat > selftest.cpp <<'C'
#include <cstdio>
int main() {
    int failed = 0, total = 5;
    if (2 + 2 != 5) { std::printf("FAIL: arithmetic\n"); failed++; }
    if (sizeof(int) != 2) { std::printf("FAIL: int width\n"); failed++; }
    std::printf("%d of %d tests failed\n", failed, total);
    return failed ? 1 : 0;
}
C
g++ -o selftest selftest.cpp
record $E f-cpp-selftest-fail TEST_FAILURE - "a hand-written test binary reports 2 of 5 tests failed" -- ./selftest
printf 'int main() {\n  int x = 1\n  return x;\n}\n' > semi.cpp
record $E f-gpp-syntax-only CODE_ERROR - "-fsyntax-only: a missing semicolon" -- g++ -fsyntax-only semi.cpp

E=perl; TOOL="perl $(perl -e 'print $^V'), prove"
project f-pl; mkdir -p t lib
printf 'package Tax;\nsub vat { my ($n) = @_; return $n * 0.2 }\n1;\n' > lib/Tax.pm
cat > t/tax.t <<'T'
use strict;
use warnings;
use lib 'lib';
use Test::More;
use Tax;
is(Tax::vat(100), 20, 'vat of 100');
is(Tax::vat(0), 0, 'vat of 0');
note('error: simulated note');
done_testing();
T
record $E f-prove-pass PASS - "two tests pass; prove prints its summary only" -- prove -l t
record $E f-prove-pass-v PASS 2/2/0/0 "the same, -v" -- prove -lv t
sed -i 's/0.2 }/0.21 }/' lib/Tax.pm
record $E f-prove-fail-v TEST_FAILURE 2/1/1/0 "the rate is wrong: vat of 100 fails" -- prove -lv t
printf 'use strict;\nmy %%h = (a => 1;\n' > syn.pl
record $E f-perl-c-syntax CODE_ERROR - "perl -c: an unclosed parenthesis" -- perl -c syn.pl
printf 'use Text::CSV_XS_NotHere;\n' > csv.pl
record $E f-perl-missing-module ENV_ERROR - "a module that is not installed" -- perl csv.pl
printf 'use strict;\nuse warnings;\nmy $rows = { a => 1 };\nprint scalar(@$rows), "\\n";\n' > ref.pl
record $E f-perl-not-array-ref CODE_ERROR - "a hash reference used as an array: Not an ARRAY reference" -- perl ref.pl
cat > fetch.pl <<'P'
use strict;
use warnings;
eval {
    local $SIG{ALRM} = sub { die "timed out waiting for the lock\n" };
    alarm 1;
    sleep 5;
    alarm 0;
};
die $@ if $@;
P
record $E f-perl-alarm-die TIMEOUT - "alarm 1 with a handler: the program dies 'timed out waiting for the lock'" -- perl fetch.pl
printf 'use Test::More tests => 1;\nsleep 30;\nok(1);\n' > t/hang.t
rm t/tax.t
CASE_LIMIT=3 record $E f-prove-runner-kill TIMEOUT - "a test file that sleeps: the runner's 3 s deadline kills prove" -- prove -l t
