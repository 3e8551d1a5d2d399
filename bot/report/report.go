// Package report renders what autoverify posts: the sticky pull request
// comment, the check run's title, summary and text, and the help and
// nothing-to-verify replies; and what its commands print (gates, audit,
// ledger show, plan, keys generate, help). Texts come from //go:embed
// templates and are tested against golden files (go test ./bot/report
// -update rewrites them).
// It does no I/O and takes already-redacted text.
package report

import (
	"bytes"
	"embed"
	"fmt"
	"html"
	"strings"
	"sync"
	"text/tabwriter"
	"text/template"
	"time"
)

//go:embed templates/*.tmpl
var templateFS embed.FS

// Item is one checklist item as reported.
type Item struct {
	Line    int
	ID      string
	Text    string
	Command string
	// Kind is "auto", "manual" or "rejected".
	Kind string
	// Checked is the item's box as the story has it: a checked manual item
	// is done, not remaining.
	Checked bool
	// Ran is set for automated items that were run.
	Ran         bool
	Passed      bool
	FailureType string
	ExitCode    int
	Duration    time.Duration
	TimedOut    bool
	// Output is the redacted output; the comment shows its tail.
	Output string
	Reason string
	// CachedFrom, when set, is the run whose result this is: nothing ran
	// now.
	CachedFrom string
	// Tests is the one-line account of the tests the command ran ("3 of
	// 214 tests failed: TestA, TestB, …"); empty when its tool's output
	// was not read.
	Tests string
}

// TestNames is how many failing tests' names a report's one-line account
// lists before "…".
const TestNames = 5

// AutoFix is one auto-fix attempt.
type AutoFix struct {
	Type, Command, Commit string
	ExitCode              int
}

// Run is a finished verification.
type Run struct {
	StoryKey string
	RunID    string
	Commit   string
	// Source says where the checklist came from ("the pull request
	// description" or a file path).
	Source    string
	Route     string
	Reason    string
	Items     []Item
	Cycles    int
	MaxCycles int
	Fixes     int
	MaxFixes  int
	AutoFixes []AutoFix
	// EvidenceFile and SummaryFile are artifact names; the URLs are set
	// when the server serves them.
	EvidenceFile, SummaryFile string
	EvidenceURL, SummaryURL   string
	// Environments and Matrix are set for environment-matrix runs.
	Environments []string
	Matrix       []MatrixRow
	// Notes are sentences about the run shown under its route (who
	// approved it for which commit, what was rerun).
	Notes []string
	// Claim is the audit of an agent's signal, when the run had one.
	Claim *Claim
	// Gates is the gates run, when the gates ran.
	Gates *Gates
	// VerificationStatus and Reviews are the independent reviewers'
	// verdicts; empty when reviewing is off.
	VerificationStatus string
	Reviews            []Review
	// Attestation is the run's signed attestation, or says it is unsigned
	// (nil only for a run that wrote no evidence).
	Attestation *Attestation
}

// Attestation is where a run's signed in-toto attestation is, and the key
// that signed it (its SHA-256 fingerprint), or why it could not be written,
// or (Unsigned) that no key signs runs.
type Attestation struct {
	File, URL, Key, Error string
	Unsigned              bool
}

// Review is the reviewers' verdict on one check (in one environment).
type Review struct {
	Check, Environment string
	// Status is verified, escalated or failed; Reason says why a check was
	// escalated.
	Status, Reason, Summary string
	Flaky                   []string
	Reviewers               []Reviewer
}

// Reviewer is one reviewer's run of a check.
type Reviewer struct {
	ID, Status, Summary, Digest string
}

// Escalated lists the escalated reviews.
func (r Run) Escalated() []Review {
	var out []Review
	for _, rv := range r.Reviews {
		if rv.Status == "escalated" {
			out = append(out, rv)
		}
	}
	return out
}

// Claim is an audited signal as reported: false claims first.
type Claim struct {
	// Signal is READY_FOR_REVIEW or AUDIT_PASSED; TaskID its task.
	Signal, TaskID string
	// Author is whose claim it is; Source where it was read.
	Author, Source string
	// Pairs are every expected pair, claimed vs observed.
	Pairs []ClaimPair
	// FalseClaims and Unverified are the pairs that are false and that
	// could not be checked (INFRA_BLOCKED); Escalated those whose
	// reviewers disagreed (unverified too, but not blocked); Held counts
	// the claims that match.
	FalseClaims, Unverified, Escalated []ClaimPair
	Held                               int
}

