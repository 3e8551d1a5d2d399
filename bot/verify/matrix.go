package verify

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/engineo/autoverify/bot/failure"
	"github.com/engineo/autoverify/bot/testresults"
	"github.com/engineo/autoverify/checklist"
)

// Environment is a named place checks run: a runner with its settings
// (the spec's `native`, `devcontainer`, `ci`).
type Environment struct {
	Name   string
	Runner Runner
}

// Pair is one (check, environment) result of a matrix run.
type Pair struct {
	Environment      string
	RequiredExitCode int
	Result           Result // output redacted
	Passed           bool
	FailureType      failure.Type // empty on a pass
	// Unavailable is set when the environment could not run the check
	// (engine down, image missing): INFRA_BLOCKED.
	Unavailable bool
	// Cached is set when the result came from the result cache.
	Cached *CacheHit
	// Tests are the tests the command ran in this environment.
	Tests testresults.Results
	// Reason says why a run that exited as required failed (no tests ran).
	Reason string
	// Review is the reviewers' verdict on this pair (nil when reviewing
	// is off or the result was cached).
	Review *Review
}

// DisagreementReason starts the reason of a check that passed in some
// environments and failed in others.
const DisagreementReason = "environment_disagreement"

// verifyMatrix runs every (check, environment) pair with bounded
// parallelism and folds each check's pairs into one outcome: it passes only
// when every required environment passed. Before folding it checks
// coverage: every expected pair must have a result; a missing one is an
// error, never a silent pass.
func (v *Verifier) verifyMatrix(ctx context.Context, auto []checklist.Item, ws *workspaces) ([]Outcome, error) {
	byName := map[string]Runner{}
	var names []string
	for _, e := range v.Environments {
		byName[e.Name] = e.Runner
		names = append(names, e.Name)
	}
	type job struct{ item, pair int }
	pairs := make([][]Pair, len(auto))
	var jobs []job
	perEnv := map[string]int{} // commands each environment's runner will start
	for i, it := range auto {
		envs := names
		if it.Environment != "" {
			envs = []string{it.Environment}
		}
		for _, env := range envs {
			pairs[i] = append(pairs[i], Pair{Environment: env, RequiredExitCode: it.ExitCode})
			jobs = append(jobs, job{i, len(pairs[i]) - 1})
			perEnv[env]++
		}
	}
	for env, n := range perEnv {
		expect(byName[env], n*ws.n)
	}
	done := make([][]bool, len(auto))
	for i := range done {
		done[i] = make([]bool, len(pairs[i]))
	}
	err := v.each(ctx, len(jobs), func(k int) {
		j := jobs[k]
		it, p := auto[j.item], &pairs[j.item][j.pair]
		r, ok := byName[p.Environment]
		if !ok {
			p.FailureType, p.Unavailable = failure.EnvError, true
			p.Result = Result{ExitCode: -1, Output: []byte(fmt.Sprintf(
				"autoverify: environment %q is not configured (configured: %s); fix ENV= in the AUTO tag or add it under environments: in .autoverify.yml\n",
				p.Environment, strings.Join(names, ", ")))}
		} else {
			o := v.runOn(ctx, r, it, ws)
			p.Result, p.Passed, p.FailureType = o.Result, o.Passed, o.FailureType
			p.Unavailable, p.Cached, p.Review = o.unavailable, o.Cached, o.Review
			p.Tests, p.Reason = o.Tests, o.Reason
		}
		done[j.item][j.pair] = true
	})
	if err != nil {
		return nil, err
	}
	for i := range done {
		for k, ok := range done[i] {
			if !ok {
				return nil, fmt.Errorf("coverage: check %s has no result in environment %s", auto[i].ID, pairs[i][k].Environment)
			}
		}
	}
	outcomes := make([]Outcome, len(auto))
	for i, it := range auto {
		outcomes[i] = fold(it, pairs[i])
	}
	return outcomes, nil
}

// fold turns a check's pairs into its outcome.
func fold(it checklist.Item, pairs []Pair) Outcome {
	o := Outcome{Item: it, Pairs: pairs, Passed: true}
	allCached := len(pairs) > 0
	for _, p := range pairs {
		allCached = allCached && p.Cached != nil
	}
	if allCached {
		o.Cached = pairs[0].Cached
	}
	var passed, failed, blocked []string
	var out strings.Builder
	for _, p := range pairs {
		status := "PASS"
		switch {
		case p.Unavailable:
			blocked = append(blocked, p.Environment)
			status = "INFRA_BLOCKED"
		case p.Passed:
			passed = append(passed, p.Environment)
		default:
			failed = append(failed, p.Environment)
			status = "FAIL " + string(p.FailureType)
		}
		if !p.Passed {
			if o.Passed {
				o.Result.ExitCode, o.FailureType, o.Tests = p.Result.ExitCode, p.FailureType, p.Tests
			}
			o.Passed = false
		} else if o.Passed && !o.Tests.Known() {
			o.Tests = p.Tests
		}
		o.Result.TimedOut = o.Result.TimedOut || p.Result.TimedOut
		o.Result.Duration = max(o.Result.Duration, p.Result.Duration)
		o.Result.OmittedBytes += p.Result.OmittedBytes
		fmt.Fprintf(&out, "=== environment %s: exit %d, required %d: %s ===\n", p.Environment, p.Result.ExitCode, p.RequiredExitCode, status)
		out.Write(p.Result.Output)
		if n := len(p.Result.Output); n > 0 && p.Result.Output[n-1] != '\n' {
			out.WriteByte('\n')
		}
	}
	sort.Strings(passed)
	sort.Strings(failed)
	switch {
	case len(blocked) > 0:
		o.FailureType = failure.EnvError
		o.Reason = fmt.Sprintf("INFRA_BLOCKED: environment %s unavailable", strings.Join(blocked, ", "))
	case len(passed) > 0 && len(failed) > 0:
		o.Reason = fmt.Sprintf("%s: passed in %s; failed in %s", DisagreementReason, strings.Join(passed, ", "), strings.Join(failed, ", "))
	}
	if o.Reason == "" {
		for _, p := range pairs {
			if !p.Passed && p.Reason != "" {
				o.Reason = p.Reason
				break
			}
		}
	}
	if o.Reason != "" {
		fmt.Fprintf(&out, "=== %s ===\n", o.Reason)
	}
	o.Result.Output = []byte(out.String())
	if o.Passed {
		o.Result.ExitCode = it.ExitCode
	}
	return o
}
