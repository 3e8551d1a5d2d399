package attest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/integrations/artifacts"
)

// GatesRun is an `autoverify gates` run to attest: a change's gates in the
// repository at Dir, whose report is written to ArtifactsDir.
type GatesRun struct {
	Report       gates.Report
	Dir          string
	ArtifactsDir string
}

// AttestGates writes the gates report as JSON (gates-{head}-{ts}.json: the
// run's evidence) and its signed attestation beside it: a test-result
// statement per gate command and a verification summary of the change,
// about the head commit and the report. It returns both paths.
func (a *Attester) AttestGates(ctx context.Context, g GatesRun) (reportPath, bundlePath string, err error) {
	raw, err := json.MarshalIndent(g.Report, "", "  ")
	if err != nil {
		return "", "", fmt.Errorf("attest: encoding the gates report: %w", err)
	}
	now := a.now().UTC()
	name := fmt.Sprintf("gates-%s-%s", short(g.Report.Head), now.Format("20060102T150405Z"))
	if err := os.MkdirAll(g.ArtifactsDir, 0o755); err != nil {
		return "", "", fmt.Errorf("attest: %w", err)
	}
	reportPath = filepath.Join(g.ArtifactsDir, name+".json")
	if err := artifacts.WriteFile(reportPath, append(raw, '\n'), 0o644); err != nil {
		return "", "", fmt.Errorf("attest: %w", err)
	}
	// The gates check commits' trees extracted from git, never the work
	// tree: the head commit is what they judged.
	repo, uri := localResource(ctx, g.Dir, g.Report.Head, true)
	run := Run{Repo: repo, Commit: g.Report.Head, ResourceURI: uri,
		StoryKey: name, Time: now, VerifierID: a.VerifierID,
		Files:  []File{{Name: filepath.Base(reportPath), SHA256: digest(append(raw, '\n'))}},
		Passed: g.Report.Accepted() && len(g.Report.Gates) > 0, Levels: []string{"AUTOVERIFY_GATES"}}
	if cfg, err := os.ReadFile(filepath.Join(g.Dir, repoconfig.Name)); err == nil {
		run.Config = append(run.Config, File{Name: repoconfig.Name, SHA256: digest(cfg)})
	}
	for _, e := range g.Report.Gates {
		run.Checks = append(run.Checks, gateCheck(e))
	}
	envs, err := SignRun(ctx, a.Key, run)
	if err != nil {
		return reportPath, "", err
	}
	var b strings.Builder
	if err := WriteJSONL(&b, envs); err != nil {
		return reportPath, "", err
	}
	bundlePath = filepath.Join(g.ArtifactsDir, name+".intoto.jsonl")
	if err := artifacts.WriteFile(bundlePath, []byte(b.String()), 0o644); err != nil {
		return reportPath, "", fmt.Errorf("attest: %w", err)
	}
	return reportPath, bundlePath, nil
}

// gateCheck is one gate command's statement: the tests its verdict rests
// on, as passed when it accepted and failed when it rejected.
func gateCheck(e gates.Evidence) Check {
	c := Check{Name: string(e.Gate) + ": " + e.Command, Result: Failed}
	if e.Command == "" {
		c.Name = string(e.Gate)
	}
	tests := e.Tests
	if len(tests) == 0 {
		tests = []string{c.Name}
	}
	if e.Classification == gates.Accept {
		c.Result, c.PassedTests = Passed, tests
	} else {
		c.FailedTests = tests
	}
	return c
}

func short(commit string) string {
	if len(commit) > 12 {
		return commit[:12]
	}
	return commit
}

func (a *Attester) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}
