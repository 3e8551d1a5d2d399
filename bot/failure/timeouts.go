package failure

// Time limits: the runner's, a wrapper's (timeout(1), make, a script's)
// and the ones tools print when a limit inside the command fired.

import (
	"bytes"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/engineo/autoverify/bot/testresults"
	"github.com/engineo/autoverify/internal/lazyregexp"
)

// inCommandTimeout reports whether a time limit fired inside the command
// and explains the whole failure: every failing test the results name
// failed by its time limit, or (when the tool's results are not named) no
// assertion failed besides. A suite where one test timed out and others
// failed their assertions is a test failure: the code has a bug to fix.
func inCommandTimeout(in *input) bool {
	if !in.match(timeoutSignals) {
		return false
	}
	if fails := in.tests.Failures(); len(fails) > 0 {
		for _, c := range fails {
			if c.SubtestFailed {
				// A table's row failed its assertion before a
				// later row hung: the code has a bug to fix.
				return false
			}
			if c.CutOff && c.Failure == "" {
				// A bystander: a test its package's time limit
				// cut off (paused, in parallel) before it said
				// anything either way.
				continue
			}
			if !matchAny([]byte(c.Failure), timeoutSignals) && !matchAny([]byte(c.Failure), timeoutGists) {
				return false
			}
		}
		return true
	}
	return !in.match(assertionSignals)
}

// faulthandlerTimeout is the line faulthandler.dump_traceback_later
// writes when its time runs out, before the threads' stacks.
var faulthandlerTimeout = regexp.MustCompile(`(?m)^Timeout \(\d+:\d{2}:\d{2}(\.\d+)?\)!$`)

// stackDumpLine is a line of faulthandler's dump of the threads' stacks.
var stackDumpLine = regexp.MustCompile(`^((Current thread|Thread) 0x[0-9a-f]+ \(most recent call first\):|  File ".*", line \d+ in .*|  <no Python frame>|  \.\.\.|)$`)

// faulthandlerExited: the output ends with faulthandler's timeout dump,
// nothing after it but the stacks: its exit=True ended the process. A
// dump the run went on after (pytest's faulthandler_timeout only
// dumps) is not the end, and the run's own result decides.
func faulthandlerExited(text []byte) bool {
	locs := faulthandlerTimeout.FindAllIndex(text, -1)
	if len(locs) == 0 {
		return false
	}
	rest := text[locs[len(locs)-1][1]:]
	for _, line := range bytes.Split(bytes.TrimRight(rest, "\n"), []byte("\n")) {
		if !stackDumpLine.Match(bytes.TrimRight(line, "\r")) {
			return false
		}
	}
	return true
}

// timeoutGists are what a timed-out test's failure says once testresults
// kept its first lines (node's TAP error value, a suite cancelled with it).
var timeoutGists = rx(
	`timed out`,
	`[Tt]imeout`,
	`cancelledByParent`,
	`Promise resolution is still pending but the event loop has already resolved`,
)

// timeoutWrapperFired reports whether timeout(1) ended the command: it is
// the command (or a step of a `sh -c` script whose exit the script passed
// on) and the exit code is the one timeout(1) gives when its limit fired.
func timeoutWrapperFired(in *input) bool {
	if wrappedInTimeout(in.argv) {
		if in.exit == 124 || in.exit == 137 {
			return true
		}
		if preservesStatus(in.argv) {
			// 128+n for HUP, INT, QUIT, KILL, ALRM, TERM; or the
			// command's own exit after it caught SIGINT (Python's
			// KeyboardInterrupt, pytest's interrupted summary).
			switch in.exit {
			case 129, 130, 131, 137, 142, 143:
				return true
			}
			return in.match(interruptSignals)
		}
		return false
	}
	return (in.exit == 124 || in.exit == 137) && scriptRunsTimeout(in.argv)
}

// interruptSignals are a program's words when SIGINT stopped it.
var interruptSignals = rx(
	// Python (and pytest's "!!! KeyboardInterrupt !!!" banner).
	`^KeyboardInterrupt\b`,
	`!+ KeyboardInterrupt !+`,
	// Ruby.
	`^\S+: Interrupt$`,
	`\(Interrupt\)$`,
)

// preservesStatus reports whether a timeout(1) command line asks for
// --preserve-status (the option comes before the duration).
func preservesStatus(argv []string) bool {
	for _, a := range argv {
		if a == "--preserve-status" {
			return true
		}
	}
	return false
}

// scriptRunsTimeout reports whether argv is a shell's -c script that runs
// timeout(1) as one of its commands ("cmd && timeout 5 x", "timeout 5 x;
// s=$?"): argv[0] is a shell, the words after -c hold "timeout" where a
// command starts. The script text may arrive as one argument or split in
// words.
func scriptRunsTimeout(argv []string) bool {
	words := scriptWords(argv)
	start := true
	for _, w := range words {
		if start && (w == "timeout" || strings.HasSuffix(w, "/timeout")) {
			return true
		}
		start = w == "&&" || w == "||" || w == "|" || w == "then" || w == "do" || w == "else" ||
			strings.HasSuffix(w, ";") || strings.HasSuffix(w, "&&") || strings.HasSuffix(w, "(")
	}
	return false
}

