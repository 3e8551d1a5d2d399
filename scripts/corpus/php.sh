#!/usr/bin/env bash
# PHP: php -l, php scripts, PHPUnit (Debian packages).
. "$(dirname "$0")/lib.sh"
E=php
PHPV="php $(php -r 'echo PHP_VERSION;')"
TOOL="$PHPV"

project php-lint
printf '<?php\nfunction add($a, $b) {\n  return $a + $b\n}\n' > bad.php
printf '<?php\nfunction add($a, $b) {\n  return $a + $b;\n}\necho "error: none\\n";\n' > ok.php
record $E lint-syntax CODE_ERROR - "php -l: a missing semicolon" -- php -l bad.php
record $E lint-pass PASS - "php -l on a valid file (that prints error: when run)" -- php -l ok.php
record $E run-pass PASS - "running the valid file" -- php ok.php
record $E run-syntax CODE_ERROR - "running the file with the syntax error" -- php bad.php
record $E lint-missing ENV_ERROR - "php -l on a file that does not exist" -- php -l src/nothere.php
record $E run-missing ENV_ERROR - "php runs a script that does not exist" -- php bin/check.php
printf '<?php\n$x = new Missing\\Thing();\n' > cls.php
record $E run-class-missing CODE_ERROR - "a class that does not exist: fatal error" -- php cls.php
printf '<?php\nundefined_function();\n' > fn.php
record $E run-undefined-function CODE_ERROR - "a call to an undefined function" -- php fn.php
printf '<?php\nrequire "vendor/autoload.php";\n' > autoload.php
record $E run-no-vendor ENV_ERROR - "vendor/autoload.php missing: composer install was not run" -- php autoload.php
printf '<?php\necho "2 rows stale\\n";\nexit(3);\n' > silent.php
record $E run-exit-silent UNKNOWN - "the script exits 3 saying only what it counted" -- php silent.php
printf '<?php\nfunction f(int $x): int { return $x; }\necho f("abc");\n' > type.php
record $E run-type-error CODE_ERROR - "a TypeError at run time (strict argument type)" -- php type.php
record $E timeout-wrapper TIMEOUT - "timeout(1) stops a sleeping script: exit 124" -- timeout 1 php -r "sleep(10);"
record $E max-execution-time TIMEOUT - "max_execution_time=1 stops the script" -- php -d max_execution_time=1 -r "while (true) {}"

TOOL="PHPUnit $(phpunit --version | awk '{print $2}'), $PHPV"
calc() {
	cat > Calc.php <<'P'
<?php
final class Calc {
  public static function add(int $a, int $b): int { return $a + $b; }
  public static function div(int $a, int $b): int { return intdiv($a, $b); }
}
P
	cat > CalcTest.php
}
project php-unit-pass; calc <<'P'
<?php
require __DIR__ . '/Calc.php';
use PHPUnit\Framework\TestCase;
final class CalcTest extends TestCase {
  public function testAdd(): void { $this->assertSame(3, Calc::add(1, 2)); }
  public function testTimeoutHandling(): void { fwrite(STDERR, "error: simulated\n"); $this->assertTrue(true); }
}
P
record $E phpunit-pass PASS 2/2/0/0 "two tests pass (decoy name and error: output)" -- phpunit CalcTest.php
record $E phpunit-pass-testdox PASS 2/2/0/0 "the same, --testdox" -- phpunit --testdox CalcTest.php
project php-unit-fail; calc <<'P'
<?php
require __DIR__ . '/Calc.php';
use PHPUnit\Framework\TestCase;
final class CalcTest extends TestCase {
  public function testAdd(): void { $this->assertSame(4, Calc::add(1, 2)); }
  public function testSub(): void { $this->assertSame(1, 2 - 1); }
  public function testDiv(): void { $this->assertSame(0, Calc::div(1, 0)); }
  public function testLater(): void { $this->markTestSkipped('not yet'); }
  public function testList(): void { $this->assertContains(3, [1, 2]); }
}
P
record $E phpunit-fail TEST_FAILURE 4/1/3/1 "testAdd and testList fail; testDiv throws DivisionByZeroError" -- phpunit CalcTest.php
record $E phpunit-fail-testdox TEST_FAILURE 4/1/3/1 "the same, --testdox" -- phpunit --testdox CalcTest.php
record $E phpunit-fail-filter TEST_FAILURE 1/0/1/0 "--filter selects testAdd" -- phpunit --filter testAdd CalcTest.php
record $E phpunit-filter-none TEST_FAILURE 0/0/0/0 "--filter matches no test: nothing ran" -- phpunit --filter testNothing CalcTest.php
record $E phpunit-missing-file ENV_ERROR - "the test file named does not exist" -- phpunit tests/NotThereTest.php
project php-unit-syntax; calc <<'P'
<?php
use PHPUnit\Framework\TestCase;
final class CalcTest extends TestCase {
  public function testAdd(): void { $this->assertSame(3, 1 + 2) }
}
P
record $E phpunit-syntax CODE_ERROR - "the test file has a syntax error" -- phpunit CalcTest.php
project php-unit-slow; calc <<'P'
<?php
use PHPUnit\Framework\TestCase;
final class CalcTest extends TestCase {
  public function testSlow(): void { sleep(30); $this->assertTrue(true); }
}
P
record $E phpunit-timeout-wrapper TIMEOUT - "timeout(1) stops phpunit after 2 s: exit 124" -- timeout 2 phpunit CalcTest.php
CASE_LIMIT=2 record $E phpunit-timeout-runner TIMEOUT - "the runner's 2 s deadline kills phpunit" -- phpunit CalcTest.php