// ClaimPair is one expected pair of a signal.
type ClaimPair struct {
	Check, Environment                string
	ClaimedResult, ObservedResult     string
	ClaimedExitCode, ObservedExitCode int
	FalseClaim, Unverified            bool
	// Escalated says why the pair's reviewers disagreed.
	Escalated string
}

// InfraBlock is one environment that could not run some checks: the
// spec's INFRA_BLOCKED report.
type InfraBlock struct {
	Environment string
	Checks      []string
}

// Blocked groups the unverified pairs by environment, in the order they
// come.
func (c *Claim) Blocked() []InfraBlock {
	var out []InfraBlock
	at := map[string]int{}
	for _, p := range c.Unverified {
		i, ok := at[p.Environment]
		if !ok {
			i = len(out)
			at[p.Environment] = i
			out = append(out, InfraBlock{Environment: p.Environment})
		}
		out[i].Checks = append(out[i].Checks, p.Check)
	}
	return out
}

// Audit is what `autoverify audit` prints: the rejection, or the observed
// matrix with every false claim marked.
type Audit struct {
	Valid bool
	// Rejection is the signal_rejected problem when the signal is invalid.
	Rejection Problem
	Claim     *Claim
	// Environments are the environments the checks ran in.
	Environments []string
	EvidenceFile string
}

// Verdict is the spec's closing line over what was observed.
func (a Audit) Verdict() string {
	var failed []string
	if a.Claim != nil {
		for _, p := range a.Claim.Pairs {
			if p.ObservedResult != "PASS" {
				failed = append(failed, p.Check+" in "+p.Environment)
			}
		}
	}
	if len(failed) == 0 {
		return "All Required Environments: VERIFIED"
	}
	return "All Required Environments: NOT VERIFIED — failed: " + strings.Join(failed, "; ")
}

// AuditText renders a for the terminal.
func AuditText(a Audit) string { return render("audit.txt.tmpl", a) }

// NewClaim fills a Claim's FalseClaims, Unverified and Held from pairs.
func NewClaim(signal, taskID, author, source string, pairs []ClaimPair) *Claim {
	c := &Claim{Signal: signal, TaskID: taskID, Author: author, Source: source, Pairs: pairs}
	for _, p := range pairs {
		switch {
		case p.FalseClaim:
			c.FalseClaims = append(c.FalseClaims, p)
		case p.Escalated != "":
			c.Escalated = append(c.Escalated, p)
		case p.Unverified:
			c.Unverified = append(c.Unverified, p)
		default:
			c.Held++
		}
	}
	return c
}

// MatrixRow is one (check, environment) pair of a matrix run.
type MatrixRow struct {
	// Name is the check as the spec's rows name it: a checks: entry's
	// name, else the item's ID (no spaces, so the spec's row pattern reads
	// it); Check is the command.
	Name               string
	Check, Environment string
	ExitCode, Required int
	Result             string // PASS, FAIL — TYPE, INFRA_BLOCKED
	Passed             bool
	Cached             bool
}

// SpecResult is the row's result as the spec writes it: PASS, FAIL, or
// INFRA_BLOCKED for a pair that could not run (which the spec's row
// pattern leaves out: it is reported in the INFRA_BLOCKED block instead).
func (m MatrixRow) SpecResult() string {
	switch {
	case m.Passed:
		return "PASS"
	case m.Result == "INFRA_BLOCKED":
		return "INFRA_BLOCKED"
	}
	return "FAIL"
}

// Blocked groups the pairs that could not run by environment: the spec's
// INFRA_BLOCKED report.
func (r Run) Blocked() []InfraBlock {
	var out []InfraBlock
	at := map[string]int{}
	for _, m := range r.Matrix {
		if m.SpecResult() != "INFRA_BLOCKED" {
			continue
		}
		i, ok := at[m.Environment]
		if !ok {
			i = len(out)
			at[m.Environment] = i
			out = append(out, InfraBlock{Environment: m.Environment})
		}
		out[i].Checks = append(out[i].Checks, m.Name)
	}
	return out
}

