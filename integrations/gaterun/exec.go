package gaterun

// Running one command: its argv, its throwaway tree, its retries, and
// reading its per-test results.

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/workspace"
)

// filesOf returns the distinct files of names.
func filesOf(names []string, fileOf map[string]string) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range names {
		if p := fileOf[n]; p != "" && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// exec runs the test command in dir, restricted to only (tests, in files)
// when given, and reads its per-test results.
func (s *Spec) exec(ctx context.Context, dir string, argv, only, files []string) (*run, error) {
	full, err := s.testArgv(dir, argv)
	if err != nil {
		return nil, err
	}
	if only != nil {
		full = gates.Restrict(s.Ecosystem, full, only, files)
	}
	return s.execParsed(ctx, &run{argv: full, at: s.now()}, dir)
}

// execMutant runs the test command in t within timeout, narrowed for a
// mutant of file: Go's to file's package, pytest's to tests (the whole
// suite when there are none), and reads its per-test results.
func (s *Spec) execMutant(ctx context.Context, t tree, file string, tests []string, timeout time.Duration) (*run, error) {
	full, err := s.testArgv(t.dir, s.Test)
	if err != nil {
		return nil, err
	}
	switch {
	case s.Ecosystem == gates.Go:
		full = gates.InPackages(full, []string{file})
	case len(tests) > 0:
		full = gates.Restrict(s.Ecosystem, full, nil, tests)
	}
	r := &run{argv: full, at: s.now(), timeout: timeout}
	if t.host != t.dir {
		r.source = t.host
	}
	return s.execParsed(ctx, r, t.dir)
}

// testArgv is the test command for dir: gate variables substituted, the
// tool's reporting flags added, and for a Python src layout in either tree
// under `env PYTHONPATH=src` (srcLayout, Spec.srcPath).
func (s *Spec) testArgv(dir string, argv []string) ([]string, error) {
	vars := map[string]string{}
	for k, v := range s.Vars {
		vars[k] = v
	}
	vars["worktree_dir"] = dir
	sub, err := gates.Substitute(argv, vars)
	if err != nil {
		return nil, err
	}
	full, err := gates.ReportingArgv(s.Ecosystem, sub)
	if err == nil && s.srcPath {
		full = append([]string{"env", "PYTHONPATH=src"}, full...)
	}
	return full, err
}

// execParsed runs r in dir and reads its per-test results.
func (s *Spec) execParsed(ctx context.Context, r *run, dir string) (*run, error) {
	r.limit, r.tests = reportLimit, true
	if err := s.runCmd(ctx, r, dir); err != nil {
		return nil, err
	}
	switch s.Ecosystem {
	case gates.Go:
		r.results = gates.ParseGoTestJSON(r.res.Output)
		r.results.KeyByPackage(s.modules[dir], s.repeated)
	case gates.Python:
		r.results, _ = gates.ParseJUnitXML(r.res.Output)
	}
	if strings.TrimSpace(r.results.Text) != "" {
		// Read: from here on evidence uses Text, so the raw report (up to
		// reportLimit) is not held for the rest of the gates run.
		r.res.Output = nil
	}
	return r, nil
}

// execPlain runs a static check in dir, with names after its arguments
// (files, which no gate variable is substituted in).
func (s *Spec) execPlain(ctx context.Context, dir string, argv, names []string) (*run, error) {
	sub, err := gates.Substitute(argv, map[string]string{"worktree_dir": dir})
	if err != nil {
		return nil, err
	}
	sub = append(isolated(sub), names...)
	r := &run{argv: sub, at: s.now()}
	if err := s.runCmd(ctx, r, dir); err != nil {
		return nil, err
	}
	r.results.Text = string(r.res.Output)
	return r, nil
}

// isolated is a static check `PYTHON [OPTIONS] -m TOOL …` run in Python's
// isolated mode (`PYTHON -I [OPTIONS] -m TOOL …`): with -m, Python puts the working
// directory, the change's tree, first on its path, so a pyflakes.py the
// change plants there runs instead of pyflakes and reports what it likes;
// -I leaves the directory (and PYTHON* variables and the user's own
// site-packages) out, and a checker reads the files it is given without
// importing them. Any other command is returned as it is.
func isolated(argv []string) []string {
	if len(argv) < 3 || !strings.HasPrefix(filepath.Base(argv[0]), "python") {
		return argv
	}
	for i := 1; i < len(argv)-1; i++ {
		switch w := argv[i]; {
		case w == "-m":
			return append([]string{argv[0], "-I"}, argv[1:]...)
		case w == "-W" || w == "-X" || w == "--check-hash-based-pycs":
			i++ // the option's value
		case !strings.HasPrefix(w, "-") || w == "-c" || w == "-":
			return argv // a script, a program text, or standard input: no -m
		}
	}
	return argv
}

// runFresh runs cmd on a throwaway version of its tree, shown at the
// tree's path: the command's processes run the change's code and tests,
// and whatever they write into the tree — a fixed source file, a test
// file, a conftest.py — vanishes with the command, so the next command
// (REFACTOR's base versions, the base's suite after RED) sees the tree as
// the gates left it, not as an earlier command's processes did. A runner
// that shows a tree copy-on-write (the local sandbox's overlay,
// verify.ThrowawayShower) is asked to: a mount, whatever the tree's size,
// and the host's tree is only read. One that only shows a copy at the
// tree's path gets a copy of the tree (37 ms in memory for toml's 4.8 MB,
// growing with the tree), as does a command whose overlay the kernel
// refused. Other runners run in the tree itself.
func (s *Spec) runFresh(ctx context.Context, runner verify.Runner, cmd verify.Command) (verify.Result, error) {
	if shower, ok := runner.(verify.ThrowawayShower); ok && shower.ShowsThrowaway() {
		cmd.Throwaway = true
		res, err := runner.Run(ctx, cmd)
		if !errors.Is(err, verify.ErrNoThrowaway) {
			return res, err
		}
		cmd.Throwaway = false
	}
	if !s.showsCopies() {
		return runner.Run(ctx, cmd)
	}
	copied, release, err := s.copier().Clone(ctx, cmd.HostDir())
	if err != nil {
		return verify.Result{}, fmt.Errorf("copying %s for the command: %w", cmd.HostDir(), err)
	}
	defer release()
	cmd.Source = copied
	return runner.Run(ctx, cmd)
}

// showsCopies says whether the runner shows a command's Source at its Dir
// (the local sandbox), so that a copy of a tree can stand in for it.
func (s *Spec) showsCopies() bool {
	shower, ok := s.Runner.(verify.SourceShower)
	return ok && shower.ShowsSourceAtDir()
}

// copier is what copies trees: Copies, or a workspace.Copier into TempDir.
func (s *Spec) copier() verify.WorkspaceCloner {
	if s.Copies != nil {
		return s.Copies
	}
	return workspace.Copier{Dir: s.TempDir}
}

// maxTries bounds tries of a command whose runner failed transiently.
const maxTries = 3

// runCmd runs r's argv in dir, trying again after a transient runner
// failure (an engine that did not answer); any other runner error means
// the gate could not run.
func (s *Spec) runCmd(ctx context.Context, r *run, dir string) error {
	var err error
	timeout := s.Timeout
	if r.timeout > 0 {
		timeout = r.timeout
	}
	r.dir = dir
	runner := s.Runner
	if f, ok := runner.(verify.FreshRunner); ok {
		// A warm instance (Docker's warm container) takes its directory's
		// files once, when it starts; the gates change a tree's files
		// between runs (RED's head tests over the base, REFACTOR's base
		// tests over the head, each mutant), so every command starts
		// fresh with the tree as it is now (and one kept for a copy would
		// outlive it).
		runner = f.Fresh()
	}
	argv := r.argv
	if bins := s.bins[dir]; bins != "" && r.tests {
		argv, _ = gates.WithBinaries(argv, bins)
	}
	for r.attempt = 1; ; r.attempt++ {
		r.res, err = s.runFresh(ctx, runner, verify.Command{ItemID: "gates", Argv: argv, Dir: dir, Source: r.source, Timeout: timeout, OutputLimit: r.limit,
			BuildLayer: s.layers[dir], WriteBuildLayer: r.writeLayer})
		if err == nil || !errors.Is(err, verify.ErrTransient) || r.attempt >= maxTries || ctx.Err() != nil {
			break
		}
		wait := time.Duration(r.attempt) * time.Second
		if s.RetryDelay != nil {
			wait = s.RetryDelay(r.attempt)
		}
		select {
		case <-time.After(wait):
		case <-ctx.Done():
		}
	}
	if err != nil {
		return fmt.Errorf("gates: running %s (%d tries): %w", gates.CommandLine(r.argv), r.attempt, err)
	}
	return nil
}
