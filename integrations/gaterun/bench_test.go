package gaterun_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/gaterun"
	"github.com/engineo/autoverify/integrations/git"
	"github.com/engineo/autoverify/integrations/local"
)

// benchRepo is a Go module of pkgs packages with tests tests each, every
// test doing about work of CPU (a suite that takes a while, as real ones
// do); the head fixes a bug in one package and adds its test.
func benchRepo(b *testing.B, pkgs, tests int, work time.Duration) (r *repo, base, head string) {
	b.Helper()
	r = &repo{Dir: b.TempDir()}
	run := func(args ...string) string {
		out, err := runGit(r.Dir, args...)
		if err != nil {
			b.Fatalf("git %v: %v: %s", args, err, out)
		}
		return out
	}
	run("init", "-q", "-b", "main")
	run("config", "user.email", "b@example.com")
	run("config", "user.name", "b")
	files := map[string]string{"go.mod": goMod}
	spin := fmt.Sprintf(`
func spin() {
	end := time.Now().Add(%d * time.Microsecond)
	for time.Now().Before(end) {
	}
}
`, work.Microseconds())
	for p := 0; p < pkgs; p++ {
		dir := fmt.Sprintf("p%d", p)
		files[dir+"/calc.go"] = fmt.Sprintf("package p%d\n\n// Abs is |x|, buggy for negatives.\nfunc Abs(x int) int { return x }\n", p)
		var tb strings.Builder
		fmt.Fprintf(&tb, "package p%d\n\nimport (\n\t\"testing\"\n\t\"time\"\n)\n%s", p, spin)
		for i := 0; i < tests; i++ {
			fmt.Fprintf(&tb, "\nfunc TestAbs%d(t *testing.T) {\n\tspin()\n\tif Abs(%d) != %d {\n\t\tt.Fatal(\"abs\")\n\t}\n}\n", i, i, i)
		}
		files[dir+"/calc_test.go"] = tb.String()
	}
	write := func(fs map[string]string) {
		for p, body := range fs {
			full := filepath.Join(r.Dir, p)
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
				b.Fatal(err)
			}
		}
		run("add", "-A")
		run("commit", "-q", "-m", "c")
	}
	write(files)
	base = strings.TrimSpace(run("rev-parse", "HEAD"))
	write(map[string]string{
		"p0/calc.go":     "package p0\n\n// Abs is |x|.\nfunc Abs(x int) int {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n",
		"p0/neg_test.go": "package p0\n\nimport \"testing\"\n\nfunc TestAbsNegative(t *testing.T) {\n\tspin()\n\tif Abs(-2) != 2 {\n\t\tt.Fatal(\"-2\")\n\t}\n}\n",
	})
	head = strings.TrimSpace(run("rev-parse", "HEAD"))
	return r, base, head
}

// BenchmarkGatesOverhead compares a gates run with what it replaces:
// running the test command twice, on the base and on the head (each in a
// tree extracted beforehand, so the baseline pays no extraction). Both use
// -count=1 so neither is served from go test's result cache. It reports
// the overhead in percent.
func BenchmarkGatesOverhead(b *testing.B) {
	// slow: 4 packages × 8 tests × 40 ms, about 2 s a run, like a real
	// suite; fast: the same tests doing nothing, where the fixed costs
	// (extraction, the extra compiles of RED and REFACTOR) show.
	b.Run("suite=slow", func(b *testing.B) { benchOverhead(b, 40*time.Millisecond) })
	b.Run("suite=fast", func(b *testing.B) { benchOverhead(b, 0) })
}

func benchOverhead(b *testing.B, work time.Duration) {
	r, base, head := benchRepo(b, 4, 8, work)
	overhead(b, r, base, head, goSuite, func(rep gates.Report) {
		if !rep.Accepted() || len(rep.Tests.FailToPass) != 1 {
			b.Fatalf("the benchmark's change should pass every gate: %+v", rep)
		}
	})
}

// BenchmarkGatesOverheadReal is BenchmarkGatesOverhead on a real suite: a
// real Go fix of the real-history corpus (AUTOVERIFY_REALHISTORY_BENCH,
// default toml/fix/d10101f4; tuned or held-out alike, as nothing is tuned
// on a cost), its commits taken from the bundle. Both sides run
// `go test -count=1 ./...`; the gates add go vet (as `autoverify gates`
// does) in the "+vet" figures. f-ran is 1 when REFACTOR ran base versions
// at head (the change edited a test or a test file's top level), b-beside
// 1 when the base's suite ran in RED's tree, the change's tests left out,
// g-apart 1 when the head's suite ran without the change's tests and they
// ran in a command of their own.
// scripts/bench-gates-real.sh runs it on every real Go fix.
//
//	go test -run XXX -bench GatesOverheadReal -benchtime 5x ./integrations/gaterun/
func BenchmarkGatesOverheadReal(b *testing.B) {
	name := os.Getenv("AUTOVERIFY_REALHISTORY_BENCH")
	if name == "" {
		name = "toml/fix/d10101f4"
	}
	cases, err := readCases(filepath.Join("testdata", "realhistory", "cases.tsv"))
	if err != nil {
		b.Fatal(err)
	}
	var c *rhCase
	for i := range cases {
		if cases[i].Name == name && cases[i].Label == "fix" && !cases[i].badHead() {
			c = &cases[i]
		}
	}
	if c == nil {
		b.Fatalf("%s: no real fix of that name in cases.tsv", name)
	}
	dir := os.Getenv("AUTOVERIFY_REALHISTORY")
	if dir == "" {
		root, err := repoRoot()
		if err != nil {
			b.Fatal(err)
		}
		dir = filepath.Join(filepath.Dir(root), "shared", "realhistory")
	}
	clones := &cloneCache{root: b.TempDir(), bundles: dir}
	src, err := clones.get(c.Project)
	if err != nil {
		b.Skipf("SKIPPED LOUDLY: no real-history bundle: %v", err)
	}
	var fRan, beside, apart float64
	overhead(b, &repo{Dir: src}, c.Base, c.Head, realSuite(b, src), func(rep gates.Report) {
		fRan, beside, apart = 0, 0, 0
		for _, e := range rep.Gates {
			if e.Gate == gates.Refactor && !strings.HasPrefix(e.Reason, "the base's suite") &&
				!strings.HasPrefix(e.Reason, "the head's suite") && !strings.HasPrefix(e.Reason, "the base's versions of the edited tests") {
				fRan = 1 // F's evidence carries REFACTOR's reason alone
			}
			if e.Gate == gates.Refactor && strings.Contains(e.Reason, "in RED's tree without the change's new and edited tests") {
				beside = 1
			}
			if e.Gate == gates.Refactor && strings.HasPrefix(e.Reason, "the head's suite without the change's new and edited tests") {
				apart = 1
			}
		}
	})
	b.ReportMetric(fRan, "f-ran")
	b.ReportMetric(beside, "b-beside")
	b.ReportMetric(apart, "g-apart")
}

