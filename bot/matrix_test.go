package bot

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/failure"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/checklist"
)

// envRunner answers per command word; a nil map entry means "unavailable".
func envRunner(exit map[string]int, down bool) verify.Runner {
	return &fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
		if down {
			return verify.Result{}, errors.New("engine unreachable at unix:///var/run/docker.sock")
		}
		return verify.Result{ExitCode: exit[cmd.Argv[0]], Output: []byte("ran " + strings.Join(cmd.Argv, " ") + "\n")}, nil
	}}
}

func matrixStory(t *testing.T, src string) []checklist.Item {
	t.Helper()
	p, err := checklist.NewPolicy([]string{"ok", "fail", "red", "slow", "odd"})
	require.NoError(t, err)
	s, err := checklist.Parse([]byte(src), p)
	require.NoError(t, err)
	return s.Items
}

func TestMatrixSemantics(t *testing.T) {
	t.Parallel()
	v := &verify.Verifier{Environments: []verify.Environment{
		{Name: "native", Runner: envRunner(map[string]int{"fail": 1, "red": 1, "odd": 0}, false)},
		{Name: "ci", Runner: envRunner(map[string]int{"fail": 1, "red": 1, "odd": 2}, false)},
		{Name: "devcontainer", Runner: envRunner(nil, true)},
	}}
	items := matrixStory(t, ""+
		"<!-- AUTO:ENV=native CMD=ok -->\n- [ ] named passes\n"+
		"<!-- AUTO:ENV=ci EXIT=1 CMD=red -->\n- [ ] a RED check wants exit 1\n"+
		"<!-- AUTO:ENV=ci CMD=ok -->\n- [ ] second ci\n"+
		"<!-- AUTO:ENV=native CMD=odd -->\n- [ ] odd native only\n"+
		"<!-- AUTO:ENV=nowhere CMD=ok -->\n- [ ] unknown environment\n"+
		"<!-- AUTO:CMD=ok -->\n- [ ] ALL includes the unavailable one\n")
	out, err := v.Verify(context.Background(), items, "")
	require.NoError(t, err)
	require.Len(t, out, 6)

	assert.True(t, out[0].Passed)
	require.Len(t, out[0].Pairs, 1)
	assert.Equal(t, "native", out[0].Pairs[0].Environment)

	assert.True(t, out[1].Passed, "exit 1 required, exit 1 got")
	assert.Equal(t, 1, out[1].Pairs[0].RequiredExitCode)

	assert.True(t, out[2].Passed)
	assert.True(t, out[3].Passed)

	assert.False(t, out[4].Passed, "a check in an unconfigured environment never passes")
	assert.Equal(t, failure.EnvError, out[4].FailureType)
	assert.Contains(t, string(out[4].Result.Output), `environment "nowhere" is not configured`)

	assert.False(t, out[5].Passed)
	require.Len(t, out[5].Pairs, 3, "ALL = every environment")
	assert.Equal(t, failure.EnvError, out[5].FailureType)
	assert.Contains(t, out[5].Reason, "INFRA_BLOCKED: environment devcontainer unavailable")
	assert.Contains(t, string(out[5].Result.Output), "engine unreachable")
}

func TestMatrixDisagreement(t *testing.T) {
	t.Parallel()
	v := &verify.Verifier{Environments: []verify.Environment{
		{Name: "native", Runner: envRunner(map[string]int{"odd": 0}, false)},
		{Name: "ci", Runner: envRunner(map[string]int{"odd": 2}, false)},
		{Name: "devcontainer", Runner: envRunner(map[string]int{"odd": 0}, false)},
	}}
	out, err := v.Verify(context.Background(), matrixStory(t, "- [ ] `odd`\n"), "")
	require.NoError(t, err)
	o := out[0]
	assert.False(t, o.Passed)
	assert.Equal(t, "environment_disagreement: passed in devcontainer, native; failed in ci", o.Reason)
	assert.Equal(t, 2, o.Result.ExitCode)
	assert.Contains(t, verify.MarkText(o, "e.txt"), "environment_disagreement")
	assert.Contains(t, string(o.Result.Output), "=== environment ci: exit 2, required 0: FAIL")
}

// BenchmarkMatrix runs 4 checks in 3 environments, each sleeping 1 s: the
// matrix should take about as long as its longest pair, not the sum.
func BenchmarkMatrix(b *testing.B) {
	sleeper := &fakeRunner{run: func(verify.Command) (verify.Result, error) { time.Sleep(time.Second); return verify.Result{}, nil }}
	v := &verify.Verifier{Concurrency: 12, Environments: []verify.Environment{{Name: "native", Runner: sleeper}, {Name: "ci", Runner: sleeper}, {Name: "devcontainer", Runner: sleeper}}}
	p, _ := checklist.NewPolicy([]string{"slow"})
	s, _ := checklist.Parse([]byte("- [ ] `slow 1`\n- [ ] `slow 2`\n- [ ] `slow 3`\n- [ ] `slow 4`\n"), p)
	for b.Loop() {
		start := time.Now()
		out, err := v.Verify(context.Background(), s.Items, "")
		if err != nil || len(out) != 4 || len(out[0].Pairs) != 3 {
			b.Fatalf("%v %d", err, len(out))
		}
		b.ReportMetric(time.Since(start).Seconds()/1.0, "x-longest-pair")
	}
}