// MatrixText renders the spec's plain matrix block for r (the terminal,
// Jira inside {noformat}): its rows, Environments Tested, the verdict, and
// an INFRA_BLOCKED block per environment that could not run.
func MatrixText(r Run) string { return render("matrix-spec.txt.tmpl", r) }

// MatrixVerdict is the spec's closing line of the matrix table.
func (r Run) MatrixVerdict() string {
	var failed []string
	for _, m := range r.Matrix {
		if !m.Passed {
			failed = append(failed, m.Name+" in "+m.Environment)
		}
	}
	if len(failed) == 0 {
		return "All Required Environments: VERIFIED"
	}
	return "All Required Environments: NOT VERIFIED — failed: " + strings.Join(failed, "; ")
}

// Counts returns passed and failed automated items, manual items that
// remain (unchecked) and rejected items.
func (r Run) Counts() (passed, failed, manual, rejected int) {
	for _, it := range r.Items {
		switch {
		case it.Kind == "manual":
			if !it.Checked {
				manual++
			}
		case it.Kind == "rejected":
			rejected++
		case it.Passed:
			passed++
		default:
			failed++
		}
	}
	return
}

// MaxCommentLen is GitHub's limit on a comment body; MaxCheckRunText its
// limit on a check run's summary and text.
const (
	MaxCommentLen   = 65536
	MaxCheckRunText = 65535
	// outputTailLines is how much of a failure's output the comment shows;
	// the evidence file has the rest.
	outputTailLines = 60
)

var funcs = template.FuncMap{
	"icon":      routeIcon,
	"itemIcon":  itemIcon,
	"headline":  headline,
	"short":     short,
	"cell":      cell,
	"code":      code,
	"html":      html.EscapeString,
	"result":    result,
	"dur":       func(d time.Duration) string { return d.Round(time.Millisecond).String() },
	"fence":     fence,
	"join":      strings.Join,
	"add":       func(a, b int) int { return a + b },
	"wiki":      wiki,
	"wikicode":  wikiCode,
	"blocks":    func(c *Claim) map[string]any { return map[string]any{"TaskID": c.TaskID, "Blocks": c.Blocked()} },
	"trimFail":  func(s string) string { return strings.TrimPrefix(s, "FAIL — ") },
	"runBlocks": func(r Run) map[string]any { return map[string]any{"TaskID": r.StoryKey, "Blocks": r.Blocked()} },
	"jiraResult": func(it Item) string {
		return wiki(strings.Replace(resultWith(it, func(s string) string { return s }), "REJECTED — ", "REJECTED: ", 1))
	},
	"dash":     dash,
	"utc":      func(t time.Time) string { return t.UTC().Format(time.RFC3339) },
	"truncate": truncate,
	"plural":   plural,
}

// templates are parsed on first use rather than at start-up: parsing them
// all costs about a millisecond, which every autoverify process (and every
// sandbox init, which is the same binary) would otherwise pay.
var templates = sync.OnceValue(func() *template.Template {
	t := template.New("").Funcs(funcs)
	// aligned executes another of t's templates, so it is added here.
	t.Funcs(template.FuncMap{"aligned": func(name string, data any) (string, error) { return aligned(t, name, data) }})
	return template.Must(t.ParseFS(templateFS, "templates/*.tmpl"))
})

func render(name string, data any) string {
	var b bytes.Buffer
	if err := templates().ExecuteTemplate(&b, name, data); err != nil {
		// The templates are fixed and tested; an error here is a bug.
		return fmt.Sprintf("autoverify: rendering %s failed: %v", name, err)
	}
	return b.String()
}

// Conclusion maps a route to a check run conclusion.
func Conclusion(route string) string {
	switch route {
	case "verified":
		return "success"
	case "human_review":
		return "neutral"
	case "human_attention":
		return "action_required"
	default:
		return "failure"
	}
}

// Comment renders the sticky comment, split into parts that each fit in
// one GitHub comment (leaving room for the markers the poster adds). A
// part never ends inside a code block or a <details> element: the split
// falls between whole blocks, and a single failure's output is cut to fit.
func Comment(r Run) []string {
	head := render("comment.md.tmpl", r)
	var blocks []string
	for _, it := range r.Items {
		if it.Ran && !it.Passed {
			blocks = append(blocks, render("details.md.tmpl", tailed(it)))
		}
	}
	return pack(head, blocks, MaxCommentLen-512)
}

