package testresults

import "github.com/engineo/autoverify/internal/lazyregexp"

// The runners whose text is only a summary: their totals and their
// failures. Each is a summary (see summary.go), in the parsers table.

var (
	jestTests  = lazyregexp.New(`^Tests:\s+(.*\d+ total)$`)
	jestCount  = lazyregexp.New(`(?P<n>\d+) (?P<word>failed|passed|skipped|todo|total)\b`)
	jestBullet = lazyregexp.New(`^\s*● (?P<name>.+)$`)
)

// jestText reads jest's (and vitest's compatible) "Tests: 1 failed, 2
// passed, 3 total" line and the "● Suite › test" headings of failures.
var jestText = summary{
	totals: totalsLines{shapes: []totalsLine{{re: jestTests, trim: true, words: &wordCounts{re: jestCount, first: true, as: map[string]count{
		"failed": failed, "passed": passed, "skipped": skipped, "todo": skipped, "total": total,
	}}}}},
	cases: cases{
		line: jestBullet, skip: "Test suite failed to run", once: true,
		under: &block{endAt: []pattern{jestBullet}, endsWith: []string{"at "}},
	},
}

var (
	mavenTotal   = lazyregexp.New(`Tests run: (?P<total>\d+), Failures: (?P<failed>\d+), Errors: (?P<failed>\d+), Skipped: (?P<skipped>\d+)\s*$`)
	mavenFailure = lazyregexp.New(`^\[ERROR\] (?P<name>\S+?)(?:\((?P<class>[\w.$]+)\))?\s+(?:--\s+)?Time elapsed: .*<<< (FAILURE|ERROR)!`)
)

// mavenText reads Maven Surefire's text: the totals line after "Results:"
// (the last "Tests run:" line without a class name) and the "<<<
// FAILURE!" line of each failing test, whose next line is the assertion.
// Surefire 2 names a test "testAdd(com.x.AppTest)", hence the class group.
var mavenText = summary{
	totals: totalsLines{shapes: []totalsLine{{re: mavenTotal, unless: "Time elapsed"}}},
	cases:  cases{line: mavenFailure, under: lineBelow},
}

var (
	gradleTotal = lazyregexp.New(`^(?P<total>\d+) tests? completed(?:, (?P<failed>\d+) failed)?(?:, (?P<skipped>\d+) skipped)?`)
	gradleCase  = lazyregexp.New(`^(?P<class>\S.*?) > (?P<name>.+?) (?P<status>FAILED|SKIPPED|PASSED)$`)
)

// gradleText reads Gradle's test task text: "3 tests completed, 1
// failed" and "AppTest > testAdd() FAILED" followed by the indented
// exception; only the failures are listed. A passing Gradle build prints
// no count, so it is not read.
var gradleText = summary{
	totals: totalsLines{shapes: []totalsLine{{re: gradleTotal}}},
	cases: cases{
		line: gradleCase, statuses: map[string]Status{"FAILED": Fail},
		under: &block{indented: true},
	},
}

var (
	rspecTotal   = lazyregexp.New(`^(?P<total>\d+) examples?, (?P<failed>\d+) failures?(?:, (?P<skipped>\d+) pending)?`)
	rspecRerun   = lazyregexp.New(`^rspec (\S+) # (?P<name>.+)$`)
	rspecHeading = lazyregexp.New(`^\s+\d+\) (?P<name>.+)$`)
)

// rspecText reads RSpec's "3 examples, 1 failure, 1 pending" and the
// "rspec ./spec/x_spec.rb:4 # Calc adds" lines naming failures; a
// failure's gist is under its "1) Calc adds" heading.
var rspecText = summary{
	totals: totalsLines{shapes: []totalsLine{{re: rspecTotal}}},
	cases: cases{line: rspecRerun, gists: sections{
		heading: rspecHeading,
		body:    block{endAt: []pattern{rspecHeading}, endsWith: []string{"# ./", "Finished in"}},
	}.read},
}

var (
	minitestTotal = lazyregexp.New(`^(?P<total>\d+) (?:runs|tests), \d+ assertions, (?P<failed>\d+) failures, (?P<failed>\d+) errors, (?P<skipped>\d+) skips`)
	minitestHead  = lazyregexp.New(`^\s*\d+\) (Failure|Error):$`)
	minitestName  = lazyregexp.New(`^(?P<name>\S+?#\S+?)(?: \[.*\])?:?$`)
)

