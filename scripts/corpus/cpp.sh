#!/usr/bin/env bash
# C++: g++, and a test program's own assertions.
. "$(dirname "$0")/lib.sh"
E=cpp
TOOL="$(g++ --version | head -1)"

project cpp
printf '#include <vector>\nint main() { std::vector<int> v; v.push_back("x"); return 0; }\n' > types.cpp
printf '#include <iostream>\nint main() { std::cout << "hi" << std::endl return 0; }\n' > syntax.cpp
printf 'int main() { int unused = 0; return 0; }\n' > warn.cpp
printf '#include <boost_not_installed/asio.hpp>\nint main() { return 0; }\n' > header.cpp
printf 'void f();\nint main() { f(); return 0; }\n' > link.cpp
printf '#include <iostream>\nint main() { std::cout << "0 errors" << std::endl; return 0; }\n' > ok.cpp
printf 'template <typename T> T add(T a, T b) { return a + b; }\nstruct S {};\nint main() { S s; add(s, s); return 0; }\n' > tmpl.cpp
printf 'class A { public: virtual void f() = 0; };\nint main() { A a; return 0; }\n' > abstract.cpp
record $E gxx-types CODE_ERROR - "push_back of a string literal into vector<int>" -- g++ -c types.cpp -o /dev/null
record $E gxx-syntax CODE_ERROR - "a missing semicolon" -- g++ -c syntax.cpp -o /dev/null
record $E gxx-werror LINT_ERROR - "an unused variable made an error by -Werror" -- g++ -Wall -Werror -c warn.cpp -o /dev/null
record $E gxx-warn-pass PASS - "the same warning without -Werror" -- g++ -Wall -c warn.cpp -o /dev/null
record $E gxx-missing-header ENV_ERROR - "a library header that is not installed" -- g++ -c header.cpp -o /dev/null
record $E gxx-link CODE_ERROR - "an undefined reference at link time" -- g++ link.cpp -o /tmp/autoverify-corpus-cpplink
record $E gxx-pass PASS - "a clean build" -- g++ -Wall ok.cpp -o /tmp/autoverify-corpus-cppok
record $E gxx-template CODE_ERROR - "a template instantiated with a type that has no operator+" -- g++ -c tmpl.cpp -o /dev/null
record $E gxx-abstract CODE_ERROR - "an abstract class instantiated" -- g++ -c abstract.cpp -o /dev/null
record $E gxx-std-flag ENV_ERROR - "a -std value this compiler does not know" -- g++ -std=c++99z -c ok.cpp -o /dev/null
printf '#include <stdexcept>\nint main() { throw std::runtime_error("config missing key"); }\n' > throw.cpp
g++ throw.cpp -o throwp 2>/dev/null
record $E run-uncaught CODE_ERROR - "an uncaught exception terminates the program" -- ./throwp
printf '#include <cstdio>\n#define CHECK(c) do { if (!(c)) { std::printf("FAILED: %%s at %%s:%%d\\n", #c, __FILE__, __LINE__); fails++; } else passes++; } while (0)\nint fails = 0, passes = 0;\nint main() { CHECK(1 + 1 == 2); CHECK(2 * 2 == 5); std::printf("%%d passed, %%d failed\\n", passes, fails); return fails ? 1 : 0; }\n' > selftest.cpp
g++ selftest.cpp -o selftest 2>/dev/null
record $E run-selftest-fail TEST_FAILURE - "a home-made test program reports 1 failed" -- ./selftest
record $E run-missing-binary ENV_ERROR - "the test binary was not built" -- sh -c ./build/unit_tests
record $E timeout-wrapper TIMEOUT - "timeout(1) stops a program: exit 124" -- timeout 1 sh -c "sleep 10"
