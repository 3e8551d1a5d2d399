package attest

import "github.com/engineo/autoverify/bot/report"

// Outcome is what `autoverify attest verify --json` prints: whether the
// bundle verified, the reason when it did not (Verify's *Error), and what
// held.
type Outcome struct {
	Verified bool   `json:"verified"`
	Reason   string `json:"reason,omitempty"`
	Verification
}

// OutcomeOf is the Outcome of Verify's answer v, err.
func OutcomeOf(v Verification, err error) Outcome {
	o := Outcome{Verified: err == nil, Verification: v}
	if err != nil {
		o.Reason = err.Error()
	}
	return o
}

// View is v, a verified bundle read from file, as report.AttestVerified
// shows it.
func (v Verification) View(file string) report.Verified {
	out := report.Verified{File: file, Whole: v.Whole}
	for _, st := range v.Statements {
		out.Statements = append(out.Statements, report.VerifiedStatement{Result: st.Result, Check: st.Check, Verdict: st.PredicateType == VSAType})
	}
	return out
}
