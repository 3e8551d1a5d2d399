#!/usr/bin/env bash
# Blind hold-out, third round (see blind3/README): Java, Ruby, PHP.
. "$(dirname "$0")/../lib.sh"
export SPLIT=blind3

E=java; TOOL="$(javac -version 2>&1), JUnit 4.13 (Debian junit4), $(mvn -v 2>/dev/null | head -1 | sed 's/\x1b\[[0-9;]*m//g')"
CP=/usr/share/java/junit4.jar:/usr/share/java/hamcrest-core.jar
project b3-java-money
cat > Money.java <<'J'
public final class Money {
    static long add(long a, long b) { return a + b; }
    static long percent(long cents, int pct) { return cents * pct / 100; }
}
J
cat > MoneyTest.java <<'J'
import org.junit.Test;
import static org.junit.Assert.*;

public class MoneyTest {
    @Test public void adds() { assertEquals(300, Money.add(100, 200)); }
    @Test public void percent() { assertEquals(15, Money.percent(150, 10)); }
    @Test public void timeoutErrorIsNotAFailure() {
        System.err.println("ERROR: upstream timed out (logged by design)");
    }
}
J
javac -cp $CP Money.java MoneyTest.java
record $E b3-money-pass PASS 3/3/0/0 "three tests pass; one logs 'ERROR: upstream timed out'" -- java -cp $CP:. org.junit.runner.JUnitCore MoneyTest
sed -i 's|cents \* pct / 100|cents * pct / 10|' Money.java; javac -cp $CP Money.java
record $E b3-money-fail TEST_FAILURE 3/2/1/0 "percent divides by 10: one assertion fails" -- java -cp $CP:. org.junit.runner.JUnitCore MoneyTest
sed -i 's|cents \* pct / 10|cents * pct / 100|' Money.java; javac -cp $CP Money.java
cat > RateTest.java <<'J'
import org.junit.Test;

public class RateTest {
    @Test(timeout = 500) public void fetchesRates() throws Exception {
        while (true) { Thread.sleep(50); }
    }
}
J
javac -cp $CP RateTest.java
record $E b3-money-junit-timeout TIMEOUT 1/0/1/0 "@Test(timeout = 500) on a loop that never ends" -- java -cp $CP:. org.junit.runner.JUnitCore RateTest
record $E b3-money-timeout-wrapper TIMEOUT - "timeout 2 around a java program that sleeps: exit 124" -- sh -c 'printf "public class Wait { public static void main(String[] a) throws Exception { Thread.sleep(60000); } }\n" > Wait.java && javac Wait.java && timeout 2 java Wait'
CASE_LIMIT=3 record $E b3-money-runner-deadline TIMEOUT - "the runner's 3 s deadline kills a java program that sleeps" -- java Wait
printf 'public class Bad { void f() { int x = "s"; } }\n' > Bad.java
record $E b3-money-javac CODE_ERROR - "a String assigned to an int" -- javac Bad.java
printf 'public class Npe { public static void main(String[] a) { String s = null; System.out.println(s.length()); } }\n' > Npe.java
record $E b3-money-npe CODE_ERROR - "an uncaught NullPointerException" -- sh -c 'javac Npe.java && java Npe'
mkdir -p mp; printf '<project xmlns="http://maven.apache.org/POM/4.0.0">\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>x</groupId><artifactId>money</artifactId><version>1</version>\n</project>\n' > mp/pom.xml
record $E b3-money-mvn-offline-test ENV_ERROR - "mvn -o test: no plugins in the local repository (offline)" -- mvn -B -o -f mp/pom.xml -Dmaven.repo.local=$WORK/b3-java-money/m2 test
record $E b3-money-mvn-online ENV_ERROR - "mvn verify must download plugins; no network" -- mvn -B -f mp/pom.xml -Dmaven.repo.local=$WORK/b3-java-money/m2 verify
record $E b3-money-class-missing ENV_ERROR - "JUnitCore is given a test class that was not compiled" -- java -cp $CP:. org.junit.runner.JUnitCore LedgerTest
record $E b3-money-gradle-missing ENV_ERROR - "gradle is not installed" -- sh -c 'gradle test'

E=ruby; TOOL="ruby $(ruby -e 'print RUBY_VERSION'), rspec, minitest, rubocop"
project b3-rb-stack
printf 'class Stack\n  def initialize; @a = []; end\n  def push(x); @a.push(x); self; end\n  def pop; @a.pop; end\n  def size; @a.size; end\nend\n' > stack.rb
cat > stack_spec.rb <<'R'
require_relative "stack"

RSpec.describe Stack do
  it("pops the last pushed") { expect(Stack.new.push(1).push(2).pop).to eq(2) }
  it("counts") { expect(Stack.new.push(1).size).to eq(1) }
  it("handles a timeout error name") do
    warn "error: Timeout::Error is only a name here"
    expect("Timeout").to start_with("Time")
  end