// makeRecipeTimeout reads make's output when a recipe's timeout(1) fired
// with a signal other than the default: make echoes the recipe line
// ("timeout -s KILL 5 ./slow") and reports the child's end ("make: ***
// [Makefile:2: test] Killed", "Error 137", "Error 143" under
// --preserve-status). Error 124 is in timeoutSignals.
func makeRecipeTimeout(in *input) bool {
	return in.match(makeKilledSignals) && in.match(recipeTimeoutLine)
}

// lastLineTimedOut reports whether the output's last line says a time
// limit fired: a script's or program's own limit reported as its last
// word ("fetch: timed out after 1s" from Perl's alarm idiom, Go's
// "context deadline exceeded" from log.Fatal, a shell script's "timed out
// waiting for ..."). Only the last line counts: a limit mentioned along
// the way is not what ended the command.
func lastLineTimedOut(text []byte) bool {
	t := bytes.TrimRight(text, " \t\r\n")
	if i := bytes.LastIndexByte(t, '\n'); i >= 0 {
		t = t[i+1:]
	}
	return len(t) > 0 && len(t) < 300 && lastLineTimeoutRe().Match(t)
}

var lastLineTimeoutRe = lazyregexp.New(`(?i)\b(timed out|deadline exceeded|time ?limit exceeded|timeout exceeded)\b`)

// wrappedInTimeout reports whether argv runs its command under timeout(1),
// itself perhaps under env(1) setting or unsetting variables (env
// PYTHONPATH=src timeout 8 pytest, env -u CI timeout 8 pytest).
func wrappedInTimeout(argv []string) bool {
	tool := ""
	for i := 0; i < len(argv); i++ {
		a := argv[i]
		if strings.HasPrefix(a, "-") {
			if testresults.OptionTakesValue(tool, a) {
				i++
			}
			continue
		}
		if strings.Contains(a, "=") {
			continue
		}
		tool = filepath.Base(a)
		if tool == "env" {
			continue
		}
		return tool == "timeout" || tool == "gtimeout"
	}
	return false
}

// makeTarget: one of make's arguments (not an option, not a VAR=value)
// is one of targets.
func makeTarget(args []string, targets ...string) bool {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") && !strings.Contains(a, "=") && slices.Contains(targets, a) {
			return true
		}
	}
	return false
}

// timeoutSignals are time limits that fired inside the command, by tool.
var timeoutSignals = rx(
	// go test -timeout: the test binary panics.
	`^panic: test timed out after `,
	// node --test --test-timeout (TAP "error: 'test timed out after 100ms'",
	// failureType testTimeoutFailure; spec reporter alike).
	`test timed out after \d+ms`,
	`failureType: 'testTimeoutFailure'`,
	// pytest-timeout's banner and its failure line.
	`^\+{5,} Timeout \+{5,}$`,
	`^E?\s*Failed: Timeout >[\d.]+s`,
	// jest and mocha.
	`Exceeded timeout of \d+ ?ms for a (test|hook)`,
	`Timeout of \d+ms exceeded\.`,
	// JUnit 4 @Test(timeout=) and JUnit 5 @Timeout (Maven, Gradle, console).
	`TestTimedOutException: test timed out after`,
	`java\.util\.concurrent\.TimeoutException: \S+ timed out after`,
	// cargo nextest's slow-timeout, ctest's TIMEOUT property, bats'
	// BATS_TEST_TIMEOUT.
	`^\s*TIMEOUT \[\s*[\d.]+s\]`,
	// prove's summary of a test script killed by SIGALRM (Perl's alarm)
	// or SIGXCPU: "t/slow.t (Wstat: 14 (Signal: ALRM) Tests: 1 ...)".
	`\(Wstat: \d+ \(Signal: (ALRM|XCPU)\)`,
	`\*\*\*Timeout\s+[\d.]+ sec`,
	`^not ok \d+ .* # timeout after \d+s`,
	// timeout(1) under make or cargo: make relays its 124, timeout
	// --verbose says so.
	`make(\[\d+\])?: \*\*\* \[[^\]]*\] Error 124`,
	`^timeout: sending signal \w+ to command`,
	// RSpec/minitest with Timeout.timeout around a test; Ruby's own
	// report of an uncaught one ("x.rb:2:in `sleep': execution expired
	// (Timeout::Error)").
	`Timeout::Error:?\s+execution expired`,
	`execution expired \(Timeout::(Error|ExitException)\)`,
	// PHP's max_execution_time and set_time_limit().
	`Maximum execution time of [\d.]+ seconds? exceeded`,
	// Python: subprocess.run(timeout=) and asyncio.wait_for / the builtin
	// TimeoutError ending a traceback.
	`^subprocess\.TimeoutExpired: Command .* timed out after`,
	`^(asyncio\.(exceptions\.)?)?TimeoutError\b`,
	`^socket\.timeout: timed out`,
	// node: execSync/spawnSync with a timeout, AbortSignal.timeout().
	`Error: spawnSync \S+ ETIMEDOUT`,
	`\[TimeoutError\]: The operation was aborted due to timeout`,
	`^TimeoutError: The operation was aborted due to timeout`,
	// Java: Future.get(timeout) and friends, uncaught.
	`^Exception in thread "[^"]*" java\.util\.concurrent\.TimeoutException`,
	`^Caused by: java\.util\.concurrent\.TimeoutException`,
)
