package main

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/engineo/autoverify/integrations/github/githubtest"
	"github.com/engineo/autoverify/integrations/redistest"
)

// BenchmarkServeTimeToVerdict measures what a person waits for: from the
// webhook's arrival to the completed check run, against the in-process
// fake GitHub on loopback, with Redis (queue, dedupe, ledger, cache) when
// one is available. The repository is 1 MB of files; the checklist is one
// instant command. "fresh" pushes a new head every iteration (download,
// extract, run); "cached" re-verifies the same head (every result
// cached). It reports the median stage breakdown of the fresh runs too.
func BenchmarkServeTimeToVerdict(b *testing.B) {
	redisURL := ""
	if os.Getenv("ENGINEO_TEST_REDIS_URL") != "" {
		redistest.Client(b, 12, "time-to-verdict benchmark")
		redisURL = redistest.URL(12)
	}
	fake := githubtest.NewServer(b)
	fake.AddRepo("acme", "web", "main")
	fake.SetFiles("acme", "web", "main", map[string]string{".autoverify.yml": "allowlist: [true]\n"})
	files := map[string]string{}
	for i := 0; i < 200; i++ {
		buf := make([]byte, 2560)
		_, _ = rand.Read(buf)
		files[fmt.Sprintf("src/pkg%d/file%d.go", i%20, i)] = "package pkg\n// " + hex.EncodeToString(buf) + "\n"
	}
	body := "- [ ] Passes `true`\n"
	env := serverEnv(b, fake, redisURL)
	env["ENGINEO_PUBLIC_URL"] = ""
	// The pipeline's own overhead: one run per check (reviewers never take
	// a cached pass, so "cached" needs them off; BenchmarkReviewers in bot
	// measures what a second reviewer adds).
	env["ENGINEO_REVIEWERS"] = "1"
	srv := startServer(b, env)
	n := 0
	newHead := func() string {
		n++
		sha := fmt.Sprintf("%040x", n)
		fake.SetFiles("acme", "web", sha, files)
		fake.AddPull("acme", "web", githubtest.PullSpec{Number: 7, Title: "KAN-25: greet", Body: body, HeadRef: "feature/KAN-25", HeadSHA: sha, BaseRef: "main"})
		return sha
	}
	fake.SetPermission("acme", "web", "alice", "write")
	verify := func(b *testing.B) {
		before := len(completedRuns(fake))
		cid := fake.AddComment("acme", "web", 7, "alice", "/verify")
		n++
		code, _ := srv.deliver(b, "issue_comment", fmt.Sprintf("bench-%d", n), commentEvent(cid, "alice", "/verify"), testSecret)
		if code != 202 {
			b.Fatalf("delivery answered %d", code)
		}
		deadline := time.Now().Add(30 * time.Second)
		for len(completedRuns(fake)) == before {
			if time.Now().After(deadline) {
				b.Fatal("no verdict within 30 s")
			}
			time.Sleep(200 * time.Microsecond)
		}
	}
	b.Run("fresh", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			newHead()
			b.StartTimer()
			verify(b)
		}
		b.ReportMetric(float64(len(files)), "files")
		reportStages(b, filepath.Join(env["ENGINEO_ARTIFACTS_DIR"], "runs"))
	})
	b.Run("cached", func(b *testing.B) {
		newHead()
		verify(b) // the first run of this head fills the cache
		for b.Loop() {
			verify(b)
		}
	})
}

// reportStages reports the median time of each pipeline stage across the
// runs' summaries.
func reportStages(b *testing.B, runs string) {
	byStage := map[string][]float64{}
	paths, _ := filepath.Glob(filepath.Join(runs, "*", "*-auto-verify-summary.json"))
	for _, p := range paths {
		sum := map[string]any{}
		raw, err := os.ReadFile(p)
		if err != nil || jsonUnmarshal(raw, &sum) != nil {
			continue
		}
		stages, _ := sum["stages"].([]any)
		for _, s := range stages {
			m := s.(map[string]any)
			byStage[m["stage"].(string)] = append(byStage[m["stage"].(string)], m["seconds"].(float64))
		}
	}
	var names []string
	for name, vals := range byStage {
		sort.Float64s(vals)
		b.ReportMetric(vals[len(vals)/2]*1000, name+"-ms")
		names = append(names, name)
	}
	b.Logf("stages: %s", strings.Join(names, ", "))
}

func jsonUnmarshal(raw []byte, v any) error { return json.Unmarshal(raw, v) }
