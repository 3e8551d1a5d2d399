#!/usr/bin/env bash
# Perl: prove and Test::More (TAP), perl -c.
. "$(dirname "$0")/lib.sh"
E=perl
TOOL="perl $(perl -e 'print $^V'), prove"

project pl-pass; mkdir -p t
printf 'use strict;\nuse warnings;\nuse Test::More tests => 2;\nok(1 + 2 == 3, "adds");\ndiag("error: simulated, expected");\nok(1, "timeout handling");\n' > t/calc.t
record $E prove-pass PASS - "two tests pass (decoy name and error: diag); prove prints only a summary" -- prove t
record $E prove-pass-v PASS 2/2/0/0 "the same, prove -v prints each test" -- prove -v t
record $E perl-t-pass PASS 2/2/0/0 "the test file run by perl: raw TAP" -- perl t/calc.t
project pl-fail; mkdir -p t
printf 'use strict;\nuse warnings;\nuse Test::More tests => 4;\nok(1 + 2 == 4, "adds");\nis(2 - 1, 1, "subtracts");\nis_deeply([1, 2], [1, 3], "lists");\nSKIP: { skip "not yet", 1; ok(0, "later"); }\n' > t/calc.t
record $E prove-fail TEST_FAILURE - "adds and lists fail; prove's summary" -- prove t
record $E prove-fail-v TEST_FAILURE 3/1/2/1 "the same, prove -v" -- prove -v t
record $E perl-t-fail TEST_FAILURE 3/1/2/1 "the test file run by perl: raw TAP" -- perl t/calc.t
project pl-syntax; mkdir -p t
printf 'use strict;\nmy $x = ;\n' > lib.pl
record $E perl-c-syntax CODE_ERROR - "perl -c: a syntax error" -- perl -c lib.pl
printf 'use strict;\nuse warnings;\nmy $x = 1;\nprint "ok: error handling\\n";\n' > ok.pl
record $E perl-c-pass PASS - "perl -c on a valid file" -- perl -c ok.pl
printf 'use strict;\n$undeclared = 1;\n' > strict.pl
record $E perl-strict CODE_ERROR - "use strict: a global symbol requires an explicit package name" -- perl strict.pl
printf 'use JSON::NotInstalled;\n' > mod.pl
record $E perl-missing-module ENV_ERROR - "a module that is not installed (Can't locate ... in @INC)" -- perl mod.pl
record $E perl-missing-file ENV_ERROR - "the script named does not exist" -- perl scripts/check.pl
printf 'print "3 rows stale\\n";\nexit 2;\n' > silent.pl
record $E perl-exit-silent UNKNOWN - "the script exits 2 saying only what it counted" -- perl silent.pl
printf 'my %%h;\nmy $n = 1 / 0;\n' > die.pl
record $E perl-die CODE_ERROR - "division by zero dies" -- perl die.pl
record $E prove-missing ENV_ERROR - "the test directory named does not exist" -- prove t/nothere
