package testresults

import "github.com/engineo/autoverify/internal/lazyregexp"

var (
	cargoResult  = lazyregexp.New(`^test result: (?:ok|FAILED)\. (?P<passed>\d+) passed; (?P<failed>\d+) failed; (?P<skipped>\d+) ignored; \d+ measured; \d+ filtered out`)
	cargoTest    = lazyregexp.New(`^test (?P<name>.+) \.\.\. (?P<status>ok|FAILED|ignored)`)
	cargoSection = lazyregexp.New(`^---- (?P<name>.+) (?:stdout|stderr) ----$`)
)

// cargoText reads cargo test (libtest) output: one "test result:" line
// per test binary (unit, integration, doc tests), summed; names from the
// "test x ... FAILED" lines and the first lines of each "---- x stdout
// ----" section.
var cargoText = summary{
	totals: totalsLines{add: true, shapes: []totalsLine{{re: cargoResult}}},
	cases: cases{
		line:     cargoTest,
		statuses: map[string]Status{"ok": Pass, "FAILED": Fail, "ignored": Skip},
		gists: sections{heading: cargoSection, body: block{
			endAt:    []pattern{cargoSection},
			endLines: []string{"failures:", "successes:", "stack backtrace:"},
			drop:     []string{"note: run with `RUST_BACKTRACE"},
		}}.read,
	},
}

var (
	nextestSummary = lazyregexp.New(`^\s*Summary \[\s*[\d.]+s\] (?P<ran>\d+) tests? run: (?P<passed>\d+) passed(?: \(\d+ (?:slow|flaky|leaky)[^)]*\))*(?:, (?P<failed>\d+) failed)?(?:, (?P<failed>\d+) timed out)?[^,]*?(?:, (?P<skipped>\d+) skipped)?`)
	nextestLine    = lazyregexp.New(`^\s*(?P<status>PASS|FAIL|SIGSEGV|SIGABRT|ABORT|TIMEOUT|SKIP) \[\s*[\d.]+s\] (?P<name>.+)$`)
	nextestOutput  = lazyregexp.New(`^--- STD(?:OUT|ERR): +(?P<name>.+?) ---$`)
)

// nextestText reads cargo nextest's output: its "Summary" line and the
// status line of every test ("PASS [0.003s] crate tests::a"). Nextest
// repeats failing tests after its summary; the first line counts.
var nextestText = summary{
	totals: totalsLines{shapes: []totalsLine{{re: nextestSummary}}},
	cases: cases{
		line: nextestLine, once: true,
		statuses: map[string]Status{
			"PASS": Pass, "SKIP": Skip,
			"FAIL": Fail, "SIGSEGV": Fail, "SIGABRT": Fail, "ABORT": Fail, "TIMEOUT": Fail,
		},
		gists: sections{heading: nextestOutput, firstWithText: true, body: block{
			endAt: []pattern{nextestOutput, nextestLine},
			drop:  []string{"running ", "note: run with"},
		}}.read,
	},
}