// CheckRun renders the check run's title, summary and text.
func CheckRun(r Run) (title, summary, text string) {
	title = headline(r)
	summary = clip(render("checkrun.md.tmpl", r), MaxCheckRunText)
	var blocks []string
	for _, it := range r.Items {
		if it.Ran && !it.Passed {
			blocks = append(blocks, render("details.md.tmpl", tailed(it)))
		}
	}
	parts := pack("", blocks, MaxCheckRunText-200)
	text = strings.TrimPrefix(parts[0], "\n")
	if len(parts) > 1 {
		text += fmt.Sprintf("\n\n… %d more failures are in the pull request comment and the evidence file.", len(parts)-1)
	}
	return title, summary, text
}

// Help renders the /verify help.
func Help(storyPath string) string {
	return render("help.md.tmpl", map[string]string{"StoryPath": storyPath})
}

// NoChecklist renders the reply for a pull request with nothing to verify.
func NoChecklist(storyKey, storyPath string) string {
	return render("nochecklist.md.tmpl", map[string]string{"StoryKey": storyKey, "StoryPath": storyPath})
}

func headline(r Run) string {
	passed, failed, manual, rejected := r.Counts()
	auto := passed + failed
	switch r.Route {
	case "verified":
		return fmt.Sprintf("verified — %d of %d automated items passed", passed, auto)
	case "human_review":
		remain := fmt.Sprintf("%d manual items remain", manual)
		if manual == 1 {
			remain = "1 manual item remains"
		}
		return fmt.Sprintf("partial pass — %d of %d automated items passed, %s", passed, auto, remain)
	case "human_attention":
		return fmt.Sprintf("failed — requires human attention (%d of %d automated items failed)", failed, auto)
	default:
		if rejected > 0 && failed == 0 {
			return fmt.Sprintf("needs fix — %d AUTO tags were rejected", rejected)
		}
		return fmt.Sprintf("needs fix — %d of %d automated items failed", failed, auto)
	}
}

func routeIcon(route string) string {
	switch route {
	case "verified":
		return "✅"
	case "human_review":
		return "👀"
	case "human_attention":
		return "🛑"
	default:
		return "❌"
	}
}

func itemIcon(it Item) string {
	switch {
	case it.Kind == "manual" && it.Checked:
		return "☑️"
	case it.Kind == "manual":
		return "👤"
	case it.Kind == "rejected":
		return "⛔"
	case it.Passed:
		return "✅"
	case it.TimedOut:
		return "⏱️"
	default:
		return "❌"
	}
}

// result is an item's result for a markdown table cell.
func result(it Item) string {
	return resultWith(it, func(s string) string {
		// Test names may hold "|" or "<T>": neither may end the cell or
		// open an HTML tag.
		return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(cell(s))
	})
}

// resultWith renders an item's result, escaping the tests' account (read
// from the command's output) with esc.
func resultWith(it Item, esc func(string) string) string {
	tests := ""
	if it.Tests != "" {
		tests = esc(it.Tests)
	}
	switch {
	case it.Kind == "manual" && it.Checked:
		return "MANUAL — checked"
	case it.Kind == "manual":
		return "MANUAL"
	case it.Kind == "rejected":
		return "REJECTED — " + cell(it.Reason)
	case it.Passed && it.CachedFrom != "":
		return withTests("PASS (cached)", tests)
	case it.Passed:
		return withTests("PASS", tests)
	default:
		return withTests("FAIL — "+it.FailureType, tests)
	}
}

// withTests appends the tests' account to a result.
func withTests(res, tests string) string {
	if tests == "" {
		return res
	}
	return res + ": " + tests
}

// aligned executes the template name of t, a table of tab-separated
// cells, and lines its columns up two spaces apart (text/tabwriter: a
// line's last cell is not a column).
func aligned(t *template.Template, name string, data any) (string, error) {
	var b bytes.Buffer
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	if err := t.ExecuteTemplate(tw, name, data); err != nil {
		return "", err
	}
	if err := tw.Flush(); err != nil {
		return "", err
	}
	return b.String(), nil
}

