package verify

import (
	"fmt"
	"strings"
)

// deterministicEnv is what every runner sets for every command, whatever
// the service's or the image's environment, so that two runs of a check —
// two reviewers, today's run and last week's, the laptop and the cluster —
// print the same bytes when the code behaves the same:
//
//   - TZ=UTC: `date`, log timestamps and time-zone-aware code read one zone
//     on every host;
//   - LC_ALL=C.UTF-8: sort order, number formats and messages ignore the
//     host's locale (LC_ALL beats LANG and every LC_*), while UTF-8 stays;
//   - PYTHONHASHSEED=0: Python hashes str and bytes with a per-process
//     random seed, so set order, and anything printed from it, differs
//     between two runs of the same test without it;
//   - NO_COLOR=1: tools that follow no-color.org write no escape codes.
//
// HOME is fixed by each runner (a container's is /tmp; the local runner's
// is the service's unless ENGINEO_RUNNER_ENV sets one).
var deterministicEnv = [...]string{"TZ=UTC", "LC_ALL=C.UTF-8", "PYTHONHASHSEED=0", "NO_COLOR=1"}

// DeterministicEnv returns the variables every runner gives every command,
// as NAME=VALUE (see deterministicEnv for why each is there). Only the
// operator's ENGINEO_RUNNER_ENV may change them (CommandEnv); a
// passed-through variable of the same name never does.
func DeterministicEnv() []string { return append([]string(nil), deterministicEnv[:]...) }

// CommandEnv is how every runner finishes a command's environment: env is
// the runner's own variables and what it passes through, in the runner's
// order; the determinism defaults then replace any variable of their names
// (so a passed-through TZ cannot undo them), and set, the NAME=VALUE pairs
// of ENGINEO_RUNNER_ENV, replaces or adds last, a later pair beating an
// earlier one. A replaced variable keeps its place and new ones are
// appended, so the result is the same for the same inputs (it is part of
// the result cache's key). env is not modified.
func CommandEnv(env, set []string) ([]string, error) {
	if err := CheckEnvPairs(set); err != nil {
		return nil, err
	}
	out := append([]string(nil), env...)
	for _, kv := range append(DeterministicEnv(), set...) {
		name, _, _ := strings.Cut(kv, "=")
		i := envIndex(out, name)
		if i < 0 {
			out = append(out, kv)
			continue
		}
		out[i] = kv
		// Drop later duplicates of the name, so a variable a runner or a
		// caller listed twice cannot come back with its first value.
		for j := len(out) - 1; j > i; j-- {
			if n, _, _ := strings.Cut(out[j], "="); n == name {
				out = append(out[:j], out[j+1:]...)
			}
		}
	}
	return out, nil
}

// CheckEnvPairs rejects an entry of ENGINEO_RUNNER_ENV that is not
// NAME=VALUE with a portable variable name ([A-Za-z_][A-Za-z0-9_]*) and a
// value without NUL, naming the entry.
func CheckEnvPairs(pairs []string) error {
	for _, kv := range pairs {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || !envName(name) || strings.ContainsRune(value, 0) {
			return fmt.Errorf("runner environment: %q is not NAME=VALUE", kv)
		}
	}
	return nil
}

func envName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || i > 0 && '0' <= c && c <= '9' {
			continue
		}
		return false
	}
	return true
}

func envIndex(env []string, name string) int {
	for i, kv := range env {
		if n, _, _ := strings.Cut(kv, "="); n == name {
			return i
		}
	}
	return -1
}