// benchSuite is how a project's suite is run: the gates' test command,
// the baseline's (run on the base and on the head), the static check the
// "+vet" figures add (nil: the one the gates pick where the commands run,
// as for a user's Python project), and the runner's options.
type benchSuite struct {
	eco            gates.Ecosystem
	test, baseline []string
	static         []string
	opts           []local.Option
}

// goSuite is a Go module's: `go test -count=1 ./...` (so nothing comes
// from go test's result cache; the baseline with -json, as the gates
// read it) and `go vet ./...`.
var goSuite = benchSuite{eco: gates.Go, test: []string{"go", "test", "-count=1", "./..."},
	baseline: []string{"go", "test", "-count=1", "-json", "./..."}, static: gates.DefaultStatic[gates.Go][0]}

// realSuite is the suite of the real project cloned at dir, run as the
// real-history replay runs it (runGatesWith): Go's as goSuite, Python's
// with the interpreter that has pytest (`PY -m pytest`, PYTHONPATH=src
// for the src layouts) and the static check the gates pick.
func realSuite(b *testing.B, dir string) benchSuite {
	eco, ok := gaterun.Detect(dir)
	if !ok {
		b.Fatalf("%s: neither Go nor Python", dir)
	}
	if eco == gates.Go {
		return goSuite
	}
	py := realHistoryPython(b)
	if py == "" {
		b.Skip("SKIPPED LOUDLY: no python3 with pytest")
	}
	test := []string{py, "-m", "pytest"}
	return benchSuite{eco: gates.Python, test: test, baseline: test, opts: []local.Option{local.WithEnv("PYTHONPATH=src")}}
}

// overhead measures a gates run against running the test command twice
// (each in a tree extracted beforehand, so the baseline pays no
// extraction); check looks at each gates report.
func overhead(b *testing.B, r *repo, base, head string, suite benchSuite, check func(gates.Report)) {
	runner, err := local.New(append(suite.opts, local.WithTimeout(10*time.Minute))...)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	trees := gaterun.GitTrees{Repo: git.Repo{Dir: r.Dir}}
	twice := func() time.Duration {
		tmp := b.TempDir()
		for _, rev := range []string{base, head} {
			if err := trees.Extract(ctx, rev, filepath.Join(tmp, rev)); err != nil {
				b.Fatal(err)
			}
		}
		start := time.Now()
		for _, rev := range []string{base, head} {
			if _, err := runner.Run(ctx, verify.Command{Argv: suite.baseline, Dir: filepath.Join(tmp, rev)}); err != nil {
				b.Fatal(err)
			}
		}
		return time.Since(start)
	}
	gatesRun := func(static bool) time.Duration {
		spec := gaterun.Spec{Base: base, Head: head, Trees: trees, Runner: runner, Ecosystem: suite.eco, Test: suite.test}
		if static {
			spec.Static, spec.AutoStatic, spec.Allowed = suite.static, suite.static == nil, allowAll
		}
		start := time.Now()
		rep, err := gaterun.Run(ctx, spec)
		if err != nil {
			b.Fatal(err)
		}
		check(rep)
		return time.Since(start)
	}
	twice()
	gatesRun(true)
	var base2, g, gs, base2CPU, gCPU time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cpu := childCPU()
		base2 += twice()
		base2CPU += childCPU() - cpu
		cpu = childCPU()
		g += gatesRun(false)
		gCPU += childCPU() - cpu
		gs += gatesRun(true)
	}
	n := time.Duration(b.N)
	b.ReportMetric(float64((base2 / n).Milliseconds()), "twice-ms")
	b.ReportMetric(float64((g / n).Milliseconds()), "gates-ms")
	b.ReportMetric(float64((gs / n).Milliseconds()), "gates+vet-ms")
	b.ReportMetric(100*(float64(g)/float64(base2)-1), "overhead-%")
	b.ReportMetric(100*(float64(gs)/float64(base2)-1), "overhead+vet-%")
	// CPU time of the commands (their processes, once reaped): what the
	// gates cost in work, which a busy machine does not blur as it blurs
	// wall time.
	b.ReportMetric(float64((base2CPU / n).Milliseconds()), "twice-cpu-ms")
	b.ReportMetric(float64((gCPU / n).Milliseconds()), "gates-cpu-ms")
}

// childCPU is the user and system time of this process's reaped
// descendants so far.
func childCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
