package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/jiraapp"
	"github.com/engineo/autoverify/bot/evidence"
	"github.com/engineo/autoverify/bot/redact"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/integrations/git"
	"github.com/engineo/autoverify/ledger"
)

func (a *App) run(ctx context.Context, args []string) (int, error) {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(a.Stderr)
	key := fs.String("story-key", "", "story key (default: the file name without extension)")
	workdir := fs.String("workdir", ".", "directory the commands run in; its .autoverify.yml is read")
	commitFlag := fs.String("commit", "", "commit being verified (default: the work directory's git HEAD)")
	reportTo := fs.String("report", "", "also report the result: \"jira\" comments on the story's issue and transitions it")
	jflags := registerSettings(fs, a.Getenv, jiraSettings)
	flags := registerConfigFlags(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return exitBadInput, err
	}
	if len(pos) != 1 {
		return exitBadInput, inputErrorf("run needs exactly one story file: autoverify run STORY.md [--story-key KEY] [--workdir DIR]")
	}
	storyPath := pos[0]
	if st, err := os.Stat(*workdir); err != nil || !st.IsDir() {
		return exitBadInput, inputErrorf("--workdir %s: not a directory; pass the repository the commands should run in", *workdir)
	}
	cfg, err := loadConfig(flags, a.Getenv, *workdir)
	if err != nil {
		return exitBadInput, err
	}
	policy, err := policyFor(cfg)
	if err != nil {
		return exitBadInput, err
	}
	k, err := storyKey(*key, storyPath)
	if err != nil {
		return exitBadInput, err
	}
	_, story, err := readStory(storyPath, policy)
	if err != nil {
		return exitBadInput, err
	}
	for _, w := range story.Warnings {
		fmt.Fprintf(a.Stderr, "warning: %s: %s\n", storyPath, w)
	}
	getJira := jflags.get
	var jcfg jiraConfig
	switch *reportTo {
	case "":
	case "jira":
		var ok bool
		if jcfg, ok, err = loadJira(getJira); err != nil {
			return exitBadInput, err
		} else if !ok {
			return exitBadInput, inputErrorf("--report jira needs ENGINEO_JIRA_URL and credentials (ENGINEO_JIRA_EMAIL + ENGINEO_JIRA_API_TOKEN, or ENGINEO_JIRA_PAT)")
		}
		cfg.Secrets = append(cfg.Secrets, getJira("jira-api-token"), getJira("jira-pat"))
	default:
		return exitBadInput, inputErrorf("--report %q: the only report target is jira", *reportTo)
	}
	fixers, err := bot.FixersFrom(cfg.AutoFix, policy)
	if err != nil {
		return exitBadInput, inputErrorf("%s: %v", RepoConfigFile, err)
	}
	runner, closeRunner, err := newRunner(cfg)
	if err != nil {
		return exitBadInput, err
	}
	defer closeRunner()
	envs, closeEnvs, err := environments(cfg, *workdir)
	if err != nil {
		return exitBadInput, err
	}
	defer closeEnvs()
	red, err := redact.New(redact.WithSecrets(cfg.Secrets...))
	if err != nil {
		return exitFailed, fmt.Errorf("building the redactor: %w", err)
	}
	store, err := openStore(ctx, cfg)
	if err != nil {
		return exitFailed, fmt.Errorf("%w; nothing was run", err)
	}
	defer store.Close()

	repo := git.Repo{Dir: *workdir}
	commit := *commitFlag
	if commit == "" {
		if commit, err = repo.Head(ctx); err != nil && !errors.Is(err, git.ErrNotRepo) {
			fmt.Fprintf(a.Stderr, "warning: reading the commit of %s: %v; comparing failures against an empty commit\n", *workdir, err)
		}
	}
	sess := &bot.Session{
		Verifier: &bot.Verifier{Runner: runner, Redactor: red, Concurrency: cfg.Concurrency, Timeout: cfg.CommandTimeout, Environments: envs},
		Ledger:   &ledger.Ledger{Store: store, Limits: cfg.Limits, Now: a.Now},
		Limits:   cfg.Limits,
		Fixers:   fixers,
		Now:      a.Now,
	}
	if len(fixers) > 0 && commit != "" {
		sess.Committer = &fixCommitter{repo: repo, push: cfg.PushEnabled, warn: a.Stderr,
			exclude: absPaths(cfg.ArtifactsDir, cfg.StateDir, storyPath)}
	}
	report, err := sess.Run(ctx, bot.Request{Key: k, Story: story, Dir: *workdir, Commit: commit})
	var refused *ledger.RefusedError
	if errors.As(err, &refused) {
		fmt.Fprintf(a.Stdout, "%s: refused — %v\n", k, refused)
		return exitFailed, nil
	}
	if err != nil && report.Entry.StoryKey == "" && len(report.Outcomes) == 0 {
		return exitFailed, fmt.Errorf("verifying %s: %w", storyPath, err)
	}
	if err != nil {
		// The commands ran but the ledger could not record them: keep the
		// evidence, say so, and fail.
		fmt.Fprintf(a.Stderr, "autoverify: %v\n", err)
	}
	auto, manual, _ := story.Counts()
	rec := bot.NewRecord(k, story, report, red)
	outcomes, rejectedItems, run := rec.Outcomes, rec.Rejected, rec.Evidence
	files, werr := evidence.Write(cfg.ArtifactsDir, run)
	if werr != nil {
		return exitFailed, fmt.Errorf("writing evidence: %w", werr)
	}
	marks := bot.Marks(outcomes, rejectedItems, filepath.Base(files.Evidence))
	changed, merr := markStory(storyPath, marks, a.Stderr)
	if merr != nil {
		return exitFailed, merr
	}

	if jcfg.client != nil {
		rr := bot.ReportRun(bot.ReportInput{Key: k, RunID: "local-" + k + "-" + files.Timestamp, Commit: commit, Source: storyPath,
			Story: story, Record: rec, Report: report, Limits: cfg.Limits, Files: files, Redactor: red})
		if jerr := jiraapp.Post(ctx, jiraAdapter{jcfg.client}, jcfg.transitions, k, rr, "", "", nil); jerr != nil {
			fmt.Fprintf(a.Stderr, "autoverify: reporting to Jira: %v (evidence was written)\n", jerr)
			err = jerr
		} else {
			fmt.Fprintf(a.Stdout, "Jira:     commented on %s\n", k)
		}
	}

	failed := 0
	for _, o := range outcomes {
		if !o.Passed {
			failed++
		}
	}
	a.printRun(a.Stdout, k, auto, manual, rejectedItems, outcomes)
	for _, f := range report.Fixes {
		fmt.Fprintf(a.Stdout, "\nauto-fix %s: %s → exit %d", f.Fixer.Type, red.String(f.Fixer.Command), f.Result.ExitCode)
		if f.Commit != "" {
			fmt.Fprintf(a.Stdout, ", committed %s", shortSHA(f.Commit))
		}
		if f.Err != "" {
			fmt.Fprintf(a.Stdout, " (%s)", red.String(f.Err))
		}
		fmt.Fprintln(a.Stdout)
	}
	fmt.Fprintf(a.Stdout, "\nRoute:    %s — %s\n", report.Route, report.Reason)
	fmt.Fprintf(a.Stdout, "Ledger:   verify cycles %d/%d, auto-fix attempts %d/%d\n", report.Entry.AutoVerifyRuns, cfg.Limits.MaxVerifyCycles,
		report.Entry.AutoFixAttempts, cfg.Limits.MaxAutoFixAttempts)
	fmt.Fprintf(a.Stdout, "Evidence: %s\nSummary:  %s\n", files.Evidence, files.Summary)
	if changed {
		fmt.Fprintf(a.Stdout, "Story:    %s updated with %s\n", storyPath, plural(len(marks), "marker"))
	}
	if failed > 0 || len(rejectedItems) > 0 || err != nil {
		return exitFailed, nil
	}
	return exitOK, nil
}

