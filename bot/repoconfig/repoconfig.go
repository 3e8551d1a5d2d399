// Package repoconfig reads a repository's .autoverify.yml. The CLI reads it
// from the work directory; the GitHub App reads it from the pull request's
// base branch, never from its head, so a pull request cannot widen what it
// may run.
package repoconfig

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Name is the file's name at the repository root.
const Name = ".autoverify.yml"

// DefaultStoryPath is where a story file is looked for when a pull request's
// body has no checklist.
const DefaultStoryPath = "docs/stories/{key}.md"

// Sandbox is the `sandbox:` key. Only the network can be asked for: limits
// and visible paths are the operator's, since the file is the repository's.
type Sandbox struct {
	// Network gives the repository's checks the host's network (to fetch
	// dependencies, say); the default is none.
	Network *bool `yaml:"network"`
}

// File is the schema. Unknown keys are an error, so a typo never silently
// drops a setting.
type File struct {
	Allowlist      []string `yaml:"allowlist"`
	BuildEnabled   *bool    `yaml:"build_enabled"`
	CommandTimeout string   `yaml:"command_timeout"`
	OutputLimit    any      `yaml:"output_limit"`
	EnvPassthrough []string `yaml:"env_passthrough"`
	Concurrency    int      `yaml:"concurrency"`
	// Reviewers is how many independent runs judge each check (1: off).
	Reviewers int `yaml:"reviewers"`
	// Sandbox is what the repository asks of the local runner's sandbox.
	Sandbox      Sandbox           `yaml:"sandbox"`
	ArtifactsDir string            `yaml:"artifacts_dir"`
	AutoFix      map[string]string `yaml:"auto_fix"`
	// StoryPath locates a story file by key; "{key}" is replaced.
	StoryPath string   `yaml:"story_path"`
	Triggers  Triggers `yaml:"triggers"`
	// Environments name where checks run (the environment matrix): each
	// check runs in every environment, or in the one its ENV= names.
	Environments map[string]Environment `yaml:"environments"`
	// GatesTestFiles are more test-file patterns the gates read (path.Match
	// on the path or the file name), besides each ecosystem's conventions.
	GatesTestFiles []string `yaml:"gates_test_files"`
	// Mutate runs VERIFY_MUTATE with the other gates (/verify gates, a
	// story's GATE= items); MutateMax caps its mutants and MutateThreshold
	// is the score its tests must reach. Pointers tell a key left out
	// (the default) from one set to a bad value.
	Mutate          *bool    `yaml:"mutate"`
	MutateMax       *int     `yaml:"mutate_max"`
	MutateThreshold *float64 `yaml:"mutate_threshold"`
	// Checks are the verification commands an agent's READY_FOR_REVIEW or
	// AUDIT_PASSED signal must cover (environment-verification.md): each
	// is expected, and run, in every environment or the one it names.
	Checks map[string]Check `yaml:"checks"`
}

// Check is one entry of checks:, the spec's verification command.
type Check struct {
	Command string `yaml:"command"`
	// Environment is ALL (the default) or one name under environments:.
	Environment string `yaml:"environment"`
	// ExitCode is the exit status that counts as a pass (default 0).
	ExitCode int `yaml:"exit_code"`
}

// Environment is one entry of environments:.
type Environment struct {
	// Runner is "local" or "docker" (default: docker when an image is
	// given, else local).
	Runner string `yaml:"runner"`
	// Image is the docker image; Devcontainer takes it from
	// .devcontainer/devcontainer.json's "image" instead.
	Image        string `yaml:"image"`
	Devcontainer bool   `yaml:"devcontainer"`
	// Network gives the container a network (default: none).
	Network bool `yaml:"network"`
	// CPUs, Memory (bytes, or 512MiB, 2GiB) and Pids bound each container;
	// zero means the runner's defaults.
	CPUs   float64 `yaml:"cpus"`
	Memory string  `yaml:"memory"`
	Pids   int64   `yaml:"pids"`
	// Compose names a compose file in the repository (a "full service
	// stack"): its services are brought up for the run and checks exec
	// in Service's container (integrations/compose).
	Compose string `yaml:"compose"`
	Service string `yaml:"service"`
}

