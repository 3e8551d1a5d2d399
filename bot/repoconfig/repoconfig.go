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
	"strings"

	"go.yaml.in/yaml/v3"
)

// Name is the file's name at the repository root.
const Name = ".autoverify.yml"

// DefaultStoryPath is where a story file is looked for when a pull request's
// body has no checklist.
const DefaultStoryPath = "docs/stories/{key}.md"

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
	Reviewers    int               `yaml:"reviewers"`
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
	return f, nil
}

// StoryFile is the path of the story file for key.
func (f File) StoryFile(key string) string {
	p := f.StoryPath
	if p == "" {
		p = DefaultStoryPath
	}
	return strings.ReplaceAll(p, "{key}", key)
}
