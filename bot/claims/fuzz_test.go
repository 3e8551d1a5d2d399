package claims

import (
	"strings"
	"testing"
)

// FuzzValidate holds the invariants of reading untrusted signal text: no
// panic; an error exactly when invalid; a valid signal claims every expected
// pair with PASS; Find is stable on its own result.
func FuzzValidate(f *testing.F) {
	f.Add(truthful)
	f.Add("AUDIT_PASSED: x\n| Check | Environment | Exit Code | Result |\n| lint | native | 0 | PASS |\nEnvironments Verified: native\nAll Required Environments: CONFIRMED")
	f.Add("READY_FOR_REVIEW:\n| Check | Environment | Exit Code | Result |\n| a | b | 0000 | FAIL |")
	f.Add("> **READY_FOR_REVIEW: [K-1]**\n\nAUDIT_PASSED:")
	expected := Matrix(cmds, envs)
	f.Fuzz(func(t *testing.T, text string) {
		s, ok := Find(text)
		if !ok {
			s = Signal{Kind: ReadyForReview, Text: text}
		} else {
			again, ok := Find(s.Text)
			if !ok || again != s {
				t.Fatalf("Find(Find(x).Text) = %+v, %v; want %+v", again, ok, s)
			}
			if !strings.HasSuffix(text, s.Text) {
				t.Fatalf("signal text %q is not the end of the input", s.Text)
			}
		}
		v := Validate(s, expected)
		if v.Valid != (v.Error == "") || v.Valid != (v.Action == "") {
			t.Fatalf("valid %v with error %q and action %q", v.Valid, v.Error, v.Action)
		}
		if !v.Valid {
			return
		}
		for _, e := range expected {
			if c, ok := v.Claims[e.Key()]; !ok || c.Result != Pass {
				t.Fatalf("valid signal without a PASS for %v: %+v", e.Key(), c)
			}
		}
	})
}
