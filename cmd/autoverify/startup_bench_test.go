package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// BenchmarkCLI measures whole `autoverify plan` and `autoverify run`
// processes (start-up included) on a one-item `true` story in a git work
// tree: run (the default two reviewers, with --no-cache so that every
// iteration runs the check), run-1 (one reviewer: lighter than the
// default), and run-cached (the defaults: an unchanged tree served from
// the result cache). This measures start-up, not real work: for that see
// scripts/bench-realwork.sh.
func BenchmarkCLI(b *testing.B) {
	bin, dir, story, env := cliBench(b)
	for _, sub := range []string{"plan", "run", "run-1", "run-cached"} {
		b.Run(sub, func(b *testing.B) {
			for b.Loop() {
				if err := cliOnce(bin, dir, story, env, sub); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCLISideBySide is BenchmarkCLI interleaved: every iteration runs
// each variant once, in a rotating order, so that a machine whose load
// changes (other jobs on the same cores) slows them alike. It reports the
// median wall time of each (ms-plan, ms-run, …), the median of the
// per-iteration ratios to plan (run/plan, …). Use it for the figures in
// docs/benchmarks.md (peak RSS with /usr/bin/time -v: a child of this
// large test process inherits its high-water mark through vfork and exec):
//
//	go test -run XXX -bench CLISideBySide -benchtime 40x ./cmd/autoverify
func BenchmarkCLISideBySide(b *testing.B) {
	bin, dir, story, env := cliBench(b)
	subs := []string{"plan", "run", "run-1", "run-cached"}
	times := make(map[string][]float64, len(subs))
	i := 0
	for b.Loop() {
		for k := range subs {
			sub := subs[(i+k)%len(subs)]
			start := time.Now()
			if err := cliOnce(bin, dir, story, env, sub); err != nil {
				b.Fatal(err)
			}
			times[sub] = append(times[sub], float64(time.Since(start).Microseconds())/1000)
		}
		i++
	}
	for _, sub := range subs {
		b.ReportMetric(median(times[sub]), "ms-"+sub)
		if sub != "plan" {
			ratios := make([]float64, len(times[sub]))
			for k := range ratios {
				ratios[k] = times[sub][k] / times["plan"][k]
			}
			b.ReportMetric(median(ratios), sub+"/plan")
		}
	}
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

// cliBench builds the binary and a git work tree with a one-item `true`
// story, and returns the environment the runs need.
func cliBench(b *testing.B) (bin, dir, story string, env []string) {
	b.Helper()
	bin = filepath.Join(b.TempDir(), "autoverify")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	dir = b.TempDir()
	story = filepath.Join(dir, "S-1.md")
	env = append(os.Environ(), "ENGINEO_AUTOVERIFY_ALLOWLIST=true", "ENGINEO_STATE_DIR="+filepath.Join(dir, "state"),
		"ENGINEO_ARTIFACTS_DIR="+filepath.Join(dir, "reports"))
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("state/\nreports/\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=b", "-c", "user.email=b@b", "commit", "-q", "-m", "init"}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			b.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return bin, dir, story, env
}

// cliOnce runs one variant (see BenchmarkCLI). The story is reset first,
// the evidence of earlier runs removed (it piles up one file a run).
func cliOnce(bin, dir, story string, env []string, sub string) error {
	if err := os.WriteFile(story, []byte("- [ ] a `true`\n"), 0o644); err != nil {
		return err
	}
	old, _ := filepath.Glob(filepath.Join(dir, "reports", "*-evidence-*"))
	for _, f := range old {
		_ = os.Remove(f)
	}
	verb, _, _ := strings.Cut(sub, "-")
	cmd := exec.Command(bin, verb, story, "--workdir", dir, "--story-key", "S-1")
	switch sub {
	case "run":
		cmd.Args = append(cmd.Args, "--no-cache")
	case "run-1":
		cmd.Args = append(cmd.Args, "--no-cache", "--reviewers", "1")
	}
	cmd.Env, cmd.Dir = env, dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s: %v\n%s", sub, err, out)
	}
	return nil
}

// BenchmarkRunInProcess is `autoverify run` of a one-item `true` story
// without process start-up, for profiling what a run does.
func BenchmarkRunInProcess(b *testing.B) {
	dir := b.TempDir()
	story := filepath.Join(dir, "S-1.md")
	env := map[string]string{"ENGINEO_AUTOVERIFY_ALLOWLIST": "true", "ENGINEO_STATE_DIR": filepath.Join(dir, "state"),
		"ENGINEO_ARTIFACTS_DIR": filepath.Join(dir, "reports")}
	off := false
	for b.Loop() {
		if err := os.WriteFile(story, []byte("- [ ] a `true`\n"), 0o644); err != nil {
			b.Fatal(err)
		}
		app := &App{Stdout: io.Discard, Stderr: io.Discard, Getenv: func(k string) string { return env[k] }, Now: time.Now, Color: &off}
		if code := app.Run(context.Background(), []string{"run", story, "--workdir", dir, "--commit", "c1"}); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
