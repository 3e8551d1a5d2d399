package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// BenchmarkCLI measures whole `autoverify plan` and `autoverify run`
// processes (start-up included) on a one-item `true` story in a git work
// tree, side by side, so their ratio is what a user feels: run with
// --no-cache and one reviewer (the check runs once), run-reviewers (the
// default two independent reviewers, a workspace copy included), and
// run-cached (one reviewer, an unchanged tree served from the result
// cache: reviewers never take a cached pass). The binary is built once.
func BenchmarkCLI(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "autoverify")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	dir := b.TempDir()
	story := filepath.Join(dir, "S-1.md")
	env := append(os.Environ(), "ENGINEO_AUTOVERIFY_ALLOWLIST=true", "ENGINEO_STATE_DIR="+filepath.Join(dir, "state"),
		"ENGINEO_ARTIFACTS_DIR="+filepath.Join(dir, "reports"))
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("state/\nreports/\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=b", "-c", "user.email=b@b", "commit", "-q", "-m", "init"}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			b.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	for _, sub := range []string{"plan", "run", "run-reviewers", "run-cached"} {
		b.Run(sub, func(b *testing.B) {
			for b.Loop() {
				if err := os.WriteFile(story, []byte("- [ ] a `true`\n"), 0o644); err != nil {
					b.Fatal(err)
				}
				verb, _, _ := strings.Cut(sub, "-")
				cmd := exec.Command(bin, verb, story, "--workdir", dir, "--story-key", "S-1")
				switch sub {
				case "run":
					cmd.Args = append(cmd.Args, "--no-cache", "--reviewers", "1")
				case "run-reviewers":
					cmd.Args = append(cmd.Args, "--no-cache")
				case "run-cached":
					cmd.Args = append(cmd.Args, "--reviewers", "1")
				}
				cmd.Env, cmd.Dir = env, dir
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("%s: %v\n%s", sub, err, out)
				}
			}
		})
	}
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