// markStory rewrites the story's markers. It reads the file again rather
// than reusing what was parsed before the run, so edits made while the
// commands ran are kept: marks apply by item ID to whatever is there now.
func markStory(path string, marks map[string]checklist.Mark, warn io.Writer) (bool, error) {
	cur, err := os.ReadFile(path)
	if err != nil {
		return false, fmt.Errorf("re-reading story %s to add markers: %w (evidence was written)", path, err)
	}
	out, err := checklist.Rewrite(cur, marks)
	var skipped *checklist.SkippedError
	if errors.As(err, &skipped) {
		fmt.Fprintf(warn, "warning: story %s: %v\n", path, err)
		err = nil
	}
	if err != nil {
		var enc *checklist.EncodingError
		if errors.As(err, &enc) {
			return false, fmt.Errorf("story %s changed during the run and is no longer UTF-8 (%v); markers not written", path, err)
		}
		return false, fmt.Errorf("marking story %s: %w", path, err)
	}
	if bytes.Equal(out, cur) {
		return false, nil
	}
	if err := evidence.WriteFile(path, out, 0o644); err != nil {
		return false, fmt.Errorf("updating story: %w", err)
	}
	return true, nil
}

func (a *App) printRun(w io.Writer, key string, auto, manual int, rejected []checklist.Item, outcomes []bot.Outcome) {
	color := a.color(w)
	paint := func(code, s string) string {
		if !color {
			return s
		}
		return "\x1b[" + code + "m" + s + "\x1b[0m"
	}
	passed := 0
	for _, o := range outcomes {
		if o.Passed {
			passed++
		}
	}
	fmt.Fprintf(w, "%s: %d/%d automated items passed, %s, %s\n\n", key, passed, auto,
		plural(manual, "manual item"), plural(len(rejected), "rejected item"))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "LINE\tID\tRESULT\tTYPE\tEXIT\tTIME\tCOMMAND")
	for _, o := range outcomes {
		res, typ := paint("32", "PASS"), "-"
		if !o.Passed {
			res, typ = paint("31", "FAIL"), string(o.FailureType)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%s\t%s\n", o.Item.Line, o.Item.ID, res, typ,
			o.Result.ExitCode, o.Result.Duration.Round(time.Millisecond), o.Item.Command)
	}
	for _, it := range rejected {
		fmt.Fprintf(tw, "%d\t%s\t%s\t-\t-\t-\t%s\n", it.Line, it.ID, paint("33", "REJECTED"), it.Command)
	}
	tw.Flush()
	for _, o := range outcomes {
		for _, p := range o.Pairs {
			res := paint("32", "PASS")
			if !p.Passed {
				res = paint("31", "FAIL "+string(p.FailureType))
			}
			fmt.Fprintf(w, "  line %d in %s: exit %d (required %d) %s\n", o.Item.Line, p.Environment, p.Result.ExitCode, p.RequiredExitCode, res)
		}
		if o.Reason != "" {
			fmt.Fprintf(w, "  line %d: %s\n", o.Item.Line, o.Reason)
		}
	}
	for _, it := range rejected {
		fmt.Fprintf(w, "\nline %d rejected: %s\n", it.Line, it.Reason)
	}
	for _, o := range outcomes {
		if !o.Passed {
			fmt.Fprintf(w, "\nline %d failed (%s): %s\n%s", o.Item.Line, o.FailureType, o.Item.Command, indentTail(o.Result.Output, 15))
		}
	}
}

