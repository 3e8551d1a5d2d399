package claims

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

// Kind is the signal's kind.
type Kind string

// The signals the spec defines.
const (
	// ReadyForReview is a developer's claim that the work is done.
	ReadyForReview Kind = "READY_FOR_REVIEW"
	// AuditPassed is an auditor's independent confirmation.
	AuditPassed Kind = "AUDIT_PASSED"
)

// ActionReject is the spec's action for an invalid signal.
const ActionReject = "REJECT_SIGNAL"

// The spec's patterns (Coordinator Validation), verbatim. The AUDIT_PASSED
// forms replace "Tested" by "Verified" and VERIFIED by CONFIRMED, as the
// spec's AUDIT_PASSED example writes them.
var (
	headerRe          = lazyregexp.New(`\| Check \| Environment \| Exit Code \| Result \|`)
	rowRe             = lazyregexp.New(`\| (\S+) \| (\S+) \| (\d+) \| (PASS|FAIL) \|`)
	testedRe          = lazyregexp.New(`Environments Tested: (.+)`)
	verifiedRe        = lazyregexp.New(`All Required Environments: VERIFIED`)
	auditVerifiedRe   = lazyregexp.New(`Environments Verified: (.+)`)
	auditConfirmedRe  = lazyregexp.New(`All Required Environments: CONFIRMED`)
	signalRe          = lazyregexp.New(`(?m)^[ \t>*_#` + "`" + `]*(READY_FOR_REVIEW|AUDIT_PASSED):[ \t*_` + "`" + `]*([^\s*_` + "`" + `]*)`)
	taskIDTrimChars   = "[]<>"
	maxExitCodeDigits = 9
)

// Signal is one signal found in a text.
type Signal struct {
	Kind Kind
	// TaskID is what follows the signal word ("task-3", a story key);
	// empty when nothing does.
	TaskID string
	// Text is the signal: from its first line to the end of the text.
	Text string
}

// Find returns the newest signal in text: the last line that starts (after
// Markdown quoting or emphasis) with READY_FOR_REVIEW: or AUDIT_PASSED:,
// and everything after it. A thread or a description that carries an
// earlier, superseded signal is judged by its latest one.
func Find(text string) (Signal, bool) {
	// Most descriptions and comments carry no signal: skip the regexp.
	if !strings.Contains(text, string(ReadyForReview)+":") && !strings.Contains(text, string(AuditPassed)+":") {
		return Signal{}, false
	}
	all := signalRe().FindAllStringSubmatchIndex(text, -1)
	if len(all) == 0 {
		return Signal{}, false
	}
	m := all[len(all)-1]
	return Signal{
		Kind:   Kind(text[m[2]:m[3]]),
		TaskID: strings.Trim(text[m[4]:m[5]], taskIDTrimChars),
		Text:   text[m[0]:],
	}, true
}

// Command is one verification command (a `checks:` entry).
type Command struct {
	Check   string
	Command string
	// Environment is "" or "ALL" for every environment, else one name.
	Environment string
	ExitCode    int
}

// Pair is one (check, environment) of the execution matrix.
type Pair struct {
	Check, Environment string
	Command            string
	RequiredExitCode   int
}

// Key names a pair.
type Key struct{ Check, Environment string }

// Key names p.
func (p Pair) Key() Key { return Key{p.Check, p.Environment} }

// Matrix is the spec's build_execution_matrix: every command in every
// environment when its environment is empty or ALL, else in the one it
// names, in command order then environment order.
func Matrix(cmds []Command, envs []string) []Pair {
	var out []Pair
	for _, c := range cmds {
		names := envs
		if c.Environment != "" && c.Environment != "ALL" {
			names = []string{c.Environment}
		}
		for _, e := range names {
			out = append(out, Pair{Check: c.Check, Environment: e, Command: c.Command, RequiredExitCode: c.ExitCode})
		}
	}
	return out
}

