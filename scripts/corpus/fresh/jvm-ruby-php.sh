#!/usr/bin/env bash
# Fresh hold-out (see fresh/README): Java (javac, java, JUnit 4, Maven
# offline), Ruby (RSpec, minitest, rake, RuboCop, ruby) and PHP (php,
# php -l, PHPUnit).
. "$(dirname "$0")/../lib.sh"
export SPLIT=fresh
E=java; TOOL="$(javac -version 2>&1), JUnit 4 (Debian junit4)"
CP=/usr/share/java/junit4.jar:/usr/share/java/hamcrest-core.jar
project f-java
cat > Money.java <<'J'
public class Money {
    public static long cents(String s) {
        String[] p = s.split("\\.");
        return Long.parseLong(p[0]) * 100 + Long.parseLong(p[1]);
    }
}
J
cat > MoneyTest.java <<'J'
import org.junit.Test;
import static org.junit.Assert.*;

public class MoneyTest {
    @Test public void whole() { assertEquals(1250, Money.cents("12.50")); }
    @Test public void small() { assertEquals(5, Money.cents("0.05")); }
    @Test public void errorMessagesAreIgnored() { System.err.println("error: simulated"); assertTrue(true); }
}
J
javac -cp $CP -d out Money.java MoneyTest.java
record $E f-junit-pass PASS 3/3/0/0 "three tests pass (one prints error:)" -- java -cp out:$CP org.junit.runner.JUnitCore MoneyTest
cat > MoneyTest.java <<'J'
import org.junit.Test;
import static org.junit.Assert.*;

public class MoneyTest {
    @Test public void whole() { assertEquals(1250, Money.cents("12.50")); }
    @Test public void oneDecimal() { assertEquals(1250, Money.cents("12.5")); }
    @Test public void noDecimals() { assertEquals(1200, Money.cents("12")); }
}
J
javac -cp $CP -d out Money.java MoneyTest.java
record $E f-junit-fail TEST_FAILURE 3/1/2/0 "'12.5' is read as 12.05 and '12' has no decimal part (ArrayIndexOutOfBounds inside the test)" -- java -cp out:$CP org.junit.runner.JUnitCore MoneyTest
cat > SlowTest.java <<'J'
import org.junit.Test;

public class SlowTest {
    @Test(timeout = 300) public void loadsCatalog() throws Exception { Thread.sleep(3000); }
}
J
javac -cp $CP -d out SlowTest.java
record $E f-junit-timeout TIMEOUT 1/0/1/0 "@Test(timeout = 300) fires" -- java -cp out:$CP org.junit.runner.JUnitCore SlowTest
printf 'public class Bad {\n    int f() {\n        String s = 5;\n        return s;\n    }\n}\n' > Bad.java
record $E f-javac-incompatible CODE_ERROR - "incompatible types: int to String, String to int" -- javac -d out Bad.java
printf 'public class Paren {\n    void f() {\n        System.out.println("x";\n    }\n}\n' > Paren.java
record $E f-javac-paren CODE_ERROR - "a missing closing parenthesis" -- javac -d out Paren.java
printf 'import org.apache.commons.lang3.StringUtils;\n\npublic class Uses {\n    String f(String s) { return StringUtils.capitalize(s); }\n}\n' > Uses.java
record $E f-javac-missing-library ENV_ERROR - "Apache Commons Lang is not on the classpath: package does not exist" -- javac -d out Uses.java
printf 'public class Npe {\n    public static void main(String[] a) {\n        String name = System.getenv("NO_SUCH_VAR_X");\n        System.out.println(name.length());\n    }\n}\n' > Npe.java
record $E f-java-npe CODE_ERROR - "NullPointerException in main" -- java Npe.java
printf 'public class Exit {\n    public static void main(String[] a) {\n        System.out.println("2 checks failed");\n        System.exit(3);\n    }\n}\n' > Exit.java
record $E f-java-exit-3 UNKNOWN - "the program exits 3 saying only what it counted" -- java Exit.java
printf '<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>x</groupId><artifactId>y</artifactId><version>1</version></project>\n' > pom.xml
record $E f-mvn-offline-package ENV_ERROR - "mvn -o package: plugins not in the local repository" -- mvn -o -q -Dmaven.repo.local=$WORK/f-m2 package
record $E f-java-jar-missing ENV_ERROR - "java -jar names a jar that does not exist" -- java -jar target/app.jar

E=ruby; TOOL="ruby $(ruby -e 'print RUBY_VERSION'), rspec, minitest, rubocop $(rubocop --version 2>/dev/null)"
project f-rb; mkdir -p spec lib test
cat > lib/wallet.rb <<'R'
class Wallet
  attr_reader :balance
  def initialize(balance = 0) = @balance = balance
  def pay(amount)
    raise ArgumentError, "insufficient funds" if amount > balance
    @balance -= amount
  end
end
R
cat > spec/wallet_spec.rb <<'R'
require_relative "../lib/wallet"
RSpec.describe Wallet do
  it("pays") { w = Wallet.new(10); w.pay(3); expect(w.balance).to eq(7) }
  it("raises an error on overdraft") { expect { Wallet.new(1).pay(5) }.to raise_error(ArgumentError) }
  it("timeout names are only words") { expect(Wallet.new.balance).to eq(0) }
