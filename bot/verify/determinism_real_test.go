package verify_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/consensus"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/integrations/local"
	"github.com/engineo/autoverify/integrations/workspace"
)

// determinismChecks are two checks whose output depends on the process's
// environment: Python salts str hashes per process unless PYTHONHASHSEED
// is set, and date prints the zone TZ names.
const determinismChecks = "- [ ] hash `python3 -c \"print(hash('autoverify'))\"`\n- [ ] zone `date +%Z`\n"

func determinismVerifier(t *testing.T, opts ...local.Option) (*verify.Verifier, []checklist.Item, string) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	r, err := local.New(opts...)
	require.NoError(t, err)
	dir := filepath.Join(t.TempDir(), "repo")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	p, err := checklist.NewPolicy([]string{"python3", "date"})
	require.NoError(t, err)
	s, err := checklist.Parse([]byte(determinismChecks), p)
	require.NoError(t, err)
	require.Len(t, s.Items, 2)
	v := &verify.Verifier{Runner: r, Concurrency: 4,
		Reviewing: &verify.Reviewing{N: 2, Workspaces: workspace.Copier{Dir: t.TempDir()}}}
	return v, s.Items, dir
}

// With the determinism env every runner sets (verify.DeterministicEnv), a
// check printing a Python str hash and one printing the time zone are
// verified by two reviewers, with the same digest, five times over. The
// service's own TZ and PYTHONHASHSEED do not reach the commands.
func TestDeterministicEnvMakesReviewersAgree(t *testing.T) {
	t.Setenv("TZ", "America/New_York")
	t.Setenv("PYTHONHASHSEED", "random")
	v, its, dir := determinismVerifier(t)
	py := exec.Command("python3", "-c", "print(hash('autoverify'))")
	py.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "PYTHONHASHSEED=0"}
	seed0, err := py.Output()
	require.NoError(t, err)
	digests := map[string]map[string]bool{}
	for range 5 {
		out, err := v.Verify(context.Background(), its, dir)
		require.NoError(t, err)
		require.Len(t, out, 2)
		for _, o := range out {
			require.NotNil(t, o.Review)
			require.Equal(t, consensus.Verified, o.Review.Status, "%s: %s\n%s", o.Item.Text, o.Review.Summary, o.Result.Output)
			if digests[o.Item.Text] == nil {
				digests[o.Item.Text] = map[string]bool{}
			}
			digests[o.Item.Text][o.Review.Digest] = true
		}
		assert.Equal(t, strings.TrimSpace(string(seed0)), lastLine(out[0].Result.Output), "the hash under PYTHONHASHSEED=0")
		assert.Equal(t, "UTC", lastLine(out[1].Result.Output))
	}
	for check, ds := range digests {
		assert.Len(t, ds, 1, "%s: one digest over 5 verifications", check)
	}
}

// The control: without the determinism default (the operator's setting
// puts PYTHONHASHSEED back to random), each reviewer's Python prints its
// own hash and the check is escalated as a digest mismatch, every time;
// the time zone check, still under TZ=UTC, is verified.
func TestWithoutDeterministicEnvPythonHashIsEscalated(t *testing.T) {
	v, its, dir := determinismVerifier(t, local.WithEnv("PYTHONHASHSEED=random"))
	for range 5 {
		out, err := v.Verify(context.Background(), its, dir)
		require.NoError(t, err)
		require.Len(t, out, 2)
		hash, zone := out[0], out[1]
		assert.False(t, hash.Passed)
		assert.Equal(t, consensus.Escalated, hash.Review.Status, "%s\n%s", hash.Review.Summary, hash.Result.Output)
		assert.Equal(t, consensus.DigestMismatch, hash.Review.Reason)
		assert.Equal(t, consensus.Verified, zone.Review.Status)
	}
}

// lastLine is the last line of a reviewed result's output (the consensus
// header comes first).
func lastLine(out []byte) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
