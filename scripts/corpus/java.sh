#!/usr/bin/env bash
# Java: javac, java, JUnit 4's console runner (Debian junit4), Maven
# offline (no plugins cached: its refusals are recorded).
. "$(dirname "$0")/lib.sh"
E=java
TOOL="$(javac -version 2>&1), JUnit 4.13 (Debian junit4)"
CP=/usr/share/java/junit4.jar:/usr/share/java/hamcrest-core.jar

calc() {
	cat > Calc.java <<'J'
public class Calc {
  public static int add(int a, int b) { return a + b; }
  public static int div(int a, int b) { return a / b; }
}
J
	cat > CalcTest.java
}

project java-pass; calc <<'J'
import org.junit.Test;
import org.junit.Ignore;
import static org.junit.Assert.*;
public class CalcTest {
  @Test public void adds() { assertEquals(3, Calc.add(1, 2)); }
  @Test public void timeoutHandling() { System.err.println("error: simulated, expected"); }
  @Ignore("later") @Test public void later() {}
}
J
javac -cp $CP Calc.java CalcTest.java
record $E junit-pass PASS 2/2/0/0 "two tests pass (one is named timeoutHandling and prints error:); JUnit 4 does not count the @Ignore'd one" -- java -cp $CP:. org.junit.runner.JUnitCore CalcTest
record $E javac-pass PASS - "the sources compile" -- javac -cp $CP -d out Calc.java CalcTest.java

project java-fail; calc <<'J'
import org.junit.Test;
import static org.junit.Assert.*;
public class CalcTest {
  @Test public void adds() { assertEquals(4, Calc.add(1, 2)); }
  @Test public void divides() { assertEquals(2, Calc.div(6, 3)); }
  @Test public void divZero() { assertEquals(0, Calc.div(1, 0)); }
  @Test public void truth() { assertTrue("should hold", Calc.add(0, 0) == 1); }
}
J
javac -cp $CP Calc.java CalcTest.java
record $E junit-fail TEST_FAILURE 4/1/3/0 "adds and truth fail their assertions; divZero throws ArithmeticException" -- java -cp $CP:. org.junit.runner.JUnitCore CalcTest
record $E junit-fail-sh TEST_FAILURE 4/1/3/0 "the same, run through sh" -- sh -c "java -cp $CP:. org.junit.runner.JUnitCore CalcTest"

project java-timeout; calc <<'J'
import org.junit.Test;
public class CalcTest {
  @Test public void quick() {}
  @Test(timeout = 200) public void slow() throws Exception { Thread.sleep(5000); }
}
J
javac -cp $CP Calc.java CalcTest.java
record $E junit-timeout TIMEOUT 2/1/1/0 "@Test(timeout = 200) fires on slow" -- java -cp $CP:. org.junit.runner.JUnitCore CalcTest
project java-slow; calc <<'J'
import org.junit.Test;
public class CalcTest {
  @Test public void slow() throws Exception { Thread.sleep(30000); }
}
J
javac -cp $CP Calc.java CalcTest.java
record $E junit-timeout-wrapper TIMEOUT - "timeout(1) stops the JVM after 2 s: exit 124" -- timeout 2 java -cp $CP:. org.junit.runner.JUnitCore CalcTest
CASE_LIMIT=2 record $E junit-timeout-runner TIMEOUT - "the runner's 2 s deadline kills the JVM" -- java -cp $CP:. org.junit.runner.JUnitCore CalcTest

project java-compile; calc <<'J'
import org.junit.Test;
public class CalcTest {
  @Test public void adds() {}
}
J
printf 'public class Calc {\n  public static int add(int a, int b) { return a + b }\n}\n' > Calc.java
record $E javac-semicolon CODE_ERROR - "a missing semicolon" -- javac -cp $CP Calc.java CalcTest.java
printf 'public class Calc {\n  public static int add(int a, int b) { return a + c; }\n}\n' > Calc.java
record $E javac-symbol CODE_ERROR - "cannot find symbol c" -- javac -cp $CP Calc.java CalcTest.java
printf 'public class Calc {\n  public static int add(int a, int b) { return "sum"; }\n}\n' > Calc.java
record $E javac-types CODE_ERROR - "incompatible types: String cannot be converted to int" -- javac -cp $CP Calc.java CalcTest.java
printf 'public class Calc {\n  public static int add(int a, int b) { return a + b; }\n}\n' > Calc.java
record $E javac-no-junit ENV_ERROR - "JUnit is not on the classpath: package org.junit does not exist" -- javac Calc.java CalcTest.java
record $E javac-missing-file ENV_ERROR - "the source file named does not exist" -- javac src/main/java/App.java

project java-run
printf 'public class App {\n  public static void main(String[] a) {\n    String s = null;\n    System.out.println(s.length());\n  }\n}\n' > App.java
javac App.java
record $E run-npe CODE_ERROR - "the program throws NullPointerException" -- java App
printf 'public class App {\n  public static void main(String[] a) {\n    int[] x = new int[1];\n    System.out.println(x[2]);\n  }\n}\n' > App.java
javac App.java
record $E run-index CODE_ERROR - "the program throws ArrayIndexOutOfBoundsException" -- java App
printf 'public class App {\n  public static void main(String[] a) {\n    System.out.println("2 rows stale");\n    System.exit(3);\n  }\n}\n' > App.java
javac App.java
record $E run-exit-silent UNKNOWN - "the program exits 3 saying only what it counted" -- java App
printf 'public class App {\n  public static void main(String[] a) {\n    System.out.println("errors: 0, failures: 0");\n  }\n}\n' > App.java
javac App.java
record $E run-pass PASS - "the program succeeds printing 'errors' and 'failures'" -- java App
record $E run-no-class ENV_ERROR - "the main class named does not exist" -- java com.example.Main
record $E run-no-jar ENV_ERROR - "the jar named does not exist" -- java -jar build/app.jar
record $E run-single-file CODE_ERROR - "java runs a source file that does not compile" -- sh -c "printf 'class A { void f() { int x = } }' > A.java && java A.java"

TOOL="$(mvn -v 2>/dev/null | head -1), offline with an empty local repository"
project java-mvn
cat > pom.xml <<'X'
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example</groupId>
  <artifactId>calc</artifactId>
  <version>1.0</version>
</project>
X
mkdir -p src/main/java; cp "$WORK/java-run/App.java" src/main/java/
record $E mvn-offline-plugins ENV_ERROR - "mvn -o test: the build plugins are not in the local repository and cannot be fetched offline" -- mvn -B -o -Dmaven.repo.local=$WORK/m2-empty test
record $E mvn-offline-compile ENV_ERROR - "mvn -o compile: the same refusal" -- mvn -B -o -q -Dmaven.repo.local=$WORK/m2-empty compile
project java-nopom
record $E mvn-no-pom ENV_ERROR - "no pom.xml in the directory" -- mvn -B -o -Dmaven.repo.local=$WORK/m2-empty test
record $E gradle-not-installed ENV_ERROR - "gradle is not installed (exit 127)" -- sh -c "gradle test"
record $E gradlew-missing ENV_ERROR - "./gradlew does not exist in the project" -- sh -c "./gradlew test"
