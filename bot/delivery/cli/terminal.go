package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/checklist"
)

// Exit codes of `autoverify run`.
const (
	ExitOK       = 0
	ExitFailed   = 1
	ExitBadInput = 2
)

// Terminal publishes to the person at the terminal: warnings and problems
// on Stderr, the result table on Stdout, and the evidence markers written
// into the story file.
type Terminal struct {
	Stdout, Stderr io.Writer
	// Color paints PASS and FAIL.
	Color bool
	// WriteFile replaces a file atomically (integrations/artifacts).
	WriteFile func(path string, data []byte, perm fs.FileMode) error
	// Secret masks secrets in texts printed from configuration (fixer
	// commands and their errors).
	Secret func(string) string
	// GatesOnly prints a run of the gates alone (`autoverify gates`): the
	// gates' report in place of the item table. With JSON the report goes
	// to Stdout as JSON, the lines about the run to Stderr.
	GatesOnly, JSON bool

	// marked is what Mark did for the verification Publish prints.
	marked *marking
}

// marking is the outcome of marking one verification's story.
type marking struct {
	v       *bot.Verification
	marks   int
	changed bool
	err     error
}

var (
	_ bot.Publisher = (*Terminal)(nil)
	_ bot.Marker    = (*Terminal)(nil)
)

// Begin prints the story's warnings.
func (t *Terminal) Begin(_ context.Context, v *bot.Verification) error {
	for _, w := range v.Story.Warnings {
		fmt.Fprintf(t.Stderr, "warning: %s: %s\n", v.ChecklistSource, w)
	}
	return nil
}

// Mark writes the run's markers into the story file (the pipeline calls
// it while the ledger records the run; see bot.Marker). What went wrong
// is reported by Publish, in its place among what it prints.
func (t *Terminal) Mark(_ context.Context, v *bot.Verification) error {
	if v.Problem != nil || t.GatesOnly {
		return nil
	}
	marks := verify.Marks(v.Record.Outcomes, v.Record.Rejected, filepath.Base(v.Files.Evidence))
	changed, err := t.markStory(v.ChecklistSource, marks)
	t.marked = &marking{v: v, marks: len(marks), changed: changed, err: err}
	return nil
}

// Publish marks the story (unless Mark has) and prints the result, or the
// problem that stopped the run.
func (t *Terminal) Publish(ctx context.Context, v *bot.Verification) error {
	if p := v.Problem; p != nil {
		if p.Kind == bot.ProblemRefused {
			fmt.Fprintf(t.out(), "%s: refused — %v\n", v.Key, p.Err)
			return nil
		}
		fmt.Fprintln(t.Stderr, "autoverify:", p)
		return nil
	}
	if v.LedgerErr != nil {
		fmt.Fprintf(t.Stderr, "autoverify: %v\n", v.LedgerErr)
	}
	if t.GatesOnly {
		return t.publishGates(v)
	}
	if t.marked == nil || t.marked.v != v {
		_ = t.Mark(ctx, v)
	}
	m := t.marked
	if m.err != nil {
		fmt.Fprintln(t.Stderr, "autoverify:", m.err)
		return m.err
	}
	t.printRun(v)
	for _, f := range v.Report.Fixes {
		fmt.Fprintf(t.Stdout, "\nauto-fix %s: %s → exit %d", f.Fixer.Type, t.secret(f.Fixer.Command), f.Result.ExitCode)
		if f.Commit != "" {
			fmt.Fprintf(t.Stdout, ", committed %s", shortSHA(f.Commit))
		}
		if f.Err != "" {
			fmt.Fprintf(t.Stdout, " (%s)", t.secret(f.Err))
		}
		fmt.Fprintln(t.Stdout)
	}
	if v.Summary.Gates != nil {
		fmt.Fprint(t.Stdout, "\n"+t.secret(report.GatesText(*v.Summary.Gates)))
	}
	rep := v.Report
	t.route(t.Stdout, v)
	if rep.VerificationStatus != "" && v.Config.Reviewers > 1 {
		fmt.Fprintf(t.Stdout, "Reviewers: %s (%d independent runs of each check)\n", rep.VerificationStatus, v.Config.Reviewers)
		for _, rv := range v.Summary.Escalated() {
			fmt.Fprintf(t.Stdout, "  escalated %s: %s — %s\n", t.secret(rv.Check), rv.Reason, rv.Summary)
		}
	}
	fmt.Fprintf(t.Stdout, "Evidence: %s\nSummary:  %s\n", v.Files.Evidence, v.Files.Summary)
	t.attestation(t.Stdout, v)
	if m.changed {
		fmt.Fprintf(t.Stdout, "Story:    %s updated with %s\n", v.ChecklistSource, plural(m.marks, "marker"))
	}
	return nil
}

// route says where the run sent the story and what the ledger counts.
func (t *Terminal) route(w io.Writer, v *bot.Verification) {
	rep, l := v.Report, v.Config.Limits
	fmt.Fprintf(w, "\nRoute:    %s — %s\n", rep.Route, rep.Reason)
	fmt.Fprintf(w, "Ledger:   verify cycles %d/%d, auto-fix attempts %d/%d\n", rep.Entry.AutoVerifyRuns, l.MaxVerifyCycles,
		rep.Entry.AutoFixAttempts, l.MaxAutoFixAttempts)
}