// minitestText reads minitest's "3 runs, 4 assertions, 1 failures, 0
// errors, 1 skips" and its "1) Failure:\nTestCalc#test_add [file:6]:"
// blocks.
var minitestText = summary{
	totals: totalsLines{shapes: []totalsLine{{re: minitestTotal}}},
	cases: cases{
		line: minitestHead, nameBelow: minitestName,
		under: &block{blank: true, endAt: []pattern{minitestHead}},
	},
}

var (
	phpunitOK       = lazyregexp.New(`^OK \((?P<total>\d+) tests?, \d+ assertions?\)`)
	phpunitNone     = lazyregexp.New(`^No tests executed!$`)
	phpunitTotals   = lazyregexp.New(`^Tests: (?P<total>\d+), Assertions: \d+(.*)\.$`)
	phpunitCount    = lazyregexp.New(`(?P<word>Failures|Errors|Skipped|Incomplete):? (?P<n>\d+)`)
	phpunitFailures = lazyregexp.New(`^There w.*(?:failure|error)`) // "There was 1 failure:", "There were 2 errors:"
	phpunitSection  = lazyregexp.New(`^There w`)                    // any other list ("There was 1 risky test:")
	phpunitHead     = lazyregexp.New(`^\d+\) (?P<name>\S+::\S+?)(?: with data set .*)?$`)
)

// phpunitText reads PHPUnit's "OK (3 tests, 3 assertions)" or "Tests: 3,
// Assertions: 3, Failures: 1." and the "1) CalcTest::testAdd" blocks of
// its lists of failures and errors (not of its risky or skipped tests).
var phpunitText = summary{
	totals: totalsLines{shapes: []totalsLine{
		{re: phpunitOK},
		{re: phpunitNone},
		{re: phpunitTotals, words: &wordCounts{re: phpunitCount, as: map[string]count{
			"Failures": failed, "Errors": failed, "Skipped": skipped, "Incomplete": skipped,
		}}},
	}},
	cases: cases{
		line: phpunitHead, region: region{open: phpunitFailures, close: phpunitSection},
		under: &block{blank: true, endAt: []pattern{phpunitHead}},
	},
}

var (
	ctestTotal  = lazyregexp.New(`^\d+% tests passed, (?P<failed>\d+) tests? failed out of (?P<total>\d+)`)
	ctestFailed = lazyregexp.New(`^\s*\d+ - (?P<name>\S+) \((?P<gist>Failed|SEGFAULT|Timeout|Exception|Subprocess aborted|Not Run|Child aborted|OTHER_FAULT|\w+)\)`)
	ctestNoTest = lazyregexp.New(`^No tests were found`)
	ctestList   = lazyregexp.New(`^The following tests FAILED:`)
)

// ctestText reads CTest's "67% tests passed, 1 tests failed out of 3"
// and the list under "The following tests FAILED:", whose gist is how
// each ended ("Failed", "SEGFAULT").
var ctestText = summary{
	totals: totalsLines{shapes: []totalsLine{{re: ctestNoTest, noCounts: true}, {re: ctestTotal}}},
	cases:  cases{line: ctestFailed, region: region{open: ctestList, list: true}},
}

var (
	junitCoreOK    = lazyregexp.New(`^OK \((?P<total>\d+) tests?\)$`)
	junitCoreTotal = lazyregexp.New(`^Tests run: (?P<total>\d+),\s+Failures: (?P<failed>\d+)$`)
	junitCoreHead  = lazyregexp.New(`^\d+\) (?P<name>\w+)\((?P<class>[\w.$]+)\)$`)
)

// junitCoreText reads JUnit 4's console runner (org.junit.runner.JUnitCore):
// "OK (3 tests)" or "FAILURES!!!\nTests run: 2,  Failures: 1" and its
// "1) testAdd(CalcTest)" blocks. It does not count @Ignore'd tests.
var junitCoreText = summary{
	totals: totalsLines{shapes: []totalsLine{{re: junitCoreOK}, {re: junitCoreTotal}}},
	cases:  cases{line: junitCoreHead, under: lineBelow},
}
