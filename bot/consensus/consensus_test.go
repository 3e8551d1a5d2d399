package consensus

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDecide(t *testing.T) {
	t.Parallel()
	pass := func(id int, d string) Result { return Result{Reviewer: id, Passed: true, Digest: d} }
	fail := func(id int) Result { return Result{Reviewer: id, Digest: "f"} }
	down := func(id int) Result { return Result{Reviewer: id, Error: "engine unreachable"} }
	tests := map[string]struct {
		in     []Result
		status Status
		reason Reason
	}{
		"one reviewer passes":      {[]Result{pass(1, "a")}, Verified, ""},
		"one reviewer fails":       {[]Result{fail(1)}, Failed, ""},
		"all fail":                 {[]Result{fail(1), fail(2)}, Failed, ""},
		"one fails, one down":      {[]Result{fail(1), down(2)}, Failed, ""},
		"one of three passes":      {[]Result{pass(1, "a"), fail(2), fail(3)}, Escalated, NoMajority},
		"two agree":                {[]Result{pass(1, "a"), pass(2, "a")}, Verified, ""},
		"one passes, one fails":    {[]Result{pass(1, "a"), fail(2)}, Escalated, NoMajority},
		"two pass, digests differ": {[]Result{pass(1, "a"), pass(2, "b")}, Escalated, DigestMismatch},
		// A majority is not enough: a flaky pass is never verified.
		"two of three agree, one fails": {[]Result{pass(1, "a"), pass(2, "a"), fail(3)}, Escalated, NoMajority},
		"two of three pass, differing":  {[]Result{pass(1, "a"), pass(2, "b"), fail(3)}, Escalated, NoMajority},
		"reviewer down":                 {[]Result{pass(1, "a"), down(2)}, Escalated, ReviewerError},
		"one of three down":             {[]Result{pass(1, "a"), pass(2, "a"), down(3)}, Escalated, ReviewerError},
		"all down":                      {[]Result{down(1), down(2)}, Escalated, ReviewerError},
		"none":                          {nil, Escalated, ReviewerError},
	}
	for name, tc := range tests {
		v := Decide(tc.in)
		assert.Equal(t, tc.status, v.Status, name)
		assert.Equal(t, tc.reason, v.Reason, name)
		if v.Status == Verified {
			assert.Equal(t, "a", v.Digest, name)
		} else {
			assert.Empty(t, v.Digest, name)
		}
		assert.NotEmpty(t, v.Summary, name)
	}
}

func TestFlakyTestsAreNamed(t *testing.T) {
	t.Parallel()
	a := Result{Reviewer: 1, Passed: true, Digest: "x", Tests: map[string]string{"TestA": "pass", "TestFlaky": "pass", "TestOnlyHere": "pass"}}
	b := Result{Reviewer: 2, Digest: "y", Tests: map[string]string{"TestA": "pass", "TestFlaky": "fail"}}
	v := Decide([]Result{a, b})
	assert.Equal(t, Escalated, v.Status)
	assert.Equal(t, FlakyTests, v.Reason)
	assert.Equal(t, []string{"TestFlaky"}, v.Flaky, "a test one reviewer did not report is not flaky")
	assert.Contains(t, v.Summary, "flaky: TestFlaky")
}

func TestDigest(t *testing.T) {
	t.Parallel()
	base := Canonical{ExitCode: 1, FailureType: "TEST_FAILURE", Tests: map[string]string{"TestA": "pass", "TestB": "fail"}}
	same := Canonical{ExitCode: 1, FailureType: "TEST_FAILURE", Tests: map[string]string{"TestB": "fail", "TestA": "pass"}, Output: "--- FAIL: TestB (0.07s)"}
	assert.Equal(t, Digest(base), Digest(same), "per-test outcomes decide; map order and output do not")
	other := base
	other.Tests = map[string]string{"TestA": "fail", "TestB": "fail"}
	assert.NotEqual(t, Digest(base), Digest(other))
	out1 := Canonical{ExitCode: 0, Output: "ok"}
	out2 := Canonical{ExitCode: 0, Output: "ok!"}
	assert.NotEqual(t, Digest(out1), Digest(out2), "without tests the output decides")
	// pylint over a tree, as two reviewers' copies listed its modules
	// (up12-tomli-pylint-fail-under-pass): the same findings, another
	// order.
	mod1 := "************* Module tomli._re\nsrc/tomli/_re.py:1:0: C0114: Missing module docstring (missing-module-docstring)\n"
	mod2 := "************* Module tomli._parser\nsrc/tomli/_parser.py:1:0: C0114: Missing module docstring (missing-module-docstring)\n"
	rated := "Your code has been rated at 8.97/10"
	assert.Equal(t, Digest(Canonical{Output: mod1 + mod2 + rated}), Digest(Canonical{Output: mod2 + mod1 + rated}), "the same lines in another order")
	assert.NotEqual(t, Digest(Canonical{Output: mod1 + mod1 + mod2}), Digest(Canonical{Output: mod1 + mod2 + mod2}), "lines counted, not only seen")
	assert.NotEqual(t, Digest(Canonical{Output: mod1 + rated}), Digest(Canonical{Output: mod1 + mod2 + rated}), "a finding more")
	assert.NotEqual(t, Digest(Canonical{ExitCode: 0}), Digest(Canonical{ExitCode: 2}))
	assert.Len(t, Digest(base), 64)
}

func TestFlakyFromAPassWithoutPerTestResults(t *testing.T) {
	t.Parallel()
	// pytest -q passing prints only counts; failing, it names the test.
	passed := Result{Reviewer: 1, Passed: true, Digest: "x"}
	failed := Result{Reviewer: 2, Digest: "y", Tests: map[string]string{"test_a.py::test_flaky": "fail"}}
	v := Decide([]Result{passed, failed})
	assert.Equal(t, FlakyTests, v.Reason)
	assert.Equal(t, []string{"test_a.py::test_flaky"}, v.Flaky)
	// Two failing reviewers without a passing one name nothing flaky.
	assert.Empty(t, Flaky([]Result{failed, {Reviewer: 3, Digest: "z"}}))
}
