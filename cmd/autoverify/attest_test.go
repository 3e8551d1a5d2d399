package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/delivery/server"
	"github.com/engineo/autoverify/integrations/attest"
)

// avCmd runs the built autoverify in dir with the user's environment and
// env: its exit code and combined output.
func avCmd(t *testing.T, bin, dir string, env []string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(userEnv(), env...)
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("autoverify %v: %v", args, err)
	}
	return cmd.ProcessState.ExitCode(), string(out)
}

// TestSignedVerdictsAsAUserChecksThem: a user makes a key, runs a story
// with it (from the repository root, defaults otherwise), and anyone with
// the public key checks the verdict offline with `attest verify`: it holds
// for the run's evidence, summary and commit; it does not for a changed
// byte of the evidence or of the summary, another key, another commit;
// --passed refuses a signed failed verdict. An unsigned run says so.
func TestSignedVerdictsAsAUserChecksThem(t *testing.T) {
	long(t)
	t.Parallel()
	bin := cliBinary(t)
	repo := userRepos()[2]
	require.Equal(t, "go-module", repo.name)
	repo.files["fail_test.go"] = "//go:build fail\n\npackage calc\n\nimport \"testing\"\n\nfunc TestSub(t *testing.T) { t.Fatal(\"no Sub yet\") }\n"
	repo.files["S-2.md"] = "- [ ] tests `go test -tags fail ./...`\n"
	repo.files["S-3.md"] = "- [ ] tests `go test ./...`\n"
	dir := newUserRepo(t, repo)
	keys := t.TempDir()
	code, out := avCmd(t, bin, keys, nil, "keys", "generate", "--out", "ci")
	require.Equal(t, 0, code, out)
	assert.Regexp(t, `key SHA256:[0-9a-f]{64}`, out)
	code, out = avCmd(t, bin, keys, nil, "keys", "generate", "--out", "ci")
	assert.Equal(t, 2, code, "never over an existing key: %s", out)
	require.NoError(t, os.WriteFile(filepath.Join(keys, "half.pub"), []byte("a public key kept elsewhere\n"), 0o644))
	code, out = avCmd(t, bin, keys, nil, "keys", "generate", "--out", "half")
	assert.Equal(t, 2, code, "never over an existing public key: %s", out)
	assert.NoFileExists(t, filepath.Join(keys, "half.key"), "a refusal leaves no half pair")
	code, out = avCmd(t, bin, keys, nil, "keys", "generate", "--out", "other")
	require.Equal(t, 0, code, out)
	signing := []string{"ENGINEO_SIGNING_KEY=" + filepath.Join(keys, "ci.key")}
	pub, otherPub := filepath.Join(keys, "ci.pub"), filepath.Join(keys, "other.pub")

	code, out = avCmd(t, bin, dir, signing, "run", "S-1.md")
	require.Equal(t, 0, code, out)
	bundle := signedLine(t, dir, out)
	evidence, summary := runFiles(t, dir, out)
	head := strings.TrimSpace(gitOut(t, dir, "rev-parse", "HEAD"))
	verify := func(extra ...string) (int, string) {
		return avCmd(t, bin, dir, nil, append([]string{"attest", "verify", bundle, "--key", pub}, extra...)...)
	}
	code, out = verify("--subject", evidence, "--subject", summary, "--commit", head, "--passed")
	require.Equal(t, 0, code, out)
	assert.Contains(t, out, "PASSED go test ./...")

	changed := func(path string) string {
		b, err := os.ReadFile(filepath.Join(dir, path))
		require.NoError(t, err)
		b[len(b)/2] ^= 0x01
		p := filepath.Join(t.TempDir(), filepath.Base(path))
		require.NoError(t, os.WriteFile(p, b, 0o644))
		return p
	}
	for name, c := range map[string]struct {
		args []string
		want string
	}{
		"a byte of the evidence": {[]string{"--subject", changed(evidence)}, "is not a subject"},
		"a byte of the summary":  {[]string{"--subject", changed(summary)}, "is not a subject"},
		"another key":            {[]string{"--key", otherPub}, "signature does not verify"},
		"another commit":         {[]string{"--commit", strings.Repeat("0", 40)}, "not 0000"},
	} {
		code, out := verify(c.args...)
		assert.Equal(t, 1, code, "%s: %s", name, out)
		assert.Contains(t, out, "NOT verified", name)
		assert.Contains(t, out, c.want, name)
	}

	code, out = avCmd(t, bin, dir, signing, "run", "S-2.md")
	require.Equal(t, 1, code, out)
	failed := signedLine(t, dir, out)
	code, out = avCmd(t, bin, dir, nil, "attest", "verify", failed, "--key", pub)
	assert.Equal(t, 0, code, "a failed verdict, validly signed: %s", out)
	assert.Contains(t, out, "FAILED go test -tags fail ./...")
	code, out = avCmd(t, bin, dir, nil, "attest", "verify", failed, "--key", pub, "--passed")
	assert.Equal(t, 1, code, out)
	assert.Contains(t, out, "the run's verdict is FAILED, not PASSED")

	code, out = avCmd(t, bin, dir, nil, "run", "S-3.md")
	require.Equal(t, 0, code, out)
	assert.Contains(t, out, "Signed:   no (set ENGINEO_SIGNING_KEY")
	_, summary = runFiles(t, dir, out)
	var s struct {
		Attestation struct {
			Signed bool
			Reason string
		}
	}
	raw, err := os.ReadFile(filepath.Join(dir, summary))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &s))
	assert.False(t, s.Attestation.Signed)
	assert.Contains(t, s.Attestation.Reason, "unsigned: no signing key")

	code, out = avCmd(t, bin, dir, []string{"ENGINEO_SIGNING_KEY=" + pub}, "run", "S-3.md")
	assert.Equal(t, 2, code, "a public key is no signing key: %s", out)
	assert.Contains(t, out, "ENGINEO_SIGNING_KEY="+pub)
}

