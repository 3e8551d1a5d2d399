package verify_test

import (
	"context"
	"testing"
	"time"

	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/integrations/local"
)

// BenchmarkMatrixLocalRunners: 4 checks × 3 environments (three real local
// runners), each check `sleep 1`. Reports the wall time as a multiple of
// the longest pair (1 s); the target is under 1.5×.
func BenchmarkMatrixLocalRunners(b *testing.B) {
	var envs []verify.Environment
	for _, name := range []string{"native", "ci", "devcontainer"} {
		r, err := local.New()
		if err != nil {
			b.Fatal(err)
		}
		envs = append(envs, verify.Environment{Name: name, Runner: r})
	}
	v := &verify.Verifier{Concurrency: 12, Environments: envs}
	p, _ := checklist.NewPolicy([]string{"sleep"})
	s, _ := checklist.Parse([]byte("- [ ] `sleep 1`\n- [ ] `sleep 1.0`\n- [ ] `sleep 1.00`\n- [ ] `sleep 1.000`\n"), p)
	dir := b.TempDir()
	for b.Loop() {
		start := time.Now()
		out, err := v.Verify(context.Background(), s.Items, dir)
		if err != nil || len(out) != 4 {
			b.Fatalf("%v %d", err, len(out))
		}
		var longest time.Duration
		for _, o := range out {
			if !o.Passed || len(o.Pairs) != 3 {
				b.Fatalf("%+v", o)
			}
			for _, p := range o.Pairs {
				longest = max(longest, p.Result.Duration)
			}
		}
		b.ReportMetric(time.Since(start).Seconds()/longest.Seconds(), "x-longest-pair")
	}
}