end
R
record $E f-rspec-pass PASS 3/3/0/0 "three examples pass (decoy names about errors and timeouts)" -- rspec
sed -i 's/@balance -= amount/@balance -= amount + 1/' lib/wallet.rb
record $E f-rspec-fail TEST_FAILURE 3/2/1/0 "pay charges one too many: 'pays' fails" -- rspec
cat > test/test_wallet.rb <<'R'
require "minitest/autorun"
require_relative "../lib/wallet"
class TestWallet < Minitest::Test
  def test_pay
    w = Wallet.new(10)
    w.pay(4)
    assert_equal 6, w.balance
  end
  def test_initial
    assert_equal 0, Wallet.new.balance
  end
end
R
record $E f-minitest-fail TEST_FAILURE 2/1/1/0 "the same bug seen by minitest" -- ruby test/test_wallet.rb
sed -i 's/@balance -= amount + 1/@balance -= amount/' lib/wallet.rb
record $E f-minitest-pass PASS 2/2/0/0 "minitest passes once fixed" -- ruby test/test_wallet.rb
printf 'def total(xs)\n  xs.each do |x|\n    puts x\n  \nend\n' > broken.rb
record $E f-ruby-c-syntax CODE_ERROR - "ruby -c: a block without end" -- ruby -c broken.rb
printf 'def report\n  puts summary_line\nend\nreport\n' > name.rb
record $E f-ruby-nameerror CODE_ERROR - "an undefined local variable or method (NameError)" -- ruby name.rb
printf 'class Foo\n  def bar( x )\n    return x+1\n  end\nend\n' > style.rb
record $E f-rubocop-offenses LINT_ERROR - "RuboCop: spaces inside parens, redundant return, missing frozen string literal comment" -- rubocop style.rb
printf 'require "nokogiri_not_installed"\nputs 1\n' > gem.rb
record $E f-ruby-missing-gem ENV_ERROR - "require of a gem that is not installed" -- ruby gem.rb
printf 'task :build do\n  puts "built"\nend\n' > Rakefile
record $E f-rake-unknown-task ENV_ERROR - "rake names a task the Rakefile does not define" -- rake deploy
cat > spec/slow_spec.rb <<'R'
require "timeout"
RSpec.describe "sync" do
  it("finishes in time") { Timeout.timeout(0.5) { sleep 3 } }
end
R
rm spec/wallet_spec.rb
record $E f-rspec-timeout TIMEOUT 1/0/1/0 "Timeout.timeout(0.5) fires inside the only example" -- rspec

E=php; TOOL="php $(php -r 'echo PHP_VERSION;'), phpunit $(phpunit --version | awk '{print $2}')"
project f-php; mkdir -p tests src
cat > src/Temperature.php <<'P'
<?php
function toKelvin(float $c): float { return $c + 273.15; }
P
cat > tests/TemperatureTest.php <<'P'
<?php
use PHPUnit\Framework\TestCase;
require_once __DIR__ . '/../src/Temperature.php';
final class TemperatureTest extends TestCase {
    public function testZero(): void { $this->assertEqualsWithDelta(273.15, toKelvin(0), 0.001); }
    public function testHundred(): void { $this->assertEqualsWithDelta(373.15, toKelvin(100), 0.001); }
    public function testTimeoutNameIsOnlyAWord(): void { $this->assertTrue(true); }
}
P
record $E f-phpunit-pass PASS 3/3/0/0 "three tests pass (one named after timeouts)" -- phpunit tests
sed -i 's/\$c + 273.15/$c + 273/' src/Temperature.php
record $E f-phpunit-fail TEST_FAILURE 3/1/2/0 "the offset is rounded: the two conversions fail" -- phpunit tests
printf '<?php\nfunction f() {\n    echo "x"\n}\n' > src/bad.php
record $E f-php-l-parse CODE_ERROR - "php -l: a missing semicolon" -- php -l src/bad.php
printf '<?php\ndeclare(strict_types=1);\nfunction half(int $x): int { return intdiv($x, 2); }\necho half("4");\n' > strict.php
record $E f-php-strict-typeerror CODE_ERROR - "strict_types: a string passed to an int parameter (uncaught TypeError)" -- php strict.php
printf '<?php\n$per = 0;\necho intdiv(10, $per);\n' > div.php
record $E f-php-division-by-zero CODE_ERROR - "intdiv by zero: uncaught DivisionByZeroError" -- php div.php
record $E f-phpunit-missing-dir ENV_ERROR - "the test directory named does not exist" -- phpunit tests/Integration
printf '<?php\n$f = new IntlDateFormatter("en_US", IntlDateFormatter::SHORT, IntlDateFormatter::NONE);\necho $f->format(0);\n' > intl.php
record $E f-php-intl-missing ENV_ERROR - "IntlDateFormatter: the intl extension is not installed" -- php intl.php
cat > tests/SlowTest.php <<'P'
<?php
use PHPUnit\Framework\TestCase;
final class SlowTest extends TestCase {
    public function testCrunch(): void { set_time_limit(1); $i = 0; while (true) { $i++; } }
}
P
rm tests/TemperatureTest.php
record $E f-phpunit-time-limit TIMEOUT - "set_time_limit(1) inside a test's busy loop: PHP's fatal error ends PHPUnit" -- phpunit tests
printf '<?php\necho "pending migrations: 3\\n";\nexit(2);\n' > migrate.php
record $E f-php-exit-2 UNKNOWN - "the script exits 2 saying only what it counted" -- php migrate.php