// signedLine is the attestation the run's "Signed:" line names.
func signedLine(t *testing.T, dir, out string) string {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(line, "Signed:   "); ok {
			path, _, _ := strings.Cut(rest, " ")
			require.FileExists(t, filepath.Join(dir, path))
			return path
		}
	}
	t.Fatalf("no Signed: line in %s", out)
	return ""
}

// runFiles are the evidence and summary the run's output names.
func runFiles(t *testing.T, dir, out string) (string, string) {
	t.Helper()
	var evidence, summary string
	for _, line := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(line, "Evidence: "); ok {
			evidence = rest
		}
		if rest, ok := strings.CutPrefix(line, "Summary:  "); ok {
			summary = rest
		}
	}
	require.NotEmpty(t, evidence, out)
	require.NotEmpty(t, summary, out)
	return evidence, summary
}

func gitOut(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).Output()
	require.NoError(t, err)
	return string(out)
}

// TestSignedGatesAsAUserChecksThem: `autoverify gates` with a key writes
// the gates' report and its attestation; the verdict verifies with the
// report and the head commit, and --passed holds for an accepted change.
func TestSignedGatesAsAUserChecksThem(t *testing.T) {
	long(t)
	t.Parallel()
	bin := cliBinary(t)
	repo := t.TempDir()
	base := gitCommit(t, repo, "base", map[string]string{"go.mod": "module example.com/calc\n\ngo 1.22\n", "calc.go": gatesCalc, "calc_test.go": gatesCalcTest,
		".gitignore": "reports/\n"})
	head := gitCommit(t, repo, "fix", map[string]string{"calc.go": gatesCalcFixed, "calc_test.go": gatesCalcTest + gatesNegTest})
	keys := t.TempDir()
	code, out := avCmd(t, bin, keys, nil, "keys", "generate", "--out", "ci")
	require.Equal(t, 0, code, out)
	env := []string{"ENGINEO_AUTOVERIFY_ALLOWLIST=go test,go vet", "ENGINEO_SIGNING_KEY=" + filepath.Join(keys, "ci.key")}
	code, out = avCmd(t, bin, repo, env, "gates", "--base", base)
	require.Equal(t, 0, code, out)
	bundle := signedLine(t, repo, out)
	var summaryPath string
	for _, line := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(line, "Summary:  "); ok {
			summaryPath = filepath.Join(repo, rest)
		}
	}
	require.NotEmpty(t, summaryPath, out)
	code, out = avCmd(t, bin, repo, nil, "attest", "verify", bundle, "--key", filepath.Join(keys, "ci.pub"),
		"--subject", summaryPath, "--commit", head, "--passed")
	require.Equal(t, 0, code, out)
	assert.Contains(t, out, "PASSED VERIFY_RED")
	assert.Contains(t, out, "PASSED the run's verdict")
	code, out = avCmd(t, bin, repo, nil, "attest", "verify", bundle, "--key", filepath.Join(keys, "ci.pub"), "--commit", base)
	assert.Equal(t, 1, code, "the gates are about the head: %s", out)
}