// Triggers say which events start a run besides a /verify comment.
type Triggers struct {
	// PullRequest runs on pull_request opened, synchronize and reopened.
	PullRequest bool `yaml:"pull_request"`
}

// Parse decodes a file; an empty file means the defaults.
func Parse(raw []byte) (File, error) {
	var f File
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil && !errors.Is(err, io.EOF) {
		return File{}, fmt.Errorf("%s: %w; see the configuration table in README.md", Name, err)
	}
	if f.StoryPath != "" && !strings.Contains(f.StoryPath, "{key}") {
		return File{}, fmt.Errorf("%s: story_path %q has no {key}; write e.g. %s", Name, f.StoryPath, DefaultStoryPath)
	}
	if err := f.checkCompose(); err != nil {
		return File{}, fmt.Errorf("%s: %w", Name, err)
	}
	if err := f.checkChecks(); err != nil {
		return File{}, fmt.Errorf("%s: %w", Name, err)
	}
	return f, nil
}

// checkCompose refuses a compose environment that names no service, mixes
// in another runner, or points outside the repository.
func (f File) checkCompose() error {
	for _, name := range sortedKeys(f.Environments) {
		e := f.Environments[name]
		switch {
		case e.Compose == "" && e.Service == "":
			continue
		case e.Compose == "":
			return fmt.Errorf("environments: %s: service: needs compose: (the compose file it is in)", name)
		case e.Service == "":
			return fmt.Errorf("environments: %s: compose: needs service: (the service whose container checks run in)", name)
		case e.Image != "" || e.Devcontainer || (e.Runner != "" && e.Runner != "compose"):
			return fmt.Errorf("environments: %s: compose: takes its images from the compose file; remove image:, devcontainer: and runner:", name)
		case path.IsAbs(e.Compose) || strings.Contains(e.Compose, `\`) || path.Clean(e.Compose) != e.Compose ||
			e.Compose == ".." || strings.HasPrefix(e.Compose, "../"):
			return fmt.Errorf("environments: %s: compose: %q must be a clean path inside the repository, such as ci/compose.yml", name, e.Compose)
		}
	}
	return nil
}

// checkChecks refuses a checks: entry a signal could never claim: its name
// and its environment's appear in the spec's matrix rows, whose pattern
// reads cells without spaces or |.
func (f File) checkChecks() error {
	if len(f.Checks) == 0 {
		return nil
	}
	if len(f.Environments) == 0 {
		return errors.New("checks: needs environments: (the matrix a signal claims is checks × environments); add at least one environment")
	}
	for env := range f.Environments {
		if !cellName(env) {
			return fmt.Errorf("environments: %q: a name that checks: can use may not contain spaces or |; rename it", env)
		}
	}
	for name, c := range f.Checks {
		switch {
		case !cellName(name):
			return fmt.Errorf("checks: %q: a check name may not contain spaces or | (the spec's matrix rows cannot hold them); rename it", name)
		case strings.TrimSpace(c.Command) == "":
			return fmt.Errorf("checks: %s: command is empty; give the command that verifies it", name)
		case c.ExitCode < 0 || c.ExitCode > 255:
			return fmt.Errorf("checks: %s: exit_code %d is not an exit status (0-255)", name, c.ExitCode)
		}
		if c.Environment != "" && c.Environment != "ALL" {
			if _, ok := f.Environments[c.Environment]; !ok {
				return fmt.Errorf("checks: %s: environment %q is not under environments: (configured: %s); name one of them or ALL", name, c.Environment, strings.Join(sortedKeys(f.Environments), ", "))
			}
		}
	}
	return nil
}

func cellName(s string) bool {
	return s != "" && !strings.ContainsAny(s, "| \t\r\n\v\f")
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// StoryFile is the path of the story file for key.
func (f File) StoryFile(key string) string {
	p := f.StoryPath
	if p == "" {
		p = DefaultStoryPath
	}
	return strings.ReplaceAll(p, "{key}", key)
}