// indentTail returns the last n lines of output, indented, for a quick look
// at a failure without opening the evidence file.
func indentTail(out []byte, n int) string {
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{"..."}, lines[len(lines)-n:]...)
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString("    " + l + "\n")
	}
	return b.String()
}

// fixCommitter commits each fixer's changes in the work tree, leaving out
// files that were already changed (someone's uncommitted work) and the
// evidence, state and story files, and pushes the fix commit only when
// pushing is enabled. Evidence is never committed, so never pushed.
type fixCommitter struct {
	repo    git.Repo
	push    bool
	exclude []string
	warn    io.Writer
	before  git.Snapshot
}

func (c *fixCommitter) Prepare(ctx context.Context) error {
	snap, err := c.repo.Status(ctx)
	c.before = snap
	return err
}

func (c *fixCommitter) Commit(ctx context.Context, message string) (string, error) {
	sha, skipped, err := c.repo.CommitFix(ctx, c.before, message, c.exclude)
	if len(skipped) > 0 {
		fmt.Fprintf(c.warn, "warning: auto-fix changed files that already had uncommitted changes; left them uncommitted: %s\n", strings.Join(skipped, ", "))
	}
	if err != nil || sha == "" || !c.push {
		return sha, err
	}
	return sha, c.repo.Push(ctx, sha)
}

// absPaths resolves paths (following symlinks where they exist) so they can
// be compared with git's view of the work tree.
func absPaths(paths ...string) []string {
	var out []string
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			continue
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		out = append(out, abs)
	}
	return out
}