// dash is s, or "-" for nothing.
func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// truncate cuts s to n characters, the last one "…".
func truncate(n int, s string) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// plural is n and word, with an s unless n is 1.
func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func short(sha string) string {
	if len(sha) > 12 {
		return sha[:12]
	}
	if sha == "" {
		return "-"
	}
	return sha
}

// cell makes text safe inside a markdown table cell.
func cell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, "|", `\|`)
}

// code renders an inline code span that survives backticks and pipes in
// the text (CommonMark: a longer backtick run delimits).
func code(s string) string {
	s = cell(s)
	ticks := "`"
	for strings.Contains(s, ticks) {
		ticks += "`"
	}
	pad := ""
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		pad = " "
	}
	return ticks + pad + s + pad + ticks
}

// fence wraps output in a code block whose fence is longer than any
// backtick run inside, so the output can never close it.
func fence(s string) string {
	longest, run := 0, 0
	for _, c := range s {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	f := strings.Repeat("`", max(3, longest+1))
	return f + "text\n" + strings.TrimRight(s, "\n") + "\n" + f
}

// tailed keeps the last outputTailLines lines of an item's output.
func tailed(it Item) Item {
	lines := strings.Split(strings.TrimRight(it.Output, "\n"), "\n")
	if len(lines) > outputTailLines {
		lines = append([]string{fmt.Sprintf("... (%d earlier lines in the evidence file)", len(lines)-outputTailLines)}, lines[len(lines)-outputTailLines:]...)
	}
	it.Output = strings.Join(lines, "\n")
	return it
}

// pack puts the head and then whole blocks into parts of at most limit
// characters. A block too long on its own is cut inside its code block,
// which is closed again, so no part breaks the markdown.
func pack(head string, blocks []string, limit int) []string {
	parts := []string{clip(head, limit)}
	for _, b := range blocks {
		if len(b) > limit {
			b = shrinkBlock(b, limit)
		}
		last := &parts[len(parts)-1]
		if len(*last)+len(b)+2 <= limit {
			*last += "\n" + b
			continue
		}
		parts = append(parts, b)
	}
	return parts
}

// shrinkBlock cuts the middle of a details block's code, keeping the fence
// and the closing tags.
func shrinkBlock(b string, limit int) string {
	open := strings.Index(b, "text\n")
	closeAt := strings.LastIndex(b, "\n```")
	if open < 0 || closeAt < open {
		return clip(b, limit)
	}
	body := b[open+5 : closeAt]
	keep := limit - (len(b) - len(body)) - 100
	if keep < 0 {
		keep = 0
	}
	cut := body[len(body)-keep:]
	if i := strings.IndexByte(cut, '\n'); i >= 0 {
		cut = cut[i+1:]
	}
	return b[:open+5] + "... (output cut to fit; see the evidence file)\n" + cut + b[closeAt:]
}

// clip cuts text at a line boundary to fit limit, with a note.
func clip(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	note := "\n\n… (cut to fit GitHub's limit; see the evidence file)"
	cut := s[:limit-len(note)]
	if i := strings.LastIndexByte(cut, '\n'); i > 0 {
		cut = cut[:i]
	}
	return cut + note
}

// Jira is what a Jira comment needs besides the run.
type Jira struct {
	Run Run
	// PullURL and PullName link the pull request that was verified, if any.
	PullURL, PullName string
	// TransitionNote says which transition was taken, or why none was.
	TransitionNote string
}

// JiraComment renders the spec's Jira comment in wiki markup. The poster
// adds the run ID line (integrations/jira AddCommentOnce), which is how a
// retried post finds an earlier one.
func JiraComment(j Jira) string {
	passed, failed, manual, _ := j.Run.Counts()
	var first string
	for _, it := range j.Run.Items {
		if it.Ran && !it.Passed {
			first = it.FailureType
			break
		}
	}
	data := struct {
		Jira
		Passed, Failed, Manual, CyclesLeft int
		FailureType                        string
	}{j, passed, failed, manual, max(0, j.Run.MaxCycles-j.Run.Cycles), first}
	return render("jira.txt.tmpl", data)
}

// TransitionNote words the transition line of a Jira comment: taken, not
// configured, or not offered (listing what the issue offers).
func TransitionNote(wanted, taken string, offered []string, err error) string {
	switch {
	case wanted == "":
		return "No transition configured for this result; comment only."
	case taken != "":
		if taken == "HUMAN TO REVIEW AND CLOSE" {
			return "Story transitioned to HUMAN TO REVIEW AND CLOSE for manual verification."
		}
		return "Story transitioned to " + wiki(taken) + "."
	case err != nil:
		return "Could not transition to " + wiki(wanted) + ": " + wiki(err.Error())
	case len(offered) == 0:
		return "Could not transition to " + wiki(wanted) + ": the issue offers no transitions."
	default:
		return "Could not transition to " + wiki(wanted) + ": the issue offers " + wiki(strings.Join(offered, ", ")) + ". Set ENGINEO_JIRA_TRANSITION_* to one of these, or add the transition to the workflow."
	}
}

// wiki escapes Jira wiki markup in plain text.
func wiki(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`\|{}[]*_-+^~?!#`, r) {
			b.WriteRune('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// wikiCode escapes text inside a {{...}} monospace span.
func wikiCode(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.NewReplacer("}", "\\}", "{", "\\{", "|", "\\|").Replace(s)
}

// Problem is why a verification stopped before a verdict; the kinds are
// bot.ProblemKind's.
type Problem struct {
	// Kind is "no_checklist", "refused", "story" or "config".
	Kind string
	// StoryKey is the story's key when known; StoryPath where its story
	// file was looked for (no_checklist).
	StoryKey, StoryPath string
	// Path is the story file that cannot be read (story); Ref the branch
	// a configuration was read from (config).
	Path, Ref string
	// Detail is the underlying message, already redacted.
	Detail string
	// Cycles and MaxCycles are the ledger's count and limit (refused).
	Cycles, MaxCycles int
	// Pinned is the commit a /verify was approved for and Commit the
	// pull request's head now (head_moved).
	Pinned, Commit string
	// TaskID is the rejected signal's task (signal_rejected; Detail is
	// the spec's reason).
	TaskID string
}

// SignalRejected renders the spec's SIGNAL REJECTED message (the audit
// command prints it; the problem replies quote it).
func SignalRejected(p Problem) string { return render("signal-rejected.txt.tmpl", p) }

// ProblemComment renders a problem for the pull request comment and the
// check run's summary.
func ProblemComment(p Problem) string { return render("problem.md.tmpl", p) }

// ProblemTitle is the check run title of a problem.
func ProblemTitle(p Problem) string {
	switch p.Kind {
	case "refused":
		return "refused — verify cycles exhausted"
	case "no_checklist":
		return "nothing to verify"
	case "story":
		return "the story cannot be read"
	case "head_moved":
		return "not run — the pull request moved on"
	case "signal_rejected":
		return "signal rejected — " + p.Detail
	}
	return "configuration error"
}

// JiraProblem renders a problem as a Jira comment (wiki markup).
func JiraProblem(p Problem) string { return render("problem-jira.txt.tmpl", p) }

// SignalDenied is the reply to a signal posted by someone without write
// access: it is not audited.
func SignalDenied(user string) string {
	return render("signal-denied.md.tmpl", map[string]string{"User": user})
}

// Denied is the reply to a /verify command from someone without write
// access.
func Denied(user string) string { return render("denied.md.tmpl", map[string]string{"User": user}) }

// Reset confirms a /verify reset of key's ledger ("" when the pull request
// names no story).
func Reset(user, key string) string {
	return render("reset.md.tmpl", map[string]string{"User": user, "Key": key})
}

// Unmapped is the Jira comment for a story whose project has no
// repository.
func Unmapped(project string) string {
	return render("unmapped-jira.txt.tmpl", map[string]string{"Project": project})
}

// Awaiting is the sticky comment for a pull request whose author cannot
// start checks: nothing ran, and a maintainer's /verify runs commit.
func Awaiting(author, commit string) string {
	return render("awaiting.md.tmpl", map[string]string{"Author": author, "Commit": commit})
}

// AwaitingTitle is the check run title while a pull request waits for a
// maintainer's /verify.
const AwaitingTitle = "waiting for a maintainer's /verify"
