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
	"github.com/engineo/autoverify/bot/evidence"
	"github.com/engineo/autoverify/bot/redact"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/integrations/local"
)

func (a *App) run(ctx context.Context, args []string) (int, error) {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(a.Stderr)
	key := fs.String("story-key", "", "story key (default: the file name without extension)")
	workdir := fs.String("workdir", ".", "directory the commands run in; its .autoverify.yml is read")
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
	runner, err := local.New(
		local.WithTimeout(cfg.CommandTimeout),
		local.WithOutputLimit(cfg.OutputLimit),
		local.WithEnvPassthrough(cfg.EnvPassthrough...),
	)
	if err != nil {
		return exitBadInput, inputErrorf("local runner: %v", err)
	}
	red, err := redact.New(redact.WithSecrets(cfg.Secrets...))
	if err != nil {
		return exitFailed, fmt.Errorf("building the redactor: %w", err)
	}
	v := &bot.Verifier{Runner: runner, Redactor: red, Concurrency: cfg.Concurrency, Timeout: cfg.CommandTimeout}
	started := a.Now()
	outcomes, err := v.Verify(ctx, story.Items, *workdir)
	if err != nil {
		return exitFailed, fmt.Errorf("verifying %s: %w (nothing was written)", storyPath, err)
	}

	auto, manual, rejected := story.Counts()
	// Commands and texts are printed and stored too: they may hold a
	// secret as much as output can.
	redactItem := func(it *checklist.Item) {
		it.Command, it.Text, it.Reason = red.String(it.Command), red.String(it.Text), red.String(it.Reason)
	}
	var rejectedItems []checklist.Item
	for _, it := range story.Items {
		if it.Kind == checklist.Rejected {
			redactItem(&it)
			rejectedItems = append(rejectedItems, it)
		}
	}
	for i := range outcomes {
		redactItem(&outcomes[i].Item)
	}
	run := evidence.Run{StoryKey: k, Time: started, ManualCount: manual + rejected}
	for _, o := range outcomes {
		run.Results = append(run.Results, evidence.Result{
			ItemID: o.Item.ID, Line: o.Item.Line, Text: o.Item.Text,
			Command:  o.Item.Command,
			ExitCode: o.Result.ExitCode, Duration: o.Result.Duration, TimedOut: o.Result.TimedOut,
			Passed: o.Passed, FailureType: o.FailureType, Output: o.Result.Output, OmittedBytes: o.Result.OmittedBytes,
		})
	}
	files, err := evidence.Write(cfg.ArtifactsDir, run)
	if err != nil {
		return exitFailed, fmt.Errorf("writing evidence: %w", err)
	}
	marks := bot.Marks(outcomes, rejectedItems, filepath.Base(files.Evidence))
	changed, err := markStory(storyPath, marks, a.Stderr)
	if err != nil {
		return exitFailed, err
	}

	failed := 0
	for _, o := range outcomes {
		if !o.Passed {
			failed++
		}
	}
	a.printRun(a.Stdout, k, auto, manual, rejectedItems, outcomes)
	fmt.Fprintf(a.Stdout, "\nEvidence: %s\nSummary:  %s\n", files.Evidence, files.Summary)
	if changed {
		fmt.Fprintf(a.Stdout, "Story:    %s updated with %s\n", storyPath, plural(len(marks), "marker"))
	}
	if failed > 0 || len(rejectedItems) > 0 {
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