// TestServeSignsItsVerdicts: a server with a key names the attestation
// and the key in the check run and the comment, serves the attestation
// behind the same signed link as the evidence and its public key at
// /signing-key.pub; the bundle fetched from it verifies against that key,
// for the pull request's head, as passed. A server without a key says
// unsigned, and /signing-key.pub answers 404.
func TestServeSignsItsVerdicts(t *testing.T) {
	redisURL := testRedisURL(t)
	priv, pubPEM, err := attest.GenerateKey(attest.ECDSAP256)
	require.NoError(t, err)
	keyFile := filepath.Join(t.TempDir(), "signing.key")
	require.NoError(t, os.WriteFile(keyFile, priv, 0o600))
	for _, signed := range []bool{true, false} {
		fake := setupGitHub(t, "- [ ] passes `true`\n")
		env := serverEnv(t, fake, redisURL)
		if signed {
			env["ENGINEO_SIGNING_KEY"] = keyFile
		}
		srv := startServer(t, env)
		cid := fake.AddComment("acme", "web", 7, "alice", "/verify")
		code, msg := srv.deliver(t, "issue_comment", fmt.Sprint("signed-", signed), commentEvent(cid, "alice", "/verify"), testSecret)
		require.Equal(t, 202, code, msg)
		waitFor(t, "the verdict and its comment", func() bool {
			return len(completedRuns(fake)) == 1 && len(stickyComments(fake)) == 1
		})
		summary := completedRuns(fake)[0].GetOutput().GetSummary()
		comment := stickyComments(fake)[0].GetBody()
		resp, err := http.Get("http://" + srv.addr + server.SigningKeyPath)
		require.NoError(t, err)
		served, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !signed {
			assert.Contains(t, summary, "Attestation: unsigned")
			assert.Contains(t, comment, "Attestation: unsigned")
			assert.Equal(t, http.StatusNotFound, resp.StatusCode)
			continue
		}
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Equal(t, pubPEM, served)
		assert.Contains(t, comment, "signed by key `SHA256:")
		link := regexp.MustCompile(`Attestation: \[[^\]]+\]\(([^)]+)\)`).FindStringSubmatch(summary)
		require.NotNil(t, link, summary)
		u, err := url.Parse(link[1])
		require.NoError(t, err)
		u.Scheme, u.Host = "http", srv.addr
		resp, err = http.Get(u.String())
		require.NoError(t, err)
		bundle, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode, "%s", bundle)
		pub, err := attest.ParsePublic(served)
		require.NoError(t, err)
		res, err := attest.Verify(context.Background(), bundle, pub, attest.Checks{Commit: headSHA, Passed: true})
		require.NoError(t, err)
		assert.True(t, res.Whole)
	}
}