// publishGates prints a run of the gates alone: their report (or why they
// could not run, on Stderr), then where the run and its evidence went.
// Nothing is marked: there is no story file.
func (t *Terminal) publishGates(v *bot.Verification) error {
	out := t.out()
	switch {
	case v.Gates == nil:
		for _, o := range v.Report.Outcomes {
			fmt.Fprintf(t.Stderr, "autoverify: %s\n", t.secret(o.Reason))
		}
	case t.JSON:
		if err := WriteJSON(t.Stdout, v.Gates); err != nil {
			return fmt.Errorf("printing the gates' report: %w", err)
		}
	default:
		fmt.Fprint(t.Stdout, t.secret(report.GatesText(v.Gates.View())))
	}
	t.route(out, v)
	fmt.Fprintf(out, "Evidence: %s\nSummary:  %s\n", v.Files.Evidence, v.Files.Summary)
	t.attestation(out, v)
	return nil
}

// out is where the lines about a run go: Stdout, but Stderr when Stdout
// holds the gates' report as JSON and nothing else.
func (t *Terminal) out() io.Writer {
	if t.GatesOnly && t.JSON {
		return t.Stderr
	}
	return t.Stdout
}

// ExitCode is the exit status of a run that ended with v and err (from
// bot.Pipeline.Run): 0 when every automated item and check passed (see
// bot.Verification.Failed), 2 for a problem
// the user must fix in their input, 1 otherwise. An error no publisher
// printed is printed here.
func ExitCode(v *bot.Verification, err error, stderr io.Writer) int {
	if v != nil && v.Problem != nil {
		if v.Problem.Kind == bot.ProblemRefused {
			return ExitFailed
		}
		return ExitBadInput
	}
	if v == nil || !v.Ran() {
		if err != nil {
			fmt.Fprintln(stderr, "autoverify:", err)
		}
		return ExitFailed
	}
	if err != nil || v.LedgerErr != nil || v.Failed() {
		return ExitFailed
	}
	return ExitOK
}

// markStory rewrites the story's markers. It reads the file again rather
// than reusing what was parsed before the run, so edits made while the
// commands ran are kept: marks apply by item ID to whatever is there now.
func (t *Terminal) markStory(path string, marks map[string]checklist.Mark) (bool, error) {
	cur, err := os.ReadFile(path)
	if err != nil {
		return false, fmt.Errorf("re-reading story %s to add markers: %w (evidence was written)", path, err)
	}
	out, err := checklist.Rewrite(cur, marks)
	var skipped *checklist.SkippedError
	if errors.As(err, &skipped) {
		fmt.Fprintf(t.Stderr, "warning: story %s: %v\n", path, err)
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
	if err := t.WriteFile(path, out, 0o644); err != nil {
		return false, fmt.Errorf("updating story: %w", err)
	}
	return true, nil
}

func (t *Terminal) printRun(v *bot.Verification) {
	w := t.Stdout
	paint := func(code, s string) string {
		if !t.Color {
			return s
		}
		return "\x1b[" + code + "m" + s + "\x1b[0m"
	}
	auto, manual, _ := v.Story.Counts()
	outcomes, rejected := v.Record.Outcomes, v.Record.Rejected
	passed := 0
	for _, o := range outcomes {
		if o.Passed {
			passed++
		}
	}
	fmt.Fprintf(w, "%s: %d/%d automated items passed, %s, %s\n\n", v.Key, passed, auto,
		plural(manual, "manual item"), plural(len(rejected), "rejected item"))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "LINE\tID\tRESULT\tTYPE\tEXIT\tTIME\tCOMMAND")
	for _, o := range outcomes {
		res, typ := paint("32", "PASS"), "-"
		if o.Passed && o.Cached != nil {
			res = paint("32", "PASS") + " cached"
		}
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
	if len(v.Summary.Matrix) > 0 {
		// The spec's plain block, which its row pattern reads.
		fmt.Fprint(w, "\n"+report.MatrixText(v.Summary))
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

func (t *Terminal) secret(s string) string {
	if t.Secret == nil {
		return s
	}
	return t.Secret(s)
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

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func shortSHA(s string) string {
	if len(s) > 12 {
		return s[:12]
	}
	if s == "" {
		return "-"
	}
	return s
}

// Announce wraps a publisher that reports elsewhere (Jira) so the terminal
// says what it did: Done's line on Stdout after a successful Publish, the
// failure on Stderr otherwise. A run that stopped on a problem is not
// passed on: there is nothing to report.
type Announce struct {
	bot.Publisher
	Stdout, Stderr io.Writer
	// What names the action in a failure ("reporting to Jira").
	What string
	// Done words the success ("Jira:     commented on KAN-1").
	Done func(v *bot.Verification) string
}

// Begin passes through.
func (a Announce) Begin(ctx context.Context, v *bot.Verification) error {
	return a.Publisher.Begin(ctx, v)
}

// Publish passes a finished run on and says how it went.
func (a Announce) Publish(ctx context.Context, v *bot.Verification) error {
	if !v.Ran() {
		return nil
	}
	if err := a.Publisher.Publish(ctx, v); err != nil {
		fmt.Fprintf(a.Stderr, "autoverify: %s: %v (evidence was written)\n", a.What, err)
		return err
	}
	fmt.Fprintln(a.Stdout, a.Done(v))
	return nil
}

// attestation says whether the run is signed, and where its attestation
// is: an unsigned run says so, in one line.
func (t *Terminal) attestation(w io.Writer, v *bot.Verification) {
	a := v.Summary.Attestation
	switch {
	case v.Files.Evidence == "":
	case a == nil || a.Unsigned:
		fmt.Fprintln(w, "Signed:   no (set ENGINEO_SIGNING_KEY to sign verdicts; autoverify keys generate makes a key)")
	case a.Error != "":
		fmt.Fprintf(w, "Signed:   NO: %s\n", a.Error)
	default:
		fmt.Fprintf(w, "Signed:   %s (key %s)\n", filepath.Join(filepath.Dir(v.Files.Evidence), a.File), a.Key)
	}
}
