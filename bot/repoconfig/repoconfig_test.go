package repoconfig

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	t.Parallel()
	f, err := Parse([]byte("allowlist: [go test]\nauto_fix:\n  LINT_ERROR: pnpm lint --fix\nstory_path: stories/{key}.md\ntriggers:\n  pull_request: true\n"))
	require.NoError(t, err)
	assert.Equal(t, []string{"go test"}, f.Allowlist)
	assert.Equal(t, "pnpm lint --fix", f.AutoFix["LINT_ERROR"])
	assert.Equal(t, "stories/KAN-1.md", f.StoryFile("KAN-1"))
	assert.True(t, f.Triggers.PullRequest)

	empty, err := Parse(nil)
	require.NoError(t, err)
	assert.Equal(t, "docs/stories/KAN-2.md", empty.StoryFile("KAN-2"))

	_, err = Parse([]byte("alowlist: [x]\n"))
	assert.ErrorContains(t, err, "field alowlist not found")
	_, err = Parse([]byte("story_path: docs/story.md\n"))
	assert.ErrorContains(t, err, "{key}")
}

func TestParseChecks(t *testing.T) {
	t.Parallel()
	const envs = "environments:\n  native: {}\n  ci: {image: node:22}\n"
	f, err := Parse([]byte(envs + "checks:\n  unit_tests:\n    command: pnpm test\n  e2e:\n    command: pnpm e2e\n    environment: ci\n    exit_code: 3\n"))
	require.NoError(t, err)
	assert.Equal(t, Check{Command: "pnpm test"}, f.Checks["unit_tests"])
	assert.Equal(t, Check{Command: "pnpm e2e", Environment: "ci", ExitCode: 3}, f.Checks["e2e"])

	bad := map[string]string{
		"checks:\n  lint:\n    command: pnpm lint\n":                              "checks: needs environments:",
		envs + "checks:\n  unit tests:\n    command: pnpm test\n":                 `checks: "unit tests": a check name may not contain spaces or |`,
		envs + "checks:\n  a|b:\n    command: pnpm test\n":                        `checks: "a|b"`,
		envs + "checks:\n  lint:\n    command: ' '\n":                             "checks: lint: command is empty",
		envs + "checks:\n  lint:\n    command: pnpm lint\n    environment: mac\n": `checks: lint: environment "mac" is not under environments: (configured: ci, native)`,
		envs + "checks:\n  lint:\n    command: pnpm lint\n    exit_code: 256\n":   "checks: lint: exit_code 256 is not an exit status",
		envs + "checks:\n  lint:\n    cmd: pnpm lint\n":                           "field cmd not found",
		"environments:\n  my env: {}\nchecks:\n  lint:\n    command: pnpm lint\n": `environments: "my env"`,
	}
	for in, want := range bad {
		_, err := Parse([]byte(in))
		assert.ErrorContains(t, err, want, in)
	}
	// Environment names are free when no check needs them in a row.
	_, err = Parse([]byte("environments:\n  my env: {}\n"))
	assert.NoError(t, err)
}

func TestParseCompose(t *testing.T) {
	t.Parallel()
	f, err := Parse([]byte("environments:\n  stack:\n    compose: ci/compose.yml\n    service: app\n    memory: 1GiB\n"))
	require.NoError(t, err)
	assert.Equal(t, Environment{Compose: "ci/compose.yml", Service: "app", Memory: "1GiB"}, f.Environments["stack"])

	bad := map[string]string{
		"environments:\n  s:\n    compose: c.yml\n":                                    "environments: s: compose: needs service:",
		"environments:\n  s:\n    service: app\n":                                      "environments: s: service: needs compose:",
		"environments:\n  s:\n    compose: c.yml\n    service: a\n    image: x\n":      "takes its images from the compose file",
		"environments:\n  s:\n    compose: c.yml\n    service: a\n    runner: local\n": "remove image:, devcontainer: and runner:",
		"environments:\n  s:\n    compose: /etc/c.yml\n    service: a\n":               `compose: "/etc/c.yml" must be a clean path inside the repository`,
		"environments:\n  s:\n    compose: ../c.yml\n    service: a\n":                 `compose: "../c.yml" must be a clean path`,
		"environments:\n  s:\n    compose: ci/../../c.yml\n    service: a\n":           "must be a clean path",
	}
	for in, want := range bad {
		_, err := Parse([]byte(in))
		assert.ErrorContains(t, err, want, in)
	}
}

func TestParseMutate(t *testing.T) {
	t.Parallel()
	f, err := Parse([]byte("mutate: true\nmutate_max: 20\nmutate_threshold: 0.9\n"))
	require.NoError(t, err)
	require.NotNil(t, f.Mutate)
	assert.True(t, *f.Mutate)
	assert.Equal(t, 20, *f.MutateMax)
	assert.Equal(t, 0.9, *f.MutateThreshold)
	_, err = Parse([]byte("mutate_max: lots\n"))
	assert.ErrorContains(t, err, ".autoverify.yml: yaml: unmarshal errors")
	assert.ErrorContains(t, err, "lots")
}
