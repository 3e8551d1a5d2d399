package gaterun

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/engineo/autoverify/bot/gates"
)

// probeTimeout bounds one static check's probe (or the gates' own
// timeout, when shorter): an interpreter's start and one import, or a
// program's --version.
const probeTimeout = time.Minute

// probe runs argv's probe (gates.StaticProbe) through the spec's runner,
// in an empty directory of its own under TempDir. Where the checks run is
// what counts: the host's python3 may be another interpreter than the
// sandbox's or the container's, with other packages, and a host probe run
// in the change's checkout would run the checkout's pyflakes.py outside
// every sandbox. It returns argv as the check is to run
// (gates.ResolveStatic), or why it cannot.
func (s *Spec) probe(ctx context.Context, argv []string) (resolved []string, why string) {
	probe := gates.StaticProbe(argv)
	if probe == nil {
		return nil, "is no command"
	}
	dir, err := os.MkdirTemp(s.TempDir, "autoverify-probe-")
	if err != nil {
		return nil, fmt.Sprintf("could not be probed: %v", err)
	}
	defer os.RemoveAll(dir)
	timeout := probeTimeout
	if s.Timeout > 0 {
		timeout = min(timeout, s.Timeout)
	}
	r := &run{argv: probe, at: s.now(), timeout: timeout}
	switch err := s.runCmd(ctx, r, dir); {
	case err != nil:
		return nil, fmt.Sprintf("could not be probed where the commands run: %v", err)
	case r.res.TimedOut:
		return nil, fmt.Sprintf("could not be probed where the commands run: `%s` timed out", gates.CommandLine(probe))
	case r.res.ExitCode != 0:
		return nil, "is not installed where the commands run"
	}
	return gates.ResolveStatic(argv, string(r.res.Output)), ""
}

// pickStatic picks VERIFY_IMPLEMENT's check when the spec leaves it open
// (Static nil, AutoStatic): `go vet ./...` for Go; for Python the first of
// gates.StaticCandidates the allowlist lets run and the runner has, run
// by the interpreter its probe found. When none can run, staticUnrun says
// why, for the report: a gate that is silently absent reads like one that
// was never meant to run.
func (s *Spec) pickStatic(ctx context.Context) {
	if s.Static != nil || !s.AutoStatic {
		return
	}
	var why []string
	for _, c := range gates.StaticCandidates(s.Ecosystem, s.Test) {
		line := gates.CommandLine(c)
		argv, err := s.allowed()(line)
		if err != nil {
			why = append(why, fmt.Sprintf("`%s` is not in the allowlist", line))
			continue
		}
		if s.Ecosystem == gates.Python {
			resolved, no := s.probe(ctx, argv)
			if no != "" {
				why = append(why, fmt.Sprintf("`%s` %s", line, no))
				continue
			}
			argv = resolved
		}
		s.Static = argv
		return
	}
	if len(why) > 0 {
		s.staticUnrun = strings.Join(why, "; ")
	}
}

// allowed is the spec's allowlist; with none, every command is refused.
func (s *Spec) allowed() func(string) ([]string, error) {
	if s.Allowed != nil {
		return s.Allowed
	}
	return func(c string) ([]string, error) {
		return nil, fmt.Errorf("command `%s` is not in the allowlist", c)
	}
}
