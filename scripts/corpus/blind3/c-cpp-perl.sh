#!/usr/bin/env bash
# Blind hold-out, third round (see blind3/README): C, C++, Perl.
. "$(dirname "$0")/../lib.sh"
export SPLIT=blind3

E=c; TOOL="gcc $(gcc -dumpversion), cmake/ctest $(cmake --version | head -1 | cut -d' ' -f3)"
project b3-c-ring
cat > CMakeLists.txt <<'C'
cmake_minimum_required(VERSION 3.13)
project(ring C)
enable_testing()
add_executable(ring_test ring_test.c)
add_test(NAME ring COMMAND ring_test)
add_executable(wait_test wait_test.c)
add_test(NAME wait COMMAND wait_test)
set_tests_properties(wait PROPERTIES TIMEOUT 1)
C
printf '#include <stdio.h>\nint main(void) { puts("error: 0 timeouts"); return 0; }\n' > ring_test.c
printf '#include <unistd.h>\nint main(void) { return 0; }\n' > wait_test.c
cmake -S . -B build > /dev/null 2>&1; cmake --build build > /dev/null 2>&1
record $E b3-ring-ctest-pass PASS - "both CTest tests pass; one prints 'error: 0 timeouts'" -- ctest --test-dir build
printf '#include <stdio.h>\nint main(void) { puts("ring full"); return 1; }\n' > ring_test.c
cmake --build build > /dev/null 2>&1
record $E b3-ring-ctest-fail TEST_FAILURE - "ring_test exits 1: CTest reports it failed" -- ctest --test-dir build --output-on-failure
printf '#include <stdio.h>\nint main(void) { return 0; }\n' > ring_test.c
printf '#include <unistd.h>\nint main(void) { for (;;) sleep(1); }\n' > wait_test.c
cmake --build build > /dev/null 2>&1
record $E b3-ring-ctest-timeout-property TIMEOUT - "the wait test's TIMEOUT property (1 s) fires" -- ctest --test-dir build
record $E b3-ring-ctest-timeout-flag-v TIMEOUT - "ctest -V --timeout 1" -- ctest --test-dir build -V --timeout 1
printf '#include <stdlib.h>\nint main(void) { int *p = NULL; return *p; }\n' > seg.c
record $E b3-ring-segv CODE_ERROR - "a NULL dereference: SIGSEGV" -- sh -c 'gcc -O0 -o seg seg.c && ./seg'
printf 'int main(void) { return undefined_fn(); }\n' > link.c
record $E b3-ring-undeclared CODE_ERROR - "a function that is declared nowhere: gcc warns of the implicit declaration and the link fails (undefined reference)" -- gcc -o link link.c
printf '#include <sys/resource.h>\nint main(void) { struct rlimit r = {1, 1}; setrlimit(RLIMIT_CPU, &r); for (volatile long i = 0;; i++); }\n' > cpu.c
record $E b3-ring-cpu-limit TIMEOUT - "the program limits its own CPU time to 1 s (soft = hard) and spins: the kernel kills it at the limit with SIGKILL (exit 137, 'Killed'), not SIGXCPU" -- sh -c 'gcc -o cpu cpu.c && ./cpu'
printf '#include <sqlite3.h>\nint main(void) { return sqlite3_libversion_number() > 0 ? 0 : 1; }\n' > db.c
record $E b3-ring-header-missing PASS - "sqlite3.h is installed here after all: gcc -c compiles, exit 0 (the scenario meant a missing header)" -- gcc -c db.c
printf 'cmake_minimum_required(VERSION 3.13)\nproject(z C)\nfind_package(PkgConfig REQUIRED)\npkg_check_modules(GLIB REQUIRED glib-2.0)\n' > alt.cmake.txt
record $E b3-ring-cmake-pkg-missing ENV_ERROR - "CMake's pkg_check_modules: glib-2.0 (or pkg-config) not installed" -- sh -c 'mkdir -p alt && cp alt.cmake.txt alt/CMakeLists.txt && cmake -S alt -B alt/build'
record $E b3-ring-ctest-no-tests ENV_ERROR - "ctest in a directory that is not a build tree" -- sh -c 'mkdir -p empty && ctest --test-dir empty --no-tests=error'

