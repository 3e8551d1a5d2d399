package settings

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/repoconfig"
)

func lookupOf(vals map[string]string, source string) Lookup {
	return func(flag string) (string, string) {
		if v, ok := vals[flag]; ok {
			return v, source + flag
		}
		return "", ""
	}
}

func TestResolvePrecedence(t *testing.T) {
	t.Parallel()
	flags := lookupOf(map[string]string{"allowlist": "make test"}, "--")
	env := Env(func(k string) string {
		return map[string]string{"ENGINEO_AUTOVERIFY_ALLOWLIST": "go test", "ENGINEO_COMMAND_TIMEOUT": "90s"}[k]
	}, Run)
	five := 5
	file := repoconfig.File{Allowlist: []string{"pnpm test"}, CommandTimeout: "5m", Concurrency: five, ArtifactsDir: "out"}

	cfg, err := Resolve(Layers(flags, env), file, "x/.autoverify.yml")
	require.NoError(t, err)
	assert.Equal(t, []string{"make test"}, cfg.Allowlist, "a flag beats the environment")
	assert.Equal(t, 90*time.Second, cfg.CommandTimeout, "the environment beats the file")
	assert.Equal(t, 5, cfg.Concurrency, "the file beats the default")
	assert.Equal(t, "out", cfg.ArtifactsDir)
	assert.Equal(t, 1<<20, cfg.OutputLimit, "the default")
}