end
R
record $E b3-stack-pass PASS 3/3/0/0 "three examples pass; one warns 'error: Timeout::Error'" -- rspec stack_spec.rb
sed -i 's/@a.pop/@a.shift/' stack.rb
record $E b3-stack-fail TEST_FAILURE 3/2/1/0 "pop takes the first item" -- rspec stack_spec.rb
sed -i 's/@a.shift/@a.pop/' stack.rb
printf 'require "timeout"\nrequire_relative "stack"\n\nRSpec.describe Stack do\n  it "drains" do\n    Timeout.timeout(0.5) { loop { sleep 0.1 } }\n  end\nend\n' > drain_spec.rb
record $E b3-stack-rspec-timeout TIMEOUT 1/0/1/0 "Timeout.timeout(0.5) around an endless loop in an example" -- rspec drain_spec.rb
printf 'require "timeout"\nTimeout.timeout(1) { sleep 10 }\n' > t.rb
record $E b3-stack-ruby-timeout TIMEOUT - "a script's Timeout.timeout(1) fires, uncaught" -- ruby t.rb
record $E b3-stack-timeout-wrapper-kill TIMEOUT - "timeout -s KILL 1 around rspec of a sleeping example: exit 137" -- sh -c 'printf "RSpec.describe(\"x\") { it(\"sleeps\") { sleep 10 } }\n" > sleep_spec.rb && timeout -s KILL 1 rspec sleep_spec.rb'
printf 'def f(a)\n  if a\n    1\nend\n' > syn.rb
record $E b3-stack-syntax CODE_ERROR - "ruby -c: a missing end" -- ruby -c syn.rb
printf "x = { :a => 1 }\nputs x\n" > style.rb
record $E b3-stack-rubocop LINT_ERROR - "RuboCop: hash rockets, missing frozen string literal comment" -- rubocop style.rb
printf 'require "sinatra"\nget("/") { "hi" }\n' > app.rb
record $E b3-stack-gem-missing ENV_ERROR - "sinatra is not installed" -- ruby app.rb
record $E b3-stack-rspec-file-missing ENV_ERROR - "rspec of a spec file that does not exist" -- rspec spec/queue_spec.rb
record $E b3-stack-rake-no-rakefile ENV_ERROR - "rake test with no Rakefile" -- rake test

E=php; TOOL="php $(php -r 'echo PHP_VERSION;'), phpunit"
project b3-php-temp
printf '<?php\nfunction c2f(float $c): float { return $c * 9 / 5 + 32; }\n' > temp.php
cat > TempTest.php <<'P'
<?php
use PHPUnit\Framework\TestCase;
require_once __DIR__ . '/temp.php';

final class TempTest extends TestCase {
    public function testFreezing(): void { $this->assertSame(32.0, c2f(0)); }
    public function testBoiling(): void { $this->assertSame(212.0, c2f(100)); }
    public function testTimeoutErrorWording(): void {
        fwrite(STDERR, "Error: timed out (a message under test)\n");
        $this->assertTrue(true);
    }
}
P
record $E b3-temp-pass PASS 3/3/0/0 "three tests pass; one writes 'Error: timed out' to stderr" -- phpunit TempTest.php
sed -i 's|\* 9 / 5 + 32|* 5 / 9 + 32|' temp.php
record $E b3-temp-fail TEST_FAILURE 3/2/1/0 "the formula is inverted: boiling fails (freezing still holds)" -- phpunit TempTest.php
sed -i 's|\* 5 / 9 + 32|* 9 / 5 + 32|' temp.php
printf '<?php\nini_set("max_execution_time", "1");\n$x = 0;\nfor (;;) { $x = ($x + 1) %% 7; }\n' > spin.php
record $E b3-temp-max-exec TIMEOUT - "ini_set max_execution_time 1 and a busy loop" -- php spin.php
record $E b3-temp-timeout-wrapper TIMEOUT - "timeout 1 around php sleeping: exit 124" -- timeout 1 php -r 'sleep(10);'
CASE_LIMIT=2 record $E b3-temp-runner-deadline TIMEOUT - "the runner's 2 s deadline kills php sleeping" -- php -r 'sleep(10);'
printf '<?php\nfunction f( {\n' > syn.php
record $E b3-temp-lint CODE_ERROR - "php -l: a parse error" -- php -l syn.php
printf '<?php\n$a = null;\necho $a->name();\n' > npe.php
record $E b3-temp-fatal CODE_ERROR - "a method called on null: uncaught Error" -- php npe.php
printf '<?php\nrequire "vendor/autoload.php";\n' > boot.php
record $E b3-temp-vendor-missing ENV_ERROR - "vendor/autoload.php is missing (composer install not run)" -- php boot.php
record $E b3-temp-phpunit-config-missing ENV_ERROR - "phpunit -c a config that does not exist" -- phpunit -c phpunit.dist.xml
record $E b3-temp-ext-gmp ENV_ERROR - "gmp_add: the gmp extension is not installed" -- php -r 'echo gmp_strval(gmp_add(1, 2));'
