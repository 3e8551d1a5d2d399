package gaterun_test

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/engineo/autoverify/bot/gates"
)

// This file compares a gates report with a case's label and adds the
// outcomes up into the figures issue 30 asks for. It reads the report
// through its JSON (`autoverify gates --json`), so buckets the gates grow
// (guards, rewritten, …) are read as soon as they exist.

// verdict is what a gates run said, as the scoring needs it.
type verdict struct {
	// Gates are the classifications by gate; a gate with several commands
	// keeps its worst.
	Gates map[string]string
	// Buckets are the report's test lists by JSON name (fail_to_pass,
	// pass_to_pass, vanity, broken, tampered, and any the report grows).
	Buckets map[string][]string
	// Why says, for each gate that did not accept, its reason (or the
	// first line of its output when it gives none).
	Why map[string]string
}

func verdictOf(rep gates.Report) (verdict, error) {
	raw, err := json.Marshal(rep)
	if err != nil {
		return verdict{}, err
	}
	var doc struct {
		Gates []struct {
			Gate           string `json:"gate"`
			Classification string `json:"classification"`
		} `json:"gates"`
		Tests map[string]json.RawMessage `json:"tests"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return verdict{}, err
	}
	v := verdict{Gates: map[string]string{}, Buckets: map[string][]string{}, Why: map[string]string{}}
	for _, g := range doc.Gates {
		if prev, ok := v.Gates[g.Gate]; !ok || prev == string(gates.Accept) {
			v.Gates[g.Gate] = g.Classification
		}
	}
	for _, e := range rep.Gates {
		if e.Classification == gates.Accept || v.Why[string(e.Gate)] != "" {
			continue
		}
		why := e.Reason
		if why == "" || e.Gate == gates.Implement {
			why, _, _ = strings.Cut(strings.TrimSpace(e.Snippet), "\n")
		}
		if len(why) > 200 {
			why = why[:200] + "…"
		}
		v.Why[string(e.Gate)] = why
	}
	for k, msg := range doc.Tests {
		var names []string
		if json.Unmarshal(msg, &names) == nil { // a bucket is a list of names; other shapes are not buckets
			v.Buckets[k] = names
		}
	}
	return v, nil
}

// accepted: every gate accepted. core: RED, GREEN and REFACTOR did
// (IMPLEMENT's static checks aside).
func (v verdict) accepted() bool {
	for _, c := range v.Gates {
		if c != string(gates.Accept) {
			return false
		}
	}
	return len(v.Gates) > 0
}

func (v verdict) core() bool {
	for _, g := range []gates.Gate{gates.Red, gates.Green, gates.Refactor} {
		if v.Gates[string(g)] != string(gates.Accept) {
			return false
		}
	}
	return true
}

// rejections lists the gates that did not accept, "VERIFY_RED reject_vanity".
func (v verdict) rejections() []string {
	var out []string
	for g, c := range v.Gates {
		if c != string(gates.Accept) {
			out = append(out, g+" "+c)
		}
	}
	sort.Strings(out)
	return out
}

// twice lists the tests that stand in more than one bucket, "T (a, b)".
func (v verdict) twice() []string {
	where := map[string][]string{}
	for b, names := range v.Buckets {
		for _, n := range names {
			if !slices.Contains(where[n], b) {
				where[n] = append(where[n], b)
			}
		}
	}
	var out []string
	for n, bs := range where {
		if len(bs) > 1 {
			sort.Strings(bs)
			out = append(out, n+" ("+strings.Join(bs, ", ")+")")
		}
	}
	sort.Strings(out)
	return out
}

// repeated lists the tests named more than once in one bucket (the same
// function name in several packages), "T ×3 in vanity".
func (v verdict) repeated() []string {
	var out []string
	for b, names := range v.Buckets {
		count := map[string]int{}
		for _, n := range names {
			count[n]++
		}
		for n, c := range count {
			if c > 1 {
				out = append(out, fmt.Sprintf("%s ×%d in %s", n, c, b))
			}
		}
	}
	sort.Strings(out)
	return out
}

// labelBucket is the report bucket a label's flagged tests belong in, and
// the gate that must reject with which classification ("" any rejection).
var labelExpect = map[string]struct {
	bucket, gate, class string
}{
	labelVanity:    {"vanity", string(gates.Red), string(gates.RejectVanity)},
	labelNoTest:    {"", string(gates.Red), string(gates.RejectFailure)},
	labelRewritten: {"rewritten", string(gates.Refactor), ""},
	labelTampered:  {"tampered", string(gates.Refactor), string(gates.RejectFailure)},
	labelBroken:    {"broken", string(gates.Refactor), string(gates.RejectFailure)},
}

// outcome is one case's result.
type outcome struct {
	Case    rhCase
	Verdict verdict
	// Err is a gates run that could not run (not a verdict).
	Err error
	// Problems say where the report differs from the label; none means
	// judged as a reviewer would.
	Problems []string
}

func (o outcome) right() bool { return o.Err == nil && len(o.Problems) == 0 }

// judge compares v with c's label.
func judge(c rhCase, v verdict) []string {
	var p []string
	missing := func(names []string, bucket string) {
		for _, n := range names {
			if !holds(v.Buckets[bucket], n) {
				p = append(p, fmt.Sprintf("%s not in %s", n, bucket))
			}
		}
	}
	missing(c.FailToPass, "fail_to_pass")
	if c.Label == labelFix {
		if !v.accepted() {
			p = append(p, "rejected: "+strings.Join(v.rejections(), ", "))
		}
	} else {
		want := labelExpect[c.Label]
		switch got := v.Gates[want.gate]; {
		case v.accepted():
			p = append(p, "accepted")
		case got == string(gates.Accept) || (want.class != "" && got != want.class):
			p = append(p, fmt.Sprintf("%s %s, want %s (rejected by %s)", want.gate, orNone(got), orAny(want.class), strings.Join(v.rejections(), ", ")))
		}
		if want.bucket != "" {
			missing(c.Flagged, want.bucket)
		}
		if c.Label == labelNoTest && len(v.Buckets["fail_to_pass"]) > 0 {
			p = append(p, "fail_to_pass not empty: "+strings.Join(v.Buckets["fail_to_pass"], ", "))
		}
	}
	// A guard is no vanity, and a rewritten or weakened test proves nothing.
	for _, g := range c.Guards {
		for _, b := range []string{"vanity", "broken", "tampered", "rewritten"} {
			if holds(v.Buckets[b], g) {
				p = append(p, fmt.Sprintf("guard %s in %s", g, b))
			}
		}
	}
	if c.Label == labelRewritten || c.Label == labelTampered {
		for _, n := range c.Flagged {
			if holds(v.Buckets["fail_to_pass"], n) {
				p = append(p, fmt.Sprintf("%s (%s) in fail_to_pass", n, c.Label))
			}
		}
	}
	for _, t := range v.twice() {
		p = append(p, "in two buckets: "+t)
	}
	for _, t := range v.repeated() {
		p = append(p, "listed more than once: "+t)
	}
	return p
}

// holds reports whether a bucket holds a labelled test. A Go label names a
// function (TestLRU); the gates name one that several packages share by
// its package too (simplelru::TestLRU), and the label means every one of
// them the bucket holds: any of them is enough here.
func holds(bucket []string, label string) bool {
	if slices.Contains(bucket, label) {
		return true
	}
	if strings.Contains(label, "::") {
		return false
	}
	for _, n := range bucket {
		if strings.HasSuffix(n, "::"+label) {
			return true
		}
	}
	return false
}

func orNone(s string) string {
	if s == "" {
		return "(no gate)"
	}
	return s
}

func orAny(s string) string {
	if s == "" {
		return "a rejection"
	}
	return s
}

// figures are one split's numbers.
type figures struct {
	Cases, Errors int
	// Fixes: real fixes; FixesAccepted accepted with every fail_to_pass
	// test of the label in fail_to_pass; FixesCore the same with RED,
	// GREEN and REFACTOR only (IMPLEMENT aside).
	Fixes, FixesAccepted, FixesCore int
	// BadHeads: built by a recipe; Caught rejected; CaughtRight rejected
	// by the label's gate with its tests in the label's bucket.
	BadHeads, Caught, CaughtRight int
	// Others: real vanity, rewritten and notest commits.
	Others, OthersRejected, OthersRight int
	// TwoBuckets: cases with a test in two buckets.
	TwoBuckets int
	Right      int
}

func (f *figures) add(o outcome) {
	f.Cases++
	v, c := o.Verdict, o.Case
	ran := o.Err == nil
	if !ran {
		f.Errors++
	}
	if o.right() {
		f.Right++
	}
	if ran && len(v.twice()) > 0 {
		f.TwoBuckets++
	}
	ftp := true
	for _, n := range c.FailToPass {
		ftp = ftp && holds(v.Buckets["fail_to_pass"], n)
	}
	switch {
	case c.badHead():
		f.BadHeads++
		if ran && !v.accepted() {
			f.Caught++
			if o.right() {
				f.CaughtRight++
			}
		}
	case c.Label == labelFix:
		f.Fixes++
		if ran && v.accepted() && ftp {
			f.FixesAccepted++
		}
		if ran && v.core() && ftp {
			f.FixesCore++
		}
	default:
		f.Others++
		if ran && !v.accepted() {
			f.OthersRejected++
			if o.right() {
				f.OthersRight++
			}
		}
	}
}

func (f figures) write(w io.Writer, split string) {
	fmt.Fprintf(w, "%s: %d cases (%d could not run), judged as labelled: %d/%d\n", split, f.Cases, f.Errors, f.Right, f.Cases)
	fmt.Fprintf(w, "  real fixes accepted with their failing test in fail_to_pass: %d/%d (%s); RED+GREEN+REFACTOR only: %d/%d\n",
		f.FixesAccepted, f.Fixes, pct(f.FixesAccepted, f.Fixes), f.FixesCore, f.Fixes)
	fmt.Fprintf(w, "  bad heads caught: %d/%d (%s); by the right gate and bucket: %d/%d\n", f.Caught, f.BadHeads, pct(f.Caught, f.BadHeads), f.CaughtRight, f.BadHeads)
	fmt.Fprintf(w, "  real vanity/rewritten/notest rejected: %d/%d; for the right reason: %d/%d\n", f.OthersRejected, f.Others, f.OthersRight, f.Others)
	fmt.Fprintf(w, "  cases with a test in two buckets: %d\n", f.TwoBuckets)
}

func pct(n, d int) string {
	if d == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.0f %%", 100*float64(n)/float64(d))
}
