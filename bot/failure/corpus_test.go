package failure

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The corpus (testdata/corpus) holds recorded runs of real tools on small
// projects, made by scripts/corpus/*.sh; labels.tsv gives each case's
// label (PASS or the failure type), its split, its expected test counts
// (run/passed/failed/skipped, "-" for output that is not a test tool's
// account) and the reason for the label. The replay needs none of the
// tools.
//
// Splits: tune (the rules were tuned on it); holdout (one case in three of
// the first recording, by a hash of the name: never tuned on, but its
// misses were inspected once to learn what kinds of evidence the rules
// lacked, so it is no longer a blind measure); fresh (recorded after
// that, by scripts/corpus/fresh: never inspected for tuning, but scored
// after each later round of rules); blind3 (recorded by
// scripts/corpus/blind3 after the third round of rules was committed,
// labelled and committed before its first score: never inspected);
// grow4-heldout (one case in three, by a hash of the name, of
// scripts/corpus/grow4.sh's tools and layouts the corpus lacked — pylint,
// jest, ESLint, golangci-lint, clippy workspaces, monorepos —, the other
// two in tune: never inspected, scored once after the rules were tuned on
// that tune part); grow5-heldout (the same for scripts/corpus/grow5.sh's
// more runs of those tools, chiefly their setup failures and the code
// under test failing to load: never inspected, scored once after the
// rules were tuned on grow4's and grow5's tune parts); grow6-heldout (the
// same for scripts/corpus/grow6.sh's runs where grow5-heldout's misses
// were: TypeScript, node, rust and go setups and code that does not
// load); grow7-heldout (the same for scripts/corpus/grow7.sh's go, rust,
// node, TypeScript, python and shell setups, recorded in three batches,
// each after the rules were tuned on the earlier batches' tune parts);
// grow8-heldout (the same for scripts/corpus/grow8.sh's linters, type
// checkers, formatters and test runners in real layouts — pylint, mypy,
// flake8, black, isort, pytest-3, unittest, go vet, staticcheck, node
// --test, jest, ESLint 6, tsc --build, cargo workspaces, Maven offline,
// cmake, ctest and make —: never inspected; scripts/corpus/grow8.sh's
// header says what of the classifier's view of it was seen before its
// first score); grow9-heldout (the same for scripts/corpus/grow9.sh's
// golangci-lint v2 runs — findings of several linters, typecheck,
// configuration mistakes, formatters, time limits, go.work, build tags,
// exit-code options — and yamllint, codespell, cppcheck and bandit:
// recorded blind, never inspected; its header says what was seen).

type labelled struct {
	name, eco, label, split, tests, reason string
	argv                                   []string
	exit                                   int
	timedOut                               bool
	out                                    []byte
}