// SortCommands orders commands by check name: a `checks:` map has no order
// of its own, and which missing pair an error names must not change from
// one run to the next.
func SortCommands(cmds []Command) {
	sort.SliceStable(cmds, func(i, j int) bool { return cmds[i].Check < cmds[j].Check })
}

// Claim is one claimed row.
type Claim struct {
	// ExitCode is the claimed exit code as the spec reads it (int() of the
	// digits: leading zeros dropped); ExitCodeOK is false when it does not
	// fit an int32, which no real exit code does.
	ExitCode   int
	ExitCodeOK bool
	// ExitText is the claimed exit code as the spec prints it.
	ExitText string
	// Result is PASS or FAIL.
	Result string
}

// Validation is the spec's validation result.
type Validation struct {
	Valid bool
	// Error is the spec's error text; Action is REJECT_SIGNAL when invalid.
	Error  string
	Action string
	// Claims are the parsed rows by pair (the spec's parsed_matrix; a
	// pair claimed twice keeps its last row, as the spec's dict does).
	// Set once the rows were read (step 2), even when a later step fails.
	Claims map[Key]Claim
	// Environments is the "Environments Tested:" (or "Environments
	// Verified:") list as written.
	Environments []string
}

// Validate checks s against the expected pairs, as the spec's
// validate_ready_for_review_signal does (for AUDIT_PASSED with its
// Environments Verified / CONFIRMED lines).
func Validate(s Signal, expected []Pair) Validation {
	return ValidateText(s.Kind, s.Text, expected)
}

// ValidateText validates text as a signal of kind.
func ValidateText(kind Kind, text string, expected []Pair) Validation {
	reject := func(v Validation, msg string) Validation {
		v.Valid, v.Error, v.Action = false, msg, ActionReject
		return v
	}
	var v Validation
	// 1. The matrix header.
	if !headerRe().MatchString(text) {
		return reject(v, "Missing Environment Verification Matrix header")
	}
	// 2. The rows.
	rows := rowRe().FindAllStringSubmatch(text, -1)
	if len(rows) == 0 {
		return reject(v, "No verification results found in matrix")
	}
	v.Claims = make(map[Key]Claim, len(rows))
	for _, r := range rows {
		v.Claims[Key{r[1], r[2]}] = parseClaim(r[3], r[4])
	}
	// 3 and 4. Every expected pair, present and PASS.
	for _, e := range expected {
		c, ok := v.Claims[e.Key()]
		if !ok {
			return reject(v, fmt.Sprintf("Missing: %s in %s", e.Check, e.Environment))
		}
		if c.Result != "PASS" {
			return reject(v, fmt.Sprintf("Failed: %s in %s (exit %s)", e.Check, e.Environment, c.ExitText))
		}
	}
	// 5. The environments line.
	envRe, envLine, confirmRe, confirmLine := testedRe, `Environments Tested:`, verifiedRe, `All Required Environments: VERIFIED`
	if kind == AuditPassed {
		envRe, envLine, confirmRe, confirmLine = auditVerifiedRe, `Environments Verified:`, auditConfirmedRe, `All Required Environments: CONFIRMED`
	}
	m := envRe().FindStringSubmatch(text)
	if m == nil {
		return reject(v, fmt.Sprintf("Missing %q line", envLine))
	}
	for _, e := range strings.Split(m[1], ",") {
		if e = strings.TrimSpace(e); e != "" {
			v.Environments = append(v.Environments, e)
		}
	}
	// 6. The confirmation.
	if !confirmRe().MatchString(text) {
		return reject(v, fmt.Sprintf("Missing %q confirmation", confirmLine))
	}
	v.Valid = true
	return v
}

// parseClaim reads a row's exit code the way Python's int() does for ASCII
// digits.
func parseClaim(digits, result string) Claim {
	t := strings.TrimLeft(digits, "0")
	if t == "" {
		t = "0"
	}
	c := Claim{ExitText: t, Result: result}
	if len(t) <= maxExitCodeDigits {
		n, err := strconv.Atoi(t)
		c.ExitCode, c.ExitCodeOK = n, err == nil
	}
	return c
}
