package gates

import (
	"fmt"
	"path"
	"strings"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

// VERIFY_IMPLEMENT judges the change, not the tree: a project whose base
// already has go vet or pyflakes findings would otherwise have every change
// rejected for them. The static checks run on both trees, and only the
// findings the head adds count. A finding is its file and message; its line
// is not part of it, since any edit above it moves it.

// Check is one run of the static checks.
type Check struct {
	// Ran: the checks ran (a Check of a tree that was not checked has
	// Ran false).
	Ran      bool
	ExitCode int
	TimedOut bool
	// Output is what they printed, with the tree's own directory removed
	// from paths.
	Output string
}

// finding is one line of a checker that names a place: go vet's, pyflakes'
// and ruff's `file:line[:col]: message`.
var finding = lazyregexp.New(`^(\S+?):(\d+)(?::\d+)?:? (.+)$`)

// positions are other places a message may cite (file:line:col).
var positions = lazyregexp.New(`:\d+(?::\d+)?\b`)

// Findings reads a static check's output into findings, each "file:
// message" without the line; lines that name no place (go vet's "# pkg"
// headers) are not findings. Output that names no place at all is read
// line by line, digits aside, so that a tool whose report has no places
// can still be compared.
func Findings(output string) []string {
	var out, loose []string
	for _, line := range strings.Split(output, "\n") {
		line = strings.TrimRight(line, "\r \t")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line = strings.TrimPrefix(line, "vet: ")
		if m := finding().FindStringSubmatch(line); m != nil {
			file := path.Clean(strings.TrimPrefix(m[1], "./"))
			out = append(out, file+": "+positions().ReplaceAllString(m[3], ""))
			continue
		}
		loose = append(loose, strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return '#'
			}
			return r
		}, line))
	}
	if len(out) == 0 {
		return loose
	}
	return out
}

// NewFindings are the findings of head that base does not have, counting
// repeats: a second identical finding in a file is new.
func NewFindings(base, head []string) []string {
	have := map[string]int{}
	for _, f := range base {
		have[f]++
	}
	var out []string
	for _, f := range head {
		if have[f] > 0 {
			have[f]--
			continue
		}
		out = append(out, f)
	}
	return out
}

// ClassifyImplement judges the IMPLEMENT gate: the static checks exit 0
// at head, or — when they also ran on the base — the head adds no finding
// the base did not have.
func ClassifyImplement(head, base Check) Result {
	r := Result{Gate: Implement}
	switch {
	case head.TimedOut:
		r.Classification, r.Reason = RejectFailure, "static checks timed out"
	case head.ExitCode == 0:
		r.Classification, r.Reason = Accept, "static checks pass"
	case !base.Ran || base.TimedOut:
		r.Classification, r.Reason = RejectFailure, fmt.Sprintf("static checks failed (exit %d)", head.ExitCode)
	default:
		had := Findings(base.Output)
		added := NewFindings(had, Findings(head.Output))
		if len(added) == 0 && base.ExitCode != 0 {
			r.Classification = Accept
			r.Reason = fmt.Sprintf("the change adds no static-check finding (exit %d: the base has the same %d)", head.ExitCode, len(had))
			return r
		}
		r.Classification, r.Tests = RejectFailure, added
		if len(added) == 0 {
			r.Reason = fmt.Sprintf("static checks failed (exit %d); they pass on the base", head.ExitCode)
			return r
		}
		shown := added
		if len(shown) > 3 {
			shown = shown[:3]
		}
		r.Reason = fmt.Sprintf("the change adds %d static-check findings (exit %d): %s", len(added), head.ExitCode, strings.Join(shown, "; "))
	}
	return r
}