// TestChecksCannotReadTheSigningKey: a check that could read the signing
// key could sign a verdict of its own. Even with the key's directory shown
// to checks (ENGINEO_SANDBOX_READONLY), the key file is hidden: the check
// reads its neighbour, and reads the key as empty. (The redactor would mask
// a PEM key printed as is, but not its bytes counted, hashed or encoded:
// the sandbox is the boundary, so the check counts them.)
func TestChecksCannotReadTheSigningKey(t *testing.T) {
	t.Parallel()
	bin := cliBinary(t)
	keys := t.TempDir()
	code, out := avCmd(t, bin, keys, nil, "keys", "generate", "--out", "ci")
	require.Equal(t, 0, code, out)
	key := filepath.Join(keys, "ci.key")
	require.NoError(t, os.WriteFile(filepath.Join(keys, "neighbour.txt"), []byte("visible neighbour\n"), 0o644))
	story := fmt.Sprintf("<!-- AUTO:CMD=sh -c 'cat %s/neighbour.txt; echo key bytes: $(wc -c < %s); od -An -tx1 %s | head -2' -->\n- [ ] steal the key\n", keys, key, key)
	dir := gitRepo(t, map[string]string{"S-1.md": story, ".autoverify.yml": "allowlist: [sh -c]\n", ".gitignore": "reports/\n.autoverify/\n"})
	code, out = avCmd(t, bin, dir, []string{"ENGINEO_SIGNING_KEY=" + key, "ENGINEO_SANDBOX=on", "ENGINEO_SANDBOX_READONLY=" + keys}, "run", "S-1.md")
	require.Equal(t, 0, code, "the check ran: %s", out)
	signedLine(t, dir, out)
	evidence, _ := runFiles(t, dir, out)
	raw, err := os.ReadFile(filepath.Join(dir, evidence))
	require.NoError(t, err)
	assert.Contains(t, string(raw), "visible neighbour", "the key's directory is shown")
	assert.Contains(t, string(raw), "key bytes: 0\n", "the check read the key")
	assert.NotContains(t, string(raw), " 2d 2d 2d 2d 2d", "the key's bytes (-----BEGIN) reached the check")
}

// TestASigningKeyInTheWorkTreeIsRefused: the attack the hide does not
// stop — a key kept in the repository, which every reviewer's copy (and a
// container's workspace) carries. Before, `wc -c signing.key` in the story
// printed 241 with the key configured as ./signing.key; now run, audit and
// gates refuse before anything runs, naming the setting and where to move
// the key, and a symbolic link into the tree is no way round.
func TestASigningKeyInTheWorkTreeIsRefused(t *testing.T) {
	t.Parallel()
	bin := cliBinary(t)
	story := "<!-- AUTO:CMD=wc -c signing.key -->\n- [ ] count the key's bytes\n"
	dir := gitRepo(t, map[string]string{"S-1.md": story, ".autoverify.yml": "allowlist: [wc, go test, go vet]\n", "go.mod": "module example.com/s\n\ngo 1.22\n", ".gitignore": "reports/\n.autoverify/\nsigning.*\n"})
	code, out := avCmd(t, bin, dir, nil, "keys", "generate", "--out", "signing")
	require.Equal(t, 0, code, out)
	outside := t.TempDir()
	link := filepath.Join(outside, "key.pem")
	require.NoError(t, os.Symlink(filepath.Join(dir, "signing.key"), link))
	for _, key := range []string{"signing.key", filepath.Join(dir, "signing.key"), link} {
		for _, args := range [][]string{{"run", "S-1.md"}, {"audit", "S-1.md"}, {"gates", "--base", "HEAD"}} {
			code, out := avCmd(t, bin, dir, []string{"ENGINEO_SIGNING_KEY=" + key}, args...)
			assert.Equal(t, 2, code, "%s with the key at %s: %s", args[0], key, out)
			assert.Contains(t, out, "ENGINEO_SIGNING_KEY="+key+" is inside the work tree", args[0])
			assert.Contains(t, out, "move it outside", args[0])
		}
	}
	assert.NoDirExists(t, filepath.Join(dir, "reports"), "nothing ran, nothing was written")
}