func loadLabelled(t testing.TB) []labelled {
	t.Helper()
	f, err := os.Open("testdata/corpus/labels.tsv")
	require.NoError(t, err)
	defer f.Close()
	var cases []labelled
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	first := true
	for sc.Scan() {
		if first {
			first = false
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		require.Len(t, cols, 5, "labels.tsv: %q", sc.Text())
		c := labelled{name: cols[0], label: cols[1], split: cols[2], tests: cols[3], reason: cols[4]}
		c.eco, _, _ = strings.Cut(c.name, "/")
		require.True(t, c.label == "PASS" || Type(c.label).Valid(), "%s: label %q", c.name, c.label)
		require.Contains(t, splits, c.split, c.name)
		require.NotEmpty(t, c.reason, "%s: every label has a reason", c.name)
		raw, err := os.ReadFile(filepath.Join("testdata/corpus", c.name+".txt"))
		require.NoError(t, err)
		head, body, ok := bytes.Cut(raw, []byte("\n---\n"))
		require.True(t, ok, "%s: no --- line", c.name)
		c.out = body
		for _, l := range strings.Split(string(head), "\n") {
			k, v, _ := strings.Cut(strings.TrimPrefix(l, "# "), ": ")
			switch k {
			case "cmd":
				c.argv = strings.Fields(v)
			case "exit":
				c.exit, err = strconv.Atoi(v)
				require.NoError(t, err, c.name)
			case "timed_out":
				c.timedOut = v == "true"
			}
		}
		cases = append(cases, c)
	}
	require.NoError(t, sc.Err())
	return cases
}

// splits are the corpus's parts, in the order they are reported.
var splits = []string{"tune", "holdout", "fresh", "blind3", "grow4-heldout", "grow5-heldout", "grow6-heldout", "grow7-heldout", "grow8-heldout", "grow9-heldout", "grow10-heldout", "grow11-heldout", "grow12-heldout"}

// blindSplits are the parts never inspected whose union is "blind" in the
// tables (fresh+blind3, as reported since the third round); grow4-heldout,
// grow5-heldout, grow6-heldout and grow7-heldout (inspected since
// 2026-11-30, see firstScoreFloors), grow8-heldout and grow9-heldout
// (never inspected) are reported on their own so that every figure stays
// comparable with earlier rounds.
var blindSplits = []string{"fresh", "blind3"}

func isBlind(split string) bool {
	for _, s := range blindSplits {
		if s == split {
			return true
		}
	}
	return false
}

// holdoutFloor is what each hold-out part must not fall under: a guard
// against regressions, under the figures measured when the fresh part was
// first scored (docs/benchmarks.md). The bar (95%) is reported
// against each part separately.
const holdoutFloor = 0.95

// firstScoreFloors are the floors of hold-out parts scored under
// holdoutFloor: their latest score, rounded down, so that a later round of
// rules cannot make them worse while the figure stays what it was when
// nobody had looked (grow4-heldout: 33/41, 80.5 %, on 2026-11-28, then
// 38/41, 92.7 %, after the fifth growth's rules; grow5-heldout: 96/115,
// 83.5 %, its first score, on 2026-11-29, then 99/115, 86.1 %, after the
// sixth growth's rules; grow6-heldout: 118/136, 86.8 %, its first score,
// on 2026-11-29 — TypeScript, node, rust and go setups the rules had not
// seen —, then 122/136, 89.7 %, after the seventh growth's rules, which
// also moved grow5-heldout to 101/115, 87.8 %; grow7-heldout: 103/120,
// 85.8 %, its first score, on 2026-11-29; docs/benchmarks.md). On
// 2026-11-30 the misses of grow5-, grow6- and grow7-heldout were read and
// rules written from them, so those three are inspected from then on
// (111/115, 132/136, 113/120 after); grow8-heldout, recorded blind while
// those rules were written, scored 63/79, 79.7 %, first, the same with
// the rules before them. grow9-heldout (golangci-lint v2, yamllint,
// codespell, cppcheck, bandit): 28/35, 80.0 %, with the rules before the
// ones written from grow9's tune part, 31/35, 88.6 %, after them
// (2026-11-30; the second figure was seen while checking the tune part,
// after those rules were written, and nothing was changed for it).
// grow10-heldout (scripts/corpus/grow10.sh, recorded blind by a helper
// across eleven ecosystems): 33/35, 94.3 %, its first score, under the
// rules before any was written from its tune part (2026-11-30, thirteenth
// session). After the thirteenth session's structural rule (a checker
// that names no source file read no code) grow8-heldout measured 67/79
// (84.8 %) and grow9-heldout 34/35 (97.1 %): their floors since (their
// misses still unread). A review's broader form of that rule (any file
// named at a line counts as code read) was scored once and gave
// grow9-heldout 33/35; the form kept (data and configuration formats do
// not count) was chosen knowing that, so grow9-heldout is no longer a
// blind figure. grow11-heldout (scripts/corpus/grow11.sh, recorded blind
// by a helper across eleven ecosystems, 38 cases): 36/38, 94.7 %, its
// first score, under the rules of 2026-11-30's fourteenth session written
// before it was scored (the same figure under the thirteenth session's
// rules). grow12-heldout (scripts/corpus/grow12.sh, recorded blind by a
// helper, 44 cases, built around setups the corpus lacked: ports in use,
// names that do not resolve, permissions, sanitizers): 37/44, 84.1 %, its
// first score, under the rules after the fourteenth session's review
// (the same under the thirteenth session's). On 2026-11-30 (sixteenth
// session) the misses of grow8-, grow10-, grow11- and grow12-heldout were
// read and rules written from them, so those four are inspected from then
// on: 75/79, 34/35, 38/38 and 41/44 after (their floors since).
var firstScoreFloors = map[string]float64{"grow12-heldout": 0.93, "grow11-heldout": 1.00, "grow4-heldout": 0.92, "grow5-heldout": 0.96, "grow6-heldout": 0.97, "grow7-heldout": 0.94, "grow8-heldout": 0.94, "grow9-heldout": 0.97, "grow10-heldout": 0.97}

// floorOf is the accuracy a held-out part is held to: its first score's
// floor, holdoutFloor for the first parts, none for a part recorded but
// not yet scored (its figure is reported, and a recording in progress does
// not fail the test; the first score, taken once, sets its floor).
func floorOf(split string) float64 {
	if f, ok := firstScoreFloors[split]; ok {
		return f
	}
	switch split {
	case "holdout", "fresh", "blind3", "blind":
		return holdoutFloor
	}
	return 0
}

type tally struct{ right, total int }

func (t tally) String() string {
	if t.total == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d (%.1f%%)", t.right, t.total, 100*float64(t.right)/float64(t.total))
}

func (t tally) rate() float64 { return float64(t.right) / float64(t.total) }

// TestCorpus replays every recorded run through Read and holds the
// classifier to the bars where they are met: every label ≥ 90%,
// no passing run read as a failure (nor a failure as a pass), exact test
// counts on every case with a structured account, tune part ≥ 95%; the
// hold-out part is held to holdoutFloor and reported against 95%. Misses on
// the hold-out split are counted but only named with
// AUTOVERIFY_SHOW_HOLDOUT=1, so the rules are not tuned on them.
func TestCorpus(t *testing.T) {
	cases := loadLabelled(t)
	show := os.Getenv("AUTOVERIFY_SHOW_HOLDOUT") == "1"
	bySplit := map[string]*tally{"all": {}, "blind": {}}
	for _, s := range splits {
		bySplit[s] = &tally{}
	}
	byLabel := map[string]map[string]*tally{}
	byEco := map[string]map[string]*tally{}
	add := func(m map[string]map[string]*tally, k, split string, ok bool) {
		if m[k] == nil {
			m[k] = map[string]*tally{"all": {}, "blind": {}}
			for _, s := range splits {
				m[k][s] = &tally{}
			}
		}
		keys := []string{split, "all"}
		if isBlind(split) {
			keys = append(keys, "blind")
		}
		for _, s := range keys {
			m[k][s].total++
			if ok {
				m[k][s].right++
			}
		}
	}
	counted, exact := 0, 0
	for _, c := range cases {
		r := Read(Failure{Argv: c.argv, ExitCode: c.exit, TimedOut: c.timedOut, Output: c.out}, 0)
		got := "PASS"
		if !r.Passed {
			got = string(r.Type)
		}
		ok := got == c.label
		if c.label == "PASS" && !r.Passed {
			t.Errorf("%s: a passing run read as %s (%s)", c.name, got, r.Rule)
		}
		if c.label != "PASS" && r.Passed {
			t.Errorf("%s: a %s run read as a pass", c.name, c.label)
		}
		keys := []string{c.split, "all"}
		if isBlind(c.split) {
			keys = append(keys, "blind")
		}
		for _, s := range keys {
			bySplit[s].total++
			if ok {
				bySplit[s].right++
			}
		}
		add(byLabel, c.label, c.split, ok)
		add(byEco, c.eco, c.split, ok)
		if !ok && (c.split == "tune" || show) {
			t.Logf("miss [%s] %-45s want %-12s got %-12s by %q", c.split, c.name, c.label, got, r.Rule)
		}
		if c.tests != "-" {
			counted++
			gotTests := fmt.Sprintf("%d/%d/%d/%d", r.Tests.Run, r.Tests.Passed, r.Tests.Failed, r.Tests.Skipped)
			if r.Tests.Known() && !r.Tests.Partial && gotTests == c.tests {
				exact++
			} else {
				t.Errorf("%s: tests %s (format %s), want %s", c.name, gotTests, r.Tests.Format, c.tests)
			}
		}
	}
	var sizes, rates []string
	for _, s := range splits {
		sizes = append(sizes, fmt.Sprintf("%s %d", s, bySplit[s].total))
		rates = append(rates, fmt.Sprintf("%s %s", s, bySplit[s]))
	}
	t.Logf("cases %d (%s), ecosystems %d", len(cases), strings.Join(sizes, ", "), len(byEco))
	t.Logf("accuracy: all %s, blind (fresh+blind3) %s, %s", bySplit["all"], bySplit["blind"], strings.Join(rates, ", "))
	t.Logf("per-test counts exact: %d/%d structured cases", exact, counted)
	table := func(title string, m map[string]map[string]*tally) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		cols := append([]string{"all", "blind"}, splits...)
		t.Logf("| %s | %s |", title, strings.Join(cols, " | "))
		for _, k := range keys {
			row := make([]string, len(cols))
			for i, c := range cols {
				row[i] = m[k][c].String()
			}
			t.Logf("| %s | %s |", k, strings.Join(row, " | "))
		}
	}
	table("label", byLabel)
	table("ecosystem", byEco)

	for _, s := range append([]string{"blind"}, splits[1:]...) {
		h := bySplit[s]
		if h.total == 0 {
			continue
		}
		if h.rate() < 0.95 {
			t.Logf("NOT MET: %s accuracy %s is under the issue's 95%% bar", s, h)
		}
		if h.rate() < floorOf(s) {
			t.Errorf("%s accuracy %s is under the floor of %.0f%%", s, h, 100*floorOf(s))
		}
		for k, m := range byLabel {
			if m[s].total > 0 && m[s].rate() < 0.90 {
				t.Logf("NOT MET: label %s on the %s part: %s, under 90%%", k, s, m[s])
			}
		}
	}
	if tune := bySplit["tune"]; tune.rate() < 0.95 {
		t.Errorf("tuning accuracy %s is under 95%%", tune)
	}
	if len(cases) < 400 || len(byEco) < 12 {
		t.Errorf("the corpus has %d cases in %d ecosystems; it should keep at least 400 in 12", len(cases), len(byEco))
	}
	for k, m := range byLabel {
		if m["all"].rate() < 0.90 {
			t.Errorf("label %s: accuracy %s is under 90%%", k, m["all"])
		}
	}
}
