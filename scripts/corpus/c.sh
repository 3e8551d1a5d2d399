#!/usr/bin/env bash
# C: gcc, make-less builds, CMake and CTest.
. "$(dirname "$0")/lib.sh"
E=c
TOOL="$(gcc --version | head -1), $(cmake --version | head -1)"

project c-gcc
printf '#include <stdio.h>\nint main(void) { printf("%%d\\n", 1 + 2) return 0; }\n' > syntax.c
printf 'int main(void) { return y; }\n' > undeclared.c
printf 'int main(void) { int unused = 1; return 0; }\n' > warn.c
printf '#include <zlib_not_installed.h>\nint main(void) { return 0; }\n' > header.c
printf 'int helper(void);\nint main(void) { return helper(); }\n' > link.c
printf '#include <stdio.h>\nint main(void) { puts("build ok: 0 errors"); return 0; }\n' > ok.c
printf 'int main(void) { char *s = "x"; int n = s; return n; }\n' > types.c
record $E gcc-syntax CODE_ERROR - "a missing semicolon" -- gcc -c syntax.c -o /dev/null
record $E gcc-undeclared CODE_ERROR - "an undeclared identifier" -- gcc -c undeclared.c -o /dev/null
record $E gcc-werror LINT_ERROR - "an unused variable made an error by -Werror" -- gcc -Wall -Werror -c warn.c -o /dev/null
record $E gcc-warn-pass PASS - "the same warning without -Werror: compiles, warning printed" -- gcc -Wall -c warn.c -o /dev/null
record $E gcc-missing-header ENV_ERROR - "a system header that is not installed" -- gcc -c header.c -o /dev/null
record $E gcc-link CODE_ERROR - "an undefined reference at link time" -- gcc link.c -o /tmp/autoverify-corpus-link
record $E gcc-missing-lib ENV_ERROR - "a library that is not installed (-lfoo)" -- gcc ok.c -lnotinstalledlib -o /tmp/autoverify-corpus-lib
record $E gcc-pass PASS - "a clean build whose program prints '0 errors'" -- gcc -Wall ok.c -o /tmp/autoverify-corpus-ok
record $E gcc-int-conversion PASS - "gcc 12 only warns about the pointer-to-int conversion: the compile succeeds" -- gcc -c types.c -o /dev/null
record $E gcc-missing-source ENV_ERROR - "the source file named does not exist" -- gcc -c src/nothere.c -o /dev/null
printf '#include <stdio.h>\nint main(void) { int *p = 0; return *p; }\n' > segv.c
gcc segv.c -o segv 2>/dev/null
record $E run-segfault CODE_ERROR - "the program dies of SIGSEGV (exit 139): a crash of the code" -- ./segv
printf '#include <stdio.h>\n#include <assert.h>\nint main(void) { assert(1 + 1 == 3); return 0; }\n' > assert.c
gcc assert.c -o assertp 2>/dev/null
record $E run-assert CODE_ERROR - "assert() fails and aborts the program" -- ./assertp

TOOL="$(cmake --version | head -1), $(gcc --version | head -1)"
project c-cmake
cat > CMakeLists.txt <<'C'
cmake_minimum_required(VERSION 3.10)
project(calc C)
enable_testing()
add_executable(t_add t_add.c)
add_executable(t_div t_div.c)
add_executable(t_ok t_ok.c)
add_test(NAME add COMMAND t_add)
add_test(NAME div COMMAND t_div)
add_test(NAME timeout_handling COMMAND t_ok)
C
printf '#include <stdio.h>\nint main(void) { if (1 + 2 != 4) { puts("add: expected 4, got 3"); return 1; } return 0; }\n' > t_add.c
printf 'int main(void) { return 0; }\n' > t_div.c
printf '#include <stdio.h>\nint main(void) { fputs("error: simulated\\n", stderr); return 0; }\n' > t_ok.c
cmake -S . -B build > /dev/null 2>&1 && cmake --build build > /dev/null 2>&1
record $E ctest-fail TEST_FAILURE 3/2/1/0 "the add test program exits 1" -- ctest --test-dir build
record $E ctest-fail-output TEST_FAILURE 3/2/1/0 "the same, --output-on-failure" -- ctest --test-dir build --output-on-failure
record $E ctest-fail-regex TEST_FAILURE 1/0/1/0 "-R selects the failing add" -- ctest --test-dir build -R add
record $E ctest-pass PASS 2/2/0/0 "-E excludes add: the rest pass (one prints error:)" -- ctest --test-dir build -E add
record $E ctest-regex-none TEST_FAILURE 0/0/0/0 "-R matches no test: nothing ran" -- ctest --test-dir build -R nothing_matches
record $E ctest-no-build-dir ENV_ERROR - "the build directory was not configured" -- ctest --test-dir build-nothere
project c-cmake-slow
cat > CMakeLists.txt <<'C'
cmake_minimum_required(VERSION 3.10)
project(slow C)
enable_testing()
add_executable(t_slow t_slow.c)
add_test(NAME slow COMMAND t_slow)
set_tests_properties(slow PROPERTIES TIMEOUT 1)
C
printf '#include <unistd.h>\nint main(void) { sleep(10); return 0; }\n' > t_slow.c
cmake -S . -B build > /dev/null 2>&1 && cmake --build build > /dev/null 2>&1
record $E ctest-timeout TIMEOUT 1/0/1/0 "the test's TIMEOUT property (1 s) fires" -- ctest --test-dir build
record $E ctest-timeout-flag TIMEOUT 1/0/1/0 "ctest --timeout 1 fires" -- ctest --test-dir build --timeout 1
project c-cmake-bad
printf 'cmake_minimum_required(VERSION 3.10)\nproject(bad C)\nadd_executable(app main.c missing.c)\n' > CMakeLists.txt
printf 'int main(void) { return 0; }\n' > main.c
record $E cmake-missing-source CODE_ERROR - "CMakeLists.txt names a source file that does not exist" -- cmake -S . -B build
printf 'cmake_minimum_required(VERSION 3.10)\nproject(bad C)\nfind_package(ZLIBNOTTHERE REQUIRED)\n' > CMakeLists.txt
record $E cmake-missing-package ENV_ERROR - "find_package of a package that is not installed" -- cmake -S . -B build2
record $E cmake-no-source-dir ENV_ERROR - "the source directory named does not exist" -- cmake -S nothere -B build3
printf 'cmake_minimum_required(VERSION 3.10)\nproject(ok C)\nadd_executable(app main.c)\n' > CMakeLists.txt
printf 'int main(void) { return x; }\n' > main.c
cmake -S . -B build4 > /dev/null 2>&1
record $E cmake-build-error CODE_ERROR - "cmake --build: the source does not compile" -- cmake --build build4
