package claims

// The observed results a pair can have.
const (
	Pass         = "PASS"
	Fail         = "FAIL"
	InfraBlocked = "INFRA_BLOCKED"
	// Escalated: the independent reviewers disagreed (a flaky pass):
	// nothing was established either way.
	Escalated = "ESCALATED"
)

// Observation is what autoverify saw when it ran one pair itself.
type Observation struct {
	Check, Environment string
	ExitCode           int
	Passed             bool
	// Unavailable is set when the environment could not run the check
	// (INFRA_BLOCKED): nothing was observed.
	Unavailable bool
	// Escalated, when set, says why the independent reviewers of the
	// pair disagreed: the observation is neither a pass nor a failure.
	Escalated string
}

// Audit is one expected pair: what was claimed and what was observed.
type Audit struct {
	Check       string `json:"check"`
	Environment string `json:"environment"`
	// ClaimedExitCode is -1 when no row claimed the pair or its exit code
	// is not a number an exit code can be.
	ClaimedExitCode int    `json:"claimed_exit_code"`
	ClaimedResult   string `json:"claimed_result"`
	// ObservedExitCode is -1 and ObservedResult INFRA_BLOCKED (or "" when
	// nothing ran) when autoverify could not observe the pair.
	ObservedExitCode int    `json:"observed_exit_code"`
	ObservedResult   string `json:"observed_result"`
	// FalseClaim is set when the claimed result or exit code differs from
	// what autoverify observed.
	FalseClaim bool `json:"false_claim"`
	// Unverified is set when the pair could not be observed, or its
	// reviewers disagreed: the claim is neither confirmed nor refuted.
	Unverified bool `json:"unverified,omitempty"`
	// Escalated says why the pair's reviewers disagreed (ObservedResult
	// ESCALATED), when they did.
	Escalated string `json:"escalated,omitempty"`
}

// Compare holds every expected pair's claim against its observation. A
// claimed row is false when its result or its exit code differs from what
// was observed: a claimed PASS that failed, and equally a PASS whose exit
// code was not the one claimed ("assume exit codes" is an anti-pattern the
// spec names). A pair that could not run, or whose reviewers disagreed, is
// unverified, never false.
func Compare(claimed map[Key]Claim, expected []Pair, observed []Observation) []Audit {
	seen := make(map[Key]Observation, len(observed))
	for _, o := range observed {
		seen[Key{o.Check, o.Environment}] = o
	}
	out := make([]Audit, 0, len(expected))
	for _, e := range expected {
		a := Audit{Check: e.Check, Environment: e.Environment, ClaimedExitCode: -1, ObservedExitCode: -1}
		c, hasClaim := claimed[e.Key()]
		if hasClaim {
			a.ClaimedResult = c.Result
			if c.ExitCodeOK {
				a.ClaimedExitCode = c.ExitCode
			}
		}
		o, ok := seen[e.Key()]
		switch {
		case !ok:
			a.Unverified = true
		case o.Unavailable:
			a.ObservedResult, a.Unverified = InfraBlocked, true
		case o.Escalated != "":
			// A flaky pass proves nothing either way: not a false claim.
			a.ObservedExitCode, a.ObservedResult, a.Unverified, a.Escalated = o.ExitCode, Escalated, true, o.Escalated
		default:
			a.ObservedExitCode, a.ObservedResult = o.ExitCode, Fail
			if o.Passed {
				a.ObservedResult = Pass
			}
			a.FalseClaim = hasClaim && (c.Result != a.ObservedResult || !c.ExitCodeOK || c.ExitCode != o.ExitCode)
		}
		out = append(out, a)
	}
	return out
}

// Count returns how many audits are false claims and how many unverified.
func Count(audits []Audit) (falseClaims, unverified int) {
	for _, a := range audits {
		if a.FalseClaim {
			falseClaims++
		}
		if a.Unverified {
			unverified++
		}
	}
	return
}