func TestResolveNamesTheBadInput(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		env  map[string]string
		file repoconfig.File
		want string
	}{
		"timeout":     {env: map[string]string{"ENGINEO_COMMAND_TIMEOUT": "ten"}, want: `ENGINEO_COMMAND_TIMEOUT="ten": want a positive Go duration`},
		"file key":    {file: repoconfig.File{CommandTimeout: "-1s"}, want: `x/.autoverify.yml: command_timeout="-1s"`},
		"runner":      {env: map[string]string{"ENGINEO_RUNNER": "vm"}, want: `ENGINEO_RUNNER="vm": want local, docker or kubernetes`},
		"docker":      {env: map[string]string{"ENGINEO_RUNNER": "docker"}, want: "needs ENGINEO_DOCKER_IMAGE"},
		"passthrough": {env: map[string]string{"ENGINEO_RUNNER_ENV_PASSTHROUGH": "A=B"}, want: `"A=B" is not an environment variable name`},
		"limit":       {env: map[string]string{"ENGINEO_MAX_VERIFY_CYCLES": "-2"}, want: "ENGINEO_MAX_VERIFY_CYCLES"},
		"size":        {env: map[string]string{"ENGINEO_OUTPUT_LIMIT": "3 parsecs"}, want: "unknown unit"},
		"file size":   {env: map[string]string{"ENGINEO_DOCKER_FILE_SIZE": "1KiB"}, want: `ENGINEO_DOCKER_FILE_SIZE="1KiB": want a size of at least 4MiB`},
		"test files":  {env: map[string]string{"ENGINEO_GATES_TEST_FILES": "spec/*.py,[x"}, want: `ENGINEO_GATES_TEST_FILES: test-file pattern "[x" is malformed`},
		"file globs":  {file: repoconfig.File{GatesTestFiles: []string{"a[", "b"}}, want: `x/.autoverify.yml: gates_test_files: test-file pattern "a[" is malformed`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := Resolve(Env(func(k string) string { return tc.env[k] }, Run), tc.file, "x/.autoverify.yml")
			var se *Error
			require.ErrorAs(t, err, &se)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestForRepoTakesOnlyRepositoryKeys(t *testing.T) {
	t.Parallel()
	server := Defaults()
	server.ArtifactsDir, server.EnvPassthrough, server.Concurrency = "/var/lib/av", []string{"GOPROXY"}, 8
	on := true
	cfg, err := server.ForRepo(repoconfig.File{Allowlist: []string{"go test"}, BuildEnabled: &on, CommandTimeout: "2m",
		ArtifactsDir: "/etc", EnvPassthrough: []string{"AWS_SECRET_ACCESS_KEY"}, Concurrency: 64,
		AutoFix: map[string]string{"LINT_ERROR": "go fmt"}, StoryPath: "stories/{key}.md",
		Checks: map[string]repoconfig.Check{"unit": {Command: "go test ./..."}}})
	require.NoError(t, err)
	assert.Equal(t, map[string]repoconfig.Check{"unit": {Command: "go test ./..."}}, cfg.Checks, "checks: come from the base branch's file")
	assert.Equal(t, []string{"go test"}, cfg.Allowlist)
	assert.True(t, cfg.BuildEnabled)
	assert.Equal(t, 2*time.Minute, cfg.CommandTimeout)
	assert.Equal(t, "stories/KAN-1.md", cfg.StoryFile("KAN-1"))
	assert.Equal(t, "/var/lib/av", cfg.ArtifactsDir, "a repository cannot move the server's artifacts")
	assert.Equal(t, []string{"GOPROXY"}, cfg.EnvPassthrough, "nor read the server's variables")
	assert.Equal(t, 8, cfg.Concurrency)
	assert.Nil(t, cfg.AutoFix, "auto-fix stays a CLI feature")

	_, err = server.ForRepo(repoconfig.File{Environments: map[string]repoconfig.Environment{"dc": {Devcontainer: true}}})
	assert.ErrorContains(t, err, "devcontainer: true is for autoverify run")
	_, err = server.ForRepo(repoconfig.File{CommandTimeout: "forever"})
	assert.ErrorContains(t, err, "command_timeout")
}

func TestPolicyAddsTheBuildCommand(t *testing.T) {
	t.Parallel()
	cfg := Defaults()
	cfg.BuildEnabled = true
	p, err := cfg.Policy()
	require.NoError(t, err)
	_, err = p.Check("pnpm build")
	assert.NoError(t, err)
	cfg.BuildEnabled = false
	p, _ = cfg.Policy()
	_, err = p.Check("pnpm build")
	assert.Error(t, err)
}

func TestSecretValues(t *testing.T) {
	t.Parallel()
	env := map[string]string{"ENGINEO_JIRA_API_TOKEN": "t0k", "ENGINEO_LISTEN_ADDR": ":80", "NPM_TOKEN": "npm", "MY_VAR": "mine", "ENGINEO_REDACT_ENV": "MY_VAR"}
	var environ []string
	for k, v := range env {
		environ = append(environ, k+"="+v)
	}
	got := SecretValues(environ, func(k string) string { return env[k] }, []string{"NPM_TOKEN"}, nil)
	assert.ElementsMatch(t, []string{"t0k", "npm", "mine"}, got)

	// Values ENGINEO_RUNNER_ENV gives commands are masked when their name
	// looks secret or is named in ENGINEO_REDACT_ENV; others are not.
	env["ENGINEO_REDACT_ENV"] = "MY_VAR,SIGNING_SALT"
	got = SecretValues(environ, func(k string) string { return env[k] }, nil,
		[]string{"TZ=UTC", "PIP_INDEX_PASSWORD=pip-pw", "SIGNING_SALT=salty", "GH_PAT=", "HOME=/h"})
	assert.ElementsMatch(t, []string{"t0k", "mine", "pip-pw", "salty"}, got)
}

func TestRunnerEnv(t *testing.T) {
	t.Parallel()
	resolve := func(env map[string]string) (Config, error) {
		return Resolve(Env(func(k string) string { return env[k] }, Run), repoconfig.File{}, ".autoverify.yml")
	}
	cfg, err := resolve(nil)
	require.NoError(t, err)
	assert.Empty(t, cfg.RunnerEnv)
	cfg, err = resolve(map[string]string{"ENGINEO_RUNNER_ENV": "TZ=Europe/Berlin, PYTHONHASHSEED=random,HOME=/var/lib/av,GOFLAGS=-mod=mod -x=1"})
	require.NoError(t, err)
	assert.Equal(t, []string{"TZ=Europe/Berlin", "PYTHONHASHSEED=random", "HOME=/var/lib/av", "GOFLAGS=-mod=mod -x=1"}, cfg.RunnerEnv)
	for _, bad := range []string{"TZ", "=x", "A-B=1", "TZ=UTC,NOPE"} {
		_, err := resolve(map[string]string{"ENGINEO_RUNNER_ENV": bad})
		var se *Error
		require.ErrorAs(t, err, &se, "%q", bad)
		assert.Contains(t, se.Msg, "ENGINEO_RUNNER_ENV")
	}
}

func TestParsers(t *testing.T) {
	t.Parallel()
	n, err := ParseSize("512KiB")
	require.NoError(t, err)
	assert.Equal(t, 512<<10, n)
	_, err = ParseSize("3GiB")
	assert.Error(t, err, "output above 2 GiB")
	m, err := ParseMemory("4GiB")
	require.NoError(t, err)
	assert.Equal(t, int64(4<<30), m, "memory limits may exceed 2 GiB")
	_, err = ParseMemory("1k")
	assert.Error(t, err)
	b, err := ParseBool("on")
	require.NoError(t, err)
	assert.True(t, b)
	assert.Equal(t, []string{"a", "b"}, SplitList(" a, ,b,"))
}

func TestGatesTestFiles(t *testing.T) {
	t.Parallel()
	file := repoconfig.File{GatesTestFiles: []string{"spec/*_spec.py"}}
	cfg, err := Resolve(Env(func(string) string { return "" }, Run), file, "x/.autoverify.yml")
	require.NoError(t, err)
	assert.Equal(t, []string{"spec/*_spec.py"}, cfg.GatesTestFiles, "from the file")
	cfg, err = Resolve(Env(func(k string) string {
		return map[string]string{"ENGINEO_GATES_TEST_FILES": "check_*.py, it/*.go"}[k]
	}, Run), file, "x/.autoverify.yml")
	require.NoError(t, err)
	assert.Equal(t, []string{"check_*.py", "it/*.go"}, cfg.GatesTestFiles, "the environment beats the file")
	repo, err := Config{GatesTestFiles: []string{"server"}}.ForRepo(file)
	require.NoError(t, err)
	assert.Equal(t, []string{"spec/*_spec.py"}, repo.GatesTestFiles, "a repository names its own test files")
	_, err = Config{}.ForRepo(repoconfig.File{GatesTestFiles: []string{"["}})
	assert.ErrorContains(t, err, "gates_test_files")
}

// TestMutateKeys: the mutation gate's keys come from the repository file,
// on the CLI and the server alike, and a bad cap or threshold is refused
// naming the key.
func TestMutateKeys(t *testing.T) {
	t.Parallel()
	on, max, threshold := true, 7, 0.6
	file := repoconfig.File{Mutate: &on, MutateMax: &max, MutateThreshold: &threshold}
	cfg, err := Resolve(Env(func(string) string { return "" }, Run), file, "x/.autoverify.yml")
	require.NoError(t, err)
	assert.True(t, cfg.Mutate)
	assert.Equal(t, 7, cfg.MutateMax)
	assert.Equal(t, 0.6, cfg.MutateThreshold)
	repo, err := Config{}.ForRepo(file)
	require.NoError(t, err)
	assert.Equal(t, cfg.Mutate, repo.Mutate)
	assert.Equal(t, cfg.MutateMax, repo.MutateMax)
	assert.Equal(t, cfg.MutateThreshold, repo.MutateThreshold)
	off, err := Config{Mutate: true}.ForRepo(repoconfig.File{})
	require.NoError(t, err)
	assert.True(t, off.Mutate, "a file without the key keeps the setting")

	zero, big := 0, 1.5
	_, err = Config{}.ForRepo(repoconfig.File{MutateMax: &zero})
	assert.ErrorContains(t, err, ".autoverify.yml: mutate_max 0: give at least 1 mutant")
	_, err = Resolve(Env(func(string) string { return "" }, Run), repoconfig.File{MutateThreshold: &big}, "x/.autoverify.yml")
	assert.ErrorContains(t, err, "x/.autoverify.yml: mutate_threshold 1.5: give the share of mutants the tests must kill, in (0, 1]")
}

// TestMutateEnvironment: ENGINEO_MUTATE, ENGINEO_MUTATE_MAX and
// ENGINEO_MUTATE_THRESHOLD mean what the file's keys mean; a flag beats
// the variable, which beats the file (the CLI), while on the server a
// repository's file has the last word (ForRepo).
func TestMutateEnvironment(t *testing.T) {
	t.Parallel()
	off, max, threshold := false, 7, 0.6
	file := repoconfig.File{Mutate: &off, MutateMax: &max, MutateThreshold: &threshold}
	env := map[string]string{"ENGINEO_MUTATE": "1", "ENGINEO_MUTATE_MAX": "12", "ENGINEO_MUTATE_THRESHOLD": "0.9"}
	lookupEnv := Env(func(k string) string { return env[k] }, Run)
	for name, c := range map[string]struct {
		lookup        Lookup
		file          repoconfig.File
		wantOn        bool
		wantMax       int
		wantThreshold float64
	}{
		"the variables alone":         {lookupEnv, repoconfig.File{}, true, 12, 0.9},
		"the variables beat the file": {lookupEnv, file, true, 12, 0.9},
		"the file without variables":  {Env(func(string) string { return "" }, Run), file, false, 7, 0.6},
		"a flag beats the variable": {Layers(func(flag string) (string, string) {
			if flag == "mutate-max" {
				return "3", "--mutate-max"
			}
			return "", ""
		}, lookupEnv), file, true, 3, 0.9},
	} {
		cfg, err := Resolve(c.lookup, c.file, "x/.autoverify.yml")
		require.NoError(t, err, name)
		assert.Equal(t, c.wantOn, cfg.Mutate, name)
		assert.Equal(t, c.wantMax, cfg.MutateMax, name)
		assert.Equal(t, c.wantThreshold, cfg.MutateThreshold, name)
	}

	cfg, err := Resolve(lookupEnv, repoconfig.File{}, "")
	require.NoError(t, err)
	repo, err := cfg.ForRepo(file)
	require.NoError(t, err)
	assert.Equal(t, []any{false, 7, 0.6}, []any{repo.Mutate, repo.MutateMax, repo.MutateThreshold}, "the server's repository decides")
	kept, err := cfg.ForRepo(repoconfig.File{})
	require.NoError(t, err)
	assert.Equal(t, []any{true, 12, 0.9}, []any{kept.Mutate, kept.MutateMax, kept.MutateThreshold}, "a repository without the keys gets the server's")

	for v, want := range map[string]string{
		"ENGINEO_MUTATE=maybe":         `ENGINEO_MUTATE="maybe": want 1 or 0`,
		"ENGINEO_MUTATE_MAX=0":         `ENGINEO_MUTATE_MAX="0": want a whole number of at least 1`,
		"ENGINEO_MUTATE_MAX=lots":      `ENGINEO_MUTATE_MAX="lots": want a whole number of at least 1`,
		"ENGINEO_MUTATE_THRESHOLD=1.5": `ENGINEO_MUTATE_THRESHOLD="1.5": want the share of mutants the tests must kill, in (0, 1]`,
		"ENGINEO_MUTATE_THRESHOLD=0":   `ENGINEO_MUTATE_THRESHOLD="0": want the share`,
	} {
		k, val, _ := strings.Cut(v, "=")
		_, err := Resolve(Env(func(name string) string {
			if name == k {
				return val
			}
			return ""
		}, Run), repoconfig.File{}, "")
		assert.ErrorContains(t, err, want, v)
	}
}
