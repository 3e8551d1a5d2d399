package mutate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The real-module test shows the mutants are meaningful: written over a
// real package, a test suite that checks results kills every one of them,
// and a suite that only calls the code lets every one survive.

const calcSrc = `package calc

// Price takes pct percent off amounts at or over threshold.
func Price(amount, threshold, pct int) int {
	if amount >= threshold {
		return amount - amount*pct/100
	}
	return amount
}

// InRange reports whether lo <= x < hi.
func InRange(x, lo, hi int) bool {
	return x >= lo && x < hi
}

// Same compares two codes.
func Same(a, b string) bool {
	return a == b
}

// Ready is true when both checks passed.
func Ready(built, tested bool) bool {
	return built && tested
}

// Record counts a call and keeps its value.
func Record(calls *int, seen []int, v int) []int {
	*calls++
	return append(seen, v)
}
`

// calcTest holds both suites, so one go test run per mutant answers for
// both: TestStrong checks results, TestWeak only calls the code. TestWeak
// comes first so that a mutant panicking in TestStrong, which ends the
// test binary, cannot hide the weak suite's outcome.
const calcTest = `package calc

import "testing"

func TestWeak(t *testing.T) {
	Price(100, 100, 10)
	InRange(1, 1, 5)
	Same("a", "b")
	Ready(true, false)
	Record(new(int), nil, 1)
}

func TestStrong(t *testing.T) {
	if got := Price(100, 100, 10); got != 90 {
		t.Fatalf("Price at threshold = %d", got)
	}
	if got := Price(99, 100, 10); got != 99 {
		t.Fatalf("Price under threshold = %d", got)
	}
	if !InRange(1, 1, 5) || InRange(5, 1, 5) || InRange(0, 1, 5) {
		t.Fatal("InRange bounds")
	}
	if !Same("a", "a") || Same("a", "b") {
		t.Fatal("Same")
	}
	if Ready(true, false) || !Ready(true, true) {
		t.Fatal("Ready")
	}
	calls := 0
	if got := Record(&calls, nil, 7); calls != 1 || len(got) != 1 || got[0] != 7 {
		t.Fatalf("Record = %v, calls %d", got, calls)
	}
}
`

func TestMutantsAgainstRealGoTest(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs go test once per mutant")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH")
	}
	changed := ChangedLines(nil, map[string][]byte{"calc.go": []byte(calcSrc)})
	mutants, err := Mutants("calc.go", []byte(calcSrc), changed["calc.go"], 0)
	require.NoError(t, err)
	ops := map[string]bool{}
	for _, m := range mutants {
		ops[m.Operator] = true
	}
	require.Len(t, ops, len(opOrder), "every operator is exercised: %v", ops)

	strong, weak := runMutants(t, goBin, mutants)
	assert.Equal(t, len(mutants), strong.Killed, "a strong test kills every mutant; survivors: %s", describe(strong.Survivors))
	assert.InDelta(t, 1.0, strong.Score, 1e-9)
	assert.True(t, Verdict(strong, 0))

	assert.Equal(t, len(mutants), weak.Survived, "a test that only calls the code lets every mutant survive")
	assert.InDelta(t, 0.0, weak.Score, 1e-9)
	assert.False(t, Verdict(weak, 0))
}

// runMutants plays the runner: each mutant in its own copy of the module,
// as many at once as there are CPUs, with the real go test. It returns the
// summaries of the strong and the weak suite.
func runMutants(t *testing.T, goBin string, mutants []Mutant) (strong, weak Summary) {
	t.Helper()
	strongRes := make([]Result, len(mutants))
	weakRes := make([]Result, len(mutants))
	slots := make(chan struct{}, runtime.NumCPU())
	var wg sync.WaitGroup
	for i, m := range mutants {
		wg.Add(1)
		go func() {
			defer wg.Done()
			slots <- struct{}{}
			defer func() { <-slots }()
			s, w := runOne(t, goBin, m)
			strongRes[i], weakRes[i] = Result{Mutant: m, Status: s}, Result{Mutant: m, Status: w}
		}()
	}
	wg.Wait()
	var err error
	strong, err = Summarize(strongRes)
	require.NoError(t, err)
	weak, err = Summarize(weakRes)
	require.NoError(t, err)
	require.Zero(t, strong.NotCompiled, "every mutant compiles")
	return strong, weak
}

// runOne writes the module with the mutant over calc.go, runs go test -v
// and reads the outcome of each suite from its verdict line.
func runOne(t *testing.T, goBin string, m Mutant) (strong, weak Status) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":       "module example.com/calc\n\ngo 1.21\n",
		"calc_test.go": calcTest,
		m.File:         string(m.Source),
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
			t.Errorf("write %s: %v", name, err)
			return NotCompiled, NotCompiled
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, goBin, "test", "-v", "-count=1", "-vet=off", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off", "GOTOOLCHAIN=local", "GOPROXY=off")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return Timeout, Timeout
	case err != nil && !errors.As(err, &exit):
		t.Errorf("go test: %v", err)
		return NotCompiled, NotCompiled
	case strings.Contains(string(out), "[build failed]") || strings.Contains(string(out), "[setup failed]"):
		t.Logf("%s:%d %s did not compile:\n%s", m.File, m.Line, m.Operator, out)
		return NotCompiled, NotCompiled
	}
	outcome := func(name string) Status {
		if strings.Contains(string(out), "--- PASS: "+name+" ") {
			return Survived
		}
		return Killed
	}
	return outcome("TestStrong"), outcome("TestWeak")
}

func describe(ms []Mutant) string {
	var out []string
	for _, m := range ms {
		out = append(out, fmt.Sprintf("%s:%d %s %q", m.File, m.Line, m.Operator, m.Mutated))
	}
	return strings.Join(out, "; ")
}