E=cpp; TOOL="g++ $(g++ -dumpversion)"
project b3-cpp-matrix
printf '#include <vector>\n#include <iostream>\nint main() {\n  std::vector<int> v{1, 2, 3};\n  std::cout << "timeout=0 error=0 size=" << v.size() << "\\n";\n}\n' > m.cpp
record $E b3-matrix-pass PASS - "compiles and runs; prints timeout= and error=" -- sh -c 'g++ -o m m.cpp && ./m'
printf '#include <vector>\nint main() {\n  std::vector<int> v;\n  v.push_back("x");\n}\n' > t.cpp
record $E b3-matrix-compile CODE_ERROR - "a string pushed into vector<int>" -- g++ -c t.cpp
printf '#include <stdexcept>\nint main() { throw std::runtime_error("matrix is singular"); }\n' > x.cpp
record $E b3-matrix-throw CODE_ERROR - "an uncaught exception: abort (exit 134)" -- sh -c 'g++ -o x x.cpp && ./x'
printf '#include <thread>\n#include <chrono>\nint main() { std::this_thread::sleep_for(std::chrono::seconds(30)); }\n' > s.cpp
g++ -o s s.cpp
record $E b3-matrix-timeout TIMEOUT - "timeout 1 around a program that sleeps: exit 124" -- timeout 1 ./s
CASE_LIMIT=2 record $E b3-matrix-runner-deadline TIMEOUT - "the runner's 2 s deadline kills the program" -- ./s
printf '#include <Eigen/Dense>\nint main() { Eigen::Matrix2d m; }\n' > e.cpp
record $E b3-matrix-eigen-missing ENV_ERROR - "Eigen's headers are not installed" -- g++ -c e.cpp
record $E b3-matrix-lib-missing ENV_ERROR - "linking against -lgtest, not installed" -- g++ -o s2 s.cpp -lgtest -lgtest_main
printf 'int main() { int x; return 0; }\n' > w.cpp
record $E b3-matrix-werror LINT_ERROR - "-Wall -Werror: an unused variable" -- g++ -Wall -Werror -c w.cpp

E=perl; TOOL="perl $(perl -e 'print $^V'), prove"
project b3-pl-csv; mkdir -p t lib
printf 'package Csv;\nuse strict;\nuse warnings;\nsub fields { my ($l) = @_; return split /,/, $l, -1 }\n1;\n' > lib/Csv.pm
printf 'use strict;\nuse warnings;\nuse Test::More tests => 2;\nuse lib "lib";\nuse Csv;\nis(scalar(my @f = Csv::fields("a,b,c")), 3, "three fields");\nis((Csv::fields("a,,c"))[1], "", "empty middle");\ndiag("error: timeout words in a diagnostic");\n' > t/csv.t
record $E b3-csv-pass PASS 2/2/0/0 "both tests pass; a diag says 'error: timeout'" -- prove -v t/csv.t
sed -i 's/-1 }/2 }/' lib/Csv.pm
record $E b3-csv-fail TEST_FAILURE - "split's limit 2: 'a,b,c' gives two fields and 'a,,c' gives ('a', ',c'): both tests fail" -- prove t/csv.t
sed -i 's/2 }/-1 }/' lib/Csv.pm
printf 'use strict;\nuse warnings;\nuse Test::More tests => 1;\nalarm 1;\nsleep 10;\nok(1);\n' > t/slow.t
record $E b3-csv-prove-alarm TIMEOUT - "a test arms alarm 1 and sleeps 10: SIGALRM ends it" -- prove t/slow.t
record $E b3-csv-alarm-script TIMEOUT - "a script arms alarm 1 and sleeps: Alarm clock, exit 142" -- perl -e 'alarm 1; sleep 10'
record $E b3-csv-timeout-wrapper TIMEOUT - "timeout 1 around prove: exit 124" -- timeout 1 prove t/slow.t
rm t/slow.t
printf 'use strict;\nuse warnings;\nuse Text::CSV_XS;\nprint "ok\\n";\n' > x.pl
record $E b3-csv-module-missing ENV_ERROR - "Text::CSV_XS is not installed" -- perl x.pl
record $E b3-csv-prove-dir-missing ENV_ERROR - "prove xt/: the directory does not exist" -- prove xt/
printf 'use strict;\nmy $x = ;\n' > s.pl
record $E b3-csv-syntax CODE_ERROR - "perl -c: a syntax error" -- perl -c s.pl
printf 'use strict;\nuse warnings;\nmy %%h;\nprint $h{a}{b}->[0] + undef_fn();\n' > r.pl
record $E b3-csv-undefined-sub CODE_ERROR - "a call to an undefined subroutine dies at runtime" -- perl r.pl
